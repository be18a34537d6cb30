"""The skill ladder (issue 22): the search agent against the influencer, and the
influencer against the random agent, with the same decks in both seat orders.

Each rung is deck A's agent against deck B's.  Games come in seed pairs with
the seats exchanged, so each side plays each seat equally; the stronger side's
score (win 1, draw 1/2) is shown with its 95% interval by seed pair
(analysis.intervals.pair_wilson), and beside it the same decks with the weaker
agent on both sides: the decks' own edge, which the stronger agent must beat.
Speed: games/s on one core, and the search's decisions/s.

Run: .venv/bin/python benchmarks/agent_ladder.py [--pairs 200] [--search search] [--jobs 2]
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from balance.analysis.intervals import pair_wilson  # noqa: E402
from balance.rules.innomine.game import R_PAIR, R_WINNER  # noqa: E402
from balance.rules.innomine.matchup import play_counted, play_range, prepare  # noqa: E402
from balance.sim.batch import run_games  # noqa: E402

DECKS = [("gabriel", "gabriel"), ("gabriel", "belial"), ("belial", "gabriel")]


def score_a(rows):
    """(score, low, high) of deck A's side by seed pair."""
    k = np.where(rows[:, R_WINNER] == 0, 1.0, np.where(rows[:, R_WINNER] < 0, 0.5, 0.0))
    pairs = rows[:, R_PAIR]
    per_pair = np.bincount(pairs - pairs.min(), weights=k)
    n = np.bincount(pairs - pairs.min()).astype(float)
    return pair_wilson(per_pair, n)


def rung(strong, weak, a, b, pairs, jobs, seed=1):
    deck = lambda name: ROOT / f"decks/{name}.toml"  # noqa: E731
    m = prepare(deck(a), deck(b), strong, weak, threshold=5)
    t0 = time.perf_counter()
    rec = run_games(play_range, m, seed, 2 * pairs, jobs=jobs, chunk=max(2, 2 * pairs // (4 * jobs)))
    wall = time.perf_counter() - t0
    base = run_games(play_range, prepare(deck(a), deck(b), weak, weak, threshold=5), seed, 2 * pairs, jobs=jobs)
    s, lo, hi = score_a(rec["rows"])
    bs, blo, bhi = score_a(base["rows"])
    print(f"{strong:>10s} ({a}) vs {weak:<10s} ({b}): {100 * s:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]   "
          f"{weak} on both sides: {100 * bs:5.1f}% [{100 * blo:5.1f}, {100 * bhi:5.1f}]   "
          f"{2 * pairs} games, {2 * pairs / wall:7.1f} games/s on {jobs} worker(s)", flush=True)
    return lo > 0.5


def speed(search, games=20, seed=3):
    """One core: the search's games/s and decisions/s (Gabriel against Belial)."""
    m = prepare(ROOT / "decks/gabriel.toml", ROOT / "decks/belial.toml", search, "influencer", threshold=5)
    play_range(m, seed, 0, 2)
    t0 = time.perf_counter()
    _, decided = play_counted(m, seed, 0, games)
    dt = time.perf_counter() - t0
    print(f"one core, {search} (deck A) vs influencer, {games} games: {games / dt:.2f} games/s, "
          f"{decided / dt:.0f} searched decisions/s, {decided / games:.0f} per game", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--search", default="search")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    speed(args.search)
    ok = True
    for strong, weak in ((args.search, "influencer"), ("influencer", "random")):
        for a, b in DECKS:
            ok &= rung(strong, weak, a, b, args.pairs, args.jobs)
    print("every stronger side's interval excludes 50%" if ok else "NOT every stronger side's interval excludes 50%")


if __name__ == "__main__":
    main()
