"""What shipping every game's records back from the workers cost ``balance bench``:
In Nomine's default matchup (Gabriel vs Belial, influencer) played both ways in
alternating rounds in one process, on one and on two workers -- the records
collected (``sim.batch.run_games``, the old bench) against only the count of
games played (``map_chunks`` with a reduce, the bench now).

    .venv/bin/python benchmarks/bench_shipping_ab.py GAMES ROUNDS
"""
import statistics
import sys
import time

from balance.rules import get
from balance.sim.batch import map_chunks, run_games


def played(records: dict) -> int:
    return len(records["rows"])


def main(n: int, rounds: int) -> None:
    rs = get("innomine")
    m = rs.prepare("decks/gabriel.toml", "decks/belial.toml", "influencer", "influencer")
    rs.play_range(m, 1, 0, 4)
    out = {"shipped": {1: [], 2: []}, "counted": {1: [], 2: []}}
    for _ in range(rounds):
        for jobs in (1, 2):
            chunk = max(1, min(n // (4 * jobs), 500))          # cli._bench_chunk
            run_games(rs.play_range, m, 1, 2 * jobs, jobs=jobs, chunk=2)
            t0 = time.perf_counter()
            run_games(rs.play_range, m, 1, n, jobs=jobs, chunk=chunk)
            out["shipped"][jobs].append(n / (time.perf_counter() - t0))
            t0 = time.perf_counter()
            map_chunks(rs.play_range, m, 1, n, jobs, chunk, reduce=played)
            out["counted"][jobs].append(n / (time.perf_counter() - t0))
    for way, rates in out.items():
        print(way, {j: f"{statistics.median(x):,.0f} ({', '.join(f'{y:,.0f}' for y in x)})"
                    for j, x in rates.items()})


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
