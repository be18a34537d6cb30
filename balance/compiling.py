"""What the user sees while the rules kernel compiles (issue 29).

The first command after a change to the kernel's code compiles it (minutes on
a 2-core machine) before it plays a game; every later command loads it from
the cache.  ``warm_up`` plays two games in this process before any worker
starts, so the kernel compiles once and the workers load it.  On a cold cache
it first compiles the ruleset's compile units (``rules/<game>/compile_units.py``)
in parallel processes, one per part, which the entry point then loads.  If
warming takes longer than a loading would (``QUIET`` seconds), it says on
stderr what is happening, how long it usually takes, and the time elapsed,
until it is done.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import importlib
import importlib.util
import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from numba.core.caching import UserProvidedCacheLocator

from .sim.batch import end_with_parent

QUIET = 2.0              # seconds: loading from the cache takes less
EVERY = 15.0             # seconds between two elapsed-time lines
EXPECTED = "about 2 minutes on a 2-core machine"     # benchmarks/RESULTS.md, "Cold compile"
EXPECTED_SMALL = "under a minute on a 2-core machine"    # a kernel without compile units (Kamigami, Solium: 20-25 s)
_warm: set = set()       # play_range functions this process has compiled or loaded


def clock(seconds: float) -> str:
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


@contextmanager
def announced(what: str = "the rules kernel", stream=None, expected: str = EXPECTED):
    """Say on ``stream`` (stderr) that ``what`` compiles if the block runs
    longer than QUIET seconds, then the elapsed time every EVERY seconds, and
    the total when it ends."""
    stream = stream or sys.stderr
    done, t0, said = threading.Event(), time.perf_counter(), []

    def watch():
        if done.wait(QUIET):
            return
        said.append(True)
        print(f"balance: compiling {what} into {os.environ.get('NUMBA_CACHE_DIR', 'the numba cache')} "
              f"(first use of this code: {expected}; later commands load it in seconds)", file=stream, flush=True)
        while not done.wait(EVERY):
            print(f"balance: still compiling, {clock(time.perf_counter() - t0)} elapsed", file=stream, flush=True)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()
        if said:
            print(f"balance: compiled in {clock(time.perf_counter() - t0)}; cached for the next command",
                  file=stream, flush=True)


def cached(dispatcher) -> bool:
    """numba's cache holds an entry of ``dispatcher`` for its source as it is now."""
    return bool(dispatcher._cache._cache_file._load_index())


def compile_parts(units: str, n: int, decks: tuple[str, ...]) -> None:
    """Compile the ``n`` parts of module ``units`` (``compile_unit(k, *decks)``)
    in as many processes at once, each caching what it compiles; each ends
    with this process, however it ends (sim.batch.end_with_parent)."""
    code = "import importlib, sys; importlib.import_module(sys.argv[1]).compile_unit(int(sys.argv[2]), *sys.argv[3:])"
    me = os.getpid()
    procs = [subprocess.Popen([sys.executable, "-c", code, units, str(k), *decks],
                              preexec_fn=lambda: end_with_parent(me)) for k in range(n)]
    try:
        for p in procs:
            p.wait()
    finally:                        # interrupted: the parts stop with the command
        for p in procs:
            p.kill()


def warm_up(rs, matchup, seed: int) -> None:
    """Compile (or load) ruleset ``rs``'s kernel here, announced, once per
    process; on a cold cache, the ruleset's compile units first (if it has
    them: a kernel that compiles in under a minute needs none), in parallel.
    A ruleset in plain Python (``Ruleset.compiled`` false) has nothing to compile."""
    play_range = rs.play_range
    if play_range in _warm or not rs.compiled:
        return
    name = play_range.__module__.rsplit(".", 1)[0] + ".compile_units"
    units = importlib.import_module(name) if importlib.util.find_spec(name) else None
    with announced(expected=EXPECTED if units is not None else EXPECTED_SMALL):
        if units is not None and not cached(units.ENTRY):
            compile_parts(units.__name__, len(units.UNITS), units.unit_args(matchup))
        play_range(matchup, seed, 0, 2)
    _warm.add(play_range)


# ------------------------------------------------------------------ which edits recompile what
def package_root(path: Path) -> Path:
    """The folder holding the top-level package of the module at ``path``."""
    folder = path.parent
    while (folder.parent / "__init__.py").is_file():
        folder = folder.parent
    return folder.parent if (folder / "__init__.py").is_file() else path.parent


def imported_files(path: Path, root: Path) -> list[Path]:
    """The files below ``root`` that the module at ``path`` imports: its own
    ``import`` and ``from ... import`` lines, relative or absolute (parsed once
    per version of the file: every module's closure walks most of the others)."""
    st = path.stat()
    return _imported_files(path, root, (st.st_mtime_ns, st.st_size))


@functools.lru_cache(maxsize=None)
def _imported_files(path: Path, root: Path, stamp: tuple) -> list[Path]:
    here = path.parent.relative_to(root).parts
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = here[:len(here) - node.level + 1] if node.level else ()
            module = (*base, *node.module.split(".")) if node.module else base
            names = [module, *((*module, a.name) for a in node.names)]
        elif isinstance(node, ast.Import):
            names = [tuple(a.name.split(".")) for a in node.names]
        else:
            continue
        for parts in names:
            target = root.joinpath(*parts) if parts else root
            out += [f for f in (target.with_suffix(".py"), target / "__init__.py") if parts and f.is_file()]
    return out


def closure_files(path: str) -> list[Path]:
    """The module at ``path`` and every module of its package that it imports,
    directly or not, sorted."""
    root = package_root(Path(path).resolve())
    seen, todo = set(), [Path(path).resolve()]
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo += imported_files(f, root)
    return sorted(seen)


@functools.lru_cache(maxsize=None)
def closure_digest(path: str, stamp: tuple) -> bytes:
    """sha256 over ``closure_files(path)`` (``stamp``: the file's mtime and
    size, so that an edit made while the process runs is seen)."""
    root = package_root(Path(path).resolve())
    h = hashlib.sha256()
    for f in closure_files(path):
        h.update(str(f.relative_to(root)).encode() + b"\0" + f.read_bytes())
    return h.digest()


class ClosureCacheLocator(UserProvidedCacheLocator):
    """numba's cache locator for NUMBA_CACHE_DIR, with a function's cache entry
    stamped by its module *and every module of its package that module
    imports*, not by its own file alone (numba's default): numba freezes
    callees and imported constants into a compiled function, so an edit to a
    callee's module must recompile its callers, and an edit to a module that
    none of a function's imports reach must not.  So each ruleset's and agent's
    kernels keep their cache entries when another's module changes, and no
    edit leaves a stale entry (tests/test_compiling.py)."""

    def get_source_stamp(self):
        st = os.stat(self._py_file)
        return closure_digest(self._py_file, (st.st_mtime, st.st_size))
