"""The regression check's section of the HTML report (``balance compare``):
the per-matchup differences with their intervals against the bound, the
verdicts, and the table, as one self-contained page beside ``compare.csv``."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..analysis.compare import CHANGED, Settings, lines
from .figures import forest, save
from .page import html_page


def figure(result: pl.DataFrame, settings: Settings):
    """Candidate minus baseline per matchup, 95% intervals, the bound dashed."""
    rows = result.select(pl.lit("candidate - baseline").alias("deck"), pl.col("matchup").alias("card"),
                         "difference", "low", "high")
    fig = forest(rows, "difference", "low", "high", result["verdict"] == CHANGED,
                 "deck A's score: candidate - baseline (percentage points)",
                 f"Regression check: red * = moved by the bound (dashed, ±{settings.bound * 100:g} points) or more",
                 marks=(-settings.bound, settings.bound))
    used = ", ".join(f"{g:,}" for g in result["games"].unique(maintain_order=True))
    caption = (f"Each matchup: the mean difference over seat-swapped seed pairs with its 95% t interval; "
               f"games per side and matchup: {used} (sequential test stops each matchup when it is clear).")
    return fig, caption


def write_compare(result: pl.DataFrame, settings: Settings, out: Path, what: str) -> Path:
    """``out/index.html`` and ``out/compare.csv``; returns the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    result.write_csv(out / "compare.csv")
    fig, caption = figure(result, settings)
    text = lines(result, settings)
    page = html_page("Regression check", [what, text[0]], text[1:],
                     [("Candidate against baseline", caption, save(fig, out / "figures", "compare"))],
                     [("Comparison", result)], partial=False,
                     footer="The table is also in `compare.csv` beside this page; the test is described in "
                            "`balance/analysis/sprt.py`.")
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index
