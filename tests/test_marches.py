"""The Marches, Ethereals, Humans in the Marches, Animals, and the combat types
of each realm (rulebook, "The Play Area", phase 6a, "Beings in Detail"): each
rule from a small position the rulebook's text decides.

No starter deck holds an Ethereal, an Animal or anything in the Marches; those
cards are in tests/data/marches.toml and are planted into the starter decks."""
import dataclasses

import pytest
from positions import BELIAL, GABRIEL, ROOT, Board, data_deck

from balance.rules.innomine.cards import DeckError, compile_tables, load_deck, load_library
from balance.rules.innomine import state as S
from balance.rules.innomine.actions import actions_phase
from balance.rules.innomine.beings import attach, attack_value, can_act, can_hold, move_to
from balance.rules.innomine.combat import can_base_attack, combat_type, fight, may_take_base_attack
from balance.rules.innomine.combat_types import open_types
from balance.rules.innomine.damage import corporeal_death, deal_damage, resolve_zero_hits, soul_death
from balance.rules.innomine.draw import arrive
from balance.rules.innomine.essence import essence_income
from balance.rules.innomine.humans import age_mortals, wake_dreamers
from balance.rules.innomine.resonances import can_influence
from balance.rules.innomine.tables import D_PLACE, D_SIDE, P_JORDI
from balance.rules.innomine.tethers import can_go_down, up_destination
from balance.rules.innomine.vocabulary import (
    C_TURNS_HEAVEN,
    C_TURNS_HELL,
    CELESTIAL,
    CORPOREAL,
    ETHEREAL_REALM,
    IN_MARCHES,
    ON_EARTH,
)

R_CE, R_ET, R_CO = S.R_CELESTIAL, S.R_ETHEREAL, S.R_CORPOREAL
REPO = {"Mirror of Dreams": 1, "Leather Collar": 1}
EVENTS = {"Lantern Wisp": 2, "Old Grey Wolf": 2, "Stray Cat": 1, "Gate of Horn": 1, "Dreamer's Glade": 1,
          "Iron Horseshoe": 1}


def marches_deck(tmp, deck):
    """``deck``'s starter deck with the cards of tests/data/marches.toml added."""
    return data_deck(tmp, deck, "marches.toml", REPO, EVENTS)


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("marches")
    return marches_deck(tmp, "belial"), marches_deck(tmp, "gabriel")


@pytest.fixture
def b(decks):
    board = Board(decks=decks)
    board.clear_board()
    board.marches = S.loc_marches(board.s)
    board.new_york = board.put(BELIAL, "New York", board.earth, ctrl=-1)
    return board


def flip(b, seat, name):
    """An Events card of seat's deck comes into play as if drawn (draw.arrive)."""
    e = b.take(seat, name)
    arrive(b.s, b.t, seat, e)
    return e


# ================================================================== the Marches
def test_tethers_and_locations_in_the_marches_and_ethereals_arrive_there(b):
    """"place it into the appropriate Realm -- the Earth, unless otherwise
    specified, such as the Marches for Ethereals"; a Tether is "two Locations,
    one on Earth or the Marches and one 'everywhere' in your Realm"."""
    s, I = b.s, b.s.I
    assert b.t.C[b.design("Gate of Horn"), D_PLACE] == IN_MARCHES
    assert b.t.C[b.design("New York"), D_PLACE] == ON_EARTH
    gate = flip(b, GABRIEL, "Gate of Horn")
    glade = flip(b, BELIAL, "Dreamer's Glade")
    wisp = flip(b, BELIAL, "Lantern Wisp")
    wolf = flip(b, BELIAL, "Old Grey Wolf")
    assert I[gate, S.F_LOC] == b.marches and I[gate, S.F_CTRL] == GABRIEL
    assert I[glade, S.F_LOC] == b.marches and I[glade, S.F_CTRL] == -1
    assert I[wisp, S.F_LOC] == b.marches and I[wisp, S.F_CTRL] == -1
    assert I[wolf, S.F_LOC] == b.earth and I[wolf, S.F_AGE] == 0
    assert S.realm_type(s, gate) == R_ET and S.realm_of(s, gate) == b.marches


def test_beings_reach_the_marches_down_a_tether_and_go_back_up_it(b):
    """"up or down a Tether at which they are located": a Servitor in Gabriel's
    Realm goes down his Tether in the Marches, and from there up into his Realm."""
    s, I = b.s, b.s.I
    gate = flip(b, GABRIEL, "Gate of Horn")
    azra = b.put(GABRIEL, "Azra", b.realm(GABRIEL))
    assert can_go_down(s, b.t, azra, gate)
    move_to(s, b.t, azra, gate)
    assert S.realm_of(s, I[azra, S.F_LOC]) == b.marches
    assert I[azra, S.F_LAST_LOC] == b.realm(GABRIEL)
    assert up_destination(s, b.t, azra) == b.realm(GABRIEL)


def test_tools_may_not_be_used_in_the_marches(b):
    """"Tools may not be used there": the Iron Horseshoe's +2 Ethereal Attack works
    on Earth and not in the Marches; a Relic works in both."""
    s = b.s
    v = b.put(BELIAL, "Vashka", b.earth)
    attach(s, b.t, b.take(BELIAL, "Iron Horseshoe"), v, BELIAL)
    assert attack_value(s, b.t, v, ETHEREAL_REALM) == 2 + 2
    move_to(s, b.t, v, b.marches)
    assert attack_value(s, b.t, v, ETHEREAL_REALM) == 2
    assert open_types(s, b.t, v, b.marches) == (1 << R_ET) | (1 << R_CE)


# ================================================================== combat types
def test_in_the_marches_the_attacker_chooses_ethereal_or_celestial_combat(b):
    """"In the Marches, the standard combat is ethereal; corporeal attacks may not
    be used, but celestial combat may be chosen freely by an attacker": the
    attacker takes the type whose Attack takes the larger share of the target's
    Hits -- Vashka (Ce 3, E 2) against Hadriel (Ce Hits 4, E Hits 3) chooses
    Celestial, Wrinth (Ce 2, E 4) Ethereal."""
    s = b.s
    vashka = b.put(BELIAL, "Vashka", b.marches)
    wrinth = b.put(BELIAL, "Wrinth", b.marches)
    hadriel = b.put(GABRIEL, "Hadriel", b.marches)
    assert open_types(s, b.t, vashka, b.marches) == (1 << R_ET) | (1 << R_CE)
    assert combat_type(s, b.t, vashka, hadriel) == R_CE
    assert combat_type(s, b.t, wrinth, hadriel) == R_ET
    fight(s, b.t, vashka, hadriel)
    I = s.I
    assert I[hadriel, S.F_DMG + CELESTIAL] > 0
    assert I[hadriel, S.F_DMG + CORPOREAL] == 0 and I[vashka, S.F_DMG + CORPOREAL] == 0


def test_an_object_opens_ethereal_combat_on_earth_and_in_a_realm(b):
    """"On Earth, the standard combat is corporeal; ethereal attacks may be
    undertaken with certain Objects or Abilities"; "In player's Realms, standard
    combat is Celestial, but ethereal combat may be undertaken with certain Relics
    or Abilities"."""
    s = b.s
    wrinth = b.put(BELIAL, "Wrinth", b.earth)
    hadriel = b.put(GABRIEL, "Hadriel", b.earth)
    assert combat_type(s, b.t, wrinth, hadriel) == R_CO
    attach(s, b.t, b.take(BELIAL, "Mirror of Dreams"), wrinth, BELIAL)
    assert open_types(s, b.t, wrinth, b.earth) == (1 << R_CO) | (1 << R_ET)
    assert combat_type(s, b.t, wrinth, hadriel) == R_ET          # E 4 of 3 Hits beats Co 2 of 4
    move_to(s, b.t, wrinth, b.realm(GABRIEL))
    move_to(s, b.t, hadriel, b.realm(GABRIEL))
    s.I[hadriel, S.F_ENTERED] = 0                               # there long enough to be attacked (I12)
    assert combat_type(s, b.t, wrinth, hadriel) == R_ET          # ... and Ce 2 of 4
    fight(s, b.t, wrinth, hadriel)
    assert s.I[hadriel, S.F_DMG + ETHEREAL_REALM] > 0 and s.I[hadriel, S.F_DMG + CELESTIAL] == 0


# ================================================================== 0 Ethereal Hits in the Marches
def test_zero_ethereal_hits_eject_a_non_ethereal_to_its_last_non_marches_location(b):
    """"If in the Marches, Beings other than an Ethereal are ejected to their last
    non-Marches Location": Azra came down Gabriel's Tether from his Realm, Vashka
    from New York."""
    s, I = b.s, b.s.I
    gate = flip(b, GABRIEL, "Gate of Horn")
    azra = b.put(GABRIEL, "Azra", b.realm(GABRIEL))
    vashka = b.put(BELIAL, "Vashka", b.new_york)
    move_to(s, b.t, azra, gate)
    move_to(s, b.t, vashka, b.marches)
    move_to(s, b.t, vashka, gate)           # moving within the Marches keeps New York
    for i in (azra, vashka):
        deal_damage(s, b.t, -1, i, ETHEREAL_REALM, 99)
    resolve_zero_hits(s, b.t)
    assert I[azra, S.F_LOC] == b.realm(GABRIEL) and I[vashka, S.F_LOC] == b.new_york
    assert I[azra, S.F_TRAUMA] == 0 and I[vashka, S.F_TRAUMA] == 0


def test_an_ethereal_at_zero_ethereal_hits_moves_in_the_marches_and_enters_trauma(b):
    """"An Ethereal leaves to a new location in the Marches and enters Trauma:
    they cannot perform any actions for a number of turns equal to their Ethereal
    Hits" (the Wisp has 4)."""
    s, I = b.s, b.s.I
    gate = flip(b, GABRIEL, "Gate of Horn")
    glade = flip(b, BELIAL, "Dreamer's Glade")
    at_gate = b.put(BELIAL, "Lantern Wisp", gate, ctrl=BELIAL)
    at_large = b.put(GABRIEL, "Lantern Wisp", b.marches, ctrl=GABRIEL)
    for w in (at_gate, at_large):
        deal_damage(s, b.t, -1, w, ETHEREAL_REALM, 99)
    resolve_zero_hits(s, b.t)
    assert I[at_gate, S.F_LOC] == b.marches and I[at_large, S.F_LOC] in (gate, glade)
    for w in (at_gate, at_large):
        assert I[w, S.F_TRAUMA] == 4 and not can_act(s, b.t, w) and I[w, S.F_ZONE] == S.Z_PLAY


# ================================================================== Ethereals
def test_ethereals_are_unaligned_may_be_influenced_and_then_give_essence(b):
    """Ethereals: "an unaligned type of Being which may be influenced"; Gain
    Essence counts "every Ethereal over which you have Influence"; an Ethereal
    nobody Influences does not act for anyone (I51)."""
    s, I = b.s, b.s.I
    wisp = flip(b, BELIAL, "Lantern Wisp")
    hadriel = b.put(GABRIEL, "Hadriel", b.marches)
    assert b.t.C[b.design("Lantern Wisp"), D_SIDE] == -1     # unaligned
    assert can_influence(s, b.t, hadriel, wisp)
    I[wisp, S.F_ACTS] = 1
    I[hadriel, S.F_ACTS] = 0
    actions_phase(s, b.t)
    assert I[wisp, S.F_ACTS] == 1                            # it did not act
    base = essence_income(s, b.t, GABRIEL)
    I[wisp, S.F_CTRL], I[wisp, S.F_INF_BY] = GABRIEL, hadriel
    assert essence_income(s, b.t, GABRIEL) == base + 1
    actions_phase(s, b.t)
    assert I[wisp, S.F_ACTS] == 0                            # Influenced, it acts


def test_an_ethereal_has_no_afterlife_and_its_home_realm_is_the_marches(b):
    """Ethereals lack "Destinies or Fates": soul-dead, one is discarded; at 0
    Corporeal Hits an Immortal enters Trauma and returns "to their Realm" -- the
    Marches, "the home Realm of Ethereals"."""
    s, I = b.s, b.s.I
    w1 = b.put(BELIAL, "Lantern Wisp", b.new_york, ctrl=BELIAL)
    w2 = b.put(GABRIEL, "Lantern Wisp", b.new_york, ctrl=GABRIEL)
    corporeal_death(s, b.t, w1)
    assert I[w1, S.F_LOC] == b.marches and I[w1, S.F_TRAUMA] == 1 and I[w1, S.F_ZONE] == S.Z_PLAY
    soul_death(s, b.t, w2)
    assert I[w2, S.F_ZONE] == S.Z_DISCARD and s.S[GABRIEL, S.S_SOULS] == 0


# ================================================================== Humans in the Marches
def test_humans_in_the_marches_fight_celestially_or_ethereally_and_wake_at_dawn(b):
    """Humans "can only inhabit the Marches temporarily (i.e., while they sleep).
    While there, they can participate in Celestial or Ethereal combat, but when on
    Earth they may only participate in Corporeal combat" (I53: a Human wakes at
    its last non-Marches Location at the end of the turn)."""
    s, I = b.s, b.s.I
    ed = b.put(GABRIEL, "Ed Holder", b.new_york, ctrl=GABRIEL)
    vashka = b.put(BELIAL, "Vashka", b.new_york)
    assert can_base_attack(s, b.t, ed, R_CO) and not can_base_attack(s, b.t, ed, R_ET)
    assert not may_take_base_attack(s, b.t, vashka, ed, R_ET)
    move_to(s, b.t, ed, b.marches)
    assert can_base_attack(s, b.t, ed, R_CE) and can_base_attack(s, b.t, ed, R_ET)
    assert not can_base_attack(s, b.t, ed, R_CO)
    assert may_take_base_attack(s, b.t, vashka, ed, R_CE) and may_take_base_attack(s, b.t, vashka, ed, R_ET)
    wake_dreamers(s, b.t)
    assert I[ed, S.F_LOC] == b.new_york


# ================================================================== Animals
def test_animals_take_part_only_in_corporeal_and_ethereal_combat(b):
    """Animals "can only participate in Corporeal and Ethereal combat": in the
    Marches the Wolf (Ce Hits 2, E Hits 2) is fought ethereally even by an
    attacker whose Celestial Attack would take more."""
    s = b.s
    wolf = b.put(GABRIEL, "Old Grey Wolf", b.marches, ctrl=GABRIEL)
    vashka = b.put(BELIAL, "Vashka", b.marches)
    assert can_base_attack(s, b.t, wolf, R_CO) and can_base_attack(s, b.t, wolf, R_ET)
    assert not can_base_attack(s, b.t, wolf, R_CE)
    assert not may_take_base_attack(s, b.t, vashka, wolf, R_CE)
    assert combat_type(s, b.t, vashka, wolf) == R_ET


def test_only_cards_that_say_so_attach_to_animals(b):
    """"No cards other than those explicitly stating otherwise may be attached to
    Animals": the Leather Collar says so; a Song, a Relic and a Tool do not."""
    s = b.s
    wolf = b.put(BELIAL, "Old Grey Wolf", b.earth, ctrl=BELIAL)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    for name in ("Song of Fire", "Mirror of Dreams", "Iron Horseshoe"):
        card = b.take(BELIAL, name)
        assert not can_hold(s, b.t, wolf, card) and can_hold(s, b.t, ed, card)
    assert can_hold(s, b.t, wolf, b.take(BELIAL, "Leather Collar"))


def test_animals_age_and_reincarnate_unless_jordi_takes_them(b):
    """Animals "have lifespans, with Destinies and Fates, but only either go to
    Archangel Jordi's Realm or reincarnate otherwise" (I50): with Jordi out of the
    game even a met Destiny reincarnates the Wolf; a met Fate always does."""
    s, I = b.s, b.s.I
    wolf = b.put(BELIAL, "Old Grey Wolf", b.earth, ctrl=GABRIEL)
    cat = b.put(GABRIEL, "Stray Cat", b.earth)
    I[wolf, S.F_CNT + C_TURNS_HEAVEN] = 1                    # Destiny alone
    I[wolf, S.F_AGE] = 5
    I[cat, S.F_AGE] = 1
    age_mortals(s, b.t)
    assert I[wolf, S.F_ZONE] == S.Z_EVENTS and I[wolf, S.F_CNT + C_TURNS_HEAVEN] == 0
    assert I[cat, S.F_ZONE] == S.Z_PLAY and I[cat, S.F_AGE] == 2
    assert s.S[GABRIEL, S.S_SOULS] == 0


def test_jordi_takes_an_animal_whose_destiny_alone_is_met_and_gains_essence_for_it(b):
    """With Jordi in the game (seat 1 here), a killed Animal whose Destiny alone is
    met enters his Realm: it gives him Essence ("every Human or Animal in your
    Realm") but is no Human toward victory; one whose Fate alone is met
    reincarnates.  Influenced Animals give no Essence (they are not in the list)."""
    s, I = b.s, b.s.I
    b.t.seat[GABRIEL, P_JORDI] = 1
    blessed = b.put(BELIAL, "Old Grey Wolf", b.earth, ctrl=GABRIEL)
    damned = b.put(GABRIEL, "Old Grey Wolf", b.earth, ctrl=BELIAL)
    base = essence_income(s, b.t, GABRIEL)
    I[blessed, S.F_CTRL] = -1
    assert essence_income(s, b.t, GABRIEL) == base          # Influence over an Animal gives nothing
    I[blessed, S.F_CNT + C_TURNS_HEAVEN] = 1
    I[damned, S.F_CNT + C_TURNS_HELL] = 1
    for w in (blessed, damned):
        deal_damage(s, b.t, -1, w, CORPOREAL, 99)
    resolve_zero_hits(s, b.t)
    assert I[blessed, S.F_ZONE] == S.Z_SOUL and I[blessed, S.F_LOC] == b.realm(GABRIEL)
    assert I[damned, S.F_ZONE] == S.Z_EVENTS
    assert s.S[GABRIEL, S.S_SOULS] == 0 and s.g[S.G_WINNER] == -1
    assert essence_income(s, b.t, GABRIEL) == base + 1


def test_a_superior_named_jordi_is_the_one_whose_realm_takes_animals(decks):
    """The compiled tables mark the seat whose Superior is Jordi, and only it."""
    gabriel = load_deck(decks[1])
    jordi = dataclasses.replace(gabriel, superior=dataclasses.replace(gabriel.superior, name="Jordi"),
                                sheets={**gabriel.sheets, "Jordi": gabriel.superior})
    t = compile_tables([load_deck(decks[0]), jordi]).tables
    assert list(t.seat_jordi) == [0, 1]
    assert list(compile_tables([load_deck(decks[0]), gabriel]).tables.seat_jordi) == [0, 0]


# ================================================================== card files
def _library(tmp_path, body):
    (tmp_path / "x.toml").write_text(body)
    return load_library(tmp_path)


def test_animal_cards_load_with_lifespan_destiny_and_fate(tmp_path):
    """"Animals have lifespans, with Destinies and Fates"; Tethers and Locations
    say where they are, and Ethereals are in the Marches."""
    cards = _library(tmp_path, open(f"{ROOT}/tests/data/marches.toml").read())
    wolf = cards["Old Grey Wolf"]
    assert wolf.type == "animal" and wolf.lifespan == 6 and wolf.destiny.counter == "turns_heaven"
    assert cards["Gate of Horn"].place == "marches" and cards["Lantern Wisp"].place == "marches"
    assert cards["Iron Horseshoe"].place == "earth"


@pytest.mark.parametrize("body, field", [
    ('type = "animal"\ncelestial = [1, 1]\nethereal = [1, 1]\ncorporeal = [1, 1]\n'
     'destiny = { counter = "turns_heaven", at_least = 1 }\nfate = { counter = "turns_hell", at_least = 1 }\n',
     "lifespan"),
    ('type = "animal"\nlifespan = 3\nethereal = [1, 1]\ncorporeal = [1, 1]\n'
     'destiny = { counter = "turns_heaven", at_least = 1 }\nfate = { counter = "turns_hell", at_least = 1 }\n',
     "celestial"),
    ('type = "animal"\nkind = "wolf"\n', "kind"),
    ('type = "tether"\nplace = "heaven"\n', "place"),
    ('type = "tool"\nplace = "marches"\n', "place"),
    ('type = "ethereal"\nplace = "marches"\ncelestial = [1, 1]\nethereal = [1, 1]\ncorporeal = [1, 1]\n', "place"),
])
def test_bad_animal_and_place_fields_are_rejected(tmp_path, body, field):
    """An Animal needs its lifespan, Destiny, Fate and stats; ``place`` belongs to
    Tethers and Locations, and names Earth or the Marches."""
    with pytest.raises(DeckError) as e:
        _library(tmp_path, f'[[card]]\nname = "Bad"\n{body}')
    assert e.value.field == field
