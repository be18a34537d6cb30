"""Agents as TOML files (``policies/*.toml``; docs/agents.md).

A file has a ``name``, a ``description``, an ``agent`` kind (agents.kinds;
``scripted`` if absent) and what that kind needs:
- ``scripted`` and ``random``: a ``[weights]`` table with exactly the weights of
  ``policies.WEIGHTS`` (the random agent reads none of them: it is uniform over
  every decision's options);
- ``search``: a ``[budget]`` table -- ``rollouts`` per option, ``searched``
  (the decision kinds it searches, decisions.DECISIONS), ``horizon`` (turns
  past the decision's own; 0 = to the end of the game), ``rollout_agent``
  (a scripted or random agent file, which also plays its other decisions) and,
  optionally, ``margin`` (how much better than the rollout agent's own choice
  an option must score).
A designer adds a style by writing a new file; no code changes.
"""
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..kinds import A_KIND, KINDS, N_AGENT, SEARCH
from ..budget import FIELDS, check_budget, known_table, read_policy, search_row
from ...errors import InputError
from ...rules.innomine.decisions import DECISIONS
from .policies import WEIGHTS, weights_vector

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies"
BUDGET = {"rollouts": FIELDS["rollouts"],
          "searched": f"the decision kinds it searches, a non-empty list of: {', '.join(DECISIONS)}",
          "horizon": FIELDS["horizon"],
          "rollout_agent": "the scripted or random agent (a name or a .toml path) that plays the rollouts "
                           "and the decisions it does not search",
          "margin": FIELDS["margin"]}


@dataclass(frozen=True)
class Agent:
    """A seat's agent: its kernel row (agents.kinds) and the weights that its
    scripted choices read (a search agent's are its rollout agent's)."""
    name: str
    row: np.ndarray
    weights: np.ndarray
    budget: dict

    @property
    def kind(self) -> str:
        return next(k for k, v in KINDS.items() if v == self.row[A_KIND])

    def describe(self) -> dict:
        return {"name": self.name, "agent": self.kind, **({"budget": self.budget} if self.budget else {})}


def policy_path(name_or_path: str) -> Path:
    """An agent given by name (``influencer``) or by path to a TOML file."""
    p = Path(name_or_path)
    if p.suffix == ".toml":
        return p
    return POLICY_DIR / f"{name_or_path}.toml"


def available() -> list[str]:
    return sorted(p.stem for p in POLICY_DIR.glob("*.toml"))


def load_policy(name_or_path: str) -> np.ndarray:
    """The weight vector a seat's scripted choices read (see ``load_agent``)."""
    return load_agent(name_or_path).weights


def load_agent(name_or_path: str) -> Agent:
    """An agent file; InputError naming file and field if bad."""
    path = policy_path(name_or_path)
    raw = read_policy(path, f"{', '.join(available())} or a path to a .toml file")
    kind = raw.get("agent", "scripted")
    if kind not in KINDS:
        raise InputError(f"{path}: agent: {kind!r} is not an agent kind; allowed: {', '.join(KINDS)}")
    row = np.zeros(N_AGENT, dtype=np.int64)
    row[A_KIND] = KINDS[kind]
    if KINDS[kind] != SEARCH:
        if "budget" in raw:
            raise InputError(f"{path}: [budget]: only a search agent has a budget; allowed: agent = \"search\" "
                             f"with a [budget], or no [budget]")
        return Agent(str(path.stem), row, _weights(path, raw), {})
    if "weights" in raw:
        raise InputError(f"{path}: [weights]: a search agent has no weights of its own (its rollout_agent's "
                         f"are used); allowed: [budget] only")
    budget = check_budget(path, raw, BUDGET, DECISIONS)
    rollout = load_agent(budget["rollout_agent"])
    if rollout.row[A_KIND] == SEARCH:
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r} searches itself; "
                         f"allowed: a scripted or random agent")
    return Agent(str(path.stem), search_row(budget, rollout.row[A_KIND], DECISIONS), rollout.weights, budget)


def _weights(path: Path, raw: dict) -> np.ndarray:
    weights = known_table(path, raw, "weights", WEIGHTS)
    for key in WEIGHTS:
        v = weights.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise InputError(f"{path}: weights.{key}: must be a finite number ({WEIGHTS[key]})")
    return weights_vector(weights)
