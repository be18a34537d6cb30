"""Analysis of a run's store (DESIGN §2, §7): polars lazy pipelines, each
returning a DataFrame; ``tables(run)`` gathers them by the name of the CSV
file they are exported as.

Modules: ``outcomes`` (win rate, score, draws, seats, first player, matrix,
threshold sweep), ``length`` (game length), ``essence`` (Essence curves, and
the turn from which Essence no longer limits a deck),
``cards`` (observational card impact), ``causal`` (paired blank-card impact),
``robustness`` (how much each verdict depends on play and on readings),
``intervals`` (pair-aware Wilson, Benjamini-Yekutieli); and the paired
sequential test (``sprt``), the regression check (``compare``), the cost
search (``tune``) and the play-style search (``styles``)."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..runner.store import Run
from . import cards, essence, length, outcomes, robustness


def tables(run: Run, min_games: int = cards.MIN_GAMES) -> dict[str, pl.DataFrame]:
    """Every table of the report, by CSV name."""
    play = robustness.by_play(run)
    return {
        "outcomes_by_deck": outcomes.by_deck(run),
        "outcomes_by_matchup": outcomes.by_matchup(run),
        "outcomes_by_seat": outcomes.by_seat(run),
        "first_player": outcomes.first_player(run),
        "matchup_matrix": outcomes.matrix(run),
        "threshold_sweep": outcomes.threshold_sweep(run),
        "game_length": length.summary(run),
        "game_length_histogram": length.histogram(run),
        "essence_curves": essence.curves(run),
        "economy": essence.economy(run),
        "card_impact": cards.impact(run, min_games),
        "play_by_pairing": play,
        "play_verdicts": robustness.verdicts(play),
    }


def write_csv(tabs: dict[str, pl.DataFrame], folder: Path) -> list[Path]:
    """Each table as ``folder/<name>.csv``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, df in tabs.items():
        df.write_csv(folder / f"{name}.csv")
        out.append(folder / f"{name}.csv")
    return out
