"""Time 200 scripted Innomination games (Sectonia Swarm against Vesuvion
Vanguard, seed 1) with the ``balance`` of the tree given, and print the
seconds and the records' digest: run it on two worktrees in alternation to
compare a change's speed on the same games.

    .venv/bin/python benchmarks/innomination_ab.py /path/to/worktree
"""
import sys
import time

sys.path.insert(0, sys.argv[1])
from balance.rules.conformance import digest  # noqa: E402  (that tree's balance)
from balance.rules.innomination.matchup import play_range, prepare  # noqa: E402

m = prepare(sys.argv[1] + "/decks/innomination/prototype4.toml", ["Sectonia Swarm", "Vesuvion Vanguard"],
            ["scripted"] * 2)
t = time.perf_counter()
r = play_range(m, 1, 0, 200)
print(sys.argv[1], f"{time.perf_counter() - t:.2f} s", digest(r)[:16])
