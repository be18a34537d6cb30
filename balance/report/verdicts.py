"""The key findings as plain sentences, shared by ``index.html`` and ``summary.md``."""
from __future__ import annotations

import polars as pl

from ..analysis import robustness
from ..analysis.intervals import shown


def ci(row: dict, name: str) -> str:
    """Rate ``name`` of a table row (with_wilson's columns) and its interval, as printed."""
    return shown(row[name], row[name + "_lo"], row[name + "_hi"])


def where(row: dict, setting: str = "setting") -> str:
    """"threshold 5, Therkax 7": a row's threshold, and its ``setting`` column unless the baseline."""
    return f"threshold {row['threshold']}" + ("" if row[setting] == "baseline" else f", {row[setting]}")


def run_facts(run, n_games: int) -> list[str]:
    """Size, seeds and state of the run."""
    m = run.manifest
    exp = m["experiment"]
    done = len(run.files)
    planned = sorted({c["games"] for c in exp["cells"]})
    facts = [f"Run **{exp['name']}**: {n_games:,} games in {run.cells.height} cell(s), "
             f"{' to '.join(f'{g:,}' for g in planned[::max(1, len(planned) - 1)])} games planned per cell; root seed {m['seeds']['root']} ({m['seeds']['scheme']}); "
             f"kernel {m['code_version']['kernel']}."]
    if run.damaged:
        facts.insert(0, f"**DAMAGED CHUNKS** left out (moved aside and replayed by the next `balance run`): "
                        f"{', '.join(run.damaged)}.")
    if run.partial:
        facts.insert(0, f"**PARTIAL RUN**: {done} of {m['chunks_planned']} chunks finished; every number below "
                        f"covers only the finished games. Run `balance run` again to complete it.")
    return facts


def matchup_verdicts(by_matchup: pl.DataFrame, play: pl.DataFrame, play_verdicts: pl.DataFrame) -> list[str]:
    """The most and least favoured deck of all cells, each with its matchup's
    label across the ways (agent pairings, readings) the run played it in."""
    labels = play.join(play_verdicts.select(*robustness.QUESTION, "label", "pairings", "readings"),
                       on=robustness.QUESTION).select("cell", "label", "pairings", "readings")
    rows = by_matchup.join(labels, on="cell", how="left")
    best = rows.sort("win_rate", descending=True).row(0, named=True)
    worst = rows.sort("win_rate").row(0, named=True)
    return [f"Most favoured: **{best['deck']}** against {best['opponent']} at {where(best)} wins "
            f"{ci(best, 'win_rate')} of {best['games']:,} games{across(best)}.",
            f"Least favoured: **{worst['deck']}** against {worst['opponent']} at {where(worst)} wins "
            f"{ci(worst, 'win_rate')} of {worst['games']:,} games{across(worst)}."]


def across(row: dict) -> str:
    """"; **robust** across 3 agent pairings and 2 readings" (the label of the
    row's matchup), or nothing."""
    return "" if row["label"] is None else f"; **{row['label']}** across {ways(row)}"


def ways(row: dict) -> str:
    """"3 agent pairings and 2 readings" (of a row of robustness.verdicts)."""
    return (f"{row['pairings']} agent pairing{'s' * (row['pairings'] > 1)} and "
            f"{row['readings']} reading{'s' * (row['readings'] > 1)}")


def play_verdict(verdicts: pl.DataFrame) -> str:
    """How many matchups hold in every way they were played, and the largest spread."""
    if verdicts.is_empty():
        return ("Verdicts across play and readings: every matchup was played under one agent pairing and one reading, "
                "so this run cannot say how much its verdicts depend on them (give the experiment's `policies` or "
                "`readings` axis several values).")
    counts = ", ".join(f"{n} {v}" for v, n in verdicts["label"].value_counts(sort=True).iter_rows())
    top = verdicts.sort("spread", descending=True).row(0, named=True)
    return (f"Verdicts across play and readings ({verdicts.height} matchups played in several ways: {counts}): the "
            f"largest spread is {top['deck_a']} against {top['deck_b']} at {where(top, 'base_setting')}, from "
            f"{100 * top['lowest']:.1f}% to {100 * top['highest']:.1f}% across {ways(top)}, against a sampling "
            f"interval of at most ±{100 * top['sampling']:.1f} points.")


def first_player_verdict(first: pl.DataFrame) -> str:
    r = first.filter(pl.col("cell").is_null()).row(0, named=True)
    if not r["decisive"]:
        return "First-player advantage: no decisive games."
    return (f"First-player advantage: the player who moves first wins {ci(r, 'first_win_rate')} of "
            f"{r['decisive']:,} decisive games (50% = no advantage).")


def card_verdicts(causal: pl.DataFrame | None, top=3) -> list[str]:
    """The cards that the causal test shows to help or hurt most, per baseline;
    the undecided ones are counted, not ranked (IWD, observational, gives none)."""
    if causal is None or not causal.height:
        return ["Card verdicts: no causal test was run (`balance impact`); the observational IWD table "
                "describes associations, not effects."]
    out = []
    for (baseline,), part in causal.group_by("baseline", maintain_order=True):
        shown_ = part.filter(pl.col("verdict").is_in(["helps", "hurts"])).sort(pl.col("diff").abs(), descending=True)
        counts = ", ".join(f"{n} {v}" for v, n in part["verdict"].value_counts(sort=True).iter_rows())
        found = "; ".join(f"**{r['card']}** ({r['deck']}) {r['verdict']}: {100 * r['diff']:+.1f} points "
                          f"(95% CI {100 * r['diff_lo']:+.1f} to {100 * r['diff_hi']:+.1f})"
                          for r in shown_.head(top).iter_rows(named=True))
        out.append(f"Card verdicts against the {baseline} (causal, {part.height} card{'s' * (part.height > 1)}: {counts}): "
                   + (found if found else "no card is shown to help or hurt."))
    return out
