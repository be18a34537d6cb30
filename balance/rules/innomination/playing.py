"""Playing a card (6d): Step 1 its Aether Cost is paid (or EXPEDITE's), Steps
2-4 it is played and on the Playing Field, Step 5 its SUMMON and ENTER
effects activate.  A spell's effects are a link of a chain and it leaves
play once they resolve -- named first, if its owner names it then (2c)."""
from __future__ import annotations

from . import actions, aether, chain, effects, named, timers, zones
from .cards import Effect
from .decisions import Option, ask
from .state import Game, Link, Thing


def enter_play(game: Game, thing: Thing, summoned: bool, enter: bool = True) -> None:
    """Steps 4-5: ``thing`` is on the Playing Field with all its actions (1f),
    its TIMERs set (4), then its SUMMON effects if it was played from hand or by
    naming, and its ENTER effects unless told not to (6a C)."""
    zone = "sources" if thing.card.type == "source" else "field"
    zones.put(game, thing, zone)
    thing.actions = actions.max_actions(thing)
    thing.entered_turn = game.turn
    for slot, e in enumerate(thing.card.effects):
        if e.has("TIMER"):
            thing.timers[slot] = e.x("TIMER")
    game.log(f"{thing} enters play")
    for e in thing.card.effects:
        if (summoned and e.has("SUMMON")) or (enter and e.has("ENTER")):
            chain.activate(game, thing.owner, thing, (e,))


def expedite(card) -> Effect | None:
    """The card's EXPEDITE effect, if it has one (4)."""
    return next((e for e in card.effects if e.has("EXPEDITE")), None)


def playable(game: Game, seat: int) -> list:
    """Main Phase options to play a card from hand: creatures, spells and
    attachments whose cost (or EXPEDITE cost) can be paid; Chain cards are
    played on a chain (chain.responses)."""
    p = game.players[seat]
    out = []
    for t in p.hand:
        if t.card.type == "chain" or (t.card.type == "attachment" and not hosts(game, seat, t)):
            continue
        if aether.can_pay(p, t.card.cost):
            out.append(Option("play", t))
        fast = expedite(t.card)
        if fast is not None and aether.can_pay(p, fast.aether):
            out.append(Option("play", t, effect=fast))
    return out


def hosts(game: Game, seat: int, t: Thing) -> list:
    """The creatures an attachment may go under: its side's (1e)."""
    where = "chosen allied creature" if t.card.attach == "ally" else "chosen enemy creature"
    return effects.choosable(game, effects.Ctx(seat, t), where)


def play(game: Game, seat: int, option: Option) -> None:
    """Play ``option.thing`` from hand (6d's five steps)."""
    p, t, fast = game.players[seat], option.thing, option.effect
    aether.pay(p, fast.aether if fast is not None else t.card.cost)          # Step 1
    zones.detach(game, t)
    p.played.add(t.card.index)
    if t.card.type == "spell":
        timers.count(game, seat, "spell played")
    game.log(f"seat {seat} plays {t.card.name}" + (" (EXPEDITE)" if fast is not None else ""))
    if t.card.type == "spell":
        t.zone = "stack"
        chosen = (fast,) if fast is not None else tuple(e for e in t.card.effects if e.has("PLAY"))
        chain.activate(game, seat, t, chosen, after=spell_leaves)
        return
    if t.card.type == "attachment":
        options = [Option("attach", t, h, extra=t.card.attach) for h in hosts(game, seat, t)]
        host = ask(game, seat, "target", options).target
        zones.attach(game, t, host)
        for e in t.card.effects:
            if e.has("SUMMON"):
                chain.activate(game, seat, t, (e,))
        return
    enter_play(game, t, summoned=True)
    if fast is not None and t.zone == "field":
        chain.activate(game, seat, t, (fast,))


def spell_leaves(game: Game, link: Link) -> None:
    """2c, Named Spell Quirks: a nameless spell is named after its effects
    resolve and before it leaves play; then it goes to its pile."""
    t = link.thing
    if t.zone == "stack" and not t.card.named:
        options = named.naming_options(game, link.controller, only=[t])
        if options and not game.players[link.controller].named_this_turn:
            choice = ask(game, link.controller, "name", [*options, Option("no naming")])
            if choice.act == "name":
                named.name(game, link.controller, choice)
    chain.to_pile(game, link)
