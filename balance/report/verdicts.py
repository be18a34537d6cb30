"""The key findings as plain sentences, shared by ``index.html`` and ``summary.md``."""
from __future__ import annotations

import polars as pl

from ..analysis.intervals import shown


def ci(row: dict, name: str) -> str:
    """Rate ``name`` of a table row (with_wilson's columns) and its interval, as printed."""
    return shown(row[name], row[name + "_lo"], row[name + "_hi"])


BASELINE = "the baseline"


def where(row: dict, shown: list[str], setting: str = "setting") -> str:
    """"threshold 5, Therkax 7": a row's ``shown`` parameters (those the run
    sweeps) by name, and its ``setting`` column unless the baseline; BASELINE
    if neither."""
    parts = [f"{p} {row[p]}" for p in shown] + ([] if row[setting] == "baseline" else [row[setting]])
    return ", ".join(parts) or BASELINE


def fixed_parameters(run) -> str:
    """"threshold 5, turn_cap 200 in every cell": the parameters the run does not sweep."""
    fixed = [f"{p} {run.cells[p][0]}" for p in run.parameters
             if p in run.cells.columns and run.cells[p].n_unique() == 1]
    return f"{', '.join(fixed)} in every cell" if fixed else ""


def run_facts(run, n_games: int) -> list[str]:
    """Size, seeds and state of the run."""
    m = run.manifest
    exp = m["experiment"]
    done = len(run.files)
    planned = sorted({c["games"] for c in exp["cells"]})
    fixed = fixed_parameters(run)
    facts = [f"Run **{exp['name']}**: {n_games:,} games in {run.cells.height} cell(s), "
             f"{' to '.join(f'{g:,}' for g in planned[::max(1, len(planned) - 1)])} games planned per cell"
             + (f"; {fixed}" if fixed else "") + f"; root seed {m['seeds']['root']} ({m['seeds']['scheme']}); "
             f"kernel {m['code_version']['kernel']}."]
    if run.damaged:
        facts.insert(0, f"**DAMAGED CHUNKS** left out (moved aside and replayed by the next `balance run`): "
                        f"{', '.join(run.damaged)}.")
    if run.partial:
        facts.insert(0, f"**PARTIAL RUN**: {done} of {m['chunks_planned']} chunks finished; every number below "
                        f"covers only the finished games. Run `balance run` again to complete it.")
    return facts


def matchup_verdicts(by_matchup: pl.DataFrame, play: pl.DataFrame, play_verdicts: pl.DataFrame, asked: list[str],
                     shown: list[str]) -> list[str]:
    """The most and least favoured deck of all cells, each with its matchup's
    label across the ways (agent pairings, readings) the run played it in
    (``asked``: the question's columns, robustness.question)."""
    labels = play.join(play_verdicts.select(*asked, "label", "pairings", "readings"),
                       on=asked).select("cell", "label", "pairings", "readings")
    rows = by_matchup.join(labels, on="cell", how="left")
    best = rows.sort("win_rate", descending=True).row(0, named=True)
    worst = rows.sort("win_rate").row(0, named=True)
    return [f"Most favoured: **{best['deck']}** against {best['opponent']} at {where(best, shown)} wins "
            f"{ci(best, 'win_rate')} of {best['games']:,} games{across(best)}.",
            f"Least favoured: **{worst['deck']}** against {worst['opponent']} at {where(worst, shown)} wins "
            f"{ci(worst, 'win_rate')} of {worst['games']:,} games{across(worst)}."]


def across(row: dict) -> str:
    """"; **robust** across 3 agent pairings and 2 readings" (the label of the
    row's matchup), or nothing."""
    return "" if row["label"] is None else f"; **{row['label']}** across {ways(row)}"


def ways(row: dict) -> str:
    """"3 agent pairings and 2 readings" (of a row of robustness.verdicts)."""
    return (f"{row['pairings']} agent pairing{'s' * (row['pairings'] > 1)} and "
            f"{row['readings']} reading{'s' * (row['readings'] > 1)}")


def play_verdict(verdicts: pl.DataFrame, shown: list[str]) -> str:
    """How many matchups hold in every way they were played, and the largest spread."""
    if verdicts.is_empty():
        return ("Verdicts across play and readings: every matchup was played under one agent pairing and one reading, "
                "so this run cannot say how much its verdicts depend on them (give the experiment's `policies` or "
                "`readings` axis several values).")
    counts = ", ".join(f"{n} {v}" for v, n in verdicts["label"].value_counts(sort=True).iter_rows())
    top = verdicts.sort("spread", descending=True).row(0, named=True)
    return (f"Verdicts across play and readings ({verdicts.height} matchups played in several ways: {counts}): the "
            f"largest spread is {top['deck_a']} against {top['deck_b']} at {where(top, shown, 'base_setting')}, from "
            f"{100 * top['lowest']:.1f}% to {100 * top['highest']:.1f}% across {ways(top)}, against a sampling "
            f"interval of at most ±{100 * top['sampling']:.1f} points.")


def economy_verdict(econ: pl.DataFrame, resource: str, shown: list[str]) -> str:
    """From which own turn the resource stops binding each deck (the earliest
    and the latest across decks and cells), and for how many it binds throughout."""
    free = econ.group_by("deck", *shown, "setting", maintain_order=True).agg(pl.col("free_from").first())
    known = free.drop_nulls("free_from").sort("free_from")
    if known.is_empty():
        return (f"Economy: no deck is shown to stop being short of {resource}; {resource} binds throughout, so a "
                f"cost change can act in any turn.")
    first, last = known.row(0, named=True), known.row(-1, named=True)
    never = free.height - known.height
    return (f"Economy: {resource} stops binding from own turn {first['free_from']} ({first['deck']}, "
            f"{where(first, shown)}) to turn {last['free_from']} ({last['deck']}, {where(last, shown)}); after "
            f"that, most turns end with no card kept back for want of {resource}, so a cost change acts on the "
            f"turns before" + (f". For {never} deck and setting(s) it binds throughout." if never else "."))


def first_player_verdict(first: pl.DataFrame) -> str:
    r = first.filter(pl.col("cell").is_null()).row(0, named=True)
    if not r["decisive"]:
        return "First-player advantage: no decisive games."
    return (f"First-player advantage: the player who moves first wins {ci(r, 'first_win_rate')} of "
            f"{r['decisive']:,} decisive games (50% = no advantage).")


CAUSAL = ("deck", "card", "baseline", "verdict", "diff", "diff_lo", "diff_hi", "p_adjusted", "games", "seeds",
          "built_win_rate", "swapped_win_rate")    # the causal table's columns a report shows


def card_verdicts(causal: pl.DataFrame | None, top=3) -> list[str]:
    """The cards that the causal test shows to help or hurt most, per baseline;
    the undecided ones are counted, not ranked (IWD, observational, gives none)."""
    if causal is None or not causal.height:
        return ["Card verdicts: no causal test was run (`balance impact`); the observational card table "
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
