"""The run as the tables every metric starts from (lazy polars), for a game of
two decks (a ruleset whose ``entrants`` are ``decks``); every name comes from
the run's manifest.

``cell_info`` describes each cell (matchup, the ruleset's parameters, policies,
override label) with its two decks' labels; ``deck_games`` has one row per game
and deck (two per game), so that "the deck won", its seat and whether it moved
first are plain columns."""
from __future__ import annotations

import polars as pl

from ..runner.store import DEFAULT_READINGS, Run

SIDES = ("a", "b")
MASKS = ("open", "drawn", "played")     # per deck: card kinds in the opening hand, drawn later, played


def curve_columns(run: Run) -> list[str]:
    """The per-own-turn list columns of each deck: the ruleset's curves, and its shortage if it records one."""
    rs = run.manifest["ruleset"]
    return [*rs["curves"], *([rs["shortage"]] if rs.get("shortage") else [])]


def cell_info(run: Run) -> pl.DataFrame:
    """One row per cell: the cell's parameters, policies and variant,
    ``label_a``/``label_b`` (deck and policy, as the manifest names them),
    ``matchup`` ("A vs B"), ``reading`` (the contested readings off their
    defaults, store.reading_label), ``base_setting`` (the overrides' label, and
    the rule variant unless the ruleset's default) and ``setting`` (that, and
    the reading unless the defaults')."""
    labels = [d["labels"] for d in run.manifest["decks"]]
    default_variant = run.manifest["ruleset"]["variants"][0]
    return run.cells.select("index", *run.parameters, "variant", "label", "reading",
                            *(pl.col("policies").list.get(d).alias(f"policy_{x}") for d, x in enumerate(SIDES))
                            ).rename({"index": "cell", "label": "base_setting"}).with_columns(
        pl.Series("label_a", [a for a, _ in labels]), pl.Series("label_b", [b for _, b in labels]),
    ).with_columns(matchup=pl.col("label_a") + " vs " + pl.col("label_b"), cell=pl.col("cell").cast(pl.UInt32),
                   base_setting=pl.when(pl.col("variant") == default_variant).then(pl.col("base_setting"))
                   .otherwise(pl.col("base_setting") + ", " + pl.col("variant") + " rules"),
    ).with_columns(setting=pl.when(pl.col("reading") == DEFAULT_READINGS).then(pl.col("base_setting"))
                   .otherwise(pl.col("base_setting") + ", " + pl.col("reading")))


def games(run: Run) -> pl.LazyFrame:
    """The stored games, in their stored order, joined with their cell's settings."""
    return run.games.join(cell_info(run).lazy(), on="cell", how="left", maintain_order="left")


def deck_games(run: Run) -> pl.LazyFrame:
    """One row per game and deck: ``deck`` (its label), ``opponent``, ``side``
    (0 = deck A, 1 = deck B), ``seat`` (0 or 1), ``went_first``, ``won``,
    ``draw``, ``lost``, the cell's parameters, and the deck's own masks and
    curves (``MASKS``, ``curve_columns``)."""
    g = games(run)
    own = [*MASKS, *curve_columns(run)]
    parts = []
    for d, x in enumerate(SIDES):
        y = SIDES[1 - d]
        parts.append(g.select(
            "cell", "game", "pair", *run.parameters, "setting", "turns", "end", "matchup",
            side=pl.lit(d, pl.UInt8), deck=pl.col(f"label_{x}"), opponent=pl.col(f"label_{y}"),
            seat=(pl.col("swap") if d == 0 else 1 - pl.col("swap")).cast(pl.UInt8),
            went_first=pl.col("first") == d, won=pl.col("winner") == d, draw=pl.col("winner") == -1,
            lost=pl.col("winner") == 1 - d, **{c: pl.col(f"{c}_{x}") for c in own}))
    return pl.concat(parts)


def counts(lf: pl.LazyFrame, by: list[str]) -> pl.DataFrame:
    """Games, wins, draws and losses of ``lf``'s deck rows grouped ``by``, sorted."""
    return lf.group_by(by).agg(games=pl.len(), wins=pl.col("won").sum(), draws=pl.col("draw").sum(),
                               losses=pl.col("lost").sum()).sort(by).collect()
