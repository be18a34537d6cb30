"""A search agent's policy file (docs/agents.md), for any game: the file read,
and its ``[budget]`` checked field by field, each error one line naming the
file and the field.  A game gives the fields it takes (``rollouts``,
``searched``, ``rollout_agent``, ``margin``; In Nomine's also ``horizon``) with
what each allows, and its decision kinds (agents.points)."""
from pathlib import Path

import numpy as np

from ..errors import FieldError, InputError
from ..fields import DeckError, read_toml
from .kinds import (A_HORIZON, A_KIND, A_MARGIN, A_ROLLOUT_KIND, A_ROLLOUTS, A_SEARCHED, N_AGENT, RANDOM, SCRIPTED,
                    SEARCH)
from .rollouts import MAX_ROLLOUTS

MAX_HORIZON = 1000
MARGIN = 0.0             # the margin of a budget that gives none
FIELDS = {"rollouts": f"rollouts per option, a whole number 1..{MAX_ROLLOUTS}",
          "horizon": f"turns a rollout plays past the decision's turn, a whole number 0..{MAX_HORIZON} "
                     "(0 = to the end of the game)",
          "margin": "optional: a share of a win, a number 0 <= margin < 1 (default 0), by which an option's mean "
                    "score must beat the rollout agent's own choice's to be taken instead"}


def read_policy(path: Path, allowed: str) -> dict:
    """The TOML table of the policy file at ``path`` (InputError naming it,
    and ``allowed``, if it cannot be read)."""
    if not path.is_file():
        raise InputError(f"{path}: no such agent; allowed: {allowed}")
    try:
        return read_toml(path)
    except DeckError as e:
        raise InputError(str(e)) from None


def known_table(path: Path, raw: dict, name: str, fields) -> dict:
    """The file's table ``name``, present and holding none but ``fields``."""
    table = raw.get(name)
    if not isinstance(table, dict):
        raise InputError(f"{path}: [{name}]: missing table; allowed: {', '.join(fields)}")
    for key in table:
        if key not in fields:
            raise InputError(f"{path}: {name}.{key}: unknown field; allowed: {', '.join(fields)}")
    return table


def check_budget(path: Path, raw: dict, fields: dict[str, str], decisions) -> dict:
    """The file's [budget], checked: exactly ``fields`` ({name: what it allows};
    ``margin`` optional), ``searched`` a non-empty list of ``decisions``."""
    budget = known_table(path, raw, "budget", fields)
    for key in fields:
        if key not in budget and key != "margin":
            raise InputError(f"{path}: budget.{key}: missing; allowed: {fields[key]}")
    for key, low, top in (("rollouts", 1, MAX_ROLLOUTS), ("horizon", 0, MAX_HORIZON)):
        v = budget.get(key, low)
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= top:
            raise InputError(f"{path}: budget.{key}: {v!r}; allowed: {fields[key]}")
    kinds = budget["searched"]
    if not isinstance(kinds, list) or not kinds or any(k not in decisions for k in kinds):
        raise InputError(f"{path}: budget.searched: {kinds!r}; allowed: {fields['searched']}")
    if not isinstance(budget["rollout_agent"], str):
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r}; allowed: "
                         f"{fields['rollout_agent']}")
    margin = budget.get("margin", MARGIN)
    if isinstance(margin, bool) or not isinstance(margin, (int, float)) or not 0 <= margin < 1:
        raise InputError(f"{path}: budget.margin: {margin!r}; allowed: {fields['margin']}")
    return dict(budget)


def search_row(budget: dict, rollout_kind: int, decisions) -> np.ndarray:
    """The agent row (agents.kinds) of a search with a checked ``budget``, whose
    rollouts (and other decisions) the agent kind ``rollout_kind`` plays; the
    bit k of ``A_SEARCHED`` is the k-th of ``decisions``."""
    row = np.zeros(N_AGENT, dtype=np.int64)
    row[A_KIND] = SEARCH
    row[A_ROLLOUT_KIND] = rollout_kind
    row[A_ROLLOUTS] = budget["rollouts"]
    row[A_HORIZON] = budget.get("horizon", 0)
    row[A_SEARCHED] = sum(1 << list(decisions).index(k) for k in set(budget["searched"]))
    row[A_MARGIN] = round(1000 * budget.get("margin", MARGIN))
    return row


PLAIN = {"scripted": SCRIPTED, "random": RANDOM}     # the agents named, not filed


def plain_budget(decisions) -> dict[str, str]:
    """The [budget] fields of a search over ``decisions`` whose rollouts a plain agent plays."""
    return {"rollouts": FIELDS["rollouts"],
            "searched": f"the decision kinds it searches, a non-empty list of: {', '.join(decisions)}",
            "rollout_agent": f"the agent that plays the rollouts and the decisions it does not search: "
                             f"{' or '.join(PLAIN)}",
            "margin": FIELDS["margin"]}


def plain_or_search(game: str, decisions, title: str):
    """The agent loader of a game (``policies/<game>/``, its decision kinds,
    its title) whose agents are ``scripted``, ``random`` or a search over a
    plain rollout agent: ``load(policy)`` -> its agent row."""
    policy_dir = Path(__file__).resolve().parents[2] / "policies" / game
    return lambda policy: load_plain_or_search(policy, policy_dir, decisions, title)


def load_plain_or_search(policy: str, policy_dir: Path, decisions, title: str) -> np.ndarray:
    """The agent row (agents.kinds) of ``scripted``, ``random``, or a search
    agent's file given by name (in ``policy_dir``) or path, for a game
    (``title``) whose search takes ``plain_budget``; bad input is one line
    naming the field or the file."""
    if policy in PLAIN:
        row = np.zeros(N_AGENT, dtype=np.int64)
        row[A_KIND] = PLAIN[policy]
        return row
    named = [*PLAIN, *sorted(p.stem for p in policy_dir.glob("*.toml"))]
    path = Path(policy) if policy.endswith(".toml") else policy_dir / f"{policy}.toml"
    if not path.is_file():
        raise FieldError("policies", f"{policy!r}: not a {title} agent; allowed: {', '.join(named)}, "
                                     f"or a search agent's .toml file")
    raw = read_policy(path, ", ".join(named))
    if raw.get("agent") != "search":
        raise InputError(f"{path}: agent: {raw.get('agent')!r}; allowed: \"search\" (scripted and random are "
                         f"named, not filed)")
    fields = plain_budget(decisions)
    budget = check_budget(path, raw, fields, decisions)
    if budget["rollout_agent"] not in PLAIN:
        raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r}; allowed: "
                         f"{fields['rollout_agent']}")
    return search_row(budget, PLAIN[budget["rollout_agent"]], decisions)
