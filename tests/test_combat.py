"""Combat and damage (rulebook, phase 6a "The Combat Actions", and the combat
rules of "Beings in Detail"), as small positions that the rulebook's text decides.

Like tests/test_phases.py: a real game of the starter decks, named cards put
where the passage says, the engine's own functions run on it, and dice only
from the engine's seeded streams (read ahead with ``positions.peek``, or
checked against exact probabilities over many rolls).
"""
import re

import pytest
from positions import BELIAL, GABRIEL, Board, data_deck, declares, peek
from scipy.stats import binomtest

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _attack_frame, _attack_score, _best_attack, _strong_defence
from balance.rules.innomine.beings import attach, attack_value, can_act, is_down, leave_play, move_to
from balance.agents.innomine.acts import best_holder
from balance.agents.kinds import A_KIND, RANDOM
from balance.agents.innomine.combat import _declared_against, _maybe_boost, may_join_attack, song_hits, target_value, uses
from balance.rules.innomine.combat import (
    A_ACT,
    A_ATTACK,
    A_BOOST,
    A_FORCED,
    A_RETREAT,
    A_ROLL,
    A_SONG,
    A_WAIT,
    ATTACKING,
    DEFENDING,
    MAX_ROUNDS,
    REINFORCE,
    TRAP,
    _berserk,
    _end_of_round,
    _gather_attackers,
    _gather_defenders,
    _log_leader,
    _order,
    _play_acts,
    _resolve,
    _sendable,
    attackable,
    can_base_attack,
    combat_type,
    fight,
    may_take_base_attack,
    pit_trap,
)
from balance.rules.innomine.combat_acts import hand_act, may_hold
from balance.rules.innomine.combat_types import open_types
from balance.rules.innomine.damage import deal_damage, ethereal_loss, resolve_zero_hits
from balance.rules.innomine.effects import use_ability
from balance.rules.innomine.humans import afterlife_side
from balance.agents.innomine.policies import (
    NOTE_COST,
    W_ATTACK_HUMAN,
    W_COMBAT_ACTS,
    W_COURT,
    W_GANG,
    W_RETREAT,
    W_WAIT,
)
from balance.rules.innomine.tables import D_ATK, D_HITS
from balance.rules.innomine.tethers import burn_demons_in_combat
from balance.rules.innomine.trace import T_ATTACK, T_LEAD, T_PLAY, T_ROUND
from balance.rules.innomine.vocabulary import (
    CELESTIAL,
    CORPOREAL,
    COUNTERS,
    E_DAMAGE_LOCATION,
    E_REINFORCE,
    ETHEREAL_REALM,
    HELL,
)
from balance.sim.seeding import DICE, d6

R_CE, R_ET, R_CO = S.R_CELESTIAL, S.R_ETHEREAL, S.R_CORPOREAL


def wilson_holds(successes, n, p):
    ci = binomtest(successes, n).proportion_ci(confidence_level=0.999, method="wilson")
    return ci.low <= p <= ci.high


def hits(b, name, r):
    return int(b.t.C[b.design(name), D_HITS + r])


def atk(b, name, r):
    return int(b.t.C[b.design(name), D_ATK + r])


def board(decks=("belial", "gabriel")):
    b = Board(decks=decks)
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


@pytest.fixture(scope="module")
def combat_decks(tmp_path_factory):
    """Belial's, Gabriel's, Michael's and Saminga's starter decks with the cards of
    tests/data/combat.toml (Speed, Soul Strike, Soul Shield), by name."""
    tmp = tmp_path_factory.mktemp("combat")
    repo = {"Speed": 2, "Soul Strike": 1, "Soul Shield": 1}
    names = ("belial", "gabriel", "michael", "saminga")
    return {name: data_deck(tmp, name, "combat.toml", repo, {}) for name in names}


def sides(b, attackers, defenders):
    for i in attackers:
        S.enlist(b.s, i, ATTACKING)
    for i in defenders:
        S.enlist(b.s, i, DEFENDING)


# ================================================================== who may be attacked, and how
def test_a_being_can_be_attacked_once_it_has_spent_an_opposing_turn_in_its_realm():
    """"Beings cannot be attacked until they have spent one opponent's Turn in a
    given Realm" (I12): a Being that entered in turn t may be attacked from turn
    t + 2 on -- never in the opposing turn right after it arrived -- and not in
    Trauma; moving within a realm keeps its count, a new realm restarts it."""
    b = board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth, entered=9)        # then comes an opposing turn, 10
    assert not attackable(s, b.t, v, GABRIEL)
    s.g[S.G_TURN] = 11
    assert attackable(s, b.t, v, GABRIEL) and not attackable(s, b.t, v, BELIAL)
    move_to(s, b.t, v, b.new_york)
    assert I[v, S.F_ENTERED] == 9 and attackable(s, b.t, v, GABRIEL)
    move_to(s, b.t, v, b.realm(BELIAL))
    assert I[v, S.F_ENTERED] == 11 and not attackable(s, b.t, v, GABRIEL)
    s.g[S.G_TURN] = 13
    assert attackable(s, b.t, v, GABRIEL)
    I[v, S.F_TRAUMA] = 2
    assert not attackable(s, b.t, v, GABRIEL)


@pytest.mark.parametrize("seat, name", [(GABRIEL, "Kindling"), (BELIAL, "Poof")])
def test_relievers_and_demonlings_neither_use_nor_take_base_corporeal_attacks(seat, name):
    """Relievers and Demonlings "can neither use nor be targeted by a base Corporeal
    Attack value" -- Celestial ones are another matter.  A Gun ("Roll d6.  Being
    takes half of result (round up)") is no base Attack: with one, the foe
    attacks (I112)."""
    b = board()
    s = b.s
    r = b.put(seat, name, b.earth)
    foe = b.put(1 - seat, "Grasch" if seat == GABRIEL else "Azra", b.earth)
    assert atk(b, name, CORPOREAL) > 0
    assert not can_base_attack(s, b.t, r, R_CO) and can_base_attack(s, b.t, r, R_CE)
    assert not may_take_base_attack(s, b.t, foe, r, R_CO) and may_take_base_attack(s, b.t, foe, r, R_CE)
    S.collect_rivals(s, 1 - seat)
    assert list(S.rivals(s)) == [r]
    assert _best_attack(s, b.t, foe, 1 - seat)[0] == -1       # nothing to attack it with
    attach(s, b.t, b.take(1 - seat, "Gun"), foe, 1 - seat)
    assert _best_attack(s, b.t, foe, 1 - seat)[0] == r


def test_humans_fight_only_corporeally():
    """Humans "when on Earth they may only participate in Corporeal combat without
    special card effects.\""""
    b = board()
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    assert atk(b, "Ed Holder", CELESTIAL) > 0 and atk(b, "Ed Holder", ETHEREAL_REALM) > 0
    assert can_base_attack(b.s, b.t, ed, R_CO)
    assert not can_base_attack(b.s, b.t, ed, R_CE) and not can_base_attack(b.s, b.t, ed, R_ET)


def test_an_uncontrolled_human_that_is_attacked_strikes_no_blow():
    """"Declare effects in this order: Attacking player's Beings [...]; defending
    players' Beings": a Human no player controls is no player's Being, and so
    declares nothing; the attacker's blows land until it dies (I74)."""
    b = board()
    s, I = b.s, b.s.I
    ed = b.put(BELIAL, "Ed Holder", b.new_york)
    vashka = b.put(BELIAL, "Vashka", b.new_york)
    I[vashka, S.F_ACTS] = 1
    assert atk(b, "Ed Holder", CORPOREAL) > 0 and I[ed, S.F_CTRL] == -1
    fight(s, b.t, vashka, ed)
    assert I[ed, S.F_ZONE] != S.Z_PLAY
    assert not I[vashka, S.F_DMG:S.F_DMG + 3].any()


def test_undead_take_no_part_in_celestial_combat():
    """"an Undead cannot participate in Celestial combat" -- neither striking nor struck."""
    b = board()
    u = b.put(BELIAL, "The Charred Man", b.realm(BELIAL))
    angel = b.put(GABRIEL, "Azra", b.realm(BELIAL))
    assert not can_base_attack(b.s, b.t, u, R_CE) and can_base_attack(b.s, b.t, u, R_CO)
    assert not may_take_base_attack(b.s, b.t, angel, u, R_CE)
    assert may_take_base_attack(b.s, b.t, angel, u, R_CO)


def test_the_standard_combat_of_each_realm():
    """"On Earth, the standard combat is corporeal"; "In the Marches, the standard
    combat is ethereal"; "In player's Realms, standard combat is Celestial" -- a
    Tether or Location card on Earth is on Earth."""
    b = board()
    s = b.s
    assert S.realm_type(s, b.earth) == R_CO and S.realm_type(s, b.new_york) == R_CO
    assert S.realm_type(s, S.loc_marches(s)) == R_ET
    assert S.realm_type(s, b.realm(BELIAL)) == R_CE and S.realm_type(s, b.realm(GABRIEL)) == R_CE


# ================================================================== a round's choices
def test_a_base_attack_does_the_attack_value():
    """"That target takes damage equal to the attacker's Attack value of that type":
    with Gabriel's Malakim's "+1 to their base attack value" and a Relic's "Holder's
    base Corporeal Attack value is +2"; a Being in Trauma is "treated as having no
    game text or attached Abilities or Objects"."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    azra = b.put(GABRIEL, "Azra", L)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    sides(b, [grasch], [azra, tamiel])
    assert attack_value(s, b.t, azra, CORPOREAL) == atk(b, "Azra", CORPOREAL) + 1
    assert attack_value(s, b.t, azra, CELESTIAL) == atk(b, "Azra", CELESTIAL)
    attach(s, b.t, b.take(GABRIEL, "Flaming Sword"), tamiel, GABRIEL)
    assert attack_value(s, b.t, tamiel, CORPOREAL) == atk(b, "Tamiel", CORPOREAL) + 2
    I[tamiel, S.F_TRAUMA] = 1
    assert attack_value(s, b.t, tamiel, CORPOREAL) == atk(b, "Tamiel", CORPOREAL)
    I[tamiel, S.F_TRAUMA] = 0
    _resolve(s, b.t, grasch, A_ATTACK, azra, L, R_CO)
    assert I[azra, S.F_DMG + CORPOREAL] == atk(b, "Grasch", CORPOREAL)
    _resolve(s, b.t, azra, A_ATTACK, grasch, L, R_CO)
    assert I[grasch, S.F_DMG + CORPOREAL] == atk(b, "Azra", CORPOREAL) + 1


def test_a_wait_does_nothing():
    """"to Wait -- take no action.\""""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    azra = b.put(GABRIEL, "Azra", L)
    sides(b, [grasch], [azra])
    before = I.copy()
    _resolve(s, b.t, grasch, A_WAIT, azra, L, R_CO)
    assert (I == before).all()


def test_game_text_in_a_round_gun_song_of_fire_and_numinous_corpus():
    """"to use any game text, Ability, Songs, Objects, or Ranks attached": the Gun
    ("Roll d6.  Being takes half of result (round up)", I16); Song of Fire ("Pay 1
    Essence.  Do 2 Corporeal Hits to any number of Beings in your Location"); and
    Numinous Corpus (pay 1 Essence: +1 Corporeal Attack, and 1 back at whoever
    hits the holder)."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    vashka = b.put(BELIAL, "Vashka", L)
    grasch = b.put(BELIAL, "Grasch", L)
    azra = b.put(GABRIEL, "Azra", L)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    sides(b, [vashka, grasch], [azra, tamiel])
    attach(s, b.t, b.take(BELIAL, "Gun"), vashka, BELIAL)
    attach(s, b.t, b.take(BELIAL, "Song of Fire"), grasch, BELIAL)
    attach(s, b.t, b.take(GABRIEL, "Numinous Corpus"), tamiel, GABRIEL)
    roll = peek(s, lambda s: d6(s.rng))
    _resolve(s, b.t, vashka, A_ROLL, azra, L, R_CO)
    assert I[azra, S.F_DMG + CORPOREAL] == (roll + 1) // 2
    assert b.log()[-2:] == [f"Belial: Gun uses its game text on Azra (roll {roll})",   # the Gun's damage,
                            f"Belial: Gun hits Azra for {(roll + 1) // 2}"]            # not Vashka's Attack
    azra_before = I[azra, S.F_DMG + CORPOREAL]
    _resolve(s, b.t, grasch, A_SONG, -1, L, R_CO)
    assert s.S[BELIAL, S.S_ESSENCE] == 5 - 1
    assert I[azra, S.F_DMG + CORPOREAL] == azra_before + 2 and I[tamiel, S.F_DMG + CORPOREAL] == 2
    assert I[vashka, S.F_DMG + CORPOREAL] == 0
    _resolve(s, b.t, tamiel, A_BOOST, -1, L, R_CO)
    assert s.S[GABRIEL, S.S_ESSENCE] == 5 - 1 and I[tamiel, S.F_BOOST] == 1
    assert attack_value(s, b.t, tamiel, CORPOREAL) == atk(b, "Tamiel", CORPOREAL) + 1
    _resolve(s, b.t, grasch, A_ATTACK, tamiel, L, R_CO)
    assert I[grasch, S.F_DMG + CORPOREAL] == 1


def test_a_song_of_fire_is_weighed_over_every_being_it_would_hurt():
    """I98: Song of Fire does 2 Corporeal Hits "to any number of Beings in your
    Location".  Sistrael (Corporeal Attack 2) facing Azra and Tamiel (4 Hits
    each) sings it rather than strike one of them for 2; once declared, its 2 count
    against each of them among the blows declared this round (I80), as a base
    Attack's count against its one target."""
    b = board()
    s, L = b.s, b.new_york
    sistrael = b.put(BELIAL, "Sistrael", L)
    azra, tamiel = b.put(GABRIEL, "Azra", L), b.put(GABRIEL, "Tamiel", L)
    sides(b, [sistrael], [azra, tamiel])
    assert declares(s, b.t, sistrael, R_CO)[0] == A_ATTACK
    attach(s, b.t, b.take(BELIAL, "Song of Fire"), sistrael, BELIAL)
    assert uses(s, b.t, sistrael, R_CO) == (2.0, 0.0, 2.0)
    assert declares(s, b.t, sistrael, R_CO) == (A_SONG, -1)
    s.rounds[0, 0], s.rounds[1, 0], s.rounds[2, 0] = sistrael, A_SONG, -1
    assert _declared_against(s, b.t, azra, R_CO, 1, ATTACKING) == 2.0
    assert _declared_against(s, b.t, tamiel, R_CO, 1, ATTACKING) == 2.0
    assert _declared_against(s, b.t, sistrael, R_CO, 1, DEFENDING) == 0.0


def test_numinous_corpus_is_bought_only_in_a_corporeal_combat():
    """Numinous Corpus: "For the remainder of combat, Corporeal Attack value is
    +1": a holder with nothing better to do buys it in a corporeal combat, and
    not in a celestial one, where it would add nothing, nor once no enemy is
    left able in the combat (a Pit Trap took the only one)."""
    b = board()
    s, L = b.s, b.new_york
    tamiel, grasch = b.put(GABRIEL, "Tamiel", L), b.put(BELIAL, "Grasch", L)
    attach(s, b.t, b.take(GABRIEL, "Numinous Corpus"), tamiel, GABRIEL)
    sides(b, [grasch], [tamiel])
    assert _maybe_boost(s, b.t, tamiel, R_CO) == A_BOOST
    assert _maybe_boost(s, b.t, tamiel, R_CE) == A_WAIT
    pit_trap(s, b.t, b.take(GABRIEL, "Pit Trap"), grasch)
    assert _maybe_boost(s, b.t, tamiel, R_CO) == A_WAIT


def test_numinous_corpus_is_neither_bought_nor_given_where_its_attack_cannot_be_used():
    """I81: Relievers and Demonlings "cannot use base Corporeal attacks", so
    "Corporeal Attack value is +1" is nothing to them: Kindling does not buy the
    boost, and the Acts phase gives the Song to Tamiel, not to Kindling, though
    Kindling is the less laden."""
    b = board()
    s, L = b.s, b.new_york
    kindling, tamiel = b.put(GABRIEL, "Kindling", L), b.put(GABRIEL, "Tamiel", L)
    attach(s, b.t, b.take(GABRIEL, "Numinous Corpus"), tamiel, GABRIEL)
    song = b.take(GABRIEL, "Numinous Corpus")
    assert best_holder(s, b.t, GABRIEL, song, -1) == tamiel
    attach(s, b.t, song, kindling, GABRIEL)
    sides(b, [b.put(BELIAL, "Grasch", L)], [kindling])
    assert _maybe_boost(s, b.t, kindling, R_CO) == A_WAIT


def test_a_song_costs_essence_and_an_action():
    """Songs "cost Essence and an action to use": Song of Fire used as an action
    fizzles without the Essence, and otherwise hurts the enemies in the Location."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    song = b.take(BELIAL, "Song of Fire")
    attach(s, b.t, song, grasch, BELIAL)
    azra = b.put(GABRIEL, "Azra", L)
    s.S[BELIAL, S.S_ESSENCE] = 0
    use_ability(s, b.t, grasch, song, E_DAMAGE_LOCATION, -1)
    assert I[azra, S.F_DMG + CORPOREAL] == 0
    s.S[BELIAL, S.S_ESSENCE] = 3
    use_ability(s, b.t, grasch, song, E_DAMAGE_LOCATION, -1)
    assert I[azra, S.F_DMG + CORPOREAL] == 2 and s.S[BELIAL, S.S_ESSENCE] == 2
    assert b.log()[-2:] == ["Belial: Grasch uses Song of Fire", "Belial: Song of Fire hits Azra for 2"]


def test_tool_game_text_works_only_in_corporeal_combat():
    """"Artifacts and Tools may not be used in player's Realms": a Gun's roll is an
    option in Corporeal combat on Earth, none in a Realm's Celestial combat."""
    b = board()
    s = b.s
    v = b.put(BELIAL, "Vashka", b.earth)
    attach(s, b.t, b.take(BELIAL, "Gun"), v, BELIAL)
    assert uses(s, b.t, v, R_CO)[1] == pytest.approx(sum((r + 1) // 2 for r in range(1, 7)) / 6)
    move_to(s, b.t, v, b.realm(BELIAL))
    assert uses(s, b.t, v, R_CE)[1] == 0


def test_retreat_leaves_for_another_location_at_the_end_of_the_round():
    """"to Retreat.  The Being leaves combat by moving to a different Location at the
    end of the round" -- except that "Beings in New York need not leave New York
    when Retreating.\""""
    b = board()
    s, I = b.s, b.s.I
    dv = b.put(BELIAL, "Death Valley", b.earth)
    for L, stays in ((dv, False), (b.new_york, True)):
        grasch = b.put(BELIAL, "Grasch", L)
        azra = b.put(GABRIEL, "Azra", L)
        sides(b, [grasch], [azra])
        _resolve(s, b.t, azra, A_RETREAT, -1, L, R_CO)
        assert I[azra, S.F_RETREAT] == 1 and I[azra, S.F_LOC] == L
        _end_of_round(s, b.t, L)
        assert I[azra, S.F_FIGHT] == -1 and I[azra, S.F_RETREAT] == 0
        assert I[azra, S.F_LOC] == (L if stays else b.earth)
        assert I[grasch, S.F_FIGHT] == ATTACKING
    assert [line for line in b.log() if "Retreat" in line] == [
        "Gabriel: Azra #1's Retreat leaves it at Earth", "Gabriel: Azra #2's Retreat leaves it at New York"]


def test_a_retreat_from_open_ground_goes_to_a_card_location_of_the_realm():
    """From the open ground of Earth the "different Location" is a card Location of
    Earth: a Tether the Being's side holds, else one where no enemy is able; a
    Superior's Realm holds none, so there the Being leaves the combat where it
    stands (I79)."""
    b = board()
    s, I = b.s, b.s.I
    b.put(BELIAL, "Vashka", b.new_york)                  # an enemy at New York
    dv = b.put(BELIAL, "Death Valley", b.earth)
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    foe, azra = b.put(BELIAL, "Grasch", b.earth), b.put(GABRIEL, "Azra", b.earth)
    for L, goes in ((b.earth, kilauea), (b.earth, dv), (b.realm(GABRIEL), b.realm(GABRIEL))):
        if goes == dv:
            I[kilauea, S.F_ZONE] = S.Z_REMOVED            # no Tether of Gabriel's: the one without an enemy
        I[[foe, azra], S.F_LOC] = L
        sides(b, [foe], [azra])
        _resolve(s, b.t, azra, A_RETREAT, -1, L, R_CO)
        _end_of_round(s, b.t, L)
        assert I[azra, S.F_FIGHT] == -1 and I[azra, S.F_LOC] == goes
        I[foe, S.F_FIGHT] = -1


# ================================================================== sides and order
def test_a_human_joins_a_gang_only_if_its_blow_does_not_serve_the_other_side():
    """I111: at gang 2 a Human joins its side's attacks, but Ray Dunne, held by
    Gabriel, would meet his Fate ("cause two or more damage") with his blow and
    go to Hell when he falls: he stays out.  Sam Okafor, whose Destiny and Fate
    count turns, joins; held by Belial, Ray joins too."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    s.w[:, W_GANG] = 2
    ray = b.put(GABRIEL, "Ray Dunne", b.earth, ctrl=GABRIEL)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=GABRIEL)
    I[ray, S.F_ACTS] = I[sam, S.F_ACTS] = 1
    assert may_join_attack(s, b.t, sam, GABRIEL, L, R_CO)
    assert not may_join_attack(s, b.t, ray, GABRIEL, L, R_CO)
    I[ray, S.F_CTRL] = BELIAL
    assert may_join_attack(s, b.t, ray, BELIAL, L, R_CO)


def test_a_gang_is_as_large_as_the_fight_needs():
    """I109: Grasch (Corporeal Attack 3) attacks Tamiel (4 Hits) with Hadriel
    (4 Hits) beside her: 8 Hits to take.  Belial's other Beings on Earth may
    all join, but a scripted policy sends the strongest first and stops once
    the attackers' blows in a round match those Hits: Moloquin and Nyx (3
    each) join, and the two Vashkas (1) keep their actions for another attack."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    s.w[BELIAL, W_GANG] = 1
    lead = b.put(BELIAL, "Grasch", L)
    gang = [b.put(BELIAL, name, b.earth) for name in ("Vashka", "Moloquin", "Nyx", "Vashka")]
    for i in [lead] + gang:
        I[i, S.F_ACTS] = 1
    tamiel = b.put(GABRIEL, "Tamiel", L)
    b.put(GABRIEL, "Hadriel", L)
    need = hits(b, "Tamiel", CORPOREAL) + hits(b, "Hadriel", CORPOREAL)
    S.enlist(s, lead, ATTACKING)
    s.g[S.G_FIGHT_TARGET] = tamiel
    s.g[S.G_FIGHT_TYPE] = R_CO
    _gather_attackers(s, b.t, BELIAL, L, R_CO)
    joined = [i for i in gang if I[i, S.F_FIGHT] == ATTACKING]
    power = [atk(b, "Grasch", CORPOREAL)] + [attack_value(s, b.t, i, CORPOREAL) for i in joined]
    assert sum(power[:-1]) < need <= sum(power)
    left = [i for i in gang if i not in joined]
    assert left and all(I[i, S.F_ACTS] == 1 for i in left)
    assert max(attack_value(s, b.t, i, CORPOREAL) for i in left) <= min(power[1:])


def test_attackers_join_from_anywhere_in_the_realm_and_defending_is_free():
    """"Multiple Beings may enter a single combat at once; the target of the attack
    is automatically engaged in combat, and any beings who can Defend may choose to
    do so" -- Defend "any number of times, against any attacks upon a Being at
    their Location" (I13, I14: no action spent).  A Being at 0 Hits "can take no
    further actions while in this state, including defense".  The log names who joins."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    s.w[BELIAL, W_GANG] = 1
    lead = b.put(BELIAL, "Grasch", b.earth)
    joiner = b.put(BELIAL, "Vashka", b.earth)
    spent = b.put(BELIAL, "Sistrael", b.earth)
    away = b.put(BELIAL, "Nyx", b.realm(BELIAL))
    human = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    for i in (lead, joiner, away, human):
        I[i, S.F_ACTS] = 1
    target = b.put(GABRIEL, "Azra", L)
    tired = b.put(GABRIEL, "Hadriel", L)
    down = b.put(GABRIEL, "Tamiel", L)
    I[down, S.F_DMG + CORPOREAL] = hits(b, "Tamiel", CORPOREAL)
    elsewhere = b.put(GABRIEL, "Zophiel", b.earth)
    I[tired, S.F_ACTS] = 0
    S.enlist(s, lead, ATTACKING)
    S.enlist(s, target, DEFENDING)
    s.g[S.G_FIGHT_TARGET] = target
    s.g[S.G_FIGHT_TYPE] = R_CO
    _gather_attackers(s, b.t, BELIAL, L, R_CO)
    assert I[joiner, S.F_FIGHT] == ATTACKING and I[joiner, S.F_LOC] == L and I[joiner, S.F_ACTS] == 0
    assert [I[i, S.F_FIGHT] for i in (spent, away, human)] == [-1, -1, -1]
    s.g[S.G_FIGHT_TYPE] = R_CO
    _gather_defenders(s, b.t, GABRIEL, L, target, R_CO)
    assert I[tired, S.F_FIGHT] == DEFENDING and I[tired, S.F_ACTS] == 0
    assert I[down, S.F_FIGHT] == -1 and I[elsewhere, S.F_FIGHT] == -1
    assert not can_act(s, b.t, down) and is_down(s, b.t, down)
    assert b.log() == ["Belial: Vashka joins the combat at New York as an attacker",
                       "Gabriel: Hadriel joins the combat at New York as a defender"]
    sides(b, [], [down])
    before = I.copy()
    _resolve(s, b.t, down, A_ATTACK, lead, L, R_CO)
    assert (I == before).all()


def round_start(b, p=BELIAL, q=GABRIEL):
    """A round's order, declarations and the Combat Acts it offers, as combat._rounds
    sets them up (Belial attacking, Gabriel defending), in the state's own arrays
    (State.rounds), which the agents read."""
    order, what, whom = b.s.rounds
    b.s.rounds[:] = -1
    n, acts = _order(b.s, b.t, order, what, p, q)
    _log_leader(b.s, b.t, order, what, n)
    return order, what, whom, n, acts


def declaration(b):
    order, _, _, n, _ = round_start(b)
    return list(order[:n])


def test_attackers_declare_and_resolve_before_defenders_unless_a_leader_defends():
    """"Declare effects in this order: Attacking player's Beings ...; defending
    players' Beings"; resolution follows the declaration.  Marnel's "Leader ...
    allows any one defending Being in a combat round to act before attackers":
    the engine always uses it, for the strongest able defender (I15)."""
    b = board()
    I, L = b.s.I, b.new_york
    tamiel = b.put(GABRIEL, "Tamiel", L)
    uzziel = b.put(GABRIEL, "Uzziel", L)
    grasch = b.put(BELIAL, "Grasch", L)
    vashka = b.put(BELIAL, "Vashka", L)
    sides(b, [grasch, vashka], [tamiel, uzziel])
    assert declaration(b) == [grasch, vashka, tamiel, uzziel]
    marnel = b.put(GABRIEL, "Marnel", L)
    sides(b, [], [marnel])
    assert declaration(b) == [uzziel, grasch, vashka, tamiel, marnel]
    assert b.log()[-1] == "Gabriel: Marnel's Leader lets Uzziel act before the attackers"
    I[marnel, S.F_DMG + CORPOREAL] = hits(b, "Marnel", CORPOREAL)       # a Leader at 0 Hits leads nobody
    assert declaration(b) == [grasch, vashka, tamiel, uzziel]


def test_speed_and_the_ofanite_of_war_attunement_go_first(combat_decks):
    """"Some cards or abilities, such as Speed or the Ofanite of War Attunement, may
    affect this order, in which case those effects supersede this rule": Beings
    with more Speed declare and resolve first -- Michael's Ofanim of War have
    Speed 1, the Speed Skill gives 1 more -- and among equal Speed the rulebook's
    order stands, attackers first (I58)."""
    b = board((combat_decks["belial"], combat_decks["michael"]))
    s, L = b.s, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    vashka = b.put(BELIAL, "Vashka", L)
    jehoel = b.put(GABRIEL, "Jehoel", L)            # Michael's Malakite
    sariel = b.put(GABRIEL, "Sariel", L)            # Michael's Ofanite
    sides(b, [grasch, vashka], [jehoel, sariel])
    assert declaration(b) == [sariel, grasch, vashka, jehoel]
    attach(s, b.t, b.take(BELIAL, "Speed"), vashka, BELIAL)
    assert declaration(b) == [vashka, sariel, grasch, jehoel]
    attach(s, b.t, b.take(GABRIEL, "Speed"), sariel, GABRIEL)
    assert declaration(b) == [sariel, vashka, grasch, jehoel]


def test_a_leader_picks_a_defender_that_speed_leaves_behind_an_attacker(combat_decks):
    """Leader (I15) beside Speed (I58): the Leader's pick acts before the attackers
    of its own Speed, not before faster ones, and is the strongest defender that
    would not already act before every attacker.  Ramiel, Michael's Ofanite of
    War and a Leader, is faster than slow attackers, so he picks Jehoel; against a
    Speedy Vashka he picks himself and goes before her."""
    b = board((combat_decks["belial"], combat_decks["michael"]))
    s, L = b.s, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    vashka = b.put(BELIAL, "Vashka", L)
    jehoel = b.put(GABRIEL, "Jehoel", L)
    ramiel = b.put(GABRIEL, "Ramiel", L)
    sides(b, [grasch, vashka], [jehoel, ramiel])
    assert declaration(b) == [ramiel, jehoel, grasch, vashka]
    attach(s, b.t, b.take(BELIAL, "Speed"), vashka, BELIAL)
    assert declaration(b) == [ramiel, vashka, grasch, jehoel]


@pytest.mark.parametrize("first", ["Speed", "Leader"])
def test_a_human_does_not_strike_for_its_fate_where_the_defence_strikes_first(combat_decks, first):
    """I106: Ray Dunne, held by Belial, attacks Azra for the blow that meets his
    Fate ("cause two or more damage"), since it resolves before the blow of
    Azra's that would bring him to 0 Hits (I101).  Not when Azra strikes first:
    with the Speed Skill ("Beings with more Speed declare and resolve before
    Beings with less", I58), or picked by Marnel's "Leader: Marnel allows any
    one defending Being in a combat round to act before attackers" (I15).
    With Speed of his own Ray strikes first again, and attacks."""
    b = board((combat_decks["belial"], combat_decks["gabriel"]))
    s, L = b.s, b.new_york
    ray = b.put(GABRIEL, "Ray Dunne", L, ctrl=BELIAL)
    azra = b.put(GABRIEL, "Azra", L)
    if first == "Leader":
        b.put(GABRIEL, "Marnel", L)
    S.collect_rivals(s, BELIAL)

    def worth():
        able, choice, gang, atk = _attack_frame(s, b.t, ray, BELIAL)
        assert able
        return _attack_score(s, b.t, ray, BELIAL, azra, choice, gang, atk, -1e9) - s.w[BELIAL, W_WAIT]
    assert hits(b, "Ray Dunne", CORPOREAL) <= atk(b, "Azra", CORPOREAL)
    if first == "Speed":
        assert worth() > 0
        attach(s, b.t, b.take(GABRIEL, "Speed"), azra, GABRIEL)
    assert worth() < 0
    attach(s, b.t, b.take(BELIAL, "Speed"), ray, BELIAL)
    assert worth() > 0


def test_a_faster_leader_still_sends_its_pick_first(combat_decks):
    """I106: Ramiel, Michael's Ofanite of War, has Speed 1 and is a Leader: his
    blow resolves before Therkax's, and so does that of his Leader's pick,
    Jehoel ("any one defending Being in a combat round to act before
    attackers").  Together, not Ramiel alone, they strike first at Therkax with
    their two Attacks."""
    b = board((combat_decks["belial"], combat_decks["michael"]))
    s, L = b.s, b.new_york
    therkax = b.put(BELIAL, "Therkax", L)
    jehoel = b.put(GABRIEL, "Jehoel", L)
    ramiel = b.put(GABRIEL, "Ramiel", L)
    S.collect_rivals(s, BELIAL)
    both = attack_value(s, b.t, ramiel, CORPOREAL) + attack_value(s, b.t, jehoel, CORPOREAL)
    assert attack_value(s, b.t, jehoel, CORPOREAL) > 0
    assert _strong_defence(s, b.t, therkax, jehoel, CORPOREAL, both, True)
    assert not _strong_defence(s, b.t, therkax, jehoel, CORPOREAL, both + 1, True)


def test_a_being_with_speed_fells_its_attacker_before_the_blow_lands(combat_decks):
    """The order decides the fight: "Resolve effects in this order", and a Being
    at 0 Hits "can take no further actions".  Grasch and Azra can each fell the
    other with one blow; Grasch, attacking, strikes first and Azra never strikes
    -- unless Azra has Speed, and then Grasch never does (I58).  Saminga's
    Grasch, in seat 0: Belial's would tear at double damage (I68)."""
    for fast in (False, True):
        b = board((combat_decks["saminga"], combat_decks["gabriel"]))
        s, I, L = b.s, b.s.I, b.new_york
        s.w[:, W_RETREAT] = 0
        grasch = b.put(BELIAL, "Grasch", L)
        azra = b.put(GABRIEL, "Azra", L)
        I[grasch, S.F_ACTS] = 1
        I[grasch, S.F_DMG + CORPOREAL] = hits(b, "Grasch", CORPOREAL) - 1
        I[azra, S.F_DMG + CORPOREAL] = hits(b, "Azra", CORPOREAL) - 1
        if fast:
            attach(s, b.t, b.take(GABRIEL, "Speed"), azra, GABRIEL)
        fight(s, b.t, grasch, azra)
        blows = [(int(r[3]), int(r[4])) for r in s.trace[:s.g[S.G_TRACE_N]] if r[5] == T_ATTACK]
        assert blows == ([(azra, grasch)] if fast else [(grasch, azra)])


# ================================================================== whole combats
def test_a_fight_goes_on_until_one_side_is_out_and_then_clears_its_flags():
    """Combat is over when "one player has no Beings remaining in the Location";
    0-Hit consequences are applied at the end of each round (I17).  Grasch (Co 3/4)
    attacks Tamiel (Co 1/4) at New York: round 1 leaves her one Hit; in round 2
    Grasch resolves first and sends her into Trauma.  Saminga's Grasch, in seat
    0: Belial's would tear at double damage (I68)."""
    b = board(("saminga", "gabriel"))
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", b.earth)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    I[grasch, S.F_ACTS] = 1
    fight(s, b.t, grasch, tamiel)
    assert s.g[S.G_ROUND] == 2
    assert I[tamiel, S.F_TRAUMA] == hits(b, "Tamiel", CORPOREAL) and I[tamiel, S.F_LOC] == b.realm(GABRIEL)
    assert I[grasch, S.F_LOC] == L and I[grasch, S.F_ACTS] == 0
    assert I[grasch, S.F_DMG + CORPOREAL] == atk(b, "Tamiel", CORPOREAL)
    assert b.log()[-1] == "game: combat ends: the attackers hold the field"
    for f in (S.F_RETREAT, S.F_BOOST):
        assert not I[:, f].any()
    assert (I[:, S.F_FIGHT] == -1).all()


def test_a_combat_in_which_nobody_can_hurt_anybody_ends_after_a_round_of_waits():
    """I20: a Demonling attacks a Reliever on Earth; neither can use or take a base
    Corporeal attack, so both Wait, and after that one round the combat is over.
    Another Reliever there, which could do no harm either, does not join (I84)."""
    b = board()
    s, I = b.s, b.s.I
    s.w[GABRIEL, W_RETREAT] = 0
    poof = b.put(BELIAL, "Poof", b.earth)
    kindling, other = b.put(GABRIEL, "Kindling", b.earth), b.put(GABRIEL, "Kindling", b.earth)
    I[poof, S.F_ACTS] = 1
    fight(s, b.t, poof, kindling)
    assert s.g[S.G_ROUND] == 1 < MAX_ROUNDS
    assert not I[[poof, kindling, other], S.F_DMG:S.F_DMG + 3].any()
    assert b.log() == ["Belial: Poof attacks Kindling at Earth: Corporeal combat begins",
                       "game: combat round 1",
                       "Belial: Poof waits",
                       "Gabriel: Kindling waits",
                       "game: combat ends: both sides are still in it, and a whole round passed with nothing but Waits"]


def test_a_fight_in_a_realm_is_celestial():
    """"In player's Realms, standard combat is Celestial": a demon that went up into
    Gabriel's Realm is fought there with Celestial Attacks only."""
    b = board()
    s, I = b.s, b.s.I
    azra = b.put(GABRIEL, "Azra", b.realm(GABRIEL))
    vashka = b.put(BELIAL, "Vashka", b.realm(GABRIEL))
    I[azra, S.F_ACTS] = 1
    fight(s, b.t, azra, vashka)
    assert atk(b, "Azra", CELESTIAL) >= hits(b, "Vashka", CELESTIAL)
    assert I[vashka, S.F_ZONE] == S.Z_DISCARD and not I[azra, S.F_DMG:S.F_DMG + 3].any()


def test_demons_fighting_at_an_archangels_tether_burn_every_round():
    """"Demons take 1 Celestial Hit per turn spent in combat in a Tether controlled by
    an Archangel" -- at the end of every round, as the sample shows (I25)."""
    b = board()
    s, I = b.s, b.s.I
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    dv = b.put(BELIAL, "Death Valley", b.earth)
    burning = b.put(BELIAL, "Vashka", kilauea)
    idle = b.put(BELIAL, "Grasch", kilauea)
    at_home = b.put(BELIAL, "Sistrael", dv)
    angel = b.put(GABRIEL, "Tamiel", kilauea)
    sides(b, [burning, at_home], [angel])
    for k in (1, 2):
        burn_demons_in_combat(s, b.t)
        assert I[burning, S.F_DMG + CELESTIAL] == k
        assert [I[i, S.F_DMG + CELESTIAL] for i in (idle, at_home, angel)] == [0, 0, 0]
        assert b.log()[-1] == "Belial: Vashka takes 1 Celestial damage from Mt. Kilauea"


# ================================================================== damage and 0 Hits
def test_damage_counters_stop_at_the_beings_hits():
    """"A Being can survive Damage in a Realm up to one less than the number of its
    Hits"; at 0 Hits it has "damage counters equal to their Hits" (I18)."""
    b = board()
    s, I = b.s, b.s.I
    azra = b.put(GABRIEL, "Azra", b.earth)
    h = hits(b, "Azra", CORPOREAL)
    assert deal_damage(s, b.t, -1, azra, CORPOREAL, h - 1) == h - 1 and not is_down(s, b.t, azra)
    assert deal_damage(s, b.t, -1, azra, CORPOREAL, 10) == 1 and I[azra, S.F_DMG + CORPOREAL] == h
    assert deal_damage(s, b.t, -1, azra, CORPOREAL, 3) == 0 and is_down(s, b.t, azra)


def test_zero_celestial_hits_make_a_being_soul_dead():
    """"Discard the Being and any Songs or Ranks attached.  Any Objects that Being
    was carrying are now loose in that Location, albeit still controlled by the
    Being's controller [...] Any Being Influenced by them is freed of that Influence.\""""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    sis = b.put(BELIAL, "Sistrael", L)
    song, blade, rank = (b.take(BELIAL, n) for n in ("Song of Fire", "Brimstone Blade", "Seneschal of Ash"))
    for c in (song, blade, rank):
        attach(s, b.t, c, sis, BELIAL)
    ed = b.put(GABRIEL, "Ed Holder", L, ctrl=BELIAL, inf_by=sis)
    deal_damage(s, b.t, -1, sis, CELESTIAL, hits(b, "Sistrael", CELESTIAL))
    resolve_zero_hits(s, b.t)
    assert I[sis, S.F_ZONE] == S.Z_DISCARD
    assert I[song, S.F_ZONE] == S.Z_DISCARD and I[rank, S.F_ZONE] == S.Z_DISCARD
    assert I[blade, S.F_ZONE] == S.Z_PLAY and I[blade, S.F_ATT] == -1
    assert I[blade, S.F_LOC] == L and I[blade, S.F_CTRL] == BELIAL
    assert I[ed, S.F_CTRL] == -1 and I[ed, S.F_INF_BY] == -1 and I[ed, S.F_ZONE] == S.Z_PLAY
    assert {"Belial: Brimstone Blade falls loose from Sistrael at New York",
            "game: Ed Holder is freed of the Influence of Sistrael, which left play"} <= set(b.log())


def test_saminga_gains_when_a_saint_he_holds_by_influence_leaves_play():
    """Saminga's sheet: "Saminga gains 1 Essence for each Calabite of his in play
    whenever a Being under his Influence leaves play" -- a Saint he has Tempted is
    one; The Charred Man, his own Servitor, is not."""
    b = board(("saminga", "gabriel"))
    s, L = b.s, b.new_york
    b.put(BELIAL, "Grasch", L)
    florian = b.put(GABRIEL, "Saint Florian", L, ctrl=BELIAL)
    charred = b.put(BELIAL, "The Charred Man", L)
    before = s.S[BELIAL, S.S_ESSENCE]
    leave_play(s, b.t, charred, S.Z_DISCARD)
    assert s.S[BELIAL, S.S_ESSENCE] == before
    leave_play(s, b.t, florian, S.Z_DISCARD)
    assert s.S[BELIAL, S.S_ESSENCE] == before + 1


def test_killing_a_human_is_worth_what_the_soul_brings_the_seat():
    """A Human whose afterlife favours p's side is worth killing to p only if its
    Soul enters p's Realm: "to the Superior who Influenced it, or by chance"
    (humans.realm_share).  Belial against Saminga, both of Hell: Ed Holder, whose
    Fate is met, is worth Belial's attack_human held by Belial, -1 held by
    Saminga, and less than nothing free, a coin toss between them."""
    b = board(("belial", "saminga"))
    s, I = b.s, b.s.I
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    assert afterlife_side(s, b.t, ed) == HELL
    w = s.w[BELIAL, W_ATTACK_HUMAN]
    assert target_value(s, b.t, BELIAL, ed) == w
    I[ed, S.F_CTRL] = GABRIEL                       # seat 1: Saminga
    assert target_value(s, b.t, BELIAL, ed) == -1.0
    I[ed, S.F_CTRL] = -1
    assert target_value(s, b.t, BELIAL, ed) == 0.5 * w - 0.5 < 0


def test_a_human_leaning_to_the_other_side_is_worth_killing_before_its_fate_is_met():
    """I107: Sam Okafor's Fate is "spend three whole turns Influenced for Hell".
    Held by Belial he reincarnates if killed before the third turn ends, so the
    further he has come the more Gabriel wants him dead: half her attack_human
    and her court times the share of the turns spent.  Once the Fate is met his
    Soul is Belial's either way (-1).  Belial, and Gabriel for a Sam she holds,
    see no Soul to deny.  With two turns spent Azra goes for Sam, not Vashka."""
    b = board()
    s, I = b.s, b.s.I
    sam = b.put(BELIAL, "Sam Okafor", b.new_york, ctrl=BELIAL)
    vashka = b.put(BELIAL, "Vashka", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    turns = S.F_CNT + COUNTERS["turns_hell"]
    half = 0.5 * s.w[GABRIEL, W_ATTACK_HUMAN]
    for n in range(3):
        I[sam, turns] = n
        assert target_value(s, b.t, GABRIEL, sam) == pytest.approx(half + s.w[GABRIEL, W_COURT] * n / 3)
        assert target_value(s, b.t, BELIAL, sam) == 0.5 * s.w[BELIAL, W_ATTACK_HUMAN]
    I[sam, turns] = 3
    assert target_value(s, b.t, GABRIEL, sam) == -1.0
    I[sam, turns] = 2
    I[sam, S.F_CTRL] = GABRIEL
    assert target_value(s, b.t, GABRIEL, sam) == half
    I[sam, S.F_CTRL] = BELIAL
    S.collect_rivals(s, GABRIEL)
    assert _best_attack(s, b.t, azra, GABRIEL)[0] == sam
    I[sam, turns] = 0
    assert _best_attack(s, b.t, azra, GABRIEL)[0] == vashka


def test_a_human_at_zero_corporeal_hits_dies_and_goes_to_its_afterlife():
    """"Mortals ... are dead and resolve afterlife"; "Impudites take a note of
    Dissonance if a Human in their Location dies other than via aging.\""""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    agatha = b.put(BELIAL, "Sister Agatha Moore", L, ctrl=GABRIEL)
    I[agatha, S.F_CNT + COUNTERS["turns_hell"]] = 3
    witness = b.put(BELIAL, "Vashka", L)
    far = b.put(BELIAL, "Moloquin", b.earth)
    killer = b.put(BELIAL, "Grasch", L)
    deal_damage(s, b.t, killer, agatha, CORPOREAL, hits(b, "Sister Agatha Moore", CORPOREAL))
    resolve_zero_hits(s, b.t)
    assert I[agatha, S.F_ZONE] == S.Z_SOUL and I[agatha, S.F_LOC] == b.realm(BELIAL)
    assert I[witness, S.F_DISS] == 1 and I[far, S.F_DISS] == 0 and I[killer, S.F_DISS] == 0


@pytest.mark.parametrize("name", ["Azra", "Saint Florian"])
def test_malakim_and_saints_at_zero_corporeal_hits_go_home_and_regenerate(name):
    """"Malakim return to their Realm and regenerate all Corporeal Hits"; "When a
    Saint is corporeally killed, they return to Heaven and regenerate all Body Hits
    immediately" -- no Trauma."""
    b = board()
    s, I = b.s, b.s.I
    i = b.put(GABRIEL, name, b.new_york)
    deal_damage(s, b.t, -1, i, CORPOREAL, 99)
    resolve_zero_hits(s, b.t)
    assert I[i, S.F_ZONE] == S.Z_PLAY and I[i, S.F_LOC] == b.realm(GABRIEL)
    assert I[i, S.F_DMG + CORPOREAL] == 0 and I[i, S.F_TRAUMA] == 0
    assert I[i, S.F_ENTERED] == s.g[S.G_TURN] and can_act(s, b.t, i)


def test_other_immortals_at_zero_corporeal_hits_enter_trauma_and_drop_their_objects():
    """"Other Immortals enter Trauma -- they return to their Realm.  They cannot
    leave, and are treated as having no game text or attached Abilities or Objects,
    for a number of turns equal to their Corporeal Hits"; the sample's Srnclack
    leaves his Gun behind, "still controlled by Belial".  Trauma ends a fight."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    g = b.put(BELIAL, "Grasch", L)
    blade, song = b.take(BELIAL, "Brimstone Blade"), b.take(BELIAL, "Song of Fire")
    attach(s, b.t, blade, g, BELIAL)
    attach(s, b.t, song, g, BELIAL)
    sides(b, [g], [])
    deal_damage(s, b.t, -1, g, CORPOREAL, 99)
    resolve_zero_hits(s, b.t)
    assert I[g, S.F_TRAUMA] == hits(b, "Grasch", CORPOREAL) and I[g, S.F_LOC] == b.realm(BELIAL)
    assert I[g, S.F_FIGHT] == -1 and I[g, S.F_ZONE] == S.Z_PLAY and not can_act(s, b.t, g)
    assert I[blade, S.F_ATT] == -1 and I[blade, S.F_LOC] == L and I[blade, S.F_CTRL] == BELIAL
    assert I[song, S.F_ATT] == g
    assert b.log()[-3:] == ["Belial: Grasch has 0 Corporeal Hits",
                            "Belial: Brimstone Blade falls loose from Grasch at New York",
                            f"Belial: Grasch enters Trauma for {hits(b, 'Grasch', CORPOREAL)} turns"]
    deal_damage(s, b.t, -1, g, CELESTIAL, 1)
    resolve_zero_hits(s, b.t)
    assert I[g, S.F_TRAUMA] == hits(b, "Grasch", CORPOREAL)          # not traumatised again


def test_objects_a_dying_being_carried_stay_with_its_controller_not_with_whoever_attached_them():
    """"Any Objects that Being was carrying are now loose in that Location, albeit
    still controlled by the Being's controller (another player may not assign them
    yet)" (I102): Belial gave Ray Dunne a Brimstone Blade; Ray, since Influenced
    for Gabriel, is killed, and the Blade lies loose, Gabriel's."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    ray = b.put(GABRIEL, "Ray Dunne", L, ctrl=BELIAL)
    blade = b.take(BELIAL, "Brimstone Blade")
    attach(s, b.t, blade, ray, BELIAL)
    I[ray, S.F_CTRL] = GABRIEL
    sides(b, [ray], [])
    deal_damage(s, b.t, -1, ray, CORPOREAL, 99)
    resolve_zero_hits(s, b.t)
    assert I[ray, S.F_ZONE] != S.Z_PLAY
    assert I[blade, S.F_ATT] == -1 and I[blade, S.F_LOC] == L and I[blade, S.F_CTRL] == GABRIEL


def test_the_log_gives_the_turns_of_trauma_and_numbers_the_copies_of_a_card():
    """The replay log says how long a Being is in Trauma (its Corporeal Hits, in
    turns), and tells two copies of a card apart by number, in deck order."""
    b = board()
    kindlings = sorted(b.put(GABRIEL, "Kindling", b.new_york) for _ in range(2))
    tamiel = b.put(GABRIEL, "Tamiel", b.new_york)
    for i in (tamiel, kindlings[1], kindlings[0]):
        deal_damage(b.s, b.t, -1, i, CORPOREAL, 99)
    resolve_zero_hits(b.s, b.t)
    assert {"Gabriel: Tamiel enters Trauma for 4 turns", "Gabriel: Kindling #1 enters Trauma for 1 turn",
            "Gabriel: Kindling #2 enters Trauma for 1 turn"} <= set(b.log())


def test_undead_at_zero_corporeal_hits_are_soul_dead():
    """"If an Undead is reduced to 0 Corporeal Hits, the Undead is soul-dead -- all
    attached cards except Objects are discarded with the Undead, and Objects remain
    controlled by Undead's Controller loose in the Undead's last Location.\""""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    u = b.put(BELIAL, "The Charred Man", L)
    blade, song = b.take(BELIAL, "Brimstone Blade"), b.take(BELIAL, "Song of Fire")
    attach(s, b.t, blade, u, BELIAL)
    attach(s, b.t, song, u, BELIAL)
    deal_damage(s, b.t, -1, u, CORPOREAL, 99)
    resolve_zero_hits(s, b.t)
    assert I[u, S.F_ZONE] == S.Z_DISCARD and I[song, S.F_ZONE] == S.Z_DISCARD
    assert b.log()[-2:] == ["Belial: The Charred Man has 0 Corporeal Hits: soul-dead, discarded",
                            "Belial: Brimstone Blade falls loose from The Charred Man at New York"]
    assert not any("Celestial" in line for line in b.log())
    assert I[blade, S.F_ZONE] == S.Z_PLAY and I[blade, S.F_LOC] == L and I[blade, S.F_CTRL] == BELIAL


def test_zero_ethereal_hits_lose_songs_and_break_each_influence_on_a_1_or_2():
    """"Beings with 0 Ethereal Hits ... lose any Songs attached, and any Beings
    Influenced by them may be freed of the Influence -- roll d6 for each.  On a 1 or
    2, the Influence is broken.\""""
    b = board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    song = b.take(BELIAL, "Song of Fire")
    attach(s, b.t, song, v, BELIAL)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=v)
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth, ctrl=BELIAL, inf_by=v)

    def two(s):
        return d6(s.rng), d6(s.rng)
    while not (peek(s, two)[0] <= 2 < peek(s, two)[1]):
        d6(s.rng)
    deal_damage(s, b.t, -1, v, ETHEREAL_REALM, 99)
    resolve_zero_hits(s, b.t)
    assert I[song, S.F_ZONE] == S.Z_DISCARD and I[v, S.F_LOC] == b.earth and I[v, S.F_ZONE] == S.Z_PLAY
    assert (I[ed, S.F_CTRL], I[ed, S.F_INF_BY]) == (-1, -1)
    assert (I[leslie, S.F_CTRL], I[leslie, S.F_INF_BY]) == (BELIAL, v)


def test_zero_ethereal_hits_break_influence_one_time_in_three():
    """The d6 "On a 1 or 2" breaks each Influence: P = 2/6 over many seeded rolls."""
    b = board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.earth)
    n, broken = 3000, 0
    for _ in range(n):
        I[ed, S.F_CTRL], I[ed, S.F_INF_BY], I[v, S.F_ET_OUT] = BELIAL, v, 0
        ethereal_loss(s, b.t, v)
        broken += I[ed, S.F_INF_BY] == -1
    assert wilson_holds(broken, n, 2 / 6), broken / n


def test_zero_ethereal_hits_in_the_marches_eject_a_non_ethereal():
    """"If in the Marches, Beings other than an Ethereal are ejected to their last
    non-Marches Location" (Earth's generic Location, row 64)."""
    b = board()
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", S.loc_marches(s))
    deal_damage(s, b.t, -1, v, ETHEREAL_REALM, 99)
    resolve_zero_hits(s, b.t)
    assert I[v, S.F_LOC] == b.earth and I[v, S.F_TRAUMA] == 0 and I[v, S.F_ZONE] == S.Z_PLAY


def test_zero_corporeal_and_zero_ethereal_hits_both_take_effect():
    """A Being at 0 Hits in two realms suffers both: Trauma for the Corporeal, and the
    loss of its Songs for the Ethereal, in the same check."""
    b = board()
    s, I = b.s, b.s.I
    g = b.put(BELIAL, "Grasch", b.new_york)
    song = b.take(BELIAL, "Song of Fire")
    attach(s, b.t, song, g, BELIAL)
    deal_damage(s, b.t, -1, g, CORPOREAL, 99)
    deal_damage(s, b.t, -1, g, ETHEREAL_REALM, 99)
    resolve_zero_hits(s, b.t)
    assert I[g, S.F_TRAUMA] == hits(b, "Grasch", CORPOREAL) and I[g, S.F_LOC] == b.realm(BELIAL)
    assert I[song, S.F_ZONE] == S.Z_DISCARD and I[g, S.F_ET_OUT] == 1


def test_a_mercurian_that_harms_a_human_takes_dissonance():
    """"it is Dissonant for a Mercurian to cause damage of any sort to a Human"; a
    Human's own damage counts toward its Destiny or Fate ("cause any damage")."""
    b = board()
    s, I = b.s, b.s.I
    merc = b.put(GABRIEL, "Tamiel", b.earth)
    elo = b.put(GABRIEL, "Hadriel", b.earth)
    human = b.put(BELIAL, "Dr. Hannah Osei", b.earth, ctrl=BELIAL)
    demon = b.put(BELIAL, "Vashka", b.earth)
    deal_damage(s, b.t, merc, demon, CORPOREAL, 1)
    deal_damage(s, b.t, elo, human, CORPOREAL, 1)
    assert I[merc, S.F_DISS] == 0 and I[elo, S.F_DISS] == 0
    deal_damage(s, b.t, merc, human, CORPOREAL, 1)
    assert I[merc, S.F_DISS] == 1
    deal_damage(s, b.t, human, demon, CORPOREAL, 2)
    assert I[human, S.F_CNT + COUNTERS["damage_dealt"]] == 2


def test_a_mercurian_spares_a_human_worth_less_than_the_note_harming_it_costs():
    """The policies weigh the note a Mercurian takes for harming a Human
    (dissonance.harm_notes): a Human worth less to Gabriel than a note is spared by
    Tamiel's Song of Fire and blows, and not by Azra's, an Elohite's."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    human = b.put(BELIAL, "Dr. Hannah Osei", L, ctrl=BELIAL)
    demon = b.put(BELIAL, "Vashka", L)
    assert 0 < target_value(s, b.t, GABRIEL, human) <= NOTE_COST
    for name, spared in (("Tamiel", True), ("Azra", False)):
        i = b.put(GABRIEL, name, L)
        song = b.take(GABRIEL, "Song of Fire")
        attach(s, b.t, song, i, GABRIEL)
        s.S[GABRIEL, S.S_ESSENCE] = 5
        I[[human, demon], S.F_DMG + CORPOREAL] = 0
        use_ability(s, b.t, i, song, E_DAMAGE_LOCATION, -1)
        assert (I[human, S.F_DMG + CORPOREAL] == 0) == spared and I[demon, S.F_DMG + CORPOREAL] == 2
        assert I[i, S.F_DISS] == 0
        sides(b, [i], [human])
        a, j = declares(s, b.t, i, R_CO)
        assert (j != human and not (a == A_SONG and song_hits(s, b.t, i, human))) == spared
        for j in (i, human):
            I[j, S.F_FIGHT] = -1
        leave_play(s, b.t, i, S.Z_DISCARD)


@pytest.mark.parametrize("name, seat", [("Tamiel", GABRIEL), ("Vashka", BELIAL)])
def test_berserk_turns_other_combat_actions_into_base_attacks(name, seat):
    """Berserk (Mercurians and Impudites): "when attempting to take any action in
    combat other than an Attack with base Attack value, roll d6.  If the result is
    less than or equal to the levels of the Discord, the Impudite attacks with base
    Attack value" -- a Gun shot or a Retreat alike, at the rate levels / 6."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    i = b.put(seat, name, L)
    foe = b.put(1 - seat, "Grasch" if seat == GABRIEL else "Azra", L)
    other = b.put(BELIAL, "Sistrael", L) if seat == GABRIEL else b.put(BELIAL, "Grasch", L)
    sides(b, [i], [foe])
    dice = s.rng[DICE, 2]
    assert _berserk(s, b.t, i, A_ROLL, foe, R_CO) == (A_ROLL, foe)              # no Discord: no roll
    assert s.rng[DICE, 2] == dice
    I[i, S.F_DISCORD] = 6
    assert _berserk(s, b.t, i, A_ROLL, foe, R_CO) == (A_ATTACK, foe)
    superior, foe_name = ("Gabriel", "Grasch") if seat == GABRIEL else ("Belial", "Azra")
    assert re.fullmatch(rf"{superior}: {name}'s Berserk makes it attack {foe_name} with its base Attack "
                        r"\(roll [1-6]\)", b.log()[-1])
    assert _berserk(s, b.t, i, A_RETREAT, -1, R_CO) == (A_ATTACK, foe)
    assert _berserk(s, b.t, i, A_WAIT, -1, R_CO) == (A_WAIT, -1)
    I[other, S.F_DISCORD] = 6
    assert _berserk(s, b.t, other, A_ROLL, foe, R_CO) == (A_ROLL, foe)        # not a Berserk kind
    I[i, S.F_DISCORD] = 2
    n = 3000
    forced = sum(_berserk(s, b.t, i, A_SONG, foe, R_CO)[0] == A_ATTACK for _ in range(n))
    assert wilson_holds(forced, n, 2 / 6), forced / n
    rolls = [("Berserk makes it attack" in line, int(re.search(r"\(roll (\d)\)$", line)[1]))
             for line in b.log()[-n:]]                     # every roll is logged, forced or held
    assert all((r <= 2) == was_forced for was_forced, r in rolls) and sum(f for f, _ in rolls) == forced


def tamiel_at_one_hit():
    """Belial's Moloquin and Vashka fight Gabriel's Tamiel, one Corporeal Hit left,
    and Azra at New York: (board, tamiel, azra, vashka, moloquin)."""
    b = board()
    L = b.new_york
    tamiel, azra = b.put(GABRIEL, "Tamiel", L), b.put(GABRIEL, "Azra", L)
    vashka, moloquin = b.put(BELIAL, "Vashka", L), b.put(BELIAL, "Moloquin", L)
    sides(b, [moloquin, vashka], [tamiel, azra])
    b.s.I[tamiel, S.F_DMG + CORPOREAL] = hits(b, "Tamiel", CORPOREAL) - 1
    return b, tamiel, azra, vashka, moloquin


def test_a_blow_goes_to_a_being_its_side_has_not_already_brought_down():
    """I80: Tamiel, one Corporeal Hit left, is the surest kill for Vashka's blow,
    but not once Moloquin's declared blow will fell her: Vashka hits Azra.  A Being
    already at 0 Hits is no target at all.  The random agent may still hit
    either."""
    b, tamiel, azra, vashka, moloquin = tamiel_at_one_hit()
    s, I = b.s, b.s.I
    order, what, whom = s.rounds
    order[0], what[0], whom[0] = moloquin, A_ATTACK, tamiel
    assert declares(s, b.t, vashka, R_CO, 0) == (A_ATTACK, tamiel)
    assert declares(s, b.t, vashka, R_CO, 1) == (A_ATTACK, azra)
    I[tamiel, S.F_DMG + CORPOREAL] += 1
    assert declares(s, b.t, vashka, R_CO, 0) == (A_ATTACK, azra)
    s.agent[BELIAL, A_KIND] = RANDOM
    picks = {declares(s, b.t, vashka, R_CO, 1)[1] for _ in range(60)}
    assert tamiel in picks and azra in picks


def test_a_blow_whose_author_falls_first_does_not_count():
    """I92: "Resolve effects in this order [...] in the order actions were
    declared", and a Being at 0 Hits "can take no further actions".  Moloquin's
    declared blow would fell Tamiel, but Azra's blow, declared and so resolved
    before it, fells Moloquin first: Vashka still strikes at Tamiel."""
    b, tamiel, azra, vashka, moloquin = tamiel_at_one_hit()
    s, I = b.s, b.s.I
    order, what, whom = s.rounds
    order[0], what[0], whom[0] = moloquin, A_ATTACK, tamiel
    assert declares(s, b.t, vashka, R_CO, 1) == (A_ATTACK, azra)
    order[0], what[0], whom[0] = azra, A_ATTACK, moloquin
    order[1], what[1], whom[1] = moloquin, A_ATTACK, tamiel
    I[moloquin, S.F_DMG + CORPOREAL] = hits(b, "Moloquin", CORPOREAL) - attack_value(s, b.t, azra, CORPOREAL)
    assert declares(s, b.t, vashka, R_CO, 2) == (A_ATTACK, tamiel)
    I[moloquin, S.F_DMG + CORPOREAL] -= 1                   # Azra's blow leaves him standing
    assert declares(s, b.t, vashka, R_CO, 2) == (A_ATTACK, azra)


def test_a_human_strikes_a_being_not_worth_felling_for_its_fate():
    """I110: Ray Dunne, held by Belial, has the Fate "cause two or more damage".
    Sam Okafor, whom no one Influences, would reincarnate if killed, which
    Belial does not want (target_value -1), yet Ray's blow at him meets the
    Fate: Ray attacks him rather than Wait, and strikes him in the combat.
    With the Fate met already he does neither."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    ray = b.put(GABRIEL, "Ray Dunne", L, ctrl=BELIAL)
    sam = b.put(GABRIEL, "Sam Okafor", L, ctrl=-1)
    assert target_value(s, b.t, BELIAL, sam) < 0
    S.collect_rivals(s, BELIAL)

    def attack_worth():
        able, choice, gang, power = _attack_frame(s, b.t, ray, BELIAL)
        if not able:
            return -1e9
        return _attack_score(s, b.t, ray, BELIAL, sam, choice, gang, power, -1e9) - s.w[BELIAL, W_WAIT]
    assert attack_worth() > 0
    sides(b, [ray], [sam])
    assert declares(s, b.t, ray, R_CO) == (A_ATTACK, sam)
    I[ray, S.F_CNT + COUNTERS["damage_dealt"]] = 2
    assert declares(s, b.t, ray, R_CO)[0] != A_ATTACK
    I[ray, S.F_FIGHT] = I[sam, S.F_FIGHT] = -1
    assert attack_worth() < 0


def test_a_human_whose_blow_lands_first_is_weighed_as_it_will_be_when_struck():
    """I108: Leslie Hamerson, held by Belial, attacks Kerubiel.  Her Fate is
    "cause more damage than she heals", so her declared blow, which resolves
    before Kerubiel's (attackers first), meets it: struck down after it, she
    would go to Hell.  Kerubiel does not hit her then; with no blow declared,
    killing her is worth a blow (she would reincarnate)."""
    b = board()
    s, L = b.s, b.new_york
    leslie = b.put(GABRIEL, "Leslie Hamerson", L, ctrl=BELIAL)
    kerubiel = b.put(GABRIEL, "Kerubiel", L)
    sides(b, [leslie], [kerubiel])
    assert declares(s, b.t, kerubiel, R_CO, 0) == (A_ATTACK, leslie)
    order, what, whom = s.rounds
    order[0], what[0], whom[0] = leslie, A_ATTACK, kerubiel
    assert declares(s, b.t, kerubiel, R_CO, 1)[0] != A_ATTACK
    assert s.I[leslie, S.F_CNT + COUNTERS["damage_dealt"]] == 0      # the reckoning put the counter back


@pytest.mark.parametrize("she_attacks", [False, True])
def test_a_being_with_nothing_worth_doing_retreats_before_it_falls(she_attacks):
    """I84 for a defender, I93 for an attacker: Gabriel's Tamiel fights Belial's Ed
    Holder.  Killing him would send him to Hell, so she will not hit him, and two
    of his blows would bring her to 0 Corporeal Hits: she Retreats at once, and is
    gone at the end of the round, rather than Wait under them.  With six levels of
    Berserk her Retreat becomes a base Attack on him.  With Grasch beside him, whom
    she would hit, she fights instead."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    tamiel = b.put(GABRIEL, "Tamiel", L)
    ed = b.put(BELIAL, "Ed Holder", L, ctrl=BELIAL)
    sides(b, [tamiel], [ed]) if she_attacks else sides(b, [ed], [tamiel])
    assert target_value(s, b.t, GABRIEL, ed) < 0
    assert hits(b, "Tamiel", CORPOREAL) <= 2 * atk(b, "Ed Holder", CORPOREAL)
    assert declares(s, b.t, tamiel, R_CO) == (A_RETREAT, -1)
    I[tamiel, S.F_DISCORD] = 6
    assert declares(s, b.t, tamiel, R_CO) == (A_ATTACK, ed)
    I[tamiel, S.F_DISCORD] = 0
    grasch = b.put(BELIAL, "Grasch", L)
    sides(b, [], [grasch]) if she_attacks else sides(b, [grasch], [])
    assert declares(s, b.t, tamiel, R_CO) == (A_ATTACK, grasch)


@pytest.mark.parametrize("she_attacks", [False, True])
def test_an_enemy_felled_this_round_is_no_reason_to_retreat(she_attacks):
    """I84, I93: a Retreat escapes only the next round's blows.  Grasch's blows
    could bring Tamiel to 0 within two rounds, but Azra's blow, declared before
    Tamiel declares, will fell him this round: with no one else to hit (I80),
    Tamiel stays rather than Retreat."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    tamiel, azra = b.put(GABRIEL, "Tamiel", L), b.put(GABRIEL, "Azra", L)
    grasch = b.put(BELIAL, "Grasch", L)
    sides(b, [tamiel, azra], [grasch]) if she_attacks else sides(b, [grasch], [tamiel, azra])
    assert hits(b, "Tamiel", CORPOREAL) <= 2 * attack_value(s, b.t, grasch, CORPOREAL)
    I[grasch, S.F_DMG + CORPOREAL] = max(0, hits(b, "Grasch", CORPOREAL) - attack_value(s, b.t, azra, CORPOREAL))
    order, what, whom = s.rounds
    assert declares(s, b.t, tamiel, R_CO, 0) == (A_ATTACK, grasch)
    order[0], what[0], whom[0] = azra, A_ATTACK, grasch
    assert declares(s, b.t, tamiel, R_CO, 1)[0] not in (A_RETREAT, A_ATTACK)


# ================================================================== Combat Acts
def only_copy(b, seat, name):
    """An instance of ``name`` into seat's hand, the only copy there."""
    card = b.to_hand(seat, name)
    I = b.s.I
    for c in b.hand(seat):
        if c != card and I[c, S.F_DESIGN] == I[card, S.F_DESIGN]:
            I[c, S.F_ZONE] = S.Z_DISCARD
    return card


def point(b, L, progression, m, dec, res, acts, r=R_CO):
    """One point of a round's progression (combat._play_acts), Belial attacking
    Gabriel; ``progression`` is (order, what, whom, n) from round_start."""
    order, what, whom, n = progression
    b.s.g[S.G_FIGHT_TYPE] = r
    return _play_acts(b.s, b.t, L, r, BELIAL, GABRIEL, order, what, whom, n, m, dec, res, acts)


def test_send_reinforcements_brings_defenders_from_one_location_when_outnumbered():
    """Send Reinforcements: a Combat Act, "Move any number of Beings you Influence
    from any one Location to a Location where combat is in progress" -- played,
    and paid for, by the defender when outnumbered (here at a cost of 2 Essence);
    a card it cannot pay for is not looked at again that round (I72)."""
    b = Board(overrides={"Send Reinforcements": {"cost": 2}})
    b.clear_board()
    s, I = b.s, b.s.I
    L = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    grasch = b.put(BELIAL, "Grasch", L)
    target = b.put(GABRIEL, "Tamiel", L)
    help1 = b.put(GABRIEL, "Azra", b.earth)
    help2 = b.put(GABRIEL, "Hadriel", b.earth)
    heaven = b.put(GABRIEL, "Zophiel", b.realm(GABRIEL))
    card = only_copy(b, GABRIEL, "Send Reinforcements")
    s.g[S.G_FIGHT_TARGET] = target
    sides(b, [grasch], [target])
    order, what, whom, n, acts = round_start(b)
    assert point(b, L, (order, what, whom, n), n, 0, 0, acts)[0] == n
    assert I[card, S.F_ZONE] == S.Z_HAND                           # not outnumbered
    vashka = b.put(BELIAL, "Vashka", L)
    sides(b, [vashka], [])
    s.S[GABRIEL, S.S_ESSENCE] = 1
    order, what, whom, n, acts = round_start(b)
    m, acts = point(b, L, (order, what, whom, n), n, 0, 0, acts)
    assert I[card, S.F_ZONE] == S.Z_HAND and m == n                # cannot pay ...
    assert acts & (REINFORCE << DEFENDING) == 0                    # ... and is not asked again this round
    s.S[GABRIEL, S.S_ESSENCE] = 5
    order, what, whom, n, acts = round_start(b)
    m, acts = point(b, L, (order, what, whom, n), n, 0, 0, acts)
    assert I[card, S.F_ZONE] == S.Z_DISCARD and s.S[GABRIEL, S.S_ESSENCE] == 3
    assert sorted(order[n:m]) == sorted([help1, help2])
    for i in (help1, help2):
        assert I[i, S.F_LOC] == L and I[i, S.F_FIGHT] == DEFENDING
    assert I[heaven, S.F_LOC] == b.realm(GABRIEL) and I[heaven, S.F_FIGHT] == -1


def test_reinforcements_are_beings_that_can_do_harm_there():
    """I72: Send Reinforcements sends no Reliever or Demonling into a Corporeal
    combat, where they "can neither use nor be targeted by a base Corporeal Attack
    value", and no demon into a combat at an Archangel's Tether, where "Demons take
    1 Celestial Hit per turn spent in combat"."""
    b = board()
    s, L = b.s, b.new_york
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    kindling, azra = b.put(GABRIEL, "Kindling", b.earth), b.put(GABRIEL, "Azra", b.earth)
    poof, vashka = b.put(BELIAL, "Poof", b.earth), b.put(BELIAL, "Vashka", b.earth)
    s.g[S.G_FIGHT_TARGET] = b.put(GABRIEL, "Tamiel", L)
    assert not _sendable(s, b.t, kindling, GABRIEL, L, R_CO, DEFENDING)
    assert _sendable(s, b.t, azra, GABRIEL, L, R_CO, DEFENDING)
    assert not _sendable(s, b.t, poof, BELIAL, L, R_CO, ATTACKING)
    assert _sendable(s, b.t, vashka, BELIAL, L, R_CO, ATTACKING)
    assert not _sendable(s, b.t, vashka, BELIAL, kilauea, R_CO, ATTACKING)


def test_combat_acts_may_be_played_after_a_resolution_and_join_at_the_next_declaration():
    """"Combat Acts may be played at any time during this progression": Grasch's
    blow fells Azra, and Gabriel, now outnumbered, plays Send Reinforcements at
    once, after that resolution.  "Those Beings join combat [...] next time actions
    are declared": Hadriel takes no part in the rest of the round and declares in
    the next.  Before that blow, two against two, nothing was played (I72)."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    vashka = b.put(BELIAL, "Vashka", L)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    azra = b.put(GABRIEL, "Azra", L)
    hadriel = b.put(GABRIEL, "Hadriel", b.earth)
    card = only_copy(b, GABRIEL, "Send Reinforcements")
    I[azra, S.F_DMG + CORPOREAL] = hits(b, "Azra", CORPOREAL) - atk(b, "Grasch", CORPOREAL)
    s.g[S.G_FIGHT_TARGET] = tamiel
    sides(b, [grasch, vashka], [tamiel, azra])
    order, what, whom, n, acts = round_start(b)
    prog = (order, what, whom, n)
    assert list(order[:n]) == [grasch, vashka, tamiel, azra]
    m, acts = point(b, L, prog, n, 0, 0, acts)
    what[:n], whom[:n] = [A_ATTACK, A_ATTACK, A_WAIT, A_WAIT], [azra, tamiel, -1, -1]
    for k in range(n):
        m, acts = point(b, L, prog, m, k + 1, 0, acts)
    assert m == n and I[card, S.F_ZONE] == S.Z_HAND
    _resolve(s, b.t, grasch, A_ATTACK, azra, L, R_CO)
    assert not can_act(s, b.t, azra)
    m, acts = point(b, L, prog, m, n, 1, acts)
    assert I[card, S.F_ZONE] == S.Z_DISCARD
    assert m == n + 1 and order[n] == hadriel and I[hadriel, S.F_LOC] == L and I[hadriel, S.F_FIGHT] == DEFENDING
    assert hadriel not in order[:n]                                # nothing to resolve this round
    assert declaration(b) == [grasch, vashka, tamiel, hadriel]     # the next round's order


def test_reinforcements_sent_before_the_first_declaration_declare_in_that_round():
    """The sample game: "He immediately calls for backup (i.e., Gabriel plays Send
    Reinforcements) [...] Bucephel joins combat at Marnel's side.  The attacking
    player, Belial, now declares his actions [...] Bucephel and Marnel both target
    a base Attack against Srnclack" -- played before the first declaration, the
    reinforcements act in the first round (I72).  Marnel's Leader pick is made,
    and logged, once, in the order that includes them."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    srnclack = b.put(BELIAL, "Srnclack", b.earth)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    marnel = b.put(GABRIEL, "Marnel", L)
    bucephel = b.put(GABRIEL, "Bucephel", b.earth)
    card = only_copy(b, GABRIEL, "Send Reinforcements")
    s.w[BELIAL, W_GANG] = 2
    I[srnclack, S.F_ACTS] = I[ed, S.F_ACTS] = 1
    fight(s, b.t, srnclack, marnel)
    rows = [tuple(int(v) for v in r) for r in s.trace[:s.g[S.G_TRACE_N]]]
    played = next(k for k, r in enumerate(rows) if r[5] == T_PLAY and r[3] == card)
    first_round = next(k for k, r in enumerate(rows) if r[5] == T_ROUND)
    second_round = next((k for k, r in enumerate(rows) if r[5] == T_ROUND and r[6] == 2), len(rows))
    assert first_round < played
    assert any(r[5] == T_ATTACK and r[3] == bucephel for r in rows[played:second_round])
    assert [r[3] for r in rows[first_round:second_round] if r[5] == T_LEAD] == [marnel]


def test_a_demon_sent_before_the_first_declaration_is_engaged_in_that_round():
    """Gabriel's condition counts "every combat round it fights in with a demon"
    (I47): Tamiel and Marnel attack a Human of Belial's, who sends Srnclack
    before the first declaration; the demon fights that round, so Tamiel has
    engaged a demon this turn."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    ed = b.put(BELIAL, "Ed Holder", L, ctrl=BELIAL)
    srnclack = b.put(BELIAL, "Srnclack", b.earth)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    marnel = b.put(GABRIEL, "Marnel", L)
    card = only_copy(b, BELIAL, "Send Reinforcements")
    s.w[GABRIEL, W_GANG] = 2
    I[tamiel, S.F_ACTS] = I[marnel, S.F_ACTS] = 1
    I[tamiel, S.F_ENGAGED] = 5
    fight(s, b.t, tamiel, ed)
    rows = [tuple(int(v) for v in r) for r in s.trace[:s.g[S.G_TRACE_N]]]
    assert I[card, S.F_ZONE] == S.Z_DISCARD and any(r[5] == T_ATTACK and r[4] == srnclack for r in rows)
    assert I[tamiel, S.F_ENGAGED] == s.g[S.G_TURN]


def test_pit_trap_is_sprung_between_a_declared_blow_and_its_resolution():
    """Pit Trap: "Discard Pit Trap as a Combat Act.  One Being involved in combat
    with holder of Pit Trap is removed from combat and enters a generic Location"
    -- played "at any time during this progression": Grasch declares a blow that
    would bring Tamiel to 0 Hits; once Tamiel has declared, Gabriel springs the
    trap in place of Tamiel's action, and Grasch leaves the combat before his blow
    resolves.  Without the Act (a policy that plays none), the blow lands (I73).
    Saminga's Grasch, in seat 0: Belial's would tear at double damage (I68)."""
    for plays in (1, 0):
        b = board(("saminga", "gabriel"))
        s, I, L = b.s, b.s.I, b.new_york
        s.w[GABRIEL, W_COMBAT_ACTS] = plays
        tamiel = b.put(GABRIEL, "Tamiel", L)
        trap = b.take(GABRIEL, "Pit Trap")
        attach(s, b.t, trap, tamiel, GABRIEL)
        grasch = b.put(BELIAL, "Grasch", b.earth)
        I[grasch, S.F_ACTS] = 1
        left = atk(b, "Grasch", CORPOREAL)
        I[tamiel, S.F_DMG + CORPOREAL] = hits(b, "Tamiel", CORPOREAL) - left
        fight(s, b.t, grasch, tamiel)
        blows = [r for r in s.trace[:s.g[S.G_TRACE_N]] if r[5] == T_ATTACK and r[3] == grasch]
        if plays:
            assert I[trap, S.F_ZONE] == S.Z_DISCARD and I[tamiel, S.F_NATT] == 0
            assert I[grasch, S.F_LOC] == b.earth and I[grasch, S.F_FIGHT] == -1
            assert blows == [] and I[tamiel, S.F_DMG + CORPOREAL] == hits(b, "Tamiel", CORPOREAL) - left
        else:
            assert I[trap, S.F_ZONE] == S.Z_PLAY and len(blows) == 1     # it falls loose from Tamiel in Trauma


def test_a_retreat_declared_in_an_earlier_combat_does_not_carry_over():
    """A Retreat takes the Being out "at the end of the round" it was declared in.
    Bucephel declared one, then left that combat at 0 Hits before the round
    ended; in his next combat he stays past the end of its first round."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    bucephel = b.put(GABRIEL, "Bucephel", L)
    I[bucephel, S.F_RETREAT] = 1          # declared in the last combat, never resolved
    sides(b, [grasch], [bucephel])
    _end_of_round(s, b.t, L)
    assert I[bucephel, S.F_FIGHT] == DEFENDING and I[grasch, S.F_FIGHT] == ATTACKING


def test_blows_declared_against_a_being_pit_trap_removed_do_not_land():
    """Pit Trap: the Being "is removed from combat and enters a generic Location":
    the blows declared against it before the trap was sprung -- a base Attack, a
    Gun's roll -- find no one (I73), and the Gun's text is not used."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    jayeil = b.put(GABRIEL, "Jayeil", L)
    azra = b.put(GABRIEL, "Azra", L)
    attach(s, b.t, b.take(GABRIEL, "Gun"), azra, GABRIEL)
    sides(b, [grasch], [jayeil, azra])
    pit_trap(s, b.t, b.take(GABRIEL, "Pit Trap"), grasch)
    saved = s.rng.copy()
    _resolve(s, b.t, jayeil, A_ATTACK, grasch, L, R_CO)
    _resolve(s, b.t, azra, A_ROLL, grasch, L, R_CO)
    assert I[grasch, S.F_LOC] == b.earth and I[grasch, S.F_FIGHT] == S.REMOVED
    assert not _sendable(s, b.t, grasch, BELIAL, L, R_CO, ATTACKING)     # no way back into this combat
    assert (I[grasch, S.F_DMG:S.F_DMG + 3] == 0).all() and (s.rng == saved).all()


def test_pit_trap_is_kept_for_an_enemy_whose_blow_would_land():
    """I104: Uzziel attacks Grasch, and Jayeil, holding Pit Trap, joins him;
    Grasch declares a blow that would bring Jayeil to 0 Hits.  Uzziel's blow,
    declared first, resolves first and fells Grasch, so his blow never lands:
    Gabriel keeps the trap.  Had Uzziel Waited, the trap would take Grasch."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    uzziel = b.put(GABRIEL, "Uzziel", L)
    jayeil = b.put(GABRIEL, "Jayeil", L)
    grasch = b.put(BELIAL, "Grasch", L)
    trap = b.take(GABRIEL, "Pit Trap")
    attach(s, b.t, trap, jayeil, GABRIEL)
    I[grasch, S.F_DMG + CORPOREAL] = max(0, hits(b, "Grasch", CORPOREAL) - atk(b, "Uzziel", CORPOREAL))
    I[jayeil, S.F_DMG + CORPOREAL] = hits(b, "Jayeil", CORPOREAL) - atk(b, "Grasch", CORPOREAL)
    sides(b, [uzziel, jayeil], [grasch])
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    n, _ = _order(s, b.t, order, what, GABRIEL, BELIAL)
    assert list(order[:n]) == [uzziel, jayeil, grasch]
    what[:n], whom[:n] = A_ATTACK, [grasch, grasch, jayeil]
    s.g[S.G_FIGHT_TYPE] = R_CO
    _play_acts(s, b.t, L, R_CO, GABRIEL, BELIAL, order, what, whom, n, n, n, 0, TRAP << ATTACKING)
    assert I[trap, S.F_ZONE] == S.Z_PLAY and I[grasch, S.F_FIGHT] == DEFENDING     # kept
    what[0] = A_WAIT
    _play_acts(s, b.t, L, R_CO, GABRIEL, BELIAL, order, what, whom, n, n, n, 0, TRAP << ATTACKING)
    assert I[trap, S.F_ZONE] == S.Z_DISCARD and I[grasch, S.F_FIGHT] == S.REMOVED


def test_pit_trap_takes_the_place_of_its_holders_declared_action():
    """Combat Acts "usually take the place of an action by one of your servants":
    Pit Trap can be played from its holder's declaration until that action
    resolves, and replaces it (A_ACT) -- not a Retreat, which Cowardice may have
    dictated.  Trying it is an action other than a base Attack, so Berserk ("the
    Mercurian attacks with base Attack value") may turn it into one; the holder
    then tries no more that round (I73)."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    grasch = b.put(BELIAL, "Grasch", L)
    jayeil = b.put(GABRIEL, "Jayeil", L)
    trap = b.take(GABRIEL, "Pit Trap")
    attach(s, b.t, trap, jayeil, GABRIEL)
    I[jayeil, S.F_DMG + CORPOREAL] = hits(b, "Jayeil", CORPOREAL) - atk(b, "Grasch", CORPOREAL)
    sides(b, [grasch], [jayeil])
    order, what, whom, n, acts = round_start(b)
    prog = (order, what, whom, n)
    assert list(order[:n]) == [grasch, jayeil] and acts & (TRAP << DEFENDING)
    what[0], whom[0] = A_ATTACK, jayeil
    point(b, L, prog, n, 1, 0, acts)
    assert I[trap, S.F_ATT] == jayeil                              # Jayeil has not declared yet
    what[1], whom[1] = A_RETREAT, -1
    point(b, L, prog, n, 2, 0, acts)
    assert I[trap, S.F_ATT] == jayeil                              # a Retreat stands
    what[1] = A_WAIT
    I[jayeil, S.F_DISCORD] = 6                                     # Berserk, always
    point(b, L, prog, n, 2, 0, acts)
    assert (what[1], whom[1]) == (A_FORCED, grasch) and I[trap, S.F_ATT] == jayeil
    saved = s.rng.copy()
    point(b, L, prog, n, 2, 0, acts)
    assert (s.rng == saved).all() and what[1] == A_FORCED          # no second try, no roll
    what[1], I[jayeil, S.F_DISCORD] = A_WAIT, 0
    point(b, L, prog, n, 2, 2, acts)
    assert I[trap, S.F_ATT] == jayeil                              # its action has resolved
    point(b, L, prog, n, 2, 0, acts)
    assert what[1] == A_ACT and I[trap, S.F_ZONE] == S.Z_DISCARD
    assert I[grasch, S.F_FIGHT] == S.REMOVED and I[grasch, S.F_LOC] == b.earth
    _resolve(s, b.t, grasch, A_ATTACK, jayeil, L, R_CO)
    assert I[jayeil, S.F_DMG + CORPOREAL] == hits(b, "Jayeil", CORPOREAL) - atk(b, "Grasch", CORPOREAL)


# ================================================================== Attack and Defense Acts
def test_soul_strike_opens_celestial_combat_on_earth(combat_decks):
    """"On Earth, the standard combat is corporeal; [...] celestial combat is
    difficult to initiate witout specialized Attack or Defense Acts": Soul Strike,
    an Attack Act, opens celestial combat to its holder's Beings (I59).
    Srnclack's Celestial Attack takes a larger share of Zophiel's Hits than his
    Corporeal one, so with the Act in hand and the Essence to pay he attacks
    celestially and plays it; without either, or under a policy that plays no
    Combat Acts, the fight stays corporeal."""
    b = board((combat_decks["belial"], combat_decks["gabriel"]))
    s, I = b.s, b.s.I
    srnclack = b.put(BELIAL, "Srnclack", b.earth)
    zophiel = b.put(GABRIEL, "Zophiel", b.earth)
    for c in b.hand(BELIAL):
        if I[c, S.F_DESIGN] == b.design("Soul Strike"):
            I[c, S.F_ZONE] = S.Z_DISCARD
    assert open_types(s, b.t, srnclack, b.earth) == 1 << R_CO
    assert combat_type(s, b.t, srnclack, zophiel) == R_CO
    card = only_copy(b, BELIAL, "Soul Strike")
    s.S[BELIAL, S.S_ESSENCE] = 0
    assert combat_type(s, b.t, srnclack, zophiel) == R_CO
    s.S[BELIAL, S.S_ESSENCE] = 3
    assert open_types(s, b.t, srnclack, b.earth) == (1 << R_CO) | (1 << R_CE)
    assert combat_type(s, b.t, srnclack, zophiel) == R_CE
    s.w[BELIAL, W_COMBAT_ACTS] = 0
    assert combat_type(s, b.t, srnclack, zophiel) == R_CO
    s.w[BELIAL, W_COMBAT_ACTS] = 1
    I[srnclack, S.F_ACTS] = 1
    fight(s, b.t, srnclack, zophiel)
    assert I[card, S.F_ZONE] == S.Z_DISCARD and s.S[BELIAL, S.S_ESSENCE] == 2
    assert I[zophiel, S.F_DMG + CELESTIAL] > 0 and I[zophiel, S.F_DMG + CORPOREAL] == 0


def test_soul_shield_makes_the_fight_celestial_and_humans_leave_it(combat_decks):
    """A Defense Act, played by the attacked Being's controller as the combat
    begins (I59): Soul Shield makes Ed's attack on Marnel celestial, and Humans
    "when on Earth [...] may only participate in Corporeal combat", so Ed leaves
    the combat unfought, his action spent, Marnel unhurt.  Without the Act Ed's
    blow lands.  It is not played for an attacked Being that could not take part
    in celestial combat (Pen, a Human)."""
    for shield in (True, False):
        b = board((combat_decks["belial"], combat_decks["gabriel"]))
        s, I = b.s, b.s.I
        ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
        marnel = b.put(GABRIEL, "Marnel", b.earth)
        for c in b.hand(GABRIEL):
            if I[c, S.F_DESIGN] == b.design("Soul Shield"):
                I[c, S.F_ZONE] = S.Z_DISCARD
        card = only_copy(b, GABRIEL, "Soul Shield") if shield else -1
        I[ed, S.F_ACTS] = 1
        fight(s, b.t, ed, marnel)
        assert I[ed, S.F_ACTS] == 0 and I[ed, S.F_FIGHT] == -1 and I[marnel, S.F_FIGHT] == -1
        blows = [r for r in s.trace[:s.g[S.G_TRACE_N]] if r[5] == T_ATTACK and r[3] == ed]
        if shield:
            assert I[card, S.F_ZONE] == S.Z_DISCARD and blows == []
            assert I[marnel, S.F_DMG:S.F_DMG + 3].sum() == 0
        else:
            assert len(blows) > 0
    pen = b.put(GABRIEL, "Pen Quinn", b.earth, ctrl=GABRIEL)
    srnclack = b.put(BELIAL, "Srnclack", b.earth)
    card = only_copy(b, GABRIEL, "Soul Shield")
    I[srnclack, S.F_ACTS] = 1
    fight(s, b.t, srnclack, pen)
    assert I[card, S.F_ZONE] == S.Z_HAND


def test_a_seat_holding_no_combat_act_is_skipped_on_one_bit():
    """I72's cost: state.to_hand notes the effect codes of every Combat Act that
    comes into a hand; cards leave the hand without telling it, and the first look
    into the hand sets the mask right, so a seat that holds none is skipped on
    one bit test from then on."""
    b = board()
    s, I = b.s, b.s.I
    for c in b.hand(GABRIEL):
        I[c, S.F_ZONE] = S.Z_DISCARD
    s.S[GABRIEL, S.S_HAND_ACTS] = 0
    card = b.to_hand(GABRIEL, "Send Reinforcements")
    assert may_hold(s, GABRIEL, E_REINFORCE) and hand_act(s, b.t, GABRIEL, E_REINFORCE, -1) == card
    I[card, S.F_ZONE] = S.Z_DISCARD                              # played, say
    assert may_hold(s, GABRIEL, E_REINFORCE)                     # not told ...
    assert hand_act(s, b.t, GABRIEL, E_REINFORCE, -1) == -1      # ... until it looks
    assert s.S[GABRIEL, S.S_HAND_ACTS] == 0 and not may_hold(s, GABRIEL, E_REINFORCE)
    b.to_hand(GABRIEL, "Acting")                                 # a Skill is no Combat Act
    assert s.S[GABRIEL, S.S_HAND_ACTS] == 0
