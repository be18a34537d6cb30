"""The report of a game of more seats (``analysis.seats``): seat balance by place
in turn order, each piece's (a God's) win rate, a piece's head-to-head matrix,
the per-turn curves, game length and the turn something first happened, every
label from the run's manifest.

A rate is called off balance only when its interval (over seat-rotation
blocks, Bonferroni-wide across its table: ``seats.rates``' family interval)
excludes the fair share, one win in as many players; balanced only when that
whole interval lies within ``BALANCED`` of it; else undecided."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
from matplotlib.patches import Rectangle

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


MIRROR_COLOR = "#d5d8dc"


def matrix_setting(row: dict) -> str:
    """A head-to-head panel's agents, rules and reading, as its title names them."""
    return ", ".join([row["agents"], *(row[k] for k in ("rules", "reading")
                                       if row[k] not in ("baseline", "default readings"))])


def matrix_of(tabs: dict, rs: dict) -> tuple[str, str, pl.DataFrame] | None:
    """(column, label, table) of the ruleset's head-to-head piece (``Ruleset.matrix``),
    if its table has a row: none without games of two."""
    column = rs.get("matrix")
    if not column or tabs[f"head_to_head_{column}"].is_empty():
        return None
    return column, rs["pieces"][column][0], tabs[f"head_to_head_{column}"]


def matrix_figure(df: pl.DataFrame, column: str, label: str):
    """The row piece's win rate against the column piece with its interval, one
    panel per agents, rules and reading; mirror squares grey, squares never
    played blank."""
    name, opponent = f"{column}_name", f"opponent_{column}_name"
    keys = df.select("agents", "rules", "reading").unique(maintain_order=True).rows(named=True)
    n = max(len(set(df[name]) | set(df[opponent])), 1)
    big = n > 4                     # one wide panel per row, no games line in the squares
    cols = min(1 if big else 2, len(keys))
    fig, axes = panels(len(keys), cols, 1.6 + 0.9 * n if big else 4.6, F.WIDTH if big or cols > 1 else 7)
    for ax, key in zip(axes, keys):
        m = df.filter(pl.all_horizontal(pl.col(c) == v for c, v in key.items()))
        pieces = sorted(set(m[name]) | set(m[opponent]))
        grid = np.full((len(pieces), len(pieces)), np.nan)
        for r in m.iter_rows(named=True):
            i, j = pieces.index(r[name]), pieces.index(r[opponent])
            if r["mirror"]:
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, color=MIRROR_COLOR))
                ax.text(j, i, "mirror", ha="center", va="center", fontsize=8, color="#555")
                continue
            grid[i, j] = 100 * r["win_rate"]
            ax.text(j, i, f"{100 * r['win_rate']:.1f}%\n[{100 * r['win_rate_lo']:.1f}, {100 * r['win_rate_hi']:.1f}]"
                    + ("" if big else f"\n{r['games']:,} games"), ha="center", va="center", fontsize=8,
                    color="white" if abs(grid[i, j] - 50) > 35 else "black")
        im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
        ax.set_xticks(range(len(pieces)), [wrap(p, 16) for p in pieces], fontsize=7)
        ax.set_yticks(range(len(pieces)), [wrap(p, 24) for p in pieces], fontsize=7)
        ax.set_xlabel(f"opponent's {label} (column)")
        ax.set_ylabel(f"{label} (row)")
        ax.set_title(wrap(matrix_setting(key), 60), fontsize=9)
    fig.colorbar(im, ax=axes, label=f"row {label}'s win rate (%)", shrink=0.3 if big else 0.8)
    fig.suptitle(f"Head-to-head in games of two: the row {label}'s win rate against the column {label}\n"
                 f"(95% intervals over seat-rotation blocks)")
    played = df.filter(~pl.col("mirror"))
    games = int(played["games"].sum()) // 2 + int(df.filter("mirror")["games"].sum())
    if played.is_empty():
        return fig, f"Every game of two was a mirror (the same {label} on both sides). {games:,} games in all."
    per = sorted(set(played["games"].to_list()))
    per = f"{per[0]:,}" if len(per) == 1 else f"{per[0]:,} to {per[-1]:,}"
    return fig, (f"Each square: the row {label}'s win rate of the games not drawn against the column {label} and "
                 f"its 95% interval in brackets, from {per} games; a square and its mirror image across the "
                 f"diagonal are complements. Grey, mirror: the same {label} on both sides, one half by "
                 f"construction; blank: never met. {games:,} games in all.")


def matrix_table(df: pl.DataFrame, column: str) -> pl.DataFrame:
    """The head-to-head table as the page shows it: mirrors named, not rated."""
    rows = [{"setting": matrix_setting(r), column: r[f"{column}_name"], "opponent": r[f"opponent_{column}_name"],
             "games": r["games"], "draws": r["draws"], "wins": "" if r["mirror"] else str(r["wins"]),
             "win rate (of the games not drawn)": "mirror" if r["mirror"] else ci(r, "win_rate"),
             "every row at once": "" if r["mirror"] else f"{percent(r['family_lo'])} to {percent(r['family_hi'])}"}
            for r in df.iter_rows(named=True)]
    return pl.DataFrame(rows)


def first_tables(tabs: dict, rs: dict) -> list[tuple[str, pl.DataFrame]]:
    """A key table per ``Ruleset.firsts`` event: share of games, median turn."""
    if "firsts" not in tabs:
        return []
    turn = rs.get("turn", "own turn")
    return [(f"{what}: share of games, median {turn} (of the games in which it happened)",
             tabs["firsts"].filter(pl.col("event") == event).select(
                 "players", "setting", "entrant", "label", "games", "share", "share_lo", "share_hi", "turn_p50",
                 "turn_mean", "turn_p90"))
            for event, what in rs["firsts"].items()]


def panel(df: pl.DataFrame) -> pl.DataFrame:
    """``df`` with ``cells``, the panel its rows go in: players and setting."""
    return df.with_columns(cells=pl.format("{} players, {}", "players", "setting"))


def asked(tabs: dict, rs: dict) -> list[tuple[str, str]]:
    """(column, label) of each piece with a row in its table (none where every
    cell had one piece on every seat: analysis.seats.by_piece)."""
    return [(column, label) for column, (label, _) in rs["pieces"].items() if tabs[f"outcomes_by_{column}"].height]


def made_figures(tabs: dict, rs: dict) -> list[tuple]:
    """(heading, file name, function, arguments) of each figure (the causal one
    if ``balance impact`` was run)."""
    kind = place_kind(rs)
    made = [(f"Seat balance: win rate by {kind}", "positions", rate_forest,
             (panel(tabs["outcomes_by_position"]), "cells", "place",
              f"Win rate by {kind}" + ("" if rs.get("roles") else " (1 = the starting player)")))]
    made += [(f"Win rate by {label}", column, rate_forest,
              (panel(tabs[f"outcomes_by_{column}"]), "cells", f"{column}_name", f"Win rate by {label}"))
             for column, label in asked(tabs, rs)]
    h2h = matrix_of(tabs, rs)
    if h2h:
        column, label, df = h2h
        made.append((f"Head-to-head: {label} against {label} (games of two)", f"head_to_head_{column}",
                     matrix_figure, (df, column, label)))
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
    h2h = matrix_of(tabs, rs)
    return [(f"Win rate by {place_kind(rs)}", tabs["outcomes_by_position"].select("place", *cols)),
            *((f"Win rate by {label}", tabs[f"outcomes_by_{column}"].select(f"{column}_name", *cols))
              for column, label in asked(tabs, rs)),
            *((f"{label}s across agents and readings (robust: on one side of the fair share in every way)",
               tabs[f"spread_by_{column}"]) for column, label in asked(tabs, rs)),
            *([(f"Head-to-head: each {h2h[1]} against each (games of two; a mirror is one half by construction; "
                f"every row at once: the table-wide interval)",
                matrix_table(h2h[2], h2h[0]))] if h2h else []),
            ("Win rate by entrant (each entrant sits in every seat of a block)",
             tabs["outcomes_by_entrant"].select("entrant", "label", *cols[:-3])),
            ("Game length and end reasons", tabs["game_length"]),
            *first_tables(tabs, rs),
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
