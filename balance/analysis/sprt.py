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

What its verdicts mean.  "changed": one side accepted a shift of +bound (or
-bound) over none; when nothing changed, that happens with probability at most
alpha (alpha/2 a side).  It does not show the shift to be the bound or more: a
shift between 0 and the bound may be called either way, and one of the bound is
missed with probability beta.  "no change": both sides accepted none over a
shift of the bound (wrong with probability beta when the shift is the bound).
"inconclusive": the game limit came first.  These rates are each matchup's:
``compare`` gives each of a run's m matchups alpha/m (``Settings.limits``),
so that its false "changed" anywhere in the run stays at most alpha.

Fixed N (``fixed_test``): one look at n pairs, three verdicts, each shown by a
t interval of the mean difference (scipy).  "no change" when equivalence within
the bound is shown: two one-sided tests at alpha (TOST), i.e. the (1 - 2 alpha)
interval lies strictly inside (-bound, +bound).  "changed" when the change is
shown beyond the bound: the (1 - alpha/m) interval, Bonferroni over the m
matchups of a run, lies wholly above +bound or below -bound.  Otherwise
"inconclusive", with ``games_needed``.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from scipy import stats

VARIANCE_FLOOR = 1e-4     # pair differences all equal (e.g. a card never drawn): keep the LLR finite

NO_CHANGE, CHANGED, UNDECIDED = "no change", "changed", "inconclusive"


def game_scores(winner: np.ndarray, seats: int = 2) -> np.ndarray:
    """Deck A's (entrant 0's) score in each game: win 1, draw 1/seats, loss 0
    (winner: 0 = A, another entrant, or -1 = draw)."""
    return np.where(winner == 0, 1.0, np.where(winner < 0, 1 / seats, 0.0))


def seen_from(winner: np.ndarray, side: int) -> np.ndarray:
    """``winner`` as deck ``side`` of the matchup sees it: 0 = that deck, 1 = the other, -1 = a draw."""
    return np.where(winner < 0, winner, winner ^ side)


def pair_scores(winner: np.ndarray, seats: int = 2) -> np.ndarray:
    """Deck A's (entrant 0's) score per seed pair (games 2k, 2k+1) from
    consecutive games, or per seat-rotation block of ``seats`` games."""
    return game_scores(winner, seats).reshape(-1, seats).mean(axis=1)


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


def constant(diffs: np.ndarray) -> bool:
    """Every pair difference the same (or a single pair): a t interval has no spread to work with."""
    return len(diffs) < 2 or bool(np.all(diffs == diffs[0]))


def exact_interval(c: float, n: int, confidence: float) -> tuple[float, float]:
    """The interval of the mean when all n pair differences equal c.  A pair's
    difference lies in [-1, 1], so the mean lies within (1 + |c|) q of c, q being
    the share of pairs whose difference is not c; none of n was, so
    q < 1 - a^(1/n) with one-sided error a = (1 - confidence) / 2 (the exact
    binomial bound behind the "rule of three").  Ten identical pairs therefore
    show nothing, where a t interval would shrink to the point c."""
    half = (1 + abs(c)) * (1 - ((1 - confidence) / 2) ** (1 / n))
    return max(c - half, -1.0), min(c + half, 1.0)


def paired_difference(diffs: np.ndarray, confidence: float = 0.95) -> tuple[float, float, float, float]:
    """(mean, low, high, two-sided p) of the pair differences: a one-sample t-test
    (scipy); ``exact_interval`` when they are all the same, with the matching p,
    2 (1 + |c|)^-n (twice the most that n identical pairs could have, were the
    mean 0)."""
    m = float(diffs.mean())
    if constant(diffs):
        return m, *exact_interval(m, len(diffs), confidence), min(1.0, 2 * (1 + abs(m)) ** -len(diffs))
    t = stats.ttest_1samp(diffs, 0.0)
    ci = t.confidence_interval(confidence)
    return m, float(ci.low), float(ci.high), float(t.pvalue)


@dataclass(frozen=True)
class FixedTest:
    """The fixed-N decision of one matchup with the two intervals it rests on."""
    equivalence: tuple[float, float]     # (1 - 2 alpha) interval: TOST
    change: tuple[float, float]          # (1 - alpha/m) interval: Bonferroni over m matchups
    verdict: str


def fixed_test(diffs: np.ndarray, bound: float, alpha: float, m: int) -> FixedTest:
    """One matchup's verdict from its n pair differences (see the module notes).

    A run's overall "no change" needs every matchup equivalent; by the
    intersection-union principle (Berger 1982) each matchup's TOST at alpha is
    enough: the overall null, "some matchup moved by the bound or more", is the
    union of the matchups' nulls, and rejecting it takes every matchup's
    rejection, so its error rate is at most alpha with no adjustment.  "changed"
    is claimed matchup by matchup, so its intervals are Bonferroni-widened: a
    false claim in any of the m matchups has probability at most alpha."""
    equivalence = paired_difference(diffs, 1 - 2 * alpha)[1:3]
    change = paired_difference(diffs, 1 - alpha / m)[1:3]
    if -bound < equivalence[0] and equivalence[1] < bound:
        verdict = NO_CHANGE
    elif change[0] > bound or change[1] < -bound:
        verdict = CHANGED
    else:
        verdict = UNDECIDED
    return FixedTest(equivalence, change, verdict)


PRACTICAL_GAMES = 10**8      # per side: about 8 hours per side and matchup at make bench's 3,400 games/s


def games_needed(diffs: np.ndarray, bound: float, alpha: float, m: int) -> int | None:
    """Games per side at which ``fixed_test`` would decide were the mean and SD of
    the pair differences what they are now: the pairs n at which the interval
    of the verdict the mean points to (TOST inside the bound, Bonferroni beyond
    it) would clear the bound -- by the normal approximation
    n = (z * sd / |bound - |mean||)^2, raised until the t interval of n pairs
    clears it too (``exact_interval``'s n when the differences are all the
    same); games = 2n, and never fewer than one pair more than were played,
    since those did not decide.  None when the mean sits on the bound: no
    practical size (PRACTICAL_GAMES) decides then."""
    mean = float(np.mean(diffs))
    gap = abs(bound - abs(mean))
    if gap == 0:
        return None
    a = alpha if abs(mean) < bound else alpha / (2 * m)
    if constant(diffs):
        pairs = math.ceil(math.log(a) / math.log1p(-gap / (1 + abs(mean))))
    else:
        pairs = t_pairs(float(np.std(diffs, ddof=1)) / gap, a)
    games = 2 * max(pairs, len(diffs) + 1)
    return games if games <= PRACTICAL_GAMES else None


def t_pairs(ratio: float, a: float) -> int:
    """The fewest pairs n >= 2 whose t half-width t(1 - a, n - 1) * sd / sqrt(n)
    is below the gap, given ratio = sd / gap: from the normal approximation
    (z * ratio)^2 upwards, stopping past PRACTICAL_GAMES."""
    n = max(2, math.ceil((stats.norm.ppf(1 - a) * ratio) ** 2))
    while 2 * n <= PRACTICAL_GAMES and stats.t.ppf(1 - a, n - 1) * ratio >= math.sqrt(n):
        n += 1
    return n


def fixed_n_pairs(sd: float, bound: float, alpha: float, beta: float) -> int:
    """Pairs a fixed-N two-sided test needs for power 1 - beta at a shift of ``bound``."""
    z = stats.norm.ppf(1 - alpha / 2) + stats.norm.ppf(1 - beta)
    return math.ceil((z * sd / bound) ** 2)
