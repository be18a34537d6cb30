"""``balance report`` and ``balance impact`` end to end (real CLI, a real small
run): the files, numbers equal to a plain-Python recomputation, the page in a
headless Chromium, and bad input (not a run, an empty run, a half-finished run)."""
import csv
import os
import re
import shutil
from pathlib import Path

import pytest
from cli import ROOT, balance, ok, one_line_error
from runs import BELIAL, GABRIEL, play, raw_rows

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FIGURES = {"matchup_matrix", "parameter_sweep", "game_length", "curves", "economy", "card_impact", "causal_impact"}


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("report")
    return play(tmp, "small", 400, 200, pairs=[[GABRIEL, BELIAL]], threshold=[3, 5]), tmp


@pytest.fixture(scope="module")
def report(small_run):
    run_dir, tmp = small_run
    exp = tmp / "small.toml"
    exp.write_text(f'name = "small"\nseed = 7\ngames = 400\nchunk = 200\n[grid]\n'
                   f'pairs = [["{GABRIEL}", "{BELIAL}"]]\nthreshold = [3, 5]\n')
    ok(balance("impact", exp, "--deck", BELIAL, "--cards", "Arson Spree", "Therkax", "--games", 200, "--jobs", 2,
               "--out", run_dir))
    ok(balance("impact", exp, "--deck", BELIAL, "--cards", "Therkax", "--baseline", "average", "--games", 200,
               "--jobs", 2, "--out", run_dir))
    out = tmp / "out"
    ok(balance("report", run_dir, "--out", out, "--min-games", 50))
    return out, raw_rows(run_dir)


def test_report_files(report):
    out, _ = report
    assert {p.stem for p in (out / "figures").glob("*.png")} == FIGURES
    tables = {p.stem for p in (out / "tables").glob("*.csv")}
    assert {"outcomes_by_matchup", "card_impact", "curves", "economy", "game_length", "causal_impact"} <= tables
    page = (out / "index.html").read_text()
    assert page.count("<img") == len(FIGURES)
    assert all(src.startswith("data:image/png;base64,") for src in re.findall(r"src='([^']*)'", page))
    text = re.sub(r"data:image/png;base64,[A-Za-z0-9+/=]+", "", page)
    assert not re.search(r"(?:https?:)?//[a-z]", text), "external URL in the page"
    assert page.index("Verdicts") < page.index("<img")
    assert "PARTIAL" not in page


def test_report_numbers_equal_plain_python(report):
    out, rows = report
    table = list(csv.DictReader(open(out / "tables/outcomes_by_matchup.csv")))
    best = None
    for r in table:
        games = [g for g in rows if g["cell"] == int(r["cell"])]
        wins = sum(g["winner"] == int(r["side"]) for g in games)
        assert (int(r["games"]), int(r["wins"])) == (len(games), wins)
        assert float(r["win_rate"]) == pytest.approx(wins / len(games))
        best = max(best or (0, 0), (wins / len(games), len(games)))
    summary = (out / "summary.md").read_text()
    assert f"wins {100 * best[0]:.1f}% (95% CI" in summary.split("Most favoured")[1].splitlines()[0]
    decisive = [g for g in rows if g["winner"] >= 0]
    first = sum(g["winner"] == g["first"] for g in decisive) / len(decisive)
    assert f"moves first wins {100 * first:.1f}% (95% CI" in summary
    assert f"{len(rows):,} games in 2 cell(s)" in summary


def test_causal_impact_is_in_the_report(report):
    out, rows = report
    table = list(csv.DictReader(open(out / "tables/causal_impact.csv")))
    assert {(r["card"], r["baseline"]) for r in table} == {("Arson Spree", "blank"), ("Therkax", "blank"),
                                                           ("Therkax", "average card")}
    base = [g for g in rows if g["game"] < 200]       # the impact replayed games 0..199 of both cells
    for r in table:
        assert float(r["built_win_rate"]) == pytest.approx(sum(g["winner"] == 1 for g in base) / len(base))
        assert r["verdict"] in ("helps", "hurts", "negligible", "undecided")
    summary = (out / "summary.md").read_text()
    assert "Card verdicts against the blank (causal, 2 cards" in summary
    assert "Card verdicts against the average card (causal, 1 card:" in summary


def chromium_missing():
    return not (CHROMIUM.exists() and CHROMEDRIVER.exists())


@pytest.mark.skipif(chromium_missing() and not os.environ.get("CI"), reason="chromium not installed (apt-get install chromium chromium-driver)")
def test_report_opens_in_headless_chromium(report, tmp_path):
    assert not chromium_missing(), "CI must have chromium and chromium-driver (.ci/run installs them)"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    out, _ = report
    opts = webdriver.ChromeOptions()
    opts.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--user-data-dir={tmp_path / 'profile'}", "--window-size=1200,1600"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=opts)
    try:
        driver.get((out / "index.html").as_uri())
        widths = driver.execute_script("return Array.from(document.images).map(i => i.complete ? i.naturalWidth : 0)")
        assert len(widths) == len(FIGURES) and all(w > 0 for w in widths), widths
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert not errors, errors
        shots = ROOT / "test-artifacts"
        shots.mkdir(exist_ok=True)
        assert driver.save_screenshot(str(shots / "report.png"))
    finally:
        driver.quit()


# ------------------------------------------------------------------ bad input, partial runs
def test_not_a_run(tmp_path):
    one_line_error(balance("report", tmp_path), str(tmp_path), "not a run directory")


def test_empty_run(small_run, tmp_path):
    run_dir, _ = small_run
    empty = tmp_path / "empty"
    (empty / "chunks").mkdir(parents=True)
    shutil.copy(run_dir / "manifest.json", empty / "manifest.json")
    one_line_error(balance("report", empty), str(empty), "no finished games")


def test_half_finished_run_reports_what_finished(small_run, tmp_path):
    run_dir, _ = small_run
    half = tmp_path / "half"
    shutil.copytree(run_dir, half, ignore=shutil.ignore_patterns("impact"))
    dropped = sorted((half / "chunks").glob("*.parquet"))[-1]
    dropped.unlink()                                 # as if killed before its last chunk was written
    ok(balance("report", half, "--out", tmp_path / "out"))
    summary = (tmp_path / "out/summary.md").read_text()
    assert "PARTIAL RUN" in summary and "3 of 4 chunks finished" in summary
    assert "600 games in 2 cell(s)" in summary
    assert "PARTIAL RUN" in (tmp_path / "out/index.html").read_text()


def test_impact_bad_input(small_run, tmp_path):
    run_dir, tmp = small_run
    exp = tmp / "small.toml"
    one_line_error(balance("impact", exp, "--deck", "decks/nosuch.toml", "--out", tmp_path), "--deck", "nosuch")
    one_line_error(balance("impact", exp, "--deck", BELIAL, "--cards", "Therkaz", "--out", tmp_path),
                   "Therkaz", "Therkax")
