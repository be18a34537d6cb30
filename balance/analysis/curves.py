"""Per-own-turn curves of any ruleset (DESIGN §7): the stored list columns a
ruleset declares (``Ruleset.curves``: Essence for In Nomine, Faith and Energy
for Kamigami), one entry per own turn played, summarised by turn: how many
games reached it (later turns hold only long games), mean and percentiles."""
from __future__ import annotations

import polars as pl

PERCENTILES = (0.1, 0.5, 0.9)


def per_turn(rows: pl.LazyFrame, by: list[str], columns: list[str]) -> pl.LazyFrame:
    """One row per row of ``rows``, its group ``by`` and own turn played:
    ``turn`` (1 = its first own turn) and the value of each list column."""
    first = columns[0]
    return rows.select(*by, *columns, turn=pl.int_ranges(1, pl.col(first).list.len() + 1)).explode(
        "turn", *columns).drop_nulls("turn")


def summary(rows: pl.LazyFrame, by: list[str], columns: list[str]) -> pl.DataFrame:
    """Per group ``by`` and own ``turn``: ``running`` (rows that reached the
    turn), then for each column its mean and linear percentiles
    (``<column>_mean``, ``<column>_p10``, ``_p50``, ``_p90``)."""
    stats = {}
    for c in columns:
        v = pl.col(c).cast(pl.Float64)
        stats[f"{c}_mean"] = v.mean()
        stats.update({f"{c}_p{round(q * 100)}": v.quantile(q, "linear") for q in PERCENTILES})
    return per_turn(rows, by, columns).group_by(*by, "turn").agg(running=pl.len(), **stats).sort(*by, "turn").collect()
