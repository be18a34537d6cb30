"""Kamigami's agents by name or file (docs/kamigami.md, "Agents"): ``scripted``
and ``random`` have no settings; a search agent is a TOML file
(``policies/kamigami/<name>.toml`` or a path) with ``agent = "search"`` and a
``[budget]`` (agents/budget.py): ``rollouts`` per option, the decision kinds
it ``searched`` (rules/kamigami/decisions.py), its ``rollout_agent`` (scripted
or random, which plays every seat of a rollout to the end of the game and its
own other decisions) and an optional ``margin``.  ``search`` is the shipped
file ``policies/kamigami/search.toml``."""
from ...rules.kamigami.decisions import DECISIONS
from ..budget import plain_or_search

load_agent = plain_or_search("kamigami", DECISIONS, "Kamigami")
