"""The report of a game of more seats (``analysis.seats``): seat balance by place
in turn order, each piece's (a God's) win rate, the per-turn curves and game
length, every label from the run's manifest.

A rate is called off balance only when its interval (over seat-rotation
blocks, Bonferroni-wide across its table: ``seats.rates``' family interval)
excludes the fair share, one win in as many players; balanced only when that
whole interval lies within ``BALANCED`` of it; else undecided."""
from __future__ import annotations

from pathlib import Path

import polars as pl

from ..analysis import seats, write_csv
from ..analysis.intervals import percent
from ..runner.store import Run, read_impact
from . import figures as F
from .figures import draw, panels, wrap
from .page import html_page, markdown
from .verdicts import CAUSAL, card_verdicts, ci, run_facts

BALANCED = 0.05          # a rate whose interval lies within 5 points of the fair share is balanced
JUDGED = ("advantaged", "disadvantaged", "balanced")     # the verdicts a figure marks


def judged(df: pl.DataFrame) -> pl.DataFrame:
    """``verdict`` of each rate against ``fair`` by its family interval: advantaged,
    disadvantaged, balanced or undecided; none for a place its entrants did not
    take in turn (``seats.by_position``'s ``rotated``)."""
    lo, hi, fair = pl.col("family_lo"), pl.col("family_hi"), pl.col("fair")
    fixed = ~pl.col("rotated") if "rotated" in df.columns else pl.lit(False)
    return df.with_columns(verdict=pl.when(fixed).then(pl.lit("none: roles fixed"))
                           .when(lo > fair).then(pl.lit("advantaged"))
                           .when(hi < fair).then(pl.lit("disadvantaged"))
                           .when((lo >= fair - BALANCED) & (hi <= fair + BALANCED)).then(pl.lit("balanced"))
                           .otherwise(pl.lit("undecided")))


def place_kind(rs: dict) -> str:
    """What a report calls a stored ``position``: a role, or a place in turn order (``Ruleset.roles``)."""
    return "role" if rs.get("roles") else "place in turn order"


def seat_verdicts(positions: pl.DataFrame, kind: str) -> list[str]:
    """One sentence per cell: which places in turn order (or roles, ``kind``)
    win more or less than their fair share, or that every one is within
    BALANCED of it."""
    out = []
    for (cell, players, setting), d in positions.group_by("cell", "players", "setting", maintain_order=True):
        where = f"{players} players, {setting}"
        if not d["rotated"].all():
            out.append(f"**Seat balance, {where}**: an entrant kept its {kind} in every game, so each {kind}'s "
                       f"rate is an entrant's: no seat verdict.")
            continue
        off = d.filter(pl.col("verdict").is_in(["advantaged", "disadvantaged"]))
        if off.height:
            said = "; ".join(f"{r['place']} wins {ci(r, 'win_rate')} (**{r['verdict']}**)"
                             for r in off.iter_rows(named=True))
            out.append(f"**Seat balance, {where}** (fair share {percent(1 / players)}): {said}.")
        elif (d["verdict"] == "balanced").all():
            out.append(f"**Seat balance, {where}**: every {kind} wins within "
                       f"{round(100 * BALANCED)} points of the fair share {percent(1 / players)} (shown by the "
                       f"intervals: no seat advantage larger than that).")
        else:
            out.append(f"**Seat balance, {where}**: no {kind} shown off its fair share {percent(1 / players)}, "
                       f"but the intervals are too wide to show balance within {round(100 * BALANCED)} points: "
                       f"undecided; play more games.")
    return out


def piece_verdicts(df: pl.DataFrame, column: str, label: str) -> list[str]:
    """The pieces (Gods) shown off their fair share, per number of players and setting."""
    out = []
    for (players, setting), d in df.group_by("players", "setting", maintain_order=True):
        off = d.filter(pl.col("verdict").is_in(["advantaged", "disadvantaged"])).sort("win_rate", descending=True)
        where = f"{players} players, {setting}"
        if off.height:
            said = "; ".join(f"{r[f'{column}_name']} {ci(r, 'win_rate')} ({r['verdict']})"
                             for r in off.iter_rows(named=True))
            out.append(f"**{label}s off the fair share, {where}** ({percent(1 / players)}): {said}.")
        else:
            out.append(f"**{label}s, {where}**: none shown off the fair share {percent(1 / players)} "
                       f"({d.height} played; see the table for how wide each interval is).")
    return out


def spread_verdicts(df: pl.DataFrame, column: str, label: str) -> list[str]:
    """Per number of players and base: how many pieces keep their verdict across
    the agents and readings played, and which ones it depends on them for."""
    out = []
    for (players, base), d in df.group_by("players", "base", maintain_order=True):
        counts = dict(d.group_by("label").len().iter_rows())
        told = ", ".join(f"{n} {what}" for what, n in sorted(counts.items()))
        moving = [f"{r[f'{column}_name']} ({r['label']}: {percent(r['lowest'])} to {percent(r['highest'])})"
                  for r in d.filter(pl.col("label").str.starts_with("depends")).iter_rows(named=True)]
        out.append(f"**{label}s across agents and readings, {players} players, {base}** ({d['ways'].max()} ways): "
                   f"{told}" + (f"; the verdict moves for {'; '.join(moving)}." if moving else "."))
    return out


def rate_forest(df: pl.DataFrame, panel: str, row: str, title: str):
    """Win rates with their intervals, one panel per ``panel`` value, rows named by ``row``."""
    rows = df.with_columns(deck=pl.col(panel).cast(pl.String), card=pl.col(row).cast(pl.String))
    fair = dict(rows.select("deck", "fair").unique().iter_rows())
    fig = F.forest(rows, "win_rate", "win_rate_lo", "win_rate_hi", rows["verdict"].is_in(JUDGED),
                   "win rate (%); dashed: the fair share", title, marks={k: [v] for k, v in fair.items()})
    return fig, (f"Each row's win rate of the games not drawn and its 95% interval over seat-rotation blocks; "
                 f"red: a verdict, by the wider "
                 f"interval that holds for every row at once, that it is off the fair share or within "
                 f"{round(100 * BALANCED)} points of it (the table says which).")


def curve_figure(stats: pl.DataFrame, labels: dict[str, str], turn: str):
    """Each curve's mean and 10-90th percentile band per ``turn`` (own turn,
    round), one panel per cell and entrant."""
    keys = stats.select("cell", "players", "setting", "label").unique(maintain_order=True).rows()
    fig, axes = panels(len(keys), min(3, len(keys)), 3.0)
    colors = ("#2471a3", "#d35400", "#1e8449", "#7d3c98")
    for ax, (cell, players, setting, label) in zip(axes, keys):
        c = stats.filter((pl.col("cell") == cell) & (pl.col("label") == label))
        c = c.filter(pl.col("running") >= max(1, 0.01 * c["running"].max()))
        x = c["turn"].to_numpy()
        for (name, what), color in zip(labels.items(), colors):
            ax.plot(x, c[f"{name}_mean"].to_numpy(), color=color, label=f"{what} (mean)")
            ax.fill_between(x, c[f"{name}_p10"].to_numpy(), c[f"{name}_p90"].to_numpy(), color=color, alpha=0.15)
        ax.set_xlabel(turn)
        ax.set_title(wrap(f"{players} players, {label}, {setting}", 45), fontsize=8)
    fig.legend(*axes[0].get_legend_handles_labels(), loc="outside lower center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle(f"Per {turn} (lines: mean; bands: 10th to 90th percentile)")
    return fig, (f"{', '.join(labels.values())}: per cell and entrant, over its {turn}s; {turn}s reached by fewer "
                 f"than 1% of its games are cut.")


def panel(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with ``cells``, the panel its rows go in: players and setting."""
    return df.with_columns(cells=pl.format("{} players, {}", "players", "setting"))


def made_figures(tabs: dict, rs: dict) -> list[tuple]:
    """(heading, file name, function, arguments) of each figure (the causal one
    if ``balance impact`` was run)."""
    kind = place_kind(rs)
    made = [(f"Seat balance: win rate by {kind}", "positions", rate_forest,
             (panel(tabs["outcomes_by_position"]), "cells", "place",
              f"Win rate by {kind}" + ("" if rs.get("roles") else " (1 = the starting player)")))]
    made += [(f"Win rate by {label}", column, rate_forest,
              (panel(tabs[f"outcomes_by_{column}"]), "cells", f"{column}_name", f"Win rate by {label}"))
             for column, (label, _) in rs["pieces"].items()]
    made.append(("Seat balance against each swept game parameter", "position_sweep", F.sweep,
                 (tabs["position_sweep"], {p["name"]: p["label"] for p in rs["parameters"]})))
    turn = rs.get("turn", "own turn")
    made.append((f"Curves per {turn}", "curves", curve_figure, (tabs["curves"], rs["curves"], turn)))
    if "causal_impact" in tabs:
        made.append(("Causal card impact", "causal_impact", F.causal, (tabs["causal_impact"],)))
    return made


def key_tables(tabs: dict, rs: dict) -> list[tuple[str, pl.DataFrame]]:
    """The tables the page shows (every one is in tables/*.csv)."""
    cols = ["players", "setting", "games", "wins", "draws", "fair", "win_rate", "win_rate_lo", "win_rate_hi",
            "family_lo", "family_hi", "verdict"]
    bought, played = rs.get("holding", ("bought", "played"))
    return [(f"Win rate by {place_kind(rs)}", tabs["outcomes_by_position"].select("place", *cols)),
            *((f"Win rate by {label}", tabs[f"outcomes_by_{column}"].select(f"{column}_name", *cols))
              for column, (label, _) in rs["pieces"].items()),
            *((f"{label}s across agents and readings (robust: on one side of the fair share in every way)",
               tabs[f"spread_by_{column}"]) for column, (label, _) in rs["pieces"].items()),
            ("Win rate by entrant (each entrant sits in every seat of a block)",
             tabs["outcomes_by_entrant"].select("entrant", "label", *cols[:-3])),
            ("Game length and end reasons", tabs["game_length"]),
            *([("Causal card impact (the card verdicts)", tabs["causal_impact"].select(*CAUSAL))]
              if "causal_impact" in tabs else []),
            (f"Card impact (observational: an entrant's win rate when the card was {bought}, when it was not, "
             f"when it was {played}; associations, not effects, so no verdicts; a card never {bought} in a "
             f"setting is in tables/card_impact.csv only)",
             tabs["card_impact"].filter(pl.col("bought_n") > 0)
             .sort("players", "setting", "diff", descending=[False, False, True], nulls_last=True)
             .select("players", "setting", "card", "bought_n", "bought_wr", "not_bought_wr", "played_wr", "diff",
                     "diff_lo", "diff_hi", "judged"))]


def write_report(run: Run, out: Path) -> Path:
    """The report folder of a run of a game of more seats; returns index.html."""
    rs = run.manifest["ruleset"]
    tabs = seats.tables(run)
    causal = read_impact(run.dir)
    if causal is not None:
        tabs["causal_impact"] = causal
    for name in ["outcomes_by_position", *(f"outcomes_by_{column}" for column in rs["pieces"])]:
        tabs[name] = judged(tabs[name])
    write_csv(tabs, out / "tables")
    n_games = int(tabs["game_length"]["games"].sum())
    made = made_figures(tabs, rs)
    drawn = [draw(make, args, out / "figures", name) for _, name, make, args in made]
    figs = [(h, cap, path) for (h, *_), (path, cap) in zip(made, drawn) if path]
    title = f"{rs['title']} balance report: {run.manifest['experiment']['name']}" + \
        (" (PARTIAL RUN)" if run.partial else "")
    verdicts = seat_verdicts(tabs["outcomes_by_position"], place_kind(rs))
    for column, (label, _) in rs["pieces"].items():
        verdicts += piece_verdicts(tabs[f"outcomes_by_{column}"], column, label)
        verdicts += spread_verdicts(tabs[f"spread_by_{column}"], column, label)
    verdicts += card_verdicts(causal)
    facts = run_facts(run, n_games)
    index = out / "index.html"
    index.write_text(html_page(title, facts, verdicts, figs, key_tables(tabs, rs), run.partial), encoding="utf-8")
    (out / "summary.md").write_text(markdown(title, facts, verdicts, figs), encoding="utf-8")
    return index
