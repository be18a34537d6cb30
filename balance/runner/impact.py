"""``balance impact``: what a card is worth to its deck (DESIGN §7, causal
impact).  Every cell of the experiment that has the deck is replayed on the
experiment's seeds (games 0..N-1, the same as ``balance run``) once as built
and once per chosen card with that card's copies swapped for blanks in that
deck only; the paired win-rate differences go to
``<run dir>/impact/<deck file stem>.csv``, where ``balance report`` finds them."""
from __future__ import annotations

from pathlib import Path

import numpy as np
from joblib import Parallel, delayed, parallel_config
from tqdm import tqdm

from ..analysis.causal import impact_table
from ..cards import load_deck
from ..errors import InputError
from ..rules.innomine.game import R_GAME, R_WINNER
from ..rules.innomine.matchup import play_range
from .experiment import load_experiment
from .run import RUNS_DIR, plan, prepare_cell

IMPACT = "impact"


def deck_sides(exp, deck: str) -> list[tuple[int, int]]:
    """(cell, side) of every cell holding ``deck`` (side 0 = deck A; a mirror counts as A)."""
    want = Path(deck).resolve()
    sides = [(c.index, 0 if Path(c.deck_a).resolve() == want else 1) for c in exp.cells
             if want in (Path(c.deck_a).resolve(), Path(c.deck_b).resolve())]
    if not sides:
        decks = sorted({str(p) for c in exp.cells for p in (c.deck_a, c.deck_b)})
        raise InputError(f"--deck: {deck}: no cell of {exp.source} plays this deck; allowed: {', '.join(decks)}")
    return sides


def wins_chunk(m, seed: int, side: int, first: int, n: int) -> np.ndarray:
    """1 where the deck on ``side`` won, for games first..first+n-1 in order (in a worker)."""
    rows = play_range(m, seed, first, n)["rows"]
    rows = rows[np.argsort(rows[:, R_GAME])]
    return (rows[:, R_WINNER] == side).astype(np.int8)


def card_impact(spec, deck: str, cards=None, games=None, jobs=1, out=None, progress=True) -> Path:
    """Play the baseline and one blanked variant per card (default: every
    Repository card of ``deck``) and write the impact CSV; returns its path."""
    exp = load_experiment(spec, games)
    sides = deck_sides(exp, deck)
    names = list(cards) if cards else sorted(load_deck(deck).repository)
    variants = [None, *names]
    matchups = {(v, c): prepare_cell(exp, exp.cells[c], blanks=[[v] if v and s == side else [] for s in (0, 1)])
                for v in variants for c, side in sides}
    work = [(v, c, side, g, n) for v in variants for c, side in sides for cc, g, n in plan(exp) if cc == c]
    play_range(matchups[(None, sides[0][0])], exp.seed, 0, 2)        # compile (or load) the kernel once
    results = {}
    bar = tqdm(total=sum(w[4] for w in work), unit="game", unit_scale=True, disable=not progress,
               desc=f"impact {Path(deck).stem}")
    with parallel_config(backend="loky", n_jobs=jobs):
        tasks = (delayed(wins_chunk)(matchups[(v, c)], exp.seed, side, g, n) for v, c, side, g, n in work)
        for (v, c, _, g, n), won in zip(work, Parallel(return_as="generator")(tasks)):
            results[(v, c, g)] = won
            bar.update(n)
    bar.close()
    joined = {v: np.concatenate([results[(v, c, g)] for c, _ in sides for cc, g, _ in plan(exp) if cc == c])
              for v in variants}
    label = matchups[(None, sides[0][0])].labels[sides[0][1]]
    table = impact_table(label, joined[None], {v: joined[v] for v in names})
    folder = Path(out or RUNS_DIR / exp.name) / IMPACT
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{Path(deck).stem}.csv"
    table.write_csv(path)
    return path
