"""Peak memory of `balance simulate` as the number of games grows (it must stay flat).

Run: .venv/bin/python benchmarks/memory.py
Each game count runs in a fresh process that reports its own peak resident memory.
"""
import subprocess
import sys

ONE = """
import resource, sys
from balance.cli import main
main(["simulate", "--games", sys.argv[1], "--seed", "5"])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def peak_mib(games: int) -> float:
    out = subprocess.run([sys.executable, "-c", ONE, str(games)], check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


if __name__ == "__main__":
    for n in (2_000, 20_000, 100_000):
        print(f"{n:>7} games: peak RSS {peak_mib(n):.0f} MiB", flush=True)
