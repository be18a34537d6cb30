"""The analysis tables (balance/analysis) against plain-Python recomputation
from the raw store, the pair-aware interval recomputed from per-seed counts,
a mirror match and planted card effects -- all on real small runs."""
import statistics

import polars as pl
import pytest
from runs import BELIAL, GABRIEL, essence_starved, planted_deck, play, raw_rows
from scipy.stats import binomtest, norm

from balance.analysis import cards, economy, length, outcomes
from balance.analysis.intervals import pair_wilson, shown
from balance.runner import load_run, run_experiment
from balance.runner.impact import card_impact


@pytest.fixture(scope="module")
def sweep(tmp_path_factory):
    """Gabriel against Belial at thresholds 3 and 5, 600 games each."""
    run_dir = play(tmp_path_factory.mktemp("sweep"), "sweep", 600, 300, pairs=[[GABRIEL, BELIAL]],
                   threshold=[3, 5])
    return load_run(run_dir), raw_rows(run_dir)


def test_win_rates_equal_plain_python(sweep):
    run, rows = sweep
    table = outcomes.by_matchup(run)
    for r in table.iter_rows(named=True):
        games = [g for g in rows if g["cell"] == r["cell"]]
        wins = sum(g["winner"] == r["side"] for g in games)
        draws = sum(g["winner"] == -1 for g in games)
        assert (r["games"], r["wins"], r["draws"]) == (len(games), wins, draws)
        assert r["win_rate"] == pytest.approx(wins / len(games))
        assert r["score"] == pytest.approx((wins + draws / 2) / len(games))
    by_deck = outcomes.by_deck(run).filter(pl.col("deck").str.starts_with("Gabriel")).row(0, named=True)
    assert by_deck["wins"] == sum(g["winner"] == 0 for g in rows)


def test_first_player_and_seats_equal_plain_python(sweep):
    run, rows = sweep
    total = outcomes.first_player(run).filter(pl.col("cell").is_null()).row(0, named=True)
    decisive = [g for g in rows if g["winner"] >= 0]
    assert total["decisive"] == len(decisive)
    assert total["first_wins"] == sum(g["winner"] == g["first"] for g in decisive)
    seat0 = outcomes.by_seat(run).filter((pl.col("cell") == 0) & pl.col("deck").str.starts_with("Gabriel")
                                         & (pl.col("seat") == 0) & pl.col("went_first"))
    games = [g for g in rows if g["cell"] == 0 and g["swap"] == 0 and g["first"] == 0]
    assert seat0["games"].item() == len(games) and seat0["wins"].item() == sum(g["winner"] == 0 for g in games)


def test_game_length_equals_plain_python(sweep):
    run, rows = sweep
    for r in length.summary(run).iter_rows(named=True):
        turns = [g["turns"] for g in rows if g["cell"] == r["cell"]]
        assert r["mean_turns"] == pytest.approx(statistics.fmean(turns))
        q = statistics.quantiles(turns, n=4, method="inclusive")       # linear interpolation
        assert (r["q25"], r["q50"], r["q75"]) == pytest.approx(q)
        assert r["end_turn_cap"] == sum(g["end"] == 1 for g in rows if g["cell"] == r["cell"])
    hist = length.histogram(run)
    assert hist["games"].sum() == len(rows)


def test_essence_curves_equal_plain_python(sweep):
    run, rows = sweep
    curves = economy.curves(run).filter(pl.col("deck").str.starts_with("Belial") & (pl.col("threshold") == 5))
    games = [g for g in rows if g["cell"] == 1]
    for turn in (1, 3, 8):
        gains = [g["gain_b"][turn - 1] for g in games if len(g["gain_b"]) >= turn]
        spent = [g["spent_b"][turn - 1] for g in games if len(g["spent_b"]) >= turn]
        r = curves.filter(pl.col("turn") == turn).row(0, named=True)
        assert r["running"] == len(gains)
        assert r["gain_mean"] == pytest.approx(statistics.fmean(gains))
        assert r["spent_p50"] == pytest.approx(statistics.median(spent))


def test_the_economy_equals_plain_python(sweep):
    """The share of Belial's own turns short of Essence (a card it could play but
    not pay for), turn by turn, recomputed from the raw records; and its
    free_from is, after the last turn whose interval shows most turns short,
    the first whose interval shows fewer than half."""
    run, rows = sweep
    econ = economy.economy(run).filter(pl.col("deck").str.starts_with("Belial") & (pl.col("threshold") == 5))
    games = [g for g in rows if g["cell"] == 1]
    for turn in (1, 4, 9):
        short = [g["short_b"][turn - 1] for g in games if len(g["short_b"]) >= turn]
        r = econ.filter(pl.col("turn") == turn).row(0, named=True)
        assert r["running"] == len(short) and r["short"] == pytest.approx(statistics.fmean(short))
        assert r["short_lo"] <= r["short"] <= r["short_hi"]
    last = max([r["turn"] for r in econ.iter_rows(named=True) if r["short_lo"] > 0.5], default=0)
    free = [r["turn"] for r in econ.iter_rows(named=True) if r["turn"] > last and r["short_hi"] < 0.5]
    assert econ["free_from"][0] == min(free, default=None)


def test_dearer_cards_keep_essence_binding_longer(tmp_path):
    """Planted: every Belial card that costs Essence raised by 4 (runs.essence_starved).
    Essence stops binding Belial five or more own turns later (measured: turn 11
    as built, 26 dearer), while Gabriel, whose cards did not change, is freed at
    the same turn give or take one (the placebo)."""
    free = {}
    for name, overrides in (("built", {}), ("dearer", essence_starved())):
        grid = {"pairs": [[GABRIEL, BELIAL]], "overrides": [overrides] if overrides else [{}]}
        econ = economy.economy(load_run(play(tmp_path, name, 600, 300, **grid)))
        free[name] = {deck.split("'")[0]: econ.filter(pl.col("deck") == deck)["free_from"][0]
                      for deck in econ["deck"].unique()}
    assert free["built"]["Belial"] is not None and free["built"]["Gabriel"] is not None, free
    assert free["dearer"]["Belial"] is None or free["dearer"]["Belial"] >= free["built"]["Belial"] + 5, free
    assert abs(free["dearer"]["Gabriel"] - free["built"]["Gabriel"]) <= 1, free


def test_card_counts_equal_plain_python(sweep):
    run, rows = sweep
    table = cards.impact(run)
    names = run.manifest["decks"][0]["cards_a"]
    for card in ("Tamiel", "Song of Fire"):
        bit = 1 << names.index(card)
        seen = [g for g in rows if (g["open_a"] | g["drawn_a"]) & bit]
        never = [g for g in rows if not (g["open_a"] | g["drawn_a"]) & bit]
        r = table.filter(pl.col("deck").str.starts_with("Gabriel") & (pl.col("card") == card)).row(0, named=True)
        assert (r["gih_games"], r["gih_wins"]) == (len(seen), sum(g["winner"] == 0 for g in seen))
        assert (r["gns_games"], r["gns_wins"]) == (len(never), sum(g["winner"] == 0 for g in never))
        assert r["iwd"] == pytest.approx(r["gih_wins"] / len(seen) - r["gns_wins"] / len(never))
        assert r["oh_games"] == sum(bool(g["open_a"] & bit) for g in rows)


def per_seed(games, hit, counted=lambda g: True):
    """(k, n) per game seed of ``games``: hits among the counted games."""
    seeds = sorted({g["pair"] for g in games})
    k = [sum(hit(g) and counted(g) for g in games if g["pair"] == s) for s in seeds]
    n = [sum(bool(counted(g)) for g in games if g["pair"] == s) for s in seeds]
    return k, n


def test_intervals_count_seed_pairs(sweep):
    """Every printed rate's interval is pair_wilson of its per-seed counts,
    recomputed here from the raw rows: per cell, and over the whole run, where
    a seed's games in both cells are one unit."""
    run, rows = sweep

    def check(k_n, lo, hi):
        assert (lo, hi) == pytest.approx(pair_wilson(*k_n)[1:], abs=1e-12)
    for r in outcomes.by_matchup(run).iter_rows(named=True):
        games = [g for g in rows if g["cell"] == r["cell"]]
        check(per_seed(games, lambda g: g["winner"] == r["side"]), r["win_rate_lo"], r["win_rate_hi"])
        check(per_seed(games, lambda g: g["winner"] == -1), r["draw_rate_lo"], r["draw_rate_hi"])
    total = outcomes.first_player(run).filter(pl.col("cell").is_null()).row(0, named=True)
    check(per_seed(rows, lambda g: g["winner"] == g["first"], lambda g: g["winner"] >= 0),
          total["first_win_rate_lo"], total["first_win_rate_hi"])
    gabriel = outcomes.by_deck(run).filter(pl.col("deck").str.starts_with("Gabriel")).row(0, named=True)
    check(per_seed(rows, lambda g: g["winner"] == 0), gabriel["win_rate_lo"], gabriel["win_rate_hi"])


def test_a_small_rate_is_printed_with_its_first_digits_not_as_zero():
    """After 0 draws in 20,000 games the Wilson upper bound is z^2 / (n + z^2), 0.019%:
    printing it as 0.0% would claim draws cannot happen."""
    _, lo, hi = pair_wilson([0] * 20_000, [1] * 20_000)
    z2 = norm.ppf(0.975) ** 2
    assert (lo, hi) == pytest.approx((0.0, z2 / (20_000 + z2)))
    assert shown(0.0, lo, hi) == "0.0% (95% CI 0.0% to 0.019%)"
    assert shown(0.384, 0.377, 0.391) == "38.4% (95% CI 37.7% to 39.1%)"


def test_rare_cards_are_not_ranked(sweep):
    run, _ = sweep
    table = cards.impact(run, min_games=10_000)
    assert not table["judged"].any()
    assert table["rank"].is_null().all() and table["iwd_lo"].is_null().all()


def test_iwd_claims_no_significance(sweep):
    """IWD is observational: the table has no p-value and no status, only an interval."""
    table = cards.impact(sweep[0])
    assert not {"p", "p_adjusted", "status"} & set(table.columns)
    judged = table.filter("judged")
    assert judged.height and (judged["iwd_lo"] <= judged["iwd"]).all() and (judged["iwd"] <= judged["iwd_hi"]).all()


def test_mirror_match_is_even(tmp_path_factory):
    """Gabriel against Gabriel: deck A's win rate interval holds 50%, and so does
    seat 0's once the first-player edge is averaged out by the random first
    player.  In a mirror the two games of a seed pair are one game (the same deck
    in each seat), so seat 0's games count once per pair, at the 99% level of
    tests/test_mirror.py."""
    run = load_run(play(tmp_path_factory.mktemp("mirror"), "mirror", 1000, 500, pairs=[[GABRIEL, GABRIEL]]))
    a = outcomes.by_matchup(run).filter(pl.col("side") == 0).row(0, named=True)
    assert a["win_rate_lo"] <= 0.5 <= a["win_rate_hi"] or a["draws"] > 0
    assert a["score"] == pytest.approx(0.5, abs=0.03)
    seat0 = outcomes.by_seat(run).group_by("seat").agg(pl.col("wins").sum(), pl.col("games").sum()).filter(
        pl.col("seat") == 0).row(0, named=True)
    ci = binomtest(seat0["wins"] // 2, seat0["games"] // 2).proportion_ci(confidence_level=0.99, method="wilson")
    assert ci.low <= 0.5 <= ci.high, seat0


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    """Two near-mirror cells, each a planted deck against Belial with every
    Essence cost raised by 4 (so Essence decides games): one deck holds 2
    Windfall (cost 0, gain 6 Essence), the other 2 Dud (no effect).  4,000
    games per cell, and the causal impact of each card on 2,000."""
    tmp = tmp_path_factory.mktemp("planted")
    windfall, dud = planted_deck(tmp, "Windfall"), planted_deck(tmp, "Dud")
    spec = {"name": "planted", "seed": 3, "games": 4000, "chunk": 2000,
            "grid": {"pairs": [[windfall, BELIAL], [dud, BELIAL]], "overrides": [essence_starved()]}}
    run_dir = run_experiment(spec, out=tmp / "planted", jobs=2, progress=False)
    causal = pl.concat([pl.read_csv(card_impact(spec, deck, [card], games=2000, jobs=2, out=run_dir, progress=False))
                        for deck, card in ((windfall, "Windfall"), (dud, "Dud"))])
    return cards.impact(load_run(run_dir)), causal


def row(table, card):
    return table.filter(pl.col("card") == card).row(0, named=True)


def test_planted_gain_card_has_a_positive_iwd(planted):
    windfall = row(planted[0], "Windfall")
    assert windfall["iwd_lo"] > 0, windfall


def test_a_card_with_no_effect_never_looks_good(planted):
    """The policy never plays Dud, so holding it is its only effect -- and the
    draw it took from a card that would have done something: its improvement
    when drawn is never above zero beyond its interval, and its whole interval
    lies below the gain card's.  (A small negative IWD is a real effect of a
    dead draw, which 4,000 games may or may not resolve.)"""
    dud, windfall = row(planted[0], "Dud"), row(planted[0], "Windfall")
    assert dud["iwd_lo"] <= 0, dud
    assert dud["iwd_hi"] < windfall["iwd_lo"], (dud, windfall)
    assert dud["played_games"] == 0


def test_planted_gain_card_has_positive_causal_impact(planted):
    """Windfall helps; Dud's blank plays exactly like Dud (neither is ever
    played), so every seed's difference is 0 and it is negligible."""
    windfall, dud = row(planted[1], "Windfall"), row(planted[1], "Dud")
    assert windfall["verdict"] == "helps" and windfall["diff_lo"] > 0, windfall
    assert dud["verdict"] == "negligible" and dud["diff"] == 0, dud
