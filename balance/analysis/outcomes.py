"""Who wins (DESIGN §7): win rate, score and draws per deck, per matchup and
per seat with Wilson 95% intervals; the first-player advantage; the matchup
matrix; win rate against the victory threshold.

Win = the deck won; score = (wins + draws / 2) / games."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import counts, deck_games, games
from .intervals import with_wilson

CELL = ["cell", "matchup", "threshold", "setting"]


def rates(df: pl.DataFrame) -> pl.DataFrame:
    """Counts of games, wins and draws plus win rate and draw rate (Wilson) and score."""
    df = with_wilson(with_wilson(df, "wins", "games", "win_rate"), "draws", "games", "draw_rate")
    return df.with_columns(score=(pl.col("wins") + pl.col("draws") / 2) / pl.col("games"))


def by_deck(run: Run) -> pl.DataFrame:
    """Each deck over every game it played in the run."""
    return rates(counts(deck_games(run), ["deck"]))


def by_matchup(run: Run) -> pl.DataFrame:
    """Each deck in each cell: its win rate, draws and score against the other deck."""
    return rates(counts(deck_games(run), CELL + ["side", "deck", "opponent"]))


def by_seat(run: Run) -> pl.DataFrame:
    """Each deck in each cell by seat (0 or 1) and by turn order (moved first or not)."""
    return rates(counts(deck_games(run), CELL + ["deck", "seat", "went_first"]))


def first_player(run: Run) -> pl.DataFrame:
    """The first player's win rate over decisive games, per cell and over the
    whole run (cell = null): above 50% means moving first is an advantage."""
    won = pl.col("winner") == pl.col("first").cast(pl.Int8)
    agg = dict(games=pl.len(), decisive=(pl.col("winner") >= 0).sum(), first_wins=won.sum())
    g = games(run)
    per_cell = g.group_by(CELL).agg(**agg).sort("cell").collect()
    total = g.select(**agg).collect().with_columns(
        *(pl.lit(None, per_cell.schema[c]).alias(c) for c in CELL)).with_columns(matchup=pl.lit("all games"))
    both = pl.concat([per_cell, total.select(per_cell.columns)])
    return with_wilson(both, "first_wins", "decisive", "first_win_rate")


def matrix(run: Run) -> pl.DataFrame:
    """The matchup matrix in long form: the row deck's win rate against the
    column deck, per threshold and setting (each cell seen from both decks)."""
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
