"""TIMER and COUNT (4, 6b): a TIMER ticks down by one in its owner's Upkeep
Phase, and at zero its effect happens and the keyword disappears -- a TIMER
AURA is on until then (Vendrik's Unleash); a COUNT counts up on its event and
at X its effect happens."""
from __future__ import annotations

from . import chain
from .state import Game, Thing


def in_play(game: Game, seat: int) -> list:
    p = game.players[seat]
    return [*p.field, *p.sources, p.leader]


def tick(game: Game, seat: int) -> None:
    """6b: "TIMER effects tick during the UPKEEP PHASE"."""
    for t in in_play(game, seat):
        for slot in sorted(t.timers):
            t.timers[slot] -= 1
            if t.timers[slot] <= 0:
                del t.timers[slot]
                ends(game, t, t.card.effects[slot])
        for entry in list(t.granted):
            if entry[1] is not None:
                entry[1] -= 1
                if entry[1] <= 0:
                    t.granted.remove(entry)
                    ends(game, t, entry[0])


def ends(game: Game, t: Thing, effect) -> None:
    """A TIMER at zero: its effect happens, unless it is an AURA, which was on
    until now (6b B: "When the TIMER ticks down to TIMER(0), the AURA disappears")."""
    game.log(f"{t}'s TIMER ends")
    if not effect.has("AURA") and t.zone in ("field", "sources", "leader"):
        chain.activate(game, t.owner, t, (effect,))


def running(t: Thing, slot: int) -> bool:
    """Whether the effect in ``slot`` is on as far as its TIMER goes."""
    return not t.card.effects[slot].has("TIMER") or slot in t.timers


def count(game: Game, seat: int, event: str) -> None:
    """COUNT(X): each of ``seat``'s cards in play counting ``event`` counts one,
    and at X its effect happens (4)."""
    for t in in_play(game, seat):
        for slot, e in enumerate(t.card.effects):
            if e.count == event and t.counts.get(slot, 0) < e.x("COUNT"):
                t.counts[slot] = t.counts.get(slot, 0) + 1
                if t.counts[slot] == e.x("COUNT"):
                    chain.activate(game, seat, t, (e,))
