"""A deck's resource over a game (DESIGN §7): per deck, parameters, setting and
own turn, the mean and 10/50/90 percentiles of each curve the ruleset records
(In Nomine: Essence after gaining and Essence spent), and how many games were
still running at that turn (later turns hold only long games); and the
economy: from which own turn the resource no longer limits what a deck plays,
so that a cost change can only matter before it (a ruleset that records a
shortage: ``Ruleset.shortage``)."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from . import curves as curves_of
from .frames import curve_columns, deck_games
from .intervals import pair_wilson_of

TAIL = 0.01          # turns reached by fewer than this share of a deck's games are left out


def by(run: Run) -> list[str]:
    """What a curve is drawn per: the deck, the cell's parameters and its setting."""
    return ["deck", *run.parameters, "setting"]


def per_turn(run: Run) -> pl.LazyFrame:
    """One row per game, deck and own turn played: its seed ``pair``, ``turn``
    (1 = the deck's first turn) and each per-turn column (``frames.curve_columns``)."""
    return curves_of.per_turn(deck_games(run), [*by(run), "pair"], curve_columns(run))


def curves(run: Run) -> pl.DataFrame:
    """Per deck, parameters, setting and own turn: ``running`` (games that
    reached the turn), then mean and percentiles (linear) of each curve of the
    ruleset: ``<curve>_mean``, ``_p10``, ``_p50``, ``_p90``."""
    return curves_of.summary(deck_games(run), by(run), list(run.manifest["ruleset"]["curves"]))


def per_pair(run: Run, curve: str) -> pl.LazyFrame:
    """Per deck, parameters, setting, own turn and seed pair: ``k``, the sum of
    ``curve`` over the pair's games that reached the turn, and ``n``, how many
    did.  Grouped first by the integer keys (cell, side), then by ``by``."""
    games, keys = deck_games(run), by(run)
    turns = games.select("cell", "side", "pair", curve, turn=pl.int_ranges(1, pl.col(curve).list.len() + 1))
    per = turns.explode("turn", curve).group_by("cell", "side", "turn", "pair").agg(k=pl.col(curve).sum(), n=pl.len())
    cells = games.select("cell", "side", *keys).unique()
    return per.join(cells, on=["cell", "side"]).group_by(*keys, "turn", "pair").agg(pl.col("k").sum(),
                                                                                     pl.col("n").sum())


def economy(run: Run) -> pl.DataFrame | None:
    """Per deck, parameters, setting and own turn (reached by at least TAIL of
    the deck's games): ``running``, and ``short``, the share of those turns
    that ended with a card in hand the deck could play but not pay for (the
    resource, not the rules, kept it back), with its pair-aware 95% interval
    (``short_lo``, ``short_hi``); and ``free_from``: after the deck's last turn
    in which it is shown short in most games (the interval's low end above one
    half), the first in which it is shown short in fewer than half (the high
    end below) -- from then on no turn shows the resource binding most games
    (null if no such turn).  Turns whose interval holds one half (the thin tail
    of long games) neither block nor set it.  None if the ruleset records no
    shortage."""
    shortage = run.manifest["ruleset"].get("shortage")
    if not shortage:
        return None
    keys = by(run)
    per = per_pair(run, shortage).collect()
    share = pair_wilson_of(per.lazy(), [*keys, "turn"], "k", "n", "short").drop("short_eff")
    running = per.group_by(*keys, "turn").agg(running=pl.col("n").sum())
    out = share.join(running, on=[*keys, "turn"]).filter(
        pl.col("running") >= TAIL * pl.col("running").max().over(keys)).sort(*keys, "turn")
    last_binding = pl.when(pl.col("short_lo") > 0.5).then(pl.col("turn")).max().over(keys).fill_null(0)
    free = (pl.col("short_hi") < 0.5) & (pl.col("turn") > last_binding)
    return out.with_columns(free_from=pl.when(free).then(pl.col("turn")).min().over(keys))
