"""Card actions (1f): a card has one action, or X with (X) ACTIONS; it spends
one to attack, to block or to use an ACT effect, and regains them at its
owner's Ready Phase; a card can neither attack nor ACT on the turn it comes
into play (summoning sickness) unless it has QUICK or BLITZ; a flipped card
cannot use actions or effects (1d).  What an activated effect costs: Aether
and sacrifices (6a B), an action for ACT, one of COST(X)'s uses (4)."""
from __future__ import annotations

from . import aether, zones
from .cards import Effect
from .contested import COST_PER_TURN, reads
from .state import Game, Thing


def max_actions(thing: Thing) -> int:
    return thing.card.trait("ACTIONS", 1)


def sick(game: Game, thing: Thing) -> bool:
    """Summoning sickness: it came into play this turn, without QUICK or BLITZ
    (named creatures have QUICK, 2c)."""
    return thing.entered_turn == game.turn and not (quick(thing) or thing.card.trait("BLITZ"))


def quick(thing: Thing) -> bool:
    return bool(thing.card.trait("QUICK")) or (thing.card.named and thing.card.type == "creature")


def can_act(game: Game, thing: Thing) -> bool:
    return thing.actions > 0 and not thing.flipped and not sick(game, thing)


def uses_left(thing: Thing, effect: Effect) -> bool:
    """COST(X): X uses, N as many as able, none given: once (4); counted while
    the card is in play, or each turn under reading ``cost_uses``."""
    if not effect.has("COST"):
        return True
    x = effect.x("COST")
    limit = 1 if x is None else x
    return limit < 0 or thing.counts.get(("cost", id(effect)), 0) < limit


def can_use(game: Game, seat: int, thing: Thing, effect: Effect) -> bool:
    """Whether ``seat`` may activate ``effect`` of ``thing`` now: not flipped,
    its action for ACT, a use of COST left, its Aether and sacrifices."""
    p = game.players[seat]
    if thing.flipped and thing.card.type != "leader":
        return False
    if effect.has("ACT") and not can_act(game, thing):
        return False
    if not uses_left(thing, effect) or not aether.can_pay(p, effect.aether):
        return False
    if effect.sacrifice:
        token, n = effect.sacrifice
        return sum(t.card.name == token for t in p.field) >= n
    return True


def pay_use(game: Game, seat: int, thing: Thing, effect: Effect) -> None:
    """Pay ``effect``'s activation (6d, Step 1): it stays paid if negated."""
    p = game.players[seat]
    if effect.has("ACT"):
        thing.actions -= 1
    if effect.has("COST"):
        key = ("cost", id(effect))
        thing.counts[key] = thing.counts.get(key, 0) + 1
    aether.pay(p, effect.aether)
    if effect.sacrifice:
        token, n = effect.sacrifice
        for t in [t for t in p.field if t.card.name == token][:n]:
            zones.leave_play(game, t, "discard")


def ready(game: Game, seat: int) -> None:
    """1h, Ready Phase: "All of your cards regain their maximum possible card
    actions"; under ``cost_uses = per turn``, COST's uses come back too."""
    p = game.players[seat]
    for t in (*p.field, *p.sources, p.leader):
        t.actions = max_actions(t)
        if reads(game.readings, COST_PER_TURN):
            t.counts = {k: v for k, v in t.counts.items() if not (isinstance(k, tuple) and k[0] == "cost")}
