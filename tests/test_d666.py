"""The d666 rule variant (house rules; docs/rules.md I-d666): the roll against
its closed form for every target 2..14, the classic-to-d666 target mapping,
Influence under the variant with Essence bought before and after, and a
classic-against-d666 mirror end to end."""
import numpy as np
import pytest
from cli import balance, ok
from numba import njit
from positions import Board
from scipy.stats import binomtest, chisquare

from balance.rules.innomine import d666
from balance.rules.innomine import state as S
from balance.agents.innomine.policies import W_D666_AFTER, W_D666_BEFORE, W_RESERVE
from balance.rules.innomine.essence import card_cost
from balance.agents.innomine.chances import p_success
from balance.rules.innomine.resonances import classic_faces, influence_roll, resonance_stat
from balance.rules.innomine.tables import D_COST, D_CTYPE
from balance.rules.innomine.vocabulary import MERCURIAN, SERVITOR
from balance.sim.seeding import seed_streams

ROLLS = 60_000


def two_dice_at_most(target):
    """P(2d6 <= target, and not the 12 that always fails), by the triangle formula."""
    return sum(6 - abs(k - 7) for k in range(2, min(target, 11) + 1)) / 36 if target >= 2 else 0.0


@njit
def roll_many(seed, target, n):
    rng = np.zeros((3, 3), dtype=np.int64)
    seed_streams(rng, seed, 0)
    wins = 0
    checks = np.zeros(20, dtype=np.int64)
    for _ in range(n):
        success, _total, check = d666.roll(rng, target)
        if success:
            wins += 1
            checks[check] += 1
    return wins, checks


@pytest.mark.parametrize("target", range(2, 15))
def test_d666_roll_matches_its_closed_form(target):
    wins, checks = roll_many(target, target, ROLLS)
    p = two_dice_at_most(target)
    assert d666.p_success(target) == pytest.approx(p)
    ci = binomtest(int(wins), ROLLS).proportion_ci(confidence_level=0.999, method="wilson")
    assert ci.low <= p <= ci.high, (wins / ROLLS, p)
    bonus = max(0, target - 11)
    faces = checks[1 + bonus:7 + bonus]
    assert faces.sum() == wins, "a success's check digit is a die face plus (target - 11) for targets of 12+"
    assert chisquare(faces).pvalue > 0.001                  # uniform over the six faces


def test_no_roll_below_2_and_a_12_always_fails():
    assert roll_many(1, 1, 2000)[0] == 0 and d666.p_success(1) == 0
    assert d666.p_success(40) == pytest.approx(35 / 36)
    assert d666.rescue_cost(12, 20) == -1 and d666.rescue_cost(9, 7) == 4


def test_classic_targets_map_to_the_nearest_d666_chance():
    """faces of 6 -> the d666 target whose chance is nearest faces/6 (ties: the higher)."""
    table = {f: d666.target_for_faces(f) for f in range(7)}
    assert table == {0: 1, 1: 4, 2: 5, 3: 7, 4: 8, 5: 9, 6: 11}
    for f, target in table.items():
        if f:
            gaps = [abs(two_dice_at_most(t) - f / 6) for t in range(2, 12)]
            assert abs(two_dice_at_most(target) - f / 6) == pytest.approx(min(gaps))


def mercurian_on_leslie(seed, before=0, after=0, reserve=1000):
    """A Mercurian without game text trying Leslie Hamerson, under d666 rules;
    its policy keeps ``reserve`` Essence back from spending (by default all of
    it, so that only ``before`` and ``after`` buy anything: I103)."""
    b = Board(seed=seed)
    b.clear_board()
    b.s.g[S.G_VARIANT] = d666.D666
    seat = next(p for p in (0, 1) for n in b.compiled.decks[p].repository
                if b.t.C[b.design(n), 1] == MERCURIAN and not b.t.eff[b.design(n), :, 0].any())
    name = next(n for n in sorted(b.compiled.decks[seat].repository)
                if b.t.C[b.design(n), 1] == MERCURIAN and not b.t.eff[b.design(n), :, 0].any())
    actor = b.put(seat, name, b.earth)
    target = b.put(1 - seat, "Leslie Hamerson", b.earth)
    b.s.w[seat, W_D666_BEFORE] = before
    b.s.w[seat, W_D666_AFTER] = after
    b.s.w[seat, W_RESERVE] = reserve
    return b, seat, actor, target


@pytest.mark.parametrize("before", [0, 2])
def test_d666_influence_rate_matches_its_closed_form(before):
    b, seat, actor, target = mercurian_on_leslie(31 + before, before=before)
    stat, op = resonance_stat(MERCURIAN)
    goal = d666.target_for_faces(classic_faces(b.s, b.t, actor, target, stat, op)) + before
    p = two_dice_at_most(goal)
    assert p_success(b.s, b.t, actor, target, stat, op) == pytest.approx(p)
    n, wins = 4000, 0
    for _ in range(n):
        b.s.S[seat, S.S_ESSENCE] = 50
        wins += influence_roll(b.s, b.t, actor, target, stat, op)[0]
        assert b.s.S[seat, S.S_ESSENCE] == 50 - before, "Essence bought before the roll is paid every time"
    ci = binomtest(wins, n).proportion_ci(confidence_level=0.999, method="wilson")
    assert ci.low <= p <= ci.high
    bought = [line for line in b.log() if "Essence before" in line]
    assert bought == [f"{who(b, seat)}: spends 2 Essence before {name(b, actor)}'s roll on Leslie Hamerson: "
                      "+2 to its target number"] * n if before else bought == []


def who(b, seat):
    return b.compiled.decks[seat].superior.name


def name(b, i):
    return b.compiled.names[b.s.I[i, S.F_DESIGN]]


def test_essence_after_the_roll_buys_back_a_near_miss_at_2_per_point():
    """With 2 Essence allowed after the roll, every miss by one point (not a 12) is bought back."""
    b, seat, actor, target = mercurian_on_leslie(5, after=2)
    stat, op = resonance_stat(MERCURIAN)
    goal = d666.target_for_faces(classic_faces(b.s, b.t, actor, target, stat, op))
    n, wins, paid = 4000, 0, 0
    for _ in range(n):
        b.s.S[seat, S.S_ESSENCE] = 10
        wins += influence_roll(b.s, b.t, actor, target, stat, op)[0]
        paid += 10 - b.s.S[seat, S.S_ESSENCE]
    p = two_dice_at_most(goal + 1)
    ci = binomtest(wins, n).proportion_ci(confidence_level=0.999, method="wilson")
    assert ci.low <= p <= ci.high
    rescued = paid // 2
    p_rescue = (two_dice_at_most(goal + 1) - two_dice_at_most(goal))
    ci = binomtest(rescued, n).proportion_ci(confidence_level=0.999, method="wilson")
    assert paid % 2 == 0 and ci.low <= p_rescue <= ci.high
    lines = b.log()                         # each purchase says what it bought, before the roll it rescued
    bought = [k for k, line in enumerate(lines) if "Essence after" in line]
    assert len(bought) == rescued
    for k in bought:
        assert lines[k] == (f"{who(b, seat)}: spends 2 Essence after {name(b, actor)}'s roll "
                            "on Leslie Hamerson: +1 to its target number")
        assert lines[k + 1].startswith(f"{who(b, seat)}: {name(b, actor)} Influences Leslie Hamerson (roll ")


def test_essence_the_hand_has_no_use_for_buys_back_every_miss_but_a_12():
    """I103: a scripted policy spends after a failed roll all the Essence its
    hand has no use for (agents/innomine/essence.py, spare_essence).  With an empty hand and 30
    Essence, every miss but a 12 is bought back at 2 Essence per point; with a
    Servitor in hand that costs every Essence in the Pool, nothing is bought
    (the policy's own d666_after is 0 here)."""
    b, seat, actor, target = mercurian_on_leslie(9, reserve=0)
    stat, op = resonance_stat(MERCURIAN)
    goal = d666.target_for_faces(classic_faces(b.s, b.t, actor, target, stat, op))
    for c in b.hand(seat):
        b.s.I[c, S.F_ZONE] = S.Z_DISCARD
    servitor = next(n for n in b.compiled.decks[seat].repository
                    if b.t.C[b.design(n), D_CTYPE] == SERVITOR and b.t.C[b.design(n), D_COST] >= 3)
    for held, pool, p in ((None, 30, 35 / 36), (servitor, None, two_dice_at_most(goal))):
        if held:
            pool = card_cost(b.s, b.t, seat, b.to_hand(seat, held))
        n, wins, paid = 4000, 0, 0
        for _ in range(n):
            b.s.S[seat, S.S_ESSENCE] = pool
            wins += influence_roll(b.s, b.t, actor, target, stat, op)[0]
            paid += pool - b.s.S[seat, S.S_ESSENCE]
        ci = binomtest(wins, n).proportion_ci(confidence_level=0.999, method="wilson")
        assert ci.low <= p <= ci.high
        assert paid % 2 == 0 and (paid > 0) == (held is None)


def test_simulate_reports_classic_and_d666_on_the_same_seeds():
    lines = ok(balance("simulate", "--games", 200, "--seed", 4, "--variant", "classic", "d666"))
    heads = [line for line in lines if line.endswith("rules")]
    assert len(heads) == 2 and heads[0].endswith("classic rules") and heads[1].endswith("d666 rules")
    assert sum(line.startswith("games: 200") for line in lines) == 2
