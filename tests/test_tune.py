"""``balance tune`` (issue 6): from a matchup deck A wins about 60% of, the
proposal's confirmation on fresh seeds lands within 2 points of the target.

The confirmation plays 16,000 games: at the default 4,000 its own noise is
about 0.8 points (sd), so a proposal whose true score is 1 point off the target,
which the search accepts (half the tolerance), would land more than 2 points
off about one time in ten.

Deck A is Belial: since I101 his Tempted Humans strike to meet their damage
Fates, and he wins about 65% against Gabriel at 2 Humans on these seeds (after
I112: 0.659; the proposal, Hadriel 4 -> 1 and Tamiel 3 -> 0, scores 0.499 on
16,000 fresh games)."""
import json
from types import SimpleNamespace

import numpy as np

import pytest
from cli import ROOT, balance, ok, one_line_error

from balance.analysis.tune import Candidate, Plan, Search, tune

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")
SIXTY = {"name": "sixty", "seed": 9, "games": 2, "grid": {"pairs": [[BELIAL, GABRIEL]], "threshold": 2}}


@pytest.fixture(scope="module")
def tuned():
    return tune(SIXTY, Plan(target=0.5, confirm_games=16_000), jobs=2, log=lambda _: None)   # the default budget


def test_the_starting_matchup_is_about_60_percent(tuned):
    base = tuned["confirmation"][0]["baseline"]
    assert 0.56 < base["score"] < 0.66, base


def test_the_proposal_confirms_within_2_points_of_the_target(tuned):
    proposal = tuned["confirmation"][0]["proposal"]
    assert abs(proposal["score"] - 0.5) <= 0.02, (tuned["proposal"].describe(), proposal)
    assert proposal["low"] <= proposal["win_rate"] <= proposal["high"]


def test_the_proposal_is_small(tuned):
    changes = tuned["proposal"].changes
    assert 1 <= len(changes) <= 2
    assert all(abs(new - old) <= 3 for _, _, old, new in changes)


def test_a_miss_beyond_half_the_tolerance_outweighs_the_price_of_a_bigger_change():
    """A one-step change 1.8 points off the target beats a two-card change 0.5 off
    while both are within half the tolerance; with a 2-point tolerance the small
    change misses by 0.8 points, and the bigger one is proposed."""
    search = Search(SimpleNamespace(cells=[SimpleNamespace(index=0)]), 1, lambda _: None)
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


def test_tune_command_writes_its_proposal(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(f'name = "e"\nseed = 3\ngames = 2\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\nthreshold = 2\n')
    lines = ok(balance("tune", path, "--cards", "Therkax", "Marnel", "--budget", 3000, "--confirm-games", 400,
                       "--jobs", 2, "--out", tmp_path / "out"))
    assert lines[0].startswith("proposal: ")
    written = json.loads((tmp_path / "out" / "tune.json").read_text())
    assert {c["card"] for c in written["proposal"]} <= {"Therkax", "Marnel"}
    assert written["confirmation"][0]["proposal"]["games"] == 400


@pytest.mark.parametrize("args, named", [
    (["--target", "1.5"], "--target"), (["--target", "-0.1"], "--target"), (["--tolerance", "0"], "--tolerance"),
    (["--cards", "Nobody"], "Nobody"), (["--fields", "cost", "colour"], "--fields"),
])
def test_bad_tune_options(tmp_path, args, named):
    path = tmp_path / "e.toml"
    path.write_text(f'name = "e"\nseed = 3\ngames = 2\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    one_line_error(balance("tune", path, *args), named)
