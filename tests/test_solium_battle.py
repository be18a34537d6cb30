"""Solium Infernum's Legion battles (balance/rules/solium/battle.py): the manual's
Battle Example (4.16) with its dice fixed, the dice's closed forms over many
seeded battles, each rule of 4.16 and Appendices C, D and F on its own, and the
same battles with the JIT on and off."""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import binomtest, chisquare

from balance.rules.solium.battle import EQUAL_DAMAGE_DEFENDER_RETREATS, battle
from balance.rules.solium.state import (ATTACKER, BATTLE, C_DAMAGE, C_PRESTIGE, C_RANGED, C_UNIT, C_USED, DEFENDER,
                                        END_BOTH, END_CAPTURED, END_DESTROYED, END_RETREAT, G_ADVANTAGE, G_END,
                                        G_KIND, G_READINGS, G_ROUND, G_ROUNDS, G_TRACE_N, G_WINNER, hp, make_tables,
                                        new_state)
from balance.rules.solium.vocabulary import (A_BLOCK_COMBAT_CARDS, A_OUTSIDE, A_PANIC, ABILITIES, CE_ON,
                                             ENEMY, HIT_POINTS, INFERNAL, MAX_CARDS, MAX_ELEMENTS, MELEE,
                                             N_ABILITIES, N_ELEMENT_COLS, N_PRAETOR_COLS, N_SLOT_COLS, N_UNIT_COLS,
                                             NO_ELEMENT, OWN, RANGED, SLOTS, U_HP, U_INFERNAL, U_LEVEL, U_MELEE,
                                             U_N_CARDS, U_PLACE, U_RANGED, U_SUPPORT_INFERNAL, U_SUPPORT_MELEE,
                                             U_SUPPORT_RANGED)
from balance.sim.seeding import DICE, seed_streams

SEED = 20_260_416
R, M, I = RANGED, MELEE, INFERNAL


def army(level=1, ranged=0, melee=0, infernal=0, hp=100, place=0, support=(0, 0, 0), cards=(), **abilities):
    """One army's rows: its unit row, its abilities (vocabulary.ABILITIES' names = X)
    and its Combat Cards (each a list of elements (on, attribute, dice, sides, plus))."""
    unit = np.zeros(N_UNIT_COLS, dtype=np.int64)
    unit[[U_LEVEL, U_RANGED, U_MELEE, U_INFERNAL, U_HP, U_PLACE]] = level, ranged, melee, infernal, hp, place
    unit[[U_SUPPORT_RANGED, U_SUPPORT_MELEE, U_SUPPORT_INFERNAL]] = support
    unit[U_N_CARDS] = len(cards)
    ability = np.zeros(N_ABILITIES, dtype=np.int64)
    for name, x in abilities.items():
        ability[ABILITIES[name][0]] += x
    card = np.zeros((MAX_CARDS, MAX_ELEMENTS, N_ELEMENT_COLS), dtype=np.int64)
    card[..., CE_ON] = NO_ELEMENT
    for c, elements in enumerate(cards):
        for e, element in enumerate(elements):
            card[c, e] = element
    return unit, ability, card


def tables(attacker, defender):
    """The Tables of a battle of army row 0 (attacker) against row 1 (defender); the duel's tables are zeros."""
    unit, ability, card = (np.stack(rows) for rows in zip(attacker, defender))
    return make_tables(unit=unit, ability=ability, card=card, praetor=np.zeros((1, N_PRAETOR_COLS), dtype=np.int64),
                       program=np.zeros((1, SLOTS, N_SLOT_COLS), dtype=np.int64),
                       program_praetor=np.zeros(1, dtype=np.int64), known=np.zeros((1, 1), dtype=np.int64))


def start(s, rounds=2, advantage=0, readings=0, game=0):
    """Ready ``s`` as battle()'s caller does: the dice keyed, the combat zeroed, the parameters set."""
    seed_streams(s.rng, SEED, game)
    s.c[:] = 0
    s.c[DEFENDER, C_UNIT] = 1
    s.g[:] = 0
    s.g[G_ROUNDS], s.g[G_ADVANTAGE], s.g[G_READINGS], s.g[G_KIND] = rounds, advantage, readings, BATTLE
    s.g[G_WINNER] = s.g[G_END] = -1
    s.curve[:] = 0


def fight(attacker, defender, rounds=2, advantage=0, readings=0, fixed=(), game=0):
    """One battle, traced; returns its State."""
    s = new_state(rounds + 2, trace_len=100, fixed=fixed)
    start(s, rounds, advantage, readings, game)
    battle(s, tables(attacker, defender))
    return s


def many(attacker, defender, n, rounds=1, advantage=0):
    """``n`` seeded battles (games 0..n-1): each side's damage taken, [n, 2]."""
    s, t = new_state(rounds + 2), tables(attacker, defender)
    damage = np.zeros((n, 2), dtype=np.int64)
    for g in range(n):
        start(s, rounds, advantage, game=g)
        battle(s, t)
        damage[g] = s.c[:, C_DAMAGE]
    return damage


def trace(s):
    return np.asarray(s.trace)[:s.g[G_TRACE_N]]


def challenges(s, r):
    """Round r's challenges, in order (the trace's ``what`` column)."""
    rows = trace(s)
    return rows[rows[:, 0] == r, 2].tolist()


def holds(s, role, code):
    return bool((s.c[role, C_USED] >> code) & 1)


# ---- the manual's Battle Example (4.16): Iron Maidens (attacking) against Bloody Hands

def test_the_battle_example_iron_maidens_against_bloody_hands():
    """Advantage to the Maidens' Ranged (fixed dice 6 against 1, then the first of their
    two non-zero attributes): Ranged 6 against 5 and Melee 8 against 14 (a Combat Card's
    +1 Melee; the Hands' support 1 and 2); after round 1 the Maidens have 6 Hit Points and
    the Hands 14; the Maidens fall in round 2's Melee; 6 Prestige to the Hands."""
    maidens = army(level=3, ranged=5, melee=7, hp=12, cards=[[(OWN, MELEE, 0, 0, 1)]])
    hands = army(level=4, ranged=4, melee=12, hp=15, support=(1, 2, 0))
    s = fight(maidens, hands, rounds=2, advantage=1, fixed=(5, 0, 0))
    rows = trace(s)
    assert rows[0, 2:7].tolist() == [R, 6, 5, 0, 1]
    assert rows[1, 2:7].tolist() == [M, 8, 14, 6, 0]
    assert s.curve[:, 0].tolist() == [6, 14]
    assert rows[-1, :3].tolist() == [2, 1, M]
    assert s.g[G_END] == END_DESTROYED and s.g[G_WINNER] == DEFENDER and s.g[G_ROUND] == 2
    assert s.c[:, C_PRESTIGE].tolist() == [0, 6]
    assert s.curve[:, 1].tolist() == [0, 13]
    assert s.fixed[0] == 4 and s.rng[DICE, 2] == 0          # the three fixed dice and no other


# ---- closed forms

def test_fierce_adds_exactly_a_uniform_1d4():
    """One Melee challenge 8 against 5, the winner Fierce: damage 3 + U{1..4} (Appendix F),
    every value in range and the counts fitting the exact distribution (chi-square)."""
    n = 20_000
    damage = many(army(melee=8, fierce=1), army(melee=5), n)
    assert (damage[:, ATTACKER] == 0).all()
    assert set(np.unique(damage[:, DEFENDER])) <= {4, 5, 6, 7}
    counts = np.bincount(damage[:, DEFENDER] - 4, minlength=4)
    assert chisquare(counts, np.full(4, n / 4)).pvalue > 0.001


def test_charge_adds_three_in_the_first_round_only():
    """Appendix F: Charge adds 3 to Melee damage in round 1; round 2's is the difference."""
    for game in range(5):
        s = fight(army(melee=8, charge=1), army(melee=5), rounds=2, game=game)
        assert s.curve[DEFENDER, :2].tolist() == [100 - 6, 100 - 9]


def test_battlefield_advantage_goes_to_each_side_with_chance_15_in_36():
    """Equal levels: each side's 1d6 is the higher with chance 15/36, a tie 6/36 (4.16);
    the +1 on the only attribute (Melee 5 each) decides the Melee challenge."""
    n = 20_000
    damage = many(army(level=2, melee=5), army(level=2, melee=5), n, advantage=1)
    for won, p in ((damage[:, DEFENDER] == 1, 15 / 36), (damage[:, ATTACKER] == 1, 15 / 36),
                   (damage.sum(axis=1) == 0, 6 / 36)):
        ci = binomtest(int(won.sum()), n).proportion_ci(confidence_level=0.999)
        assert ci.low < p < ci.high


# ---- the rules one by one

def test_an_enemy_card_element_never_takes_an_attribute_below_zero():
    """4.12: -10 to the enemy's Ranged 3 leaves 0; +5 to an own Infernal of 0 adds nothing."""
    s = fight(army(ranged=2, cards=[[(ENEMY, RANGED, 0, 0, 10), (OWN, INFERNAL, 0, 0, 5)]]), army(ranged=3),
              rounds=1)
    assert s.c[DEFENDER, C_RANGED + R] == 0
    assert trace(s)[:, 2:5].tolist() == [[R, 2, 0], [M, 0, 0], [I, 0, 0]]


def test_an_own_hit_points_element_adds_to_the_starting_hit_points():
    s = fight(army(cards=[[(OWN, HIT_POINTS, 1, 1, 2)]]), army(), rounds=1)
    assert hp(s, ATTACKER) == 103


def test_a_place_of_power_brought_to_zero_is_captured_at_one_hit_point():
    """4.16, "Place of Power Rules": its hit points are set to one; Prestige twice its level."""
    s = fight(army(melee=10), army(level=3, hp=5, place=1))
    assert s.g[G_END] == END_CAPTURED and s.g[G_WINNER] == ATTACKER and s.g[G_ROUND] == 1
    assert hp(s, DEFENDER) == 1 and s.curve[DEFENDER, 0] == 1
    assert s.c[:, C_PRESTIGE].tolist() == [6, 0]


def test_a_place_of_power_never_retreats():
    """4.16, "Retreat Rules": the Place took 20 and the attacker none, and the attacker retreats."""
    s = fight(army(melee=10), army(hp=50, place=1))
    assert s.c[:, C_DAMAGE].tolist() == [0, 20]
    assert s.g[G_END] == END_RETREAT and s.g[G_WINNER] == DEFENDER
    assert s.c[:, C_PRESTIGE].tolist() == [0, 0]


@pytest.mark.parametrize("melee, winner", [((6, 5), ATTACKER), ((5, 6), DEFENDER)])
def test_the_side_with_more_damage_retreats(melee, winner):
    s = fight(army(melee=melee[0]), army(melee=melee[1]))
    assert s.g[G_END] == END_RETREAT and s.g[G_WINNER] == winner and s.g[G_ROUND] == 2
    assert s.c[:, C_PRESTIGE].tolist() == [0, 0]


@pytest.mark.parametrize("readings, winner", [(0, DEFENDER), (1 << EQUAL_DAMAGE_DEFENDER_RETREATS, ATTACKER)])
def test_equal_damage_retreats_by_the_reading(readings, winner):
    """Each side takes 2 (Ranged 6 against 5, Melee 5 against 6): the reading's bit says who retreats."""
    s = fight(army(ranged=6, melee=5), army(ranged=5, melee=6), readings=readings)
    assert s.c[:, C_DAMAGE].tolist() == [2, 2]
    assert s.g[G_END] == END_RETREAT and s.g[G_WINNER] == winner


@pytest.mark.parametrize("attacker, defender, order", [
    ({}, {}, [R, M, I]),
    ({"ranged_last": 1}, {}, [M, I, R]),
    ({}, {"melee_first": 1}, [M, R, I]),
    ({"ranged_twice": 1}, {}, [R, R, M, I]),
    ({"melee_first": 1}, {"infernal_first": 1}, [I, M, R]),
    ({"melee_first": 1, "ranged_last": 1}, {}, [M, I, R]),
    ({"melee_first": 1}, {"melee_last": 1}, [R, I, M]),
    ({"melee_twice": 1, "ranged_last": 1}, {"infernal_twice": 1}, [M, M, I, I, R]),
    ({"ranged_twice": 1, "melee_twice": 1}, {"infernal_twice": 1}, [R, R, M, M, I, I]),
])
def test_the_order_of_challenges(attacker, defender, order):
    """4.16, "Start Rounds of Combat"; Appendices C and F: Firsts, then Lasts, then Twices, from either side."""
    s = fight(army(**attacker), army(**defender))
    assert challenges(s, 1) == order and challenges(s, 2) == order


@pytest.mark.parametrize("rounds, attacker, defender, fought", [
    (2, {"plus_combat_round": 1}, {}, 3),
    (2, {"plus_combat_round": 1}, {"plus_combat_round": 1}, 4),
    (2, {"plus_combat_round": 1}, {"minus_combat_round": 1}, 2),
    (2, {"minus_combat_round": 1}, {"minus_combat_round": 1}, 1),
    (1, {}, {"minus_combat_round": 1}, 1),
])
def test_combat_round_abilities_change_the_rounds_never_below_one(rounds, attacker, defender, fought):
    s = fight(army(melee=1, **attacker), army(**defender), rounds=rounds)
    assert s.g[G_ROUND] == fought and s.g[G_END] == END_RETREAT
    assert s.curve[DEFENDER, :fought].tolist() == [100 - r for r in range(1, fought + 1)]


def test_block_combat_cards_stops_the_enemys_cards_only():
    """Appendix C: the attacker's +5 Melee card is blocked; the blocker's own +2 stands."""
    s = fight(army(melee=5, cards=[[(OWN, MELEE, 0, 0, 5)]]),
              army(melee=5, block_combat_cards=1, cards=[[(OWN, MELEE, 0, 0, 2)]]), rounds=1)
    assert trace(s)[1, 2:5].tolist() == [M, 5, 7]
    assert holds(s, DEFENDER, A_BLOCK_COMBAT_CARDS)


@pytest.mark.parametrize("kind, defender, damage", [
    (M, {"melee_resist": 2}, 3),
    (M, {"melee_resist": 9}, 0),
    (M, {"melee_vul": 2}, 7),
    (R, {"ranged_vul": 1, "ranged_resist": 3}, 3),
    (R, {"dark_aura": 1}, 0),
    (M, {"dark_aura": 1}, 5),
    (I, {"half_infernal_damage": 1}, 2),
    (I, {"infernal_resist": 1, "half_infernal_damage": 1}, 2),
])
def test_resist_vul_dark_aura_and_half_infernal_damage(kind, defender, damage):
    """A challenge 10 against 5 (Appendices D and F): Vul added, then Resist taken off
    (not below 0), Dark Aura's Ranged damage none, Half Infernal Damage rounded down."""
    stats = ("ranged", "melee", "infernal")[kind]
    s = fight(army(**{stats: 10}), army(**{stats: 5}, **defender), rounds=1)
    assert s.c[:, C_DAMAGE].tolist() == [0, damage]


def test_a_stunning_blow_doubles_and_zeroes_the_losers_attributes_to_the_rounds_end():
    """Appendix D: Melee 10 against 5 deals 10; the defender's Infernal 4 is 0 for the
    rest of the round; in round 2 its Melee is 5 again."""
    s = fight(army(melee=10, stunning_blow=1), army(melee=5, infernal=4))
    assert trace(s)[:, 2:7].tolist() == [[R, 0, 0, 0, 0], [M, 10, 5, 0, 10], [I, 0, 0, 0, 0]] * 2


def test_panic_with_fixed_dice():
    """Appendix D: the defender (level 2) rolls 3 (5 < 10): it takes 4 and loses 2, 6 and 1
    from Ranged 3, Melee 4, Infernal 0; then a tied Battlefield Advantage.  A Place is immune."""
    fixed = (2, 3, 1, 5, 0, 0, 0)
    s = fight(army(level=2, panic=1), army(level=2, ranged=3, melee=4), rounds=1, fixed=fixed)
    assert s.c[DEFENDER, C_RANGED:C_RANGED + 3].tolist() == [1, 0, 0]
    assert s.c[:, C_DAMAGE].tolist() == [1, 4] and holds(s, ATTACKER, A_PANIC)
    s = fight(army(level=2, panic=1), army(level=2, ranged=3, melee=4, place=1), rounds=1, fixed=fixed)
    assert s.c[DEFENDER, C_RANGED:C_RANGED + 3].tolist() == [3, 4, 0] and not holds(s, ATTACKER, A_PANIC)


@pytest.mark.parametrize("die, fixed, damage", [(6, (5, 0, 0), 0), (5, (4, 0, 0, 0, 0, 0, 0), 1)])
def test_a_resistance_roll_of_ten_holds(die, fixed, damage):
    """Appendix D, "If the number is less than 10": a level-4 Legion rolling 6 resists Panic, rolling 5 does not."""
    s = fight(army(level=4, panic=1), army(level=4), rounds=1, fixed=fixed)
    assert s.c[DEFENDER, C_DAMAGE] == damage


def test_melee_aftermath_vampiric_reaping_flesh_rend_and_totem_power():
    """Appendix D, each failing its roll (fixed 1s): Vampiric Reaping heals the 4 Infernal
    damage its holder took first (Infernal First); Flesh Rend takes 2, 6 and 1 from the
    loser's Ranged 3, Melee 5, Infernal 2; Totem Power burns the Melee winner for its
    holder's Infernal 3 (and its Infernal challenge 3 more)."""
    s = fight(army(melee=10, vampiric_reaping=1, infernal_first=1), army(melee=5, infernal=4), rounds=1,
              fixed=(0, 0, 0))
    assert trace(s)[2, 2:7].tolist() == [M, 10, 5, -4, 5] and s.c[:, C_DAMAGE].tolist() == [0, 5]
    s = fight(army(melee=10, flesh_rend=1), army(ranged=3, melee=5, infernal=2), rounds=1, fixed=(0, 0, 0, 1, 5, 0))
    assert s.c[DEFENDER, C_RANGED:C_RANGED + 3].tolist() == [1, 0, 1] and s.c[:, C_DAMAGE].tolist() == [4, 5]
    s = fight(army(melee=10), army(melee=5, infernal=3, totem_power=1), rounds=1, fixed=(0, 0, 0))
    assert trace(s)[1, 2:7].tolist() == [M, 10, 5, 3, 5] and s.c[:, C_DAMAGE].tolist() == [6, 5]


@pytest.mark.parametrize("percent, end, prestige", [(79, END_BOTH, 0), (80, END_DESTROYED, 8)])
def test_oblivion_takes_the_destroyer_with_it_by_its_chance(percent, end, prestige):
    """Appendix D: "100% - 5% per enemy level": 80% against a level-4 destroyer (dice: a tied
    Battlefield Advantage, then the percentile)."""
    s = fight(army(level=4, melee=5), army(level=4, hp=1, oblivion=1), fixed=(0, 0, percent))
    assert s.g[G_END] == end and s.c[ATTACKER, C_PRESTIGE] == prestige
    assert s.g[G_WINNER] == (-1 if end == END_BOTH else ATTACKER)


# ---- random battles: invariants, and the JIT on and off

BATTLE_NAMES = sorted(name for name, (code, _) in ABILITIES.items() if code != A_OUTSIDE)


def jumble(rng, place):
    """A random army: stats, four battle abilities, a Combat Card of two random elements."""
    cards = [[(on, int(rng.integers(0, 4 if on == OWN else 3)), int(rng.integers(0, 3)), 6, int(rng.integers(0, 3)))
              for on in rng.integers(0, 2, size=2).tolist()]]
    return army(level=int(rng.integers(1, 7)), ranged=int(rng.integers(0, 11)), melee=int(rng.integers(0, 11)),
                infernal=int(rng.integers(0, 11)), hp=int(rng.integers(4, 25)), place=place,
                support=tuple(rng.integers(0, 3, size=3).tolist()), cards=cards,
                **{name: int(rng.integers(1, 4)) for name in rng.choice(BATTLE_NAMES, 4, replace=False)})


def jumbled_battles(n):
    """``n`` battles of random armies (a fifth against a Place): each one's State."""
    rng = np.random.default_rng(7)
    for g in range(n):
        s = new_state(5, trace_len=100)
        start(s, rounds=2, advantage=2, readings=g % 2, game=g)
        battle(s, tables(jumble(rng, 0), jumble(rng, int(g % 5 == 0))))
        yield s


def digest(n):
    """sha256 of ``n`` jumbled battles' states (c, g, curve, trace)."""
    h = hashlib.sha256()
    for s in jumbled_battles(n):
        for a in (s.c, s.g, s.curve, s.trace):
            h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()


def test_random_battles_keep_the_invariants():
    """Each ends with a reason and a winner that fit; attributes stay non-negative; Prestige
    only for a destruction or a capture; a captured Place has 1 Hit Point."""
    for s in jumbled_battles(400):
        end, winner = s.g[G_END], s.g[G_WINNER]
        assert end in (END_DESTROYED, END_RETREAT, END_CAPTURED, END_BOTH)
        assert (winner == -1) == (end == END_BOTH)
        assert (s.c[:, C_RANGED:C_RANGED + 3] >= 0).all()
        assert s.c[:, C_PRESTIGE].sum() == 0 or end in (END_DESTROYED, END_CAPTURED)
        if end == END_CAPTURED:
            assert hp(s, 1 - winner) == 1
        if end in (END_DESTROYED, END_CAPTURED):
            assert hp(s, winner) > 0 and s.c[winner, C_PRESTIGE] > 0
        if end == END_RETREAT:
            assert min(hp(s, ATTACKER), hp(s, DEFENDER)) > 0


def test_the_jit_on_and_off_give_the_same_battles():
    """60 jumbled battles compiled here and as plain Python (NUMBA_DISABLE_JIT=1): the same states."""
    here = Path(__file__).resolve().parent
    code = f"import sys; sys.path.insert(0, {str(here)!r}); from test_solium_battle import digest; print(digest(60))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == digest(60)
