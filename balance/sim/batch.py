"""Playing many games in parallel (DESIGN §4, "Parallelism").

Games are split into chunks of consecutive game indices; joblib runs the
chunks in worker processes and the records are concatenated in game order.
Each game's randomness depends only on (root seed, game index), so the records
are bit-identical whatever the number of workers or the chunk size.
"""
import ctypes
import os
import signal
import sys

import numpy as np
from joblib import Parallel, delayed, parallel_config


def chunks(n_games, chunk, first=0):
    """(first game, count) pairs covering first..first+n_games-1; chunk is kept
    even so that the two games of a seat-swapped pair stay together."""
    chunk = max(2, chunk + (chunk & 1))
    return [(g, min(chunk, first + n_games - g)) for g in range(first, first + n_games, chunk)]


def run_games(play_range, matchup, root_seed, n_games, jobs=1, chunk=2000):
    """Records of games 0..n_games-1, played ``jobs`` chunks at a time."""
    parts = map_chunks(play_range, matchup, root_seed, n_games, jobs, chunk)
    return {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}


def map_chunks(play_range, matchup, root_seed, n_games, jobs=1, chunk=2000, reduce=None):
    """``reduce(records)`` of every chunk, in game order (records if no reduce);
    with a reduce, workers return only its small result, so memory stays flat."""
    work = chunks(n_games, chunk)
    if jobs == 1:
        return [_chunk(play_range, matchup, root_seed, g, n, reduce) for g, n in work]
    with loky_config(n_jobs=jobs):
        return Parallel()(delayed(_chunk)(play_range, matchup, root_seed, g, n, reduce) for g, n in work)


def _chunk(play_range, matchup, root_seed, first, n, reduce):
    rec = play_range(matchup, root_seed, first, n)
    return rec if reduce is None else reduce(rec)


def end_with_parent(parent: int) -> None:
    """Initializer of every loky worker: the OS ends it when its parent dies,
    however the parent dies (Linux PR_SET_PDEATHSIG).  loky itself only ends
    idle workers, after minutes, and a worker blocked sending its result to a
    parent killed with SIGKILL would never be idle."""
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)      # 1 = PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:           # the parent died before the line above
        os._exit(1)


def loky_config(**kw):
    """joblib's loky backend, with workers that end with this process: every
    Parallel of the package runs under it, called from the command line or not."""
    return parallel_config(backend="loky", initializer=end_with_parent, initargs=(os.getpid(),), **kw)
