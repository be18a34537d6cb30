"""balance: Monte Carlo balance analysis for card games (In Nomine first)."""
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
__version__ = "0.1.0"


def kernel_digest(ruleset: str = "innomine") -> str:
    """The fingerprint of the code that makes a ruleset's records: its compiled
    entry points' modules and every module they import (Ruleset.kernel_digest)."""
    from .rules import get
    return get(ruleset).kernel_digest()


def _set_cache_dir():
    """Cache compiled kernels in NUMBA_CACHE_DIR (default ``.numba_cache``),
    each function's entry stamped by its module and the modules it imports
    (``compiling.ClosureCacheLocator``), so that an edit recompiles what
    depends on it and nothing else.  A kernel compiled with every index
    bounds-checked (NUMBA_BOUNDSCHECK=1, which numba's cache does not tell
    apart) gets a folder of its own, or it would be served, slower, to runs
    without the check."""
    import numba
    base = os.environ.get("NUMBA_CACHE_DIR") or str(_PACKAGE.parent / ".numba_cache")
    if numba.config.BOUNDSCHECK and Path(base).name != "boundscheck":
        base = os.path.join(base, "boundscheck")
    locator = "balance.compiling.ClosureCacheLocator"
    os.environ["NUMBA_CACHE_DIR"] = base        # read by worker processes
    os.environ["NUMBA_CACHE_LOCATOR_CLASSES"] = locator
    numba.config.CACHE_DIR = base
    numba.config.CACHE_LOCATOR_CLASSES = locator


_set_cache_dir()

from .linking import install  # noqa: E402

install()

from .interop import to_pandas  # noqa: E402
from .runner import load_run, run_experiment  # noqa: E402  (after the cache folder is set)

__all__ = ["kernel_digest", "load_run", "run_experiment", "to_pandas"]
