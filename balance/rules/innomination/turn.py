"""The flow of battle (1h): Ready (START OF TURN effects; Aether and actions
back; the Named Deck may open), Upkeep (UPKEEP paid, TIMERs tick), Draw (one
card; two on the second player's first turn in a two-player game), Main (a
Source, cards, attacks, ACT and COST effects, the Unleash, one naming, ARISE),
End (END OF TURN effects; REGENERATE; the hand maximum)."""
from __future__ import annotations

from . import actions, aether, chain, combat, named, playing, timers, zones
from .decisions import Option, ask
from .draw import draw, trim_hand
from .effects import destroy_dead
from .state import Game, PlayerLost

MAIN_ACTIONS = 200          # a Main Phase's actions at most: a safety stop for effects that cost nothing (docs)


def take_turn(game: Game, seat: int, first: Option | None = None) -> None:
    """One turn of ``seat``, phase by phase: a player who loses during it ends
    it; another's loss ends only the phase's chain (5, "Losing").  ``first``: a
    Main Phase action already chosen, the turn taken up from it (a search's rollout)."""
    p = game.players[seat]
    if first is None:
        game.active, game.turn = seat, game.turn + 1
        p.own_turns += 1
        p.named_this_turn = p.source_this_turn = False
        phases = (settle, ready, upkeep, draw_phase, main, end)
    else:
        phases = (lambda g, s: do(g, s, first), main, end)
    for phase in phases:
        try:
            phase(game, seat)
        except PlayerLost:
            if p.lost:
                break
    p.life_curve.append(max(0, p.life))


def draw_phase(game: Game, seat: int) -> None:
    """1h, Draw Phase: one card; two on the second player's first turn in a game of two."""
    p = game.players[seat]
    draw(game, seat, 2 if seat == named.SECOND and p.own_turns == 1 and len(game.players) == 2 else 1)
    p.aether_curve.append(aether.total(p))


def ready(game: Game, seat: int) -> None:
    p = game.players[seat]
    if game.chains_barred_until == seat:
        game.chains_barred_until = -1
    aether.ready(p)
    actions.ready(game, seat)
    named.unlock(game, seat)
    hooks(game, seat, "START OF TURN")
    timers.count(game, seat, "own turn")


def hooks(game: Game, seat: int, hook: str) -> None:
    """START OF TURN and END OF TURN effects of ``seat``'s cards and Leader (1h)."""
    p = game.players[seat]
    for t in timers.in_play(game, seat):
        for e in t.card.effects:
            if e.has(hook) and not t.flipped:
                chain.activate(game, seat, t, (e,))
    if p.leader.card.passive is not None and p.leader.card.passive.has(hook):
        chain.activate(game, seat, p.leader, (p.leader.card.passive,))


def upkeep(game: Game, seat: int) -> None:
    """UPKEEP is paid, or the card is discarded (docs/innomination.md); then TIMERs tick (6b)."""
    p = game.players[seat]
    for t in [t for t in (*p.field, *p.sources) if t.card.upkeep]:
        cost = {"neutral": t.card.upkeep}
        if aether.can_pay(p, cost):
            aether.pay(p, cost)
        else:
            zones.leave_play(game, t, "discard")
    timers.tick(game, seat)


def main_options(game: Game, seat: int) -> list:
    """Every Main Phase action open to ``seat``, ending the phase last."""
    p = game.players[seat]
    out = []
    if not p.source_this_turn:
        out += [Option("source", t) for t in {t.card.name: t for t in p.source_deck}.values()]
    out += playing.playable(game, seat)
    out += combat.attack_options(game, seat)
    for t in (*p.field, *p.sources):
        out += [Option("act", t, effect=e) for e in t.card.effects
                if (e.has("ACT") or e.timing == "COST") and not chains_to(e) and actions.can_use(game, seat, t, e)]
    second, unleash = p.leader.card.second, p.leader.card.unleash
    if second is not None and actions.can_use(game, seat, p.leader, second):
        out.append(Option("act", p.leader, effect=second))
    if unleash is not None and not p.unleashed and actions.can_use(game, seat, p.leader, unleash):
        out.append(Option("unleash", p.leader, effect=unleash))
    if not p.named_this_turn:
        out += named.naming_options(game, seat)
    out += [Option("arise", t, effect=e) for t in (*p.grave, *p.banish) for e in t.card.effects
            if e.has("ARISE") and t.card.named == (t.zone == "banish") and aether.can_pay(p, e.aether)]
    return [*out, Option("end")]


def chains_to(effect) -> bool:
    """A chain effect aimed at the effect it chains to needs a chain (chain.responses)."""
    return effect.chainable and effect.step.args.get("target") == "chain effect"


def main(game: Game, seat: int) -> None:
    """1h, Main Phase: act freely until the player ends it."""
    for _ in range(MAIN_ACTIONS):
        choice = ask(game, seat, "main", main_options(game, seat))
        if choice.act == "end":
            return
        try:
            do(game, seat, choice)
        except PlayerLost:
            if game.players[seat].lost:
                raise


def do(game: Game, seat: int, choice: Option) -> None:
    """Carry out a Main Phase action."""
    p, t = game.players[seat], choice.thing
    if choice.act == "source":
        p.source_deck.remove(t)
        p.source_this_turn = True
        playing.enter_play(game, t, summoned=False)
    elif choice.act == "play":
        playing.play(game, seat, choice)
    elif choice.act == "attack":
        combat.attack(game, seat, choice)
    elif choice.act in ("act", "unleash"):
        p.unleashed = p.unleashed or choice.act == "unleash"
        actions.pay_use(game, seat, t, choice.effect)
        game.log(f"seat {seat} uses {t}'s {choice.effect.timing}")
        chain.activate(game, seat, t, (choice.effect,), breaks=choice.act == "unleash")
    elif choice.act == "name":
        named.name(game, seat, choice)
    elif choice.act == "arise":
        arise(game, seat, choice)


def arise(game: Game, seat: int, choice: Option) -> None:
    """ARISE (4): a nameless card goes from the Graveyard to the Banish Pile, a
    named one from the Banish Pile out of the game, and the effect activates."""
    t = choice.thing
    aether.pay(game.players[seat], choice.effect.aether)
    zones.detach(game, t)
    zones.put(game, t, "banish" if not t.card.named else "removed")
    chain.activate(game, seat, t, (choice.effect,))


def end(game: Game, seat: int) -> None:
    """1h, End Phase; REGENERATE: "At the end of a player's turn, fully restore the creature's life" (4)."""
    hooks(game, seat, "END OF TURN")
    for t in game.creatures():
        if t.card.trait("REGENERATE"):
            t.damage = 0
        t.temp_attack = t.temp_life = 0
        t.counts.pop("strikes", None)
    trim_hand(game, game.players[seat])
    settle(game, seat)


def settle(game: Game, seat: int) -> None:
    """5, "Creatures": a creature at 0 life is destroyed, also when a bonus ends with a turn (an "until end of
    turn" one in the End Phase; an AURA's, "always active on your turn" (4), as the next turn begins)."""
    destroy_dead(game)
