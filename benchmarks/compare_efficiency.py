"""Sequential against fixed-N: games each needs to judge a planted change of
about the bound's size (issue 6).

The change: Therkax (Belial) from 8 to 5 Essence, which moves Gabriel vs Belial
at 5 Humans by about -2 points (measured with --fixed 8000: -2.1).  The
sequential test (bound 2 points, alpha = beta = 0.05) runs REPS times on
different root seeds; the fixed-N test of the same power needs
n = ((z(1-alpha/2) + z(1-beta)) * sd / bound)^2 seed pairs, with sd the
standard deviation of the pair differences pooled over those runs.

Run: .venv/bin/python benchmarks/compare_efficiency.py [REPS]   (default 10)
"""
import statistics
import sys

import numpy as np

from balance.analysis.compare import Change, Settings, compare, differences, pair_up
from balance.analysis.sprt import fixed_n_pairs
from balance.runner.run import play_winners

EXPERIMENT = {"name": "efficiency", "seed": 0, "games": 2,
              "grid": {"pairs": [["decks/gabriel.toml", "decks/belial.toml"]], "threshold": 5}}
CHANGE = Change(overrides={"Therkax": {"cost": 5}})
SETTINGS = Settings(bound=0.02, batch=500, max_games=60_000)


def pooled_sd(seed: int, games: int = 20_000) -> float:
    """sd of the seed-pair differences from one large paired sample."""
    pairs = pair_up({**EXPERIMENT, "seed": seed}, change=CHANGE)
    w = play_winners({(0, 0): pairs.sides[0][0], (0, 1): pairs.sides[0][1]}, seed, 0, games, jobs=2)
    return float(np.std(differences(w, 0), ddof=1))


if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    used, verdicts = [], []
    for seed in range(1, reps + 1):
        row = compare({**EXPERIMENT, "seed": seed}, change=CHANGE, settings=SETTINGS, jobs=2).row(0, named=True)
        used.append(row["games"])
        verdicts.append(row["verdict"])
        print(f"seed {seed}: {row['games']} games per side, difference {row['difference'] * 100:+.2f} points, "
              f"{row['verdict']}", flush=True)
    sd = pooled_sd(seed=1000)
    fixed = 2 * fixed_n_pairs(sd, SETTINGS.bound, SETTINGS.alpha, SETTINGS.beta)
    print(f"sequential: mean {statistics.mean(used):,.0f}, median {statistics.median(used):,.0f} games per side "
          f"({verdicts.count('changed')}/{reps} detected)")
    print(f"fixed-N of the same power: {fixed:,} games per side (pair-difference sd {sd:.4f})")
