"""Agents: who chooses at the rules' decision points (DESIGN §10).

The rules offer every legal option of a choice into a fixed buffer in the state
(``points``) and ask the seat's agent for one; an agent is a kind from a closed
registry (``kinds``), dispatched by number in the kernel, with its settings as
data in the seat's row of ``State.agent``.  Game-specific choosers live in a
subpackage per ruleset (``innomine``).
"""
