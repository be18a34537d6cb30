"""Effect Chains (6f-6h): an activated card effect may be chained to; priority
passes to the left of whoever added the last link, and once every player has
passed in turn the chain resolves last in, first out.  Effects that trigger
while it resolves respond to it without going on it.  Nothing can be chained
to a player action, to an UNCHAINED card or effect (a Leader's Unleash), or to
an effect that only produces Aether; BREAK THE CHAIN makes every link do
nothing and bars chains until the next player's Ready Phase; a player who
loses ends the chain (5, "Losing")."""
from __future__ import annotations

from . import actions, aether, effects, zones
from .cards import Effect
from .decisions import Option, ask
from .state import DEFEATED, Game, GameOver, Link, PlayerLost, Thing


def activate(game: Game, seat: int, thing: Thing | None, chosen: tuple, after=None, breaks: bool = False,
             opposing: Thing | None = None) -> None:
    """Activate ``chosen`` effects of ``thing`` for ``seat`` (paid already):
    on a new chain others may answer, unless it cannot be chained to, a chain
    is resolving (a trigger responds to it) or chains are barred.  ``opposing``:
    the creature a CONTACT effect's card fights."""
    link = Link(seat, thing, tuple(chosen), after=after, breaks=breaks, opposing=opposing)
    if game.resolving or game.chains_barred_until >= 0 or link.unchained:
        try:
            resolve_link(game, link)
        except PlayerLost:
            leave(game, [link])
            raise
        return
    game.chain, links = [link], [link]
    try:
        window(game, seat)
        links = list(game.chain)
        game.resolving = True
        while game.chain:
            resolve_link(game, game.chain.pop())
    except PlayerLost:
        leave(game, links)
        raise
    finally:
        end_chain(game)


def leave(game: Game, links: list) -> None:
    """A chain ended by a loss (5): its cards still on it go to their piles."""
    for link in links:
        if link.thing is not None and link.thing.zone == "stack":
            to_pile(game, link)


def end_chain(game: Game) -> None:
    """The chain is over: negated AURAs come back on (6f)."""
    game.chain, game.resolving = [], False
    for t in game.creatures():
        t.negated_aura = False
    for p in game.players:
        p.leader.negated_aura = False
        for t in p.sources:
            t.negated_aura = False


def window(game: Game, seat: int) -> None:
    """6h: priority passes left; each player answers the top link or passes,
    and every player passing in turn closes the window."""
    n = len(game.players)
    who, passes = (seat + 1) % n, 0
    while passes < len(game.alive()) and not game.chain[-1].unchained:
        if not game.players[who].lost:
            choice = ask(game, who, "respond", [*responses(game, who), Option("pass")])
            if choice.act == "pass":
                passes += 1
            else:
                respond(game, who, choice)
                passes = 0
        who = (who + 1) % n


def legal_against(effect: Effect, top: Link) -> bool:
    """A chain effect that negates one operation needs a link that does it
    (6f B: "Negate an effect ... that causes destruction")."""
    step = effect.step
    if step.do == "negate" and step.args["scope"] != "card":
        return any(step.args["scope"] in e.step.ops() for s, e in enumerate(top.effects) if s not in top.negated)
    return True


def responses(game: Game, seat: int) -> list:
    """What ``seat`` may chain to the top link: CHAIN cards from hand, CHAIN
    effects of its cards in play, its Leader's Unleash (innately chainable, 1g)."""
    p, top = game.players[seat], game.chain[-1]
    out = []
    for t in p.hand:
        if t.card.type == "chain" and aether.can_pay(p, t.card.cost):
            marked = [e for e in t.card.effects if e.chainable]
            if all(legal_against(e, top) for e in marked):
                out.append(Option("chain card", t))
    for t in (*p.field, *p.sources, p.leader):
        for e in t.card.effects:
            if e.chainable and legal_against(e, top) and actions.can_use(game, seat, t, e):
                out.append(Option("chain effect", t, effect=e))
    unleash = p.leader.card.unleash
    if unleash is not None and not p.unleashed and actions.can_use(game, seat, p.leader, unleash):
        out.append(Option("unleash", p.leader, effect=unleash))
    return out


def respond(game: Game, seat: int, choice: Option) -> None:
    """Pay for ``choice`` and put it on the chain (6d, Step 1 first)."""
    p, t = game.players[seat], choice.thing
    if choice.act == "chain card":
        aether.pay(p, t.card.cost)
        zones.detach(game, t)
        t.zone = "stack"
        p.played.add(t.card.index)
        push(game, Link(seat, t, tuple(e for e in t.card.effects if e.chainable), after=to_pile))
    elif choice.act == "unleash":
        p.unleashed = True
        actions.pay_use(game, seat, t, choice.effect)
        push(game, Link(seat, t, (choice.effect,), breaks=True))
    else:
        actions.pay_use(game, seat, t, choice.effect)
        push(game, Link(seat, t, (choice.effect,)))
    game.log(f"seat {seat} chains {choice}")


def push(game: Game, link: Link) -> None:
    link.under = game.chain[-1] if game.chain else None
    game.chain.append(link)


def resolve_link(game: Game, link: Link) -> None:
    """Each effect of the link in printed order, but those negated, replaced or
    broken (6f); then what follows it (a spell leaving play)."""
    if link.breaks:
        break_chain(game, link)
    for slot, effect in enumerate(link.effects):
        if link.broken:
            break
        if slot in link.negated:
            continue
        ctx = effects.Ctx(link.controller, link.thing, link, link.opposing)
        effects.run(game, ctx, link.replaced.get(slot, effect.step), link.skip.get(slot))
    if link.after is not None:
        link.after(game, link)


def break_chain(game: Game, link: Link) -> None:
    """BREAK THE CHAIN (6f): every other link does nothing, and no one can make
    Effect Chains until the next player's Ready Phase."""
    for other in game.chain:
        if other is not link:
            other.broken = True
    game.chains_barred_until = next_seat(game, game.active)
    game.log("the chain is broken")


def next_seat(game: Game, seat: int) -> int:
    n = len(game.players)
    return next((seat + k) % n for k in range(1, n + 1) if not game.players[(seat + k) % n].lost)


def to_pile(game: Game, link: Link) -> None:
    """A spell or Chain card leaves play once resolved, to its pile (2a)."""
    if link.thing.zone == "stack":
        link.thing.zone = "nowhere"
        zones.put(game, link.thing, zones.pile_of(link.thing))


def lose(game: Game, seat: int, reason: int = DEFEATED) -> None:
    """5, Losing: the chain ends and no more effects activate; the last player
    standing wins (1c); a loser's cards disappear from a game that goes on."""
    p = game.players[seat]
    if p.lost:
        return
    p.lost = True
    game.log(f"seat {seat} loses")
    left = game.alive()
    if len(left) == 1:
        game.winner, game.end = left[0].seat, reason
        raise GameOver
    for t in (*p.field, *p.sources):
        zones.leave_play(game, t, "removed")
    raise PlayerLost
