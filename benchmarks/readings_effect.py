"""How much each contested reading moves a matchup: Gabriel against Belial at
threshold 5 (influencer both sides, and the warmonger against the tether
holder), each reading switched to its other value against the defaults, on the
same seeds (``balance compare --fixed``: the paired difference of Gabriel's
score per seed pair, with its 95% interval).

Run: .venv/bin/python benchmarks/readings_effect.py [--games 4000] [--jobs 2]
"""
import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from balance.analysis.compare import Change, Settings, compare  # noqa: E402  (this tree's balance)
from balance.rules.innomine.contested import READINGS  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    base = {"name": "readings", "seed": 23, "games": 2,
            "grid": {"pairs": [[str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")]],
                     "policies": ["influencer", ["warmonger", "tether_holder"]]}}
    print(f"{'reading':40s} {'pairing':28s} {'default':>8s} {'other':>8s} {'difference (95% CI)':>26s}")
    for r in READINGS.values():
        other = next(v for v in r.values if v != r.default)
        t0 = time.perf_counter()
        table = compare(base, change=Change(readings={r.name: other}), settings=Settings(fixed=args.games),
                        jobs=args.jobs)
        for row in table.iter_rows(named=True):
            print(f"{r.name + ' = ' + other:40s} {row['pairing']:28s} {100 * row['baseline']:7.1f}% "
                  f"{100 * row['candidate']:7.1f}% {100 * row['difference']:+7.1f} "
                  f"({100 * row['low']:+.1f} to {100 * row['high']:+.1f})", flush=True)
        print(f"  ({time.perf_counter() - t0:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
