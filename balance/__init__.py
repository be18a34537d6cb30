"""balance: Monte Carlo balance analysis for card games (In Nomine first)."""
import hashlib
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
__version__ = "0.1.0"


def kernel_digest() -> str:
    """Hash of every kernel source file: all of ``rules/`` (kernels and the
    constants they freeze at compile time) and the ``sim/`` modules that use
    numba.  numba's cache only notices edits to a function's own file, so a
    callee changed in another file would otherwise be served stale from the
    cache; keying the cache folder by this digest makes any edit recompile
    everything.  It also fingerprints the code that made a run's records."""
    h = hashlib.sha256()
    sim = [f for f in sorted((_PACKAGE / "sim").rglob("*.py")) if b"numba" in f.read_bytes()]
    for f in sorted((_PACKAGE / "rules").rglob("*.py")) + sim:
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _set_cache_dir():
    """Cache the kernel in a folder named by its digest.  A kernel compiled with
    every index bounds-checked (NUMBA_BOUNDSCHECK=1, which numba's cache does not
    tell apart) gets a folder of its own, or it would be served, slower, to runs
    without the check."""
    import numba
    folder = kernel_digest() + ("-boundscheck" if numba.config.BOUNDSCHECK else "")
    base = os.environ.get("NUMBA_CACHE_DIR") or str(_PACKAGE.parent / ".numba_cache")
    if Path(base).name != folder:
        base = os.path.join(base, folder)
    os.environ["NUMBA_CACHE_DIR"] = base        # read by worker processes
    numba.config.CACHE_DIR = base


_set_cache_dir()

from .interop import to_pandas  # noqa: E402
from .runner import load_run, run_experiment  # noqa: E402  (after the cache folder is set)

__all__ = ["kernel_digest", "load_run", "run_experiment", "to_pandas"]
