"""Analysis of a run's store (DESIGN §2, §7): polars lazy pipelines, each
returning a DataFrame; ``tables(run)`` gathers them by the name of the CSV
file they are exported as.  Every label and column comes from the run's
manifest (its ruleset's parameters, curves, end reasons).

Modules for a game of two decks: ``frames`` (the deck rows), ``outcomes`` (win
rate, score, draws, seats, first player, matrix, parameter sweep), ``length``
(game length), ``economy`` (the resource curves, and the turn from which the
resource no longer limits a deck), ``cards`` (observational card impact),
``causal`` (paired blank-card impact), ``robustness`` (how much each verdict
depends on play and on readings); for a game of more seats, ``seats``; for
both, ``intervals`` (pair-aware Wilson, Benjamini-Yekutieli), ``curves``, the
paired sequential test (``sprt``), the regression check (``compare``) and the
cost search (``tune``)."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..runner.store import Run
from . import cards, economy, length, outcomes, robustness


def tables(run: Run, min_games: int = cards.MIN_GAMES) -> dict[str, pl.DataFrame]:
    """Every table of the report of a game of two decks, by CSV name (the
    economy only where the ruleset records a shortage)."""
    play = robustness.by_play(run)
    tabs = {
        "outcomes_by_deck": outcomes.by_deck(run),
        "outcomes_by_matchup": outcomes.by_matchup(run),
        "outcomes_by_seat": outcomes.by_seat(run),
        "first_player": outcomes.first_player(run),
        "matchup_matrix": outcomes.matrix(run),
        "parameter_sweep": outcomes.sweep(run),
        "game_length": length.summary(run),
        "game_length_histogram": length.histogram(run),
        "curves": economy.curves(run),
        "economy": economy.economy(run),
        "card_impact": cards.impact(run, min_games),
        "play_by_pairing": play,
        "play_verdicts": robustness.verdicts(play, robustness.question(run)),
    }
    return {name: t for name, t in tabs.items() if t is not None}


def write_csv(tabs: dict[str, pl.DataFrame], folder: Path) -> list[Path]:
    """Each table as ``folder/<name>.csv``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, df in tabs.items():
        df.write_csv(folder / f"{name}.csv")
        out.append(folder / f"{name}.csv")
    return out
