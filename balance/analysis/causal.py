"""Causal card impact (DESIGN §7): the same seeds played with a deck as built
and with one card's copies swapped for blanks; per card, the paired
difference of the deck's win rate (baseline - blanked) with a t interval over
the per-game differences (common random numbers make it sharp), p-values
adjusted across cards with Benjamini-Yekutieli."""
from __future__ import annotations

import numpy as np
import polars as pl
from scipy.stats import ttest_1samp

from .intervals import CONFIDENCE, fdr_by

ALPHA = 0.05


def paired(base: np.ndarray, blank: np.ndarray) -> dict:
    """Mean of base - blank (0/1 wins of the same games), its interval and p.
    Identical outcomes in every game give a zero-width interval and p = 1."""
    d = base.astype(float) - blank.astype(float)
    if np.all(d == d[0]):
        m = float(d[0])
        return {"diff": m, "diff_lo": m, "diff_hi": m, "p": 1.0 if m == 0 else 0.0}
    t = ttest_1samp(d, 0.0)
    ci = t.confidence_interval(CONFIDENCE)
    return {"diff": float(d.mean()), "diff_lo": float(ci.low), "diff_hi": float(ci.high), "p": float(t.pvalue)}


def impact_table(deck: str, base: np.ndarray, blanked: dict[str, np.ndarray]) -> pl.DataFrame:
    """One row per card: games, baseline and blanked win rates, the paired
    difference with its interval, p, BY-adjusted p and ``status``."""
    rows = [{"deck": deck, "card": card, "games": len(base), "baseline_win_rate": float(base.mean()),
             "blank_win_rate": float(won.mean()), **paired(base, won)} for card, won in blanked.items()]
    df = pl.DataFrame(rows).with_columns(p_adjusted=pl.Series(fdr_by([r["p"] for r in rows])))
    status = (pl.when(pl.col("p_adjusted") >= ALPHA).then(pl.lit("not significant"))
              .when(pl.col("diff") > 0).then(pl.lit("helps the deck")).otherwise(pl.lit("hurts the deck")))
    return df.with_columns(status=status).sort("diff", descending=True)
