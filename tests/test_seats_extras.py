"""The head-to-head matrix of a piece and the turn something first happened
(analysis.seats.head_to_head, firsts; Ruleset.matrix, firsts): recomputed on
hand-made runs, a planted matchup recovered, mirrors flagged, intervals
clustered by seat-rotation block; and both in a Kamigami report."""
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from cli import ROOT
from statsmodels.stats.proportion import proportion_confint

from balance.analysis import seats
from balance.analysis.intervals import Clustered
from balance.report import seats as report
from balance.runner import run_experiment
from balance.runner.store import Run, load_run

SCHEMA = {"cell": pl.UInt32, "game": pl.UInt32, "block": pl.UInt32, "players": pl.UInt8, "entrant": pl.UInt8,
          "nation": pl.Int8, "winner": pl.Int8, "won": pl.UInt8, "named": pl.UInt16, "crowned": pl.UInt16}


def synthetic(lineups: list[list[str]], games: list[tuple], firsts: dict | None = None) -> Run:
    """A run of hand-made rows: cell c's entrant e plays nation ``lineups[c][e]``;
    ``games``: (cell, game, block, winner entrant or -1 for a draw, {column: a
    value per entrant}) each."""
    cells = [{"index": c, "entrants": lineup, "label": "baseline", "params": {}, "readings": {},
              "policies": ["random"] * len(lineup)} for c, lineup in enumerate(lineups)]
    manifest = {"ruleset": {"parameters": [], "pieces": {"nation": ["Nation", "nations"]}, "matrix": "nation",
                            "firsts": firsts or {}},
                "experiment": {"cells": cells},
                "decks": [{"labels": [f"{n} (random)" for n in lineup], "nations": lineup} for lineup in lineups]}
    rows = [{"cell": c, "game": g, "block": b, "players": len(lineups[c]), "entrant": e, "nation": e, "winner": w,
             "won": int(w == e), "named": 0, "crowned": 0} | {k: v[e] for k, v in cols.items()}
            for c, g, b, w, cols in games for e in range(len(lineups[c]))]
    return Run(Path("."), manifest, pl.LazyFrame(rows, schema=SCHEMA), pl.DataFrame(), False)


def row(table: pl.DataFrame, a: str, b: str) -> dict:
    return table.filter((pl.col("nation_name") == a) & (pl.col("opponent_nation_name") == b)).row(0, named=True)


def planted(rng, cell: int, n_blocks: int, a_entrant: int, share: float, draw: float) -> list[tuple]:
    """Blocks of two games in which nation A (entrant ``a_entrant``) wins both
    games of a block with probability ``share``, the other both otherwise; each
    game drawn with probability ``draw``."""
    a_block = rng.random(n_blocks) < share
    drawn = rng.random(2 * n_blocks) < draw
    return [(cell, g, g // 2, -1 if drawn[g] else (a_entrant if a_block[g // 2] else 1 - a_entrant), {})
            for g in range(2 * n_blocks)]


def test_a_planted_matchup_is_recovered_with_complements_and_a_flagged_mirror():
    """A beats B in 70% of blocks, in cells of either order; draws left out of the
    rate. The A-B rate is the decided games' share won by A, its interval covers
    70%, the B-A row is its complement, the A-A mirror gives its games only, and
    the family interval is Bonferroni over the two rated rows alone."""
    rng = np.random.default_rng(3)
    games = planted(rng, 0, 300, 0, 0.7, 0.1) + planted(rng, 1, 300, 1, 0.7, 0.1)
    mirror = [(2, g, g // 2, -1 if rng.random() < 0.2 else int(rng.integers(2)), {}) for g in range(200)]
    table = seats.head_to_head(synthetic([["A", "B"], ["B", "A"], ["A", "A"]], games + mirror), "nation")
    assert table.height == 3 and table["agents"].to_list() == ["random"] * 3
    ab, ba, aa = row(table, "A", "B"), row(table, "B", "A"), row(table, "A", "A")

    a_wins = sum(w == (0 if c == 0 else 1) for c, _, _, w, _ in games)
    draws = sum(w == -1 for *_, w, _ in games)
    assert (ab["games"], ab["wins"], ab["draws"]) == (1200, a_wins, draws)
    assert ab["win_rate"] == pytest.approx(a_wins / (1200 - draws))
    assert ab["win_rate_lo"] < 0.7 < ab["win_rate_hi"]
    assert ab["win_rate_lo"] > 0.6                     # and it says A is favoured
    assert ba["games"] == 1200 and ba["wins"] == 1200 - draws - a_wins
    assert ba["win_rate"] == pytest.approx(1 - ab["win_rate"])
    assert ba["win_rate_lo"] == pytest.approx(1 - ab["win_rate_hi"])
    assert ba["win_rate_hi"] == pytest.approx(1 - ab["win_rate_lo"])
    assert not ab["mirror"] and not ba["mirror"]

    assert aa["mirror"] and aa["games"] == 200 and aa["draws"] == sum(w == -1 for *_, w, _ in mirror)
    assert aa["wins"] is None and aa["win_rate"] is None and aa["win_rate_lo"] is None

    k, n = np.zeros(300), np.zeros(300)                # A's wins and decided games per block, over both cells
    for c, _, b, w, _ in games:
        n[b] += w != -1
        k[b] += w == (0 if c == 0 else 1)
    _, lo, hi = Clustered.of(k, n).interval(1 - 0.05 / 2)
    assert (ab["family_lo"], ab["family_hi"]) == pytest.approx((lo, hi))


def blocked(blocks_of_two: bool) -> list[tuple]:
    """20 blocks of two games, A (entrant 0) winning both games of the first
    12 and, in those, naming on its turn 3; ``blocks_of_two`` False: every game its own block."""
    return [(0, g, g // 2 if blocks_of_two else g, 0 if g < 24 else 1,
             {"named": [3, 0] if g < 24 else [0, 2]}) for g in range(40)]


def test_intervals_count_blocks_not_games():
    """Two games of one block that always agree are one trial: the effective
    trials are blocks - 1 (games - 1 when every game is its own block), as the
    cluster-robust variance of 20 blocks of 2 identical outcomes gives, and the
    interval is Wilson's on them."""
    for two, eff in ((True, 19), (False, 39)):
        run = synthetic([["A", "B"]], blocked(two), {"named": "the first naming"})
        ab = row(seats.head_to_head(run, "nation"), "A", "B")
        assert ab["win_rate"] == pytest.approx(0.6) and ab["win_rate_eff"] == pytest.approx(eff)
        lo, hi = proportion_confint(0.6 * eff, eff, method="wilson")
        assert (ab["win_rate_lo"], ab["win_rate_hi"]) == pytest.approx((lo, hi))
        named = seats.firsts(run).filter(pl.col("entrant") == 0).row(0, named=True)
        assert named["share"] == pytest.approx(0.6) and named["share_eff"] == pytest.approx(eff)
        assert (named["share_lo"], named["share_hi"]) == pytest.approx((lo, hi))


def test_firsts_share_and_turns_by_hand():
    """Entrant 0 names on its turns 3, 5, 2 and 4 of six games (three blocks),
    entrant 1 on its first turn always, and no one is ever crowned."""
    turns = [[0, 1], [3, 1], [5, 1], [0, 1], [2, 1], [4, 1]]
    run = synthetic([["A", "B"]], [(0, g, g // 2, 0, {"named": t}) for g, t in enumerate(turns)],
                    {"named": "the first naming", "crowned": "a crowning"})
    table = seats.firsts(run)
    assert table.height == 4
    assert set(table["event_label"]) == {"the first naming", "a crowning"}
    zero = table.filter((pl.col("entrant") == 0) & (pl.col("event") == "named")).row(0, named=True)
    assert zero["label"] == "A (random)" and zero["games"] == 6 and zero["happened"] == 4
    assert zero["share"] == pytest.approx(4 / 6)
    assert (zero["turn_mean"], zero["turn_p50"], zero["turn_p90"]) == pytest.approx((3.5, 3.5, 4.7))
    # per block: 1, 1 and 2 of 2 games; p = 2/3, variance 3/2 * 2/3 / 36, so 8 effective trials
    assert zero["share_eff"] == pytest.approx(8)
    one = table.filter((pl.col("entrant") == 1) & (pl.col("event") == "named")).row(0, named=True)
    assert (one["share"], one["turn_p50"], one["turn_p90"]) == (1.0, 1.0, 1.0)
    never = table.filter(pl.col("event") == "crowned")
    assert never["share"].to_list() == [0.0, 0.0] and never["turn_p50"].to_list() == [None, None]


def test_no_games_of_two_no_matrix():
    """Cells of three players only: an empty head-to-head table, which the report leaves out."""
    run = synthetic([["A", "B", "C"]], [(0, g, g // 3, g % 3, {}) for g in range(6)])
    table = seats.head_to_head(run, "nation")
    assert table.is_empty()
    assert report.matrix_of({"head_to_head_nation": table}, run.manifest["ruleset"]) is None


@pytest.fixture(scope="module")
def kamigami(tmp_path_factory):
    """60 games each of Cthulhu against Hastur, Dagon against Dagon and 3 dealt Gods, at random."""
    tmp = tmp_path_factory.mktemp("h2h")
    path = tmp / "h.toml"
    path.write_text(f'name = "h"\nruleset = "kamigami"\nseed = 3\ngames = 60\n[grid]\n'
                    f'cards = "{ROOT / "decks/kamigami/old_ones.toml"}"\npolicies = "random"\n'
                    f'seats = [["Cthulhu", "Hastur"], ["Dagon", "Dagon"], ["dealt", "dealt", "dealt"]]\n')
    return run_experiment(path, out=tmp / "run", jobs=1, progress=False), tmp


def test_the_report_shows_the_matrix_and_the_firsts(kamigami):
    """With ``matrix`` and ``firsts`` in the manifest, the page has the heatmap,
    a head-to-head table naming the mirror without a rate, and a table per
    event; an older manifest without them gets neither."""
    run_dir, tmp = kamigami
    run = load_run(run_dir)
    run.manifest["ruleset"] |= {"matrix": "god", "firsts": {"first_blood": "First blood"}}
    run.games = run.games.with_columns(first_blood=(pl.col("game") % 3 * pl.col("entrant")).cast(pl.UInt16))
    index = report.write_report(run, tmp / "with")
    page = index.read_text()
    assert (index.parent / "figures/head_to_head_god.png").exists()
    assert "Head-to-head: God against God (games of two)" in page
    assert "First blood: share of games, median own turn" in page
    table = pl.read_csv(index.parent / "tables/head_to_head_god.csv")
    assert sorted(table.select("god_name", "opponent_god_name", "mirror").rows()) == [
        ("Cthulhu", "Hastur", False), ("Dagon", "Dagon", True), ("Hastur", "Cthulhu", False)]
    assert table.filter("mirror")["win_rate"].to_list() == [None]
    shown = report.matrix_table(table, "god")
    mirror = shown.filter(pl.col("god") == pl.col("opponent")).row(0, named=True)
    assert mirror["win rate (of the games not drawn)"] == "mirror" and mirror["every row at once"] == ""
    assert "%" in shown.filter(pl.col("god") == "Cthulhu")["win rate (of the games not drawn)"].item()
    firsts = pl.read_csv(index.parent / "tables/firsts.csv")
    assert firsts.group_by("players").len().sort("players").rows() == [(2, 4), (3, 3)]

    older = load_run(run_dir)
    for key in ("matrix", "firsts"):
        del older.manifest["ruleset"][key]
    assert not {"firsts", "head_to_head_god"} & set(seats.tables(older))
    page = report.write_report(older, tmp / "without").read_text()
    assert "Head-to-head" not in page and "share of games" not in page


def test_a_cell_of_one_piece_gives_no_piece_verdict():
    """Two decks of one Nation: its rate is the fair share by construction, so the
    piece table leaves that cell out; a cell of two Nations stays."""
    rng = np.random.default_rng(5)
    games = planted(rng, 0, 50, 0, 0.7, 0.0) + planted(rng, 1, 50, 0, 0.7, 0.0)
    table = seats.by_piece(synthetic([["A", "B"], ["A", "A"]], games), "nation")
    assert sorted(table["nation_name"].to_list()) == ["A", "B"] and (table["games"] == 100).all()


def test_a_piece_against_none_keeps_its_verdict():
    """An entrant with a piece (a Praetor) against one without: its rate is the entrant's, not the fair
    share by construction, so the row stays."""
    rng = np.random.default_rng(6)
    run = synthetic([["A", "B"]], planted(rng, 0, 50, 0, 0.7, 0.0))
    run.manifest["decks"][0]["nations"] = ["A"]          # entrant 1's piece index 1 names nothing: no piece
    table = seats.by_piece(run, "nation")
    assert table["nation_name"].to_list() == ["A"] and table["games"].to_list() == [100]
