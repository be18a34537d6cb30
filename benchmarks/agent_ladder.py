"""The skill ladder (issue 22): the search agent against the influencer, and the
influencer against the random agent, in the Gabriel mirror and in Gabriel
against Belial.

A rung plays one seed pair (seats exchanged) per deck assignment: in the mirror
that is two games, and in Gabriel against Belial four, each agent playing each
deck in each seat on the same deal.  The decks' own edge then cancels, and the
stronger agent's score (win 1, draw 1/2) over those blocks, with its 95%
interval by seed pair (analysis.intervals.pair_wilson), measures the agents
alone: 50% is the mark to beat.  Beside it, each deck assignment's score and
the same decks with the weaker agent on both sides (the decks' own edge).
Speed: games/s on one core, and the search's decisions/s.

Run: .venv/bin/python benchmarks/agent_ladder.py [--pairs 100] [--search search] [--jobs 2]
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

MATCHUPS = [("gabriel", "gabriel"), ("gabriel", "belial")]


def per_pair(rows, side):
    """Per seed pair: deck ``side``'s points (win 1, draw 1/2) and games."""
    k = np.where(rows[:, R_WINNER] == side, 1.0, np.where(rows[:, R_WINNER] < 0, 0.5, 0.0))
    pairs = rows[:, R_PAIR] - rows[:, R_PAIR].min()
    return np.bincount(pairs, weights=k), np.bincount(pairs).astype(float)


def shown(k, n):
    s, lo, hi = pair_wilson(k, n)
    return f"{100 * s:5.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}]", lo


def games(a, b, agent_a, agent_b, pairs, jobs, seed):
    deck = lambda name: ROOT / f"decks/{name}.toml"  # noqa: E731
    m = prepare(deck(a), deck(b), agent_a, agent_b, threshold=5)
    return run_games(play_range, m, seed, 2 * pairs, jobs=jobs, chunk=max(2, 2 * pairs // (4 * jobs)))["rows"]


def rung(strong, weak, a, b, pairs, jobs, seed=1):
    """The stronger agent's score over both deck assignments (one in a mirror),
    on the same seed pairs; True when its interval lies above 50%."""
    t0 = time.perf_counter()
    k, n = per_pair(games(a, b, strong, weak, pairs, jobs, seed), 0)
    parts = [f"{strong} as {a}: {shown(k, n)[0]}"]
    if a != b:
        k2, n2 = per_pair(games(a, b, weak, strong, pairs, jobs, seed), 1)
        parts.append(f"{strong} as {b}: {shown(k2, n2)[0]}")
        k, n = k + k2, n + n2
    wall = time.perf_counter() - t0
    edge = shown(*per_pair(games(a, b, weak, weak, pairs, jobs, seed), 0))[0] if a != b else "50% by construction"
    total, lo = shown(k, n)
    print(f"{strong} vs {weak}, {a} vs {b}: {total}  ({'; '.join(parts)}; {weak} on both sides, {a}'s score: "
          f"{edge})  {int(n.sum())} games, {n.sum() / wall:.2f} games/s on {jobs} worker(s)", flush=True)
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
    ap.add_argument("--pairs", type=int, default=100)
    ap.add_argument("--search", default="search")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--skip-speed", action="store_true")
    args = ap.parse_args()
    if not args.skip_speed:
        speed(args.search)
    ok = True
    for strong, weak in ((args.search, "influencer"), ("influencer", "random")):
        for a, b in MATCHUPS:
            ok &= rung(strong, weak, a, b, args.pairs, args.jobs)
    print("every stronger agent's interval excludes 50%" if ok else "NOT every stronger agent's interval excludes 50%")


if __name__ == "__main__":
    main()
