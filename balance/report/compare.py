"""The regression check's section of the HTML report (``balance compare``):
the per-matchup differences with their intervals against the bound, the
verdicts (per matchup, per question under which pairings it changed, and
overall), and the table, as one self-contained page beside ``compare.csv``."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..analysis.compare import CHANGED, UNDECIDED, Settings, label, lines
from .figures import forest, save
from .page import html_page


def figure(result: pl.DataFrame, settings: Settings):
    """Candidate minus baseline per matchup (a question under its pairing), 95%
    intervals, the bound dashed; changed matchups red and starred,
    inconclusive ones marked ?."""
    names = [label(r) + (" ?" if r["verdict"] == UNDECIDED else "") for r in result.iter_rows(named=True)]
    rows = result.select(pl.lit("candidate - baseline").alias("deck"), pl.Series("card", names),
                         "difference", "low", "high")
    fig = forest(rows, "difference", "low", "high", result["verdict"] == CHANGED,
                 "deck A's score: candidate - baseline (percentage points)",
                 f"Regression check: red * = changed, ? = inconclusive; "
                 f"dashed: the bound, ±{settings.bound * 100:g} points", marks=(-settings.bound, settings.bound))
    used = ", ".join(f"{g:,}" for g in result["games"].unique(maintain_order=True))
    rule = ("no change = the 1 - 2 alpha interval inside the bound (TOST), changed = the 1 - alpha/m interval "
            "beyond it (Bonferroni over the m matchups); both are in the table" if settings.fixed else
            "the sequential test, at alpha/m for each of the m matchups (Bonferroni), stops each matchup when it "
            "is clear and calls it inconclusive at --max-games")
    caption = (f"Each matchup: the mean difference over seat-swapped seed pairs with its 95% interval; "
               f"games per side and matchup: {used}. The verdicts rest on other statistics: {rule}.")
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
                     footer="The table is also in `compare.csv` beside this page; the verdicts are described in "
                            "`balance/analysis/sprt.py` and `docs/metrics.md`.")
    index = out / "index.html"
    index.write_text(page, encoding="utf-8")
    return index
