"""Scripted speed of two trees in one run: alternating rounds of 3,000 games of
Gabriel vs Belial (threshold 5, one core) under two pairs of styles, each round in
a fresh process per tree with the tree's own numba cache; medians and their ratio.

Both trees play the same games where they can: a tree whose ``prepare`` takes
``readings`` plays ``protection`` and ``uncontrolled_human_heals`` as every tree
did before they were switches (issue 23 moved their defaults to the literal
text, which makes other, longer games).  The script says whether each
pairing's records were the same in both trees: only then does the ratio compare
the code alone.

Run: .venv/bin/python benchmarks/agent_speed_ab.py OLD_TREE NEW_TREE [--rounds 6]
(a tree: a checkout, e.g. ``git worktree add /tmp/old <commit>``; each compiles
its kernel into its own .numba_cache on first use)
"""
import argparse
import statistics
import subprocess
import sys

CODE = """
import hashlib, inspect, time
import numpy as np
from balance.rules.innomine.matchup import play_range, prepare
OLD_READINGS = {"protection": "new_combat", "uncontrolled_human_heals": "owners_turn"}
kw = {"readings": OLD_READINGS} if "readings" in inspect.signature(prepare).parameters else {}
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
STYLES = ("influencer vs influencer", "warmonger vs tether_holder")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--rounds", type=int, default=6)
    args = ap.parse_args()
    rates = {args.old: [], args.new: []}
    for _ in range(args.rounds):
        for tree in rates:
            env = {"NUMBA_CACHE_DIR": f"{tree}/.numba_cache", "PYTHONPATH": tree, "PATH": "/usr/bin:/bin"}
            out = subprocess.run([sys.executable, "-c", CODE], cwd=tree, env=env, capture_output=True, text=True,
                                 check=True)
            rates[tree].append(out.stdout.split())
    for k, name in enumerate(STYLES):
        old, new = (statistics.median(float(r[2 * k]) for r in rates[tree]) for tree in (args.old, args.new))
        same = rates[args.old][0][2 * k + 1] == rates[args.new][0][2 * k + 1]
        print(f"{name}: {old:.0f} -> {new:.0f} games/s (median of {args.rounds}), new/old {new / old:.2f}; "
              + ("the same games" if same else "NOT the same games: the ratio compares different games"))


if __name__ == "__main__":
    main()
