"""Who wins (DESIGN §7): win rate, score and draws per deck, per matchup and
per seat with 95% intervals over seed pairs; the first-player advantage; the
matchup matrix; win rate against each game parameter the run sweeps.

Win = the deck won; score = (wins + draws / 2) / games.  Every interval is
``intervals.pair_wilson``: the games of one seed pair (and, since every cell
plays the same seeds, of one seed across cells) are one unit."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import counts, deck_games, games
from .intervals import with_pair_wilson


def cell_keys(run: Run) -> list[str]:
    """The columns naming a cell in every per-cell table: its matchup, parameters and setting."""
    return ["cell", "matchup", *run.parameters, "setting"]


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
    (``cell``, ``matchup``, the ruleset's parameters, ``setting``), ``side``, ``deck``,
    ``opponent``, counts (``games``, ``wins``, ``draws``, ``losses``),
    ``win_rate`` and ``draw_rate`` with their 95% intervals over seed pairs
    (``_lo``, ``_hi``; ``win_rate_eff``: the effective trials behind it) and
    ``score``."""
    return rates(deck_games(run), cell_keys(run) + ["side", "deck", "opponent"])


def by_seat(run: Run) -> pl.DataFrame:
    """Each deck in each cell by seat (0 or 1) and by turn order (moved first or not)."""
    return rates(deck_games(run), cell_keys(run) + ["deck", "seat", "went_first"])


def first_player(run: Run) -> pl.DataFrame:
    """The first player's win rate over decisive games, per cell and over the
    whole run (cell = null): above 50% means moving first is an advantage.  In
    a mirror the two games of a seed pair are one game seen from each seat, so
    its interval counts pairs, not games."""
    won = pl.col("winner") == pl.col("first").cast(pl.Int8)
    decisive = pl.col("winner") >= 0
    agg = dict(games=pl.len(), decisive=decisive.sum(), first_wins=won.sum())
    g, cell = games(run), cell_keys(run)
    per_cell = g.group_by(cell).agg(**agg).sort("cell").collect().join(
        with_pair_wilson(g, cell, won, "first_win_rate", decisive), on=cell, how="left", nulls_equal=True)
    total = g.select(**agg).collect().hstack(
        with_pair_wilson(g.with_columns(all=pl.lit(0)), ["all"], won, "first_win_rate", decisive).drop("all"))
    total = total.with_columns(*(pl.lit(None, per_cell.schema[c]).alias(c) for c in cell)).with_columns(
        matchup=pl.lit("all games"))
    return pl.concat([per_cell, total.select(per_cell.columns)])


def matrix(run: Run) -> pl.DataFrame:
    """The matchup matrix in long form: the row deck's win rate against the
    column deck, per parameters and setting (each cell seen from both decks).
    Returns a polars DataFrame with the ruleset's parameters, ``setting``,
    ``row``, ``column``, ``games``, ``win_rate`` (``_lo``, ``_hi``: its 95%
    interval), ``draw_rate`` and ``score``; pivot ``row`` against ``column``
    for the grid."""
    params = run.parameters
    return by_matchup(run).select(
        *params, "setting", row="deck", column="opponent", games="games", win_rate="win_rate",
        win_rate_lo="win_rate_lo", win_rate_hi="win_rate_hi", draw_rate="draw_rate", score="score",
    ).sort(*params, "setting", "row", "column")


def sweep_rows(t: pl.DataFrame, fixed: list[str], params: list[str], moved: list[str]) -> pl.DataFrame:
    """The rows of ``t`` (a rate per cell and more) along each parameter of
    ``moved`` (those the run sweeps) that takes two or more values where
    ``fixed`` and the other ``params`` stay the same: ``parameter`` (its name),
    ``value`` and ``at`` (the other swept parameters' values); empty when none."""
    parts = []
    for p in moved:
        keep = [*fixed, *(q for q in params if q != p)]
        n = t.group_by(keep).agg(pl.col(p).n_unique().alias("n")).filter(pl.col("n") > 1).drop("n")
        others = [pl.format(f"{q} {{}}", q) for q in moved if q != p]
        parts.append(t.join(n, on=keep).with_columns(
            parameter=pl.lit(p), value=pl.col(p).cast(pl.Int64),
            at=pl.concat_str(others, separator=", ") if others else pl.lit("")))
    if not parts:
        return t.clear().with_columns(parameter=pl.lit(None, pl.String), value=pl.lit(None, pl.Int64),
                                      at=pl.lit(None, pl.String))
    return pl.concat(parts)


def sweep(run: Run) -> pl.DataFrame:
    """Win rate against each parameter the run sweeps, per matchup and deck:
    ``by_matchup``'s rows along each (``sweep_rows``), for every matchup and
    setting played at two or more of its values with the other parameters
    fixed."""
    rows = sweep_rows(by_matchup(run), ["matchup", "setting"], run.parameters, run.swept)
    return rows.sort("parameter", "matchup", "setting", "at", "deck", "value")
