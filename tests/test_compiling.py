"""What the user sees while the kernel compiles, and which edits recompile
what (issue 29): a compile is announced within seconds; each function's cache
entry is stamped by the modules it imports (``compiling.ClosureCacheLocator``),
so an edit recompiles the functions that depend on it and no others, and never
leaves a stale entry."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

from cli import ENV, ROOT

from balance.compiling import ClosureCacheLocator

TOY = {
    "toy/__init__.py": "",
    "toy/leaf.py": "from numba import njit\nCONST = 1\n\n@njit(cache=True)\ndef f():\n    return CONST\n",
    "toy/mid.py": "from numba import njit\nfrom .leaf import f\n\n@njit(cache=True)\ndef g():\n    return f() + 10\n",
    "toy/other.py": "from numba import njit\n\n@njit(cache=True)\ndef h():\n    return 3\n",
}
PROBE = """
import balance.compiling
from toy.mid import g
from toy.other import h
from toy.leaf import f
print(g(), h(), f())
for fn in (f, g, h):
    print(fn.__name__, "loaded" if fn.stats.cache_hits else "compiled")
"""


def run_toy(tmp: Path) -> list[str]:
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp / "cache"), "PYTHONPATH": str(tmp),
           "NUMBA_CACHE_LOCATOR_CLASSES": "balance.compiling.ClosureCacheLocator"}
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return out.stdout.split("\n")[:4]


def test_an_edit_recompiles_its_dependants_only_and_never_serves_a_stale_entry(tmp_path):
    for name, text in TOY.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    assert run_toy(tmp_path) == ["11 3 1", "f compiled", "g compiled", "h compiled"]
    assert run_toy(tmp_path) == ["11 3 1", "f loaded", "g loaded", "h loaded"]
    (tmp_path / "toy/leaf.py").write_text(TOY["toy/leaf.py"].replace("CONST = 1", "CONST = 2"))
    assert run_toy(tmp_path) == ["12 3 2", "f compiled", "g compiled", "h loaded"]


def test_the_kernel_is_cached_by_its_imports():
    from balance.rules.innomine.game import simulate_pairs
    assert isinstance(simulate_pairs._cache._impl.locator, ClosureCacheLocator)


def test_a_cold_compile_is_announced_within_seconds(tmp_path):
    """An empty cache: the command says it compiles, and how long that takes,
    within a few seconds (it is stopped then, with the processes compiling
    the kernel's parts, not left to compile)."""
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "balance", "simulate", "--games", "2"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        line = proc.stderr.readline()
        elapsed = time.monotonic() - t0
    finally:
        os.killpg(proc.pid, signal.SIGKILL)       # the command and the compiling parts it started
        proc.wait()
    assert line.startswith("balance: compiling the rules kernel") and "minutes" in line, line
    assert elapsed < 20, elapsed


def test_the_compile_parts_end_with_a_command_killed_outright(tmp_path):
    """A cold compile runs its parts in processes of their own
    (compiling.compile_parts); killed outright (SIGKILL, no cleanup), the
    command takes them with it, rather than leaving them to compile on for
    minutes and write the cache behind a newer command's back."""
    (tmp_path / "slow_units.py").write_text("import time\n\ndef compile_unit(k, *decks):\n    time.sleep(120)\n")
    code = "from balance.compiling import compile_parts; compile_parts('slow_units', 2, ())"
    env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tmp_path), ENV.get("PYTHONPATH", "")])}
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=env)
    me = psutil.Process(proc.pid)
    deadline = time.time() + 60
    while len(me.children()) < 2 and time.time() < deadline:
        time.sleep(0.1)
    parts = me.children()
    assert len(parts) == 2
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(2)
    left = [p for p in parts if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    for p in left:
        p.kill()
    assert left == []
