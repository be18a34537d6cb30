"""A SHA-256 of the records of 21,000 games over eight policy pairings of Gabriel vs Belial.

A change meant only to make the kernel faster must leave it unchanged: the same games, played
the same way.  Run it on the tree before and after, and compare the last line.

Run: .venv/bin/python benchmarks/records_digest.py
"""
import hashlib
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from balance.rules.innomine.matchup import play_range, prepare  # noqa: E402  (this tree's balance)

CASES = [("influencer", "influencer", 1, 4000), ("influencer", "influencer", 7, 4000),
         ("warmonger", "tether_holder", 3, 2000), ("tether_holder", "warmonger", 5, 2000),
         ("random", "influencer", 11, 2000), ("warmonger", "random", 13, 2000),
         ("random", "random", 17, 1000), ("warmonger", "warmonger", 19, 2000)]


KEYS = ("gain", "masks", "rows", "spent")   # the records every version has; a newer curve (short) would change it


def main():
    total = hashlib.sha256()
    for policy_a, policy_b, seed, n in CASES:
        m = prepare(ROOT / "decks/gabriel.toml", ROOT / "decks/belial.toml", policy_a, policy_b, threshold=5)
        t0 = time.perf_counter()
        records = play_range(m, seed, 0, n)
        dt = time.perf_counter() - t0
        h = hashlib.sha256()
        for k in KEYS:
            h.update(k.encode())
            h.update(np.ascontiguousarray(records[k]).tobytes())
        total.update(h.digest())
        print(f"{policy_a:14s} {policy_b:14s} seed {seed:3d} games {n:5d}  {h.hexdigest()[:16]}  "
              f"{n / dt:6.0f} games/s", flush=True)
    print("all", total.hexdigest())


if __name__ == "__main__":
    main()
