"""Attacks and blocks (1f, 4, 2c): a creature spends an action to attack an
enemy creature or Leader, MULTISTRIKE(X) times per action; a creature may
intercept an attack on its Leader; CONTACT effects activate before damage;
INITIATIVE strikes first; SLAYER destroys what it attacks; the restrictions
of TAUNT, EVASIVE, HIDDEN and SENSE, RESTRAINT, QUICK and BLITZ, and Plot
Armor (named creatures cannot be attacked by nameless ones)."""
from __future__ import annotations

from . import actions, chain, creatures
from .contested import QUICK_ALWAYS, reads
from .decisions import Option, ask
from .effects import deal, destroy, destroy_dead
from .state import Game, Thing


def may_attack(game: Game, t: Thing) -> bool:
    """A Ready creature, not flipped, past summoning sickness (or QUICK/BLITZ), without RESTRAINT;
    or one with MULTISTRIKE strikes left of the action it spent."""
    if t.card.trait("RESTRAINT") or t.flipped or actions.sick(game, t):
        return False
    return t.actions > 0 or t.counts.get("strikes", 0) > 0


def creatures_only(game: Game, t: Thing) -> bool:
    """QUICK: "it can only attack creatures" -- on the turn it comes into play
    (2c: named creatures "can attack enemy creatures on the same turn"), or
    always under reading ``quick_attacks``; BLITZ "can attack any enemy"."""
    if t.card.trait("BLITZ") or not actions.quick(t):
        return False
    return reads(game.readings, QUICK_ALWAYS) or t.entered_turn == game.turn


def attackable(attacker: Thing, target: Thing) -> bool:
    """4 and 2c: HIDDEN but to SENSE, EVASIVE only by EVASIVE, Plot Armor."""
    if target.card.trait("HIDDEN") and not attacker.card.trait("SENSE"):
        return False
    if target.card.trait("EVASIVE") and not attacker.card.trait("EVASIVE"):
        return False
    return not (target.card.named and not attacker.card.named)


def attack_options(game: Game, seat: int) -> list:
    """Every (attacker, target) ``seat`` may declare; TAUNT: "Enemy creatures
    can only attack this creature and other allied creatures with TAUNT"."""
    out = []
    for t in game.players[seat].field:
        if not may_attack(game, t):
            continue
        for p in game.opponents(seat):
            taunts = [c for c in p.field if c.card.trait("TAUNT") and attackable(t, c)]
            foes = taunts or [c for c in p.field if attackable(t, c)]
            out += [Option("attack", t, c) for c in foes]
            if not taunts and not creatures_only(game, t):
                out.append(Option("attack", t, p.leader))
    return out


def spend_strike(t: Thing) -> None:
    """One attack: a fresh action gives MULTISTRIKE(X) strikes (4)."""
    if t.counts.get("strikes", 0) == 0:
        t.actions -= 1
        t.counts["strikes"] = t.card.trait("MULTISTRIKE", 1)
    t.counts["strikes"] -= 1


def attack(game: Game, seat: int, option: Option) -> None:
    """Declare ``option``'s attack; an attack on a Leader may be blocked (1f)."""
    attacker, target = option.thing, option.target
    spend_strike(attacker)
    game.log(f"{attacker} attacks {target}")
    if target.card.type == "leader":
        blocker = block(game, target.owner, attacker)
        if blocker is None:
            contact(game, attacker, None)
            if attacker.zone == "field":
                deal(game, attacker, target, creatures.attack(game, attacker), by_effect=False)
            return
        target = blocker
    fight(game, attacker, target)


def block(game: Game, seat: int, attacker: Thing) -> Thing | None:
    """The defender may intercept with a Ready creature (EVASIVE attackers only
    by EVASIVE ones); it spends an action unless it has BLOCK (4)."""
    options = [Option("block", c, attacker) for c in game.players[seat].field
               if c.actions > 0 and not c.flipped and (not attacker.card.trait("EVASIVE") or c.card.trait("EVASIVE"))]
    if not options:
        return None
    choice = ask(game, seat, "block", [*options, Option("no block", None, attacker)])
    if choice.thing is not None and not choice.thing.card.trait("BLOCK"):
        choice.thing.actions -= 1
    if choice.thing is not None:
        game.log(f"{choice.thing} blocks")
    return choice.thing


def contact(game: Game, attacker: Thing, defender: Thing | None) -> None:
    """CONTACT: "before damage is dealt, this effect activates"; both sides'
    together, the attacker's first (5, "Creatures")."""
    for t, other in ((attacker, defender), (defender, attacker)):
        if t is None:
            continue
        for e in t.card.effects:
            if e.has("CONTACT") and t.zone == "field":
                chain.activate(game, t.owner, t, (e,), opposing=other)
    destroy_dead(game)


def fight(game: Game, attacker: Thing, defender: Thing) -> None:
    """Two creatures deal their Attack to each other, INITIATIVE first unless
    both have it; SLAYER destroys the creature it attacks (4)."""
    contact(game, attacker, defender)
    if attacker.zone != "field" or defender.zone != "field":
        return
    first = [t for t in (attacker, defender) if t.card.trait("INITIATIVE")]
    if len(first) == 1:
        other = defender if first[0] is attacker else attacker
        deal(game, first[0], other, creatures.attack(game, first[0]), by_effect=False)
        destroy_dead(game)
        if other.zone == "field":
            deal(game, other, first[0], creatures.attack(game, other), by_effect=False)
    else:
        a, d = creatures.attack(game, attacker), creatures.attack(game, defender)
        deal(game, attacker, defender, a, by_effect=False)
        deal(game, defender, attacker, d, by_effect=False)
    if attacker.card.trait("SLAYER") and defender.zone == "field":
        destroy(game, attacker, defender, by_effect=False)
    destroy_dead(game)

