"""``balance run``: an experiment's cells played in chunks, in parallel, into a
resumable store (DESIGN §2, §4 "Parallelism").

Every chunk is (cell, first game, games).  Workers (joblib processes locally,
or a Dask cluster through joblib's dask backend) return compact frames; the
parent writes each as it arrives.  Game g of every cell is played from game
seed g >> 1 with seats exchanged on odd g, so the records are bit-identical
whatever the worker count, chunk size or backend.
"""
from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from .. import __version__
from ..compiling import warm_up
from ..fields import DeckError, did_you_mean
from ..errors import InputError
from ..rules.ruleset import Ruleset
from ..sim.batch import chunks, loky_config
from .experiment import Cell, Experiment, load_experiment
from .store import Store, chunk_name

RUNS_DIR = Path("runs")


def prepare_cell(exp: Experiment, cell: Cell, swaps=({}, {})):
    """Load, validate and compile one cell (``swaps``: deck A's and deck B's
    cards swapped for others or blanks, see compile_tables); an error names the
    experiment file and the cell, then what the deck, policy or override check said."""
    try:
        return exp.ruleset.prepare_cell(cell, swaps)
    except (DeckError, InputError) as e:
        raise InputError(f"{exp.source}: grid cell {cell.index} ({describe_cell(cell)}): {e}") from None


def describe_cell(cell: Cell) -> str:
    """A cell in a few words, for an error message: its entrants (a deck by its
    file's name), policies, parameters and overrides' label."""
    who = ", ".join(Path(e).name for e in cell.entrants)
    params = ", ".join(f"{k} {v}" for k, v in cell.params.items())
    return f"{who}; {'/'.join(cell.policies)}; {params}; {cell.label}"


def prepare_cells(exp: Experiment, cells: list[Cell], what: str = "grid.overrides") -> list:
    """Every cell prepared, and each overridden card checked to be in some deck
    of the cells (a cell whose decks lack the card simply does not use its
    override, but a card in no deck at all is a typo that must not vanish)."""
    matchups = [prepare_cell(exp, c) for c in cells]
    known = {name for m in matchups for name in m.card_names()}
    for card in {card for c in cells for card in c.overrides}:
        if card not in known:
            raise InputError(f"{exp.source}: {what}: card {card!r}: not in any deck of the experiment"
                             f"{did_you_mean(card, known)}; allowed: a card of its decks")
    return matchups


TASK_GAMES = 2000               # games per task of play_winners: a fraction of a second each
WORKER_BYTES = 300 * 2**20      # one worker process before its first game (Python, numba, polars)


def bytes_per_game(turn_cap: int) -> int:
    """Memory a game of a chunk holds at most: the three per-turn curves of
    both seats, sized by the turn cap (int64 in the kernel, then int16 and list
    copies in the stored frame), and its fixed columns."""
    return 96 * ((turn_cap + 1) // 2) + 1024


def machine_memory() -> int:
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError):
        return 1 << 62


def check_memory(games_at_once: int, turn_cap: int, workers: int, parent: int = 0, what: str = "games") -> None:
    """Refuse, before allocating, work whose ``workers`` tasks of
    ``games_at_once`` games (plus ``parent`` bytes in this process) need more
    memory than the machine has."""
    need = workers * (WORKER_BYTES + games_at_once * bytes_per_game(turn_cap)) + parent
    have = machine_memory()
    if need > have:
        raise InputError(f"{what}: needs about {need / 2**30:,.1f} GiB of memory ({workers} worker(s) x "
                         f"{games_at_once:,} games at a time, turn cap {turn_cap:,}), more than this machine's "
                         f"{have / 2**30:,.1f} GiB; allowed: fewer games at a time (chunk), fewer --jobs or a "
                         f"lower turn cap")


def check_winners_memory(matchups: dict, n: int, jobs: int) -> int:
    """play_winners' memory checked (see check_memory); returns its games per
    task, kept short so that Ctrl-C is honoured within a task, even with one job."""
    size = min(n // jobs, TASK_GAMES)
    check_memory(size, max(m.turn_cap for m in matchups.values()), jobs, parent=16 * n * len(matchups),
                 what=f"{n:,} games of each of {len(matchups)} matchup(s)")
    return size


def plan(exp: Experiment) -> list[tuple[int, int, int]]:
    """(cell, first game, games) for every chunk of the experiment."""
    return [(c.index, g, min(exp.chunk, c.games - g)) for c in exp.cells for g in range(0, c.games, exp.chunk)]


def manifest_of(exp: Experiment, matchups: list) -> dict:
    """What the store records about how its games were made, and the labels of
    its ruleset that analysis and report read."""
    kernel = exp.ruleset.kernel_digest()
    return {
        "experiment": exp.describe(),
        "ruleset": exp.ruleset.describe(),
        "experiment_text": Path(exp.source).read_text(encoding="utf-8") if exp.source != "<dict>" else None,
        "code_version": {"balance": __version__, "kernel": kernel},
        "seeds": {"root": exp.seed, "scheme": exp.ruleset.seeding},
        "fingerprint": {
            "experiment": exp.text_hash, "games per cell": exp.games,
            **{key: [m.fingerprint()[key] for m in matchups] for key in ("card tables", "policies", "agents")},
            "kernel code": kernel,
        },
        "decks": [m.describe() for m in matchups],
        "chunks_planned": len(plan(exp)),
        "chunk": exp.chunk,
    }


def play_chunk(rs: Ruleset, m, seed: int, cell: int, first: int, n: int):
    """One chunk's games of matchup ``m`` as the stored frame (runs in a worker)."""
    return cell, first, rs.records_frame(rs.play_range(m, seed, first, n), cell)


def winners(rs: Ruleset, m, seed: int, first: int, n: int):
    """Who won games first..first+n-1 (deck 0 = A, 1 = B, -1 = draw); runs in a worker."""
    return rs.play_range(m, seed, first, n)["rows"][:, rs.columns["winner"]].copy()


def play_winners(rs: Ruleset, matchups: dict, seed: int, first: int, n: int, jobs: int,
                 progress: str | None = None) -> dict:
    """{key: winners of games first..first+n-1} for every ``key: matchup`` of ruleset ``rs``, the
    work split over ``jobs`` processes (for compare, tune and impact, which
    only need who won); ``progress`` names a progress bar to show."""
    size = check_winners_memory(matchups, n, jobs)
    warm_up(rs, next(iter(matchups.values())), seed)
    work = [(key, g, k) for key in matchups for g, k in chunks(n, size, first)]
    parts: dict = {}
    with loky_config(n_jobs=jobs), tqdm(total=n * len(matchups), unit="game", unit_scale=True,
                                        disable=progress is None, desc=progress) as bar:
        out = Parallel(return_as="generator")(delayed(winners)(rs, matchups[key], seed, g, k) for key, g, k in work)
        for (key, _, k), w in zip(work, out):
            parts.setdefault(key, []).append(w)
            bar.update(k)
    return {key: np.concatenate(v) for key, v in parts.items()}


def run_experiment(spec, out=None, jobs=1, games=None, fresh=False, backend="loky", scheduler=None,
                   progress=True) -> Path:
    """Play every cell of an experiment (a TOML path or a dict) into ``out``
    (default ``runs/<name>``), resuming from chunks already there; returns the
    run directory.  Raises DeckError / InputError on bad input before anything
    stored is touched."""
    exp = load_experiment(spec, games)
    matchups = prepare_cells(exp, exp.cells)
    local = backend == "loky" or scheduler is None
    check_memory(exp.chunk, max(c.turn_cap for c in exp.cells), jobs if local else 1,
                 what=f"{exp.source}: chunk {exp.chunk}, turn_cap {max(c.turn_cap for c in exp.cells)}"
                      + (f", --jobs {jobs}" if local else ""))
    with Store(out or RUNS_DIR / exp.name) as store:
        store.open(manifest_of(exp, matchups), fresh)      # checks only, under the store's lock
        with backend_config(backend, scheduler, jobs):       # a Dask scheduler is reached before any write
            store.begin()
            done = store.done()
            todo = [w for w in plan(exp) if chunk_name(w[0], w[1]) not in done]
            warm_up(exp.ruleset, matchups[0], exp.seed)
            t0, played = time.perf_counter(), 0
            total = sum(c.games for c in exp.cells)
            bar = tqdm(total=total, initial=total - sum(w[2] for w in todo),
                       unit="game", unit_scale=True, smoothing=0.1, disable=not progress, desc=exp.name)
            try:
                tasks = (delayed(play_chunk)(exp.ruleset, matchups[c], exp.seed, c, g, n) for c, g, n in todo)
                for cell, first, frame in Parallel(return_as="generator_unordered")(tasks):
                    store.write_chunk(cell, first, frame)
                    n = frame["game"].n_unique()
                    played += n
                    bar.update(n)
            finally:
                bar.close()
                store.finish(time.perf_counter() - t0, played, complete=len(store.done()) == len(plan(exp)))
    return store.dir


@contextlib.contextmanager
def backend_config(backend: str, scheduler: str | None, jobs: int):
    """joblib's backend: local processes (loky), or a Dask cluster at
    ``scheduler`` (without one, a local cluster of ``jobs`` workers on loopback)."""
    if backend == "loky":
        with loky_config(n_jobs=jobs):
            yield
        return
    if backend != "dask":
        raise InputError(f"--backend: {backend!r}: unknown backend; allowed: loky, dask")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--backend dask: dask is not installed; allowed: pip install 'balance[cluster]'") from None
    with contextlib.ExitStack() as stack:
        if scheduler is None:
            scheduler = stack.enter_context(LocalCluster(n_workers=jobs, threads_per_worker=1, host="127.0.0.1",
                                                         dashboard_address=None))
        try:
            stack.enter_context(Client(scheduler))
        except (OSError, ValueError, TypeError) as e:       # unreachable, or not an address
            raise InputError(f"--scheduler: {scheduler}: cannot connect ({' '.join(str(e).split())[:200]}); "
                             f"allowed: the address of a running Dask scheduler, e.g. tcp://127.0.0.1:8786") from None
        stack.enter_context(parallel_config(backend="dask", wait_for_workers_timeout=60))
        yield
