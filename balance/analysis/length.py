"""How long games last (DESIGN §7): turns (both players', as recorded) per
cell: mean, quantiles, histogram, and the share of each end reason the
ruleset declares, and of draws."""
from __future__ import annotations

import re

import polars as pl

from ..runner.store import Run
from .frames import games
from .intervals import with_pair_wilson
from .outcomes import cell_keys

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
BIN = 5         # turns per histogram bar


def reasons(run: Run) -> dict[str, str]:
    """{column: end reason} of each end reason of the manifest's ruleset ("turn cap" -> ``end_turn_cap``)."""
    return {"end_" + re.sub(r"\W+", "_", why): why for why in run.manifest["ruleset"]["end_reasons"].values()}


def ends(run: Run) -> dict[str, pl.Expr]:
    """{column: condition} of each end reason (``reasons``), and ``draws``."""
    codes = {why: int(code) for code, why in run.manifest["ruleset"]["end_reasons"].items()}
    return {col: pl.col("end") == codes[why] for col, why in reasons(run).items()} | {"draws": pl.col("winner") == -1}


def summary(run: Run) -> pl.DataFrame:
    """Per cell: games, mean turns, quantiles (linear interpolation), maximum,
    and the count and rate (pair-aware interval) of each end reason and draws."""
    t = pl.col("turns").cast(pl.Float64)
    g, cell, why = games(run), cell_keys(run), ends(run)
    df = g.group_by(cell).agg(
        games=pl.len(), mean_turns=t.mean(),
        **{f"q{round(q * 100)}": t.quantile(q, "linear") for q in QUANTILES},
        max_turns=pl.col("turns").max(), **{k: e.sum() for k, e in why.items()},
    ).sort("cell").collect()
    for k, e in why.items():
        df = df.join(with_pair_wilson(g, cell, e, f"{k}_rate").drop(f"{k}_rate_eff"), on=cell, nulls_equal=True)
    return df


def histogram(run: Run) -> pl.DataFrame:
    """Per cell: games ending in each bin of BIN turns (``turns_from`` .. +BIN-1)."""
    return games(run).group_by(cell_keys(run) + [(pl.col("turns") // BIN * BIN).alias("turns_from")]).agg(
        games=pl.len()).sort("cell", "turns_from").collect()
