"""Causal card impact (DESIGN §7): the same seeds played with a deck as built
and with one card's copies swapped for a baseline card -- its blank, or each of
a few real cards of the same type and cost band (their mean is "an average
card") -- and, per card, the paired difference of the deck's win rate
(as built - swapped).

The unit is the seed: games 2k and 2k+1 share seed k with the seats exchanged
(in a game of P seats, games Pk..Pk+P-1 are its seat-rotation block), and every
cell plays the same seeds, so a seed's differences in all cells are averaged
into one value, and the t interval and test run over seeds.

Each card gets one of four verdicts (p-values adjusted across the cards of the
table with Benjamini-Yekutieli):
- "helps" / "hurts": the difference is shown to be above / below zero;
- "negligible": it is shown to lie within ±bound (two one-sided tests at
  alpha, i.e. the 1 - 2 alpha interval inside the bound);
- "undecided": neither; more games would decide."""
from __future__ import annotations

import numpy as np
import polars as pl

from .intervals import CONFIDENCE, fdr_by
from .sprt import paired_difference

ALPHA = 0.05
BOUND = 0.02                  # win-rate points below which an impact is negligible
HELPS, HURTS, NEGLIGIBLE, UNDECIDED = "helps", "hurts", "negligible", "undecided"


def seed_differences(base: np.ndarray, other: np.ndarray, block: int) -> np.ndarray:
    """Per seed k, the mean of (base - other) over its ``block`` games (a pair
    with seats exchanged, or a seat-rotation block) in every cell; ``base`` and
    ``other`` are (cells, games) arrays of 0/1 wins."""
    d = base.astype(float) - other.astype(float)
    return d.reshape(d.shape[0], -1, block).mean(axis=(0, 2))


def paired(diffs: np.ndarray, bound: float = BOUND) -> dict:
    """Mean of the seed differences with its 95% t interval and p, and whether
    the 1 - 2 alpha interval lies within ±bound (equivalence)."""
    mean, low, high, p = paired_difference(diffs, CONFIDENCE)
    _, tost_lo, tost_hi, _ = paired_difference(diffs, 1 - 2 * ALPHA)
    return {"diff": mean, "diff_lo": low, "diff_hi": high, "p": p, "within": -bound < tost_lo and tost_hi < bound}


def verdict(diff: float, p_adjusted: float, within: bool) -> str:
    """One card's verdict (module docstring)."""
    if p_adjusted < ALPHA:
        return HELPS if diff > 0 else HURTS
    return NEGLIGIBLE if within else UNDECIDED


def impact_table(deck: str, baseline: str, base: np.ndarray, swapped: dict[str, np.ndarray], block: int,
                 bound: float = BOUND) -> pl.DataFrame:
    """One row per card: games, win rates as built and swapped, the paired
    difference over seeds (``block`` games each) with its interval, p,
    BY-adjusted p and ``verdict``; ``baseline`` names what the card was
    swapped for ("blank", "average card")."""
    rows = [{"deck": deck, "card": card, "baseline": baseline, "games": base.size, "seeds": base.shape[1] // block,
             "built_win_rate": float(base.mean()), "swapped_win_rate": float(won.mean()),
             **paired(seed_differences(base, won, block), bound)} for card, won in swapped.items()]
    df = pl.DataFrame(rows).with_columns(p_adjusted=pl.Series(fdr_by([r["p"] for r in rows])), bound=pl.lit(bound))
    verdicts = [verdict(r["diff"], r["p_adjusted"], r["within"]) for r in df.iter_rows(named=True)]
    return df.with_columns(verdict=pl.Series(verdicts)).drop("within").sort("diff", descending=True)
