"""The baselines of Innomination's causal card test (``balance impact``, DESIGN
§7, runner/impact.py): a card swapped for its blank -- its type, Aether Cost
and stats without traits or effects (matchup.blank) -- in the tested
entrant's deck only, the score paired seed block by seed block.  The pool
invents no "average" card, so only the blank is offered."""
from __future__ import annotations

from ...errors import InputError
from ...fields import did_you_mean
from .decks import load_pool


def baselines(cell, side: int, cards, baseline: str) -> dict[str, list]:
    """{card: [None]} (its blank) for ``cards`` (default: every Main Deck and
    named card of entrant ``side``'s deck)."""
    pool = load_pool(cell.cards)
    if baseline != "blank":
        raise InputError(f"--baseline: {baseline!r}; allowed: blank (Innomination's pool has no average card)")
    deck = pool.deck(cell.entrants[side])
    names = list(cards) if cards else sorted(deck.cards(), key=lambda n: pool.cards[n].index)
    for n in names:
        if n not in deck.cards():
            raise InputError(f"--cards: {n!r}: not a Main Deck or named card of {deck.name!r}"
                             f"{did_you_mean(n, deck.cards())}; allowed: {', '.join(sorted(deck.cards()))}")
    return {n: [None] for n in names}
