"""How long games last (DESIGN §7): turns (both players', as recorded) per
cell: mean, quantiles, histogram, and the turn-cap, deck-out and draw rates."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import games
from .intervals import with_pair_wilson
from .outcomes import CELL

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
BIN = 5         # turns per histogram bar


def summary(run: Run) -> pl.DataFrame:
    """Per cell: games, mean turns, quantiles (linear interpolation), maximum,
    and the turn-cap, deck-out and draw rates with pair-aware intervals."""
    t = pl.col("turns").cast(pl.Float64)
    g = games(run)
    ends = {"turn_cap": pl.col("end") == 1, "deck_out": pl.col("end") == 2, "draws": pl.col("winner") == -1}
    df = g.group_by(CELL).agg(
        games=pl.len(), mean_turns=t.mean(),
        **{f"q{round(q * 100)}": t.quantile(q, "linear") for q in QUANTILES},
        max_turns=pl.col("turns").max(), **{k: e.sum() for k, e in ends.items()},
    ).sort("cell").collect()
    for k, e in ends.items():
        df = df.join(with_pair_wilson(g, CELL, e, f"{k}_rate").drop(f"{k}_rate_eff"), on=CELL,
                     nulls_equal=True)
    return df


def histogram(run: Run) -> pl.DataFrame:
    """Per cell: games ending in each bin of BIN turns (``turns_from`` .. +BIN-1)."""
    return games(run).group_by(CELL + [(pl.col("turns") // BIN * BIN).alias("turns_from")]).agg(
        games=pl.len()).sort("cell", "turns_from").collect()
