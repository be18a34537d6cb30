"""Where the kernel's cold compile goes (issue 29): numba's own compile events
(``numba.core.event``, kind "numba:compile"), timed per function.

Compiles the kernel from an empty cache folder (a temporary NUMBA_CACHE_DIR,
so the project's cache is untouched) by playing 2 games, records every
"numba:compile" start and end, and prints the total and the functions with the
most *exclusive* time: a function's compile minus the compiles of the callees
it triggered (numba compiles a callee while type-inferring its caller, so the
events nest).  The process CPU time is printed too: it is what a busy machine
distorts least.  Then what LLVM spent: optimising each function's linked
module and generating its machine code, and how many functions those modules
held in all (each callee copied into a caller counts again; balance/linking.py).

Run: .venv/bin/python benchmarks/compile_profile.py [TOP]   (default 25)
"""
import os
import sys
import tempfile
import time

os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="balance-cold-")

import numba.core.event as ev  # noqa: E402
from numba.core import codegen  # noqa: E402

from balance import kernel_digest  # noqa: E402  (first: sets the cache folder below NUMBA_CACHE_DIR)
from balance.rules.innomine.matchup import play_range, prepare  # noqa: E402


def exclusive_times(records) -> tuple[dict, float, int]:
    """{function name: exclusive seconds} from nested compile events, the
    outermost total, and how many signatures were compiled."""
    stack, own, total, signatures = [], {}, 0.0, 0
    for ts, e in records:
        if e.kind != "numba:compile":
            continue
        name = e.data["dispatcher"].py_func.__module__.rsplit(".", 1)[-1] + "." + e.data["dispatcher"].__name__
        if e.is_start:
            stack.append([name, ts, 0.0])
            signatures += 1
            continue
        name, start, children = stack.pop()
        spent = ts - start
        own[name] = own.get(name, 0.0) + spent - children
        if stack:
            stack[-1][2] += spent
        else:
            total += spent
    return own, total, signatures


LLVM = {"optimising linked modules": 0.0, "machine code": 0.0, "functions generated": 0}


def timed(cls, name: str, key: str) -> None:
    """Add the CPU time of ``cls.name`` to LLVM[key]."""
    method = getattr(cls, name)

    def wrapper(self, *args):
        t0 = time.process_time()
        try:
            return method(self, *args)
        finally:
            LLVM[key] += time.process_time() - t0
            if key == "machine code":
                LLVM["functions generated"] += sum(not f.is_declaration for f in self._final_module.functions)
    setattr(cls, name, wrapper)


def main(top: int) -> None:
    m = prepare("decks/gabriel.toml", "decks/belial.toml")
    timed(codegen.CPUCodeLibrary, "_optimize_final_module", "optimising linked modules")
    timed(codegen.JITCodeLibrary, "_finalize_specific", "machine code")
    cpu0, wall0 = time.process_time(), time.perf_counter()
    with ev.install_recorder("numba:compile") as rec:
        play_range(m, 1, 0, 2)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    own, total, signatures = exclusive_times(rec.buffer)
    print(f"kernel {kernel_digest()}: cold compile: {wall:.0f} s wall, {cpu:.0f} s CPU; compile events {total:.0f} s "
          f"over {len(own)} functions, {signatures} signatures")
    print("LLVM: " + ", ".join(f"{k} {v:.0f}" + (" s" if isinstance(v, float) else "") for k, v in LLVM.items()))
    for name, t in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"  {t:7.1f} s  {100 * t / total:5.1f}%  {name}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 25)
