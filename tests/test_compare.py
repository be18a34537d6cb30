"""``balance compare`` (issues 6, 23 and 24): the paired sequential test's
calibration and power on real games, alone and over several agent pairings
(the multiplicity of a run's matchups), the fixed-N verdicts on synthetic
pair differences, fixed-N numbers recomputed from independent runs, the three
verdicts' exit codes, a change found under one pairing and not another, and
bad input.  Games are played on one worker: results are the same for any
number of jobs."""
import html

import numpy as np
import polars as pl
import pytest
from cli import ROOT, balance, one_line_error
from scipy import stats

from balance.analysis.compare import Change, Settings, compare
from balance.analysis.sprt import (CHANGED, NO_CHANGE, UNDECIDED, Bounds, Sequential, fixed_test, games_needed,
                                   pair_scores)
from balance.rules import get
from balance.rules.innomine.matchup import prepare
from balance.runner import load_run, run_experiment
from balance.runner.run import play_winners

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")


def experiment(seed=11, **grid):
    return {"name": "c", "seed": seed, "games": 400,
            "grid": {"pairs": [[GABRIEL, BELIAL]], "threshold": 2, **grid}}


# ------------------------------------------------------------------ calibration
def independent(policy_a="influencer", policy_b="influencer"):
    """Pair scores of the same matchup on two disjoint seed sets: a candidate
    that changes nothing, seen without common random numbers (the hard case)."""
    m = prepare(GABRIEL, BELIAL, policy_a, policy_b, threshold=2)
    return tuple(pair_scores(play_winners(get(), {"m": m}, seed, 0, 24_000, jobs=1)["m"]) for seed in (101, 202))


@pytest.fixture(scope="module")
def independent_pairs():
    return independent()


def sequential_verdict(diffs, bound, step=50, limits=Bounds.of(0.05, 0.05)):
    test = Sequential(bound, limits)
    for n in range(step, len(diffs) + 1, step):
        if test.update(diffs[:n]) != UNDECIDED:
            break
    return test.verdict


def test_no_change_is_called_no_change_as_often_as_alpha_promises(independent_pairs):
    """Twenty no-change comparisons at alpha = 0.05: the verdicts other than "no
    change" must be no more frequent than alpha allows -- a one-sided binomial
    test of their count against 5% must not reject at the 1% level (four of
    twenty pass, five fail).  A fixed "at most two" would fail 7.5% of the time
    on a test exactly at its nominal alpha."""
    a, b = independent_pairs
    reps = 20
    size = len(a) // reps
    verdicts = [sequential_verdict(b[k * size:(k + 1) * size] - a[k * size:(k + 1) * size], bound=0.10)
                for k in range(reps)]
    misses = reps - verdicts.count(NO_CHANGE)
    assert stats.binomtest(misses, reps, 0.05, alternative="greater").pvalue > 0.01, verdicts


def test_a_shift_of_twice_the_bound_is_detected_every_time(independent_pairs):
    """Deck A's results with a planted shift of about +24 points (60% of the
    pairs, which deck A otherwise scores ~60% in, turned into wins): every
    repetition says changed."""
    a, b = independent_pairs
    reps = 20
    size = len(a) // reps
    rng = np.random.default_rng(0)
    shifted = np.where(rng.random(len(b)) < 0.6, 1.0, b)
    assert shifted.mean() - b.mean() > 0.2
    verdicts = [sequential_verdict(shifted[k * size:(k + 1) * size] - a[k * size:(k + 1) * size], bound=0.10)
                for k in range(reps)]
    assert verdicts.count(CHANGED) == reps, verdicts


# ------------------------------------------------------------------ several pairings: a run's multiplicity
PAIRINGS = [("influencer", "influencer"), ("warmonger", "tether_holder")]


@pytest.fixture(scope="module")
def independent_pairings(independent_pairs):
    """``independent_pairs`` under each of PAIRINGS: the matchups of one run."""
    return [independent_pairs] + [independent(*pairing) for pairing in PAIRINGS[1:]]


def run_verdicts(runs, bound, limits):
    """Each run's set of matchup verdicts; ``runs`` yields each run's pair differences, matchup by matchup."""
    return [{sequential_verdict(d, bound, limits=limits) for d in run} for run in runs]


def test_same_against_same_under_several_pairings_ends_no_change_for_the_run(independent_pairings):
    """Issue 6's calibration kept under several pairings: fifteen runs of both
    pairings on disjoint seeds (nothing changed, no common random numbers),
    each matchup tested as ``compare`` tests it, at alpha/m
    (``Settings.limits``).  The run ends "no change" -- every matchup's -- in
    at least 90% of them, and the runs calling some matchup changed are no
    more than alpha allows (the binomial test above).  Each matchup may play
    800 pairs: six times the test's expected stopping time here (about 130
    pairs: -ln(0.05) 2 var / bound^2, var of a difference about 0.23), as
    compare's default --max-games is for independent pairs at the default
    bound (20,000 pairs against about 3,300).  At 600 pairs (twenty runs)
    three matchups of 40 met the limit first: INCONCLUSIVE, which a run may
    not read as "no change"."""
    settings, reps = Settings(bound=0.10), 15
    size = len(independent_pairings[0][0]) // reps
    runs = [[b[k * size:(k + 1) * size] - a[k * size:(k + 1) * size] for a, b in independent_pairings]
            for k in range(reps)]
    verdicts = run_verdicts(runs, settings.bound, settings.limits(len(PAIRINGS)))
    assert sum(v == {NO_CHANGE} for v in verdicts) >= 0.9 * reps, verdicts
    assert stats.binomtest(sum(CHANGED in v for v in verdicts), reps, 0.05, alternative="greater").pvalue > 0.01


def test_a_runs_false_alarms_stay_within_alpha_however_many_matchups():
    """Four hundred runs of ten unchanged matchups (normal pair differences of
    SD 0.45, as independent pairs' above; bound 10 points).  At alpha/m each
    (``Settings.limits``) the runs calling some matchup changed are no more
    than alpha allows (a one-sided binomial test at 1%), and at least 90% end
    "no change".  At the full alpha each -- compare's sequential test before
    issue 23 -- they are far more (about 20%): the test can see a missing
    adjustment."""
    runs, m, settings = 400, 10, Settings(bound=0.10)
    rng = np.random.default_rng(0)
    differences = [[rng.normal(0.0, 0.45, 1200) for _ in range(m)] for _ in range(runs)]
    adjusted = run_verdicts(differences, settings.bound, settings.limits(m))
    unadjusted = run_verdicts(differences, settings.bound, settings.limits(1))
    assert stats.binomtest(sum(CHANGED in v for v in adjusted), runs, 0.05, alternative="greater").pvalue > 0.01
    assert sum(v == {NO_CHANGE} for v in adjusted) >= 0.9 * runs
    assert stats.binomtest(sum(CHANGED in v for v in unadjusted), runs, 0.05, alternative="greater").pvalue < 0.01


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_planted_rule_change_is_detected_on_real_games(seed):
    """Gabriel played by the random-legal policy instead of the influencer wins
    far less (about 32 points on these seeds).  (The warmonger, once the planted
    change here, is within 6 points of the influencer since its gangs are no
    larger than a fight needs, I109.)"""
    result = compare(experiment(seed), change=Change(policy_a="random"), settings=Settings(batch=400), jobs=1)
    assert result["verdict"].to_list() == [CHANGED]
    assert result["difference"][0] < -0.20


# ------------------------------------------------------------------ fixed N on synthetic pairs
BOUND, SD, REPS = 0.02, 0.35, 400      # SD near real pair differences' (0.3 to 0.45)
FEW, MANY = 20, 8_000                  # pairs: far too few for a 2-point bound; enough for it (SE 0.39 points)


def fixed_verdicts(shift, pairs, m=1, seed=0):
    """REPS fixed-N verdicts on normal pair differences of a known shift and SD."""
    rng = np.random.default_rng(seed)
    return [fixed_test(rng.normal(shift, SD, pairs), BOUND, 0.05, m).verdict for _ in range(REPS)]


def test_a_change_of_twice_the_bound_on_too_few_pairs_is_inconclusive_never_no_change():
    """The failure that made this a fail-open gate: 20 pairs cannot show
    equivalence within 2 points (the TOST interval alone is ~25 points wide)."""
    verdicts = fixed_verdicts(2 * BOUND, FEW)
    assert NO_CHANGE not in verdicts
    assert verdicts.count(UNDECIDED) >= 0.9 * REPS


@pytest.mark.parametrize("m", [1, 6])
def test_a_change_of_twice_the_bound_on_enough_pairs_is_changed(m):
    """Power at 8,000 pairs: the 2 points between the shift and the bound are
    5.1 SEs, of which the interval's half takes z(1 - alpha/2m) = 2.0 for m = 1
    and 2.6 for m = 6 matchups: ~99.9% and ~99.3%."""
    assert fixed_verdicts(2 * BOUND, MANY, m).count(CHANGED) >= 0.95 * REPS


def test_no_change_on_enough_pairs_is_no_change():
    assert fixed_verdicts(0.0, MANY).count(NO_CHANGE) >= 0.9 * REPS


def test_no_change_on_too_few_pairs_is_not_called_changed_beyond_alpha():
    """A test at level alpha says "changed" of a null change at most at rate
    alpha/m, never at rate 0; with few pairs it is near that, so the count is
    held to alpha by a one-sided binomial test at 1% (as above), and no run may
    call it "no change" either."""
    verdicts = fixed_verdicts(0.0, FEW)
    assert stats.binomtest(verdicts.count(CHANGED), REPS, 0.05, alternative="greater").pvalue > 0.01
    assert NO_CHANGE not in verdicts


@pytest.mark.parametrize("pairs, verdict", [(10, UNDECIDED), (200, NO_CHANGE)])
def test_identical_pairs_need_the_exact_bound_not_a_zero_width_interval(pairs, verdict):
    """All differences 0: ten pairs show nothing (a t interval would be the
    point 0); 200 do, since 1 - 0.05^(1/200) = 1.5% < 2 points."""
    assert fixed_test(np.zeros(pairs), BOUND, 0.05, 1).verdict == verdict


def test_games_needed():
    """Pairs at which the t interval -- z(0.95) for equivalence, z(1 - alpha/2m)
    for a change -- would clear the bound, from the normal approximation up;
    the exact bound for identical pairs; None on the bound."""
    for shift, a in ((0.01, 0.05), (0.03, 0.05 / 6)):        # inside the bound, beyond it (m = 3)
        d = np.array([0.5, -0.5] * 50) + shift
        sd, gap = np.std(d, ddof=1), abs(BOUND - d.mean())
        n = games_needed(d, BOUND, 0.05, 3) // 2
        assert n >= (stats.norm.ppf(1 - a) * sd / gap) ** 2
        assert stats.t.ppf(1 - a, n - 1) * sd / np.sqrt(n) < gap <= stats.t.ppf(1 - a, n - 2) * sd / np.sqrt(n - 1)
    assert games_needed(np.zeros(10), BOUND, 0.05, 1) == 2 * 149   # ln 0.05 / ln 0.98 = 148.3
    assert games_needed(np.array([0.25] + [0.0] * 7), 1 / 32, 0.05, 1) is None
    assert games_needed(np.array([0.5, -0.5] * 5), 0.5, 0.05, 1) == 22   # never fewer than played + a pair


# ------------------------------------------------------------------ exit codes on real games
def grid_file(tmp_path, threshold="2", seed=4, policies='"influencer"'):
    path = tmp_path / f"base{seed}.toml"
    path.write_text(f'name = "base"\nseed = {seed}\ngames = 10\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n'
                    f'threshold = {threshold}\npolicies = {policies}\n')
    return path


QUESTION = "Gabriel's Legions of Flame vs Belial's Burning Host, threshold {}"
TWO_PAIRINGS = '[["influencer", "influencer"], ["warmonger", "tether_holder"]]'


@pytest.mark.parametrize("mode", [["--batch", 200], ["--fixed", 400]])
def test_a_configuration_against_itself_exits_0(tmp_path, mode):
    """Against itself on common seeds the candidate plays the very same games:
    every pair difference is 0 and the sequential test accepts "none" at its
    first look.  Fixed N has no spread to use either, so its interval is the
    exact one (``sprt.exact_interval``): 200 identical pairs bound the mean
    within 1 - 0.05^(1/200) = 1.5 points (TOST) -- inside the default bound of 2
    points whatever the games, which is why the default is used; 150 pairs
    (300 games) would be the least.  Two thresholds under two pairings: four
    matchups, two questions, each "no change under every pairing"."""
    path = grid_file(tmp_path, "[2, 3]", policies=TWO_PAIRINGS)
    proc = balance("compare", path, path, *mode, "--jobs", 1, "--out", tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    summary = [f"{QUESTION.format(t)}: NO CHANGE under every pairing and reading" for t in (2, 3)]
    assert proc.stdout.splitlines()[-4:-1] == summary + ["verdict: NO CHANGE in all 4 matchup(s)"]
    assert proc.stdout.count("NO CHANGE") == 4 + 2 + 1
    csv = pl.read_csv(tmp_path / "out" / "compare.csv")
    assert csv["question"].to_list() == [QUESTION.format(t) for t in (2, 2, 3, 3)]
    assert csv["pairing"].to_list() == ["influencer vs influencer", "warmonger vs tether_holder"] * 2
    assert csv["verdict"].to_list() == [NO_CHANGE] * 4 and csv["games_needed"].is_null().all()
    page = (tmp_path / "out" / "index.html").read_text()
    assert "Regression check" in page and "data:image/png;base64," in page
    assert all(html.escape(line) in page for line in summary) and page.count("NO CHANGE") == 7


@pytest.mark.parametrize("mode", [["--batch", 200], ["--fixed", 400]])
def test_a_change_under_one_pairing_only_is_reported_under_that_pairing(tmp_path, mode):
    """Deck B's agent made random: under "influencer vs influencer" Belial
    loses its plan (Gabriel gains 58 points in 200 games on these seeds), under
    "warmonger vs random" deck B already was random, so the candidate plays
    the very games of the baseline.  The question changed under the first
    pairing only, and says so; the exit code is a change's."""
    path = grid_file(tmp_path, policies='[["influencer", "influencer"], ["warmonger", "random"]]')
    proc = balance("compare", path, "--policy-b", "random", *mode, "--jobs", 1, "--out", tmp_path / "out")
    assert proc.returncode == 1, proc.stderr
    summary = (f"{QUESTION.format(2)}: CHANGED under: influencer vs influencer / default readings; "
               f"NO CHANGE under: warmonger vs random / default readings")
    assert summary in proc.stdout.splitlines()
    assert proc.stdout.splitlines()[-2].startswith(
        f"verdict: CHANGED in 1 of 2 matchup(s) ({QUESTION.format(2)}, under influencer vs influencer / "
        f"default readings)")
    csv = pl.read_csv(tmp_path / "out" / "compare.csv")
    assert csv["pairing"].to_list() == ["influencer vs influencer", "warmonger vs random"]
    assert csv["verdict"].to_list() == [CHANGED, NO_CHANGE]
    assert csv["difference"][0] > 0.40 and csv["difference"][1] == 0.0
    assert html.escape(summary) in (tmp_path / "out" / "index.html").read_text()


@pytest.mark.parametrize("mode", [["--batch", 200], ["--fixed", 400]])
def test_a_planted_change_exits_1(tmp_path, mode):
    proc = balance("compare", grid_file(tmp_path), "--policy-a", "random", *mode, "--jobs", 1,
                   "--out", tmp_path / "out")
    assert proc.returncode == 1, proc.stderr
    assert "CHANGED" in proc.stdout and "INCONCLUSIVE" not in proc.stdout
    assert pl.read_csv(tmp_path / "out" / "compare.csv")["verdict"].to_list() == [CHANGED]


@pytest.mark.parametrize("mode", [["--fixed", 10], ["--max-games", 20, "--batch", 20]])
def test_too_few_games_on_a_planted_change_exit_3_with_the_games_needed(tmp_path, mode):
    """The planted -32-point change on 5 or 10 seed pairs: neither test can
    decide, and the gate says so (exit 3) with an estimate instead of passing."""
    proc = balance("compare", grid_file(tmp_path), "--policy-a", "random", *mode, "--jobs", 1,
                   "--out", tmp_path / "out")
    assert proc.returncode == 3, proc.stderr
    verdict = proc.stdout.splitlines()[-2]
    assert verdict.startswith("verdict: INCONCLUSIVE in 1 of 1 matchup(s)")
    row = pl.read_csv(tmp_path / "out" / "compare.csv").row(0, named=True)
    assert row["verdict"] == UNDECIDED and f"about {row['games_needed']:,} games per side would decide" in verdict
    assert "INCONCLUSIVE" in (tmp_path / "out" / "index.html").read_text()


# ------------------------------------------------------------------ fixed N, recomputed from stores
def test_fixed_n_equals_a_paired_t_test_on_two_independent_runs(tmp_path):
    change = {"label": "cheap Therkax", "cost": {"Therkax": 2}}
    base = run_experiment(experiment(), out=tmp_path / "base", jobs=1, progress=False)
    cand = run_experiment(experiment(overrides=[change]), out=tmp_path / "cand", jobs=1, progress=False)

    def scores(run_dir):
        winners = [r["winner"] for r in load_run(run_dir).games.sort("game").collect().iter_rows(named=True)]
        per_game = [1.0 if w == 0 else 0.5 if w == -1 else 0.0 for w in winners]
        return [(per_game[2 * k] + per_game[2 * k + 1]) / 2 for k in range(len(per_game) // 2)]

    b, c = scores(base), scores(cand)
    diffs = [y - x for x, y in zip(b, c)]
    t = stats.ttest_1samp(diffs, 0.0)
    result = compare(experiment(), change=Change(overrides={"Therkax": {"cost": 2}}),
                     settings=Settings(fixed=400), jobs=1).row(0, named=True)
    assert result["verdict"] == fixed_test(np.array(diffs), 0.02, 0.05, 1).verdict
    assert result["games"] == 400
    assert result["baseline"] == pytest.approx(sum(b) / len(b))
    assert result["candidate"] == pytest.approx(sum(c) / len(c))
    assert result["difference"] == pytest.approx(sum(diffs) / len(diffs))
    assert result["p"] == pytest.approx(t.pvalue)
    assert (result["low"], result["high"]) == pytest.approx(tuple(t.confidence_interval()))


# ------------------------------------------------------------------ bad input
@pytest.fixture
def base_file(tmp_path):
    path = tmp_path / "base.toml"
    path.write_text(f'name = "b"\nseed = 1\ngames = 10\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    return path


def test_mismatched_experiments(base_file, tmp_path):
    other = tmp_path / "other.toml"
    other.write_text(base_file.read_text() + "threshold = [3, 5]\n")
    one_line_error(balance("compare", base_file, other), "mismatched experiments", str(other))


@pytest.mark.parametrize("args, named", [
    (["--bound", "0"], "--bound"), (["--bound", "-2"], "--bound"),
    (["--alpha", "1.5"], "--alpha"), (["--alpha", "0"], "--alpha"), (["--beta", "1"], "--beta"),
    (["--set", 'cost."Therkaks" = 2'], "Therkaks"), (["--set", "cost = "], "--set"),
    (["--variant", "d20"], "variant"), (["--fixed", "10", "--alpha", "0.5"], "--alpha"),
])
def test_bad_compare_options(base_file, args, named):
    one_line_error(balance("compare", base_file, *args), named)


def test_a_candidate_with_another_seed(base_file, tmp_path):
    """compare plays both sides on the baseline's seeds: a candidate file whose
    seed differs would be silently ignored, so it is refused before any game."""
    other = tmp_path / "other.toml"
    other.write_text(base_file.read_text().replace("seed = 1", "seed = 2"))
    err = one_line_error(balance("compare", base_file, other), str(other), "seed", "2", "1", "baseline's seed")
    assert err.startswith(f"balance: {other}: seed:")


def test_a_pairing_with_an_unknown_agent(tmp_path):
    """A bad agent in one pairing of the grid: one line naming the file and
    the agent, exit 2, before any game; no report folder is written."""
    path = grid_file(tmp_path, policies='[["influencer", "influencer"], ["warmonger", "nobody"]]')
    one_line_error(balance("compare", path, "--set", 'cost."Therkax" = 2', "--out", tmp_path / "out"),
                   str(path), "nobody")
    assert not (tmp_path / "out").exists()


def test_no_candidate_at_all(base_file):
    one_line_error(balance("compare", base_file), "no candidate")
