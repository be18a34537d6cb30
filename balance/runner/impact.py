"""``balance impact``: what a card is worth to its deck (DESIGN §7, causal
impact).  Every cell of the experiment that has the deck is replayed on the
experiment's seeds (games 0..N-1, the same as ``balance run``) once as built
and once per chosen card and baseline card, with that card's copies swapped
for the baseline card in that deck only.  The ruleset names each card's
baseline cards (``Ruleset.baselines``: its blank, or the cards of an average
card, whose win rates are averaged game by game).  The paired differences go
to ``<run dir>/impact/<deck file stem>.csv`` (``-average.csv`` for the average
card), where ``balance report`` finds them."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from ..analysis.causal import BOUND, impact_table
from ..errors import InputError
from .experiment import load_experiment
from .run import RUNS_DIR, check_winners_memory, play_winners, prepare_cell
from .store import IMPACT, check_out, lock_folder, write_atomic

BASELINES = ("blank", "average")


def deck_sides(exp, deck: str) -> list[tuple[int, int]]:
    """(cell, side) of every cell holding ``deck`` (side 0 = deck A; a mirror counts as A)."""
    if exp.ruleset.baselines is None:
        raise InputError(f"{exp.source}: ruleset {exp.ruleset.name}: impact swaps one deck's cards for their "
                         f"baselines, and {exp.ruleset.title} names none yet; allowed: an experiment of In Nomine")
    want = Path(deck).resolve()
    sides = [(c.index, [Path(e).resolve() for e in c.entrants].index(want)) for c in exp.cells
             if want in [Path(e).resolve() for e in c.entrants]]
    if not sides:
        decks = sorted({e for c in exp.cells for e in c.entrants})
        raise InputError(f"--deck: {deck}: no cell of {exp.source} plays this deck; allowed: {', '.join(decks)}")
    return sides


def games_of(exp, sides) -> int:
    """The games every cell of ``sides`` plays (the card's games are compared
    cell by cell, so they must be as many in each)."""
    counts = sorted({exp.cells[c].games for c, _ in sides})
    if len(counts) > 1:
        raise InputError(f"{exp.source}: the deck's cells play {', '.join(map(str, counts))} games; allowed: "
                         f"--games N, the same number for every cell")
    return counts[0]


def card_impact(spec, deck: str, cards=None, games=None, jobs=1, out=None, progress=True,
                baseline="blank", bound=BOUND) -> Path:
    """Play the deck as built and with each card (default: every Repository
    card of ``deck``) swapped for its baseline, and write the impact CSV;
    returns its path."""
    exp = load_experiment(spec, games)
    run_dir = Path(out or RUNS_DIR / exp.name)
    check_out(run_dir)
    sides = deck_sides(exp, deck)
    swaps = exp.ruleset.baselines(deck, cards, baseline)
    names = list(swaps)
    variants = [None] + [(n, r) for n in names for r in swaps[n]]
    matchups = {(v, c): prepare_cell(exp, exp.cells[c], swaps=[{v[0]: v[1]} if v and s == side else {}
                                                                for s in (0, 1)])
                for v in variants for c, side in sides}
    n = games_of(exp, sides)
    check_winners_memory(matchups, n, jobs)
    with lock_folder(run_dir):          # every check passed: one writer per run folder, from here to the CSV
        winners = play_winners(exp.ruleset, matchups, exp.seed, 0, n, jobs,
                               f"impact {Path(deck).stem}" if progress else None)
        won = {v: np.stack([winners[(v, c)] == side for c, side in sides]) for v in variants}
        swapped = {n: np.mean([won[(n, r)] for r in swaps[n]], axis=0) for n in names}
        label = matchups[(None, sides[0][0])].labels[sides[0][1]]
        table = impact_table(label, baseline + (" card" if baseline == "average" else ""), won[None], swapped, bound)
        folder = run_dir / IMPACT
        folder.mkdir(exist_ok=True)
        path = folder / f"{Path(deck).stem}{'' if baseline == 'blank' else '-' + baseline}.csv"
        write_atomic(path, table.write_csv)
    return path
