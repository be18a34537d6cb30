"""Agents apart from the rules (docs/agents.md): the decision points offer
exactly the legal options, the random agent is uniform over them, the search
agent does not peek and replays its games exactly, no converted rules module
reads an agent's settings, and a bad agent file is one line."""
import ast
import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from positions import BELIAL, GABRIEL, ROOT, Board, data_deck, options, peek, random_counts
from scipy.stats import chisquare

from balance.agents.innomine.search import searched_turn
from balance.agents.kinds import A_CHECK, A_KIND, A_SEARCHED, SCRIPTED
from balance.agents.points import D_FORCED, N_DEC, clear
from balance.errors import InputError
from balance.rules.innomine import decisions
from balance.rules.innomine import state as S
from balance.rules.innomine.act_targets import offer_acts, offer_holders, offer_new_holders
from balance.rules.innomine.acts import move_objects, play_card
from balance.rules.innomine.action_options import offer_actions
from balance.rules.innomine.beings import attach
from balance.rules.innomine.combat import (
    A_ATTACK,
    A_RETREAT,
    A_TEAR,
    A_WAIT,
    _gather_attackers,
    _gather_defenders,
    _send,
    _spring,
    combat_type,
    fire_song,
    offer_declarations,
    retreat_to,
)
from balance.rules.innomine.decisions import (
    ACT,
    ACTION,
    CALABITE_NOTE,
    COMBAT_TYPE,
    DECLARE,
    DEFEND,
    END_EFFECT,
    GIVE_OBJECT,
    MOVE_OBJECT,
    HAB_AGAIN,
    HAB_INFLUENCED,
    HAB_NOTE,
    FIRST_AID,
    HABBALITE_FAILURE,
    JOIN_ATTACK,
    LIE,
    PIT_TRAP,
    RETREAT_TO,
    RIDER_HOST,
    SEARCH_PICK,
    SEND_BEING,
    SENESCHAL_TETHER,
    SONG_TARGET,
    TRUTH_PICK,
    VIEW_PICK,
    K_ATTACK,
    K_MOVE,
    K_WAIT,
    ability_b,
    pack,
)
from balance.rules.innomine.deck_search import offer_copies
from balance.rules.innomine.decks import deck_card, deck_count
from balance.rules.innomine.effects import search_location, search_skill, search_tool
from balance.rules.innomine.end_turn import FIRST_AID_TEXT, LOCATION_DAMAGE, _end_effect, first_aid, offer_end_effects
from balance.rules.innomine.fall import bring_band
from balance.rules.innomine.host_resonance import new_host
from balance.rules.innomine.information import resample_unseen
from balance.rules.innomine.matchup import play_range, prepare, replay_lines
from balance.agents.innomine.policies import W_DEFEND, W_GANG
from balance.agents.innomine.policy_files import load_agent
from balance.rules.innomine.seraphim import offer_truths, view
from balance.rules.innomine.setup import setup
from balance.rules.innomine.resonances import _habbalite_failure, tear
from balance.rules.innomine.tables import D_COST, D_CTYPE, D_HITS, D_KIND
from balance.rules.innomine.trace import T_FALL_DEMON
from balance.rules.innomine.vocabulary import CALABITE, CELESTIAL, CORPOREAL, LOCATION, SERVITOR
from balance.sim.seeding import d6
from balance.rules.innomine.turn import next_turn

QUICK = f"{ROOT}/tests/data/search_quick.toml"
ACTIONS = f"{ROOT}/tests/data/search_actions.toml"
COMBAT = f"{ROOT}/tests/data/search_combat.toml"
DECKS = (f"{ROOT}/decks/gabriel.toml", f"{ROOT}/decks/belial.toml")


def test_each_decision_kind_is_named_at_its_number():
    """A search budget's bit for a kind it names is the name's place in
    DECISIONS (policy_files.load_agent): that place must be the kind's number."""
    for k, name in enumerate(decisions.DECISIONS):
        assert getattr(decisions, name.upper()) == k, name
    row = load_agent(f"{ROOT}/policies/search.toml").row
    assert row[A_SEARCHED] == (1 << ACT) | (1 << ACTION)


def test_the_acts_offered_are_every_legal_play_and_the_random_agent_takes_each_alike():
    """Phase 5: "Servitors are played in their Home Realm.  Songs, Objects, and
    Ranks are given to Beings."  With a Servitor and a Song in hand and a
    Servitor and a Human of its own in play, Gabriel may stop, play the Servitor,
    or give the Song to either Being -- the Human too, which the scripted styles
    never chose (they give to Servitors first).  A card it cannot pay for is not
    offered.  The random agent's choices over 3,000 draws do not reject
    uniformity (chi-square)."""
    b = Board()
    b.clear_board()
    s = b.s
    for c in b.hand(GABRIEL):
        s.I[c, S.F_ZONE] = S.Z_DISCARD
    s.S[GABRIEL, S.S_ESSENCE] = 3
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=GABRIEL)
    glimmer = b.to_hand(GABRIEL, "Glimmer")
    song = b.to_hand(GABRIEL, "Song of Fire")
    dear = b.to_hand(GABRIEL, "Kerubiel")
    assert b.t.C[b.design("Kerubiel"), D_COST] > 3 >= b.t.C[b.design("Glimmer"), D_COST]
    offer_acts(s, b.t, GABRIEL)
    assert sorted(options(s)) == sorted([(-1, -1), (glimmer, -1), (song, tamiel), (song, sam)])
    assert dear not in [c for c, _ in options(s)]
    counts = random_counts(b, GABRIEL, ACT, 4)
    assert chisquare(counts).pvalue > 1e-3, counts


def test_a_loose_object_is_offered_to_every_being_of_its_realm_and_the_random_agent_takes_each_alike():
    """"You may also give any uncontrolled Object to a Being in its Realm": a Gun
    on Earth may go to either of Gabriel's Beings on Earth, or stay; not to one in
    Heaven, nor to a Belial's Being."""
    b = Board()
    b.clear_board()
    s = b.s
    gun = b.put(GABRIEL, "Gun", b.earth, ctrl=-1)
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    azra = b.put(GABRIEL, "Azra", b.earth)
    b.put(GABRIEL, "Glimmer", b.realm(GABRIEL))
    b.put(BELIAL, "Grasch", b.earth)
    offer_holders(s, b.t, GABRIEL, gun)
    assert sorted(options(s)) == sorted([(-1, -1), (gun, tamiel), (gun, azra)])
    counts = random_counts(b, GABRIEL, GIVE_OBJECT, 3)
    assert chisquare(counts).pvalue > 1e-3, counts


def test_soldekais_text_offers_an_object_to_each_other_servitor_of_fire_and_the_random_agent_takes_each_alike():
    """Soldekai: "all angels controlled by Gabriel gain the game text 'Objects
    attached to this Servitor may be attached to a different Servitor of Fire
    during the Acts phase.'"  A Flaming Sword on Tamiel on Earth may stay, or go
    to Hadriel in Heaven or to Soldekai -- not to Belial's Grasch beside it; it
    goes where the random agent says; without Soldekai in play it stays."""
    b = Board()
    b.clear_board()
    s = b.s
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    hadriel = b.put(GABRIEL, "Hadriel", b.realm(GABRIEL))
    soldekai = b.put(GABRIEL, "Soldekai", b.realm(GABRIEL))
    b.put(BELIAL, "Grasch", b.earth)
    sword = b.take(GABRIEL, "Flaming Sword")
    attach(s, b.t, sword, tamiel, GABRIEL)
    offer_new_holders(s, b.t, GABRIEL, sword)
    assert sorted(options(s)) == sorted([(-1, -1), (sword, hadriel), (sword, soldekai)])
    counts = random_counts(b, GABRIEL, MOVE_OBJECT, 3)
    assert chisquare(counts).pvalue > 1e-3, counts
    held = []
    for _ in range(300):
        before = s.I[sword, S.F_ATT]
        move_objects(s, b.t, GABRIEL)
        after = s.I[sword, S.F_ATT]
        held.append(after)
        assert sword in s.I[after, S.F_ATTS:S.F_ATTS + s.I[after, S.F_NATT]]
        assert before == after or sword not in s.I[before, S.F_ATTS:S.F_ATTS + s.I[before, S.F_NATT]]
    assert set(held) == {tamiel, hadriel, soldekai}
    s.I[soldekai, S.F_ZONE] = S.Z_REMOVED
    at = s.I[sword, S.F_ATT]
    for _ in range(50):
        move_objects(s, b.t, GABRIEL)
        assert s.I[sword, S.F_ATT] == at


def test_the_actions_offered_are_every_legal_one_and_the_random_agent_takes_each_alike():
    """Phase 6: "Move [...] to or from any Location [...] within their current
    Realm"; "initiate combat against any Being in their Realm who has spent at
    least one opponent's turn in the Realm".  Gabriel's Human at Earth's generic
    Location may Wait, go to New York, where nothing is (no scripted style goes
    there), or attack Belial's Grasch -- not Poof, who arrived this turn, nor
    Nyx in Heaven, and not up a Tether, being Human.  The random agent's
    choices do not reject uniformity."""
    b = Board()
    b.clear_board()
    s = b.s
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=GABRIEL)
    grasch = b.put(BELIAL, "Grasch", b.earth)
    b.put(BELIAL, "Poof", b.earth, entered=int(s.g[S.G_TURN]))
    b.put(BELIAL, "Nyx", b.realm(GABRIEL))
    S.collect_rivals(s, GABRIEL)
    offer_actions(s, b.t, sam)
    assert sorted(options(s)) == sorted([(pack(K_WAIT, -1, False), -1), (pack(K_MOVE, ny, False), -1),
                                         (pack(K_ATTACK, grasch, False), -1)])
    counts = random_counts(b, GABRIEL, ACTION, 3)
    assert chisquare(counts).pvalue > 1e-3, counts


def test_a_calabites_note_is_offered_and_the_random_agent_takes_each_alike():
    """Calabim: a roll above the Calabite's Celestial Hits does "half the total
    (rounded down) [...] unless the Calabite takes a point of Dissonance": the
    rules offer the half (row 0) and the whole (row 1), each as damage to the
    target in the realm's type; the random agent takes each alike."""
    b = Board(decks=("saminga", "gabriel"))
    b.clear_board()
    s = b.s
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    grasch, uzziel = b.put(BELIAL, "Grasch", ny), b.put(GABRIEL, "Uzziel", ny)
    hits = int(b.t.C[b.design("Grasch"), D_HITS + CELESTIAL])
    while peek(s, lambda s: d6(s.rng)) <= hits:      # the next roll is above the Calabite's Hits
        d6(s.rng)
    roll = peek(s, lambda s: d6(s.rng))
    tear(s, b.t, grasch, uzziel, S.R_CORPOREAL)
    target = ability_b(S.R_CORPOREAL, uzziel)
    assert options(s) == [(roll // 2, target), (roll, target)]
    counts = random_counts(b, BELIAL, CALABITE_NOTE, 2)
    assert chisquare(counts).pvalue > 1e-3, counts


def fight_at_new_york(b):
    """Gabriel's Uzziel and Azra attack Belial's Grasch (a Calabite, Belial's
    sheet giving it game text) at New York, in a corporeal combat."""
    b.clear_board()
    s = b.s
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    grasch = b.put(BELIAL, "Grasch", ny)
    uzziel, azra = b.put(GABRIEL, "Uzziel", ny), b.put(GABRIEL, "Azra", ny)
    for i, side in ((uzziel, S.ATTACKING), (azra, S.ATTACKING), (grasch, S.DEFENDING)):
        S.enlist(s, i, side)
    s.g[S.G_FIGHT_TARGET], s.g[S.G_FIGHT_TYPE] = grasch, S.R_CORPOREAL
    return ny, grasch, uzziel, azra


def test_the_declarations_offered_are_every_legal_one_and_the_random_agent_takes_each_alike():
    """Phase 6a: each round a Being in combat may Attack with its base Attack,
    use its game text, Wait or Retreat.  Grasch may Wait, Retreat, strike
    either attacker, or tear at either (a Calabite's Resonance, its game text)
    -- six declarations, whatever its style would make of them.  The random
    agent's choices do not reject uniformity."""
    b = Board()
    ny, grasch, uzziel, azra = fight_at_new_york(b)
    offer_declarations(b.s, b.t, grasch, S.R_CORPOREAL)
    assert sorted(options(b.s)) == sorted([(A_WAIT, -1), (A_RETREAT, -1), (A_ATTACK, uzziel), (A_ATTACK, azra),
                                           (A_TEAR, uzziel), (A_TEAR, azra)])
    counts = random_counts(b, BELIAL, DECLARE, 6)
    assert chisquare(counts).pvalue > 1e-3, counts


def test_who_joins_an_attack_or_defends_is_offered_and_the_random_agent_takes_each_alike():
    """"Multiple Beings may enter a single combat at once" from anywhere in the
    realm (I13); Beings at the Location "may choose" to Defend (I14).  Azra on
    Earth's open ground may join Uzziel's attack (row 0: no more join); Vashka
    at New York may Defend Grasch.  Styles that neither gang nor defend
    decline both, and the random agent takes each row alike."""
    b = Board()
    ny, grasch, uzziel, azra = fight_at_new_york(b)
    s = b.s
    S.enlist(s, azra, -1)
    s.I[azra, S.F_LOC] = b.earth
    s.I[azra, S.F_ACTS] = 1
    vashka = b.put(BELIAL, "Vashka", ny)
    s.w[:, W_GANG] = s.w[:, W_DEFEND] = 0
    s.agent[GABRIEL, A_CHECK] = 1                   # the rules list the joiners even for a style
    _gather_attackers(s, b.t, GABRIEL, ny, S.R_CORPOREAL)
    assert options(s) == [(-1, -1), (azra, -1)] and s.I[azra, S.F_FIGHT] == -1
    assert chisquare(random_counts(b, GABRIEL, JOIN_ATTACK, 2)).pvalue > 1e-3
    _gather_defenders(s, b.t, BELIAL, ny, grasch, S.R_CORPOREAL)
    assert options(s) == [(0, grasch), (1, grasch)] and s.I[vashka, S.F_FIGHT] == -1
    assert chisquare(random_counts(b, BELIAL, DEFEND, 2)).pvalue > 1e-3


def test_where_a_retreat_goes_and_whom_a_song_hurts_are_offered_and_the_random_agent_takes_each_alike():
    """A Retreat "leaves combat by moving to a different Location": from New
    York, Earth's open ground or the Junkyard (I79).  Song of Fire does its
    Hits "to any number of Beings in your Location": one decision for each
    Being there but the singer, its own side's too."""
    b = Board()
    ny, grasch, uzziel, azra = fight_at_new_york(b)
    s = b.s
    junkyard = b.put(BELIAL, "Junkyard", b.earth, ctrl=-1)
    retreat_to(s, b.t, grasch, ny)
    assert sorted(options(s)) == sorted([(b.earth, -1), (junkyard, -1)])
    assert chisquare(random_counts(b, BELIAL, RETREAT_TO, 2)).pvalue > 1e-3
    song = b.take(BELIAL, "Song of Fire")
    vashka = b.put(BELIAL, "Vashka", ny)
    s.S[BELIAL, S.S_ESSENCE] = 10
    s.agent[BELIAL, A_KIND] = SCRIPTED
    fire_song(s, b.t, grasch, song, ny)
    assert options(s) == [(0, vashka), (1, vashka)]      # the last asked about: Belial's own Vashka
    assert s.I[vashka, S.F_DMG + S.R_CORPOREAL] == 0       # whom the style spares
    assert chisquare(random_counts(b, BELIAL, SONG_TARGET, 2)).pvalue > 1e-3


def test_the_combat_type_and_a_pit_trap_are_offered_and_the_random_agent_takes_each_alike():
    """"In the Marches [...] celestial combat may be chosen freely by an
    attacker": Vashka attacking Hadriel there may fight in either type.  Pit
    Trap removes "One Being involved in combat with holder": Azra, holding it,
    may remove Grasch, or no one yet."""
    b = Board()
    ny, grasch, uzziel, azra = fight_at_new_york(b)
    s = b.s
    marches = S.loc_marches(s)
    vashka, hadriel = b.put(BELIAL, "Vashka", marches), b.put(GABRIEL, "Hadriel", marches)
    combat_type(s, b.t, vashka, hadriel)
    assert options(s) == [(S.R_CELESTIAL, hadriel), (S.R_ETHEREAL, hadriel)]
    assert chisquare(random_counts(b, BELIAL, COMBAT_TYPE, 2)).pvalue > 1e-3
    attach(s, b.t, b.take(GABRIEL, "Pit Trap"), azra, GABRIEL)
    order, what, whom = s.rounds
    order[:3], what[:3], whom[:3] = [uzziel, azra, grasch], A_WAIT, -1
    _spring(s, b.t, S.R_CORPOREAL, GABRIEL, S.ATTACKING, order, what, whom, 2, 0)
    assert options(s) == [(-1, -1), (grasch, -1)]             # no blow declared against Azra: kept
    assert chisquare(random_counts(b, GABRIEL, PIT_TRAP, 2)).pvalue > 1e-3


def test_a_riders_host_and_a_habbalites_failure_are_offered_and_the_random_agent_takes_each_alike(tmp_path):
    """A Kyriotate on Earth "must make a Resonance roll immediately, or be able
    to stay on Earth without a host" (I39): it may roll on any Being on Earth
    it may attach to -- Gabriel's own Sam Okafor too, which no style picks --
    not one in a Realm, or go back to its own (row 0).  A failed Habbalite roll
    brings a note, Influence by the other player, or a roll again on each
    Being not tried this turn (I28).  The random agent takes each alike."""
    b = Board(decks=(data_deck(tmp_path, "belial", "hosts.toml", {}, {}),
                     data_deck(tmp_path, "gabriel", "hosts.toml", {"Tekhiel": 1}, {})))
    b.clear_board()
    s = b.s
    tekhiel = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=GABRIEL)
    b.put(GABRIEL, "Jayeil", b.realm(GABRIEL))
    assert new_host(s, b.t, tekhiel, False) == -1           # the styles ride no Being of their own
    assert options(s) == [(-1, -1), (sam, -1)]
    assert chisquare(random_counts(b, GABRIEL, RIDER_HOST, 2)).pvalue > 1e-3
    nyx = b.put(BELIAL, "Nyx", b.earth)
    ed, leslie = b.put(GABRIEL, "Ed Holder", b.earth), b.put(GABRIEL, "Leslie Hamerson", b.earth)
    again = _habbalite_failure(s, b.t, nyx)
    rows = options(s)
    assert rows[:2] == [(HAB_NOTE, -1), (HAB_INFLUENCED, -1)] and rows[2] == (HAB_AGAIN, again)
    assert {ed, leslie, sam} <= {j for a, j in rows[2:] if a == HAB_AGAIN}
    assert chisquare(random_counts(b, BELIAL, HABBALITE_FAILURE, len(rows))).pvalue > 1e-3


def _first_of_each_design(b, seat, which, depth, wanted):
    """(card, seat) for the first copy from the top of each design ``wanted``
    (design -> bool) among the top ``depth`` cards of seat's deck ``which``."""
    seen, rows = set(), []
    for k in range(min(depth, deck_count(b.s, seat, which))):
        c = deck_card(b.s, seat, which, k)
        d = b.s.I[c, S.F_DESIGN]
        if wanted(d) and d not in seen:
            seen.add(d)
            rows.append((c, seat))
    return rows


def test_what_a_search_may_find_is_offered_and_the_random_agent_takes_each_alike():
    """A search of a deck is a choice among the cards it may find, one option a
    design (its copies are the same pick): the Tinkerer's among every Tool of
    the Events deck; the Explorer's among the non-Tether Locations of the top 6
    cards of any Events deck; a Prince's on a Fall among the demons of the
    opposing Band in its Repository, or none, for it "may search" (I48).  A
    scripted style takes the first found, as the rules did before; the random
    agent takes each alike."""
    b = Board()
    b.clear_board()
    s, C = b.s, b.t.C
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    tools = _first_of_each_design(b, GABRIEL, S.EVENTS, 100, lambda d: b.compiled.names[d] in
                                  ("Gun", "Computer", "Pit Trap", "First Aid Kit"))
    assert search_tool(s, b.t, ed)
    assert options(s) == tools and len(tools) == 4
    assert s.I[tools[0][0], S.F_ZONE] == S.Z_PLAY
    assert chisquare(random_counts(b, GABRIEL, SEARCH_PICK, 4)).pvalue > 1e-3
    ines = b.put(GABRIEL, "Ines Varga", b.earth, ctrl=GABRIEL)
    b.on_top(BELIAL, "Junkyard")
    b.on_top(GABRIEL, "New York")
    places = [row for q in (GABRIEL, BELIAL)
              for row in _first_of_each_design(b, q, S.EVENTS, 6, lambda d: C[d, D_CTYPE] == LOCATION)]
    assert search_location(s, b.t, ines, ines)
    assert options(s) == places and len(places) >= 2
    assert chisquare(random_counts(b, GABRIEL, SEARCH_PICK, len(places))).pvalue > 1e-3
    demons = _first_of_each_design(b, BELIAL, S.REPOSITORY, 100,
                                   lambda d: C[d, D_CTYPE] == SERVITOR and C[d, D_KIND] == CALABITE)
    assert bring_band(s, b.t, BELIAL, CALABITE, ed, T_FALL_DEMON, True) == demons[0][0]
    assert options(s) == [(-1, -1)] + demons and len(demons) >= 2
    assert chisquare(random_counts(b, BELIAL, SEARCH_PICK, len(demons) + 1)).pvalue > 1e-3


def test_a_seneschals_tether_and_the_beings_sent_as_reinforcements_are_offered_and_the_random_agent_takes_each_alike():
    """Seneschals "give Abilities relating to a Tether you control which must be
    specified when the card is attached": any Tether of Belial's, not only the
    one Wrinth stands at (a scripted style's pick).  Send Reinforcements moves
    "any number of Beings you Influence from any one Location": one at a time,
    each Being Gabriel may still send from there, or no more."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    valley, plant = b.put(BELIAL, "Death Valley", b.earth), b.put(BELIAL, "Chemical Plant", b.earth)
    wrinth = b.put(BELIAL, "Wrinth", plant)
    rank = b.to_hand(BELIAL, "Seneschal of Ash")
    s.S[BELIAL, S.S_ESSENCE] = 20
    play_card(s, b.t, BELIAL, rank, wrinth)
    assert sorted(options(s)) == sorted([(valley, -1), (plant, -1)]) and I[rank, S.F_TIE] == plant
    assert chisquare(random_counts(b, BELIAL, SENESCHAL_TETHER, 2)).pvalue > 1e-3
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    s.g[S.G_FIGHT_TARGET] = b.put(GABRIEL, "Tamiel", ny)
    azra, hadriel = b.put(GABRIEL, "Azra", b.earth), b.put(GABRIEL, "Hadriel", b.earth)
    b.put(GABRIEL, "Zophiel", b.realm(GABRIEL))
    assert _send(s, b.t, GABRIEL, ny, S.R_CORPOREAL, S.DEFENDING, b.earth) == min(azra, hadriel)
    assert sorted(options(s)) == sorted([(-1, b.earth), (azra, b.earth), (hadriel, b.earth)])
    assert chisquare(random_counts(b, GABRIEL, SEND_BEING, 3)).pvalue > 1e-3


def test_whom_first_aid_heals_is_offered_and_the_random_agent_takes_each_alike():
    """First Aid: Bucephel "may remove 1 Corporeal damage counter from any Being
    in his Location at end of turn": any damaged Being there, Belial's Grasch
    too (no style heals an enemy), or none; not Hadriel, in Gabriel's Realm.  A
    scripted style heals its most damaged own Being."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    b.put(GABRIEL, "Bucephel", b.earth)
    hurt = {b.put(GABRIEL, "Azra", b.earth): 1, b.put(GABRIEL, "Tamiel", b.earth): 2,
            b.put(BELIAL, "Grasch", b.earth): 1, b.put(GABRIEL, "Hadriel", b.realm(GABRIEL)): 1}
    for j, n in hurt.items():
        I[j, S.F_DMG + CORPOREAL] = n
    first_aid(s, b.t, GABRIEL)
    here = [j for j in hurt if I[j, S.F_LOC] == b.earth]
    assert options(s)[0] == (-1, -1) and sorted(options(s)[1:]) == sorted((j, -1) for j in here)
    assert [int(I[j, S.F_DMG + CORPOREAL]) for j in hurt] == [1, 1, 1, 1]
    assert chisquare(random_counts(b, GABRIEL, FIRST_AID, 4)).pvalue > 1e-3


def test_the_skill_a_computer_copies_is_the_agents_pick():
    """Computer: "search through Repository for a copy of any Skill they have
    and attach": Vashka, holding a Computer, Acting and Spin, may copy either
    Skill (one row a design), and the random agent takes each alike; the copy
    leaves the Repository for Vashka."""
    b = Board(decks=("nybbas", "gabriel"))
    b.clear_board()
    s = b.s
    vashka = b.put(BELIAL, "Vashka", b.earth)
    for name in ("Computer", "Acting", "Spin"):
        attach(s, b.t, b.take(BELIAL, name), vashka, BELIAL)
    clear(s)
    offer_copies(s, b.t, vashka, BELIAL)
    assert sorted(b.compiled.names[s.I[c, S.F_DESIGN]] for c, _ in options(s)) == ["Acting", "Spin"]
    assert {q for _, q in options(s)} == {BELIAL}
    assert chisquare(random_counts(b, BELIAL, SEARCH_PICK, 2)).pvalue > 1e-3
    repo = deck_count(s, BELIAL, S.REPOSITORY)
    assert search_skill(s, b.t, vashka)
    assert deck_count(s, BELIAL, S.REPOSITORY) == repo - 1 and s.I[vashka, S.F_NATT] == 4


def test_the_end_of_turn_effects_are_offered_in_any_order_and_the_order_matters():
    """I21: effects at end of turn "occur now, in any order the player whose
    turn is ending chooses": the four kinds are offered, then those left, and the
    random agent takes each alike.  The order matters: Bucephel's First Aid
    before Death Valley's damage leaves Pen Quinn, beside him there, a counter;
    after it, none."""
    b = Board()
    s = b.s
    offer_end_effects(s, 0)
    assert options(s) == [(k, -1) for k in range(4)]
    assert chisquare(random_counts(b, GABRIEL, END_EFFECT, 4)).pvalue > 1e-3
    offer_end_effects(s, 0b0101)
    assert options(s) == [(1, -1), (3, -1)]
    left = []
    for order in ((FIRST_AID_TEXT, LOCATION_DAMAGE), (LOCATION_DAMAGE, FIRST_AID_TEXT)):
        b = Board()
        b.clear_board()
        valley = b.put(BELIAL, "Death Valley", b.earth)
        b.put(GABRIEL, "Bucephel", valley)
        pen = b.put(GABRIEL, "Pen Quinn", valley, ctrl=GABRIEL)
        for k in order:
            _end_effect(b.s, b.t, GABRIEL, k)
        left.append(int(b.s.I[pen, S.F_DMG + CORPOREAL]))
    assert left == [1, 0]


def test_what_a_seraphs_table_shows_and_its_lie_are_offered_and_the_random_agent_takes_each_alike():
    """I33: on 4 the Seraph's controller views "any card face down in opponent's
    Realm" -- one seen before too; on 6 the opponent "may choose to view any one
    card from any one of the Seraph's controller's Repository, Events deck,
    Realm, or hand", or none, and the controller "may prevent this by having the
    Seraph lie", whatever the card."""
    b = Board(decks=("belial", "dominic"))
    b.clear_board()
    s, I = b.s, b.s.I
    haziel = b.put(GABRIEL, "Haziel", b.earth)
    plots = sorted([b.to_hand(BELIAL, "Dynamite Hit"), b.to_hand(BELIAL, "Temptation")])
    I[plots, S.F_ZONE] = S.Z_FACEDOWN
    I[plots[0], S.F_SEEN] |= 1 << GABRIEL
    while peek(s, lambda s: d6(s.rng)) != 4:
        d6(s.rng)
    view(s, b.t, haziel)
    assert options(s) == [(plots[0], -1), (plots[1], -1)]
    assert I[plots[1], S.F_SEEN] >> GABRIEL & 1 == 1                  # a scripted style's: the one not seen
    assert chisquare(random_counts(b, GABRIEL, VIEW_PICK, 2)).pvalue > 1e-3
    offer_truths(s, haziel, GABRIEL)
    mine = [c for c in range(b.N) if I[c, S.F_OWNER] == GABRIEL
            and I[c, S.F_ZONE] in (S.Z_REPO, S.Z_EVENTS, S.Z_HAND, S.Z_FACEDOWN)]
    assert options(s) == [(-1, -1)] + [(c, -1) for c in mine] and len(mine) > 90
    assert chisquare(random_counts(b, BELIAL, TRUTH_PICK, len(mine) + 1, draws=30_000)).pvalue > 1e-3
    s.agent[BELIAL, A_KIND] = SCRIPTED
    while peek(s, lambda s: d6(s.rng)) != 6:
        d6(s.rng)
    view(s, b.t, haziel)                                  # Belial's style views a card of Dominic's hand
    shown = options(s)[0][1]
    assert options(s) == [(0, shown), (1, shown)] and I[shown, S.F_ZONE] == S.Z_HAND
    assert chisquare(random_counts(b, GABRIEL, LIE, 2)).pvalue > 1e-3


def _hidden(s, p):
    """What seat p cannot see: each other seat's hand and Repository as one pool,
    and every deck's cards (as sets: their order is hidden too)."""
    out = []
    for q in range(s.S.shape[0]):
        for which in range(2):
            head, n, m = s.S[q, S.S_REPO_HEAD + 2 * which], s.S[q, S.S_REPO_CNT + 2 * which], s.decks.shape[2]
            cards = {int(s.decks[q, which, (head + k) % m]) for k in range(n)}
            if which == 0 and q != p:
                cards |= set(S.hand(s, q).tolist())
            out.append(cards)
    return out


@pytest.mark.parametrize("a, b, seed", [("influencer", "influencer", 1), ("warmonger", "tether_holder", 3),
                                        ("tether_holder", "warmonger", 5)])
def test_a_scripted_style_names_only_actions_the_rules_offer(a, b, seed):
    """A scripted style names its action, combat declaration, joiner, Act and
    loose Object's holder without the list of legal ones
    (decide.wants_options).  With A_CHECK the rules list them and the style must
    find its choice among them, or raise: the same 200 games either way, so
    every such choice the styles made in them was legal."""
    m = prepare(*DECKS, a, b, threshold=5)
    rows = [x.row.copy() for x in m.agents]
    for row in rows:
        row[A_CHECK] = 1
    checked = dataclasses.replace(m, agents=tuple(dataclasses.replace(x, row=r) for x, r in zip(m.agents, rows)))
    named, listed = play_range(m, seed, 0, 200), play_range(checked, seed, 0, 200)
    assert sorted(named) == sorted(listed)
    for k in named:
        np.testing.assert_array_equal(named[k], listed[k], err_msg=k)


def test_a_redeal_keeps_every_card_and_what_the_seat_sees():
    """information.resample_unseen: the same cards stay unseen, hands and decks
    keep their sizes, the seat's own hand is untouched, and every card is still
    in the zone its place says."""
    m = prepare(*DECKS)
    s, t, _, _ = m.kernel_args()
    setup(s, t, 3, 5, 5, 200, m.variant, m.readings)
    for _ in range(6):
        next_turn(s, t)
    before, own = _hidden(s, 0), S.hand(s, 0).tolist()
    sizes = [S.hand(s, q).shape[0] for q in range(2)], s.S[:, S.S_REPO_CNT].tolist(), s.S[:, S.S_EV_CNT].tolist()
    resample_unseen(s, t, 0)
    assert _hidden(s, 0) == before and S.hand(s, 0).tolist() == own
    assert ([S.hand(s, q).shape[0] for q in range(2)], s.S[:, S.S_REPO_CNT].tolist(), s.S[:, S.S_EV_CNT].tolist()) == sizes
    for q in range(2):
        assert all(s.I[i, S.F_ZONE] == S.Z_HAND for i in S.hand(s, q))


def _hide_differently(s, seat, rng):
    """The same game with what ``seat`` cannot see dealt otherwise: the other
    seat's hand swapped with cards of its Repository, its decks and the bottom
    of seat's own decks (under the two cards its draw phase takes) reordered."""
    m = s.decks.shape[2]
    other = 1 - seat
    head, n = s.S[other, S.S_REPO_HEAD], s.S[other, S.S_REPO_CNT]
    held = S.hand(s, other).tolist()
    deck = [int(s.decks[other, 0, (head + k) % m]) for k in range(n)]
    k = min(len(held), len(deck))
    held[:k], deck[:k] = deck[:k], held[:k]
    for i in deck:
        s.I[i, S.F_ZONE] = S.Z_REPO
    s.live[4 + other, 0] = 0
    for i in sorted(held):
        s.I[i, S.F_ZONE] = S.Z_HAND
        s.live[4 + other, 0] += 1
        s.live[4 + other, s.live[4 + other, 0]] = i
    rng.shuffle(deck)
    for q, which, keep in ((other, 0, 0), (other, 1, 0), (seat, 0, 2), (seat, 1, 2)):
        head, n = s.S[q, S.S_REPO_HEAD + 2 * which], s.S[q, S.S_REPO_CNT + 2 * which]
        cards = deck if (q, which) == (other, 0) else [int(s.decks[q, which, (head + j) % m]) for j in range(n)]
        tail = cards[keep:]
        if (q, which) != (other, 0):
            rng.shuffle(tail)
        for j, i in enumerate(cards[:keep] + tail):
            s.decks[q, which, (head + j) % m] = i


def test_the_search_agent_does_not_peek():
    """Two games that differ only in what the searching seat cannot see -- the
    opponent's hand and the order of the decks -- give the search the same
    choices and the same value for every option, with the same agent seed, in
    three turns with searched choices."""
    m = prepare(*DECKS, QUICK, "influencer")
    s, t, _, _ = m.kernel_args(trace_len=100_000)     # traced: the option values are kept
    x, y, _, _ = m.spare_states(t, t)
    s2, _, _, _ = m.kernel_args(trace_len=100_000)
    x2, y2, _, _ = m.spare_states(t, t)
    setup(s, t, 7, 2, 5, 200, m.variant, m.readings)
    searched = 0
    while searched < 3:
        active = (s.g[S.G_FIRST] + s.g[S.G_TURN]) % 2
        if active != 0:
            assert next_turn(s, t)
            continue
        for name in S.GAME_FIELDS:
            getattr(s2, name)[:] = getattr(s, name)
        _hide_differently(s2, 0, np.random.default_rng(searched))
        assert _hidden(s2, 0) == _hidden(s, 0) and S.hand(s2, 1).tolist() != S.hand(s, 1).tolist()
        more = searched_turn(s, x, y, t)
        searched_turn(s2, x2, y2, t)
        n = s.dec[D_FORCED]
        assert s2.dec[D_FORCED] == n and (s2.dec[N_DEC:N_DEC + n] == s.dec[N_DEC:N_DEC + n]).all()
        assert np.array_equal(s2.vals[:n], s.vals[:n])
        searched += n > 0
        assert more


def test_a_game_with_a_search_agent_is_the_same_whatever_the_chunks():
    m = prepare(*DECKS, QUICK, "influencer", threshold=4)
    whole = play_range(m, 5, 0, 4)
    parts = [play_range(m, 5, 0, 2), play_range(m, 5, 2, 2)]
    for k in whole:
        assert np.array_equal(whole[k], np.concatenate([p[k] for p in parts]))
    assert np.array_equal(play_range(m, 5, 0, 4)["rows"], whole["rows"])


@pytest.mark.parametrize("agent,nothing", [(QUICK, "doing nothing is worth"), (ACTIONS, " waits is worth"),
                                           (COMBAT, "search: waits is worth")])
def test_a_replay_shows_every_option_of_a_searched_decision_with_its_value(agent, nothing):
    """``balance replay`` lists, before each searched choice, every option the
    search weighed with the mean score of its rollouts (a share of a win): an
    Act by its card and target, an action by its Being, kind and target, a
    combat declaration by what it does to whom."""
    m = prepare(*DECKS, agent, "influencer")
    blocks, block = [], []
    for line in replay_lines(m, 3, 0) + [""]:
        if ": search: " in line:
            block.append(line)
        elif block:
            blocks.append(block)
            block = []
    assert blocks
    for block in blocks:
        values = [float(re.search(r"is worth ([0-9.]+) \(mean score", line).group(1)) for line in block]
        assert len(values) >= 2 and all(0 <= v <= 1 for v in values)
    assert any(nothing in line for block in blocks for line in block)


# ---- the rules apart from the agents
RULES = Path(f"{ROOT}/balance/rules/innomine")
RUNNER_SIDE = {
    # loads each seat's agent file and picks the kernel for it
    "matchup",
}
AGENT_MODULES = ("policies", "policy_files")


@pytest.mark.parametrize("module", sorted(p.stem for p in RULES.glob("*.py") if p.stem not in RUNNER_SIDE))
def test_a_rules_module_reads_no_agent_setting(module):
    """A rules module imports nothing of the scripted styles' weights or the
    agent files, and reads neither a seat's weights (``s.w``) nor its agent row
    (``s.agent``): it only offers options and asks (``agents.innomine.decide``).
    Only the runner's side (RUNNER_SIDE) loads the agents."""
    tree = ast.parse((RULES / f"{module}.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            assert name.split(".")[-1] not in AGENT_MODULES, (module, name)
            assert not name.startswith("agents.innomine") or name == "agents.innomine.decide" \
                or (module == "__init__" and name == "agents.innomine"), (module, name)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "s":
            assert node.attr not in ("w", "agent"), (module, node.attr, node.lineno)


# ---- bad agent files
BAD = [
    ('agent = "genius"\n', "agent: 'genius' is not an agent kind"),
    ('agent = "search"\n[budget]\nrollouts = "many"\nsearched = ["act"]\nhorizon = 0\nrollout_agent = "influencer"\n',
     "budget.rollouts: 'many'"),
    ('agent = "search"\n[budget]\nrollouts = 0\nsearched = ["act"]\nhorizon = 0\nrollout_agent = "influencer"\n',
     "budget.rollouts: 0"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["act"]\nhorizon = -1\nrollout_agent = "influencer"\n',
     "budget.horizon: -1"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["bluff"]\nhorizon = 0\nrollout_agent = "influencer"\n',
     "budget.searched: ['bluff']"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["act"]\nhorizon = 0\nrollout_agent = "search"\n',
     "budget.rollout_agent: 'search' searches itself"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["act"]\nhorizon = 0\n', "budget.rollout_agent: missing"),
    ('[budget]\nrollouts = 2\n', "[budget]: only a search agent has a budget"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["act"]\nhorizon = 0\nrollout_agent = "influencer"\n'
     'margin = 1\n', "budget.margin: 1"),
    ('agent = "search"\n[budget]\nrollouts = 2\nsearched = ["act"]\nhorizon = 0\nrollout_agent = "influencer"\n'
     'margin = "wide"\n', "budget.margin: 'wide'"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_a_bad_agent_file_names_its_file_and_field(tmp_path, text, message):
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\n' + text)
    with pytest.raises(InputError) as e:
        load_agent(str(path))
    assert str(e.value).startswith(f"{path}: ") and message in str(e.value), str(e.value)


def test_a_bad_agent_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('name = "bad"\n[budget]\nrollouts = 2\n')
    out = subprocess.run([sys.executable, "-m", "balance", "simulate", "--games", "2", "--policy-b", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    assert out.stderr.strip().splitlines() == [f"balance: {path}: [budget]: only a search agent has a budget; "
                                               "allowed: agent = \"search\" with a [budget], or no [budget]"]
