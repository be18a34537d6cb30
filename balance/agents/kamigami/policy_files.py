"""Kamigami's agents by name or file (docs/kamigami.md, "Agents"): ``scripted``
and ``random`` have no settings; a search agent is a TOML file
(``policies/kamigami/<name>.toml`` or a path) with ``agent = "search"`` and a
``[budget]`` (agents/budget.py): ``rollouts`` per option, the decision kinds
it ``searched`` (rules/kamigami/decisions.py), its ``rollout_agent`` (scripted
or random, which plays every seat of a rollout to the end of the game and its
own other decisions) and an optional ``margin``.  ``search`` is the shipped
file ``policies/kamigami/search.toml``."""
from pathlib import Path

import numpy as np

from ...errors import FieldError, InputError
from ...rules.kamigami.decisions import DECISIONS
from ..budget import FIELDS, check_budget, read_policy, search_row
from ..kinds import A_KIND, N_AGENT, RANDOM, SCRIPTED

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies" / "kamigami"
PLAIN = {"scripted": SCRIPTED, "random": RANDOM}
BUDGET = {"rollouts": FIELDS["rollouts"],
          "searched": f"the decision kinds it searches, a non-empty list of: {', '.join(DECISIONS)}",
          "rollout_agent": f"the agent that plays the rollouts and the decisions it does not search: "
                           f"{' or '.join(PLAIN)}",
          "margin": FIELDS["margin"]}


def available() -> list[str]:
    return [*PLAIN, *sorted(p.stem for p in POLICY_DIR.glob("*.toml"))]


def load_agent(policy: str) -> np.ndarray:
    """The agent row (agents.kinds) of ``scripted``, ``random``, or a search
    agent's file given by name (``search``) or path; bad input is one line
    naming the field or the file."""
    if policy in PLAIN:
        row = np.zeros(N_AGENT, dtype=np.int64)
        row[A_KIND] = PLAIN[policy]
        return row
    path = Path(policy) if policy.endswith(".toml") else POLICY_DIR / f"{policy}.toml"
    if not path.is_file():
        raise FieldError("policies", f"{policy!r}: not a Kamigami agent; allowed: {', '.join(available())}, "
                                     f"or a search agent's .toml file")
    raw = read_policy(path, ", ".join(available()))
    if raw.get("agent") != "search":
        raise InputError(f"{path}: agent: {raw.get('agent')!r}; allowed: \"search\" (scripted and random are "
                         f"named, not filed)")
    budget = check_budget(path, raw, BUDGET, DECISIONS)
    if budget["rollout_agent"] not in PLAIN:
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r}; allowed: "
                         f"{BUDGET['rollout_agent']}")
    return search_row(budget, PLAIN[budget["rollout_agent"]], DECISIONS)
