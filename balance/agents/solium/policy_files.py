"""Solium Infernum's agents by name or file (docs/solium.md, "Agents"), read as
every game's with a plain rollout agent are (agents/budget.plain_or_search):
``scripted``, ``random``, or a search file such as ``policies/solium/search.toml``."""
from ...rules.solium.decisions import DECISIONS
from ..budget import plain_or_search

load_agent = plain_or_search("solium", DECISIONS, "Solium Infernum")
