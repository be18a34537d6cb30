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
import time
from pathlib import Path

import numpy as np
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from .. import __version__, kernel_digest
from ..cards import DeckError
from ..cards.schema import did_you_mean
from ..errors import InputError
from ..rules.innomine.game import R_WINNER
from ..rules.innomine.matchup import Matchup, play_range, prepare
from ..sim.batch import chunks
from ..sim.records import records_frame
from .experiment import Cell, Experiment, load_experiment
from .store import Store, chunk_name

RUNS_DIR = Path("runs")


def prepare_cell(exp: Experiment, cell: Cell, swaps=({}, {})) -> Matchup:
    """Load, validate and compile one cell (``swaps``: deck A's and deck B's
    cards swapped for others or blanks, see compile_tables); an error names the
    experiment file and the cell, then what the deck, policy or override check said."""
    try:
        return prepare(cell.deck_a, cell.deck_b, cell.policy_a, cell.policy_b, cell.threshold,
                       cell.turn_cap, cell.overrides, cell.variant, swaps)
    except (DeckError, InputError) as e:
        raise InputError(f"{exp.source}: grid cell {cell.index} (threshold {cell.threshold}, "
                         f"{cell.policy_a}/{cell.policy_b}, {cell.label}): {e}") from None


def prepare_cells(exp: Experiment, cells: list[Cell], what: str = "grid.overrides") -> list[Matchup]:
    """Every cell prepared, and each overridden card checked to be in some deck
    of the cells (a cell whose decks lack the card simply does not use its
    override, but a card in no deck at all is a typo that must not vanish)."""
    matchups = [prepare_cell(exp, c) for c in cells]
    known = {name for m in matchups for deck in m.ab.decks for name in deck.cards}
    for card in {card for c in cells for card in c.overrides}:
        if card not in known:
            raise InputError(f"{exp.source}: {what}: card {card!r}: not in any deck of the experiment"
                             f"{did_you_mean(card, known)}; allowed: a card of its decks")
    return matchups


def plan(exp: Experiment) -> list[tuple[int, int, int]]:
    """(cell, first game, games) for every chunk of the experiment."""
    return [(c.index, g, min(exp.chunk, exp.games - g)) for c in exp.cells for g in range(0, exp.games, exp.chunk)]


def manifest_of(exp: Experiment, matchups: list[Matchup]) -> dict:
    """What the store records about how its games were made."""
    return {
        "experiment": exp.describe(),
        "experiment_text": Path(exp.source).read_text(encoding="utf-8") if exp.source != "<dict>" else None,
        "code_version": {"balance": __version__, "kernel": kernel_digest()},
        "seeds": {"root": exp.seed, "scheme": "game g of every cell: game seed g >> 1, seats exchanged on odd g; "
                                              "streams per game for shuffles, dice and policy tie-breaks"},
        "fingerprint": {
            "experiment": exp.text_hash, "games per cell": exp.games,
            "card tables": [[m.ab.hash, m.ba.hash] for m in matchups],
            "policies": [m.weights.tolist() for m in matchups],
            "kernel code": kernel_digest(),
        },
        "decks": [{"labels": list(m.labels), "cards_a": m.ab.decks[0].distinct(), "cards_b": m.ab.decks[1].distinct(),
                   "superiors": [m.ab.decks[0].superior.name, m.ab.decks[1].superior.name]} for m in matchups],
        "chunks_planned": len(plan(exp)),
        "chunk": exp.chunk,
    }


def play_chunk(m: Matchup, seed: int, cell: int, first: int, n: int):
    """One chunk's games as the stored frame (runs in a worker)."""
    return cell, first, records_frame(play_range(m, seed, first, n), cell)


def winners(m: Matchup, seed: int, first: int, n: int):
    """Who won games first..first+n-1 (deck 0 = A, 1 = B, -1 = draw); runs in a worker."""
    return play_range(m, seed, first, n)["rows"][:, R_WINNER].copy()


def play_winners(matchups: dict, seed: int, first: int, n: int, jobs: int, progress: str | None = None) -> dict:
    """{key: winners of games first..first+n-1} for every ``key: Matchup``, the
    work split over ``jobs`` processes (for compare, tune and impact, which
    only need who won); ``progress`` names a progress bar to show."""
    work = [(key, g, k) for key in matchups for g, k in chunks(n, n // jobs, first)]
    out = Parallel(n_jobs=jobs, return_as="generator")(delayed(winners)(matchups[key], seed, g, k)
                                                        for key, g, k in work)
    parts: dict = {}
    with tqdm(total=n * len(matchups), unit="game", unit_scale=True, disable=progress is None, desc=progress) as bar:
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
    store = Store(out or RUNS_DIR / exp.name, manifest_of(exp, matchups), fresh)
    done = store.done()
    todo = [w for w in plan(exp) if chunk_name(w[0], w[1]) not in done]
    play_range(matchups[0], exp.seed, 0, 2)                # compile (or load) the kernel once, here
    t0, played = time.perf_counter(), 0
    bar = tqdm(total=exp.games * len(exp.cells), initial=exp.games * len(exp.cells) - sum(w[2] for w in todo),
               unit="game", unit_scale=True, smoothing=0.1, disable=not progress, desc=exp.name)
    try:
        with backend_config(backend, scheduler, jobs):
            tasks = (delayed(play_chunk)(matchups[c], exp.seed, c, g, n) for c, g, n in todo)
            for cell, first, frame in Parallel(return_as="generator_unordered")(tasks):
                store.write_chunk(cell, first, frame)
                played += frame.height
                bar.update(frame.height)
    finally:
        bar.close()
        store.finish(time.perf_counter() - t0, played, complete=len(store.done()) == len(plan(exp)))
    return store.dir


@contextlib.contextmanager
def backend_config(backend: str, scheduler: str | None, jobs: int):
    """joblib's backend: local processes (loky), or a Dask cluster at
    ``scheduler`` (without one, a local cluster of ``jobs`` workers on loopback)."""
    if backend == "loky":
        with parallel_config(backend="loky", n_jobs=jobs):
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
        except OSError as e:
            raise InputError(f"--scheduler: {scheduler}: cannot connect ({e}); "
                             f"allowed: the address of a running Dask scheduler, e.g. tcp://127.0.0.1:8786") from None
        stack.enter_context(parallel_config(backend="dask", wait_for_workers_timeout=60))
        yield
