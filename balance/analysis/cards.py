"""Card impact, 17lands style (DESIGN §7): per deck and card design, the win
rate of the deck in games where the card was in the opening hand (OH WR),
drawn later (GD WR, not in the opening hand), either (GIH WR), in the deck but
never seen (GNS WR) and played (played WR); IWD = GIH WR - GNS WR.

A game counts once per card design (the records keep one presence bit per
design, not copies).  Only Repository cards are drawn, so Events cards (never
in a hand) are left out.  IWD has Newcombe's interval and a Fisher exact test
of GIH against GNS games; p-values are adjusted across all judged cards with
Benjamini-Yekutieli.  A card with fewer than ``min_games`` GIH or GNS games is
"too rare to judge": shown, not ranked, no p-value."""
from __future__ import annotations

import polars as pl
from scipy.stats import fisher_exact

from ..runner.store import Run
from .frames import SIDES, deck_games
from .intervals import fdr_by, newcombe, with_wilson

MIN_GAMES = 200
ALPHA = 0.05
GROUPS = ("gih", "oh", "gd", "gns", "played")


def card_bits(run: Run) -> pl.DataFrame:
    """(cell, side, card, bit): bit k of a deck's masks is its k-th distinct card name."""
    rows = [(cell, side, name, 1 << k) for cell, d in enumerate(run.manifest["decks"])
            for side, x in enumerate(SIDES) for k, name in enumerate(d[f"cards_{x}"])]
    return pl.DataFrame(rows, schema={"cell": pl.UInt32, "side": pl.UInt8, "card": pl.String, "bit": pl.UInt64},
                        orient="row")


def has(mask: str) -> pl.Expr:
    return (pl.col(mask) & pl.col("bit")) > 0


def counts(run: Run) -> pl.DataFrame:
    """Games and wins of each deck in each group, per card (cards never in hand dropped)."""
    in_hand = has("open") | has("drawn")
    groups = {"gih": in_hand, "oh": has("open"), "gd": has("drawn") & ~has("open"), "gns": ~in_hand,
              "played": has("played")}
    aggs = {}
    for g, cond in groups.items():
        aggs[f"{g}_games"] = cond.sum()
        aggs[f"{g}_wins"] = (cond & pl.col("won")).sum()
    lf = deck_games(run).select("cell", "side", "deck", "won", "open", "drawn", "played").join(
        card_bits(run).lazy(), on=["cell", "side"])
    return lf.group_by("deck", "card").agg(games=pl.len(), **aggs).filter(pl.col("gih_games") > 0).sort(
        "deck", "card").collect()


def impact(run: Run, min_games: int = MIN_GAMES) -> pl.DataFrame:
    """The card-impact table: rates with Wilson intervals, IWD with its
    interval, p and BY-adjusted p, ``status`` (higher / lower / not significant
    / too rare to judge) and ``rank`` by IWD within the deck (judged cards only)."""
    df = counts(run)
    for g in GROUPS:
        df = with_wilson(df, f"{g}_wins", f"{g}_games", f"{g}_wr")
    judged = (df["gih_games"] >= min_games) & (df["gns_games"] >= min_games)
    ci = [newcombe(*r) for r in df.select("gih_wr", "gih_wr_lo", "gih_wr_hi", "gns_wr", "gns_wr_lo",
                                          "gns_wr_hi").iter_rows()]
    p = [fisher_exact([[r[0], r[1] - r[0]], [r[2], r[3] - r[2]]]).pvalue if ok else float("nan")
         for r, ok in zip(df.select("gih_wins", "gih_games", "gns_wins", "gns_games").iter_rows(), judged)]
    df = df.with_columns(iwd=pl.col("gih_wr") - pl.col("gns_wr"), iwd_lo=pl.Series([c[0] for c in ci]),
                         iwd_hi=pl.Series([c[1] for c in ci]), p=pl.Series(p, dtype=pl.Float64).fill_nan(None),
                         p_adjusted=pl.Series(fdr_by(p), dtype=pl.Float64).fill_nan(None), judged=judged)
    status = (pl.when(~pl.col("judged")).then(pl.lit("too rare to judge"))
              .when(pl.col("p_adjusted") >= ALPHA).then(pl.lit("not significant"))
              .when(pl.col("iwd") > 0).then(pl.lit("significantly higher")).otherwise(pl.lit("significantly lower")))
    rank = pl.when(pl.col("judged")).then(pl.col("iwd").rank("ordinal", descending=True).over("deck", "judged"))
    return df.with_columns(status=status, rank=rank).sort("deck", "rank", "card", nulls_last=True)
