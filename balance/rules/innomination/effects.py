"""Card effects: what each operation of the vocabulary does, and to whom
(vocabulary.OPS, TARGETS).  5, "Card Effects": an effect resolves as far as
it can, and with no valid target nothing happens; its steps happen in the
order printed.  6c: damage to several Leaders starts with the controller's."""
from __future__ import annotations

from dataclasses import dataclass

from . import aether, chain, creatures, named, playing, rulings, timers, zones
from .cards import Step
from .decisions import Option, ask
from .draw import draw, shuffle
from .state import Game, Link, PlayerLost, Thing


@dataclass
class Ctx:
    """Who resolves a step: the controller's seat, the card it is on, the link
    it resolves in (and so the link it chains to), the creature it fights."""
    seat: int
    source: Thing | None
    link: Link | None = None
    opposing: Thing | None = None

    @property
    def below(self) -> Link | None:
        """The link this step's link was chained to (6f), if any."""
        return self.link.under if self.link is not None else None


def run(game: Game, ctx: Ctx, step: Step | None, skip: str | None = None) -> None:
    """Resolve ``step`` and those after it, but the operation ``skip`` (partly negated, 6f B)."""
    while step is not None:
        if step.do != skip:
            OPS[step.do](game, ctx, step)
            destroy_dead(game)
        step = step.then


# ------------------------------------------------------------------ targets
def leaders(game: Game, ctx: Ctx, where: str) -> list:
    if where == "your leader":
        return [game.players[ctx.seat].leader]
    if where == "all leaders":
        return [p.leader for p in game.from_left(ctx.seat)]
    return []


def creatures_of(game: Game, ctx: Ctx, where: str) -> list:
    """The creatures ``where`` names without choosing."""
    if where == "self":
        return [ctx.source] if ctx.source is not None and ctx.source.zone == "field" else []
    if where == "attached":
        return [ctx.source.host] if ctx.source is not None and ctx.source.host is not None else []
    if where == "opposing creature":
        return [ctx.opposing] if ctx.opposing is not None and ctx.opposing.zone == "field" else []
    if where == "all creatures":
        return game.creatures()
    if where == "all enemy creatures":
        return [t for p in game.opponents(ctx.seat) for t in p.field]
    if where == "allied creatures":
        return list(game.players[ctx.seat].field)
    return []


def choosable(game: Game, ctx: Ctx, where: str) -> list:
    """The cards ``ctx.seat`` may choose for a "chosen ..." target."""
    own = game.players[ctx.seat].field
    enemy = [t for p in game.opponents(ctx.seat) for t in p.field]
    pools = {"chosen creature": own + enemy, "chosen enemy creature": enemy, "chosen allied creature": own,
             "chosen enemy": enemy + [p.leader for p in game.opponents(ctx.seat)],
             "own creature": [t for t in own if not t.card.named]}
    return [t for t in pools.get(where, []) if rulings.targetable(ctx.source, t)]


def targets(game: Game, ctx: Ctx, step: Step) -> list:
    """What ``step`` affects: a choice of its controller for "chosen ..."."""
    where = step.args["target"]
    if where in ("your leader", "all leaders"):
        return leaders(game, ctx, where)
    if where == "enemy leader":
        return [choose_target(game, ctx, step, [p.leader for p in game.opponents(ctx.seat)])]
    if where.startswith("chosen") or where == "own creature":
        options = choosable(game, ctx, where)
        return [choose_target(game, ctx, step, options)] if options else []
    return [t for t in creatures_of(game, ctx, where) if not rulings.untouchable(ctx.source, t)]


def choose_target(game: Game, ctx: Ctx, step: Step, options: list) -> Thing:
    return ask(game, ctx.seat, "target", [Option("target", ctx.source, t, extra=step) for t in options]).target


# ------------------------------------------------------------------ damage and destruction
def deal(game: Game, source: Thing | None, target: Thing, amount: int, by_effect: bool) -> None:
    """``amount`` damage to ``target`` (a creature or a Leader): ARMOR reduces
    it, SHIELD stops it X times, WARD stops an effect's (4); zero damage is
    still damage (5).  A Leader at 0 life loses (1c)."""
    if target.card.type == "leader":
        game.players[target.owner].leader.damage += amount
        game.log(f"{target} takes {amount} ({game.players[target.owner].life} life)")
        if game.players[target.owner].life <= 0:
            chain.lose(game, target.owner)
        return
    if by_effect:
        amount = rulings.effect_damage(source, target, amount)
        if amount < 0:
            return
    if target.shields > 0:
        target.shields -= 1
        game.log(f"{target}'s SHIELD stops {amount}")
        return
    amount = max(0, amount - target.card.trait("ARMOR"))
    target.damage += amount
    game.log(f"{target} takes {amount}")


def destroy(game: Game, source: Thing | None, target: Thing, by_effect: bool) -> None:
    """Destroy a creature: to its discard pile, its attachments to theirs (5),
    then its DEATH effects (4)."""
    if target.zone != "field" or (by_effect and not rulings.destroyable(source, target)):
        return
    game.log(f"{target} is destroyed")
    zones.leave_play(game, target, "discard")
    for p in game.alive():
        timers.count(game, p.seat, "creature destroyed")
    for e in target.card.effects:
        if e.has("DEATH"):
            chain.activate(game, target.owner, target, (e,))


def destroy_dead(game: Game) -> None:
    """5: a creature at 0 life, by damage or a life reduction, is destroyed -- and so is one its
    destruction leaves at 0 life (an AURA card's), and one still there when a DEATH effect makes a
    player lose and the game goes on (the loss is raised once they are)."""
    lost = None
    dead = [t for t in game.creatures() if creatures.life(game, t) <= 0]
    while dead:
        for t in dead:
            try:
                destroy(game, None, t, by_effect=False)
            except PlayerLost as e:
                lost = lost or e
        dead = [t for t in game.creatures() if creatures.life(game, t) <= 0]
    if lost is not None:
        raise lost


# ------------------------------------------------------------------ operations
def op_damage(game, ctx, step):
    for t in targets(game, ctx, step):
        deal(game, ctx.source, t, step.args["amount"], by_effect=True)


def op_restore(game, ctx, step):
    for t in targets(game, ctx, step):
        t.damage = max(0, t.damage - step.args["amount"])
        game.log(f"{t} restored {step.args['amount']}")


def op_draw(game, ctx, step):
    draw(game, ctx.seat, step.args["amount"])


def op_discard(game, ctx, step):
    p = game.players[ctx.seat]
    for _ in range(step.args["amount"]):
        if not p.hand:
            return
        card = ask(game, ctx.seat, "discard", [Option("discard", t) for t in p.hand]).thing
        zones.leave_play(game, card, "discard")


def op_destroy(game, ctx, step):
    for t in targets(game, ctx, step):
        destroy(game, ctx.source, t, by_effect=True)


def op_banish(game, ctx, step):
    for t in targets(game, ctx, step):
        if t.zone == "field" and rulings.banishable(ctx.source, t):
            game.log(f"{t} is banished")
            zones.leave_play(game, t, "banish")


def op_stat(game, ctx, step):
    """+X/+Y or -X/-Y; a life reduction lowers maximum and current life (5)."""
    a, lf = step.args["attack"], step.args["life"]
    for t in targets(game, ctx, step):
        if t.card.type == "leader":
            continue
        if step.args.get("until"):
            t.temp_attack += a
            t.temp_life += lf
        else:
            t.attack_mod += a
            t.life_mod += lf
        game.log(f"{t} gets {a:+d}/{lf:+d}")


def op_tokens(game, ctx, step):
    """6a C: "Create and summon two Insect Tokens. If your Leader's life is 20 or less, summon five"."""
    n = step.args["amount"]
    if "low_life" in step.args and game.players[ctx.seat].life <= step.args["low_life"]:
        n = step.args["low_amount"]
    token = game.cards[step.args["token"]]
    for _ in range(n):
        playing.enter_play(game, game.new_thing(token, ctx.seat, "nowhere"), summoned=True)
    game.log(f"{game.players[ctx.seat].leader} summons {n} {token.name}")


def op_search(game, ctx, step):
    """5, Tutoring: the exact number of cards of the type, or the search fails;
    a shuffle after it either way."""
    p = game.players[ctx.seat]
    kind, n = step.args["card_type"], step.args["amount"]
    fits = lambda: [t for t in p.main if kind == "any" or t.card.type == kind]      # noqa: E731
    for _ in range(n if len(fits()) >= n else 0):
        card = ask(game, ctx.seat, "search", [Option("search", t) for t in fits()]).thing
        zones.detach(game, card)
        zones.put(game, card, "hand")
    shuffle(game, p)


def op_negate(game, ctx, step):
    """6f: negate the effect chained to -- the whole card (Condemnation) or
    one operation of it, the rest of the card not activating (Dynamic Will);
    a negated AURA is off until the chain ends."""
    below = ctx.below
    if below is None:
        return
    scope = step.args["scope"]
    for slot, effect in enumerate(below.effects):
        if scope != "card" and scope in effect.step.ops():
            below.skip[slot] = scope
        else:
            below.negated.add(slot)
    if below.thing is not None:
        below.thing.negated_aura = True
        if step.args.get("to_graveyard") and below.thing.zone in ("field", "sources", "stack"):
            zones.leave_play(game, below.thing, "grave")
    game.log(f"{below.thing}'s effects negated ({scope})")


def op_replace(game, ctx, step):
    """6f, "Chains that Replace Effects": the effect chained to does not happen,
    ``with`` resolves in its place, the card's other effects still do."""
    below = ctx.below
    if below is not None and below.effects:
        below.replaced[0] = step.args["with"]
        game.log(f"{below.thing}'s first effect replaced")


def op_name(game, ctx, step):
    """6h B, Knighted: name a creature you own in play, ignoring Aether Cost and Requirements."""
    options = named.naming_options(game, ctx.seat, free=True, only=choosable(game, ctx, "own creature"))
    if options:
        named.name(game, ctx.seat, ask(game, ctx.seat, "name", options), free=True)


def op_revive(game, ctx, step):
    """6a C: "If Pssspso ... is in your Banish Pile, put him into play. Do not activate his ENTER effect"."""
    p = game.players[ctx.seat]
    found = next((t for t in p.banish if t.card.name == step.args["card"]), None)
    if found is not None:
        zones.detach(game, found)
        playing.enter_play(game, found, summoned=False, enter=step.args.get("enter", True))


def op_produce(game, ctx, step):
    aether.produce(game.players[ctx.seat], step.args["element"], step.args["amount"])


def op_grant(game, ctx, step):
    """6b B: "Your Leader gains the effect: TIMER(5) AURA ..."."""
    effect = step.args["effect"]
    for t in leaders(game, ctx, step.args["target"]) or targets(game, ctx, step):
        timer = effect.x("TIMER") if effect.has("TIMER") else None
        t.granted.append([effect, timer])
        game.log(f"{t} gains {effect.timing} {effect.step.do}")


def op_summon_from_hand(game, ctx, step):
    """6b A: "Summon a Zerdian creature from your hand that costs 2 or less"."""
    p = game.players[ctx.seat]
    fits = [t for t in p.hand if t.card.type == step.args["card_type"] and t.card.total_cost <= step.args["max_cost"]
            and (step.args.get("tribe") is None or t.card.tribe == step.args["tribe"])]
    if fits:
        card = ask(game, ctx.seat, "search", [Option("summon", t) for t in fits]).thing
        zones.detach(game, card)
        playing.enter_play(game, card, summoned=True)


def op_discard_self(game, ctx, step):
    if ctx.source is not None and ctx.source.zone in ("field", "sources"):
        zones.leave_play(game, ctx.source, "discard")


def op_break_chain(game, ctx, step):
    chain.break_chain(game, ctx.link)


def op_ready(game, ctx, step):
    for t in targets(game, ctx, step):
        t.actions += 1


OPS = {"damage": op_damage, "restore": op_restore, "draw": op_draw, "discard": op_discard, "destroy": op_destroy,
       "banish": op_banish, "stat": op_stat, "tokens": op_tokens, "search": op_search, "negate": op_negate,
       "replace": op_replace, "name": op_name, "revive": op_revive, "produce": op_produce, "grant": op_grant,
       "summon_from_hand": op_summon_from_hand, "discard_self": op_discard_self, "break_chain": op_break_chain,
       "ready": op_ready}
