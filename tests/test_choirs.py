"""The angel Choirs' Resonances, Dissonance conditions and Discords (rulebook,
"Beings in Detail": Cherubim, Ofanim, Elohim, Malakim, Seraphim), each from a
small position in which the rulebook's text fixes the outcome.

Roll-based rules are checked against their exact probabilities: a d6 that
succeeds on k faces has chance k / 6 (classic), or the chance of the d666
standing for it (docs/rules.md, I-d666); the engine's rate over many seeded
rolls must fall in the 99.9% Wilson interval around it.
"""
import pytest
from positions import BELIAL, GABRIEL, Board, declares, peek
from runs import planted_deck
from scipy.stats import binomtest

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _best_attack, _best_move
from balance.rules.innomine.decisions import K_MOVE, K_TEAR, K_WAIT
from balance.rules.innomine.actions import _do, take_action
from balance.rules.innomine.attunement import attune, can_attune, de_attune, fear_rolls, may_defend, refresh_ward
from balance.rules.innomine.beings import attach, attack_value, hits_left, is_down, leave_play, move_to
from balance.rules.innomine.combat import (
    A_ATTACK,
    A_RETREAT,
    A_ROLL,
    A_TEAR,
    _end_of_round,
    _gather_defenders,
    _join,
    _resolve,
    bad_temper,
    fight,
)
from balance.rules.innomine.dissonance import wait_notes
from balance.rules.innomine.d666 import CLASSIC, D666, d6_check, target_for_faces
from balance.rules.innomine.d666 import p_success as d666_p
from balance.rules.innomine.damage import deal_damage
from balance.rules.innomine.effects import destroy_object
from balance.rules.innomine.end_turn import end_turn
from balance.rules.innomine.humans import kill_human
from balance.agents.innomine.policies import W_ATTACK_SERVITOR, W_D666_AFTER, W_D666_BEFORE, W_RETREAT
from balance.rules.innomine.resonances import (
    calabite_roll,
    can_influence,
    lilim_counters,
    modifier,
    protect,
    reclaim_with_counters,
    resonate,
    second_action,
    tear,
    tear_expectation,
)
from balance.rules.innomine.seraphim import can_view, gullibility, note_encounters, view
from balance.rules.innomine.tables import D_ATK, D_HITS
from balance.rules.innomine.trace import T_ATTACK, T_DISCORD_HELD, T_FEAR, T_TEMPER
from balance.rules.innomine.vocabulary import CELESTIAL, CORPOREAL
from balance.sim.seeding import DICE, d6

ROLLS = 3000
R_CO = S.R_CORPOREAL


def wilson_holds(successes, n, p):
    ci = binomtest(successes, n).proportion_ci(confidence_level=0.999, method="wilson")
    return ci.low <= p <= ci.high


def chance(variant, faces):
    """Exact chance of a roll that succeeds on ``faces`` faces of a d6, in ``variant``."""
    return faces / 6 if variant == CLASSIC else d666_p(target_for_faces(faces))


def next_d6(s, ok):
    """Advance the dice stream until the next d6 satisfies ``ok``; returns that d6."""
    while not ok(peek(s, lambda s: d6(s.rng))):
        d6(s.rng)
    return peek(s, lambda s: d6(s.rng))


def stat(b, name, col, r):
    return int(b.t.C[b.design(name), col + r])


def board(variant=CLASSIC, decks=("belial", "gabriel")):
    b = Board(decks=decks)
    b.clear_board()
    b.s.g[S.G_VARIANT] = variant
    b.s.w[:, W_D666_BEFORE] = 0          # no Essence bought: the d666 odds are the mapped target's
    b.s.w[:, W_D666_AFTER] = 0
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


def fighting(b, target, attackers, defenders):
    """A combat round under way at target's Location, as combat.fight sets it up."""
    b.s.g[S.G_FIGHT_TARGET] = target
    for i in attackers:
        S.enlist(b.s, i, S.ATTACKING)
    for i in [target] + defenders:
        S.enlist(b.s, i, S.DEFENDING)
    refresh_ward(b.s, b.t)


def traced(s, code):
    """(card, target, value) of every trace row with ``code``."""
    rows = s.trace[:s.g[S.G_TRACE_N]]
    return [(int(r[3]), int(r[4]), int(r[6])) for r in rows if r[5] == code]


# ================================================================== fixed-odds rolls under both variants
@pytest.mark.parametrize("variant", [CLASSIC, D666])
@pytest.mark.parametrize("faces", range(7))
def test_a_fixed_odds_d6_roll_succeeds_on_its_faces_in_both_variants(variant, faces):
    """The one roll behind the Ofanite and de-Attune rolls ("on a 1 ... fails": 5
    faces, the highest) and the Discord rolls ("less than or equal to the levels":
    as many faces as levels, the lowest).  Classic: exactly those faces of the d6;
    d666: the d666 standing for them, decided by its two dice summed (the roll the
    log shows), its check digit the amount."""
    b = board(variant)
    s = b.s
    for high in (True, False):
        wins = 0
        for _ in range(ROLLS):
            ok, r, amount = d6_check(s.rng, variant, faces, high)
            if variant == CLASSIC:
                assert ok == (r > 6 - faces if high else r <= faces) and amount == r
            else:
                assert ok == (2 <= r <= target_for_faces(faces) and r != 12) and 1 <= amount <= 6
            wins += ok
        assert wilson_holds(wins, ROLLS, chance(variant, faces)), (wins / ROLLS, chance(variant, faces))


# ================================================================== Cherubim
def test_a_cherub_attunes_to_any_being_or_object_in_play_without_a_roll():
    """Cherubim "may use an Action to Attune to any Being or Object in play
    automatically": anywhere, no roll; one Attunement at a time (I31); not to
    itself, nor to a card out of play; no other Choir Attunes."""
    b = board()
    s, I = b.s, b.s.I
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    far = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    gun = b.put(GABRIEL, "Gun", b.earth, ctrl=-1)
    hand = b.to_hand(GABRIEL, "Flaming Sword")
    azra = b.put(GABRIEL, "Azra", b.new_york)
    assert can_attune(s, b.t, cherub, far) and can_attune(s, b.t, cherub, gun)
    assert not can_attune(s, b.t, cherub, cherub) and not can_attune(s, b.t, cherub, hand)
    assert not can_attune(s, b.t, azra, far)
    dice = s.rng[DICE, 2]
    attune(s, b.t, cherub, gun)
    assert I[cherub, S.F_ATTUNED] == gun and s.rng[DICE, 2] == dice
    assert not can_attune(s, b.t, cherub, far)


def test_a_cherub_defending_its_attuned_being_gains_two_attack_and_hits():
    """"They gain 2 to all Attack and Hits values while Defending an Attuned Being":
    in a combat where the attacked Being is the one it is Attuned to, and only as a
    defender.  Damage counters stay when the combat ends, so a Cherub that survived
    on its extra Hits is then at 0 Hits."""
    b = board()
    s, I = b.s, b.s.I
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    ward = b.put(GABRIEL, "Leslie Hamerson", b.new_york, ctrl=GABRIEL)
    other = b.put(GABRIEL, "Azra", b.new_york)
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    attune(s, b.t, cherub, ward)
    printed = [(stat(b, "Kerubiel", D_ATK, r), stat(b, "Kerubiel", D_HITS, r)) for r in range(3)]
    fighting(b, other, [grasch], [cherub])              # defending another Being: no bonus
    assert [(attack_value(s, b.t, cherub, r), hits_left(s, b.t, cherub, r)) for r in range(3)] == printed
    fighting(b, ward, [grasch], [cherub])
    assert [(attack_value(s, b.t, cherub, r), hits_left(s, b.t, cherub, r)) for r in range(3)] == [
        (a + 2, h + 2) for a, h in printed]
    fighting(b, ward, [grasch, cherub], [])             # attacking: no bonus
    assert attack_value(s, b.t, cherub, R_CO) == printed[R_CO][0]
    fighting(b, ward, [grasch], [cherub])
    h = printed[CORPOREAL][1]
    assert deal_damage(s, b.t, grasch, cherub, R_CO, h + 5) == h + 2   # counters stop at Hits + 2
    I[cherub, S.F_DMG + CORPOREAL] = h
    assert not is_down(s, b.t, cherub)
    s.g[S.G_FIGHT_TARGET] = -1                          # the combat ends
    I[cherub, S.F_FIGHT] = -1
    refresh_ward(s, b.t)
    assert is_down(s, b.t, cherub)


def test_in_a_real_combat_the_cherub_strikes_two_harder_for_its_attuned_being():
    """The same through combat.fight: Gorvath attacks the Human Kerubiel is Attuned
    to; Kerubiel Defends, and each of its base Attacks does its Corporeal Attack + 2.
    The bonus is gone once the combat is over.  Saminga's Gorvath: Belial's would
    tear Kerubiel down at double damage before it strikes (I68)."""
    b = board(decks=CALABIM)
    s, I = b.s, b.s.I
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    ward = b.put(GABRIEL, "Leslie Hamerson", b.new_york, ctrl=GABRIEL)
    gorvath = b.put(BELIAL, "Gorvath", b.new_york)
    attune(s, b.t, cherub, ward)
    I[gorvath, S.F_ACTS] = 1
    fight(s, b.t, gorvath, ward)
    blows = [v for c, j, v in traced(s, T_ATTACK) if c == cherub]
    assert blows and blows[0] == stat(b, "Kerubiel", D_ATK, CORPOREAL) + 2
    assert I[cherub, S.F_WARD] == 0 and s.g[S.G_FIGHT_TARGET] == -1


def test_a_cherub_takes_a_note_when_its_attuned_being_or_object_leaves_play():
    """"They take a point of Dissonance if an Attuned Being or Object leaves play":
    a Human killed, an Object destroyed (Therkax); the Attunement ends with it."""
    b = board()
    s, I = b.s, b.s.I
    c1 = b.put(GABRIEL, "Kerubiel", b.new_york)
    c2 = b.put(GABRIEL, "Kerubiel", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york, ctrl=GABRIEL)
    therkax = b.put(BELIAL, "Therkax", b.new_york)
    gun = b.put(GABRIEL, "Gun", b.new_york, ctrl=-1)
    attach(s, b.t, gun, ed, GABRIEL)
    attune(s, b.t, c1, ed)
    attune(s, b.t, c2, gun)
    kill_human(s, b.t, ed)                                  # the Gun falls loose: still in play
    assert (I[c1, S.F_DISS], I[c1, S.F_ATTUNED]) == (1, -1)
    assert (I[c2, S.F_DISS], I[c2, S.F_ATTUNED]) == (0, gun)
    next_d6(s, lambda r: r >= 5)
    destroy_object(s, b.t, therkax, therkax, gun)           # "succeeding with a 5 or 6"
    assert I[gun, S.F_ZONE] == S.Z_DISCARD
    assert (I[c2, S.F_DISS], I[c2, S.F_ATTUNED]) == (1, -1)


def test_a_cherub_de_attunes_except_on_a_one_which_costs_a_note():
    """"The may de-Attune -- take an action to roll d6.  On a 1, the de-Attuning
    fails and the Cherub takes a note of Dissonance.\""""
    for variant in (CLASSIC, D666):
        b = board(variant)
        s, I = b.s, b.s.I
        cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
        ward = b.put(GABRIEL, "Leslie Hamerson", b.new_york, ctrl=GABRIEL)
        freed = 0
        for k in range(ROLLS):
            attune(s, b.t, cherub, ward)
            ok = de_attune(s, b.t, cherub)
            freed += ok
            assert I[cherub, S.F_ATTUNED] == (-1 if ok else ward)
            assert I[cherub, S.F_DISS] == k + 1 - freed
        assert wilson_holds(freed, ROLLS, chance(variant, 5)), freed / ROLLS
    b = board()
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    attune(b.s, b.t, cherub, b.put(GABRIEL, "Azra", b.new_york))
    next_d6(b.s, lambda r: r == 1)
    assert not de_attune(b.s, b.t, cherub) and b.s.I[cherub, S.F_DISS] == 1


@pytest.mark.parametrize("levels", [1, 3])
def test_fear_keeps_a_cherub_from_defending_its_attuned_being_this_turn(levels):
    """Fear: "when an Attuned Being is attacked, roll d6.  If the roll is less than
    or equal to the Cherub's levels of Fear, they may not Defend the Being this
    turn" -- at the rate levels / 6; a Cherub without Fear does not roll."""
    b = board()
    s, I = b.s, b.s.I
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    ward = b.put(GABRIEL, "Leslie Hamerson", b.new_york, ctrl=GABRIEL)
    attune(s, b.t, cherub, ward)
    dice = s.rng[DICE, 2]
    fear_rolls(s, b.t, ward)
    assert s.rng[DICE, 2] == dice and may_defend(s, b.t, cherub, ward)
    I[cherub, S.F_DISCORD] = levels
    afraid = 0
    for _ in range(ROLLS):
        I[cherub, S.F_AFRAID] = 0
        fear_rolls(s, b.t, ward)
        afraid += not may_defend(s, b.t, cherub, ward)
    assert wilson_holds(afraid, ROLLS, levels / 6), afraid / ROLLS
    feared, held = traced(s, T_FEAR), traced(s, T_DISCORD_HELD)     # every roll is logged
    assert len(feared) == afraid and len(held) == ROLLS - afraid
    assert all(r <= levels for *_, r in feared) and all(r > levels for *_, r in held)
    next_d6(s, lambda r: r <= levels)
    I[cherub, S.F_AFRAID] = 0
    fear_rolls(s, b.t, ward)
    S.enlist(s, ward, S.DEFENDING)
    s.g[S.G_FIGHT_TYPE] = R_CO
    _gather_defenders(s, b.t, GABRIEL, b.new_york, ward, R_CO)
    assert I[cherub, S.F_FIGHT] == -1 and I[azra, S.F_FIGHT] == S.DEFENDING
    assert may_defend(s, b.t, cherub, azra)              # only its Attuned Being
    s.g[S.G_TURN] += 1
    assert may_defend(s, b.t, cherub, ward)              # "this turn"


# ================================================================== Ofanim
def test_an_ofanite_resonates_for_a_second_action_except_on_a_one():
    """Ofanim "may use their Resonance to gain a second action in a turn before
    using their usual action.  (This Resonance does not take an action.)  Roll a
    d6; on a 1, the Ofanite does not gain an action and takes dissonance."""
    for variant in (CLASSIC, D666):
        b = board(variant)
        s, I = b.s, b.s.I
        ofiel = b.put(GABRIEL, "Ofiel", b.new_york)
        gained = 0
        for k in range(ROLLS):
            I[ofiel, S.F_ACTS] = 1
            ok = second_action(s, b.t, ofiel)
            gained += ok
            assert I[ofiel, S.F_ACTS] == (2 if ok else 1) and I[ofiel, S.F_DISS] == k + 1 - gained
        assert wilson_holds(gained, ROLLS, chance(variant, 5)), gained / ROLLS


def test_an_ofanite_uses_its_resonance_once_a_turn_before_its_usual_action():
    """The policy rolls before the Ofanite's usual action (here going down its
    Superior's Tether to Earth), once a turn ("a second action") -- but not before
    a Move made only to spare it the note of Waiting, after which the second
    action would be a Wait (I91)."""
    b = board()
    s, I = b.s, b.s.I
    tether = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    ofiel = b.put(GABRIEL, "Ofiel", b.new_york)
    I[ofiel, S.F_ACTS] = 1
    dice = s.rng[DICE, 2]
    take_action(s, b.t, ofiel)                          # to the Tether, rather than Wait: no roll
    assert I[ofiel, S.F_LOC] == tether and I[ofiel, S.F_RESONATED] != s.g[S.G_TURN] and s.rng[DICE, 2] == dice
    move_to(s, b.t, ofiel, b.realm(GABRIEL))
    I[ofiel, S.F_ACTS] = 1
    next_d6(s, lambda r: r >= 2)
    take_action(s, b.t, ofiel)
    assert I[ofiel, S.F_RESONATED] == s.g[S.G_TURN] and I[ofiel, S.F_ACTS] == 1
    assert I[ofiel, S.F_LOC] == tether and I[ofiel, S.F_DISS] == 0
    dice = s.rng[DICE, 2]
    take_action(s, b.t, ofiel)                          # the second action: no second roll
    assert I[ofiel, S.F_ACTS] == 0 and s.rng[DICE, 2] == dice


def test_an_ofanite_takes_a_note_for_waiting():
    """"Ofanim gain Dissonance for taking the Wait action" -- and no other Choir."""
    b = board()
    s, I = b.s, b.s.I
    ofiel = b.put(GABRIEL, "Ofiel", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    for i in (ofiel, azra):
        I[i, S.F_ACTS] = 2
        _do(s, b.t, i, K_WAIT, -1, -1)
        _do(s, b.t, i, K_MOVE, b.earth, -1)
    assert I[ofiel, S.F_DISS] == 1 and I[azra, S.F_DISS] == 0
    lines = b.log()
    k = lines.index("Gabriel: Ofiel waits")
    assert lines[k + 1] == "Gabriel: Ofiel takes a note of Dissonance (now 1): it Waited"


@pytest.mark.parametrize("seat, name", [(GABRIEL, "Ofiel"), (BELIAL, "Grasch")])
def test_clumsiness_and_weakness_take_their_levels_off_base_attack_in_every_realm(seat, name):
    """The Ofanite Discord, Clumsiness, and the Calabite Discord, Weakness: "subtract
    1 from base Attack value in all Realms for every level of this Discord" (never
    below 0)."""
    b = board()
    s, I = b.s, b.s.I
    i = b.put(seat, name, b.new_york)
    printed = [stat(b, name, D_ATK, r) for r in range(3)]
    for levels in (0, 1, 2, 9):
        I[i, S.F_DISCORD] = levels
        assert [attack_value(s, b.t, i, r) for r in range(3)] == [max(0, a - levels) for a in printed]


# ================================================================== Elohim
def test_an_elohite_acting_under_another_superiors_influence_takes_a_note():
    """Elohim "gain Dissonance if they take any Action other than Wait while under
    another Superior's Influence": a Move, or joining an Attack, but not a Wait,
    and nothing while its own Superior controls it."""
    b = board()
    s, I = b.s, b.s.I
    elo = b.put(GABRIEL, "Hadriel", b.new_york)
    I[elo, S.F_ACTS] = 3
    _do(s, b.t, elo, K_MOVE, b.earth, -1)
    assert I[elo, S.F_DISS] == 0
    I[elo, S.F_CTRL] = BELIAL
    _do(s, b.t, elo, K_WAIT, -1, -1)
    assert I[elo, S.F_DISS] == 0
    _do(s, b.t, elo, K_MOVE, b.new_york, -1)
    assert I[elo, S.F_DISS] == 1
    _join(s, b.t, elo, b.new_york, S.ATTACKING)
    assert I[elo, S.F_DISS] == 2


def test_bad_temper_makes_an_elohite_attack_for_a_note():
    """Bad Temper: "if any Being controlled by a Superior other than the Elohite's
    own is in the Elohite's location during your turn, roll d6.  On a result less
    than or equal to the levels of Discord, the Elohite initiates combat with a
    random target in the Location"; and Elohim gain Dissonance "if they succumb to
    their Discord"."""
    b = board()
    s, I = b.s, b.s.I
    elo = b.put(GABRIEL, "Hadriel", b.new_york)
    I[elo, S.F_ACTS] = 1
    I[elo, S.F_DISCORD] = 2
    dice = s.rng[DICE, 2]
    bad_temper(s, b.t, GABRIEL)                         # nobody else's Being here: no roll
    assert s.rng[DICE, 2] == dice
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    held = next_d6(s, lambda r: r > 2)
    bad_temper(s, b.t, GABRIEL)
    assert (I[elo, S.F_ACTS], I[elo, S.F_DISS]) == (1, 0) and not traced(s, T_TEMPER)
    assert traced(s, T_DISCORD_HELD) == [(elo, -1, held)]
    bad_temper(s, b.t, BELIAL)                          # only during its controller's turn
    r = next_d6(s, lambda r: r <= 2)
    bad_temper(s, b.t, GABRIEL)
    assert traced(s, T_TEMPER) == [(elo, grasch, r)]
    assert I[elo, S.F_ACTS] == 0 and I[elo, S.F_DISS] == 1


def test_an_elohite_in_a_fight_it_does_not_want_retreats():
    """"(Take the Retreat action immediately if you don't want to hurt the
    target!)": an attacking Elohite with an enemy it does not want to hurt, and
    none it would, Retreats, where another angel would Wait -- under a style that
    keeps its Beings in a fight they may lose (weight ``retreat`` 0; otherwise it
    Retreats too, I93).  An Elohite whose only enemy Azra's declared blow will
    fell has no one it does not want to hurt, and Waits (I32)."""
    b = board()
    s = b.s
    s.w[GABRIEL, W_RETREAT] = 0
    elo = b.put(GABRIEL, "Hadriel", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL)   # his Fate is met: Hell's if he dies
    fighting(b, ed, [elo, azra], [])
    assert declares(s, b.t, elo, R_CO) == (A_RETREAT, -1)
    assert declares(s, b.t, azra, R_CO)[0] != A_RETREAT
    b = board()
    s = b.s
    s.w[GABRIEL, W_RETREAT] = 0
    elo = b.put(GABRIEL, "Hadriel", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    fighting(b, grasch, [elo, azra], [])
    s.I[grasch, S.F_DMG + CORPOREAL] = s.I[grasch, S.F_DMG + CORPOREAL] + hits_left(s, b.t, grasch, R_CO) - 1
    order, what, whom = s.rounds
    order[0], what[0], whom[0] = azra, A_ATTACK, grasch
    assert declares(s, b.t, elo, R_CO, 0) == (A_ATTACK, grasch)
    assert declares(s, b.t, elo, R_CO, 1)[0] not in (A_RETREAT, A_ATTACK)


# ================================================================== Malakim
@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_a_malakites_protective_roll_puts_minus_one_on_further_influence(variant):
    """Malakim "may take an action to roll d6 vs. a target's Celestial Hits.  With a
    success (occurring on a roll greater than or equal to such Hits), all further
    attempts to Influence the Being are performed at a -1 penalty" -- one -1
    counter a success, against everyone (I27)."""
    b = board(variant)
    s, I = b.s, b.s.I
    azra = b.put(GABRIEL, "Azra", b.new_york)
    merc = b.put(GABRIEL, "Tamiel", b.new_york)
    leslie = b.put(BELIAL, "Leslie Hamerson", b.new_york, ctrl=GABRIEL)
    faces = 7 - stat(b, "Leslie Hamerson", D_HITS, CELESTIAL)
    base = modifier(s, b.t, merc, leslie)
    wins = sum(protect(s, b.t, azra, leslie) for _ in range(ROLLS))
    assert I[leslie, S.F_RESIST] == wins and modifier(s, b.t, merc, leslie) == base - wins
    assert wilson_holds(wins, ROLLS, chance(variant, faces)), (wins / ROLLS, chance(variant, faces))


@pytest.mark.parametrize("levels", [1, 4])
def test_cowardice_makes_a_malakite_retreat_at_the_start_of_a_round(levels):
    """The Malakite Discord, Cowardice: "Starting every round of combat, roll d6; on
    a result less than or equal to the levels of Cowardice, the Malakite takes the
    Retreat action" -- at the rate levels / 6, whatever it had in mind."""
    b = board()
    s, I = b.s, b.s.I
    azra = b.put(GABRIEL, "Azra", b.new_york)
    grasch = b.put(BELIAL, "Vashka", b.new_york)
    fighting(b, azra, [grasch], [])
    assert declares(s, b.t, azra, R_CO)[0] != A_RETREAT
    I[azra, S.F_DISCORD] = levels
    fled = sum(declares(s, b.t, azra, R_CO) == (A_RETREAT, -1) for _ in range(ROLLS))
    assert wilson_holds(fled, ROLLS, levels / 6), fled / ROLLS


def test_a_malakite_takes_a_note_for_each_violation_of_its_oath(tmp_path):
    """"Every Malakite has an oath, a condition written in their game text [...]
    Violating this condition [...] causes Dissonance for each violation": one note
    for each Wait, Retreat, use of a Tool or harm to a Human it swore off (a test
    card, tests/data/oaths.toml); a Malakite without the oath takes none."""
    deck = planted_deck(tmp_path, "Sworn Malakite", 1, deck="gabriel", data="oaths.toml")
    b = Board(decks=("belial", deck))
    b.clear_board()
    s, I = b.s, b.s.I
    L = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    sworn = b.put(GABRIEL, "Sworn Malakite", L)
    azra = b.put(GABRIEL, "Azra", L)
    foe = b.put(BELIAL, "Grasch", L)
    human = b.put(BELIAL, "Sam Okafor", L)
    for i in (sworn, azra):
        attach(s, b.t, b.take(GABRIEL, "Gun"), i, GABRIEL)
        I[i, S.F_ACTS] = 1
    notes = []
    for i in (sworn, azra):
        _do(s, b.t, i, K_WAIT, -1, -1)
        fighting(b, foe, [i], [])
        _resolve(s, b.t, i, A_ROLL, foe, L, R_CO)
        _resolve(s, b.t, i, A_RETREAT, -1, L, R_CO)
        deal_damage(s, b.t, i, human, R_CO, 1)
        notes.append(I[i, S.F_DISS])
    assert notes == [4, 0]


def vigil_board(tmp_path):
    """Gabriel with the Vigilant Malakite ("never suffer a demon in its
    presence", tests/data/oaths.toml) and the Sworn Malakite; New York and the
    generic Location of Earth."""
    cards = {"Vigilant Malakite": 2, "Sworn Malakite": 1}
    deck = planted_deck(tmp_path, cards, deck="gabriel", data="oaths.toml")
    b = Board(decks=("belial", deck))
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


def test_a_continuous_oath_costs_a_note_each_turn_and_combat_round_it_stays_broken(tmp_path):
    """"[...] or each round if the condition is continuous": a Malakite sworn
    never to suffer a demon in its presence takes a note at the end of every turn,
    and of every combat round at its Location, that ends with a demon beside it
    (I56) -- none for a Malakite elsewhere or without the oath, none once the
    demon is driven off within the round, none in Trauma (no game text)."""
    b = vigil_board(tmp_path)
    s, I, L = b.s, b.s.I, b.new_york
    vigil = b.put(GABRIEL, "Vigilant Malakite", L, entered=10)
    azra = b.put(GABRIEL, "Azra", L, entered=10)
    away = b.put(GABRIEL, "Vigilant Malakite", b.earth, entered=10)
    grasch = b.put(BELIAL, "Grasch", L)
    notes = lambda: [int(I[i, S.F_DISS]) for i in (vigil, azra, away)]   # noqa: E731
    end_turn(s, b.t, BELIAL)
    assert notes() == [1, 0, 0]
    fighting(b, grasch, [vigil], [])
    for _ in range(2):
        _end_of_round(s, b.t, L)
    assert notes() == [3, 0, 0]
    deal_damage(s, b.t, vigil, grasch, R_CO, 99)
    _end_of_round(s, b.t, L)                      # 0 Corporeal Hits: Grasch goes home in Trauma
    end_turn(s, b.t, GABRIEL)
    assert I[grasch, S.F_LOC] == b.realm(BELIAL) and notes() == [3, 0, 0]
    vashka = b.put(BELIAL, "Vashka", b.earth)
    end_turn(s, b.t, BELIAL)
    assert notes() == [3, 0, 1]
    I[away, S.F_TRAUMA] = 3
    end_turn(s, b.t, GABRIEL)
    assert notes() == [3, 0, 1] and I[vashka, S.F_LOC] == b.earth


def test_a_malakite_sworn_to_suffer_no_demon_would_rather_attack_the_one_beside_it(tmp_path):
    """The policies weigh a continuous oath as they weigh Gabriel's condition
    (I47, I56): the Vigilant Malakite values attacking a demon at its Location
    more than the Sworn Malakite, of the same stats, does; a demon elsewhere in
    its realm gives it no such urge."""
    b = vigil_board(tmp_path)
    s, L = b.s, b.new_york
    vigil = b.put(GABRIEL, "Vigilant Malakite", L, entered=10)
    sworn = b.put(GABRIEL, "Sworn Malakite", L, entered=10)
    grasch = b.put(BELIAL, "Grasch", L)
    assert ([stat(b, "Vigilant Malakite", col, r) for col in (D_ATK, D_HITS) for r in range(3)]
            == [stat(b, "Sworn Malakite", col, r) for col in (D_ATK, D_HITS) for r in range(3)])
    S.collect_rivals(s, GABRIEL)
    (j1, v1), (j2, v2) = _best_attack(s, b.t, vigil, GABRIEL), _best_attack(s, b.t, sworn, GABRIEL)
    assert j1 == j2 == grasch and v1 > v2 + 0.5 * s.w[GABRIEL, W_ATTACK_SERVITOR] - 1e-3
    move_to(s, b.t, grasch, b.earth)
    S.collect_rivals(s, GABRIEL)
    (j1, v1), (j2, v2) = _best_attack(s, b.t, vigil, GABRIEL), _best_attack(s, b.t, sworn, GABRIEL)
    assert j1 == j2 == grasch and abs(v1 - v2) < 1e-3


def test_leaving_play_ends_the_cherubs_own_attunement():
    """A Cherub that leaves play holds no Attunement any more."""
    b = board()
    s, I = b.s, b.s.I
    cherub = b.put(GABRIEL, "Kerubiel", b.new_york)
    attune(s, b.t, cherub, b.put(GABRIEL, "Azra", b.new_york))
    leave_play(s, b.t, cherub, S.Z_DISCARD)
    assert I[cherub, S.F_ATTUNED] == -1


# ================================================================== Seraphim
HEAVEN_SEAT = GABRIEL      # Dominic's deck sits where Gabriel's usually does


def seraph_board():
    b = Board(decks=("belial", "dominic"))
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


def test_a_seraph_resonates_only_after_encountering_another_superiors_being_last_turn():
    """"if a Seraph encountered a Being controlled by another Superior last turn,
    they may use their action to roll d6": sharing a Location at the end of the
    previous turn (I33)."""
    b = seraph_board()
    s, I = b.s, b.s.I
    haziel = b.put(HEAVEN_SEAT, "Haziel", b.new_york)
    note_encounters(s, b.t)
    s.g[S.G_TURN] += 1
    assert not can_view(s, b.t, haziel)
    b.put(BELIAL, "Grasch", b.new_york)
    note_encounters(s, b.t)
    assert I[haziel, S.F_MET] == s.g[S.G_TURN]
    s.g[S.G_TURN] += 1
    assert can_view(s, b.t, haziel)
    s.g[S.G_TURN] += 1
    assert not can_view(s, b.t, haziel)


def test_the_seraph_table_shows_a_card_or_speaks_too_much_truth():
    """"On 1, [...] a card in opponent's hand; on 2, the top card of opponent's
    Events Deck; on 3, the top card in opponent's Repository; on 4, any card face
    down in opponent's Realm; on 5, nothing happens.  On 6, opponent may choose to
    view any one card [...] The Seraph's controller may prevent this by having the
    Seraph lie -- and gain a point of [Dissonance]" (I33: the Seraph lies when the
    card would be a face-down one)."""
    b = seraph_board()
    s, I = b.s, b.s.I
    haziel = b.put(HEAVEN_SEAT, "Haziel", b.new_york)
    plot = b.to_hand(BELIAL, "Dynamite Hit")
    I[plot, S.F_ZONE] = S.Z_FACEDOWN
    belial_hand = set(b.hand(BELIAL))
    top_events = s.decks[BELIAL, S.EVENTS, s.S[BELIAL, S.S_EV_HEAD]]
    top_repo = s.decks[BELIAL, S.REPOSITORY, s.S[BELIAL, S.S_REPO_HEAD]]
    mine = 1 << HEAVEN_SEAT

    def seen_by(seat):
        return {c for c in range(b.N) if I[c, S.F_SEEN] >> seat & 1}
    for roll, shown in ((2, top_events), (3, top_repo), (4, plot), (5, None)):
        I[:, S.F_SEEN] = 0
        next_d6(s, lambda r, roll=roll: r == roll)
        assert view(s, b.t, haziel) == roll
        assert seen_by(HEAVEN_SEAT) == ({shown} if shown is not None else set())
    I[:, S.F_SEEN] = 0
    next_d6(s, lambda r: r == 1)
    view(s, b.t, haziel)
    assert len(seen_by(HEAVEN_SEAT)) == 1 and seen_by(HEAVEN_SEAT) <= belial_hand
    I[:, S.F_SEEN] = 0
    next_d6(s, lambda r: r == 6)
    view(s, b.t, haziel)                     # nothing of Dominic's face down: Belial sees a card in hand
    assert len(seen_by(BELIAL)) == 1 and seen_by(BELIAL) <= set(b.hand(HEAVEN_SEAT)) and I[haziel, S.F_DISS] == 0
    secret = b.hand(HEAVEN_SEAT)[0]
    I[secret, S.F_ZONE] = S.Z_FACEDOWN
    I[:, S.F_SEEN] = 0
    next_d6(s, lambda r: r == 6)
    view(s, b.t, haziel)                     # the Seraph lies
    assert not seen_by(BELIAL) and I[haziel, S.F_DISS] == 1
    assert I[plot, S.F_SEEN] & mine == 0 and seen_by(HEAVEN_SEAT) == set()


def test_a_seen_tether_plot_sends_a_servitor_to_guard_an_unguarded_tether():
    """What viewing is for (I33): once a Seraph has shown Dominic Belial's face-down
    Dynamite Hit, his Servitors go to guard a Tether of his that has none."""
    b = seraph_board()
    s, I = b.s, b.s.I
    hall = b.put(HEAVEN_SEAT, "Hall of Justice", b.earth)
    sachiel = b.put(HEAVEN_SEAT, "Sachiel", b.new_york)
    haziel = b.put(HEAVEN_SEAT, "Haziel", b.new_york)
    plot = b.to_hand(BELIAL, "Dynamite Hit")
    I[plot, S.F_ZONE] = S.Z_FACEDOWN
    assert _best_move(s, b.t, sachiel, HEAVEN_SEAT, wait_notes(s, b.t, sachiel), False)[0] != hall
    next_d6(s, lambda r: r == 4)
    view(s, b.t, haziel)
    assert _best_move(s, b.t, sachiel, HEAVEN_SEAT, wait_notes(s, b.t, sachiel), False)[0] == hall
    b.put(HEAVEN_SEAT, "Raguel", hall)                  # guarded already
    assert _best_move(s, b.t, sachiel, HEAVEN_SEAT, wait_notes(s, b.t, sachiel), False)[0] != hall


def test_gullibility_gives_the_weakest_balseraph_a_free_resonance_per_level():
    """Gullibility: "for every level of Gullibility, one Balseraph chosen by the
    Seraph's controller may take one free action to use their Resonance on the
    Angel during their Action phase, regardless of Location" -- the controller
    picks the Balseraph least likely to succeed (here Sistrael, with Paranoia);
    a failure costs it a note, a success Influences the Seraph."""
    b = seraph_board()
    s, I = b.s, b.s.I
    haziel = b.put(HEAVEN_SEAT, "Haziel", b.new_york)
    sis = b.put(BELIAL, "Sistrael", b.realm(BELIAL))
    wrinth = b.put(BELIAL, "Wrinth", b.realm(BELIAL))
    I[sis, S.F_DISCORD] = 1
    for i in (sis, wrinth):
        I[i, S.F_ACTS] = 1
    need = stat(b, "Haziel", D_HITS, CELESTIAL) + 1        # d6 - 1 (Paranoia) >= Celestial Hits
    dice = s.rng[DICE, 2]
    gullibility(s, b.t, BELIAL)
    assert s.rng[DICE, 2] == dice                           # no Gullibility: no roll
    I[haziel, S.F_DISCORD] = 2

    def two(s):
        return d6(s.rng), d6(s.rng)
    while not all(r < need for r in peek(s, two)):
        d6(s.rng)
    gullibility(s, b.t, BELIAL)
    assert (I[sis, S.F_DISS], I[wrinth, S.F_DISS], I[haziel, S.F_CTRL]) == (2, 0, HEAVEN_SEAT)
    next_d6(s, lambda r: r >= need)
    gullibility(s, b.t, BELIAL)
    assert I[haziel, S.F_CTRL] == BELIAL and I[haziel, S.F_INF_BY] == sis
    assert I[sis, S.F_DISS] == 2 and I[sis, S.F_ACTS] == 1          # free: no action spent


# ================================================================== Calabim (a Band)
# Saminga's Calabim, in seat 0 (BELIAL): Belial's double their damage (I68,
# tests/test_superiors.py), which these tests of the Band's own rule leave out.
CALABIM = ("saminga", "gabriel")


def test_a_calabites_resonance_does_its_roll_within_its_celestial_hits_else_half():
    """Calabim: "If the result is less than or equal to the Calabite's Celestial
    Hits, the result is done as damage of the type appropriate for the Realm.  If
    the result is higher than its Celestial Hits, half the total (rounded down) is
    done as damage of that type, unless the Calabite takes a point of Dissonance"
    -- which its controller does when only the whole result would bring the target
    to 0 Hits (I36)."""
    b = board(decks=CALABIM)
    s, I = b.s, b.s.I
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    big = b.put(GABRIEL, "Uzziel", b.new_york)
    h = stat(b, "Grasch", D_HITS, CELESTIAL)
    assert stat(b, "Uzziel", D_HITS, CORPOREAL) > 6
    for roll in range(1, 7):
        I[big, S.F_DMG + CORPOREAL] = 0
        next_d6(s, lambda r, roll=roll: r == roll)
        assert tear(s, b.t, grasch, big, R_CO) == (roll if roll <= h else roll // 2)
    assert I[grasch, S.F_DISS] == 0
    small = b.put(GABRIEL, "Zophiel", b.new_york)
    I[small, S.F_DMG + CORPOREAL] = stat(b, "Zophiel", D_HITS, CORPOREAL) - 6
    next_d6(s, lambda r: r == 6)
    assert tear(s, b.t, grasch, small, R_CO) == 6 and I[grasch, S.F_DISS] == 1
    assert is_down(s, b.t, small)


@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_a_calabites_roll_is_within_its_celestial_hits_at_the_closed_form_rate(variant):
    """The roll "less than or equal to the Calabite's Celestial Hits" succeeds on
    that many faces: Hits / 6, or under d666 the mapped target's chance; the
    amount is the d6, or the d666's check digit (I-d666)."""
    b = board(variant)
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    h = stat(b, "Grasch", D_HITS, CELESTIAL)
    rolls = [calabite_roll(b.s, b.t, grasch) for _ in range(ROLLS)]
    wins = sum(ok for ok, _ in rolls)
    assert wilson_holds(wins, ROLLS, chance(variant, h)), (wins / ROLLS, chance(variant, h))
    assert {amount for _, amount in rolls} == set(range(1, 7))
    if variant == CLASSIC:
        assert all(ok == (amount <= h) for ok, amount in rolls)


def test_a_weak_calabite_tears_rather_than_strikes_in_combat():
    """"Every round of combat, a Calabite may specify a target and use its
    Resonance": the policy takes it when it does more on average than the base
    Attack -- here once Weakness has taken a point off Grasch's base Attack."""
    b = board(decks=CALABIM)
    s, I = b.s, b.s.I
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    zophiel = b.put(GABRIEL, "Zophiel", b.new_york)
    fighting(b, zophiel, [grasch], [])
    assert tear_expectation(s, b.t, grasch) < stat(b, "Grasch", D_ATK, CORPOREAL)
    assert declares(s, b.t, grasch, R_CO) == (A_ATTACK, zophiel)
    I[grasch, S.F_DISCORD] = 1
    assert tear_expectation(s, b.t, grasch) > attack_value(s, b.t, grasch, R_CO)
    assert declares(s, b.t, grasch, R_CO) == (A_TEAR, zophiel)


def test_outside_combat_a_calabite_does_raw_damage_to_a_being_at_its_location():
    """"Outside of combat, a Calabite may still use its Resonance to do raw damage to
    any Being in its Location": as an action, no combat, even on a Being that
    could not yet be attacked; a Being it brings to 0 Hits suffers it at once (I17)."""
    b = board(decks=CALABIM)
    s, I = b.s, b.s.I
    grasch = b.put(BELIAL, "Grasch", b.new_york)
    fresh = b.put(GABRIEL, "Uzziel", b.new_york, entered=s.g[S.G_TURN])
    I[grasch, S.F_ACTS] = 2
    roll = next_d6(s, lambda r: r <= stat(b, "Grasch", D_HITS, CELESTIAL))
    _do(s, b.t, grasch, K_TEAR, fresh, -1)
    assert I[fresh, S.F_DMG + CORPOREAL] == roll and I[fresh, S.F_FIGHT] == -1 and I[grasch, S.F_ACTS] == 1
    zophiel = b.put(GABRIEL, "Zophiel", b.new_york)
    h = stat(b, "Zophiel", D_HITS, CORPOREAL)
    I[zophiel, S.F_DMG + CORPOREAL] = h - 1
    next_d6(s, lambda r: 2 <= r <= stat(b, "Grasch", D_HITS, CELESTIAL))
    _do(s, b.t, grasch, K_TEAR, zophiel, -1)
    assert I[zophiel, S.F_TRAUMA] == h and I[zophiel, S.F_LOC] == b.realm(GABRIEL)
    assert "Saminga: Grasch Resonates to tear at Zophiel: 1 damage" in b.log()    # dealt, not rolled


# ================================================================== Lilim (a Band)
def lilim_board():
    b = Board(decks=("nybbas", "gabriel"))
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


NYBBAS = BELIAL


def test_a_lilim_rolls_against_the_softest_hits_for_a_counter_and_a_note_on_failure():
    """Lilim: "roll d6 vs. target's Hits of any chosen type.  If the result is
    greater than target number [...] the Lilim's controller gains a counter on the
    targetted being" (the policy spends it at once on a Being it does not hold,
    I37); "failure generates a note of Dissonance".  The chosen type is Ed Holder's
    softest, his Ethereal Hits."""
    b = lilim_board()
    s, I = b.s, b.s.I
    siren = b.put(NYBBAS, "Siren", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york)
    hits = [stat(b, "Ed Holder", D_HITS, r) for r in range(3)]
    assert min(hits) == hits[1] < hits[0]
    faces = 6 - min(hits)
    won = 0
    for k in range(ROLLS):
        I[ed, S.F_CTRL] = -1
        ok = resonate(s, b.t, siren, ed)
        won += ok
        assert I[ed, S.F_CTRL] == (NYBBAS if ok else -1) and lilim_counters(s, ed, NYBBAS) == 0
        assert I[siren, S.F_DISS] == k + 1 - won
    assert wilson_holds(won, ROLLS, faces / 6), (won / ROLLS, faces / 6)


def test_a_lilim_counter_is_kept_and_spent_to_take_the_being_back():
    """"This counter may be spent at any time [...] to gain Influence over the
    targetted Being, at which time the Lilim's controller may declare that the
    target takes any action possible for it": a counter gained on a Being Nybbas
    already holds is kept, and spent when Gabriel has taken the Being (I37)."""
    b = lilim_board()
    s, I = b.s, b.s.I
    siren = b.put(NYBBAS, "Siren", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york, ctrl=NYBBAS)
    assert can_influence(s, b.t, siren, ed)
    next_d6(s, lambda r: r > stat(b, "Ed Holder", D_HITS, 1))
    assert resonate(s, b.t, siren, ed)
    assert lilim_counters(s, ed, NYBBAS) == 1 and not can_influence(s, b.t, siren, ed)
    reclaim_with_counters(s, b.t, NYBBAS)
    assert lilim_counters(s, ed, NYBBAS) == 1                  # still Nybbas's: kept
    I[ed, S.F_CTRL] = GABRIEL
    I[ed, S.F_ACTS] = 0
    reclaim_with_counters(s, b.t, NYBBAS)
    assert I[ed, S.F_CTRL] == NYBBAS and I[ed, S.F_ACTS] == 1 and lilim_counters(s, ed, NYBBAS) == 0
    leave_play(s, b.t, ed, S.Z_REMOVED)
    assert I[ed, S.F_LILIM] == 0


def test_aura_adds_its_levels_to_every_attempt_to_influence_a_lilim():
    """The Lilim Discord, Aura: "For every level of this Discord, apply a +1 bonus
    to any attempts to Influence the Lilim"."""
    b = lilim_board()
    s, I = b.s, b.s.I
    siren = b.put(NYBBAS, "Siren", b.new_york)
    tamiel = b.put(GABRIEL, "Tamiel", b.new_york)
    base = modifier(s, b.t, tamiel, siren)
    I[siren, S.F_DISCORD] = 2
    assert modifier(s, b.t, tamiel, siren) == base + 2
