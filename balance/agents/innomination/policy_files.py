"""Innomination's agents by name or file (docs/innomination.md, "Agents"):
``random``; a scripted style, ``policies/innomination/<style>.toml`` (or a
path) with ``agent = "scripted"`` and ``[weights]`` (scripted.WEIGHTS), of
which ``scripted`` is the shipped default; or a search,  ``agent = "search"``
with a ``[budget]`` (agents/budget.py: ``rollouts``, ``searched`` -- the Main
Phase, ``main`` -- ``rollout_agent``, a style or ``random``, and ``margin``)."""
from __future__ import annotations

from pathlib import Path

from ...errors import FieldError, InputError
from ..budget import FIELDS, check_budget, known_table, read_policy
from .scripted import WEIGHTS, Random, Scripted
from .search import Search

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies" / "innomination"
SEARCHED = ("main",)            # a rollout resumes a turn at its Main Phase (search.py)


def names() -> list[str]:
    return ["random", *sorted(p.stem for p in POLICY_DIR.glob("*.toml"))]


def load_agent(policy: str, depth: int = 0):
    """The agent ``policy`` names: ``random``, a style or search file's name, or a path."""
    if policy == "random":
        return Random()
    path = Path(policy) if policy.endswith(".toml") else POLICY_DIR / f"{policy}.toml"
    if not path.is_file():
        raise FieldError("policies", f"{policy!r}: not an Innomination agent; allowed: {', '.join(names())}, or a "
                                     f"style's or search agent's .toml file")
    raw = read_policy(path, ", ".join(names()))
    kind = raw.get("agent")
    if kind == "scripted":
        table = known_table(path, raw, "weights", WEIGHTS)
        for key in WEIGHTS:
            v = table.get(key)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                shown = "missing" if key not in table else repr(v)
                raise InputError(f"{path}: weights.{key}: {shown}; allowed: a number ({WEIGHTS[key]})")
        return Scripted(path.stem, {k: float(v) for k, v in table.items()})
    if kind == "search" and depth == 0:
        fields = {"rollouts": FIELDS["rollouts"], "searched": f"a non-empty list of: {', '.join(SEARCHED)}",
                  "rollout_agent": "a scripted style's name or random", "margin": FIELDS["margin"]}
        budget = check_budget(path, raw, fields, SEARCHED)
        try:
            rollout = load_agent(budget["rollout_agent"], depth + 1)
        except InputError as e:
            raise InputError(f"{path}: budget.rollout_agent: {budget['rollout_agent']!r}; allowed: a scripted "
                             f"style's name or random ({e})") from None
        return Search(path.stem, budget, rollout)
    raise InputError(f"{path}: agent: {kind!r}; allowed: \"scripted\" (with [weights]) or \"search\" (with "
                     f"[budget], its rollout agent not a search)")
