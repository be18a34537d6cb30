"""Solium Infernum's Praetor Single Combat (4.17, Appendix C) against what is known
independently: the manual's Furfur against Decarabia slot by slot, the exact
distribution of a slot's damage enumerated by hand, each exotic move with dice
fixed, and the same duels with the JIT on and off.

Fixed dice are given slot by slot in the kernel's order (single_combat's module
doc): the attacker's Luck Roll, the defender's, any Trance rolls, the attacker's
move dice, the defender's; a die's fixed result is its face less one.  A Praetor
of Luck 0 rolls 0 from the stream once the fixed dice are used up."""
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import chisquare

from balance.rules.conformance import digest
from balance.rules.solium.single_combat import LUCK_SKULL_SHIELD_ONLY, fight_round, start
from balance.rules.solium.state import (ATTACKER, C_CRIPPLE, C_DAMAGE, C_MOVES_DONE, C_TRANCE, C_UNIT, C_USED,
                                        DEFENDER, END_BOTH, END_DESTROYED, G_END, G_READINGS, G_ROUND,
                                        G_TRACE_N, G_WINNER, hp, make_tables, new_state)
from balance.rules.solium.vocabulary import (M_MELEE_ATTACK, M_MELEE_DEFENSE, MOVES, N_ABILITIES,
                                             N_ELEMENT_COLS, N_UNIT_COLS, SL_MOVE, SL_ORBS, SL_SHIELDS,
                                             SL_SKULLS, SLOTS)
from balance.sim.seeding import DICE, seed_streams

FURFUR = dict(level=3, skulls=10, shields=7, orbs=3, hp=16, luck=3)
DECARABIA = dict(level=2, skulls=9, shields=5, orbs=3, hp=9, luck=2)     # beyond the example: invented
FURFUR_PROGRAM = [("impale", 3, 6), ("guarded_attack", 3, 1), ("infernal_burst",), ("melee_attack", 4)]
DECARABIA_PROGRAM = [("melee_attack", 5), ("guarded_attack", 2, 3), ("infernal_burst",),
                     ("guarded_attack", 2, 2)]


def praetor(level=1, skulls=20, shields=20, orbs=20, hp=100, luck=0):
    """A Praetor row (vocabulary.P_*): by default strong enough for any program and hard to kill."""
    return [level, skulls, shields, orbs, hp, luck]


def program(moves):
    """A program's six slots from (move, Skulls, Shields) tuples (Skulls and Shields 0 if left out),
    the Orbs its move costs, the rest empty."""
    rows = np.zeros((SLOTS, 4), dtype=np.int64)
    for slot, (name, *allotted) in enumerate(moves):
        skulls, shields = (list(allotted) + [0, 0])[:2]
        code, orbs = MOVES[name][0], MOVES[name][3]
        rows[slot, [SL_MOVE, SL_SKULLS, SL_SHIELDS, SL_ORBS]] = code, skulls, shields, orbs
    return rows


def tables(praetors, programs):
    """Tables of ``praetors`` (rows) and ``programs`` (one per Praetor, in order)."""
    n = len(praetors)
    return make_tables(unit=np.zeros((1, N_UNIT_COLS), dtype=np.int64),
                       ability=np.zeros((1, N_ABILITIES), dtype=np.int64),
                       card=np.zeros((1, 1, 1, N_ELEMENT_COLS), dtype=np.int64),
                       praetor=np.array(praetors, dtype=np.int64),
                       program=np.array([program(p) for p in programs], dtype=np.int64),
                       program_praetor=np.arange(n, dtype=np.int64),
                       known=np.ones((n, len(MOVES)), dtype=np.int64))


class Duel:
    """Two Praetors in the arena, the attacker's Praetor row 0 and the defender's row 1."""

    def __init__(self, attacker, defender, moves=([], []), fixed=(), readings=0, rounds=4):
        self.t = tables([attacker, defender], moves)
        self.s = new_state(rounds, trace_len=100, fixed=fixed)
        self.s.c[ATTACKER, C_UNIT], self.s.c[DEFENDER, C_UNIT] = 0, 1
        self.s.g[G_END], self.s.g[G_WINNER], self.s.g[G_READINGS] = -1, -1, readings
        start(self.s, self.t)

    def round(self, attacker=None, defender=None):
        """Fight the next round with these moves (by default, the tables' programs)."""
        self.s.g[G_ROUND] += 1
        for role, moves in enumerate((attacker, defender)):
            self.s.prog[role] = self.t.program[role] if moves is None else program(moves)
        fight_round(self.s, self.t)
        return self

    def rows(self):
        """The trace's rows so far (state.TRACE_W columns; single_combat's module doc)."""
        return self.s.trace[:self.s.g[G_TRACE_N]]

    def damage(self):
        """[(damage to the attacker, to the defender)], slot by slot."""
        return [tuple(row[5:7].tolist()) for row in self.rows()]

    def fixed_used(self):
        """Have exactly the fixed dice been used?"""
        return self.s.fixed[0] == self.s.fixed.shape[0]


@pytest.mark.parametrize("readings", [0, 1 << LUCK_SKULL_SHIELD_ONLY])
def test_furfur_defeats_decarabia_slot_by_slot_as_in_the_manual(readings):
    """4.17 "Single Combat Example": Impale 3 + Luck 2 against Luck 2 is 3, and 1 more for 6 Shields over
    5 Skulls; 7 against 8 is blocked; 6 against 4; Bursts of 2 and 4; Decarabia falls to 6 against 3
    and strikes Furfur for 1 as he falls.  Both readings of Luck agree (no move is Orb-based against an
    attack)."""
    fixed = (2, 2,  3, 1,  0, 0, 1, 3,  2, 1)
    d = Duel(praetor(**FURFUR), praetor(**DECARABIA), (FURFUR_PROGRAM, DECARABIA_PROGRAM), fixed, readings)
    d.round()
    rows = d.rows()
    hp_after = np.array([FURFUR["hp"], DECARABIA["hp"]]) - np.cumsum(rows[:, 5:7], axis=0)
    assert hp_after.tolist() == [[16, 5], [16, 3], [12, 1], [11, -2]]
    assert rows[:, 3:5].tolist() == [[5, 7], [6, 3], [0, 0], [6, 3]]      # the attack totals printed
    assert rows[:, 1].tolist() == [0, 1, 2, 3]
    assert d.fixed_used()
    assert d.s.g[G_END] == END_DESTROYED and d.s.g[G_WINNER] == ATTACKER
    assert d.s.curve[:, 0].tolist() == [11, 0]


def exact_melee(k, luck_a, j, luck_b):
    """P(damage) of k Skulls and a Luck Roll 0..luck_a against j Shields and a roll 0..luck_b (4.17)."""
    pmf = {}
    for a in range(luck_a + 1):
        for b in range(luck_b + 1):
            v = max(0, k + a - j - b)
            pmf[v] = pmf.get(v, 0) + Fraction(1, (luck_a + 1) * (luck_b + 1))
    return pmf


def first_slot_damage(attacker, defender, moves, n, readings=0):
    """The defender's damage in the first slot of ``n`` seeded rounds (the other slots empty)."""
    d = Duel(attacker, defender, moves, readings=readings, rounds=1)
    out = np.empty(n, dtype=np.int64)
    for g in range(n):
        seed_streams(d.s.rng, 20_261_201, g)
        d.s.g[G_END], d.s.g[G_ROUND] = -1, 0
        start(d.s, d.t)
        d.round()
        assert d.s.c[ATTACKER, C_DAMAGE] == 0
        out[g] = d.s.c[DEFENDER, C_DAMAGE]
    return out


def assert_distribution(samples, pmf):
    """Every sample in the support, and a chi-square test against ``pmf`` (cells with
    fewer than 5 expected merged into the next one, the tail into the last)."""
    assert set(np.unique(samples).tolist()) <= {v for v, p in pmf.items() if p > 0}
    observed, expected, o, e = [], [], 0, 0.0
    for v in sorted(pmf):
        o, e = o + int((samples == v).sum()), e + float(pmf[v]) * len(samples)
        if e >= 5:
            observed, expected, o, e = observed + [o], expected + [e], 0, 0.0
    observed[-1], expected[-1] = observed[-1] + o, expected[-1] + e
    assert chisquare(observed, expected).pvalue > 0.001


@pytest.mark.parametrize("readings", [0, 1 << LUCK_SKULL_SHIELD_ONLY])
def test_a_melee_slot_has_the_exact_distribution_of_skulls_and_luck_against_shields_and_luck(readings):
    """4.17 "Melee Attack": max(0, 4 + U{0..3} - 2 - U{0..2}), Melee Defense being Shield-based under
    both readings."""
    samples = first_slot_damage(praetor(luck=3), praetor(luck=2),
                                ([("melee_attack", 4)], [("melee_defense", 0, 2)]), 20_000, readings)
    assert_distribution(samples, exact_melee(4, 3, 2, 2))


def test_an_infernal_burst_is_uniform_on_one_to_six():
    """4.17 "Infernal Burst": 1d6 direct damage, whatever the defender's Luck."""
    samples = first_slot_damage(praetor(luck=3), praetor(luck=4), ([("infernal_burst",)], []), 20_000)
    assert_distribution(samples, {v: Fraction(1, 6) for v in range(1, 7)})


def test_a_bleeding_wound_bleeds_every_later_slot_of_its_round_and_not_the_next():
    """Appendix C: 5 Skulls over 2 Shields bleed 3 in that slot (on its 3 combat damage) and in each
    later slot of the round; none in the next round."""
    d = Duel(praetor(), praetor())
    d.round([("bleeding_wound", 5)], [("melee_defense", 0, 2)])
    assert d.damage() == [(0, 6), (0, 3), (0, 3), (0, 3), (0, 3), (0, 3)]
    d.round([], [])
    assert d.damage()[6:] == [(0, 0)] * 6
    assert d.s.curve[DEFENDER, :2].tolist() == [79, 79]


def test_a_crippling_strike_takes_skulls_from_later_moves_of_its_round():
    """Appendix C: level 3 over 2 Shields removes 1d6 + 3 = 5 Skulls from the defender's moves after
    that slot (not in it) to the round's end; at level 2 it removes none and rolls no die (the dice
stream gave the 12 Luck Rolls only)."""
    moves = [("guarded_attack", 3, 2), ("melee_attack", 5), ("melee_attack", 5)]
    d = Duel(praetor(level=3), praetor(), fixed=(0, 0, 1))
    d.round([("crippling_strike", 2)], moves)
    assert d.fixed_used() and d.s.c[DEFENDER, C_CRIPPLE] == 5
    assert d.damage()[:3] == [(3, 0), (0, 0), (0, 0)]
    assert d.rows()[1:3, 4].tolist() == [0, 0]                       # no attack at all
    d.round([], [("melee_attack", 5)])
    assert d.damage()[6] == (5, 0)
    weak = Duel(praetor(level=2), praetor()).round([("crippling_strike", 2)], moves)
    assert weak.damage()[:3] == [(3, 0), (5, 0), (5, 0)] and weak.s.c[DEFENDER, C_CRIPPLE] == 0
    assert weak.s.rng[DICE, 2] == 2 * SLOTS


def test_impenetrable_stance_absorbs_two_per_shield_and_does_not_also_block():
    """Appendix C: 3 Shields of Impenetrable Stance block 6 of this round's damage; an attack of 5
    meets no Shields, so 5 are absorbed and 1 of the next 4."""
    d = Duel(praetor(), praetor())
    d.round([("melee_attack", 5), ("melee_attack", 4)], [("impenetrable_stance", 0, 3)])
    assert d.damage()[:2] == [(0, 0), (0, 3)]


def test_obsidian_skin_absorbs_a_burst_and_then_part_of_an_attack():
    """Appendix C: Obsidian Skin's 2d6 (3 + 4) absorb the attacker's Burst of 6 in the same slot, then
    1 of an attack of 5; the Burst's die is rolled before the Skin's."""
    d = Duel(praetor(), praetor(), fixed=(0, 0, 5, 2, 3))
    d.round([("infernal_burst",), ("melee_attack", 5)], [("obsidian_skin",)])
    assert d.fixed_used()
    assert d.damage()[:2] == [(0, 0), (0, 4)]


def test_a_veil_of_smoke_absorbs_one_d6_and_one_per_level():
    """Appendix C: a level-2 Veil of Smoke with a 3 blocks 5: an attack of 4 in its slot, then 1 of 4."""
    d = Duel(praetor(), praetor(level=2), fixed=(0, 0, 2))
    d.round([("melee_attack", 4)] * 2, [("veil_of_smoke",)])
    assert d.damage()[:2] == [(0, 0), (0, 3)]


def test_bonus_damage_comes_only_with_combat_damage():
    """Appendix C: Piercing Lunge's 1d6 (a 4) needs more Skulls than the opponent's and combat damage
    (no die rolled otherwise); Sinew Slice rolls 1d6 per two of the opponent's Skulls (5 Skulls: 2d6,
    1 + 2); Bone Breaker adds the opponent's Shields of this slot and the one before (1 + 2)."""
    moves = [("piercing_lunge", 3)] * 3 + [("sinew_slice", 4), ("none",), ("bone_breaker", 4)]
    foe = [("melee_attack", 2), ("melee_attack", 3), ("melee_defense", 0, 3), ("melee_attack", 5),
           ("melee_defense", 0, 2), ("guarded_attack", 1, 1)]
    d = Duel(praetor(), praetor(), fixed=(0, 0, 3,  0, 0,  0, 0,  0, 0, 0, 1))
    d.round(moves, foe)
    assert d.fixed_used()
    assert d.damage() == [(2, 7), (3, 3), (0, 0), (5, 7), (0, 0), (1, 6)]


@pytest.mark.parametrize("orbs, fixed, damage", [
    (4, (0, 0, 0, 1,  0, 0, 2,  0, 0, 5, 5,  0, 0, 0, 0, 0,  0, 0, 3, 3, 3, 3), [3, 5, 12, 3, 16]),
    (3, (0, 0, 4,  0, 0, 2,  0, 0, 5, 5,  0, 0, 0, 0, 0,  0, 0, 3, 3, 3), [5, 5, 12, 3, 12]),
])
def test_orb_moves_do_their_dice_directly(orbs, fixed, damage):
    """Appendix C, for a level-2 Praetor against Shields 5: Mind Burn 1d6 and another if its Infernal
    exceeds the opponent's 3, Blood Boil 1d6 + level, Lava Orb 2d6, Rain of Brimstone 3d6, Vile Oath of
    Consumption 1d4 per point of Infernal."""
    moves = [("mind_burn",), ("blood_boil",), ("lava_orb",), ("rain_of_brimstone",),
             ("vile_oath_of_consumption",)]
    d = Duel(praetor(level=2, orbs=orbs), praetor(orbs=3), fixed=fixed)
    d.round(moves, [("melee_defense", 0, 5)] * 5)
    assert d.fixed_used()
    assert [to_d for _, to_d in d.damage()[:5]] == damage


def test_an_oath_of_retribution_sends_triple_the_damage_back():
    """Appendix C: an attack of 4 on an Oath of Retribution does the Oath-taker none and its
    attacker 12; with no damage done, the Oath does nothing."""
    d = Duel(praetor(), praetor())
    oaths = [("oath_of_retribution",)] * 2
    d.round([("melee_attack", 4), ("melee_defense", 0, 1)], oaths)
    assert d.damage()[:2] == [(12, 0), (0, 0)]


def test_a_demonic_trance_negates_later_moves_on_rolls_under_its_chance():
    """Appendix C: a level-2 Trance gives 30%: a roll of 29 negates the attacker's next move, 30 does
    not; a move in the Trance's own slot is untouched, and an empty slot rolls nothing."""
    attacks = [("melee_attack", 3)] * 3
    d = Duel(praetor(), praetor(level=2), fixed=(0, 0,  0, 0, 29,  0, 0, 30))
    d.round(attacks, [("demonic_trance",)])
    assert d.fixed_used() and d.s.c[DEFENDER, C_TRANCE] == 30
    assert d.damage()[:3] == [(0, 3), (0, 0), (0, 3)]
    assert d.rows()[:3, 7].tolist() == [0, 1, 0]
    assert d.s.c[ATTACKER, C_MOVES_DONE] == 2 and d.s.c[ATTACKER, C_USED] == 1 << M_MELEE_ATTACK


def test_a_tentacle_rupture_does_three_per_move_performed_before_it():
    """Appendix C: after a Melee Attack and a Melee Defense negated by a Trance and an empty slot,
    one move was performed: 3 damage."""
    moves = [("melee_attack", 1), ("melee_defense", 0, 1), ("none",), ("tentacle_rupture",)]
    d = Duel(praetor(), praetor(), fixed=(0, 0,  0, 0, 0,  0, 0,  0, 0, 99))
    d.round(moves, [("demonic_trance",)])
    assert d.fixed_used()
    assert d.damage()[:4] == [(0, 1), (0, 0), (0, 0), (0, 3)]
    assert d.s.c[ATTACKER, C_USED] & (1 << M_MELEE_DEFENSE) == 0


@pytest.mark.parametrize("defence", [("infernal_burst",), ("none",)])
def test_the_luck_reading_decides_whether_luck_defends_an_orb_move_or_an_empty_slot(defence):
    """4.17 "Luck": 3 Skulls and a roll of 2 against no Shields and a roll of 2 do 3 when Luck always
    defends, 5 when it defends only Skull and Shield moves."""
    always = Duel(praetor(luck=2), praetor(luck=2), fixed=(2, 2, 0)).round([("melee_attack", 3)], [defence])
    only = Duel(praetor(luck=2), praetor(luck=2), fixed=(2, 2, 0), readings=1 << LUCK_SKULL_SHIELD_ONLY)
    only.round([("melee_attack", 3)], [defence])
    assert always.damage()[0][1] == 3 and only.damage()[0][1] == 5


def test_both_praetors_falling_in_one_slot_is_a_draw():
    """4.17: "until one Praetor (or both) is reduced to zero hit points": both strike at once."""
    d = Duel(praetor(hp=3), praetor(hp=3)).round([("melee_attack", 5)], [("melee_attack", 4)])
    assert d.s.g[G_END] == END_BOTH and d.s.g[G_WINNER] == -1
    assert len(d.damage()) == 1 and d.s.curve[:, 0].tolist() == [0, 0]
    assert (hp(d.s, 0), hp(d.s, 1)) == (-1, -2)


MIXED = [
    [("impale", 3, 4), ("piercing_lunge", 3), ("crippling_strike", 2), ("bleeding_wound", 3),
     ("bone_breaker", 2), ("sinew_slice", 2)],
    [("melee_defense", 0, 3), ("demonic_trance",), ("guarded_attack", 2, 2), ("veil_of_smoke",),
     ("obsidian_skin",), ("impenetrable_stance", 0, 3)],
    [("mind_burn",), ("blood_boil",), ("lava_orb",), ("rain_of_brimstone",), ("tentacle_rupture",),
     ("vile_oath_of_consumption",)],
    [("oath_of_retribution",), ("melee_attack", 4), ("infernal_burst",), ("melee_defense", 0, 2),
     ("oath_of_retribution",), ("guarded_attack", 3, 1)],
]


def duel_digest(seed, rounds=12):
    """sha256 of every pair of MIXED's programs fought under both Luck readings, by seeded dice."""
    records = {}
    for a in range(len(MIXED)):
        for b in range(len(MIXED)):
            for readings in (0, 1):
                d = Duel(praetor(level=a + 1, orbs=2 + b, hp=40, luck=a), praetor(level=b + 1, hp=40, luck=b),
                         (MIXED[a], MIXED[b]), readings=readings, rounds=rounds)
                seed_streams(d.s.rng, seed, 4 * a + b)
                while d.s.g[G_END] < 0 and d.s.g[G_ROUND] < rounds:
                    d.round()
                fields = ("c", "g", "curve", "trace")
                records.update({f"{a}{b}{readings}{k}": getattr(d.s, k) for k in fields})
    return digest(records)


def test_duels_are_the_same_with_the_jit_off():
    """Every exotic move in seeded duels, compiled here and as plain Python in a subprocess
    (NUMBA_DISABLE_JIT=1): the same states and traces."""
    here = Path(__file__).parent
    code = f"import sys; sys.path.insert(0, {str(here)!r}); from test_solium_duel import duel_digest; " \
           "print(duel_digest(7))"
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                         capture_output=True, text=True, timeout=1800, cwd=here.parent)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == duel_digest(7)
