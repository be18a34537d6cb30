"""Scripted speed of two trees in one run: alternating rounds, each in a fresh
process per tree with the tree's own numba cache; medians and their ratio.

Default: rounds of 3,000 games of Gabriel vs Belial (threshold 5, one core) under
two pairs of styles.  ``--bench GAMES``: rounds of the trees' own ``balance
bench --games GAMES`` (one and two cores) for each pair of styles, with each
round's new/old ratio beside the ratio of the medians.

Both trees play the same games where they can: a tree that has readings plays
``protection`` and ``uncontrolled_human_heals`` as every tree did before they
were switches (issue 23 moved their defaults to the literal text, which makes
other, longer games).  The default mode says whether each pairing's records
were the same in both trees: only then does the ratio compare the code alone.

Run: .venv/bin/python benchmarks/agent_speed_ab.py OLD_TREE NEW_TREE [--rounds 6] [--bench 4000]
(a tree: a checkout, e.g. ``git worktree add /tmp/old <commit>``; each compiles
its kernel into its own .numba_cache on first use)
"""
import argparse
import re
import statistics
import subprocess
import sys

OLD_READINGS = {"protection": "new_combat", "uncontrolled_human_heals": "owners_turn"}
CODE = f"""
import hashlib, inspect, time
import numpy as np
from balance.rules.innomine.matchup import play_range, prepare
kw = {{"readings": {OLD_READINGS!r}}} if "readings" in inspect.signature(prepare).parameters else {{}}
out = []
for pa, pb in [("influencer", "influencer"), ("warmonger", "tether_holder")]:
    m = prepare("decks/gabriel.toml", "decks/belial.toml", pa, pb, threshold=5, **kw)
    play_range(m, 1, 0, 2)
    t0 = time.perf_counter()
    rows = play_range(m, 1, 0, 3000)["rows"]
    out.append(3000 / (time.perf_counter() - t0))
    out.append(hashlib.sha256(np.ascontiguousarray(rows).tobytes()).hexdigest()[:16])
print(*out)
"""
PAIRS = (("influencer", "influencer"), ("warmonger", "tether_holder"))


def in_tree(tree, argv):
    """Run ``python argv`` in ``tree`` with its own cache; its stdout."""
    env = {"NUMBA_CACHE_DIR": f"{tree}/.numba_cache", "PYTHONPATH": tree, "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, *argv], cwd=tree, env=env, capture_output=True, text=True,
                          check=True).stdout


def games_rounds(trees, rounds):
    """[tree][round] = [games/s, digest] for each pair of styles, in turn."""
    rates = {tree: [] for tree in trees}
    for _ in range(rounds):
        for tree in trees:
            out = in_tree(tree, ["-c", CODE]).split()
            rates[tree].append([out[i:i + 2] for i in range(0, len(out), 2)])
    return rates


def bench_rounds(trees, rounds, games):
    """[tree][round] = [(1-core, 2-core games/s) for each pair of styles]."""
    rates = {tree: [] for tree in trees}
    for _ in range(rounds):
        for tree in trees:
            readings = []
            if "--reading" in in_tree(tree, ["-m", "balance", "bench", "--help"]):
                readings = [a for name, value in OLD_READINGS.items() for a in ("--reading", f"{name}={value}")]
            row = []
            for pa, pb in PAIRS:
                out = in_tree(tree, ["-m", "balance", "bench", "--games", str(games), "--policy-a", pa,
                                     "--policy-b", pb, *readings])
                row.append(tuple(float(x.replace(",", "")) for x in re.findall(r"core\(s\): ([\d,]+) games/s", out)))
            rates[tree].append(row)
    return rates


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=6)
    ap.add_argument("--bench", type=int, metavar="GAMES", help="time the trees' own `balance bench --games GAMES`")
    args = ap.parse_args()
    old, new = args.old, args.new
    if args.bench is None:
        rates = games_rounds((old, new), args.rounds)
        for k, (pa, pb) in enumerate(PAIRS):
            o, n = (statistics.median(float(r[k][0]) for r in rates[tree]) for tree in (old, new))
            same = rates[old][0][k][1] == rates[new][0][k][1]
            print(f"{pa} vs {pb}: {o:.0f} -> {n:.0f} games/s (median of {args.rounds}), new/old {n / o:.2f}; "
                  + ("the same games" if same else "NOT the same games: the ratio compares different games"))
        return
    rates = bench_rounds((old, new), args.rounds, args.bench)
    for k, (pa, pb) in enumerate(PAIRS):
        for c, cores in enumerate(("1 core", "2 cores")):
            o, n = ([r[k][c] for r in rates[tree]] for tree in (old, new))
            each = sorted(b / a for a, b in zip(o, n))
            print(f"{pa} vs {pb}, {cores}: {statistics.median(o):.0f} -> {statistics.median(n):.0f} games/s "
                  f"(medians of {args.rounds}), new/old {statistics.median(n) / statistics.median(o):.3f}; "
                  f"each round's ratio: {' '.join(f'{x:.3f}' for x in each)}")


if __name__ == "__main__":
    main()
