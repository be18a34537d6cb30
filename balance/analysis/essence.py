"""Essence over a game (DESIGN §7): per deck, threshold and own turn, the mean
and 10/50/90 percentiles of Essence after gaining and of Essence spent, and
how many games were still running at that turn (later turns hold only long
games); and the economy: from which own turn Essence no longer limits what a
deck plays, so that a cost change can only matter before it."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from . import curves as curves_of
from .frames import deck_games
from .intervals import pair_wilson_of

CURVES = ("gain", "spent", "short")
TAIL = 0.01          # turns reached by fewer than this share of a deck's games are left out
BY = ["deck", "threshold", "setting"]


def per_turn(run: Run) -> pl.LazyFrame:
    """One row per game, deck and own turn played: its seed ``pair``, ``turn`` (1 = the deck's
    first turn), ``gain`` (Essence after gaining), ``spent`` and ``short`` (1 if
    its Acts ended with a card in hand that it could play but not pay for)."""
    return curves_of.per_turn(deck_games(run), [*BY, "pair"], list(CURVES))


def curves(run: Run) -> pl.DataFrame:
    """Per deck, threshold, setting and own turn: ``running`` (games that
    reached the turn), then mean and percentiles (linear) of gain and spent.
    Returns a polars DataFrame in long form, one row per deck, threshold,
    setting and ``turn``: ``running``, ``gain_mean``, ``gain_p10``,
    ``gain_p50``, ``gain_p90`` and the same four of ``spent``."""
    return curves_of.summary(deck_games(run), BY, ["gain", "spent"])


def per_pair(run: Run, curve: str) -> pl.LazyFrame:
    """Per deck, threshold, setting, own turn and seed pair: ``k``, the sum of
    ``curve`` over the pair's games that reached the turn, and ``n``, how many
    did.  Grouped first by the integer keys (cell, side), then by BY."""
    games = deck_games(run)
    turns = games.select("cell", "side", "pair", curve, turn=pl.int_ranges(1, pl.col(curve).list.len() + 1))
    per = turns.explode("turn", curve).group_by("cell", "side", "turn", "pair").agg(k=pl.col(curve).sum(), n=pl.len())
    keys = games.select("cell", "side", *BY).unique()
    return per.join(keys, on=["cell", "side"]).group_by(*BY, "turn", "pair").agg(pl.col("k").sum(), pl.col("n").sum())


def economy(run: Run) -> pl.DataFrame:
    """Per deck, threshold, setting and own turn (reached by at least TAIL of
    the deck's games): ``running``, and ``short``, the share of those turns
    whose Acts ended with a card in hand the deck could play but not pay for
    (Essence, not the rules, kept it back), with its pair-aware 95% interval
    (``short_lo``, ``short_hi``); and ``free_from``: after the deck's last turn
    in which Essence is shown short in most games (the interval's low end above
    one half), the first in which it is shown short in fewer than half (the
    high end below) -- from then on no turn shows Essence binding most games
    (null if no such turn).  Turns whose interval holds one half (the thin tail
    of long games) neither block nor set it."""
    per = per_pair(run, "short").collect()
    share = pair_wilson_of(per.lazy(), [*BY, "turn"], "k", "n", "short").drop("short_eff")
    running = per.group_by(*BY, "turn").agg(running=pl.col("n").sum())
    out = share.join(running, on=[*BY, "turn"]).filter(
        pl.col("running") >= TAIL * pl.col("running").max().over(BY)).sort(*BY, "turn")
    last_binding = pl.when(pl.col("short_lo") > 0.5).then(pl.col("turn")).max().over(BY).fill_null(0)
    free = (pl.col("short_hi") < 0.5) & (pl.col("turn") > last_binding)
    return out.with_columns(free_from=pl.when(free).then(pl.col("turn")).min().over(BY))
