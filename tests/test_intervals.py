"""The pair-aware intervals (issue 24): coverage by simulation on clustered
data whose long-run rate is known, the effective trials in the two extreme
cases, exact merging of chunk sums, and the IWD interval against a fit on one
row per game."""
import numpy as np
import polars as pl
import pytest
import statsmodels.api as sm
from scipy.stats import binomtest

from balance.analysis.cards import iwd_interval
from balance.analysis.intervals import Clustered, pair_wilson

REPS = 2000


def pairs(rng, n_pairs, p, rho):
    """(n_pairs, 2) wins: each pair's second game repeats its first with
    probability rho, else is drawn afresh (correlation rho, rate p)."""
    first = rng.random(n_pairs) < p
    again = np.where(rng.random(n_pairs) < rho, first, rng.random(n_pairs) < p)
    return np.stack([first, again], axis=1)


def coverage(interval, p, rho, n_pairs, seed=0):
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(REPS):
        w = pairs(rng, n_pairs, p, rho)
        lo, hi = interval(w)
        hits += lo <= p <= hi
    return hits / REPS


def by_pairs(w):
    return pair_wilson(w.sum(axis=1), np.full(len(w), 2))[1:]


def by_games(w):
    ci = binomtest(int(w.sum()), w.size).proportion_ci(method="wilson")
    return ci.low, ci.high


@pytest.mark.parametrize("p, rho", [(0.5, 1.0), (0.3, 0.5), (0.62, 0.0), (0.08, 0.8)])
def test_pair_intervals_cover_95_percent(p, rho):
    """Within 93.5-96.5% of REPS repetitions (three binomial SDs of 95%),
    from independent games (rho 0) to a mirror's one game seen twice (rho 1)."""
    assert 0.935 <= coverage(by_pairs, p, rho, 300) <= 0.965


def test_counting_games_of_a_mirror_twice_undercovers():
    """What the pairs fix: a game-level Wilson interval on a mirror's pairs
    (each game counted twice) covers far less than 95%."""
    assert coverage(by_games, 0.5, 1.0, 300) < 0.88


def test_effective_trials_run_from_pairs_to_games():
    rng = np.random.default_rng(1)
    twice = pairs(rng, 4000, 0.4, 1.0)
    independent = pairs(rng, 4000, 0.4, 0.0)
    n = np.full(4000, 2)
    assert Clustered.of(twice.sum(axis=1), n).effective_trials() == pytest.approx(4000, rel=0.06)
    assert Clustered.of(independent.sum(axis=1), n).effective_trials() == pytest.approx(8000, rel=0.06)


def test_without_spread_one_trial_per_pair_is_claimed():
    """0 wins in 50 pairs: the interval of 50 trials, not of 100 games."""
    _, lo, hi = pair_wilson(np.zeros(50), np.full(50, 2))
    ci = binomtest(0, 50).proportion_ci(method="wilson")
    assert (lo, hi) == pytest.approx((ci.low, ci.high))


def test_chunk_sums_merge_exactly():
    rng = np.random.default_rng(2)
    k, n = rng.integers(0, 3, 100), np.full(100, 2)
    k = np.minimum(k, n)
    whole = Clustered.of(k, n)
    parts = Clustered.of(k[:37], n[:37]) + Clustered.of(k[37:], n[37:])
    assert parts.interval() == pytest.approx(whole.interval())


def test_iwd_interval_is_the_per_game_cluster_robust_fit():
    """The fit on (pair, in hand) counts gives the coefficient and, up to the
    small-sample factor of the row count, the interval of won ~ in_hand fitted
    on one row per game with standard errors clustered by pair."""
    rng = np.random.default_rng(3)
    n_pairs = 600
    pair = np.repeat(np.arange(n_pairs), 2)
    in_hand = rng.random(2 * n_pairs) < 0.6
    won = rng.random(2 * n_pairs) < np.where(in_hand, 0.55, 0.45)
    rows = pl.DataFrame({"pair": pair, "in_hand": in_hand, "won": won})
    per_pair = rows.group_by("pair", "in_hand").agg(games=pl.len(), wins=pl.col("won").sum())
    iwd, lo, hi = iwd_interval(per_pair)
    fit = sm.OLS(won.astype(float), sm.add_constant(in_hand.astype(float))).fit(
        cov_type="cluster", cov_kwds={"groups": pair}, use_t=True)
    assert iwd == pytest.approx(won[in_hand].mean() - won[~in_hand].mean())
    assert iwd == pytest.approx(fit.params[1])
    assert (hi - lo) == pytest.approx(np.diff(fit.conf_int(0.05)[1])[0], rel=0.01)


def blocks(rng, n_blocks, size, p, rho):
    """(n_blocks, size) wins of one place in turn order in a seat-rotation block
    of ``size`` games sharing a seed: each game repeats the block's first with
    probability rho, else is drawn afresh."""
    first = rng.random((n_blocks, 1)) < p
    return np.where(rng.random((n_blocks, size)) < rho, first, rng.random((n_blocks, size)) < p)


@pytest.mark.parametrize("size, p, rho", [(4, 0.25, 0.9), (6, 1 / 6, 0.5), (3, 0.4, 0.0)])
def test_seat_rotation_block_intervals_cover_95_percent(size, p, rho):
    """The intervals of a game of more seats (analysis.seats) count blocks:
    within 93.5-96.5% of REPS repetitions."""
    rng = np.random.default_rng(size)
    hits = 0
    for _ in range(REPS):
        w = blocks(rng, 200, size, p, rho)
        lo, hi = pair_wilson(w.sum(axis=1), np.full(len(w), size))[1:]
        hits += lo <= p <= hi
    assert 0.935 <= hits / REPS <= 0.965


@pytest.mark.parametrize("draw, p", [(0.12, 0.3), (0.4, 0.5)])
def test_win_rates_of_decided_games_cover_95_percent(draw, p):
    """A game of more seats with draws (a Solium duel's Praetors falling
    together): analysis.seats.rates' win rate of the decided games, a ratio over
    blocks of 2 games sharing a seed, covers P(win | decided) = p within
    93.5-96.5% of REPS repetitions."""
    rng = np.random.default_rng(int(100 * draw))
    hits = 0
    for _ in range(REPS):
        drawn = blocks(rng, 150, 2, draw, 0.7)
        won = blocks(rng, 150, 2, p, 0.7) & ~drawn
        lo, hi = Clustered.of(won.sum(axis=1), (~drawn).sum(axis=1)).interval()[1:]
        hits += lo <= p <= hi
    assert 0.935 <= hits / REPS <= 0.965


def test_family_intervals_hold_together():
    """A report's verdicts rest on intervals at 1 - 0.05 / rows (analysis.seats.rates):
    all six of a table's rates covered at once in at least 95% of repetitions."""
    rng = np.random.default_rng(7)
    rates, k, together = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35), 6, 0
    for _ in range(REPS // 2):
        cover = []
        for p in rates:
            w = blocks(rng, 150, 6, p, 0.6)
            lo, hi = Clustered.of(w.sum(axis=1), np.full(len(w), 6)).interval(1 - 0.05 / k)[1:]
            cover.append(lo <= p <= hi)
        together += all(cover)
    assert together / (REPS // 2) >= 0.95 - 3 * np.sqrt(0.05 * 0.95 / (REPS // 2))
