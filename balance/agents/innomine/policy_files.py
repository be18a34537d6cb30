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
import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..kinds import A_HORIZON, A_KIND, A_MARGIN, A_ROLLOUT_KIND, A_ROLLOUTS, A_SEARCHED, KINDS, N_AGENT, SEARCH
from ..rollouts import MAX_ROLLOUTS
from ...errors import InputError
from ...rules.innomine.decisions import DECISIONS
from .policies import WEIGHTS, weights_vector

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies"
MAX_HORIZON = 1000
BUDGET = {"rollouts": f"rollouts per option, a whole number 1..{MAX_ROLLOUTS}",
          "searched": f"the decision kinds it searches, a non-empty list of: {', '.join(DECISIONS)}",
          "horizon": f"turns a rollout plays past the decision's turn, a whole number 0..{MAX_HORIZON} "
                     "(0 = to the end of the game)",
          "rollout_agent": "the scripted or random agent (a name or a .toml path) that plays the rollouts "
                           "and the decisions it does not search",
          "margin": "optional: a share of a win, a number 0 <= margin < 1 (default 0), by which an option's mean "
                    "score must beat the rollout agent's own choice's to be taken instead"}
OPTIONAL = {"margin": 0.0}


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
    raw = _read(path)
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
    budget = _budget(path, raw)
    rollout = load_agent(budget["rollout_agent"])
    if rollout.row[A_KIND] == SEARCH:
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r} searches itself; "
                         f"allowed: a scripted or random agent")
    row[A_ROLLOUT_KIND] = rollout.row[A_KIND]
    row[A_ROLLOUTS] = budget["rollouts"]
    row[A_HORIZON] = budget["horizon"]
    row[A_SEARCHED] = sum(1 << list(DECISIONS).index(k) for k in set(budget["searched"]))
    row[A_MARGIN] = round(1000 * budget.get("margin", OPTIONAL["margin"]))
    return Agent(str(path.stem), row, rollout.weights, budget)


def _read(path: Path) -> dict:
    if not path.is_file():
        raise InputError(f"{path}: no such agent; allowed: {', '.join(available())} or a path to a .toml file")
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{path}: malformed TOML: {e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text; allowed: a UTF-8 TOML file") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read it ({e.strerror})") from None


def _weights(path: Path, raw: dict) -> np.ndarray:
    weights = raw.get("weights")
    if not isinstance(weights, dict):
        raise InputError(f"{path}: [weights]: missing table; allowed: {', '.join(WEIGHTS)}")
    for key in weights:
        if key not in WEIGHTS:
            raise InputError(f"{path}: weights.{key}: unknown weight; allowed: {', '.join(WEIGHTS)}")
    for key in WEIGHTS:
        v = weights.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise InputError(f"{path}: weights.{key}: must be a finite number ({WEIGHTS[key]})")
    return weights_vector(weights)


def _budget(path: Path, raw: dict) -> dict:
    """A search agent's [budget], checked field by field."""
    budget = raw.get("budget")
    if not isinstance(budget, dict):
        raise InputError(f"{path}: [budget]: missing table; allowed: {', '.join(BUDGET)}")
    for key in budget:
        if key not in BUDGET:
            raise InputError(f"{path}: budget.{key}: unknown field; allowed: {', '.join(BUDGET)}")
    for key in BUDGET:
        if key not in budget and key not in OPTIONAL:
            raise InputError(f"{path}: budget.{key}: missing; allowed: {BUDGET[key]}")
    for key, top in (("rollouts", MAX_ROLLOUTS), ("horizon", MAX_HORIZON)):
        v = budget[key]
        if isinstance(v, bool) or not isinstance(v, int) or not (key == "horizon" or v >= 1) or not 0 <= v <= top:
            raise InputError(f"{path}: budget.{key}: {v!r}; allowed: {BUDGET[key]}")
    kinds = budget["searched"]
    if not isinstance(kinds, list) or not kinds or any(k not in DECISIONS for k in kinds):
        raise InputError(f"{path}: budget.searched: {kinds!r}; allowed: {BUDGET['searched']}")
    if not isinstance(budget["rollout_agent"], str):
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r}; allowed: {BUDGET['rollout_agent']}")
    margin = budget.get("margin", OPTIONAL["margin"])
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin < 1:
        raise InputError(f"{path}: budget.margin: {margin!r}; allowed: {BUDGET['margin']}")
    return dict(budget)
