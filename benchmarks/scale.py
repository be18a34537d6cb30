"""`balance run` at growing game counts: wall time, peak memory of the whole
process tree (parent and workers), and the size of the store (issue 4's
targets: 1,000,000 games in <= 5 minutes, < 2 GB peak and flat, <= 200 MB stored).

Run: .venv/bin/python benchmarks/scale.py [GAMES ...]   (default 100000 300000 1000000)
Each count runs `balance run experiments/million.toml --games N --jobs 2 --fresh`
into a temporary folder, with the kernel already compiled.
"""
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def tree_rss(pid: int) -> int:
    """Resident bytes of a process and all its descendants (from /proc)."""
    children = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(d.name))
            except (OSError, IndexError, ValueError):
                continue
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        todo += children.get(p, [])
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def measure(games: int) -> tuple[float, int, int]:
    """(seconds, peak tree RSS bytes, store bytes) of one run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        cmd = [sys.executable, "-m", "balance", "run", "experiments/million.toml", "--games", str(games),
               "--jobs", "2", "--out", str(out)]
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        peak = 0
        while proc.poll() is None:
            peak = max(peak, tree_rss(proc.pid))
            time.sleep(0.25)
        seconds = time.perf_counter() - t0
        if proc.returncode:
            raise SystemExit(f"balance run failed with exit code {proc.returncode}")
        size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    return seconds, peak, size


if __name__ == "__main__":
    subprocess.run([sys.executable, "-m", "balance", "simulate", "--games", "2"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)                      # compile the kernel before timing
    print(f"machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} before the runs")
    for n in map(int, sys.argv[1:] or ["100000", "300000", "1000000"]):
        s, peak, size = measure(n)
        print(f"{n:>9,} games: {s:7.1f} s ({n / s:,.0f} games/s), peak RSS {peak / 2**20:,.0f} MiB, "
              f"store {size / 2**20:,.1f} MiB ({size / n:.0f} bytes/game)", flush=True)
