"""The report's figures (matplotlib, Agg backend): each function takes the
analysis tables and returns (figure, caption), the caption saying how many
games stand behind it, or None when the run has nothing to show there."""
from __future__ import annotations

import textwrap
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from .verdicts import BASELINE, where  # noqa: E402

WIDTH = 11          # inches; figures are saved at 100 dpi, so 1100 px wide
SIG_COLOR, PLAIN_COLOR, RARE_COLOR = "#c0392b", "#34495e", "#aab7b8"


def wrap(text: str, width=28) -> str:
    return "\n".join(textwrap.wrap(text, width))


def games_of(df: pl.DataFrame, col="games") -> int:
    return int(df[col].sum())


def panels(n: int, cols: int, height: float, width=WIDTH):
    """A row-major grid of n axes (extra axes hidden)."""
    rows = -(-n // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(width, height * rows), squeeze=False, layout="constrained")
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    return fig, list(axes.flat[:n])


def heatmap(matrix: pl.DataFrame, params: list[str], shown: list[str]):
    """Row deck's win rate against the column deck, one panel per game
    parameters (``params``; the title names the ``shown`` ones) and setting."""
    keys = matrix.select(*params, "setting").unique(maintain_order=True).rows(named=True)
    n = len(set(matrix["row"]) | set(matrix["column"]))
    big = n > 3                     # one wide panel per row, no games line in the squares (see the caption)
    fig, axes = panels(len(keys), min(1 if big else 3, len(keys)), 1.6 + 0.95 * n if big else 4.4)
    for ax, key in zip(axes, keys):
        m = matrix.filter(pl.all_horizontal(pl.col(c) == v for c, v in key.items()))
        decks = sorted(set(m["row"]) | set(m["column"]))
        grid = np.full((len(decks), len(decks)), np.nan)
        for r in m.iter_rows(named=True):
            i, j = decks.index(r["row"]), decks.index(r["column"])
            grid[i, j] = 100 * r["win_rate"]
            ax.text(j, i, f"{100 * r['win_rate']:.1f}%\n[{100 * r['win_rate_lo']:.1f}, {100 * r['win_rate_hi']:.1f}]"
                    + ("" if big else f"\n{r['games']:,} games"), ha="center", va="center", fontsize=8 if big else 9)
        im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=100)
        ax.set_xticks(range(len(decks)), [wrap(d, 16) for d in decks], fontsize=7)
        ax.set_yticks(range(len(decks)), [wrap(d, 24 if big else 16) for d in decks], fontsize=7)
        ax.set_xlabel("opponent (column deck)")
        ax.set_ylabel("deck (row)")
        ax.set_title(where(key, shown), fontsize=10)
    fig.colorbar(im, ax=axes, label="row deck's win rate (%)", shrink=0.3 if big else 0.8)
    fig.suptitle("Matchup matrix: win rate of the row deck against the column deck (95% intervals over seed pairs)")
    per_cell = sorted(set(matrix["games"].to_list()))
    played = f"{per_cell[0]:,}" if len(per_cell) == 1 else f"{per_cell[0]:,} to {per_cell[-1]:,}"
    return fig, (f"Each square: win rate of the row deck and its 95% interval in brackets, from {played} games; "
                 f"draws count as not won. {games_of(matrix) // 2:,} games in all.")


def sweep(rows: pl.DataFrame, labels: dict[str, str]):
    """Win rate against each swept parameter (``outcomes.sweep``; ``labels``:
    how the ruleset names each), one line per deck of each matchup."""
    if rows.is_empty():
        return None
    keys = rows.select("parameter", "matchup", "setting", "at").unique(maintain_order=True).rows()
    fig, axes = panels(len(keys), min(2, len(keys)), 4.2)
    for ax, (p, mu, s, at) in zip(axes, keys):
        m = rows.filter((pl.col("parameter") == p) & (pl.col("matchup") == mu) & (pl.col("setting") == s)
                        & (pl.col("at") == at))
        for deck in m["deck"].unique(maintain_order=True):
            d = m.filter(pl.col("deck") == deck).sort("value")
            x, y = d["value"].to_numpy(), 100 * d["win_rate"].to_numpy()
            ax.plot(x, y, marker="o", label=wrap(deck, 40))
            ax.fill_between(x, 100 * d["win_rate_lo"].to_numpy(), 100 * d["win_rate_hi"].to_numpy(), alpha=0.25)
        ax.axhline(100 * (m["fair"][0] if "fair" in m.columns else 0.5), color="grey", lw=0.8, ls="--")
        ax.set_ylim(0, 100)
        ax.set_xticks(sorted(m["value"].unique()))
        ax.set_xlabel(labels[p])
        ax.set_ylabel("win rate (%)")
        context = ", ".join(x for x in (s if s != "baseline" else "", at) if x)
        ax.set_title(wrap(mu + (f" ({context})" if context else ""), 70), fontsize=9)
        ax.legend(fontsize=8, loc="best")
    fig.suptitle("Win rate against each swept game parameter (bands: 95% intervals; dashed: the fair share)")
    return fig, (f"Each point is one cell of the experiment; {int(rows['games'].min()):,} or more games per point; "
                 f"intervals over seed pairs (seat-rotation blocks in a game of more seats).")


def game_length(hist: pl.DataFrame, summary: pl.DataFrame, bin_turns: int, shown: list[str], reasons: dict):
    """Distribution of game length per matchup, one line per cell (named by
    its ``shown`` parameters), with the share of each end reason after the
    first (``reasons``: {column: name}, length.reasons) that ended any game."""
    keys = hist.select("matchup", "setting").unique(maintain_order=True).rows()
    fig, axes = panels(len(keys), min(2, len(keys)), 4.0)
    for ax, (mu, s) in zip(axes, keys):
        for cell in hist.filter((pl.col("matchup") == mu) & (pl.col("setting") == s))["cell"].unique(maintain_order=True):
            h = hist.filter(pl.col("cell") == cell)
            sm = summary.filter(pl.col("cell") == cell).row(0, named=True)
            edges = np.arange(h["turns_from"].min(), h["turns_from"].max() + 2 * bin_turns, bin_turns)
            share = np.zeros(len(edges) - 1)
            share[(h["turns_from"].to_numpy() - edges[0]) // bin_turns] = 100 * h["games"].to_numpy() / sm["games"]
            ends = "".join(f", {why} {100 * sm[f'{col}_rate']:.1f}%" for col, why in list(reasons.items())[1:]
                           if sm[f"{col}_rate"] > 0)
            named = ", ".join(f"{p} {sm[p]}" for p in shown)
            ax.stairs(share, edges, label=(f"{named}: " if named else "") + f"mean {sm['mean_turns']:.1f}, median "
                      f"{sm['q50']:.0f}{ends}")
        ax.set_xlabel(f"game length (turns of both players, bins of {bin_turns})")
        ax.set_ylabel("share of games (%)")
        ax.set_title(wrap(mu + ("" if s == "baseline" else f" ({s})"), 70), fontsize=9)
        ax.legend(fontsize=8)
    fig.suptitle("Game length distribution")
    return fig, f"Turns played until the game ended, per cell; {games_of(summary):,} games in all."


def curves(stats: pl.DataFrame, games: int, params: list[str], shown: list[str], labels: dict, resource: str):
    """Each curve (``labels``: {column: name}) per own turn: mean and 10-90
    percentile band, one panel per deck, parameters and setting; a dotted line
    shows the share of games still running."""
    keys = stats.select("deck", *params, "setting").unique().sort("deck", *params, "setting").rows(named=True)
    cols = max(1, min(4, stats.select(*params, "setting").n_unique()))
    fig, axes = panels(len(keys), cols, 3.3)
    colors = ("#2471a3", "#d35400", "#1e8449", "#7d3c98")
    for ax, key in zip(axes, keys):
        c = stats.filter(pl.all_horizontal(pl.col(k) == v for k, v in key.items()))
        c = c.filter(pl.col("running") >= max(1, 0.01 * c["running"].max()))     # drop the last 1% tail
        x = c["turn"].to_numpy()
        for (name, what), color in zip(labels.items(), colors):
            ax.plot(x, c[f"{name}_mean"].to_numpy(), color=color, label=f"{what} (mean)")
            ax.fill_between(x, c[f"{name}_p10"].to_numpy(), c[f"{name}_p90"].to_numpy(), color=color, alpha=0.2,
                            label=f"{what}: 10-90th percentile")
        ax.set_xlabel("own turn")
        ax.set_ylabel(resource)
        named = where(key, shown)
        ax.set_title(wrap(key["deck"] + ("" if named == BASELINE else f", {named}"), 45), fontsize=8)
        run = ax.twinx()
        run.plot(x, 100 * c["running"].to_numpy() / c["running"].max(), color="grey", ls=":", label="games running")
        run.set_ylim(0, 105)
        run.set_ylabel("games still running (%)", fontsize=8)
    handles = axes[0].get_legend_handles_labels()
    fig.legend(*handles, loc="outside lower center", ncol=4, fontsize=8, frameon=False)
    fig.suptitle(f"{resource} per own turn (lines: mean; bands: 10th to 90th percentile; dotted: games running)")
    return fig, (f"Per deck and cell, over the deck's own turns; later turns only hold the long games "
                 f"(turns reached by fewer than 1% of games are cut). {games:,} games in all.")


def economy(econ: pl.DataFrame, games: int, params: list[str], shown: list[str], resource: str):
    """Per deck (one line each, one panel per parameters and setting): the
    share of its own turns that end with a card it could play but not pay for,
    with the 95% band, and a mark at the turn from which the resource stops
    binding (``free_from``, analysis.economy.economy)."""
    keys = econ.select(*params, "setting").unique().sort(*params, "setting").rows(named=True)
    fig, axes = panels(len(keys), min(2, len(keys)), 3.6)
    for ax, key in zip(axes, keys):
        part = econ.filter(pl.all_horizontal(pl.col(k) == v for k, v in key.items()))
        for k, (deck,) in enumerate(part.select("deck").unique(maintain_order=True).sort("deck").rows()):
            d = part.filter(pl.col("deck") == deck)
            x, color = d["turn"].to_numpy(), f"C{k % 10}"
            ax.plot(x, 100 * d["short"].to_numpy(), color=color, lw=1.2, label=wrap(deck, 40))
            ax.fill_between(x, 100 * d["short_lo"].to_numpy(), 100 * d["short_hi"].to_numpy(), color=color, alpha=0.15)
            free = d["free_from"][0]
            if free is not None:
                ax.axvline(free, color=color, lw=0.8, ls="--")
        ax.axhline(50, color="grey", lw=0.8, ls=":")
        ax.set_ylim(0, 100)
        ax.set_xlabel("own turn")
        ax.set_ylabel(f"turns short of {resource} (%)", fontsize=8)
        ax.set_title(where(key, shown), fontsize=9)
        ax.legend(fontsize=7)
    fig.suptitle("Economy: the share of each deck's turns that end with a card it could play but not pay for")
    return fig, (f"Where a line is above 50%, {resource} keeps the deck from playing a card in most games. From "
                 f"the dashed mark on, no turn shows that ({resource} stops binding), so a cost change acts through "
                 f"the turns before it. Bands: pair-aware 95% intervals; turns reached by fewer than 1% of a "
                 f"deck's games are cut. {games:,} games in all.")


LABEL_COLOR = {"robust": "#1e8449", "depends on play": "#c0392b", "depends on reading": "#8e44ad",
               "depends on play and reading": "#d35400", "undecided": "#7f8c8d"}


def play(by_play: pl.DataFrame, verdicts: pl.DataFrame, asked: list[str], shown: list[str]):
    """Deck A's score in each way a question (its columns ``asked``) was asked
    (agent pairing, reading) with its 95% interval, one panel per question
    asked in two or more ways, titled with its ``shown`` parameters and label."""
    if verdicts.is_empty():
        return None
    fig, axes = panels(verdicts.height, min(2, verdicts.height), 1.4 + 0.35 * int(verdicts["ways"].max()))
    for ax, v in zip(axes, verdicts.iter_rows(named=True)):
        d = by_play.filter(pl.all_horizontal(pl.col(c) == v[c] for c in asked))
        y = np.arange(d.height)
        x, lo, hi = (100 * d[c].to_numpy() for c in ("score", "score_lo", "score_hi"))
        color = LABEL_COLOR[v["label"]]
        ax.errorbar(x, y, xerr=[x - lo, hi - x], fmt="o", color=color, elinewidth=1.2)
        ax.axvline(50, color="grey", lw=0.8, ls="--")
        ax.set_xlim(0, 100)
        ways = d["pairing"] if v["readings"] == 1 else d["pairing"] + ", " + d["reading"]
        ax.set_yticks(y, [wrap(w, 40) for w in ways.to_list()], fontsize=8)
        ax.set_xlabel(wrap(f"{v['deck_a']}'s score (%): wins and half the draws", 60), fontsize=8)
        ax.set_title(wrap(f"{v['deck_a']} vs {v['deck_b']}, {where(v, shown, 'base_setting')}: "
                          f"{v['label'].upper()}", 60), fontsize=9,
                     color=color)
    fig.suptitle("How much does the verdict depend on play and on readings?\nDeck A's score under each agent "
                 "pairing and reading (95% intervals)")
    return fig, (f"{verdicts.height} matchup(s) each played in {int(verdicts['ways'].min())} or more ways (agent "
                 f"pairings, contested readings of the rulebook), {games_of(by_play):,} games in all. Robust: deck A's "
                 f"score is on the same side of 50% in every way; depends on play: under one reading, above 50% with "
                 f"one pairing and below with another; depends on reading: under one pairing, above with one reading "
                 f"and below with another; depends on play and reading: both, or only when both change; undecided: "
                 f"none of these. The labels read intervals widened for the number of ways (Bonferroni).")


def draw(make, args, folder: Path, name: str) -> tuple[Path | None, str | None]:
    """(path, caption) of the figure ``make(*args)`` saved as ``folder/name.png``;
    (None, None) when it has nothing to show."""
    made = make(*args)
    if made is None:
        return None, None
    fig, caption = made
    return save(fig, folder, name), caption


def save(fig, folder: Path, name: str) -> Path:
    """The figure as ``folder/name.png``, closed afterwards."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def forest(rows: pl.DataFrame, value: str, lo: str, hi: str, significant: pl.Series, xlabel: str, title: str,
           marks=()):
    """Cards sorted by ``value`` with their intervals, one panel per deck; significant cards in red;
    dashed lines at each of ``marks`` (fractions, like the values; or {deck: marks}, a panel's own)."""
    decks = rows["deck"].unique(maintain_order=True).to_list()
    longest = max(rows.group_by("deck").len()["len"].max(), 1)
    fig, axes = panels(len(decks), min(2, len(decks)), 1.8 + 0.26 * longest)
    rows = rows.with_columns(sig=significant)
    for ax, deck in zip(axes, decks):
        d = rows.filter(pl.col("deck") == deck).sort(value)
        y = np.arange(d.height)
        v, low, high = (100 * d[c].to_numpy() for c in (value, lo, hi))
        colors = [SIG_COLOR if s else PLAIN_COLOR for s in d["sig"]]
        ax.errorbar(v, y, xerr=[v - low, high - v], fmt="none", ecolor=colors, elinewidth=1.2)
        ax.scatter(v, y, c=colors, marker="o", zorder=3, s=[40 if s else 18 for s in d["sig"]])
        ax.axvline(0, color="grey", lw=0.8)
        for m in marks.get(deck, ()) if isinstance(marks, dict) else marks:
            ax.axvline(100 * m, color="grey", lw=0.8, ls="--")
        ax.set_yticks(y, [f"{c}{' *' if s else ''}" for c, s in zip(d["card"], d["sig"])], fontsize=8)
        ax.set_xlabel(xlabel)
        ax.set_title(wrap(deck, 60), fontsize=9)
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(title)
    return fig


def card_impact(impact: pl.DataFrame, games: int):
    """IWD per card with its 95% interval (judged cards only); no card is marked: IWD claims no effect."""
    judged = impact.filter(pl.col("judged"))
    if judged.is_empty():
        return None
    fig = forest(judged, "iwd", "iwd_lo", "iwd_hi", pl.Series([False] * judged.height),
                 "IWD = GIH WR - GNS WR (percentage points)",
                 "Card impact (observational, descriptive): win rate when drawn - when never seen, 95% intervals")
    rare = impact.height - judged.height
    return fig, (f"{judged.height} cards from {games:,} games; intervals count seed pairs. {rare} card(s) too "
                 f"rare to judge are left out (see the table). Observational: a card seen in long games looks as "
                 f"good or as bad as long games are for its deck, so no card is called significant here; the "
                 f"card verdicts come from the causal test.")


def causal(impact: pl.DataFrame):
    """Paired win-rate difference per card (as built - swapped) with its interval, one panel per deck and baseline."""
    if impact.is_empty():
        return None
    rows = impact.with_columns(deck=pl.col("deck") + " against its " + pl.col("baseline"))
    bound = float(impact["bound"][0])
    fig = forest(rows, "diff", "diff_lo", "diff_hi", impact["verdict"].is_in(["helps", "hurts"]),
                 "win rate: with the card - with the baseline card (percentage points)",
                 f"Causal card impact (95% intervals): red * = helps or hurts; "
                 f"negligible if shown within the dashed ±{100 * bound:g} points", marks=(-bound, bound))
    n = rows.group_by("deck", maintain_order=True).agg(pl.col("games").first(), pl.col("seeds").first(),
                                                       pl.len().alias("cards"))
    detail = "; ".join(f"{r['deck']}: {r['cards']} cards x {r['games']:,} paired games ({r['seeds']:,} seeds)"
                       for r in n.iter_rows(named=True))
    return fig, f"Same seeds with the card and with its baseline (common random numbers); the seed is the unit. {detail}."
