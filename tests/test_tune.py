"""``balance tune`` (issues 6 and 24): it reaches the target, or says it did not.

The promise is checked on a matchup tune was not written around: Gabriel
against Dominic at threshold 5, which Gabriel (deck A) wins about 65% of.
Either the confirmation on fresh seeds lands within the tolerance of the
target, status "reached" and exit 0, or tune says "not reached" and exits 1;
which of the two is checked against games played here, not against tune's own
figures.  (With the budget below, on root seed 3, it did not reach 50%: the
closest of its three finalists, Kindling 2 -> 4 and Sachiel 3 -> 0, landed at
56.3%, from 64.2%.)  A target no allowed change can reach must end "not
reached", and one within reach "reached"; under several agent pairings,
"reached" needs every pairing within the tolerance, and the objective asks it.
"""
import json
from types import SimpleNamespace

import numpy as np

import pytest
from cli import ROOT, balance, one_line_error

from balance.analysis.compare import Change
from balance.analysis.tune import CONFIRM_SEED_OFFSET, FINAL_SEED_OFFSET, FINALISTS, Candidate, Plan, Search
from balance.runner.experiment import load_experiment
from balance.runner.run import play_winners, prepare_cell

GABRIEL, BELIAL, DOMINIC = (str(ROOT / f"decks/{name}.toml") for name in ("gabriel", "belial", "dominic"))
BUDGET, CONFIRM = 36_000, 2_000          # about 45 seconds on one core, with up to three confirmations


def experiment(folder, a, b, threshold, policies='"influencer"'):
    path = folder / "e.toml"
    path.write_text(f'name = "e"\nseed = 3\ngames = 2\n[grid]\npairs = [["{a}", "{b}"]]\nthreshold = {threshold}\n'
                    f'policies = {policies}\n')
    return path


def tuned(folder, *args, policies='"influencer"'):
    """Run ``balance tune`` on Gabriel against Dominic; (process, tune.json or None)."""
    path = experiment(folder, GABRIEL, DOMINIC, 5, policies)
    proc = balance("tune", path, "--jobs", 1, "--out", folder / "out", *args)
    written = folder / "out" / "tune.json"
    return proc, path, json.loads(written.read_text()) if written.exists() else None


@pytest.fixture(scope="module")
def gabriel_dominic(tmp_path_factory):
    return tuned(tmp_path_factory.mktemp("gd"), "--target", 0.5, "--budget", BUDGET, "--confirm-games", CONFIRM)


def test_the_starting_matchup_is_about_65_percent(gabriel_dominic):
    _, _, result = gabriel_dominic
    base = result["confirmation"]["cells"][0]["baseline"]
    assert 0.6 < base["score"] < 0.7, base
    assert base["low"] < base["score"] < base["high"]


def test_tune_reaches_the_target_or_says_it_did_not(gabriel_dominic):
    """The proposal is played again here on the confirmation's root seed: its
    score decides the status and the exit code."""
    proc, path, result = gabriel_dominic
    assert "Traceback" not in proc.stderr, proc.stderr
    exp, conf = load_experiment(path), result["confirmation"]
    assert conf["seed"] == exp.seed + CONFIRM_SEED_OFFSET and conf["games"] == CONFIRM
    overrides: dict = {}
    for c in result["proposal"]:
        overrides.setdefault(c["card"], {})[c["field"]] = c["to"]
    cell = Change(overrides=overrides).apply(exp.cells[0], exp.ruleset)
    w = play_winners(exp.ruleset, {"p": prepare_cell(exp, cell)}, conf["seed"], 0, CONFIRM, 1)["p"]
    score = ((w == 0).sum() + (w < 0).sum() / 2) / len(w)
    reported = conf["cells"][0]["proposal"]
    assert score == pytest.approx(reported["score"], abs=1e-12)
    assert reported["low"] < score < reported["high"]
    first = proc.stdout.splitlines()[0]
    if abs(score - 0.5) <= 0.02 + 1e-9:
        assert (result["status"], result["reached"], proc.returncode) == ("reached", True, 0), first
        assert first.startswith("REACHED: ")
    else:
        assert (result["status"], result["reached"], proc.returncode) == ("not reached", False, 1), first
        assert first.startswith("NOT REACHED: closest proposal lands at ")
        assert len(result["confirmations"]) == len(result["finalists"])       # it tried every finalist


def test_the_proposal_is_small_and_compared_with_the_baseline_on_the_same_seeds(gabriel_dominic):
    _, _, result = gabriel_dominic
    assert 1 <= len(result["proposal"]) <= 2
    assert all(abs(c["to"] - c["from"]) <= 3 for c in result["proposal"])
    row = result["confirmation"]["cells"][0]
    d = row["difference"]
    assert d["mean"] == pytest.approx(row["proposal"]["score"] - row["baseline"]["score"])
    assert d["low"] < d["mean"] < d["high"] and d["pairs"] == CONFIRM // 2


def test_the_search_and_the_finalists_stay_within_the_budget(gabriel_dominic):
    _, _, result = gabriel_dominic
    games = result["games"]
    assert games["search"] + games["finalists"] <= BUDGET
    assert games["finalists"] >= BUDGET // 4 - 2 * FINALISTS
    assert len(result["finalists"]) == FINALISTS
    assert FINAL_SEED_OFFSET != CONFIRM_SEED_OFFSET


def one_weak_card(folder, target, *args, policies='"influencer"'):
    """Tune with only Saint Florian (8 Essence, one copy in Dominic's deck) moved by one."""
    return tuned(folder, "--target", target, "--cards", "Saint Florian", "--max-step", 1, "--budget", 2000,
                 "--confirm-games", 400, *args, policies=policies)


def test_a_target_out_of_reach_ends_not_reached(tmp_path):
    """One card of one copy, moved by one, cannot bring Gabriel from 65% to 95%:
    every finalist is confirmed, and the closest is reported."""
    proc, _, result = one_weak_card(tmp_path, 0.95)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("NOT REACHED: closest proposal lands at "), proc.stdout
    assert "beyond the tolerance 2.0" in proc.stdout.splitlines()[0]
    assert (result["status"], result["reached"]) == ("not reached", False)
    assert {c["card"] for c in result["proposal"]} <= {"Saint Florian"}
    assert len(result["confirmations"]) == len(result["finalists"]) == 3    # no change, -1, +1
    assert all(c["miss"] > 0.02 for c in result["confirmations"])
    assert result["confirmation"]["miss"] == min(c["miss"] for c in result["confirmations"])
    assert result["confirmation"]["cells"][0]["proposal"]["games"] == 400


def test_a_target_within_reach_ends_reached_at_the_first_finalist_that_lands(tmp_path):
    """Within 10 points of 65%: the first confirmation that lands stops the loop."""
    proc, _, result = one_weak_card(tmp_path, 0.65, "--tolerance", 0.1)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("REACHED: the proposal lands at "), proc.stdout
    assert "within the tolerance 10.0" in proc.stdout.splitlines()[0]
    assert (result["status"], result["reached"]) == ("reached", True)
    tried = result["confirmations"]
    assert tried[-1]["reached"] and not any(c["reached"] for c in tried[:-1])
    assert result["confirmation"] == tried[-1]


def test_a_target_reached_under_one_pairing_only_is_not_reached(tmp_path):
    """Gabriel against Dominic under two pairings: influencer against
    influencer (about 60%, within 10 points of 55%) and influencer against the
    warmonger (about 72%, which Saint Florian moved by one cannot bring near
    55%).  tune must call it not reached, having confirmed every finalist, and
    say under which pairing the proposal landed within the tolerance and under
    which not: each score checked against the proposal played here under that
    pairing."""
    proc, path, result = one_weak_card(tmp_path, 0.55, "--tolerance", 0.1,
                                       policies='[["influencer", "influencer"], ["influencer", "warmonger"]]')
    assert "Traceback" not in proc.stderr, proc.stderr
    exp, conf = load_experiment(path), result["confirmation"]
    overrides: dict = {}
    for c in result["proposal"]:
        overrides.setdefault(c["card"], {})[c["field"]] = c["to"]
    scores = []
    for cell, row in zip(exp.cells, conf["cells"]):
        m = prepare_cell(exp, Change(overrides=overrides).apply(cell, exp.ruleset))
        w = play_winners(exp.ruleset, {"p": m}, conf["seed"], 0, conf["games"], 1)["p"]
        scores.append(((w == 0).sum() + (w < 0).sum() / 2) / len(w))
        assert row["proposal"]["score"] == pytest.approx(scores[-1], abs=1e-12)
    within = [abs(score - 0.55) <= 0.1 + 1e-9 for score in scores]
    assert within == [True, False], scores
    assert [row["pairing"] for row in conf["cells"]] == ["influencer vs influencer", "influencer vs warmonger"]
    assert [row["within"] for row in conf["cells"]] == within
    assert (result["status"], result["reached"], proc.returncode) == ("not reached", False, 1)
    assert len(result["confirmations"]) == len(result["finalists"])
    out = proc.stdout.splitlines()
    assert out[0].startswith("NOT REACHED: closest proposal lands at ") and "under influencer vs warmonger" in out[0]
    assert [line.split(": deck A's")[0].rsplit("under ", 1)[1] for line in out[3:5]] == \
        ["influencer vs influencer / default readings", "influencer vs warmonger / default readings"]
    assert "within the tolerance" in out[3] and "beyond the tolerance" in out[4]


def test_the_objective_asks_half_the_tolerance_under_every_pairing():
    """One deck pair under two pairings, tolerance 2 points: a change 0.9
    points off the target under both beats one on the target under the first
    and 1.6 points off under the second, though the latter's mean miss is the
    smaller (0.8 against 0.9): its second pairing misses by more than half the
    tolerance, where the confirmation would most likely fail it."""
    cells = [SimpleNamespace(index=0, n_seats=2), SimpleNamespace(index=1, n_seats=2)]
    search = Search(SimpleNamespace(cells=cells), 0, 1, lambda _: None)
    even, lopsided = Candidate((("Vashka", "cost", 3, 2),)), Candidate((("Nyx", "cost", 4, 3),))
    for cand, wins in ((even, (509, 491)), (lopsided, (500, 516))):
        for cell, n in enumerate(wins):
            search.games[(cand, cell)] = np.array([0] * n + [1] * (1000 - n))
    assert even.price == lopsided.price
    assert search.objective(even, Plan(target=0.5)) < search.objective(lopsided, Plan(target=0.5))


def test_a_miss_beyond_half_the_tolerance_outweighs_the_price_of_a_bigger_change():
    """A one-step change 1.8 points off the target beats a two-card change 0.5 off
    while both are within half the tolerance; with a 2-point tolerance the small
    change misses by 0.8 points, and the bigger one is proposed."""
    search = Search(SimpleNamespace(cells=[SimpleNamespace(index=0, n_seats=2)]), 0, 1, lambda _: None)
    small = Candidate((("Vashka", "cost", 3, 2),))
    near = Candidate((("Grasch", "cost", 4, 1), ("Nyx", "cost", 4, 1)))
    search.games[(small, 0)] = np.array([0] * 518 + [1] * 482)         # deck A scores 51.8%
    search.games[(near, 0)] = np.array([0] * 505 + [1] * 495)          # 50.5%
    wide, usual = Plan(target=0.5, tolerance=0.06), Plan(target=0.5)
    assert search.objective(small, wide) < search.objective(near, wide)
    assert search.objective(near, usual) < search.objective(small, usual)


def test_fewer_and_smaller_changes_cost_more_accuracy():
    one = Candidate((("Therkax", "cost", 8, 7),))
    assert Candidate().price < one.price < Candidate((("Therkax", "cost", 8, 5),)).price
    assert one.price < (one + Candidate((("Marnel", "cost", 4, 5),))).price


@pytest.mark.parametrize("args, named", [
    (["--target", "1.5"], ["--target"]), (["--target", "-0.1"], ["--target"]),
    (["--tolerance", "0"], ["--tolerance", "above 0"]), (["--tolerance", "-0.01"], ["--tolerance"]),
    (["--budget", "100"], ["--budget", "at least"]),
    (["--cards", "Nobody"], ["Nobody"]), (["--fields", "cost", "colour"], ["--fields"]),
])
def test_bad_tune_options(tmp_path, args, named):
    path = experiment(tmp_path, GABRIEL, BELIAL, 5)
    one_line_error(balance("tune", path, "--out", tmp_path / "out", *args), *named)
    assert not (tmp_path / "out").exists()


def test_a_pairing_with_an_unknown_agent(tmp_path):
    path = experiment(tmp_path, GABRIEL, BELIAL, 5, '[["influencer", "influencer"], ["nobody", "influencer"]]')
    one_line_error(balance("tune", path, "--out", tmp_path / "out"), str(path), "nobody")
    assert not (tmp_path / "out").exists()
