"""How much a verdict depends on play (DESIGN §11): the cells of a run that
differ only by their agents (the ``policies`` axis) ask one question -- does
deck A beat deck B at this threshold, setting and turn cap? -- under several ways of
playing.  Each answer is deck A's score (wins and half the draws) with its
pair-aware interval, and each question gets a label:

- **robust**: under every pairing deck A's score lies on the same side of 50%;
- **depends on play**: under one pairing it lies above 50% and under another below;
- **undecided**: neither -- under some pairing the run cannot tell the side.

The labels read intervals at confidence 1 - 0.05 / k for a question asked
under k pairings (Bonferroni), so that "depends on play" and "robust" are each
claimed wrongly at most 5% of the time; the table and the figure also show the
ordinary 95% intervals and the spread across pairings beside them."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import cell_info, deck_games
from .intervals import CONFIDENCE, pair_wilson_of

QUESTION = ["deck_a", "deck_b", "threshold", "setting", "turn_cap"]
ROBUST, ON_PLAY, UNDECIDED = "robust", "depends on play", "undecided"


def _deck_name(label: str, policy: str) -> pl.Expr:
    """A deck's label without its agent ("Belial's Burning Host (influencer)" -> the deck's name)."""
    return pl.col(label).str.strip_suffix(pl.lit(" (") + pl.col(policy) + pl.lit(")"))


def by_play(run: Run) -> pl.DataFrame:
    """One row per cell: its question (``deck_a``, ``deck_b``, ``threshold``,
    ``setting``, ``turn_cap``), its agent ``pairing`` ("A's agent vs B's"), ``pairings`` (how
    many the question is asked under), ``games`` and deck A's ``score`` with its
    95% interval (``score_lo``, ``score_hi``) and the interval the labels read
    (``family_lo``, ``family_hi``)."""
    info = cell_info(run).with_columns(deck_a=_deck_name("label_a", "policy_a"),
                                       deck_b=_deck_name("label_b", "policy_b"),
                                       pairing=pl.col("policy_a") + " vs " + pl.col("policy_b"))
    info = info.with_columns(pairings=pl.len().over(QUESTION)).select("cell", *QUESTION, "pairing", "pairings")
    a = deck_games(run).filter(pl.col("side") == 0)
    score = pl.col("won").cast(pl.Float64) + 0.5 * pl.col("draw").cast(pl.Float64)
    per = a.group_by("cell", "pair").agg(k=score.sum(), n=pl.len()).collect()
    rates = pair_wilson_of(per.lazy(), ["cell"], "k", "n", "score").drop("score_eff")
    family = pl.concat([
        pair_wilson_of(per.lazy().filter(pl.col("cell").is_in(part["cell"].to_list())), ["cell"], "k", "n",
                       "family", 1 - (1 - CONFIDENCE) / k).select("cell", "family_lo", "family_hi")
        for (k,), part in info.group_by("pairings")])
    games = per.group_by("cell").agg(games=pl.col("n").sum())
    return info.join(games, on="cell").join(rates, on="cell").join(family, on="cell").sort(*QUESTION, "pairing")


def label(rows: pl.DataFrame) -> str:
    """The label of one question from its rows of ``by_play`` (see the module's
    docstring)."""
    above, below = (rows["family_lo"] > 0.5).sum(), (rows["family_hi"] < 0.5).sum()
    if above and below:
        return ON_PLAY
    if rows.height in (above, below):
        return ROBUST
    return UNDECIDED


def verdicts(play: pl.DataFrame) -> pl.DataFrame:
    """One row per question asked under two or more pairings: the pairings, deck
    A's lowest and highest score across them (``spread`` = highest - lowest),
    the widest 95% half-width of a single pairing (``sampling``), the ``label``
    and, where robust, the ``favoured`` deck."""
    rows = []
    for key, part in play.filter(pl.col("pairings") > 1).group_by(QUESTION, maintain_order=True):
        verdict = label(part)
        favoured = (key[0] if part["family_lo"].min() > 0.5 else key[1]) if verdict == ROBUST else None
        rows.append((*key, part.height, part["score"].min(), part["score"].max(),
                     float(((part["score_hi"] - part["score_lo"]) / 2).max()), verdict, favoured))
    schema = {"deck_a": pl.String, "deck_b": pl.String, "threshold": pl.Int64, "setting": pl.String,
              "turn_cap": pl.Int64, "pairings": pl.Int64, "lowest": pl.Float64, "highest": pl.Float64, "sampling": pl.Float64,
              "label": pl.String, "favoured": pl.String}
    return pl.DataFrame(rows, schema=schema, orient="row").with_columns(spread=pl.col("highest") - pl.col("lowest"))
