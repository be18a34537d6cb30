"""``balance report RUN_DIR``: the analysis tables of a run as one HTML page a
designer can read and forward (DESIGN §8), with ``summary.md``,
``figures/*.png`` and ``tables/*.csv`` beside it (default ``reports/<run name>/``)."""
from __future__ import annotations

from pathlib import Path

from joblib import Parallel, delayed

from .. import analysis
from ..analysis import length, robustness
from ..runner.store import load_run, of_seats, read_impact
from ..sim.batch import loky_config
from . import figures as F
from . import seats
from . import verdicts as V
from .figures import draw
from .page import html_page, markdown

REPORTS_DIR = Path("reports")
FIGURE_JOBS = 2             # figures are drawn two at a time: drawing is most of a report's time


def write_report(run_dir, out=None, min_games: int = analysis.cards.MIN_GAMES) -> Path:
    """Analyse the run and write the report folder; returns the index.html path."""
    run = load_run(run_dir)
    out = Path(out or REPORTS_DIR / run.manifest["experiment"]["name"])
    if of_seats(run.manifest["experiment"]):
        return seats.write_report(run, out)
    tabs = analysis.tables(run, min_games)
    causal = read_impact(run.dir)
    if causal is not None:
        tabs["causal_impact"] = causal
    analysis.write_csv(tabs, out / "tables")
    rs = run.manifest["ruleset"]
    params, shown, asked = run.parameters, run.swept, robustness.question(run)
    resource = rs["resources"][0]
    n_games = int(tabs["game_length"]["games"].sum())
    made = [
        ("Matchup matrix", "matchup_matrix", F.heatmap, (tabs["matchup_matrix"], params, shown)),
        ("Win rate against each swept game parameter", "parameter_sweep", F.sweep,
         (tabs["parameter_sweep"], {p["name"]: p["label"] for p in rs["parameters"]})),
        ("Game length", "game_length", F.game_length,
         (tabs["game_length_histogram"], tabs["game_length"], length.BIN, shown, length.reasons(run))),
        (f"{resource} curves", "curves", F.curves, (tabs["curves"], n_games, params, shown, rs["curves"], resource)),
        (f"Economy: when does {resource} stop limiting a deck?", "economy", F.economy,
         (tabs["economy"], n_games, params, shown, resource) if "economy" in tabs else None),
        ("Causal card impact", "causal_impact", F.causal, (causal,) if causal is not None else None),
        ("Card impact (observational)", "card_impact", F.card_impact, (tabs["card_impact"], n_games)),
        ("How much does the verdict depend on play and on readings?", "play", F.play,
         (tabs["play_by_pairing"], tabs["play_verdicts"], asked, shown)),
    ]
    wanted = [m for m in made if m[3] is not None]
    with loky_config(n_jobs=FIGURE_JOBS):
        drawn = Parallel()(delayed(draw)(make, args, out / "figures", name) for _, name, make, args in wanted)
    figs = [(h, cap, path) for (h, *_), (path, cap) in zip(wanted, drawn) if path]
    title = f"{rs['title']} balance report: {run.manifest['experiment']['name']}" + \
        (" (PARTIAL RUN)" if run.partial else "")
    facts = V.run_facts(run, n_games)
    verdicts = [*V.matchup_verdicts(tabs["outcomes_by_matchup"], tabs["play_by_pairing"], tabs["play_verdicts"],
                                    asked, shown),
                V.play_verdict(tabs["play_verdicts"], shown),
                *([V.economy_verdict(tabs["economy"], resource, shown)] if "economy" in tabs else []),
                V.first_player_verdict(tabs["first_player"]),
                *V.card_verdicts(causal)]
    key_tables = [
        ("Verdicts across play and readings (robust, depends on play, on reading, on both, undecided)",
         tabs["play_verdicts"]),
        ("Win rate per deck and cell", tabs["outcomes_by_matchup"].select(
            "deck", "opponent", *shown, "setting", "games", "wins", "draws", "win_rate", "win_rate_lo",
            "win_rate_hi", "score")),
        ("First-player advantage", tabs["first_player"].select(
            "matchup", *shown, "decisive", "first_wins", "first_win_rate", "first_win_rate_lo",
            "first_win_rate_hi")),
    ]
    if causal is not None:
        key_tables.append(("Causal card impact (the card verdicts)", causal.select(*V.CAUSAL)))
    key_tables.append(("Card impact (observational: associations, no verdicts)", tabs["card_impact"].select(
        "deck", "card", "rank", "gih_games", "gih_wr", "gns_games", "gns_wr", "iwd", "iwd_lo", "iwd_hi",
        "oh_wr", "gd_wr", "played_wr")))
    index = out / "index.html"
    index.write_text(html_page(title, facts, verdicts, figs, key_tables, run.partial), encoding="utf-8")
    (out / "summary.md").write_text(markdown(title, facts, verdicts, figs), encoding="utf-8")
    return index
