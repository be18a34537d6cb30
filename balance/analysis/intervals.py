"""Intervals and tests shared by every metric (DESIGN §7), from scipy and statsmodels.

The unit of independence is the seed pair: games 2k and 2k+1 share game seed k
with the seats exchanged, and every cell of a run plays the same seeds, so
games are clustered by ``pair``.  ``Clustered`` is the package's one
interval for a rate: Wilson's score interval on the effective number of
trials that the pairs' own variance gives (``shown`` prints one);
``with_pair_wilson`` adds it to a table; ``fdr_by`` adjusts p-values across a
family (Benjamini-Yekutieli, valid under any dependence)."""
from __future__ import annotations

from dataclasses import astuple, dataclass

import numpy as np
import polars as pl
from scipy.stats import false_discovery_control
from statsmodels.stats.proportion import proportion_confint

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Clustered:
    """Sufficient sums of clustered counts (k successes of n trials in each
    seed pair): clusters, Σk, Σn, Σk², Σkn, Σn².  Sums add, so chunks of games
    reduce to one ``Clustered`` each and merge exactly."""
    clusters: float = 0.0
    k: float = 0.0
    n: float = 0.0
    kk: float = 0.0
    kn: float = 0.0
    nn: float = 0.0

    @classmethod
    def of(cls, k, n) -> "Clustered":
        """From per-pair counts (clusters with no trials are left out)."""
        k, n = np.asarray(k, float), np.asarray(n, float)
        k, n = k[n > 0], n[n > 0]
        return cls(len(n), k.sum(), n.sum(), (k * k).sum(), (k * n).sum(), (n * n).sum())

    def __add__(self, other: "Clustered") -> "Clustered":
        return Clustered(*(a + b for a, b in zip(astuple(self), astuple(other))))

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else float("nan")

    def effective_trials(self) -> float:
        """Trials worth of information: p (1 - p) over the ratio estimator's
        cluster-robust variance (Korn & Graubard, "Confidence intervals for
        proportions with small expected number of positive counts estimated
        from survey data", 1998).  It is the number of games when a pair's two
        games are independent, the number of pairs when they are one game seen
        twice.  Without spread to measure (one cluster, a rate of 0 or 1, or
        every cluster alike) it is the number of clusters: never more than one
        trial per pair is claimed then."""
        p, c = self.rate, self.clusters
        if c < 2 or p in (0.0, 1.0):
            return float(c)
        spread = self.kk - 2 * p * self.kn + p * p * self.nn
        var = c / (c - 1) * spread / self.n ** 2
        return float(p * (1 - p) / var) if var > 1e-12 * p * (1 - p) / self.n else float(c)

    def interval(self, confidence=CONFIDENCE) -> tuple[float, float, float]:
        """(rate, low, high): Wilson's interval on the effective trials
        (statsmodels' Wilson takes fractional counts); NaN without trials."""
        if not self.n:
            return (float("nan"),) * 3
        m = self.effective_trials()
        lo, hi = proportion_confint(self.rate * m, m, alpha=1 - confidence, method="wilson")
        return float(self.rate), 0.0 if self.k == 0 else float(lo), 1.0 if self.k == self.n else float(hi)


def pair_wilson(k, n, confidence=CONFIDENCE) -> tuple[float, float, float]:
    """(rate, low, high) of Σk / Σn from per-seed-pair counts ``k`` of ``n``."""
    return Clustered.of(k, n).interval(confidence)


def with_pair_wilson(lf: pl.LazyFrame, by: list[str], k: pl.Expr, name: str, n: pl.Expr | None = None,
                     cluster: str = "pair", confidence: float = CONFIDENCE) -> pl.DataFrame:
    """Per group ``by``: ``name`` = Σk / Σn (n: the rows, unless given) with ``name_lo`` and ``name_hi``
    (the Wilson interval of ``Clustered`` over the group's seed pairs, at ``confidence``) and
    ``name_eff``, the effective trials behind it."""
    trials = pl.len() if n is None else n.sum()
    per = lf.group_by([*by, cluster]).agg(k=k.sum(), n=trials)
    return pair_wilson_of(per, by, "k", "n", name, confidence)


def pair_wilson_of(per: pl.LazyFrame, by: list[str], k: str, n: str, name: str,
                   confidence: float = CONFIDENCE) -> pl.DataFrame:
    """``with_pair_wilson`` from counts already summed per seed pair: columns
    ``k`` successes of ``n`` trials, one row per group ``by`` and pair."""
    per = per.select(*by, k=pl.col(k).cast(pl.Float64), n=pl.col(n).cast(pl.Float64)).filter(pl.col("n") > 0)
    sums = per.group_by(by).agg(clusters=pl.len().cast(pl.Float64), k=pl.col("k").sum(), n=pl.col("n").sum(),
                                kk=(pl.col("k") ** 2).sum(), kn=(pl.col("k") * pl.col("n")).sum(),
                                nn=(pl.col("n") ** 2).sum()).sort(by).collect()
    found = [Clustered(*r) for r in sums.select("clusters", "k", "n", "kk", "kn", "nn").iter_rows()]
    ci = [c.interval(confidence) for c in found]
    return sums.select(*by).with_columns(
        pl.Series(name, [r[0] for r in ci], pl.Float64), pl.Series(f"{name}_lo", [r[1] for r in ci], pl.Float64),
        pl.Series(f"{name}_hi", [r[2] for r in ci], pl.Float64),
        pl.Series(f"{name}_eff", [c.effective_trials() for c in found], pl.Float64))


def percent(x: float) -> str:
    """A rate as printed: one decimal; two significant digits for a small non-zero
    rate that one decimal would print as 0.0% (the upper bound after 0 of n games)."""
    if 0 < abs(x) < 0.0005:
        return f"{100 * x:.2g}%"
    return f"{100 * x:.1f}%"


def shown(rate: float, lo: float, hi: float) -> str:
    """A rate and its 95% interval as printed: "38.4% (95% CI 37.7% to 39.1%)"."""
    return f"{percent(rate)} (95% CI {percent(lo)} to {percent(hi)})"


def fdr_by(p: list[float]) -> list[float]:
    """p-values adjusted across a family (Benjamini-Yekutieli, scipy); NaN stays NaN."""
    arr = np.asarray(p, dtype=float)
    out = np.full(arr.shape, np.nan)
    ok = ~np.isnan(arr)
    if ok.any():
        out[ok] = false_discovery_control(arr[ok], method="by")
    return out.tolist()
