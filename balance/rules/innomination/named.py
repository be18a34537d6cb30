"""The Named mechanic (2): the Named Deck opens on the second player's third
turn and for the others at the start of their next turn; naming is a player
action once a turn (1h), meeting the named card's requirements and paying its
cost; Codependent and Independent naming (2b); the Unique rule, the Banish
Pile, and the quirks of named creatures and spells (2c)."""
from __future__ import annotations

from . import aether, chain, playing, zones
from .decisions import Option
from .state import Game, Thing

SECOND = 1                              # the player going second (seat 1 in turn order)


def unlock(game: Game, seat: int) -> None:
    """2: "The player going second flips their Named Deck face up when it is
    their third turn.  Every other player does the same when it's the beginning
    of their next turn"."""
    p = game.players[seat]
    if p.named_open:
        return
    if seat == SECOND and p.own_turns >= 3 or seat != SECOND and game.players[SECOND].named_open:
        p.named_open = True
        game.log(f"seat {seat}'s Named Deck is face up")


def meets(game: Game, seat: int, card) -> bool:
    """2a, 18: a named card's requirements."""
    p = game.players[seat]
    checks = {"leader_life_at_most": lambda n: p.life <= n, "allied_creatures_at_least": lambda n: len(p.field) >= n,
              "graveyard_at_least": lambda n: len(p.grave) >= n, "turn_at_least": lambda n: p.own_turns >= n}
    return all(checks[k](n) for k, n in card.requires.items())


def bases(game: Game, seat: int) -> list:
    """Nameless cards ``seat`` owns in play, which it may name."""
    p = game.players[seat]
    return [t for t in p.field if not t.card.named and t.card.kind == "card"]


def naming_options(game: Game, seat: int, free: bool = False, only: list | None = None) -> list:
    """Each named card of the open Named Deck that names one of ``only`` (or of
    the cards ``seat`` has in play), its requirements met and cost payable
    unless ``free``; a card that may be played as a Spell, both ways."""
    p = game.players[seat]
    if not p.named_open:
        return []
    out, seen = [], set()
    for n in p.named:
        if n.card.name in seen:
            continue
        seen.add(n.card.name)
        if not free and not (meets(game, seat, n.card) and aether.can_pay(p, n.card.cost)):
            continue
        for base in (only if only is not None else bases(game, seat)):
            if base.card.name == n.card.named_from:
                out.append(Option("name", base, n))
                if n.card.spell:
                    out.append(Option("name", base, n, extra="as a spell"))
    return out


def name(game: Game, seat: int, option: Option, free: bool = False) -> None:
    """Name ``option.thing`` into ``option.target`` (2b, 2c)."""
    p, base, card = game.players[seat], option.thing, option.target
    if not free:
        aether.pay(p, card.card.cost)
        p.named_this_turn = True
    p.first_naming = p.first_naming or p.own_turns
    p.played.add(card.card.index)
    zones.detach(game, card)
    game.log(f"seat {seat} names {base.card.name} {card.card.name}" + (f" ({option.extra})" if option.extra else ""))
    if any(t.card.name == card.card.name for t in p.field):
        zones.put(game, card, "banish")                     # 2c, Unique Rule
        return
    if option.extra == "as a spell":
        card.zone = "stack"
        chain.activate(game, seat, card, card.card.spell, after=chain.to_pile)
    elif card.card.type == "spell":
        card.zone = "stack"
        if base.card.type == "spell":                       # Codependent: the base goes with it
            base.zone = "nowhere"
            zones.put(game, base, "grave")
        chain.activate(game, seat, card, tuple(e for e in card.card.effects if e.has("PLAY")),
                       after=chain.to_pile)
    elif card.card.type == "creature":
        enter_named_creature(game, card, base if base.card.type == "creature" else None)
    else:
        host = base.host if base.host is not None else base
        zones.attach(game, card, host)


def enter_named_creature(game: Game, card: Thing, base: Thing | None) -> None:
    """2c, Named Creature Quirks: innate QUICK (actions.quick), Second Wind (a
    fresh card), net Attack/Life increases of its base carried and decreases
    not, its base's attachments carried; Codependent, the base goes under it
    (2b) and it keeps the base's actions, BURST giving X if it had none."""
    left = 0
    if base is not None:
        card.attack_mod += max(0, base.attack_mod)
        card.life_mod += max(0, base.life_mod)
        left = base.actions
        for a in list(base.attached):
            zones.attach(game, a, card)
        zones.attach(game, base, card)
        zones.reset(base)
    playing.enter_play(game, card, summoned=True)
    if base is not None and card.zone == "field":
        card.actions = min(card.actions, left)
        if left == 0 and "BURST" in card.card.traits:
            card.actions = card.card.trait("BURST")

