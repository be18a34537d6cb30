"""Innomination's scripted agents: a style's weights (``policies/innomination/
<style>.toml``, ``[weights]``) score each option the rules list, and the
highest score is taken (the first of equals); the random agent takes any
legal option with equal chance.  Neither knows a rule: they read the options
and the public state."""
from __future__ import annotations

from ...rules.innomination import creatures
from ...rules.innomination.state import Game

WEIGHTS = {"source": "playing the turn's Source", "develop": "a creature played, per point of Attack and Life",
           "spell": "a spell or attachment played, per point of its cost", "name": "a naming, per point of cost",
           "face": "an attack on a Leader, per point of damage", "trade": "an attack that destroys a creature, "
           "per point of its Attack and Life", "bad_trade": "an attack that loses the attacker, per point of it",
           "act": "an ACT or COST effect used", "unleash": "the Unleash, when the enemy Leader is at half life or "
           "below", "arise": "an ARISE effect", "block": "a block by a creature that survives it",
           "chump": "a block by one that does not, at 10 Leader life or less", "negate": "a response to an enemy "
           "effect"}


def value(game: Game, t) -> int:
    """What a card in play is worth to a style: Attack and Life, or its cost."""
    if t.card.type == "creature" and t.zone == "field":
        return creatures.attack(game, t) + max(0, creatures.life(game, t))
    if t.card.type == "leader":
        return 0
    return t.card.attack + t.card.life + t.card.total_cost


class Scripted:
    """A style: ``weights`` (WEIGHTS' names) over the options of each decision."""
    searches = False

    def __init__(self, name: str, weights: dict):
        self.label, self.w = name, weights

    def choose(self, game: Game, seat: int, decision: str, options: list) -> int:
        scores = [getattr(self, decision)(game, seat, o) for o in options]
        return scores.index(max(scores))

    def keep(self, game, seat, o):
        """Cheap creatures first, then cheap cards."""
        return (o.thing.card.type == "creature") * 10 - o.thing.card.total_cost

    def main(self, game, seat, o):
        w, t = self.w, o.thing
        if o.act == "end":
            return 0.0
        if o.act == "source":
            return w["source"]
        if o.act == "play":
            if t.card.type == "creature":
                return w["develop"] * (t.card.attack + t.card.life) + 0.1 * t.card.total_cost
            return w["spell"] * t.card.total_cost + (0.5 if o.effect is None else 0.0)
        if o.act == "name":
            return w["name"] * (1 + o.target.card.total_cost) - (o.extra is not None)
        if o.act == "attack":
            return self.attack(game, seat, o)
        if o.act == "unleash":
            foe = min(p.life for p in game.opponents(seat))
            return w["unleash"] if foe * 2 <= game.players[seat].leader.card.life else -1.0
        return w["arise"] if o.act == "arise" else w["act"]

    def attack(self, game, seat, o):
        a, t = o.thing, o.target
        hit = creatures.attack(game, a)
        if t.card.type == "leader":
            return self.w["face"] * hit
        kills = hit >= creatures.life(game, t) or a.card.trait("SLAYER")
        dies = creatures.attack(game, t) >= creatures.life(game, a) and not a.card.trait("INITIATIVE")
        if not kills:
            return -1.0
        return self.w["trade"] * value(game, t) - (self.w["bad_trade"] * value(game, a) if dies else 0)

    def target(self, game, seat, o):
        """Harm the enemy's best, help one's own best."""
        step = o.extra
        if isinstance(step, str):                       # an attachment's side
            harmful = step == "enemy"
        else:
            harmful = step.do in ("damage", "destroy", "banish") or (
                step.do == "stat" and step.args["attack"] + step.args["life"] < 0)
        mine = o.target.owner == seat
        return value(game, o.target) * (1 if mine != harmful else -1) + (o.target.card.type == "leader")

    def block(self, game, seat, o):
        if o.thing is None:
            return 0.0
        survives = creatures.life(game, o.thing) > creatures.attack(game, o.target)
        low = game.players[seat].life <= 10
        return self.w["block"] if survives else (self.w["chump"] if low else -1.0)

    def respond(self, game, seat, o):
        if o.act == "pass":
            return 0.0
        card = o.thing.card if o.act == "chain card" else None
        ops = {op for e in (card.effects if card else (o.effect,)) for op in e.step.ops()}
        stops = bool(ops & {"negate", "replace"}) and o.act != "unleash"
        return self.w["negate"] if stops and game.chain[-1].controller != seat else -1.0

    def discard(self, game, seat, o):
        return -value(game, o.thing)

    def name(self, game, seat, o):
        return 0.0 if o.act == "no naming" else self.w["name"] * (1 + o.target.card.total_cost)

    def search(self, game, seat, o):
        return o.thing.card.total_cost


class Random:
    """Every legal option equally likely, from the game's policy stream."""
    searches = False
    label = "random"

    def choose(self, game: Game, seat: int, decision: str, options: list) -> int:
        return game.policy_rng.randrange(len(options))
