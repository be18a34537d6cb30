"""How long games last (DESIGN §7): turns (both players', as recorded) per
cell: mean, quantiles, histogram, and the turn-cap, deck-out and draw rates."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import games
from .intervals import with_wilson
from .outcomes import CELL

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
BIN = 5         # turns per histogram bar


def summary(run: Run) -> pl.DataFrame:
    """Per cell: games, mean turns, quantiles (linear interpolation), maximum,
    and the turn-cap, deck-out and draw rates with Wilson intervals."""
    t = pl.col("turns").cast(pl.Float64)
    df = games(run).group_by(CELL).agg(
        games=pl.len(), mean_turns=t.mean(),
        **{f"q{round(q * 100)}": t.quantile(q, "linear") for q in QUANTILES},
        max_turns=pl.col("turns").max(), turn_cap=(pl.col("end") == 1).sum(), deck_out=(pl.col("end") == 2).sum(),
        draws=(pl.col("winner") == -1).sum(),
    ).sort("cell").collect()
    for k in ("turn_cap", "deck_out", "draws"):
        df = with_wilson(df, k, "games", f"{k}_rate")
    return df


def histogram(run: Run) -> pl.DataFrame:
    """Per cell: games ending in each bin of BIN turns (``turns_from`` .. +BIN-1)."""
    return games(run).group_by(CELL + [(pl.col("turns") // BIN * BIN).alias("turns_from")]).agg(
        games=pl.len()).sort("cell", "turns_from").collect()
