"""Who wins a game of more seats (DESIGN §7): win rate per entrant, per place in
turn order and per piece played (a God), with 95% intervals over seat-rotation
blocks; a piece's head-to-head matrix in games of two; game length and end
reasons; the per-turn curves; the own turn something first happened.  The
stored frame has a row per game and entrant (a ruleset whose ``entrants`` are
``seats``); every label comes from the run's manifest.

The games of one block share a game seed, and every cell plays the same seeds,
so a block (across cells too) is the unit of every interval
(``intervals.with_pair_wilson`` with ``cluster="block"``)."""
from __future__ import annotations

from collections import Counter

import polars as pl

from ..runner.store import Run
from . import cards, robustness
from . import curves as curves_of
from .intervals import CONFIDENCE, pair_wilson_of, with_pair_wilson
from .outcomes import sweep_rows

CELL = ["cell", "players", "setting"]


def cell_info(run: Run) -> pl.DataFrame:
    """One row per cell: ``players``, ``agents`` (its policies), ``reading``
    (the readings off their defaults), ``base`` (its lineup, the overrides'
    label and the parameters off their defaults: what a question holds fixed
    while its agents and readings vary), ``rules`` (the base but for the
    lineup), ``setting`` (all three, as a report names the cell) and
    ``context`` (the setting but for the parameters: what a sweep holds fixed)."""
    defaults = {p["name"]: p["default"] for p in run.manifest["ruleset"]["parameters"]}
    rows = []
    for c in run.manifest["experiment"]["cells"]:
        overrides = [c["label"]] if c["label"] != "baseline" else []
        rules = overrides + [f"{k} {v}" for k, v in c["params"].items() if v != defaults.get(k)]
        label = lineup(c["entrants"]) + overrides
        base = lineup(c["entrants"]) + rules
        reading = ", ".join(f"{k} = {v}" for k, v in sorted(c["readings"].items()))
        agents = "/".join(dict.fromkeys(c["policies"]))
        rows.append({"cell": c["index"], "players": len(c["entrants"]), "agents": agents,
                     "reading": reading or "default readings", "base": ", ".join(base) or "baseline",
                     "rules": ", ".join(rules) or "baseline",
                     "setting": ", ".join([agents, *base, *([reading] if reading else [])]),
                     "context": ", ".join([agents, *label, *([reading] if reading else [])])})
    return pl.DataFrame(rows, schema={"cell": pl.UInt32, "players": pl.UInt8, "agents": pl.String,
                                      "reading": pl.String, "base": pl.String, "rules": pl.String,
                                      "setting": pl.String, "context": pl.String})


def lineup(entrants: list[str]) -> list[str]:
    """A cell's entrants as its heading names them, if they differ (``Cthulhu +
    dealt ×3``); none if they are alike (the number of players says it)."""
    if len(set(entrants)) == 1:
        return []
    return [" + ".join(e if n == 1 else f"{e} ×{n}" for e, n in Counter(entrants).items())]


def entrant_games(run: Run) -> pl.LazyFrame:
    """The stored rows (a game and entrant each) with the cell's ``players`` and
    ``setting``, the entrant's ``label`` (its God or deal, and its agent),
    ``draw`` and the name of each piece it played (``Ruleset.pieces``)."""
    decks = run.manifest["decks"]
    labels = pl.DataFrame([{"cell": c, "entrant": e, "label": lab} for c, d in enumerate(decks)
                           for e, lab in enumerate(d["labels"])],
                          schema={"cell": pl.UInt32, "entrant": pl.UInt8, "label": pl.String})
    rows = run.games.drop("players").join(cell_info(run).lazy(), on="cell").join(labels.lazy(), on=["cell", "entrant"])
    for column, (_, key) in run.manifest["ruleset"]["pieces"].items():
        names = pl.DataFrame([{"cell": c, column: i, f"{column}_name": n} for c, d in enumerate(decks)
                              for i, n in enumerate(d[key])],
                             schema={"cell": pl.UInt32, column: pl.Int8, f"{column}_name": pl.String})
        rows = rows.join(names.lazy(), on=["cell", column], how="left")
    return rows.with_columns(draw=pl.col("winner") == -1)


def rates(lf: pl.LazyFrame, by: list[str]) -> pl.DataFrame:
    """Games, wins and draws of the entrant rows ``lf`` grouped ``by``, with the
    win rate of the decided games (wins / games not drawn: a draw is no one's
    win, and every decided game is one player's) and its block-clustered 95%
    interval (a ratio over blocks); ``fair``, one win in ``players`` (what a
    seat would win of the decided games if no seat, entrant or piece
    mattered); and ``family_lo``, ``family_hi``: the interval at 1 - 0.05 /
    rows, so that every row's holds at once with 95% confidence (Bonferroni)
    -- what a verdict over the whole table may rest on."""
    counts = lf.group_by(by).agg(games=pl.len(), wins=pl.col("won").sum(), draws=pl.col("draw").sum(),
                                 fair=(1 / pl.col("players").cast(pl.Float64)).mean()).collect()
    decided = (~pl.col("draw")).cast(pl.Int64)
    win = with_pair_wilson(lf, by, pl.col("won"), "win_rate", n=decided, cluster="block")
    family = with_pair_wilson(lf, by, pl.col("won"), "family", n=decided, cluster="block",
                              confidence=1 - (1 - CONFIDENCE) / max(counts.height, 1)).drop("family", "family_eff")
    return counts.join(win, on=by, nulls_equal=True).join(family, on=by, nulls_equal=True).sort(by)


def by_entrant(run: Run) -> pl.DataFrame:
    """Each entrant of each cell: its win rate over every seat it sat in."""
    return rates(entrant_games(run), [*CELL, "entrant", "label"])


def by_position(run: Run) -> pl.DataFrame:
    """Each place in turn order (0 = the starting player) in each cell, or each
    role where the ruleset names them (``Ruleset.roles``), as ``place`` names it;
    ``rotated``: whether every entrant of the cell took every place (one that
    keeps its place in every game does not), without which a place's rate is an
    entrant's and says nothing of the place."""
    lf = entrant_games(run)
    rotated = lf.group_by("cell", "entrant").agg(places=pl.col("position").n_unique()).group_by("cell").agg(
        rotated=(pl.col("places") == pl.len()).all()).collect()
    return rates(lf, [*CELL, "position"]).with_columns(place=place_names(run)).join(rotated, on="cell")


def place_names(run: Run) -> pl.Expr:
    """``position`` as a report names it: its role, or ``place k``."""
    roles = run.manifest["ruleset"].get("roles") or []
    if roles:
        return pl.col("position").replace_strict(list(range(len(roles))), roles, return_dtype=pl.String)
    return pl.format("place {}", pl.col("position") + 1)


def sweep(run: Run) -> pl.DataFrame:
    """Each place in turn order's win rate against each parameter the run
    sweeps (``outcomes.sweep_rows``), its players and context fixed: does a
    rule change such as a catch-up move the seat balance?  ``matchup`` names
    the players, ``setting`` the context and ``deck`` the place, as the
    sweep figure reads them; cells whose entrants kept their places (``by_position``'s
    ``rotated``) are left out, their places' rates being the entrants'."""
    params = run.parameters
    cells = run.cells.select(pl.col("index").cast(pl.UInt32).alias("cell"), *params)
    t = by_position(run).filter("rotated").join(cells, on="cell").join(cell_info(run).select("cell", "context"),
                                                                     on="cell")
    t = t.with_columns(matchup=pl.format("{} players", "players"), deck=pl.col("place"))
    rows = sweep_rows(t.drop("setting").rename({"context": "setting"}), ["matchup", "setting"], params, run.swept)
    return rows.sort("parameter", "matchup", "setting", "at", "deck", "value")


def by_piece(run: Run, column: str) -> pl.DataFrame:
    """Each named piece (a God) by number of players and setting (its agents,
    base and reading), over every entrant that played it; a cell whose every
    seat plays one piece (two decks of one Nation) is left out, its rate the
    fair share by construction."""
    name = pl.col(f"{column}_name")
    lf = entrant_games(run).filter(name.n_unique().over("cell") > 1).filter(name.is_not_null())
    return rates(lf, ["players", "base", "agents", "reading", "setting", f"{column}_name"])


def spread(pieces: pl.DataFrame, column: str) -> pl.DataFrame:
    """Each piece asked about in two or more ways (agents, readings) with the
    same players and base: how many ways, its lowest and highest win rate across
    them, and ``label``, as ``robustness.label`` reads it against the fair share
    from the family intervals (robust, depends on play, on reading, on both,
    undecided); ``side``: above or below the fair share where robust."""
    name = f"{column}_name"
    rows = []
    for (players, base, piece), part in pieces.group_by("players", "base", name, maintain_order=True):
        if part.height < 2:
            continue
        fair = 1 / players
        verdict = robustness.label(part.rename({"agents": "pairing"}), fair)
        side = ("above" if part["family_lo"].min() > fair else "below") if verdict == robustness.ROBUST else None
        rows.append((players, base, piece, part.height, part["win_rate"].min(), part["win_rate"].max(), verdict,
                     side))
    schema = {"players": pl.UInt8, "base": pl.String, name: pl.String, "ways": pl.Int64, "lowest": pl.Float64,
              "highest": pl.Float64, "label": pl.String, "side": pl.String}
    return pl.DataFrame(rows, schema=schema, orient="row").with_columns(spread=pl.col("highest") - pl.col("lowest"))


def head_to_head(run: Run, column: str) -> pl.DataFrame:
    """Each piece (a Nation) against each opponent piece in the games of two
    players, pooled over the cells of the same ``agents``, ``rules`` (overrides
    and parameters) and ``reading``: ``rates`` of the row piece's entrants,
    ``{column}_name``, against ``opponent_{column}_name``; an A-B row and its
    B-A row are complements.  ``mirror`` rows (the same piece on both sides,
    whose win rate is one half by construction) give the games and draws only,
    each game once, and are left out of the family intervals."""
    name, opponent = f"{column}_name", f"opponent_{column}_name"
    lf = entrant_games(run).filter((pl.col("players") == 2) & pl.col(name).is_not_null())
    other = lf.select("cell", "game", pl.col("entrant").alias("other"), pl.col(name).alias(opponent))
    lf = lf.join(other, on=["cell", "game"]).filter((pl.col("entrant") != pl.col("other"))
                                                     & pl.col(opponent).is_not_null())
    by = ["agents", "rules", "reading", name, opponent]
    mirror = pl.col(name) == pl.col(opponent)
    played = rates(lf.filter(~mirror), by)
    mirrors = lf.filter(mirror & (pl.col("entrant") == 0)).group_by(by).agg(
        games=pl.len(), draws=pl.col("draw").sum()).collect()
    return pl.concat([played.with_columns(mirror=pl.lit(False)), mirrors.with_columns(mirror=pl.lit(True))],
                     how="diagonal_relaxed").sort(by)


def firsts(run: Run) -> pl.DataFrame:
    """Per cell, entrant (and its ``label``) and ``event`` (a ``Ruleset.firsts``
    column; ``event_label``, as the manifest names it): ``games``, ``happened``
    and their ``share`` with its block-clustered 95% interval, and the own turn
    it first happened in those games (``turn_mean``, ``turn_p50``, ``turn_p90``)."""
    lf = entrant_games(run)
    by = [*CELL, "entrant", "label"]
    parts = []
    for event, what in run.manifest["ruleset"]["firsts"].items():
        turn = pl.col(event).filter(pl.col(event) > 0)
        counts = lf.group_by(by).agg(games=pl.len(), happened=(pl.col(event) > 0).sum(), turn_mean=turn.mean(),
                                     turn_p50=turn.median(), turn_p90=turn.quantile(0.9, "linear")).collect()
        share = with_pair_wilson(lf, by, pl.col(event) > 0, "share", cluster="block")
        parts.append(counts.join(share, on=by, nulls_equal=True).select(
            *by, event=pl.lit(event), event_label=pl.lit(what), games="games", happened="happened", share="share",
            share_lo="share_lo", share_hi="share_hi", share_eff="share_eff", turn_mean="turn_mean",
            turn_p50="turn_p50", turn_p90="turn_p90"))
    return pl.concat(parts).sort(*by, "event")


BUY_GROUPS = ("bought", "not_bought", "played")


def card_rows(run: Run) -> pl.LazyFrame:
    """One row per game, entrant and card kind of the cell's card set, with the
    kind's ``bit`` in the masks (bit k: the k-th name of the manifest's ``cards``)."""
    bits = pl.DataFrame([(c, name, 1 << k) for c, d in enumerate(run.manifest["decks"])
                         for k, name in enumerate(d["cards"])],
                        schema={"cell": pl.UInt32, "card": pl.String, "bit": pl.UInt64}, orient="row")
    return entrant_games(run).select("cell", "players", "setting", "block", "won", "bought", "played").join(
        bits.lazy(), on="cell")


def card_impact(run: Run, min_games: int = cards.MIN_GAMES) -> pl.DataFrame:
    """Per number of players, setting and card kind, observational (as
    ``cards.impact``): the win rate of the entrants that bought it, that did
    not, that played it, each with its block-clustered interval; ``diff`` =
    bought - not bought, an association (a card bought in long games looks as
    good or bad as long games are), with the cluster-robust interval of
    ``cards.iwd_interval`` over blocks for cards with ``min_games`` each way."""
    by = ["players", "setting", "card"]
    has = {"bought": (pl.col("bought") & pl.col("bit")) > 0, "played": (pl.col("played") & pl.col("bit")) > 0}
    has["not_bought"] = ~has["bought"]
    aggs = {f"{g}_{x}": (cond & (pl.col("won") > 0)).sum() if x == "k" else cond.sum()
            for g, cond in has.items() for x in ("n", "k")}
    per = card_rows(run).group_by(*by, "block").agg(**aggs).collect()
    df = per.group_by(by).agg(*(pl.sum(c) for c in aggs)).sort(by)
    for g in BUY_GROUPS:
        rate = pair_wilson_of(per.rename({"block": "pair"}).lazy(), by, f"{g}_k", f"{g}_n", f"{g}_wr")
        df = df.join(rate.drop(f"{g}_wr_eff"), on=by, how="left", nulls_equal=True)
    df = df.with_columns(diff=pl.col("bought_wr") - pl.col("not_bought_wr"),
                         judged=(pl.col("bought_n") >= min_games) & (pl.col("not_bought_n") >= min_games))
    bounds = []
    for key, part in per.join(df.filter("judged").select(by), on=by).group_by(by, maintain_order=True):
        rows = pl.concat([part.select(pair="block", in_hand=pl.lit(v), games=f"{g}_n", wins=f"{g}_k")
                          for g, v in (("bought", True), ("not_bought", False))]).filter(pl.col("games") > 0)
        bounds.append((*key, *cards.iwd_interval(rows)[1:]))
    lims = pl.DataFrame(bounds, schema={**df.select(by).schema, "diff_lo": pl.Float64, "diff_hi": pl.Float64},
                        orient="row")
    return df.join(lims, on=by, how="left").sort(*by)


def length(run: Run) -> pl.DataFrame:
    """Per cell: games, turns (mean, median, 90th percentile) and the share of
    each end reason (named as the manifest's ruleset names them)."""
    reasons = run.manifest["ruleset"]["end_reasons"]
    games = entrant_games(run).filter(pl.col("entrant") == 0)
    return games.group_by(CELL).agg(
        games=pl.len(), turns_mean=pl.col("turns").mean(), turns_p50=pl.col("turns").median(),
        turns_p90=pl.col("turns").quantile(0.9, "linear"),
        **{why: (pl.col("end") == int(code)).mean() for code, why in reasons.items()}).sort(CELL).collect()


def curves(run: Run) -> pl.DataFrame:
    """Per cell, entrant and own turn: the ruleset's curves (``curves.summary``)."""
    return curves_of.summary(entrant_games(run), [*CELL, "label"], list(run.manifest["ruleset"]["curves"]))


def tables(run: Run) -> dict[str, pl.DataFrame]:
    """Every table of a game of more seats, by CSV name."""
    out = {"outcomes_by_entrant": by_entrant(run), "outcomes_by_position": by_position(run),
           "position_sweep": sweep(run),
           "game_length": length(run), "curves": curves(run), "card_impact": card_impact(run)}
    rs = run.manifest["ruleset"]
    for column in rs["pieces"]:
        out[f"outcomes_by_{column}"] = by_piece(run, column)
        out[f"spread_by_{column}"] = spread(out[f"outcomes_by_{column}"], column)
    if rs.get("matrix"):
        out[f"head_to_head_{rs['matrix']}"] = head_to_head(run, rs["matrix"])
    if rs.get("firsts"):
        out["firsts"] = firsts(run)
    return out
