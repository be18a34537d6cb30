"""The run as the tables every metric starts from (lazy polars).

``cell_info`` describes each cell (matchup, threshold, policies, override
label) with its two decks' labels; ``deck_games`` has one row per game and deck
(two per game), so that "the deck won", its seat and whether it moved first
are plain columns."""
from __future__ import annotations

import polars as pl

from ..runner.store import DEFAULT_READINGS, Run

SIDES = ("a", "b")


def cell_info(run: Run) -> pl.DataFrame:
    """One row per cell: the cell's settings, ``label_a``/``label_b`` (deck and
    policy, as the manifest names them), ``matchup`` ("A vs B"), ``reading``
    (the contested readings off their defaults, store.reading_label),
    ``base_setting`` (the overrides' label, and the rule variant unless
    classic) and ``setting`` (that, and the reading unless the defaults')."""
    labels = [d["labels"] for d in run.manifest["decks"]]
    return run.cells.select("index", "threshold", "policy_a", "policy_b", "variant", "turn_cap", "label",
                            "reading").rename({"index": "cell", "label": "base_setting"}).with_columns(
        pl.Series("label_a", [a for a, _ in labels]), pl.Series("label_b", [b for _, b in labels]),
    ).with_columns(matchup=pl.col("label_a") + " vs " + pl.col("label_b"), cell=pl.col("cell").cast(pl.UInt32),
                   base_setting=pl.when(pl.col("variant") == "classic").then(pl.col("base_setting"))
                   .otherwise(pl.col("base_setting") + ", " + pl.col("variant") + " rules"),
    ).with_columns(setting=pl.when(pl.col("reading") == DEFAULT_READINGS).then(pl.col("base_setting"))
                   .otherwise(pl.col("base_setting") + ", " + pl.col("reading")))


def games(run: Run) -> pl.LazyFrame:
    """The stored games, in their stored order, joined with their cell's settings."""
    return run.games.join(cell_info(run).lazy(), on="cell", how="left", maintain_order="left")


def deck_games(run: Run) -> pl.LazyFrame:
    """One row per game and deck: ``deck`` (its label), ``opponent``, ``side``
    (0 = deck A, 1 = deck B), ``seat`` (0 or 1), ``went_first``, ``won``,
    ``draw``, ``lost``, and the deck's own masks and Essence curves."""
    g = games(run)
    parts = []
    for d, x in enumerate(SIDES):
        y = SIDES[1 - d]
        parts.append(g.select(
            "cell", "game", "pair", "threshold", "setting", "turns", "end", "matchup",
            side=pl.lit(d, pl.UInt8), deck=pl.col(f"label_{x}"), opponent=pl.col(f"label_{y}"),
            seat=(pl.col("swap") if d == 0 else 1 - pl.col("swap")).cast(pl.UInt8),
            went_first=pl.col("first") == d, won=pl.col("winner") == d, draw=pl.col("winner") == -1,
            lost=pl.col("winner") == 1 - d,
            open=pl.col(f"open_{x}"), drawn=pl.col(f"drawn_{x}"), played=pl.col(f"played_{x}"),
            gain=pl.col(f"gain_{x}"), spent=pl.col(f"spent_{x}")))
    return pl.concat(parts)


def counts(lf: pl.LazyFrame, by: list[str]) -> pl.DataFrame:
    """Games, wins, draws and losses of ``lf``'s deck rows grouped ``by``, sorted."""
    return lf.group_by(by).agg(games=pl.len(), wins=pl.col("won").sum(), draws=pl.col("draw").sum(),
                               losses=pl.col("lost").sum()).sort(by).collect()
