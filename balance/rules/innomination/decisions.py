"""The decisions of a game of Innomination (DESIGN §10): the rules list the
legal options, the seat's agent picks one.  An option is plain data an agent
may read; the rules act on the one chosen."""
from __future__ import annotations

from dataclasses import dataclass

from .state import Game

# keep 5 of 10 (1b); a Main Phase action (1h); an effect's target; a blocker (1f); a response to a chain or a
# pass (6h); a card to discard; a named card and its base (2); a card searched for (5, Tutoring)
DECISIONS = ("keep", "main", "target", "block", "respond", "discard", "name", "search")


@dataclass(frozen=True)
class Option:
    """``act``: what kind of option (``play``, ``attack``, ``pass`` ...); the
    card it concerns, the card it aims at, an effect, and anything else."""
    act: str
    thing: object = None
    target: object = None
    effect: object = None
    extra: object = None

    def __str__(self):
        parts = [self.act, *(str(x) for x in (self.thing, self.target, self.extra) if x is not None)]
        return " ".join(parts)


def ask(game: Game, seat: int, decision: str, options: list) -> Option:
    """The option ``seat``'s agent picks (the only one without asking)."""
    if len(options) == 1:
        return options[0]
    k = game.agents[seat].choose(game, seat, decision, options)
    return options[k]
