"""Essence over a game (DESIGN §7): per deck, threshold and own turn, the mean
and 10/50/90 percentiles of Essence after gaining and of Essence spent, and
how many games were still running at that turn (later turns hold only long
games)."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import deck_games

PERCENTILES = (0.1, 0.5, 0.9)
CURVES = ("gain", "spent")
BY = ["deck", "threshold", "setting"]


def per_turn(run: Run) -> pl.LazyFrame:
    """One row per game, deck and own turn played: ``turn`` (1 = the deck's
    first turn), ``gain`` (Essence after gaining) and ``spent``."""
    return deck_games(run).select(*BY, *CURVES, turn=pl.int_ranges(1, pl.col("gain").list.len() + 1)).explode(
        "turn", *CURVES).drop_nulls("turn")


def curves(run: Run) -> pl.DataFrame:
    """Per deck, threshold, setting and own turn: ``running`` (games that
    reached the turn), then mean and percentiles (linear) of gain and spent.
    Returns a polars DataFrame in long form, one row per deck, threshold,
    setting and ``turn``: ``running``, ``gain_mean``, ``gain_p10``,
    ``gain_p50``, ``gain_p90`` and the same four of ``spent``."""
    stats = {}
    for c in CURVES:
        v = pl.col(c).cast(pl.Float64)
        stats[f"{c}_mean"] = v.mean()
        stats.update({f"{c}_p{round(q * 100)}": v.quantile(q, "linear") for q in PERCENTILES})
    return per_turn(run).group_by(*BY, "turn").agg(running=pl.len(), **stats).sort(*BY, "turn").collect()
