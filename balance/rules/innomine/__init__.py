"""In Nomine's rules, a module per rule concept, named as the rulebook names it.

The rules ask the seats' agents at every decision point
(balance/agents/innomine/decide.py), whose scripted choosers read the rules, so
the two packages import each other; each imports ``decide`` first (see its end).
"""
from ...agents.innomine import decide  # noqa: F401
