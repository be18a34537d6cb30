"""Where cards go (1a, 1e, 2a, 5 "Attachments"): into play, to the Graveyard
(nameless) or the Banish Pile (named), removed from the game; attachments
follow their card or are discarded with it; tokens cease to exist."""
from __future__ import annotations

from .state import Game, Thing


def pile_of(thing: Thing) -> str:
    """2a: "Named cards that are destroyed or used go to the Banish Pile ... Nameless cards go to the Graveyard"."""
    return "banish" if thing.card.named else "grave"


def detach(game: Game, thing: Thing) -> None:
    """Take ``thing`` out of whatever zone holds it."""
    p = game.players[thing.owner]
    if thing.host is not None:
        thing.host.attached.remove(thing)
        thing.host = None
    else:
        for zone in (p.field, p.sources, p.hand, p.grave, p.banish, p.main, p.named):
            if thing in zone:
                zone.remove(thing)
                break
    thing.zone = "nowhere"


def put(game: Game, thing: Thing, zone: str) -> None:
    """Put ``thing`` into its owner's ``zone``, fresh (5: damage, buffs and
    lingering effects do not follow a card out of play)."""
    p = game.players[thing.owner]
    if thing.card.kind == "token" and zone not in ("field",):
        thing.zone = "gone"                     # a token out of play ceases to exist (docs/innomination.md)
        return
    if zone in ("grave", "banish", "removed", "hand", "main"):
        reset(thing)
    getattr(p, zone).append(thing)
    thing.zone = zone


def reset(thing: Thing) -> None:
    thing.damage = thing.attack_mod = thing.life_mod = thing.temp_attack = thing.temp_life = 0
    thing.timers, thing.counts, thing.granted, thing.negated_aura = {}, {}, [], False
    thing.shields = thing.card.trait("SHIELD")
    thing.flipped = False


def leave_play(game: Game, thing: Thing, zone: str) -> None:
    """``thing`` leaves play for ``zone`` ("discard": its proper pile): on its
    way to a discard pile its attachments are discarded to theirs; returned to
    hand, banished or removed, they follow it (5, "Attachments")."""
    follow = zone in ("hand", "banish", "removed")
    detach(game, thing)
    for a in list(thing.attached):
        thing.attached.remove(a)
        a.host = None
        put(game, a, zone if follow and a.card.kind != "token" else pile_of(a))
    put(game, thing, pile_of(thing) if zone == "discard" else zone)


def attach(game: Game, card: Thing, host: Thing) -> None:
    """``card`` goes under ``host`` (1e, Attachment)."""
    detach(game, card)
    host.attached.append(card)
    card.host, card.zone = host, "attached"
