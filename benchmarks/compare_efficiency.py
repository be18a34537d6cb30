"""Sequential against fixed-N: games each needs to judge a planted change of
the bound's size (issue 6).

The change: Therkax (Belial) from 8 to 5 Essence, Gabriel vs Belial at 5
Humans, influencer policies.  Its effect on Gabriel's score is first measured
precisely on a large paired sample (seed 1000); the bound is set to that
effect, rounded to a quarter point.  The sequential test (alpha = beta = 0.05,
a look every BATCH games) then runs REPS times on other root seeds, and the
fixed-N test of the same power needs n = ((z(1-alpha/2) + z(1-beta)) * sd / bound)^2
seed pairs, sd being the pair differences' standard deviation from the large sample.

Run: .venv/bin/python benchmarks/compare_efficiency.py [REPS]   (default 20)
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
BATCH = 200


def large_sample(seed: int = 1000, games: int = 40_000) -> tuple[float, float]:
    """(mean, sd) of the seed-pair differences of one large paired sample."""
    pairs = pair_up({**EXPERIMENT, "seed": seed}, change=CHANGE)
    sides = {(0, 0): pairs.sides[0][0], (0, 1): pairs.sides[0][1]}
    w = play_winners(pairs.exp.ruleset, sides, seed, 0, games, jobs=2)
    d = differences(w, 0)
    return float(d.mean()), float(np.std(d, ddof=1))


if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    effect, sd = large_sample()
    bound = max(0.0025, round(abs(effect) * 400) / 400)
    settings = Settings(bound=bound, batch=BATCH, max_games=100_000)
    print(f"effect of the change: {effect * 100:+.2f} points (40,000 games per side); bound {bound * 100:g} points; "
          f"pair-difference sd {sd:.4f}", flush=True)
    used, verdicts = [], []
    for seed in range(1, reps + 1):
        row = compare({**EXPERIMENT, "seed": seed}, change=CHANGE, settings=settings, jobs=2).row(0, named=True)
        used.append(row["games"])
        verdicts.append(row["verdict"])
        print(f"seed {seed}: {row['games']} games per side, difference {row['difference'] * 100:+.2f} points, "
              f"{row['verdict']}", flush=True)
    fixed = 2 * fixed_n_pairs(sd, bound, settings.alpha, settings.beta)
    print(f"sequential: mean {statistics.mean(used):,.0f}, median {statistics.median(used):,.0f} games per side "
          f"({verdicts.count('changed')}/{reps} detected)")
    print(f"fixed-N of the same power (1 - beta = {1 - settings.beta:g}): {fixed:,} games per side")
