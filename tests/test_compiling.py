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
import sys
import balance.linking
balance.linking.LINKED_MAX = int(sys.argv[1])
from toy.mid import g
from toy.other import h
from toy.leaf import f
if sys.argv[2] == "h first":           # compiled in another order: numba's own counter would name f otherwise
    h()
print(g(), h(), f())
for fn in (f, g, h):
    print(fn.__name__, "loaded" if fn.stats.cache_hits else "compiled")
symbol = f.overloads[f.signatures[0]].fndesc.mangled_name
try:
    copied = not g.overloads[g.signatures[0]].library._get_module_for_linking().get_function(symbol).is_declaration
except NameError:                      # copied, inlined, and the copy dropped
    copied = True
print("g copies f" if copied else "g calls f", symbol)
"""


def write_toy(tmp: Path) -> None:
    for name, text in TOY.items():
        (tmp / name).parent.mkdir(exist_ok=True)
        (tmp / name).write_text(text)


def run_toy(tmp: Path, linked_max: int = 80_000, cache: str = "cache", order: str = "g first") -> list[str]:
    """What PROBE prints: the three results, each function compiled or loaded,
    and whether g's code holds a copy of f's or calls f by f's symbol."""
    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp / cache), "PYTHONPATH": str(tmp),
           "NUMBA_CACHE_LOCATOR_CLASSES": "balance.compiling.ClosureCacheLocator"}
    out = subprocess.run([sys.executable, "-c", PROBE, str(linked_max), order], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout.split("\n")[:5]


def test_an_edit_recompiles_its_dependants_only_and_never_serves_a_stale_entry(tmp_path):
    write_toy(tmp_path)
    assert run_toy(tmp_path)[:4] == ["11 3 1", "f compiled", "g compiled", "h compiled"]
    assert run_toy(tmp_path)[:4] == ["11 3 1", "f loaded", "g loaded", "h loaded"]
    (tmp_path / "toy/leaf.py").write_text(TOY["toy/leaf.py"].replace("CONST = 1", "CONST = 2"))
    assert run_toy(tmp_path)[:4] == ["12 3 2", "f compiled", "g compiled", "h loaded"]


def test_a_called_callee_is_loaded_with_its_caller_and_an_edit_to_it_recompiles_the_caller(tmp_path):
    """With every callee called, not copied (linking.LINKED_MAX 0): g's cached
    code calls f's symbol and loads f first; an edit to f's module gives f a
    symbol of its own and recompiles g against it, so g never calls old code."""
    write_toy(tmp_path)
    first = run_toy(tmp_path, 0)
    assert first[:4] == ["11 3 1", "f compiled", "g compiled", "h compiled"]
    assert first[4].startswith("g calls f")
    assert run_toy(tmp_path, 0) == ["11 3 1", "f loaded", "g loaded", "h loaded", first[4]]
    (tmp_path / "toy/leaf.py").write_text(TOY["toy/leaf.py"].replace("CONST = 1", "CONST = 2"))
    edited = run_toy(tmp_path, 0)
    assert edited[:4] == ["12 3 2", "f compiled", "g compiled", "h loaded"]
    assert edited[4].startswith("g calls f") and edited[4] != first[4]
    assert run_toy(tmp_path, cache="default")[4].startswith("g copies f")     # f is small: copied by default


def test_a_caller_and_its_callee_compiled_in_different_processes_fit(tmp_path):
    """A function's symbol is named by its source, not by the process that
    compiled it: g's entry from one process calls f's entry from another, as
    when a kernel's parts compile at once (compiling.compile_parts)."""
    write_toy(tmp_path)
    ours = run_toy(tmp_path, 0)
    theirs = run_toy(tmp_path, 0, cache="other", order="h first")
    assert theirs == ours
    for entry in (tmp_path / "other").rglob("leaf.f-*"):
        (tmp_path / "cache" / entry.relative_to(tmp_path / "other")).write_bytes(entry.read_bytes())
    assert run_toy(tmp_path, 0) == ["11 3 1", "f loaded", "g loaded", "h loaded", ours[4]]


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
