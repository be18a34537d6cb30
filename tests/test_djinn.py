"""The Djinn, the Fallen Cherubim (rulebook, "Beings in Detail", Djinn): their
Attunement, moving freely to what they are Attuned to, the bar on harming it,
de-Attuning and its fading note, and their Fear -- each from a small position in
which the rulebook's text fixes the outcome (docs/rules.md, I65-I67).

The Ifrit (Belial's starter deck) is the Djinn: Celestial Hits 4.
"""
from collections import Counter

import pytest
from positions import BELIAL, GABRIEL, ROOT, declares, peek
from test_choirs import ROLLS, board, chance, fighting, next_d6, stat, traced, wilson_holds

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _best_attack, _best_move, _de_attune_value
from balance.rules.innomine.actions import take_action
from balance.agents.innomine.chances import attune_chance
from balance.rules.innomine.attunement import (
    attune,
    can_attune,
    de_attune,
    de_attune_faces,
    djinn_fear,
    may_move_freely,
)
from balance.rules.innomine.beings import attach, leave_play, may_harm, move_to
from balance.rules.innomine.combat import (
    A_ATTACK,
    A_RETREAT,
    A_WAIT,
    _gather_attackers,
    _order,
    fight,
    fire_song,
)
from balance.rules.innomine.d666 import CLASSIC, D666, d6_check
from balance.rules.innomine.dissonance import dissonance_phase, wait_notes
from balance.rules.innomine.end_turn import end_turn
from balance.rules.innomine.humans import kill_human
from balance.rules.innomine.matchup import prepare, replay_lines
from balance.agents.innomine.policies import W_DEFEND, W_GANG, W_HOLD_TETHER, W_RETREAT, W_TRADE_DISCORD
from balance.agents.innomine.policy_files import load_policy
from balance.rules.innomine.tables import D_HITS
from balance.rules.innomine.trace import (
    T_ATTACK,
    T_ATTUNE,
    T_ATTUNE_FAIL,
    T_DEATTUNE,
    T_FADE,
    T_FLEE,
    T_FREE_MOVE,
)
from balance.rules.innomine.vocabulary import CELESTIAL, CORPOREAL
from balance.sim.seeding import DICE

IFRIT_CE = 4


def djinn(b, loc):
    """An Ifrit of Belial's in play at ``loc``."""
    i = b.put(BELIAL, "Ifrit", loc)
    assert stat(b, "Ifrit", D_HITS, CELESTIAL) == IFRIT_CE
    return i


def failed_de_attune(b):
    """An Ifrit at New York Attuned to Ed Holder (Belial's), after its first
    failed de-Attune roll: (b, the Ifrit, Ed, the die that measures the fading:
    the d6, or under d666 the check digit)."""
    s = b.s
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    s.I[ifrit, S.F_ATTUNED] = ed
    while True:
        faces, high = de_attune_faces(s, b.t, ifrit)
        die = peek(s, lambda s: d6_check(s.rng, s.g[S.G_VARIANT], faces, high))[2]
        if not de_attune(s, b.t, ifrit):
            return b, ifrit, ed, die
        s.I[ifrit, S.F_ATTUNED] = ed


# ================================================================== Attuning
@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_a_djinn_attunes_to_a_being_at_its_location_on_a_d6_at_least_its_celestial_hits(variant):
    """"it may Resonate upon any Being or Object at their Location, Attuning to it.
    Roll d6 vs. target's Celestial Hits": a d6 at least those Hits (I65), at the
    rate (7 - Hits) / 6, or the d666 standing for it; a failure costs nothing."""
    b = board(variant)
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    for name, seat in (("Ed Holder", BELIAL), ("Azra", GABRIEL)):
        j = b.put(seat, name, b.new_york)
        h = stat(b, name, D_HITS, CELESTIAL)
        assert attune_chance(s, b.t, ifrit, j) == pytest.approx(chance(variant, 7 - h))
        won = 0
        for _ in range(ROLLS):
            I[ifrit, S.F_ATTUNED] = -1
            assert can_attune(s, b.t, ifrit, j)
            ok = attune(s, b.t, ifrit, j)
            won += ok
            assert I[ifrit, S.F_ATTUNED] == (j if ok else -1)
        assert wilson_holds(won, ROLLS, chance(variant, 7 - h)), (name, won / ROLLS)
        assert I[ifrit, S.F_DISS] == 0
        assert len(traced(s, T_ATTUNE_FAIL)) > 0
        if variant == CLASSIC:
            for roll, ok in ((h - 1, False), (h, True)):
                I[ifrit, S.F_ATTUNED] = -1
                next_d6(s, lambda r, roll=roll: r == roll)
                assert attune(s, b.t, ifrit, j) == ok
        I[ifrit, S.F_ATTUNED] = -1


def test_a_djinn_attunes_to_an_object_at_its_location_automatically_and_to_nothing_elsewhere():
    """"or succeed automatically for an Object": no die is rolled.  Only at the
    Djinn's Location, not to itself, not to a rider in its host (I60), and one
    Attunement at a time (I65)."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    gun = b.put(GABRIEL, "Gun", b.new_york, ctrl=-1)
    far_gun = b.put(BELIAL, "Gun", b.earth, ctrl=-1)
    far = b.put(GABRIEL, "Azra", b.earth)
    ed = b.put(BELIAL, "Ed Holder", b.new_york)
    rider = b.put(BELIAL, "Grasch", b.new_york)
    I[rider, S.F_HOST] = ed
    assert not can_attune(s, b.t, ifrit, far) and not can_attune(s, b.t, ifrit, far_gun)
    assert not can_attune(s, b.t, ifrit, ifrit) and not can_attune(s, b.t, ifrit, rider)
    assert can_attune(s, b.t, ifrit, ed) and can_attune(s, b.t, ifrit, gun)
    dice = s.rng[DICE, 2]
    assert attune(s, b.t, ifrit, gun)
    assert I[ifrit, S.F_ATTUNED] == gun and s.rng[DICE, 2] == dice
    assert traced(s, T_ATTUNE)[-1] == (ifrit, gun, 0)
    assert not can_attune(s, b.t, ifrit, ed)


def test_the_cherubs_plus_two_is_not_the_djinns():
    """"They gain 2 to all Attack and Hits values while Defending an Attuned Being"
    is the Cherubim's text: a Djinn Defending its Attuned Being gains nothing."""
    b = board()
    I = b.s.I
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    I[ifrit, S.F_ATTUNED] = ed
    fighting(b, ed, [azra], [ifrit])
    assert I[ifrit, S.F_WARD] == 0


# ================================================================== moving freely
def test_a_djinn_moves_freely_to_its_attuned_card_in_the_same_realm_before_its_action():
    """"Thereafter, the Djinn may move freely [...] to the location of any card to
    which they are Attuned, as long as it is in the same Realm": no action spent --
    the policy moves it to the Being its seat holds and it still has its action
    (here: nothing else to do, so it Waits where its charge is)."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    I[ifrit, S.F_ATTUNED] = ed
    assert may_move_freely(s, b.t, ifrit, b.earth)
    I[ifrit, S.F_ACTS] = 1
    take_action(s, b.t, ifrit)
    assert I[ifrit, S.F_LOC] == b.earth and I[ifrit, S.F_ACTS] == 0
    assert traced(s, T_FREE_MOVE) == [(ifrit, b.earth, 0)]
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    I[ifrit, S.F_ATTUNED] = grasch
    assert may_move_freely(s, b.t, ifrit, b.new_york)
    move_to(s, b.t, grasch, b.realm(BELIAL))                    # another Realm: no free move
    assert not may_move_freely(s, b.t, ifrit, b.realm(BELIAL))


def test_a_djinn_keeps_its_tether_when_its_policy_holds_tethers_dearer():
    """The free move is the controller's choice (I65): a Djinn at a Tether of its
    seat stays there when the policy weighs holding Tethers above defending."""
    b = board()
    s, I = b.s, b.s.I
    tether = b.put(BELIAL, "Death Valley", b.earth)
    ifrit = djinn(b, tether)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    I[ifrit, S.F_ATTUNED] = ed
    s.w[BELIAL, W_HOLD_TETHER] = s.w[BELIAL, W_DEFEND] + 0.5
    I[ifrit, S.F_ACTS] = 1
    take_action(s, b.t, ifrit)
    assert traced(s, T_FREE_MOVE) == []
    s.w[BELIAL, W_HOLD_TETHER] = s.w[BELIAL, W_DEFEND] - 0.5
    I[ifrit, S.F_LOC], I[ifrit, S.F_ACTS] = tether, 1
    take_action(s, b.t, ifrit)
    assert traced(s, T_FREE_MOVE) == [(ifrit, b.new_york, 0)]


def test_a_djinn_moves_freely_on_another_players_turn_to_defend_its_attuned_being():
    """"even on another player's turn": Gabriel's Azra attacks the Human the Ifrit
    is Attuned to, elsewhere on Earth; the Ifrit moves there and Defends, spending
    no action.  A Djinn not Attuned to it stays where it is."""
    b = board()
    s, I = b.s, b.s.I
    s.g[S.G_ACTIVE] = GABRIEL
    ifrit = djinn(b, b.new_york)
    other = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    azra = b.put(GABRIEL, "Azra", b.earth)
    I[ifrit, S.F_ATTUNED] = ed
    I[ifrit, S.F_ACTS] = 1
    I[azra, S.F_ACTS] = 1
    fight(s, b.t, azra, ed)
    assert traced(s, T_FREE_MOVE) == [(ifrit, b.earth, 0)]
    assert any(c == ifrit for c, j, v in traced(s, T_ATTACK))   # it Defended
    assert I[ifrit, S.F_ACTS] == 1 and I[other, S.F_LOC] == b.new_york


# ================================================================== the bar on harming the target
def test_a_djinn_may_not_harm_its_attuned_target_unless_the_target_initiates_an_encounter():
    """"Djinn may not attack, destroy, or otherwise cause damage to the target of an
    Attunement, unless the target initiates an encounter with the Djinn, by
    attacking or otherwise using an ability upon the Djinn" (I66): no attack
    chosen, no gang joined, no blow in a round, spared by a Song; until Azra
    attacks the Ifrit -- then, for the rest of that turn, it may."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    I[ifrit, S.F_ATTUNED] = azra
    S.collect_rivals(s, BELIAL)
    assert not may_harm(s, b.t, ifrit, azra)
    assert _best_attack(s, b.t, ifrit, BELIAL)[0] == -1
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    assert may_harm(s, b.t, grasch, azra)                        # only the Djinn is bound
    s.w[BELIAL, W_GANG] = 1
    I[ifrit, S.F_ACTS] = 1
    I[grasch, S.F_ACTS] = 1
    s.g[S.G_FIGHT_TARGET] = azra
    s.g[S.G_FIGHT_TYPE] = S.R_CORPOREAL
    _gather_attackers(s, b.t, BELIAL, b.new_york, S.R_CORPOREAL)
    assert I[ifrit, S.F_FIGHT] == -1 and I[ifrit, S.F_ACTS] == 1
    s.w[BELIAL, W_RETREAT] = 0
    fighting(b, azra, [ifrit, grasch], [])
    assert declares(s, b.t, ifrit, S.R_CORPOREAL) == (A_WAIT, -1)
    ofiel = b.put(GABRIEL, "Ofiel", b.new_york)
    song = b.put(BELIAL, "Song of Fire", b.new_york)
    attach(s, b.t, song, ifrit, BELIAL)
    s.S[BELIAL, S.S_ESSENCE] = 5
    fire_song(s, b.t, ifrit, song, b.new_york)                   # "any number of Beings in your Location"
    assert I[azra, S.F_DMG + CORPOREAL] == 0 and I[ofiel, S.F_DMG + CORPOREAL] == 2
    # Azra attacks the Ifrit: the encounter is Azra's, and the Ifrit may answer.
    I[ifrit, S.F_FIGHT] = -1
    I[grasch, S.F_FIGHT] = -1
    s.g[S.G_FIGHT_TARGET] = -1
    I[azra, S.F_ACTS] = 1
    fight(s, b.t, azra, ifrit)
    I[azra, S.F_ENTERED] = 0      # Azra left the fight for another realm, which restarts its first-turns
    #                               protection (I12); set back, so that the Djinn's own rule is what is tested
    assert I[ifrit, S.F_PROVOKED] == s.g[S.G_TURN] and may_harm(s, b.t, ifrit, azra)
    s.g[S.G_TURN] += 1
    assert not may_harm(s, b.t, ifrit, azra)                     # "an encounter": that turn only


def test_a_blow_the_target_declares_at_the_djinn_lets_it_answer_in_the_round():
    """A declaration at the Djinn in a combat round is an encounter its target
    initiates: the Ifrit, Defending and declaring after Azra, strikes it back in
    the same round (before Azra's declaration it would not)."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    I[ifrit, S.F_ATTUNED] = azra
    s.w[:, W_RETREAT] = 0
    fighting(b, ifrit, [azra], [])
    assert declares(s, b.t, ifrit, S.R_CORPOREAL) == (A_WAIT, -1)
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    n, _ = _order(s, b.t, order, what, GABRIEL, BELIAL)
    for k in range(n):
        what[k], whom[k] = declares(s, b.t, order[k], S.R_CORPOREAL, k)
    decl = {int(order[k]): (int(what[k]), int(whom[k])) for k in range(n)}
    assert list(order[:n]) == [azra, ifrit]
    assert decl[azra][1] == ifrit and decl[ifrit] == (A_ATTACK, azra)


# ================================================================== de-Attuning
@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_a_djinn_de_attunes_on_a_d6_at_most_its_celestial_hits_else_a_note_and_the_cherub_condition(variant):
    """"Roll d6 vs. the Djinn's Celestial Hits.  Success (less than or equal to
    Hits) negates the Attunement; failure inflicts a note of Dissonance and the
    Cherub Dissonance Condition" -- at the rate Hits / 6 (or its d666); the
    Attunement stays on a failure."""
    b = board(variant)
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    freed = 0
    for _ in range(ROLLS):
        I[ifrit, S.F_ATTUNED] = ed
        I[ifrit, S.F_DISS] = I[ifrit, S.F_FADING] = I[ifrit, S.F_CONDITION] = 0
        ok = de_attune(s, b.t, ifrit)
        freed += ok
        assert I[ifrit, S.F_ATTUNED] == (-1 if ok else ed)
        assert I[ifrit, S.F_DISS] == (0 if ok else 1)
        assert (I[ifrit, S.F_CONDITION] >= s.g[S.G_TURN]) == (not ok)
    assert wilson_holds(freed, ROLLS, chance(variant, IFRIT_CE)), freed / ROLLS
    if variant == CLASSIC:
        for roll in (IFRIT_CE, IFRIT_CE + 1):
            I[ifrit, S.F_ATTUNED] = ed
            next_d6(s, lambda r, roll=roll: r == roll)
            assert de_attune(s, b.t, ifrit) == (roll <= IFRIT_CE)


@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_the_failed_de_attunes_note_and_condition_fade_after_as_many_turns_as_the_die_shows(variant):
    """"Both fade after a number of turns equal to the die roll, although any
    Discord or Cherub Dissonance remains" (I67): the turn of the roll counts as
    the first; the die is the check digit under d666.  While the condition holds,
    the Attuned Human's death costs a note, which stays."""
    for dies in (False, True):
        b, ifrit, ed, roll = failed_de_attune(board(variant))
        s, I = b.s, b.s.I
        start = int(s.g[S.G_TURN])
        assert I[ifrit, S.F_DISS] == 1 and I[ifrit, S.F_CONDITION] == start + roll - 1
        if dies:
            kill_human(s, b.t, ed)                               # "the Cherub Dissonance Condition"
            assert I[ifrit, S.F_DISS] == 2 and I[ifrit, S.F_ATTUNED] == -1
        for turn in range(start, start + roll):
            assert I[ifrit, S.F_DISS] == 1 + dies
            s.g[S.G_TURN] = turn
            end_turn(s, b.t, turn % 2)
        assert I[ifrit, S.F_DISS] == int(dies) and I[ifrit, S.F_FADING] == 0
        assert traced(s, T_FADE) == [(ifrit, -1, int(dies))]


def test_after_the_condition_fades_the_attuned_beings_death_costs_nothing():
    """The condition lasts as long as the note: afterwards the Djinn is no Cherub."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    I[ifrit, S.F_ATTUNED] = ed
    kill_human(s, b.t, ed)
    assert I[ifrit, S.F_DISS] == 0 and I[ifrit, S.F_ATTUNED] == -1
    ed2 = b.put(BELIAL, "Leslie Hamerson", b.new_york, ctrl=BELIAL)
    I[ifrit, S.F_ATTUNED] = ed2
    I[ifrit, S.F_CONDITION] = s.g[S.G_TURN] - 1
    leave_play(s, b.t, ed2, S.Z_DISCARD)
    assert I[ifrit, S.F_DISS] == 0


def test_a_fading_note_traded_for_discord_leaves_the_discord_and_takes_no_other_note():
    """"although any Discord [...] remains": three notes, one of them fading, are
    traded for a level of Discord; a note gained afterwards does not fade."""
    b, ifrit, ed, roll = failed_de_attune(board())
    s, I = b.s, b.s.I
    I[ifrit, S.F_DISS] = 3
    s.w[BELIAL, W_TRADE_DISCORD] = 3
    dissonance_phase(s, b.t, BELIAL)
    assert I[ifrit, S.F_DISCORD] == 1 and I[ifrit, S.F_FADING] == 0
    I[ifrit, S.F_DISS] = 1                                        # a note from elsewhere
    start = int(s.g[S.G_TURN])
    for turn in range(start, start + roll):
        s.g[S.G_TURN] = turn
        end_turn(s, b.t, turn % 2)
    assert I[ifrit, S.F_DISS] == 1 and I[ifrit, S.F_DISCORD] == 1


# ================================================================== Fear
@pytest.mark.parametrize("levels", [1, 3])
def test_fear_makes_a_djinn_retreat_when_its_attuned_being_attacks(levels):
    """"when an Attuned Being, or Being with an attached Attuned Object, attacks,
    roll d6 every combat round -- on a result less than or equal to the levels of
    this Discord, the Djinn takes the Retreat action" (I67): at the rate levels / 6
    while Azra (or Azra holding the Attuned Gun) is among the attackers; no roll
    while it defends, nor without Fear."""
    b = board()
    s, I = b.s, b.s.I
    s.w[:, W_RETREAT] = 0
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    gun = b.put(GABRIEL, "Gun", b.new_york, ctrl=-1)
    attach(s, b.t, gun, azra, GABRIEL)
    for charge in (azra, gun):
        I[ifrit, S.F_ATTUNED] = charge
        I[ifrit, S.F_DISCORD] = 0
        fighting(b, ed, [azra], [ifrit])
        dice = s.rng[DICE, 2]
        assert not djinn_fear(s, b.t, ifrit) and s.rng[DICE, 2] == dice
        I[ifrit, S.F_DISCORD] = levels
        fled = sum(djinn_fear(s, b.t, ifrit) for _ in range(ROLLS))
        assert wilson_holds(fled, ROLLS, levels / 6), fled / ROLLS
        assert traced(s, T_FLEE)[-1][:2] == (ifrit, azra)
        next_d6(s, lambda r: r <= levels)
        assert declares(s, b.t, ifrit, S.R_CORPOREAL) == (A_RETREAT, -1)
        for i in (ed, azra, ifrit):
            I[i, S.F_FIGHT] = -1
        fighting(b, azra, [ifrit], [])                          # Azra defends: no Fear
        dice = s.rng[DICE, 2]
        assert not djinn_fear(s, b.t, ifrit) and s.rng[DICE, 2] == dice
        for i in (azra, ifrit):
            I[i, S.F_FIGHT] = -1


# ================================================================== the policies
def test_the_policies_attune_a_djinn_to_a_being_of_their_side_and_go_to_one():
    """The scripted policies Attune the Ifrit to a Human its seat holds at its
    Location (I65); unattuned, with the Human elsewhere, it goes there."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    S.collect_rivals(s, BELIAL)
    assert _best_move(s, b.t, ifrit, BELIAL, wait_notes(s, b.t, ifrit), False)[0] == b.earth
    move_to(s, b.t, ifrit, b.earth)
    I[ifrit, S.F_ACTS] = 1
    take_action(s, b.t, ifrit)
    tried = traced(s, T_ATTUNE) + traced(s, T_ATTUNE_FAIL)
    assert [(c, j) for c, j, v in tried] == [(ifrit, ed)]


def test_the_policies_de_attune_a_djinn_from_a_being_the_other_side_took_sooner_when_they_fight():
    """A Djinn whose Attuned Human the other side has taken de-Attunes "in order to
    harm a target" (I67); the warmonger, which values harm more, values it more."""
    b = board()
    s, I = b.s, b.s.I
    ifrit = djinn(b, b.new_york)
    azra = b.put(GABRIEL, "Azra", b.earth)
    I[ifrit, S.F_ATTUNED] = azra
    I[ifrit, S.F_ACTS] = 1
    take_action(s, b.t, ifrit)
    assert [(c, j) for c, j, v in traced(s, T_DEATTUNE)] == [(ifrit, azra)]
    values = {}
    for style in ("influencer", "warmonger"):
        s.w[BELIAL] = load_policy(style)
        values[style] = _de_attune_value(s, b.t, ifrit, BELIAL, azra)
    assert 0 < values["influencer"] < values["warmonger"]


def test_the_ifrit_attunes_and_moves_freely_in_the_starter_matchup():
    """Belial's Ifrit plays with its Resonance in real games of the starter decks
    (both influencers): it Attunes to Beings of its side and moves freely to them."""
    m = prepare(f"{ROOT}/decks/gabriel.toml", f"{ROOT}/decks/belial.toml")
    seen = Counter()
    for game in range(100):
        for line in replay_lines(m, 7, game):
            if line.startswith("Belial: Ifrit "):
                seen["attune"] += " Attunes to " in line
                seen["free"] += " moves freely to " in line
    assert seen["attune"] > 0 and seen["free"] > 0, seen
