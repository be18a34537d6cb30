"""Card impact, 17lands style (DESIGN §7), observational: per deck and card
design, the win rate of the deck in games where the card was in the opening
hand (OH WR), drawn later (GD WR, not in the opening hand), either (GIH WR),
in the deck but never seen (GNS WR) and played (played WR); IWD = GIH WR - GNS WR.

A game counts once per card design (the records keep one presence bit per
design, not copies).  Only Repository cards are drawn, so Events cards (never
in a hand) are left out.  Every interval counts seed pairs, not games (the
games of one seed, in every cell, are one cluster): the rates have
``intervals.pair_wilson``'s interval and IWD the cluster-robust interval of a
weighted least-squares fit of "won" on "in hand" (statsmodels).  IWD is an
association, not an effect -- a card seen in long games looks as good or as bad
as long games are for its deck -- so it claims no significance: the card
verdicts of the report come from the causal test (``causal``).  A card with
fewer than ``min_games`` GIH or GNS games is "too rare to judge": shown,
without an interval or rank."""
from __future__ import annotations

import polars as pl
import statsmodels.api as sm

from ..runner.store import Run
from .frames import SIDES, deck_games
from .intervals import CONFIDENCE, pair_wilson_of

MIN_GAMES = 200
GROUPS = ("gih", "oh", "gd", "gns", "played")


def card_bits(run: Run) -> pl.DataFrame:
    """(cell, side, card, bit): bit k of a deck's masks is its k-th distinct card name."""
    rows = [(cell, side, name, 1 << k) for cell, d in enumerate(run.manifest["decks"])
            for side, x in enumerate(SIDES) for k, name in enumerate(d[f"cards_{x}"])]
    return pl.DataFrame(rows, schema={"cell": pl.UInt32, "side": pl.UInt8, "card": pl.String, "bit": pl.UInt64},
                        orient="row")


def has(mask: str) -> pl.Expr:
    return (pl.col(mask) & pl.col("bit")) > 0


def groups() -> dict[str, pl.Expr]:
    """Each group's condition on a (game, deck, card) row."""
    in_hand = has("open") | has("drawn")
    return {"gih": in_hand, "oh": has("open"), "gd": has("drawn") & ~has("open"), "gns": ~in_hand,
            "played": has("played")}


def card_rows(run: Run) -> pl.LazyFrame:
    """One row per game, deck and card design of that deck."""
    return deck_games(run).select("cell", "pair", "side", "deck", "won", "open", "drawn", "played").join(
        card_bits(run).lazy(), on=["cell", "side"])


def per_pair(run: Run) -> pl.DataFrame:
    """Games (``g_n``) and wins (``g_k``) of each deck and card in each group g,
    per seed pair, over the cards ever in hand: every table here is summed from it."""
    aggs = {}
    for g, cond in groups().items():
        aggs[f"{g}_n"] = cond.sum()
        aggs[f"{g}_k"] = (cond & pl.col("won")).sum()
    per = card_rows(run).group_by("deck", "card", "pair").agg(games=pl.len(), **aggs)
    return per.filter((pl.col("gih_n") > 0).any().over("deck", "card")).sort("deck", "card", "pair").collect()


def counts(per: pl.DataFrame) -> pl.DataFrame:
    """Games and wins of each deck in each group, per card, with each group's
    win rate and its pair-aware interval, from ``per_pair``'s counts."""
    df = per.group_by("deck", "card").agg(pl.sum("games"), *(
        pl.sum(f"{g}_{x}").alias(f"{g}_{name}") for g in GROUPS for x, name in (("n", "games"), ("k", "wins")))
    ).sort("deck", "card")
    for g in GROUPS:
        rate = pair_wilson_of(per.lazy(), ["deck", "card"], f"{g}_k", f"{g}_n", f"{g}_wr")
        df = df.join(rate.drop(f"{g}_wr_eff"), on=["deck", "card"], how="left")
    return df


def iwd_interval(per_pair: pl.DataFrame) -> tuple[float, float, float]:
    """IWD with its 95% interval from one card's (pair, in_hand, games, wins)
    rows: the in-hand coefficient of won ~ 1 + in_hand fitted by least squares
    weighted by games (the same fit as one row per game), with the
    cluster-robust covariance over seed pairs (statsmodels)."""
    x = sm.add_constant(per_pair["in_hand"].cast(pl.Float64).to_numpy())
    n = per_pair["games"].to_numpy().astype(float)
    fit = sm.WLS(per_pair["wins"].to_numpy() / n, x, weights=n).fit(
        cov_type="cluster", cov_kwds={"groups": per_pair["pair"].to_numpy()}, use_t=True)
    lo, hi = fit.conf_int(1 - CONFIDENCE)[1]
    return float(fit.params[1]), float(lo), float(hi)


def iwd(per: pl.DataFrame, judged: pl.DataFrame) -> pl.DataFrame:
    """(deck, card, iwd_lo, iwd_hi) of the judged cards, from ``per_pair``'s counts."""
    rows = []
    for (deck, card), part in per.join(judged, on=["deck", "card"], maintain_order="left").group_by(
            "deck", "card", maintain_order=True):
        in_hand = pl.concat([part.select("pair", in_hand=pl.lit(v), games=f"{g}_n", wins=f"{g}_k")
                             for g, v in (("gih", True), ("gns", False))]).filter(pl.col("games") > 0)
        _, lo, hi = iwd_interval(in_hand)
        rows.append((deck, card, lo, hi))
    return pl.DataFrame(rows, schema={"deck": pl.String, "card": pl.String, "iwd_lo": pl.Float64,
                                      "iwd_hi": pl.Float64}, orient="row")


def impact(run: Run, min_games: int = MIN_GAMES) -> pl.DataFrame:
    """The observational card-impact table: rates with pair-aware intervals,
    IWD with its interval, ``judged`` and ``rank`` by IWD within the deck
    (judged cards only; no significance is claimed)."""
    per = per_pair(run)
    df = counts(per).with_columns(iwd=pl.col("gih_wr") - pl.col("gns_wr"),
                                  judged=(pl.col("gih_games") >= min_games) & (pl.col("gns_games") >= min_games))
    df = df.join(iwd(per, df.filter("judged").select("deck", "card")), on=["deck", "card"], how="left")
    rank = pl.when(pl.col("judged")).then(pl.col("iwd").rank("ordinal", descending=True).over("deck", "judged"))
    return df.with_columns(rank=rank).sort("deck", "rank", "card", nulls_last=True)
