"""Causal card impact (DESIGN §7): the same seeds played with a deck as built
and with one card's copies swapped for blanks; per card, the paired
difference of the deck's win rate (baseline - blanked) with a t interval over
the seed pairs' differences (common random numbers make it sharp), p-values
adjusted across cards with Benjamini-Yekutieli."""
from __future__ import annotations

import numpy as np
import polars as pl

from .intervals import CONFIDENCE, fdr_by
from .sprt import paired_difference

ALPHA = 0.05


def paired(base: np.ndarray, blank: np.ndarray) -> dict:
    """Mean of base - blank (0/1 wins of the same games, in seat-swapped
    pairs), with the interval and p of a t-test over the pairs' differences
    (the pair is the independent unit: its two games share their seeds)."""
    d = base.astype(float) - blank.astype(float)
    mean, low, high, p = paired_difference((d[0::2] + d[1::2]) / 2, CONFIDENCE)
    return {"diff": mean, "diff_lo": low, "diff_hi": high, "p": p}


def impact_table(deck: str, base: np.ndarray, blanked: dict[str, np.ndarray]) -> pl.DataFrame:
    """One row per card: games, baseline and blanked win rates, the paired
    difference with its interval, p, BY-adjusted p and ``status``."""
    rows = [{"deck": deck, "card": card, "games": len(base), "baseline_win_rate": float(base.mean()),
             "blank_win_rate": float(won.mean()), **paired(base, won)} for card, won in blanked.items()]
    df = pl.DataFrame(rows).with_columns(p_adjusted=pl.Series(fdr_by([r["p"] for r in rows])))
    status = (pl.when(pl.col("p_adjusted") >= ALPHA).then(pl.lit("not significant"))
              .when(pl.col("diff") > 0).then(pl.lit("helps the deck")).otherwise(pl.lit("hurts the deck")))
    return df.with_columns(status=status).sort("diff", descending=True)
