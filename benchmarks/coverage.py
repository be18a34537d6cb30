"""Coverage by simulation on real games (issue 24): how often each 95%
interval the toolkit prints holds the long-run value.

One long sample of each matchup is played and cut into REPS disjoint blocks of
PAIRS seed pairs (an experiment of 2 x PAIRS games each, on its own seeds).
The long-run value is the statistic over the whole sample; each block's 95%
interval is computed by the toolkit's own functions, and the share of blocks
whose interval holds the long-run value is printed with its binomial SD.

- win rate: deck A's, Gabriel vs Belial (``intervals.Clustered``, as every
  report table and ``simulate``);
- first-player advantage in that non-mirror, and in the Gabriel mirror;
- IWD of a card of Gabriel's (``cards.iwd_interval``);
- causal impact of blanking a card of Belial's (``causal.paired`` over the
  seeds' differences, as ``balance impact``).

Run: .venv/bin/python benchmarks/coverage.py [REPS] [PAIRS] [THRESHOLD]   (default 1000 200 3)
"""
import sys
import time

import numpy as np
import polars as pl

from balance.analysis.cards import iwd_interval
from balance.analysis.causal import paired, seed_differences
from balance.analysis.intervals import Clustered
from balance.rules import get
from balance.rules.innomine.game import R_FIRST, R_WINNER
from balance.rules.innomine.matchup import play_range, prepare
from balance.runner.run import play_winners
from balance.sim.batch import run_games

GABRIEL, BELIAL = "decks/gabriel.toml", "decks/belial.toml"
SEED = 4242
IWD_CARD, BLANKED = "Song of Fire", "Therkax"


def blocks(x: np.ndarray, pairs: int) -> np.ndarray:
    """Per-game values as (blocks, pairs, 2)."""
    return x.reshape(-1, pairs, 2)


def rate_cover(hit: np.ndarray, counted: np.ndarray, pairs: int) -> float:
    """Share of blocks whose pair-aware interval of Σhit / Σcounted holds the whole sample's rate."""
    truth = hit[counted].mean()
    k, n = blocks(hit & counted, pairs).sum(axis=2), blocks(counted, pairs).sum(axis=2)
    ci = [Clustered.of(a, b).interval()[1:] for a, b in zip(k, n)]
    return float(np.mean([lo <= truth <= hi for lo, hi in ci]))


def iwd_cover(in_hand: np.ndarray, won: np.ndarray, pairs: int) -> float:
    """Share of blocks whose IWD interval holds the whole sample's IWD."""
    truth = won[in_hand].mean() - won[~in_hand].mean()
    frame = pl.DataFrame({"pair": np.arange(len(won)) // 2, "in_hand": in_hand, "won": won,
                          "block": np.arange(len(won)) // (2 * pairs)})
    per_pair = frame.group_by("block", "pair", "in_hand").agg(games=pl.len(), wins=pl.col("won").sum())
    hits = []
    for _, part in per_pair.group_by("block"):
        _, lo, hi = iwd_interval(part)
        hits.append(lo <= truth <= hi)
    return float(np.mean(hits))


def causal_cover(base: np.ndarray, blank: np.ndarray, pairs: int) -> float:
    """Share of blocks whose causal interval holds the whole sample's mean difference."""
    truth = seed_differences(base[None], blank[None]).mean()
    hits = []
    for b, k in zip(base.reshape(-1, 2 * pairs), blank.reshape(-1, 2 * pairs)):
        r = paired(seed_differences(b[None], k[None]))
        hits.append(r["diff_lo"] <= truth <= r["diff_hi"])
    return float(np.mean(hits))


def main(reps: int, pairs: int, threshold: int) -> None:
    games = 2 * reps * pairs
    t0 = time.perf_counter()
    gvb = prepare(GABRIEL, BELIAL, threshold=threshold)
    rec = run_games(play_range, gvb, SEED, games, jobs=2)
    rows = rec["rows"]
    mirror = run_games(play_range, prepare(GABRIEL, GABRIEL, threshold=threshold), SEED, games, jobs=2)["rows"]
    blank = prepare(GABRIEL, BELIAL, threshold=threshold, blanks=({}, {BLANKED: None}))
    blanked = play_winners(get(), {"blank": blank}, SEED, 0, games, jobs=2)["blank"]
    bit = 1 << gvb.ab.decks[0].distinct().index(IWD_CARD)
    masks = rec["masks"].view(np.uint64)
    in_hand = ((masks[:, 0, 0] | masks[:, 0, 1]) & bit) > 0
    w, first = rows[:, R_WINNER], rows[:, R_FIRST]
    out = {
        "win rate (Gabriel vs Belial)": rate_cover(w == 0, np.ones(games, bool), pairs),
        "first-player advantage (Gabriel vs Belial)": rate_cover(w == first, w >= 0, pairs),
        "first-player advantage (Gabriel mirror)": rate_cover(mirror[:, R_WINNER] == mirror[:, R_FIRST],
                                                              mirror[:, R_WINNER] >= 0, pairs),
        f"IWD of {IWD_CARD} (Gabriel)": iwd_cover(in_hand, w == 0, pairs),
        f"causal impact of blanking {BLANKED} (Belial)": causal_cover(w == 1, blanked == 1, pairs),
    }
    sd = 100 * np.sqrt(0.95 * 0.05 / reps)
    print(f"{reps} repetitions of {2 * pairs} games (threshold {threshold}, root seed {SEED}); "
          f"binomial SD of a 95% coverage: {sd:.2f} points; {time.perf_counter() - t0:.0f} s")
    for name, c in out.items():
        print(f"{name}: coverage {100 * c:.1f}%")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    main(*(args + [1000, 200, 3][len(args):]))
