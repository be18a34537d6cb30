"""How much a verdict depends on play and on readings (analysis.robustness):
the label rule on rates whose truth is known, and on real games.  A deck
crippled by 30 dead cards is beaten under every pairing (robust).  Under the
reading protection = new_combat, Gabriel against Belial at threshold 5 is lost
under the influencer (about 30%) and won by the warmonger against the tether
holder (about 58%): it depends on play.  At threshold 4, under that second
pairing only, the protection reading alone decides it (measured at threshold
5: 58% under new_combat, 33% under any_harm): it depends on reading."""
import polars as pl
import pytest
from runs import BELIAL, GABRIEL, planted_deck

from balance.analysis import robustness
from balance.report import write_report
from balance.runner import load_run, run_experiment


def rows(*intervals, ways=None):
    """Rows of by_play: one per way (pairing, reading), default each its own pairing under one reading."""
    ways = ways or [(f"p{k}", "default readings") for k in range(len(intervals))]
    return pl.DataFrame({"family_lo": [lo for lo, _ in intervals], "family_hi": [hi for _, hi in intervals],
                         "pairing": [p for p, _ in ways], "reading": [r for _, r in ways]})


@pytest.mark.parametrize("intervals, expected", [
    (((0.55, 0.60), (0.51, 0.58)), robustness.ROBUST),
    (((0.30, 0.40), (0.41, 0.49), (0.20, 0.25)), robustness.ROBUST),
    (((0.55, 0.60), (0.40, 0.45)), robustness.ON_PLAY),
    (((0.55, 0.60), (0.48, 0.53), (0.40, 0.45)), robustness.ON_PLAY),
    (((0.55, 0.60), (0.48, 0.53)), robustness.UNDECIDED),
    (((0.47, 0.52), (0.49, 0.53)), robustness.UNDECIDED),
])
def test_the_label_needs_every_interval_on_one_side_or_two_on_opposite_sides(intervals, expected):
    assert robustness.label(rows(*intervals)) == expected


GRID = [("p", "r"), ("q", "r"), ("p", "s"), ("q", "s")]
ABOVE, BELOW, EITHER = (0.55, 0.60), (0.40, 0.45), (0.48, 0.53)


@pytest.mark.parametrize("intervals, expected", [
    ((ABOVE, ABOVE, BELOW, BELOW), robustness.ON_READING),     # the reading alone moves it
    ((ABOVE, BELOW, ABOVE, BELOW), robustness.ON_PLAY),        # the pairing alone moves it
    ((ABOVE, BELOW, BELOW, BELOW), robustness.ON_BOTH),        # each alone moves it
    ((ABOVE, EITHER, EITHER, BELOW), robustness.ON_BOTH),      # only both together
    ((ABOVE, ABOVE, ABOVE, EITHER), robustness.UNDECIDED),
    ((BELOW, BELOW, BELOW, BELOW), robustness.ROBUST),
])
def test_across_pairings_and_readings_the_label_says_which_moves_the_verdict(intervals, expected):
    assert robustness.label(rows(*intervals, ways=GRID)) == expected


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("play")
    crippled = planted_deck(tmp, "Dud", copies=30)
    styles = ["influencer", ["warmonger", "tether_holder"]]
    spec = {"name": "play", "seed": 5, "games": 2000, "chunk": 1000,
            "grid": [{"pairs": [[GABRIEL, BELIAL], [BELIAL, crippled]], "policies": styles,
                      "readings": {"protection": "new_combat"}},
                     {"pairs": [[GABRIEL, BELIAL]], "threshold": 4, "policies": [styles[1]],
                      "readings": [{}, {"protection": "new_combat"}]}]}
    return run_experiment(spec, out=tmp / "play", jobs=2, progress=False)


def test_planted_edges_are_labelled_robust_depends_on_play_and_depends_on_reading(run):
    run = load_run(run)
    verdicts = robustness.verdicts(robustness.by_play(run), robustness.question(run))
    by = {(r["deck_a"].split("'")[0] + " vs " + r["deck_b"].split("'")[0], r["threshold"]): r
          for r in verdicts.iter_rows(named=True)}
    assert set(by) == {("Gabriel vs Belial", 5), ("Belial vs Dud test", 5), ("Gabriel vs Belial", 4)}, by
    crippled = by["Belial vs Dud test", 5]
    assert crippled["label"] == robustness.ROBUST and crippled["favoured"].startswith("Belial"), crippled
    style = by["Gabriel vs Belial", 5]
    assert style["label"] == robustness.ON_PLAY and style["favoured"] is None, style
    assert style["spread"] > 4 * style["sampling"], style      # the doubt from play dwarfs the sampling interval
    reading = by["Gabriel vs Belial", 4]
    assert (reading["label"], reading["pairings"], reading["readings"]) == (robustness.ON_READING, 1, 2), reading
    assert reading["spread"] > 4 * reading["sampling"], reading


def test_the_report_labels_its_verdicts(run, tmp_path):
    page = write_report(run, tmp_path / "report").read_text()
    assert "How much does the verdict depend on play and on readings?" in page
    summary = (tmp_path / "report" / "summary.md").read_text()
    assert "depends on play" in summary and "depends on reading" in summary and "robust" in summary
