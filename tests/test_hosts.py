"""Kyriotates and Shedim attached to a host (rulebook, "Beings in Detail"), each
rule from a small position the rulebook's text decides.  Roll-based rules are
checked roll by roll: the die the engine is about to roll is peeked, and the
outcome must be the one the rule gives for that die.

No starter deck holds a Kyriotate or a Shedite; Tekhiel and Hollow Tenant are
in tests/data/hosts.toml and are planted into the starter decks."""
import pytest
from positions import BELIAL, GABRIEL, Board, data_deck, peek

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _heal_value
from balance.rules.innomine.actions import take_action
from balance.rules.innomine.attunement import may_move_freely, refresh_ward
from balance.rules.innomine.beings import attach, detach, find_effect, leave_play
from balance.rules.innomine.combat import attackable, fight, fire_song, location_damage
from balance.rules.innomine.d666 import D666, target_for_faces
from balance.rules.innomine.effects import damage_all
from balance.rules.innomine.damage import corporeal_death, deal_damage, ethereal_loss
from balance.rules.innomine.end_turn import count_influenced_turns
from balance.rules.innomine.fledging import can_fledge_into, fledge
from balance.agents.innomine.hosts import best_host
from balance.rules.innomine.host_resonance import hold_rolls, resonate_host, return_to_realm
from balance.rules.innomine.hosts import can_host, go_home, ride, unride
from balance.rules.innomine.humans import age_mortals
from balance.rules.innomine.seraphim import gullibility
from balance.rules.innomine.superior_dissonance import neglect
from balance.rules.innomine.tables import D_HITS, D_LIFESPAN
from balance.rules.innomine.vocabulary import (
    C_TURNS_HEAVEN,
    C_TURNS_HELL,
    CELESTIAL,
    CORPOREAL,
    E_ROLL_DAMAGE,
    ETHEREAL_REALM,
)
from balance.sim.seeding import d6

TRIALS = 120


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hosts")
    return (data_deck(tmp, "belial", "hosts.toml", {"Hollow Tenant": 2}, {}),
            data_deck(tmp, "gabriel", "hosts.toml", {"Tekhiel": 2}, {}))


@pytest.fixture
def b(decks):
    board = Board(decks=decks)
    board.clear_board()
    return board


def die(b):
    return peek(b.s, lambda s: d6(s.rng))


def hits(b, i, r=CELESTIAL):
    return b.t.C[b.s.I[i, S.F_DESIGN], D_HITS + r]


def reset(b, rider, host):
    """Undo any ride and put rider back on Earth, at host's Location."""
    I = b.s.I
    if I[rider, S.F_HOST] >= 0:
        unride(b.s, b.t, rider)
    I[rider, S.F_LOC] = I[host, S.F_LOC]
    I[rider, S.F_DISS] = 0


def test_a_kyriotate_attaches_on_a_roll_greater_than_the_beings_celestial_hits(b):
    """"If the roll is greater than the Being's Celestial Hits [...] the Kyriotate
    attaches to the Being and that Being is Influenced by the Kyriotate" (and
    has an action); "Failure on any such roll returns the Kyriotate to its Realm"."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    seen = set()
    for _ in range(TRIALS):
        reset(b, k, sam)
        roll = die(b)
        ok = resonate_host(s, t, k, sam)
        assert ok == (roll > hits(b, sam))
        seen.add(ok)
        if ok:
            assert (I[k, S.F_HOST], I[sam, S.F_RIDER]) == (sam, k)
            assert (I[sam, S.F_CTRL], I[sam, S.F_INF_BY], I[sam, S.F_ACTS]) == (GABRIEL, k, 1)
            assert I[k, S.F_LOC] == b.earth
        else:
            assert I[k, S.F_HOST] == -1 and I[k, S.F_LOC] == b.realm(GABRIEL)
            assert I[sam, S.F_CTRL] == -1
    assert seen == {True, False}


def test_a_shedite_attaches_only_to_a_human_on_a_roll_at_least_its_celestial_hits(b):
    """Shedim: "attach to a Human on Earth [...] If the roll is greater than or
    equal to the Human's Celestial Hits"; a Kyriotate to any Being "(not another
    Kyriotate or Shedite)"."""
    s, t = b.s, b.t
    sh = b.put(BELIAL, "Hollow Tenant", b.earth)
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    angel = b.put(GABRIEL, "Tamiel", b.earth)
    assert not can_host(s, t, sh, angel) and can_host(s, t, k, angel)
    assert not can_host(s, t, k, sh) and not can_host(s, t, sh, k)
    for _ in range(TRIALS):
        reset(b, sh, sam)
        roll = die(b)
        assert resonate_host(s, t, sh, sam) == (roll >= hits(b, sam))


def test_bound_is_a_penalty_to_the_resonance_roll(b):
    """"apply levels of Bound as a penalty to any Resonance roll"."""
    s, t = b.s, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    s.I[k, S.F_DISCORD] = 2
    for _ in range(TRIALS // 2):
        reset(b, k, sam)
        roll = die(b)
        assert resonate_host(s, t, k, sam) == (roll - 2 > hits(b, sam))


def test_the_attach_roll_is_a_d666_under_the_variant(b):
    """Every d6-against-Hits roll becomes its d666 (docs/rules.md, I-d666)."""
    s, t = b.s, b.t
    s.g[S.G_VARIANT] = D666
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    s.S[GABRIEL, S.S_ESSENCE] = 0
    goal = target_for_faces(6 - hits(b, sam))
    for _ in range(TRIALS // 2):
        reset(b, k, sam)
        a, c = peek(s, lambda s: (d6(s.rng), d6(s.rng)))
        assert resonate_host(s, t, k, sam) == (a + c <= goal and a + c != 12)


def test_a_rider_ejects_the_previous_one_rolling_against_its_celestial_hits(b):
    """"If the roll is greater than or equal to the Human's Celestial Hits (or
    those of any Kyriotate or Shedite already attached to the Human [...] Any
    previous Kyriotate or Shedite is ejected and must make an immediate
    resonance roll on some Being at their Location, or return to their Realm"."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sh = b.put(BELIAL, "Hollow Tenant", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    ejected = 0
    for _ in range(TRIALS):
        reset(b, sh, sam)
        reset(b, k, sam)
        ride(s, t, k, sam)
        roll = die(b)
        ok = resonate_host(s, t, sh, sam)
        assert ok == (roll >= hits(b, k))         # Tekhiel's 3, not Sam's 2
        if ok:
            ejected += 1
            # Tekhiel rolled at once on the only Being at its Location, Sam
            # (bouncing back), or went home; either way exactly one rides Sam.
            assert I[sam, S.F_RIDER] in (k, sh)
            assert I[k, S.F_HOST] == sam or I[k, S.F_LOC] == b.realm(GABRIEL)
            assert I[sam, S.F_CTRL] == I[I[sam, S.F_RIDER], S.F_CTRL]
    assert ejected > 0


def test_a_kyriotate_takes_dissonance_for_damage_and_lost_cards_on_leaving(b):
    """"A Kyriotate takes Dissonance if it leaves the Being with more damage
    counters than it entered with, if the Being loses any Object or Ability
    during the Kyriotate's stay without regaining it before the Kyriotate leaves"."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    gun = b.take(GABRIEL, "Gun")
    attach(s, t, gun, sam, GABRIEL)
    I[sam, S.F_DMG + CORPOREAL] = 1
    ride(s, t, k, sam)
    go_home(s, t, k)                               # nothing harmed
    assert I[k, S.F_DISS] == 0 and I[k, S.F_LOC] == b.realm(GABRIEL)
    ride(s, t, k, sam)
    I[sam, S.F_DMG + CORPOREAL] = 2
    go_home(s, t, k)
    assert I[k, S.F_DISS] == 1
    I[sam, S.F_DMG + CORPOREAL] = 0
    attach(s, t, gun, sam, GABRIEL)
    ride(s, t, k, sam)
    detach(s, gun)
    unride(s, t, k)
    assert I[k, S.F_DISS] == 2
    attach(s, t, gun, sam, GABRIEL)
    ride(s, t, k, sam)                             # the Gun lost and regained: no note
    detach(s, gun)
    attach(s, t, gun, sam, GABRIEL)
    unride(s, t, k)
    assert I[k, S.F_DISS] == 2


@pytest.mark.parametrize("rider", ["Tekhiel", "Hollow Tenant"])
def test_the_hosts_death_gives_dissonance_and_trauma(b, rider):
    """"or if the Being dies while the Kyriotate is attached.  In the latter
    case, the Kyriotate also enters Trauma"; the Shedite's point of dissonance
    "as does the host's death while the Shedite is attached, in which case the
    Shedite enters Trauma" -- by the sword or by age."""
    s, I, t = b.s, b.s.I, b.t
    seat = GABRIEL if rider == "Tekhiel" else BELIAL
    r = b.put(seat, rider, b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    ride(s, t, r, sam)
    I[sam, S.F_DMG + CORPOREAL] = hits(b, sam, CORPOREAL)
    corporeal_death(s, t, sam)
    assert I[sam, S.F_ZONE] != S.Z_PLAY
    assert I[r, S.F_DISS] == 1 and I[r, S.F_TRAUMA] == hits(b, r, CORPOREAL)
    assert I[r, S.F_LOC] == b.realm(seat) and I[r, S.F_HOST] == -1
    victor = b.put(GABRIEL, "Victor Kane", b.earth)
    I[r, S.F_TRAUMA] = 0
    ride(s, t, r, victor)
    I[victor, S.F_AGE] = t.C[I[victor, S.F_DESIGN], D_LIFESPAN] - 1
    age_mortals(s, t)
    assert I[victor, S.F_ZONE] != S.Z_PLAY and I[r, S.F_DISS] == 2 and I[r, S.F_TRAUMA] > 0


@pytest.mark.parametrize("seat,host", [(BELIAL, "Poof"), (GABRIEL, "Azra")])
def test_an_immortal_host_that_dies_corporeally_is_freed_of_its_rider(b, seat, host):
    """An Immortal at 0 Corporeal Hits "die[s] corporeally" and stays in play --
    a Demonling enters Trauma in its Realm, a Malakite goes home and regenerates
    -- and its Kyriotate takes the note and Trauma of its host's death (I62).
    "When the rider leaves, the host is freed" (I60): back to its own Superior,
    Influenced by no one."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    h = b.put(seat, host, b.earth)
    ride(s, t, k, h)
    I[h, S.F_DMG + CORPOREAL] = hits(b, h, CORPOREAL)
    corporeal_death(s, t, h)
    assert I[h, S.F_ZONE] == S.Z_PLAY and I[h, S.F_LOC] == b.realm(seat)
    assert (I[h, S.F_CTRL], I[h, S.F_INF_BY], I[h, S.F_RIDER], I[h, S.F_MUTE]) == (seat, -1, -1, 0)
    assert I[k, S.F_HOST] == -1 and I[k, S.F_DISS] == 1 and I[k, S.F_TRAUMA] == hits(b, k, CORPOREAL)


def test_a_kyriotates_host_has_no_game_text_and_no_destiny_or_fate_progress(b):
    """"Treat the Being to which a Kyriotate is attached as having no game text";
    "While the Kyriotate is attached to a Human, no condition in play counts
    towards their Destiny or Fate"."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    victor = b.put(GABRIEL, "Victor Kane", b.earth)
    assert find_effect(s, t, victor, E_ROLL_DAMAGE) == victor
    I[victor, S.F_CNT + C_TURNS_HEAVEN] = 1
    ride(s, t, k, victor)
    assert find_effect(s, t, victor, E_ROLL_DAMAGE) == -1
    for _ in range(3):                                    # the turn of the ride, then two whole turns
        count_influenced_turns(s, t)
    assert I[victor, S.F_CNT + C_TURNS_HEAVEN] == 3       # counted while attached...
    go_home(s, t, k)
    assert I[victor, S.F_CNT + C_TURNS_HEAVEN] == 1       # ...but none of it counts
    assert find_effect(s, t, victor, E_ROLL_DAMAGE) == victor
    assert I[victor, S.F_CTRL] == -1                      # freed of the Influence


def ridden_human(b, name):
    """Tekhiel rides Gabriel's Human ``name``, which had one whole turn under
    Heaven's Influence before and has two more during the ride.  Returns
    (Tekhiel, the Human)."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    h = b.put(GABRIEL, name, b.earth)
    I[h, S.F_CNT + C_TURNS_HEAVEN] = 1
    ride(s, t, k, h)
    for _ in range(3):          # the turn of the ride, then two whole turns (I77)
        count_influenced_turns(s, t)
    assert I[h, S.F_CNT + C_TURNS_HEAVEN] == 3
    return k, h


def test_a_human_whose_kyriotate_leaves_play_keeps_no_destiny_or_fate_progress(b):
    """"While the Kyriotate is attached to a Human, no condition in play counts
    towards their Destiny or Fate" -- however the ride ends: here the Kyriotate
    leaves play (it Falls) while attached (I62)."""
    s, I, t = b.s, b.s.I, b.t
    k, victor = ridden_human(b, "Victor Kane")
    leave_play(s, t, k, S.Z_DISCARD)
    assert I[victor, S.F_CNT + C_TURNS_HEAVEN] == 1 and I[victor, S.F_RIDER] == -1


@pytest.mark.parametrize("seat,host", [(BELIAL, "Vashka"), (BELIAL, "Grasch"), (GABRIEL, "Ofiel")])
def test_a_kyriotates_host_does_not_resonate(b, seat, host):
    """"Treat the Being to which a Kyriotate is attached as having no game text",
    and a Resonance "is considered part of the game text of any such card": the
    host, with its action, neither Influences (an Impudite beside a free Human),
    nor tears (a Calabite beside a demon it may not yet attack, or in combat),
    nor Resonates for a second action (an Ofanite that attacks)."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    h = b.put(seat, host, b.earth)
    b.put(GABRIEL, "Sam Okafor", b.earth)
    foe = b.put(BELIAL, "Moloquin", b.earth, entered=0 if host == "Ofiel" else s.g[S.G_TURN])
    ride(s, t, k, h)
    n = len(b.log())
    take_action(s, t, h)
    if host == "Grasch":
        I[h, S.F_DISCORD] = 2          # Weakness: Attack 1, so a tear would do more than a blow
        I[h, S.F_ACTS] = 1
        fight(s, t, h, foe)
    lines = b.log()[n:]
    assert lines and not [line for line in lines if "Influence" in line or "Resonates" in line]


def test_what_a_hosts_resonance_set_up_stops_working_while_it_is_ridden(b):
    """A Resonance "is considered part of the game text", and a Kyriotate's host
    has none (I60): a ridden Cherub Defending the Being it is Attuned to gains no
    +2, and a ridden Djinn does not move freely to its Attuned card."""
    s, I, t = b.s, b.s.I, b.t
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    cherub = b.put(GABRIEL, "Kerubiel", ny)
    leslie = b.put(GABRIEL, "Leslie Hamerson", ny, ctrl=GABRIEL)
    ifrit = b.put(BELIAL, "Ifrit", ny)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    I[cherub, S.F_ATTUNED], I[ifrit, S.F_ATTUNED] = leslie, ed
    s.g[S.G_FIGHT_TARGET] = leslie
    S.enlist(s, b.put(BELIAL, "Grasch", ny), S.ATTACKING)
    for i in (leslie, cherub):
        S.enlist(s, i, S.DEFENDING)
    refresh_ward(s, t)
    assert I[cherub, S.F_WARD] == 2 and may_move_freely(s, t, ifrit, b.earth)
    for host in (cherub, ifrit):
        ride(s, t, b.put(GABRIEL, "Tekhiel", ny), host)
    refresh_ward(s, t)
    assert I[cherub, S.F_WARD] == 0 and not may_move_freely(s, t, ifrit, b.earth)


def test_a_kyriotates_balseraph_host_takes_no_free_resonance_from_gullibility(tmp_path):
    """Gullibility lets "one Balseraph [...] use their Resonance on the Angel":
    not a Balseraph a Kyriotate rides, which has no game text, and so no
    Resonance."""
    decks = (data_deck(tmp_path, "belial", "hosts.toml", {}, {}),
             data_deck(tmp_path, "gabriel", "hosts.toml", {"Tekhiel": 1, "Haziel": 1}, {}))
    b = Board(decks=decks)
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sis = b.put(BELIAL, "Sistrael", b.earth)
    haziel = b.put(GABRIEL, "Haziel", b.earth, ctrl=BELIAL)   # a Seraph another seat holds
    I[haziel, S.F_DISCORD] = 1
    ride(s, t, k, sis)
    n = len(b.log())
    gullibility(s, t, GABRIEL)
    assert b.log()[n:] == [] and I[haziel, S.F_CTRL] == BELIAL


def test_a_shedites_host_keeps_its_text_and_its_destiny_and_fate(b):
    """Nothing in the Shedim paragraph takes the Human's game text or stops its counters."""
    s, I, t = b.s, b.s.I, b.t
    sh = b.put(BELIAL, "Hollow Tenant", b.earth)
    victor = b.put(GABRIEL, "Victor Kane", b.earth)
    ride(s, t, sh, victor)
    assert find_effect(s, t, victor, E_ROLL_DAMAGE) == victor
    count_influenced_turns(s, t)                  # the turn of the ride: not a whole one (I77)
    count_influenced_turns(s, t)
    go_home(s, t, sh)
    assert I[victor, S.F_CNT + C_TURNS_HELL] == 1


def test_no_dissonance_for_what_a_celestial_does_to_a_kyriotates_human(b):
    """"nor any action a Celestial takes towards Dissonance": a Mercurian
    damaging the Human takes none (it would otherwise)."""
    s, I, t = b.s, b.s.I, b.t
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    deal_damage(s, t, tamiel, sam, CORPOREAL, 1)
    assert I[tamiel, S.F_DISS] == 1
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    ride(s, t, k, sam)
    deal_damage(s, t, tamiel, sam, CORPOREAL, 1)
    assert I[tamiel, S.F_DISS] == 1


def test_a_shedite_rolls_each_actions_phase_at_minus_the_turns_attached(b):
    """"At the beginning of every Actions phase while attached to a Human, the
    Shedite must roll d6, with a penalty equal to the number of turns the
    Shedite has been attached.  Failure gives the Shedite a point of dissonance"."""
    s, I, t = b.s, b.s.I, b.t
    sh = b.put(BELIAL, "Hollow Tenant", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    ride(s, t, sh, sam)
    turn = s.g[S.G_TURN]
    for n in range(TRIALS):
        turns = n % 4
        I[sh, S.F_HOST_TURN] = turn - turns
        before = I[sh, S.F_DISS]
        roll = die(b)
        hold_rolls(s, t)
        assert I[sh, S.F_DISS] - before == (0 if roll - turns >= hits(b, sam) else 1)
        assert b.log()[-1 - (I[sh, S.F_DISS] - before)] == (
            f"Belial: Hollow Tenant rolls to keep its hold on Sam Okafor (roll {roll})")   # not an Influence


def test_a_bound_shedite_rolls_to_go_home_and_stays_on_failure(b):
    """Bound: "roll as if Resonating to return to their Realm, where failure
    instead means the Shedite must stay in its current host"."""
    s, I, t = b.s, b.s.I, b.t
    sh = b.put(BELIAL, "Hollow Tenant", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    I[sh, S.F_DISCORD] = 1
    for _ in range(TRIALS // 2):
        reset(b, sh, sam)
        ride(s, t, sh, sam)
        roll = die(b)
        went = return_to_realm(s, t, sh)
        assert went == (roll - 1 >= hits(b, sam))
        assert (I[sh, S.F_HOST] == -1) == went
        rolled = [line for line in b.log() if line.endswith(f"(roll {roll})")][-1]
        assert rolled == (f"Belial: Hollow Tenant rolls free of its Bound to leave Sam Okafor (roll {roll})" if went
                          else f"Belial: Hollow Tenant is Bound and stays in Sam Okafor (roll {roll})")


def test_a_rider_may_only_wait_move_home_or_resonate_and_is_not_attacked(b):
    """"Both the Kyriotate *and* the Being have an action, but the only choices
    for the Kyriotate are to Wait, Move back to its Realm, or Resonate a target
    on Earth" -- with a demon beside it to attack, it does not."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    demon = b.put(BELIAL, "Vashka", b.earth)
    ride(s, t, k, sam)
    assert not attackable(s, t, k, BELIAL)
    I[k, S.F_ACTS] = 1
    take_action(s, t, k)
    assert I[demon, S.F_DMG:S.F_DMG + 3].sum() == 0 and I[k, S.F_FIGHT] == -1
    assert I[k, S.F_HOST] == sam or I[k, S.F_LOC] == b.realm(GABRIEL)


def test_a_rider_takes_no_damage_while_attached(b):
    """A rider "is not manifest: it cannot be attacked" (I60): at its host's
    Location it takes none of the damage that Location's text, a Nature card
    hurting every Being on Earth, or a Song of Fire deals there, and no
    Calabite tears at it; its host takes what it would take alone."""
    s, I, t = b.s, b.s.I, b.t
    dv = b.design("Death Valley")
    t.eff[dv, 0, 3] = 1          # end_turn_damage targets = "beings": no starter Location hurts a Servitor
    L = b.put(BELIAL, "Death Valley", b.earth)
    k = b.put(GABRIEL, "Tekhiel", L)
    sam = b.put(GABRIEL, "Sam Okafor", L)
    ride(s, t, k, sam)

    def burnt():
        hurt = (I[k, S.F_DMG:S.F_DMG + 3].sum(), I[sam, S.F_DMG:S.F_DMG + 3].sum())
        I[sam, S.F_DMG:S.F_DMG + 3] = 0
        return hurt
    location_damage(s, t, L)
    assert burnt() == (0, 1)
    damage_all(s, t, CORPOREAL, 1, 1, L)
    assert burnt() == (0, 1)
    vashka = b.put(BELIAL, "Vashka", L)
    song = b.take(GABRIEL, "Song of Fire")
    attach(s, t, song, vashka, BELIAL)
    s.S[BELIAL, S.S_ESSENCE] = 5
    fire_song(s, t, vashka, song, L)
    assert burnt()[0] == 0
    grasch = b.put(BELIAL, "Grasch", L)
    I[sam, S.F_ENTERED] = s.g[S.G_TURN]  # not to be attacked yet: Grasch may only tear, move or wait
    I[grasch, S.F_ACTS] = 1
    n = len(b.log())
    take_action(s, t, grasch)
    assert I[k, S.F_DMG:S.F_DMG + 3].sum() == 0
    assert not [line for line in b.log()[n:] if "tear at Tekhiel" in line]


def test_a_rider_is_not_healed_at_its_hosts_location(b):
    """Not manifest (I60), a rider is not "a Being in its Location" for a Song of
    Healing there: with damage it carried into its host, it is no target."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    healer = b.put(GABRIEL, "Azra", b.earth)
    song = b.take(GABRIEL, "Song of Healing")
    attach(s, t, song, healer, GABRIEL)
    I[k, S.F_DMG + CORPOREAL] = 1
    assert _heal_value(s, t, healer, GABRIEL, song)[0] == k
    ride(s, t, k, sam)
    assert _heal_value(s, t, healer, GABRIEL, song)[0] == -2


def test_a_rider_that_enters_trauma_leaves_its_host(b):
    """An Immortal at 0 Corporeal Hits enters Trauma: "they return to their
    Realm"; a rider so hurt (its damage from before it attached) leaves its
    host, which is freed (I60) with its Destiny and Fate as they were (I62)."""
    s, I, t = b.s, b.s.I, b.t
    k, sam = ridden_human(b, "Sam Okafor")
    I[k, S.F_DMG + CORPOREAL] = hits(b, k, CORPOREAL)
    corporeal_death(s, t, k)
    assert I[k, S.F_TRAUMA] == hits(b, k, CORPOREAL) and I[k, S.F_LOC] == b.realm(GABRIEL)
    assert I[k, S.F_HOST] == -1 and I[sam, S.F_RIDER] == -1 and I[sam, S.F_MUTE] == 0
    assert (I[sam, S.F_CTRL], I[sam, S.F_INF_BY], I[sam, S.F_CNT + C_TURNS_HEAVEN]) == (-1, -1, 1)


def test_gabriels_rider_is_not_held_to_engage_a_demon(b):
    """Gabriel's condition: "her Servitors may not go longer than a number of
    turns equal to their Celestial Hits without engaging a demon in combat" --
    a rider "joins no combat" (I60), so, like a Servitor in Trauma (I47), it
    is not held to it while it rides; once it leaves its host, it is."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    b.put(BELIAL, "Vashka", b.earth)
    ride(s, t, k, sam)
    I[k, S.F_ENGAGED] = s.g[S.G_TURN] - hits(b, k) - 1      # overdue
    neglect(s, t)
    assert I[k, S.F_DISS] == 0
    go_home(s, t, k)
    neglect(s, t)
    assert I[k, S.F_DISS] == 1


def test_a_broken_influence_frees_a_servitor_to_its_superior_and_ends_a_ride(b):
    """At 0 Ethereal Hits, "Beings Influenced by them may be freed of the
    Influence -- roll d6 for each.  On a 1 or 2, the Influence is broken": a
    Servitor so freed is its own Superior's again, and a rider whose hold is
    broken leaves its host, which is freed (I60)."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    poof = b.put(BELIAL, "Poof", b.earth)
    vashka = b.put(BELIAL, "Vashka", b.earth)
    florian = b.put(GABRIEL, "Saint Florian", b.earth)
    seen = set()
    for _ in range(TRIALS // 4):
        if I[k, S.F_HOST] < 0:
            ride(s, t, k, poof)
        I[florian, S.F_CTRL], I[florian, S.F_INF_BY] = BELIAL, vashka
        for rider, held in ((k, poof), (vashka, florian)):
            broken = die(b) <= 2
            seen.add(broken)
            I[rider, S.F_DMG + ETHEREAL_REALM] = hits(b, rider, ETHEREAL_REALM)
            ethereal_loss(s, t, rider)
            I[rider, S.F_DMG + ETHEREAL_REALM] = I[rider, S.F_ET_OUT] = 0
            assert (I[held, S.F_CTRL], I[held, S.F_INF_BY]) == ((I[held, S.F_OWNER], -1) if broken
                                                               else (I[rider, S.F_CTRL], rider))
            if held == poof:
                assert (I[k, S.F_HOST], I[poof, S.F_RIDER], I[poof, S.F_MUTE]) == ((-1, -1, 0) if broken
                                                                                   else (poof, k, 1))
    assert seen == {True, False}


def test_a_rider_does_not_choose_a_dying_host(b):
    """A host that dies while the rider is attached costs it a note and Trauma
    (I62); one past its Lifespan or at 0 Hits, kept in play only to the end of
    the turn by a Shedite of Saminga's (I71), is dying: the policies do not
    choose it as a host."""
    s, I, t = b.s, b.s.I, b.t
    k = b.put(GABRIEL, "Tekhiel", b.earth)
    sam = b.put(GABRIEL, "Sam Okafor", b.earth, ctrl=BELIAL)
    assert best_host(s, t, k, GABRIEL, True)[0] == sam
    I[sam, S.F_DYING] = 1
    assert best_host(s, t, k, GABRIEL, True)[0] == -1
    I[sam, S.F_DYING] = 0
    I[sam, S.F_DMG + CORPOREAL] = hits(b, sam, CORPOREAL)
    assert best_host(s, t, k, GABRIEL, True)[0] == -1


def test_a_reliever_fledges_into_a_kyriotate_which_rolls_at_once(b):
    """"(If the angel is a Kyriotate, it must make a Resonance roll immediately,
    or be able to stay on Earth without a host)"."""
    s, I, t = b.s, b.s.I, b.t
    sam = b.put(GABRIEL, "Sam Okafor", b.earth)
    seen = set()
    for _ in range(12):
        kindling = b.put(GABRIEL, "Kindling", b.earth)
        k = b.to_hand(GABRIEL, "Tekhiel")
        assert can_fledge_into(s, t, kindling, k)
        s.S[GABRIEL, S.S_ESSENCE] = 20
        roll = die(b)
        fledge(s, t, kindling, k)
        ok = roll > hits(b, sam)
        seen.add(ok)
        assert (I[sam, S.F_RIDER] == k) == ok
        assert I[k, S.F_LOC] == (b.earth if ok else b.realm(GABRIEL))
        if ok:
            unride(s, t, k)
        I[kindling, S.F_ZONE] = I[k, S.F_ZONE] = S.Z_REPO   # back for the next try
    assert seen == {True, False}
