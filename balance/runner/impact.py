"""``balance impact``: what a card is worth to its deck (DESIGN §7, causal
impact).  Every cell of the experiment that has the deck is replayed on the
experiment's seeds (games 0..N-1, the same as ``balance run``) once as built
and once per chosen card with that card's copies swapped for blanks in that
deck only; the paired win-rate differences go to
``<run dir>/impact/<deck file stem>.csv``, where ``balance report`` finds them."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..analysis.causal import impact_table
from ..cards import load_deck
from ..errors import InputError
from .experiment import load_experiment
from .run import RUNS_DIR, play_winners, prepare_cell

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


def card_impact(spec, deck: str, cards=None, games=None, jobs=1, out=None, progress=True) -> Path:
    """Play the baseline and one blanked variant per card (default: every
    Repository card of ``deck``) and write the impact CSV; returns its path."""
    exp = load_experiment(spec, games)
    sides = deck_sides(exp, deck)
    names = list(cards) if cards else sorted(load_deck(deck).repository)
    variants = [None, *names]
    matchups = {(v, c): prepare_cell(exp, exp.cells[c], blanks=[[v] if v and s == side else [] for s in (0, 1)])
                for v in variants for c, side in sides}
    winners = play_winners(matchups, exp.seed, 0, exp.games, jobs, f"impact {Path(deck).stem}" if progress else None)
    won = {v: np.concatenate([winners[(v, c)] == side for c, side in sides]) for v in variants}
    label = matchups[(None, sides[0][0])].labels[sides[0][1]]
    table = impact_table(label, won[None], {v: won[v] for v in names})
    folder = Path(out or RUNS_DIR / exp.name) / IMPACT
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{Path(deck).stem}.csv"
    table.write_csv(path)
    return path
