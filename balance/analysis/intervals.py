"""Intervals and tests shared by every metric (DESIGN §7), all from scipy.

``wilson`` is the one Wilson score interval of the package (``shown`` prints one); ``with_wilson``
adds it to a table of counts, ``newcombe`` gives the interval of a difference
of two rates from the two Wilson intervals, and ``fdr_by`` adjusts p-values
across cards (Benjamini-Yekutieli)."""
from __future__ import annotations

import math

import numpy as np
import polars as pl
from scipy.stats import binomtest, false_discovery_control

CONFIDENCE = 0.95


def wilson(k: int, n: int, confidence=CONFIDENCE) -> tuple[float, float]:
    """Wilson score interval of k successes in n trials (scipy); NaN if n = 0."""
    if n == 0:
        return (float("nan"), float("nan"))
    ci = binomtest(int(k), int(n)).proportion_ci(confidence_level=confidence, method="wilson")
    return (ci.low, ci.high)


def percent(x: float) -> str:
    """A rate as printed: one decimal; two significant digits for a small non-zero
    rate that one decimal would print as 0.0% (the upper bound after 0 of n games)."""
    if 0 < abs(x) < 0.0005:
        return f"{100 * x:.2g}%"
    return f"{100 * x:.1f}%"


def shown(rate: float, lo: float, hi: float) -> str:
    """A rate and its 95% interval as printed: "38.4% (95% CI 37.7% to 39.1%)"."""
    return f"{percent(rate)} (95% CI {percent(lo)} to {percent(hi)})"


def with_wilson(df: pl.DataFrame, k: str, n: str, name: str) -> pl.DataFrame:
    """``df`` plus columns ``name`` = k/n, ``name_lo`` and ``name_hi`` (its Wilson interval)."""
    lo, hi = zip(*(wilson(a, b) for a, b in zip(df[k].to_list(), df[n].to_list()))) if df.height else ((), ())
    rate = [a / b if b else float("nan") for a, b in zip(df[k].to_list(), df[n].to_list())]
    return df.with_columns(pl.Series(name, rate, pl.Float64), pl.Series(f"{name}_lo", lo, pl.Float64),
                           pl.Series(f"{name}_hi", hi, pl.Float64))


def newcombe(p1, lo1, hi1, p2, lo2, hi2) -> tuple[float, float]:
    """95% interval of p1 - p2 from each rate's Wilson interval (Newcombe's hybrid score method)."""
    d = p1 - p2
    return (d - math.sqrt((p1 - lo1) ** 2 + (hi2 - p2) ** 2), d + math.sqrt((hi1 - p1) ** 2 + (p2 - lo2) ** 2))


def fdr_by(p: list[float]) -> list[float]:
    """p-values adjusted across a family (Benjamini-Yekutieli, scipy); NaN stays NaN."""
    arr = np.asarray(p, dtype=float)
    out = np.full(arr.shape, np.nan)
    ok = ~np.isnan(arr)
    if ok.any():
        out[ok] = false_discovery_control(arr[ok], method="by")
    return out.tolist()
