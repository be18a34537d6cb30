"""Innomination Prototype 4's rules engine (balance/rules/innomination) against the rulebook's worked
examples, with exact values, from small hand-made positions; the Effect Chain (6f-6h) likewise; and
whole games against the engine's invariants (Hypothesis).

The rulebook is /work/shared/seeds/004_8f32a1eff83692e8.txt; the cards are the shipped pool
(decks/innomination/prototype4.toml) but for a few built here where the pool has none that fits.  A
position is a game set up and then cleared (hands, creatures and Sources), its cards put back by hand
(``Table``), its choices forced by ``Stub`` agents, which take the option their preferences match and
otherwise end the phase, pass or decline."""
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from balance.rules.innomination import aether, chain, creatures, game, named, playing, turn, zones
from balance.rules.innomination import draw as drawing
from balance.rules.innomination.cards import read_card
from balance.rules.innomination.decisions import Option
from balance.rules.innomination.game import R_END, R_TURNS, R_WINNER
from balance.rules.innomination.invariants import check_game
from balance.rules.innomination.matchup import play_range, prepare
from balance.rules.innomination.ruleset import LINEUP, POOL
from balance.rules.innomination.state import DECK_OUT, DEFEATED, END_REASONS, TURN_CAP, GameOver, Link, PlayerLost

TWO = ("Sectonia Swarm", "Vesuvion Vanguard")            # Brood Regent Kissith (38), Field Marshal Vendrik (40)
THREE = (*TWO, "Vesuvion Warband")                        # and Grand Guardian Mushen (42)


def custom_card(section, **raw):
    """A card the pool lacks, read as the card file would give it."""
    return read_card("test", section, 0, {"nation": "Neutral", **raw})


# A creature with 3 Life and a DEATH effect (5, "Creatures").
BRITTLE = custom_card("card", name="Brittle Drone", nation="Sectonia", type="creature", cost={"earth": 2},
                      attack=2, life=3,
                      effects=[{"keywords": ["DEATH"], "do": "tokens", "token": "Insect Token", "amount": 1}])
# An AURA card with an effect that can go on a chain, so that its AURA can be negated mid-chain (6f).
RALLY = custom_card("card", name="Rally Drummer", nation="Sectonia", type="creature", cost={"earth": 2},
                    attack=1, life=3,
                    effects=[{"keywords": ["AURA"], "do": "stat", "attack": 1, "life": 0, "target": "allied creatures"},
                             {"keywords": ["CHAIN", "ACT"], "do": "draw", "amount": 1}])
# A spell with a destruction effect that goes on ("then ...") and a second effect (6f Example B).
PURGE = custom_card("card", name="Purge", type="spell", cost=2,
                    effects=[{"keywords": ["PLAY"], "do": "destroy", "target": "chosen enemy creature",
                              "then": {"do": "damage", "amount": 2, "target": "enemy leader"}},
                             {"keywords": ["PLAY"], "do": "draw", "amount": 1}])
# A tutor for two Chain cards (5, Tutoring).
SUMMONS = custom_card("card", name="Double Summons", type="spell", cost=1,
                      effects=[{"keywords": ["PLAY"], "do": "search", "card_type": "chain", "amount": 2}])


def want(decision, act=None, name=None, target=None, when=None):
    """A Stub's preference: an option of ``decision``, of kind ``act``, on the card ``name``, aimed at the card
    ``target``, while ``when(game)`` holds."""
    def match(g, d, o):
        return (d == decision and (act is None or o.act == act)
                and (name is None or (getattr(o.thing, "card", None) is not None and o.thing.card.name == name))
                and (target is None or (getattr(o.target, "card", None) is not None
                                        and o.target.card.name == target))
                and (when is None or when(g)))
    return match


def top_is(name):
    """``when``: the top link of the chain is ``name``'s."""
    return lambda g: bool(g.chain) and g.chain[-1].thing is not None and g.chain[-1].thing.card.name == name


class Stub:
    """Takes the first option a preference matches, else ends the phase, passes or declines (else the first);
    keeps every decision it was asked (the engine asks only when there are two options or more) and calls
    ``watch(game, seat, decision)`` at each."""
    DECLINE = ("end", "pass", "no block", "no naming")

    def __init__(self, *wants, watch=None):
        self.wants, self.watch, self.asked = wants, watch, []

    def choose(self, g, seat, decision, options):
        self.asked.append((decision, [str(o) for o in options]))
        if self.watch is not None:
            self.watch(g, seat, decision)
        for w in self.wants:
            for k, o in enumerate(options):
                if w(g, decision, o):
                    return k
        return next((k for k, o in enumerate(options) if o.act in self.DECLINE), 0)

    def asked_to(self, decision):
        return [options for d, options in self.asked if d == decision]


class Table:
    """A game of ``decks`` (scripted agents keep the opening hands) with its hands, creatures and Sources cleared,
    at global turn ``turn`` with ``active`` to act, every seat's agent a Stub."""

    def __init__(self, decks=TWO, seed=5, turn=1, active=0):
        self.m = prepare(str(POOL), list(decks), ["scripted"] * len(decks))
        self.trace = []
        self.g = game.setup(self.m, seed, 0, trace=self.trace)
        for p in self.g.players:
            p.hand.clear()
            p.field.clear()
            p.sources.clear()
        self.g.turn, self.g.active = turn, active
        self.g.agents = [Stub() for _ in decks]

    def put(self, seat, card, zone="play"):
        """A new card of ``seat``'s in ``zone``; in play (a creature or a Source) since before this turn."""
        card = self.g.cards[card] if isinstance(card, str) else card
        t = self.g.new_thing(card, seat, "nowhere")
        if zone == "play":
            playing.enter_play(self.g, t, summoned=False, enter=False)
            t.entered_turn = -1
        else:
            zones.put(self.g, t, zone)
        return t

    def sources(self, seat, name, n):
        return [self.put(seat, name) for _ in range(n)]

    def life(self, seat, life):
        """``seat``'s Leader at ``life``."""
        leader = self.g.players[seat].leader
        leader.damage = leader.card.life - life

    def lines(self, text):
        return [k for k, line in enumerate(self.trace) if text in line]

    def named(self, seat, name):
        return [t for t in self.g.players[seat].field if t.card.name == name]


def act(t, slot=0):
    """The Main Phase option to use ``t``'s effect in ``slot``."""
    return Option("act", t, effect=t.card.effects[slot])


# ---------------------------------------------------------------------------------------------- 5, The Hand
def test_a_hand_of_8_drawing_3_keeps_the_1st_and_discards_the_2nd_and_3rd_in_order():
    """5, "The Hand", Example A: "You have 8 cards in hand and must draw 3 cards.  Put the 1st card in your hand,
    then discard the 2nd and 3rd cards" -- nameless cards to the Graveyard (2a), in the order received."""
    tb = Table()
    p = tb.g.players[0]
    for _ in range(8):
        card = p.main.pop()
        zones.put(tb.g, card, "hand")
    first, second, third = p.main[-1], p.main[-2], p.main[-3]
    deck, grave = len(p.main), len(p.grave)
    drawing.draw(tb.g, 0, 3)
    assert len(p.hand) == 9 and p.hand[-1] is first and first.zone == "hand"
    assert p.grave[grave:] == [second, third]
    assert second.zone == third.zone == "grave" and not second.card.named and not third.card.named
    assert len(p.main) == deck - 3 and second not in p.hand and third not in p.hand
    assert [tb.trace[k] for k in tb.lines("hand full")] == [f"turn 1: seat 0 discards {t.card.name}: hand full"
                                                         for t in (second, third)]


# ---------------------------------------------------------------------------------------------- 2, Named Deck
@pytest.mark.parametrize("n, opens", [(2, {0: 4, 1: 3}), (3, {0: 4, 1: 3, 2: 3}), (4, {0: 4, 1: 3, 2: 3, 3: 3})])
def test_the_named_deck_opens_on_the_second_players_third_turn_and_the_others_next_turn(n, opens):
    """2: "The player going second flips their Named Deck face up when it is their third turn.  Every other
    player does the same when it's the beginning of their next turn" (1b: turns go clockwise from seat 0)."""
    m = prepare(str(POOL), list(LINEUP[:n]), ["scripted"] * n)
    g = game.setup(m, 3, 0)
    seen = {}

    def after(g):
        for p in g.players:
            if p.named_open and p.seat not in seen:
                seen[p.seat] = (p.own_turns, g.active)
    game.play(g, 4 * n, after_turn=after)
    assert g.turn == 4 * n and not any(p.lost for p in g.players), "the game ended before every seat's 4th turn"
    assert {seat: own for seat, (own, _) in seen.items()} == opens
    assert all(active == seat for seat, (_, active) in seen.items()), "a Named Deck opened off its owner's turn"
    assert all(p.first_naming == 0 or p.first_naming >= opens[p.seat] for p in g.players)


# ---------------------------------------------------------------------------------------------- 6c, Solora
def cast_solora(tb, seat):
    """``seat`` names its Wandering Pyromancer Solora of Gilnes, played as a Spell (its Named Deck open)."""
    g = tb.g
    g.active = seat
    tb.put(seat, "Wandering Pyromancer")
    tb.sources(seat, "Earth Source", 3)
    g.players[seat].named_open = True
    option = next(o for o in named.naming_options(g, seat) if o.extra == "as a spell")
    assert option.target.card.name == "Solora of Gilnes"
    turn.do(g, seat, option)
    return option.target


@pytest.mark.parametrize("caster", [0, 1, 2])
def test_solora_damages_the_casters_leader_first_then_clockwise_from_its_left(caster):
    """6c, Example A (Solora of Gilnes): "Deal 6 damage to all Leaders.  Your Leader takes 6 damage first ...
    deal damage to the other Leaders going clockwise"; 2a: a named card used goes to the Banish Pile."""
    tb = Table(THREE)
    solora = cast_solora(tb, caster)
    players = tb.g.players
    order = [players[(caster + k) % 3].leader for k in range(3)]
    assert [tb.trace[k].split(": ")[1].split(" takes")[0] for k in tb.lines(" takes 6 ")] == [repr(t) for t in order]
    assert [p.life for p in players] == [38 - 6, 40 - 6, 42 - 6]
    assert solora.zone == "banish" and solora in players[caster].banish


def test_solora_cast_at_6_life_loses_at_once_and_no_other_leader_takes_damage():
    """6c: "As soon as your Leader's life is zero, you lose"; 5, Losing: "the effect chain ends and they lose
    immediately.  No more effects activate" -- in a three-player game the others go on, unhurt."""
    tb = Table(THREE)
    tb.life(1, 6)
    with pytest.raises(PlayerLost):
        cast_solora(tb, 1)
    players = tb.g.players
    assert players[1].lost and not players[0].lost and not players[2].lost
    assert [p.life for p in players] == [38, 0, 42]
    assert len(tb.lines(" takes 6 ")) == 1
    assert players[1].field == [] and players[1].sources == []        # 5: a loser's cards leave the game


def test_solora_cast_at_5_life_in_a_two_player_game_ends_it():
    """6c and 1c: the caster's Leader at zero life loses; the last player standing wins; the other Leader is
    not damaged."""
    tb = Table(TWO)
    tb.life(0, 5)
    with pytest.raises(GameOver):
        cast_solora(tb, 0)
    assert tb.g.winner == 1 and tb.g.end == DEFEATED
    assert tb.g.players[1].life == 40 and tb.g.players[0].life == -1


# ---------------------------------------------------------------------------------------------- 6a, Example C
def prayers_position(life):
    tb = Table()
    tb.life(0, life)
    mantis = tb.put(0, "Pssspso, Praying Mantis", "banish")
    foe = tb.put(1, "Flame Lancer")                     # 3/2: his ENTER effect (-2/-2) would destroy it
    return tb, mantis, foe


@pytest.mark.parametrize("life, restored, tokens", [(14, 20, 5), (15, 21, 2)])
def test_pssspsos_solemn_prayers_restores_then_counts_the_life_after_it(life, restored, tokens):
    """6a, Example C: "Restore 6 life to your Leader.  Create and summon two Insect Tokens.  If your Leader's life
    is 20 or less, summon five ... instead.  If Pssspso, Praying Mantis is in your Banish Pile, put him into play.
    Do not activate his ENTER effect" -- the effects in the order printed (5, Card Effects)."""
    tb, mantis, foe = prayers_position(life)
    g = tb.g
    prayers = g.new_thing(g.cards["Pssspso's Solemn Prayers"], 0, "stack")
    chain.activate(g, 0, prayers, tuple(e for e in prayers.card.effects if e.has("PLAY")),
                   after=chain.to_pile)
    p = g.players[0]
    assert p.life == restored
    assert len(tb.named(0, "Insect Token")) == tokens
    assert mantis.zone == "field" and mantis in p.field and mantis not in p.banish
    assert foe.zone == "field" and (creatures.attack(g, foe), creatures.life(g, foe)) == (3, 2)
    assert prayers.zone == "banish"


def test_solemn_prayer_named_into_pssspsos_solemn_prayers_after_it_resolves():
    """2c, Named Spell Quirks: the nameless Spell is named after all of its effects resolve (restore 3, one
    Insect Token), then the named Spell's (6a C): 11 -> 14 -> 20 life, 1 + 5 Insect Tokens, Pssspso back."""
    tb, mantis, foe = prayers_position(11)
    g = tb.g
    p = g.players[0]
    p.named_open = True
    tb.sources(0, "Earth Source", 6)
    prayer = tb.put(0, "Solemn Prayer", "hand")
    g.agents[0] = Stub(want("name", act="name", target="Pssspso's Solemn Prayers"))
    turn.do(g, 0, Option("play", prayer))
    assert p.life == 20
    assert len(tb.named(0, "Insect Token")) == 6
    assert mantis.zone == "field" and (creatures.attack(g, foe), creatures.life(g, foe)) == (3, 2)
    assert prayer in p.grave and any(t.card.name == "Pssspso's Solemn Prayers" for t in p.banish)
    assert aether.total(p) == 0                        # 2 for Solemn Prayer, 4 to name it


# ---------------------------------------------------------------------------------------------- 6b, Example B
def test_vendriks_unleash_gives_plus_2_attack_on_his_turns_until_the_5th_upkeep():
    """6b, Example B: "Unleash -- Your Leader gains the effect: TIMER(5) AURA Give +2/+0 to all allied creatures.
    When the TIMER ticks down to TIMER(0), the AURA disappears.  The MAIN PHASE will start with all allied creatures
    losing their Attack bonus"; 4, AURA: "always active on your turn"; TIMER ticks in your UPKEEP PHASE.  (Vendrik's
    START OF TURN passive adds +1/+0 until end of turn to his one creature, a Flame Lancer, 3/2.)"""
    tb = Table(turn=0)
    g = tb.g
    lancer = tb.put(1, "Flame Lancer")
    seen = []

    def watch(g, seat, decision):
        if decision == "main":
            seen.append((seat, g.players[seat].own_turns, creatures.attack(g, lancer)))
    g.agents = [Stub(watch=watch), Stub(want("main", act="unleash"), watch=watch)]
    game.play(g, 14)
    assert not any(p.lost for p in g.players) and g.players[1].unleashed
    mine = {}
    for seat, own, attack in seen:
        if seat == 1:
            mine.setdefault(own, []).append(attack)
    assert mine == {1: [4, 6], 2: [6], 3: [6], 4: [6], 5: [6], 6: [4], 7: [4]}
    assert [attack for seat, _, attack in seen if seat == 0] == [3] * 7
    assert g.players[1].leader.granted == []
    assert tb.lines("TIMER ends") and all(tb.trace[k].startswith("turn 12:") for k in tb.lines("TIMER ends"))


# ---------------------------------------------------------------------------------------------- 5, Creatures
def test_wither_destroys_a_3_life_creature_and_its_death_effect_activates():
    """5, Creatures: "When a creature hits 0 life as a result of a life reduction effect (like -3/-3), destroy it.
    DEATH effects activate" (the Brittle Drone's: create an Insect Token); Wither, a spell, goes to the Graveyard."""
    tb = Table()
    g = tb.g
    brittle = tb.put(1, BRITTLE)
    tb.put(1, "Hive Sentinel")                           # so that Wither's target is a choice
    wither = tb.put(0, "Wither", "hand")
    tb.sources(0, "Earth Source", 2)
    g.agents[0] = Stub(want("target", target="Brittle Drone"))
    turn.do(g, 0, Option("play", wither))
    assert brittle.zone == "grave" and brittle in g.players[1].grave and brittle not in g.players[1].field
    assert len(tb.named(1, "Insect Token")) == 1 and tb.named(1, "Hive Sentinel")
    assert tb.lines("Brittle Drone") and tb.lines("is destroyed")[0] < tb.lines("summons 1 Insect Token")[0]
    assert wither in g.players[0].grave


def test_a_life_reduction_lowers_maximum_and_current_life():
    """5, Creatures: "When a creature receives a life reduction effect (0/-X), it lowers maximum and current life":
    a Banner Captain (3/5) with 1 damage under -3/-3 is 0/2 with 1 life left, still in play (and injured)."""
    tb = Table()
    g = tb.g
    captain = tb.put(1, "Banner Captain")
    captain.damage = 1
    assert (creatures.max_life(g, captain), creatures.life(g, captain)) == (5, 4)
    wither = tb.put(0, "Wither", "hand")
    tb.sources(0, "Earth Source", 2)
    turn.do(g, 0, Option("play", wither))
    assert (creatures.attack(g, captain), creatures.max_life(g, captain), creatures.life(g, captain)) == (0, 2, 1)
    assert captain.zone == "field" and creatures.injured(g, captain)


def test_a_creature_left_at_0_life_when_an_until_end_of_turn_bonus_ends_is_destroyed():
    """5, Creatures, and 1e (Life: "how much damage the creature can take before it is destroyed"): Kissith's
    Unleash makes an Insect Token 2/2 until end of turn; it fights a Hired Bodyguard (1/4) and keeps 1 damage;
    at the End Phase it is 1/1 with 1 damage, and is destroyed (the untouched Tokens stay)."""
    tb = Table()
    g = tb.g
    token = tb.put(0, "Insect Token")
    guard = tb.put(1, "Hired Bodyguard")
    leader = g.players[0].leader
    turn.do(g, 0, Option("unleash", leader, effect=leader.card.unleash))
    turn.do(g, 0, Option("attack", token, guard))
    assert (creatures.life(g, token), token.damage, guard.damage) == (1, 1, 2)
    turn.end(g, 0)
    assert token.zone == "gone" and token not in g.players[0].field
    assert len(tb.named(0, "Insect Token")) == 4 + 1                 # the Unleash's and the END OF TURN one
    assert all(creatures.life(g, t) == 1 for t in tb.named(0, "Insect Token"))


def test_a_creature_alive_only_by_an_aura_is_destroyed_as_the_next_players_turn_begins():
    """4, AURA: "This effect is always active on your turn"; 5, Creatures: a creature at 0 life is destroyed.
    Thumrok's AURA (+1/+1) keeps an Ember Recruit (2/1) alive after it fights an Insect Token; when the next
    player's turn begins the AURA is off and the Recruit, 2/1 with 1 damage, is gone before that player acts."""
    tb = Table(active=1, turn=2)
    g = tb.g
    tb.put(1, "Thumrok of the Drums")
    recruit = tb.put(1, "Ember Recruit")
    token = tb.put(0, "Insect Token")
    turn.do(g, 1, Option("attack", recruit, token))
    assert token.zone == "gone" and recruit.zone == "field" and creatures.life(g, recruit) == 1
    turn.end(g, 1)
    assert recruit.zone == "field"
    seen = []
    g.agents[0] = Stub(watch=lambda g, seat, decision: seen.append((decision, recruit.zone)))
    turn.take_turn(g, 0)
    assert seen and seen[0] == ("main", "grave") and recruit in g.players[1].grave


def test_creatures_left_at_0_life_by_a_destroyed_aura_card_are_destroyed_at_once():
    """5, Creatures, and 1e: Thumrok (3/4, AURA +1/+1, with 4 damage) dies fighting a Hive Sentinel; the Ember
    Recruit his AURA kept alive (2/1 with 1 damage) is destroyed with him, not left in play at 0 life."""
    tb = Table(active=1, turn=2)
    g = tb.g
    thumrok = tb.put(1, "Thumrok of the Drums")
    recruit = tb.put(1, "Ember Recruit")
    thumrok.damage, recruit.damage = 4, 1
    sentinel = tb.put(0, "Hive Sentinel")
    assert (creatures.life(g, thumrok), creatures.life(g, recruit)) == (1, 1)
    turn.do(g, 1, Option("attack", thumrok, sentinel))
    assert thumrok in g.players[1].banish and sentinel.damage == 4
    assert recruit in g.players[1].grave and g.players[1].field == []


def test_a_loss_mid_destruction_does_not_leave_creatures_at_0_life_in_play():
    """5, Losing ("If a player loses and the game continues ...") and 5, Creatures (a creature at 0 life is
    destroyed): in a three-player game Kissith's player, at 3 life, casts Eruption (2 damage to every enemy
    creature); Brakka (4/3, 1 damage) dies and his DEATH effect deals 3 to Kissith, who loses; the Cinder Hound
    (2/2) Eruption also brought to 0 life is destroyed all the same, and the game goes on."""
    tb = Table(THREE, turn=0)
    g = tb.g
    tb.life(0, 3)
    tb.sources(0, "Fire Source", 4)
    tb.put(0, "Eruption", "hand")
    brakka = tb.put(1, "Brakka, First Into the Breach")
    hound = tb.put(1, "Cinder Hound")
    brakka.damage = 1
    g.agents = [Stub(want("main", act="play", name="Eruption")),
                Stub(want("target", target="Brood Regent Kissith")), Stub()]
    turn.take_turn(g, 0)
    assert g.players[0].lost and g.winner == -1 and brakka in g.players[1].banish
    assert hound.zone == "grave" and hound in g.players[1].grave and g.players[1].field == []


# ---------------------------------------------------------------------------------------------- 6f-6h, chains
def test_an_effect_negated_by_condemnation_still_costs_its_aether():
    """6f, Example A (Condemnation): "Negate a card's effects and put it in its owner's Graveyard"; the effect's
    cost was paid as it activated (6d, Step 1) and stays paid: Magma Vent's ACT COST (2 fire) deals no damage, the
    Vent goes to the Graveyard, its controller's Aether stays spent."""
    tb = Table(active=1)
    g = tb.g
    vent = tb.put(1, "Magma Vent")
    tb.sources(1, "Fire Source", 2)
    condemnation = tb.put(0, "Condemnation", "hand")
    tb.sources(0, "Earth Source", 3)
    g.agents[0] = Stub(want("respond", act="chain card", name="Condemnation"))
    assert aether.total(g.players[1]) == 3
    turn.do(g, 1, act(vent))
    assert g.players[0].life == 38
    assert vent.zone == "grave" and vent in g.players[1].grave and vent not in g.players[1].sources
    assert aether.total(g.players[1]) == 1 and aether.total(g.players[0]) == 0
    assert condemnation in g.players[0].grave and g.chain == [] and not g.resolving


def test_a_negated_act_effect_still_spends_its_action():
    """6f (negation) and 1f: an ACT effect spends the card's action as it activates; Mimic Moth's negation stops
    Swarm Caller's Insect Token but not the action spent, and the Moth's own ACT spends its action too."""
    tb = Table()
    g = tb.g
    caller = tb.put(0, "Swarm Caller")
    moth = tb.put(1, "Mimic Moth")
    g.agents[1] = Stub(want("respond", act="chain effect", name="Mimic Moth"))
    turn.do(g, 0, act(caller))
    assert tb.named(0, "Insect Token") == [] and caller.zone == "field"
    assert caller.actions == 0 and moth.actions == 0
    assert not any(o.act == "act" and o.thing is caller for o in turn.main_options(g, 0))


def test_a_chain_resolves_last_in_first_out():
    """6f: "Effect Chains resolve using a Last In, First Out approach": Swarm Caller's ACT, Condemnation chained
    to it, Mimic Moth chained to Condemnation -- the Moth resolves first and negates Condemnation, which then does
    nothing, and Swarm Caller's Insect Token is created last."""
    tb = Table()
    g = tb.g
    caller = tb.put(0, "Swarm Caller")
    tb.put(0, "Mimic Moth")
    condemnation = tb.put(1, "Condemnation", "hand")
    tb.sources(1, "Fire Source", 3)
    g.agents = [Stub(want("respond", act="chain effect", name="Mimic Moth", when=top_is("Condemnation"))),
                Stub(want("respond", act="chain card", name="Condemnation"))]
    turn.do(g, 0, act(caller))
    negated, token = tb.lines(f"{condemnation}'s effects negated"), tb.lines("summons 1 Insect Token")
    assert len(negated) == 1 and len(token) == 1 and negated[0] < token[0]
    assert caller.zone == "field" and len(tb.named(0, "Insect Token")) == 1
    assert condemnation in g.players[1].grave and not tb.lines(f"{caller}'s effects negated")


def test_an_unleash_in_response_breaks_the_chain_and_bars_chains_until_the_next_ready_phase():
    """1g: an Unleash is innately chainable, UNCHAINED, and BREAKS THE CHAIN; 6f, Chain Breaking: "causing all
    cards and effects on the Effect Chain to do nothing.  Also, no one can make Effect Chains until the next player's
    READY PHASE".  Kissith's Unleash (4 Insect Tokens, then allied creatures +1/+1 until end of turn) chained over
    Condemnation over Swarm Caller's ACT: only the Unleash happens."""
    tb = Table()
    g = tb.g
    callers = [tb.put(0, "Swarm Caller") for _ in range(3)]
    tb.put(0, "Mimic Moth")                              # a response seat 0 could make, were it asked
    condemnations = [tb.put(1, "Condemnation", "hand") for _ in range(2)]
    tb.sources(1, "Fire Source", 6)
    g.agents = [Stub(want("respond", act="unleash")),
                Stub(want("respond", act="chain card", name="Condemnation", when=top_is("Swarm Caller")))]
    turn.do(g, 0, act(callers[0]))
    assert g.players[0].unleashed and tb.lines("the chain is broken")
    assert len(tb.named(0, "Insect Token")) == 4                     # the Unleash's; not Swarm Caller's
    assert callers[0].zone == "field" and condemnations[0] in g.players[1].grave
    assert all((creatures.attack(g, t), creatures.life(g, t)) == (2, 2) for t in tb.named(0, "Insect Token"))
    assert len(g.agents[0].asked_to("respond")) == 1 and len(g.agents[1].asked_to("respond")) == 1
    assert g.chains_barred_until == 1
    turn.do(g, 0, act(callers[1]))                       # chains barred: no one is asked, nothing stops it
    assert len(g.agents[1].asked_to("respond")) == 1 and condemnations[1].zone == "hand"
    assert len(tb.named(0, "Insect Token")) == 5 and callers[1].zone == "field"
    g.active, g.turn = 1, 2
    turn.ready(g, 1)                                     # seat 1's Ready Phase lifts the bar
    assert g.chains_barred_until == -1
    turn.do(g, 0, act(callers[2]))
    assert callers[2] in g.players[0].grave and condemnations[1] in g.players[1].grave
    assert len(tb.named(0, "Insect Token")) == 5


def test_a_negated_aura_is_off_while_the_chain_lasts_and_back_on_after():
    """6f, "Negating an AURA Disables It Until the Chain Ends": the Rally Drummer's AURA (+1/+0 to allied
    creatures) while the Mimic Moth's negation of its chained effect has resolved and the chain still resolves
    (Wither's target is chosen as its link resolves, last): a Praying Mantis, 2/3, is 3/3 before, 2/3 then, 3/3
    after; the negated effect (draw a card) does not happen."""
    tb = Table()
    g = tb.g
    drummer = tb.put(0, RALLY)
    mantis = tb.put(0, "Praying Mantis")
    moth = tb.put(1, "Mimic Moth")
    wither = tb.put(0, "Wither", "hand")
    tb.sources(0, "Earth Source", 2)
    during = []

    def watch(g, seat, decision):
        if decision == "target":
            during.append((creatures.attack(g, mantis), creatures.attack(g, drummer), g.resolving))
    g.agents = [Stub(want("respond", act="chain effect", name="Rally Drummer"), want("target", target="Mimic Moth"),
                     watch=watch),
                Stub(want("respond", act="chain effect", name="Mimic Moth", when=top_is("Rally Drummer")))]
    assert (creatures.attack(g, mantis), creatures.attack(g, drummer)) == (3, 2)
    turn.do(g, 0, Option("play", wither))
    assert during == [(2, 1, True)]                      # the Wither link resolves last, the chain not yet over
    assert (creatures.attack(g, mantis), creatures.attack(g, drummer)) == (3, 2)
    assert moth in g.players[1].grave and drummer.actions == 0 and g.players[0].hand == []


def test_dynamic_will_negates_only_the_destruction_and_its_then_still_resolves():
    """6f, Example B (Dynamic Will): "Negate an effect on a creature that causes destruction.  Then draw a card.
    The destruction is negated, but if that single effect performs any additional effects, it will still try to
    resolve as far as possible ... The rest of the card's effects (if any) won't activate": Purge's destroy is
    skipped, its "then 2 damage to the enemy Leader" happens, its "draw a card" does not; Dynamic Will's owner
    draws one."""
    tb = Table()
    g = tb.g
    lancer = tb.put(1, "Flame Lancer")
    will = tb.put(1, "Dynamic Will", "hand")
    tb.sources(1, "Fire Source", 2)
    purge = tb.put(0, PURGE, "hand")
    tb.sources(0, "Earth Source", 2)
    g.agents[1] = Stub(want("respond", act="chain card", name="Dynamic Will"))
    hand0, hand1 = len(g.players[0].hand), len(g.players[1].hand)
    turn.do(g, 0, Option("play", purge))
    assert lancer.zone == "field" and not tb.lines("is destroyed")
    assert g.players[1].life == 38
    assert len(g.players[0].hand) == hand0 - 1 and len(g.players[1].hand) == hand1
    assert will in g.players[1].grave and will not in g.players[1].hand and purge in g.players[0].grave


def test_dynamic_will_cannot_answer_an_effect_without_destruction():
    """6f, Example B: Dynamic Will negates "an effect ... that causes destruction": Searing Bolt's damage is not
    one, so it is not offered and the Bolt resolves."""
    tb = Table()
    g = tb.g
    will = tb.put(1, "Dynamic Will", "hand")
    tb.put(1, "Condemnation", "hand")
    tb.sources(1, "Fire Source", 3)
    bolt = tb.put(0, "Searing Bolt", "hand")
    tb.sources(0, "Fire Source", 2)
    turn.do(g, 0, Option("play", bolt))
    offered = g.agents[1].asked_to("respond")
    assert len(offered) == 1 and any("Condemnation" in o for o in offered[0])
    assert not any("Dynamic Will" in o for o in offered[0])
    assert will.zone == "hand" and g.players[1].life == 37


def test_nothing_chains_to_an_unchained_card():
    """6h, "Can I Chain To It?": "Cards with UNCHAINED cannot be chained to": The Fall of Cinderholt resolves
    without a response window though its target holds Condemnation and the Aether for it; its 3 damage to every
    enemy creature and 3 to the enemy Leader land."""
    tb = Table(active=1)
    g = tb.g
    sentinel = tb.put(0, "Hive Sentinel")
    condemnation = tb.put(0, "Condemnation", "hand")
    tb.sources(0, "Earth Source", 3)
    g.agents[0] = Stub(want("respond", act="chain card", name="Condemnation"))
    fall = g.new_thing(g.cards["The Fall of Cinderholt"], 1, "stack")
    effects = tuple(e for e in fall.card.effects if e.has("PLAY"))
    assert Link(1, fall, effects).unchained
    chain.activate(g, 1, fall, effects, after=chain.to_pile)
    assert g.agents[0].asked_to("respond") == [] and condemnation.zone == "hand"
    assert creatures.life(g, sentinel) == 6 - 3 and g.players[0].life == 38 - 3 and fall.zone == "banish"


def test_nothing_chains_to_an_effect_that_only_produces_aether():
    """6h: "KEYWORDS that produce only Aether CANNOT create Effect Chains": Bug Nest's ACT COST (sacrifice two
    Insect Tokens, PRODUCE one earth, 6a B) opens no window; Swarm Caller's ACT, by contrast, does."""
    tb = Table()
    g = tb.g
    nest = tb.put(0, "Bug Nest")
    tokens = [tb.put(0, "Insect Token") for _ in range(2)]
    caller = tb.put(0, "Swarm Caller")
    condemnation = tb.put(1, "Condemnation", "hand")
    tb.sources(1, "Fire Source", 3)
    g.agents[1] = Stub(want("respond", act="chain card", name="Condemnation"))
    assert Link(0, nest, (nest.card.effects[0],)).unchained
    assert not Link(0, caller, (caller.card.effects[0],)).unchained
    turn.do(g, 0, act(nest))
    assert g.agents[1].asked_to("respond") == [] and condemnation.zone == "hand"
    assert g.players[0].pool.get("earth") == 1 and all(t.zone == "gone" for t in tokens) and nest.zone == "sources"
    turn.do(g, 0, act(caller))
    assert g.agents[1].asked_to("respond") and caller in g.players[0].grave and condemnation in g.players[1].grave


# ---------------------------------------------------------------------------------------------- 5, rulings
def test_a_search_for_more_cards_than_the_deck_holds_fails_and_the_deck_is_shuffled_anyway():
    """5, Tutoring: "If a card effect says to search for a specific number of cards and the player is unable to
    find that exact amount, the effect fails"; "After doing a search (whether it succeeds or fails), shuffle the
    Main Deck".  Two Chain cards searched for, one in the deck: none is taken; then two: both are."""
    tb = Table()
    g = tb.g
    p = g.players[0]
    first = tb.put(0, "Condemnation", "main")
    tb.sources(0, "Earth Source", 2)
    assert [t.card.type for t in p.main].count("chain") == 1

    def shuffled(cards):
        """``cards`` as the game's next shuffle will order them."""
        shuffler = random.Random()
        shuffler.setstate(g.rng.getstate())
        out = list(cards)
        shuffler.shuffle(out)
        return out
    expected = shuffled(p.main)
    assert expected != p.main
    turn.do(g, 0, Option("play", tb.put(0, SUMMONS, "hand")))
    assert p.hand == [] and first.zone == "main" and p.main == expected
    second = tb.put(0, "Condemnation", "main")
    expected = shuffled([t for t in p.main if t not in (first, second)])
    turn.do(g, 0, Option("play", tb.put(0, SUMMONS, "hand")))
    assert sorted(t.uid for t in p.hand) == sorted([first.uid, second.uid])
    assert p.main == expected and not any(t.card.type == "chain" for t in p.main)


def test_drawing_from_an_empty_main_deck_loses():
    """5, Main Deck: "If a player attempts to draw a card from an empty Main Deck, they lose the game" (the
    deck-out end reason); with two players the other wins (1c)."""
    m = prepare(str(POOL), list(TWO), ["scripted"] * 2)
    trace = []
    g = game.setup(m, 1, 0, trace)
    g.players[0].main.clear()
    game.play(g, 20)
    assert (g.end, g.winner, g.turn) == (DECK_OUT, 1, 1)
    assert trace[-2:] == ["turn 1: seat 0 draws from an empty Main Deck", "turn 1: seat 0 loses"]


def test_a_deck_out_in_a_three_player_game_leaves_the_others_playing():
    """5, Losing: "If a player loses and the game continues, any card that originally belonged to them disappears
    from the game"; turns go on clockwise without them (1b)."""
    m = prepare(str(POOL), list(THREE), ["scripted"] * 3)
    g = game.setup(m, 1, 0)
    g.players[1].main.clear()
    game.play(g, 8)
    assert g.players[1].lost and g.players[1].own_turns == 1 and g.players[1].field == []
    assert g.players[0].own_turns == 4 and g.players[2].own_turns == 3 and g.end == TURN_CAP


# ---------------------------------------------------------------------------------------------- invariants
# No shrinking: each example plays whole games; a failing one is printed as drawn.
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(decks=st.lists(st.sampled_from(LINEUP), min_size=2, max_size=4),
       policies=st.lists(st.sampled_from(["scripted", "aggressive", "random"]), min_size=4, max_size=4),
       seed=st.integers(0, 2 ** 40), first=st.integers(0, 2 ** 16), cap=st.integers(1, 120))
def test_every_game_keeps_the_invariants_ends_within_its_cap_and_replays_the_same(decks, policies, seed, first, cap):
    """1c and 5, Losing (a game ends with one player left, or at the turn cap, a draw); invariants.py's checks
    after every turn (cards conserved, Aether never negative, no creature at 0 life in play, at most 9 cards in
    hand, Leaders within their life); the same seed gives the same records."""
    m = prepare(str(POOL), decks, policies[:len(decks)], turn_cap=cap)
    turns = [check_game(m, seed, first + k) for k in range(2)]
    a, b = play_range(m, seed, first, 2), play_range(m, seed, first, 2)
    for key in a:
        assert np.array_equal(a[key], b[key]), key
    rows = a["rows"]
    assert list(rows[:, R_TURNS]) == turns and all(t <= cap for t in turns)
    assert all(e in END_REASONS for e in rows[:, R_END])
    assert all((w >= 0) == (e != TURN_CAP) for w, e in zip(rows[:, R_WINNER], rows[:, R_END]))
