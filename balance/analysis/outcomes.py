"""Who wins (DESIGN §7): win rate, score and draws per deck, per matchup and
per seat with 95% intervals over seed pairs; the first-player advantage; the
matchup matrix; win rate against the victory threshold.

Win = the deck won; score = (wins + draws / 2) / games.  Every interval is
``intervals.pair_wilson``: the games of one seed pair (and, since every cell
plays the same seeds, of one seed across cells) are one unit."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import counts, deck_games, games
from .intervals import with_pair_wilson

CELL = ["cell", "matchup", "threshold", "setting"]


def rates(lf: pl.LazyFrame, by: list[str]) -> pl.DataFrame:
    """Counts of games, wins and draws of the deck rows ``lf`` grouped ``by``,
    with win rate and draw rate (pair-aware intervals) and score."""
    win = with_pair_wilson(lf, by, pl.col("won"), "win_rate")
    draw = with_pair_wilson(lf, by, pl.col("draw"), "draw_rate").drop("draw_rate_eff")
    df = counts(lf, by).join(win, on=by, nulls_equal=True).join(draw, on=by, nulls_equal=True)
    return df.with_columns(score=(pl.col("wins") + pl.col("draws") / 2) / pl.col("games"))


def by_deck(run: Run) -> pl.DataFrame:
    """Each deck over every game it played in the run."""
    return rates(deck_games(run), ["deck"])


def by_matchup(run: Run) -> pl.DataFrame:
    """Each deck in each cell: its win rate, draws and score against the other
    deck.  Returns a polars DataFrame, one row per cell and deck: the cell
    (``cell``, ``matchup``, ``threshold``, ``setting``), ``side``, ``deck``,
    ``opponent``, counts (``games``, ``wins``, ``draws``, ``losses``),
    ``win_rate`` and ``draw_rate`` with their 95% intervals over seed pairs
    (``_lo``, ``_hi``; ``win_rate_eff``: the effective trials behind it) and
    ``score``."""
    return rates(deck_games(run), CELL + ["side", "deck", "opponent"])


def by_seat(run: Run) -> pl.DataFrame:
    """Each deck in each cell by seat (0 or 1) and by turn order (moved first or not)."""
    return rates(deck_games(run), CELL + ["deck", "seat", "went_first"])


def first_player(run: Run) -> pl.DataFrame:
    """The first player's win rate over decisive games, per cell and over the
    whole run (cell = null): above 50% means moving first is an advantage.  In
    a mirror the two games of a seed pair are one game seen from each seat, so
    its interval counts pairs, not games."""
    won = pl.col("winner") == pl.col("first").cast(pl.Int8)
    decisive = pl.col("winner") >= 0
    agg = dict(games=pl.len(), decisive=decisive.sum(), first_wins=won.sum())
    g = games(run)
    per_cell = g.group_by(CELL).agg(**agg).sort("cell").collect().join(
        with_pair_wilson(g, CELL, won, "first_win_rate", decisive), on=CELL, how="left", nulls_equal=True)
    total = g.select(**agg).collect().hstack(
        with_pair_wilson(g.with_columns(all=pl.lit(0)), ["all"], won, "first_win_rate", decisive).drop("all"))
    total = total.with_columns(*(pl.lit(None, per_cell.schema[c]).alias(c) for c in CELL)).with_columns(
        matchup=pl.lit("all games"))
    return pl.concat([per_cell, total.select(per_cell.columns)])


def matrix(run: Run) -> pl.DataFrame:
    """The matchup matrix in long form: the row deck's win rate against the
    column deck, per threshold and setting (each cell seen from both decks).
    Returns a polars DataFrame with ``threshold``, ``setting``, ``row``,
    ``column``, ``games``, ``win_rate`` (``_lo``, ``_hi``: its 95% interval),
    ``draw_rate`` and ``score``; pivot ``row`` against ``column`` for the grid."""
    return by_matchup(run).select(
        "threshold", "setting", row="deck", column="opponent", games="games", win_rate="win_rate",
        win_rate_lo="win_rate_lo", win_rate_hi="win_rate_hi", draw_rate="draw_rate", score="score",
    ).sort("threshold", "setting", "row", "column")


def threshold_sweep(run: Run) -> pl.DataFrame:
    """Win rate against victory threshold, per matchup and deck (empty unless
    some matchup was played at two or more thresholds)."""
    t = by_matchup(run)
    swept = t.group_by("matchup", "setting").agg(pl.col("threshold").n_unique().alias("n")).filter(pl.col("n") > 1)
    return t.join(swept.drop("n"), on=["matchup", "setting"]).sort("matchup", "setting", "deck", "threshold")
