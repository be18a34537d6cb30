"""balance: Monte Carlo balance analysis for card games (In Nomine first)."""
import hashlib
import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _kernel_digest() -> str:
    """Hash of every kernel source file.  numba's cache only notices edits to a
    function's own file, so a callee changed in another file would otherwise be
    served stale from the cache; keying the cache folder by this digest makes
    any edit recompile everything."""
    h = hashlib.sha256()
    for f in sorted((_PACKAGE / "rules").rglob("*.py")) + sorted((_PACKAGE / "sim").rglob("*.py")):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _set_cache_dir():
    digest = _kernel_digest()
    base = os.environ.get("NUMBA_CACHE_DIR") or str(_PACKAGE.parent / ".numba_cache")
    if Path(base).name != digest:
        base = os.path.join(base, digest)
    os.environ["NUMBA_CACHE_DIR"] = base        # read by numba at import, and by worker processes
    import numba
    numba.config.CACHE_DIR = base


_set_cache_dir()
