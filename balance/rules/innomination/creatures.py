"""A creature's Attack and Life (1e, 5 "Creatures"): printed values, changes
that stay (stat effects, carried buffs), changes until the end of the turn,
AURAs of its side on its owner's turn (4), Leader passives and attachments
that are always on; damage persists, and a life reduction lowers both maximum
and current life."""
from __future__ import annotations

from . import timers
from .cards import Effect
from .state import Game, Thing


def static_effects(game: Game, seat: int):
    """(source, effect) of every stat effect now on for ``seat``'s side: its
    AURAs on its own turn unless negated while a chain lasts (6f), its
    Leader's ALWAYS passive, and effects its Leader gained (6b B)."""
    p = game.players[seat]
    own_turn = game.active == seat
    for t in (*p.field, *p.sources, p.leader):
        for slot, e in t.card.statics:
            if not t.flipped and timers.running(t, slot) and (
                    e.has("ALWAYS") or (own_turn and not t.negated_aura)):
                yield t, e
    if p.leader.card.passive and p.leader.card.passive.has("ALWAYS") and p.leader.card.passive.step.do == "stat":
        yield p.leader, p.leader.card.passive
    for e, _ in p.leader.granted:
        if e.step.do == "stat" and (e.has("ALWAYS") or (own_turn and e.has("AURA") and not p.leader.negated_aura)):
            yield p.leader, e


def applies(source: Thing, effect: Effect, target: Thing) -> bool:
    """Whether a static stat effect of ``source`` covers creature ``target``."""
    where = effect.step.args["target"]
    if where == "allied creatures":
        return target.owner == source.owner
    if where == "self":
        return target is source
    return False


def bonus(game: Game, t: Thing) -> tuple[int, int]:
    """(Attack, Life) the static effects of both sides give ``t``."""
    a = lf = 0
    for seat in range(len(game.players)):
        for source, e in static_effects(game, seat):
            if applies(source, e, t):
                a += e.step.args["attack"]
                lf += e.step.args["life"]
    for att in t.attached:
        for e in att.card.effects:
            if e.has("ALWAYS") and e.step.do == "stat" and e.step.args["target"] == "attached":
                a += e.step.args["attack"]
                lf += e.step.args["life"]
    return a, lf


def attack(game: Game, t: Thing) -> int:
    return max(0, t.card.attack + t.attack_mod + t.temp_attack + bonus(game, t)[0])


def max_life(game: Game, t: Thing) -> int:
    """5: "a life reduction effect (0/-X) ... lowers maximum and current life"."""
    return t.card.life + t.life_mod + t.temp_life + bonus(game, t)[1]


def life(game: Game, t: Thing) -> int:
    return max_life(game, t) - t.damage


def injured(game: Game, t: Thing) -> bool:
    """5: creatures whose current life is below their maximum are "injured"."""
    return t.damage > 0
