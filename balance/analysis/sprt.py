"""Paired statistics for "did this change move the balance?" (DESIGN §7,
"Compare / regression check").

The unit of evidence is a *seed pair*: baseline and candidate each play game
seed k twice, once in each seating (games 2k and 2k+1), on common random
numbers.  Deck A's score in a pair is the mean of its two game scores (win 1,
draw 1/2, loss 0), so a pair's score is one of 0, 1/4, 1/2, 3/4, 1 -- the
pentanomial outcome fishtest models -- and the pair's difference
D = candidate score - baseline score is what the tests below look at.  Treating
pairs, not games, as the independent units is what lets the seat swap and the
common seeds cancel noise instead of being counted as information.

Sequential test: fishtest's generalised SPRT with the normal approximation of
the log-likelihood ratio of mean delta1 against delta0 for n pair differences
with mean m and variance v:  LLR = n (delta1 - delta0) (2 m - delta0 - delta1) / (2 v).
A change in either direction matters, so two one-sided tests run side by side
(Sobel & Wald's two-sided SPRT), H0: delta = 0 against H1: delta = +bound and
against H1: delta = -bound, each at alpha/2; each stops when its LLR leaves
[ln(beta / (1 - alpha/2)), ln((1 - beta) / (alpha/2))].
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

VARIANCE_FLOOR = 1e-4     # pair differences all equal (e.g. a card never drawn): keep the LLR finite

NO_CHANGE, CHANGED, UNDECIDED = "no change", "changed", "inconclusive"


def game_scores(winner: np.ndarray) -> np.ndarray:
    """Deck A's score in each game: win 1, draw 1/2, loss 0 (winner: 0 = A, 1 = B, -1 = draw)."""
    return np.where(winner == 0, 1.0, np.where(winner < 0, 0.5, 0.0))


def pair_scores(winner: np.ndarray) -> np.ndarray:
    """Deck A's score per seed pair (games 2k, 2k+1) from consecutive games."""
    s = game_scores(winner)
    return (s[0::2] + s[1::2]) / 2


def llr(diffs: np.ndarray, delta0: float, delta1: float) -> float:
    """fishtest's normal-approximation GSPRT log-likelihood ratio of delta1 vs delta0."""
    n = len(diffs)
    if n < 2:
        return 0.0
    var = max(float(np.var(diffs, ddof=1)), VARIANCE_FLOOR)
    return n * (delta1 - delta0) * (2 * float(np.mean(diffs)) - delta0 - delta1) / (2 * var)


@dataclass(frozen=True)
class Bounds:
    """The two stopping bounds of each one-sided test (alpha split over two sides)."""
    lower: float
    upper: float

    @classmethod
    def of(cls, alpha: float, beta: float) -> "Bounds":
        a = alpha / 2
        return cls(math.log(beta / (1 - a)), math.log((1 - beta) / a))


@dataclass
class Sequential:
    """The two-sided SPRT of one matchup, updated batch by batch."""
    bound: float                   # in score points (0.02 = 2 win-rate points)
    limits: Bounds
    up: str = UNDECIDED            # verdict of H1: +bound
    down: str = UNDECIDED          # verdict of H1: -bound
    llr_up: float = 0.0
    llr_down: float = 0.0

    def update(self, diffs: np.ndarray) -> str:
        """Re-test with every pair difference so far; returns the verdict."""
        if self.up == UNDECIDED:
            self.llr_up = llr(diffs, 0.0, self.bound)
            self.up = self.decide(self.llr_up)
        if self.down == UNDECIDED:
            self.llr_down = llr(diffs, 0.0, -self.bound)
            self.down = self.decide(self.llr_down)
        return self.verdict

    def decide(self, value: float) -> str:
        if value >= self.limits.upper:
            return CHANGED
        if value <= self.limits.lower:
            return NO_CHANGE
        return UNDECIDED

    @property
    def verdict(self) -> str:
        if CHANGED in (self.up, self.down):
            return CHANGED
        if self.up == self.down == NO_CHANGE:
            return NO_CHANGE
        return UNDECIDED

    @property
    def llr(self) -> float:
        """The LLR of the side that decided (or is closer to deciding) for a change."""
        return max(self.llr_up, self.llr_down)


def paired_difference(diffs: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float, float]:
    """(mean, low, high, two-sided p) of the pair differences: a one-sample t-test (scipy)."""
    if len(diffs) < 2 or np.all(diffs == diffs[0]):
        m = float(diffs.mean()) if len(diffs) else 0.0
        return m, m, m, 1.0 if m == 0 else 0.0
    t = stats.ttest_1samp(diffs, 0.0)
    ci = t.confidence_interval(confidence)
    return float(diffs.mean()), float(ci.low), float(ci.high), float(t.pvalue)


def fixed_n_pairs(sd: float, bound: float, alpha: float, beta: float) -> int:
    """Pairs a fixed-N two-sided test needs for power 1 - beta at a shift of ``bound``."""
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(1 - beta)
    return math.ceil((z * sd / bound) ** 2)
