"""Solium Infernum's agents by name or file (docs/solium.md, "Agents"): ``scripted``
and ``random`` have no settings; a search agent is a TOML file
(``policies/solium/<name>.toml`` or a path) with ``agent = "search"`` and a
``[budget]`` (agents/budget.py): ``rollouts`` per option, the decision kinds
it ``searched`` (rules/solium/decisions.py), its ``rollout_agent`` (scripted
or random, which plays every seat of a rollout to the end of the game and its
own other decisions) and an optional ``margin``.  ``search`` is the shipped
file ``policies/solium/search.toml``."""
from pathlib import Path

import numpy as np

from ...rules.solium.decisions import DECISIONS
from ..budget import load_plain_or_search

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies" / "solium"


def load_agent(policy: str) -> np.ndarray:
    """The agent row (agents.kinds) of ``policy`` (budget.load_plain_or_search)."""
    return load_plain_or_search(policy, POLICY_DIR, DECISIONS, "Solium Infernum")
