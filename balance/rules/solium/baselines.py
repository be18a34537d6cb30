"""The baselines of Solium Infernum's causal test (``balance impact``, DESIGN
§7, runner/impact.py): an ability, exotic move or Combat Card is swapped for
its blank everywhere in the roster -- an ability taken from every holder, a
Combat Card's elements removed, an exotic move fought as the basic move of its
Skulls and Shields (roster.Roster.swapped) -- and the score is one entrant's
against the other, paired seed by seed.  The roster invents no "average"
ability, so only the blank is offered."""
from __future__ import annotations

from ...errors import InputError
from ...fields import did_you_mean
from .roster import load_roster


def baselines(cell, side: int, cards, baseline: str) -> dict[str, list]:
    """{kind: [None]} (its blank) for ``cards`` (default: every kind entrant
    ``side`` holds) of the cell's roster."""
    roster = load_roster(cell.cards)
    if baseline != "blank":
        raise InputError(f"--baseline: {baseline!r}; allowed: blank (Solium Infernum has no average ability)")
    names = list(cards) if cards else roster.held(cell.entrants[side])
    for n in names:
        if n not in roster.kinds:
            raise InputError(f"--cards: {n!r}: not an ability, exotic move or Combat Card of {cell.cards}"
                             f"{did_you_mean(n, roster.kinds)}; allowed: {', '.join(roster.kinds)}")
    return {n: [None] for n in names}
