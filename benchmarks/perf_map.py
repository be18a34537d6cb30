"""A flat profile of the compiled kernel, function by function, under Linux ``perf``.

numba's machine code lives in anonymous memory, so perf cannot name it.  This script, run from
a tree's root (a worktree's too), keeps the object code numba loads for ``game.simulate_pairs``
(from its cache or a fresh compile), reads its symbols with ``nm``, and writes them at their load
addresses to ``/tmp/perf-<pid>.map``, the file perf reads for JIT code; then it plays N games of
Gabriel vs Belial at threshold 5, influencer against influencer unless two more arguments name
other styles (``READINGS='{"protection": "new_combat"}'`` in the environment sets readings).
Functions LLVM inlined are counted in their callers.  From the project root:

    NUMBA_CACHE_DIR=.numba_cache perf record -e cpu-clock -F 2000 -o /tmp/perf.data \\
        .venv/bin/python benchmarks/perf_map.py 4000
    perf report -i /tmp/perf.data --no-children --sort sym | grep B40c8

(the ``grep`` keeps the kernel's symbols; the rest is the interpreter starting up).
"""
import json
import os
import subprocess
import sys
import time

sys.path[0] = os.getcwd()    # the tree it is run in, not benchmarks/, whose coverage.py numba would import
from numba.core import codegen  # noqa: E402

_OBJECTS = {}
_load_object = codegen.CPUCodeLibrary._object_getbuffer_hook.__func__


def _keep_object(cls, ll_module):
    """numba's hook that hands LLVM a cached object, keeping a copy of it."""
    buf = _load_object(cls, ll_module)
    if buf:
        _OBJECTS[ll_module.name] = buf
    return buf


# numba binds the hook when its code generator starts, which importing the rules does
codegen.CPUCodeLibrary._object_getbuffer_hook = classmethod(_keep_object)

from balance.rules.innomine import game  # noqa: E402
from balance.rules.innomine.matchup import play_range, prepare  # noqa: E402


def write_map(path_o="/tmp/kernel.o"):
    """Write the kernel's symbols to perf's map for this process."""
    (cres,) = game.simulate_pairs.overloads.values()
    with open(path_o, "wb") as f:
        f.write(_OBJECTS.get("simulate_pairs") or cres.library._get_compiled_object())
    nm = subprocess.run(["nm", "-S", "--defined-only", path_o], capture_output=True, text=True, check=True)
    syms = [(int(a, 16), int(n, 16), name) for a, n, kind, name in
            (line.split() for line in nm.stdout.splitlines() if len(line.split()) == 4) if kind in "tTwW"]
    entry = cres.fndesc.llvm_func_name
    delta = cres.library.get_pointer_to_function(entry) - next(a for a, _, name in syms if name == entry)
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as f:
        f.writelines(f"{a + delta:x} {n:x} {name}\n" for a, n, name in syms)
    return len(syms)


def main(n, policy_a="influencer", policy_b="influencer"):
    readings = json.loads(os.environ.get("READINGS", "null"))
    m = prepare("decks/gabriel.toml", "decks/belial.toml", policy_a, policy_b,
                **({"readings": readings} if readings else {}))
    play_range(m, 1, 0, 20)                       # compile or load, and keep the object code
    print(f"{write_map()} symbols mapped", file=sys.stderr)
    t0 = time.process_time()
    play_range(m, 1, 0, n)
    print(f"{n} games: {n / (time.process_time() - t0):,.0f} games per CPU second", file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 4000, *sys.argv[2:4])
