"""``balance impact``: what a card is worth to its deck (DESIGN §7, causal
impact).  Every cell of the experiment that has the deck is replayed on the
experiment's seeds (games 0..N-1, the same as ``balance run``) once as built
and once per chosen card and baseline card, with that card's copies swapped
for the baseline card: in that deck only, or where the entrants share a card
set, for every player, and the score is the one entrant's (who plays once in
the cell).  The ruleset names each card's baseline cards
(``Ruleset.baselines``: its blank, or the cards of an average card, whose win
rates are averaged game by game).  The paired differences, a seed's games
(its seat-rotation block) in every cell making one unit, go to
``<run dir>/impact/<deck file stem>.csv`` (``-average.csv`` for the average
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
    """(cell, entrant) of every cell that plays ``deck``: a deck file (in a
    mirror, its first seat), or an entrant of a shared card set that plays once
    in the cell (a card swapped for every player leaves alike entrants' expected
    scores equal by construction)."""
    shared = exp.ruleset.entrants == "seats"
    want = deck if shared else Path(deck).resolve()
    sides = []
    for c in exp.cells:
        hits = [i for i, e in enumerate(c.entrants) if (e if shared else Path(e).resolve()) == want]
        if hits and (len(hits) == 1 or not shared):
            sides.append((c.index, hits[0]))
    if not sides:
        named = sorted({e for c in exp.cells for e in c.entrants if not shared or c.entrants.count(e) == 1})
        raise InputError(f"--deck: {deck}: no cell of {exp.source} plays it" + (
            " once, beside other entrants (its cards are swapped for every player)" if shared else "")
            + f"; allowed: {', '.join(named) if named else 'an experiment with a cell of unlike entrants'}")
    return sides


def alike(exp, sides, what: str, told: str, allowed: str):
    """The value of cell property ``what`` (games, n_seats, cards), ``told``
    as a message names it, shared by every cell of ``sides``: the card's games
    are compared seed by seed across them."""
    values = sorted({getattr(exp.cells[c], what) for c, _ in sides})
    if len(values) > 1:
        raise InputError(f"{exp.source}: the deck's cells differ in {told} ({', '.join(map(str, values))}); "
                         f"allowed: {allowed}")
    return values[0]


def card_impact(spec, deck: str, cards=None, games=None, jobs=1, out=None, progress=True,
                baseline="blank", bound=BOUND) -> Path:
    """Play the cells of ``deck`` (a deck file, or an entrant of a shared card
    set) as built and with each card (default: the ruleset's, Ruleset.baselines)
    swapped for its baseline, and write the impact CSV; returns its path."""
    exp = load_experiment(spec, games)
    run_dir = Path(out or RUNS_DIR / exp.name)
    check_out(run_dir)
    sides = deck_sides(exp, deck)
    games = alike(exp, sides, "games", "games", "--games N, the same number for every cell")
    block = alike(exp, sides, "n_seats", "players", "cells of one number of players (a seed's games in all of "
                                                    "them are one unit)")
    alike(exp, sides, "cards", "card sets", "cells of one card set")
    swaps = exp.ruleset.baselines(exp.cells[sides[0][0]], sides[0][1], cards, baseline)
    names = list(swaps)
    variants = [None] + [(n, r) for n in names for r in swaps[n]]
    matchups = {(v, c): prepare_cell(exp, exp.cells[c], swaps=[{v[0]: v[1]} if v and s == side else {}
                                                                for s in range(block)])
                for v in variants for c, side in sides}
    check_winners_memory(matchups, games, jobs)
    with lock_folder(run_dir):          # every check passed: one writer per run folder, from here to the CSV
        winners = play_winners(exp.ruleset, matchups, exp.seed, 0, games, jobs,
                               f"impact {Path(deck).stem}" if progress else None)
        won = {v: np.stack([winners[(v, c)] == side for c, side in sides]) for v in variants}
        swapped = {n: np.mean([won[(n, r)] for r in swaps[n]], axis=0) for n in names}
        label = matchups[(None, sides[0][0])].labels[sides[0][1]]
        table = impact_table(label, baseline + (" card" if baseline == "average" else ""), won[None], swapped, block,
                             bound)
        folder = run_dir / IMPACT
        folder.mkdir(exist_ok=True)
        path = folder / f"{Path(deck).stem}{'' if baseline == 'blank' else '-' + baseline}.csv"
        write_atomic(path, table.write_csv)
    return path
