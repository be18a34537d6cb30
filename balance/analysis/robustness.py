"""How much a verdict depends on play and on readings (DESIGN §11): the cells
of a run that differ only by their agents (the ``policies`` axis) and by the
contested readings of the rulebook (the ``readings`` axis) ask one question --
does deck A beat deck B with these game parameters and setting? -- in several
*ways*: an agent pairing under a reading.  Each answer is deck A's score (wins
and half the draws) with its pair-aware interval, and each question gets a label:

- **robust**: in every way deck A's score lies on the same side of 50%;
- **depends on play**: under one reading, one pairing puts it above 50% and
  another below;
- **depends on reading**: under one pairing, one reading puts it above 50% and
  another below;
- **depends on play and reading**: both, or it flips only when both change;
- **undecided**: none of these -- in some way the run cannot tell the side.

The labels read intervals at confidence 1 - 0.05 / k for a question asked in
k ways (Bonferroni), so that each label is claimed wrongly at most 5% of the
time; the table and the figure also show the ordinary 95% intervals and the
spread across ways beside them."""
from __future__ import annotations

import polars as pl

from ..runner.store import Run
from .frames import cell_info, deck_games
from .intervals import CONFIDENCE, pair_wilson_of

ROBUST, ON_PLAY, ON_READING, ON_BOTH, UNDECIDED = (
    "robust", "depends on play", "depends on reading", "depends on play and reading", "undecided")


def _deck_name(label: str, policy: str) -> pl.Expr:
    """A deck's label without its agent ("Belial's Burning Host (influencer)" -> the deck's name)."""
    return pl.col(label).str.strip_suffix(pl.lit(" (") + pl.col(policy) + pl.lit(")"))


def question(run: Run) -> list[str]:
    """The columns of a question: the two decks, the game parameters and the base setting."""
    return ["deck_a", "deck_b", *run.parameters, "base_setting"]


def by_play(run: Run) -> pl.DataFrame:
    """One row per cell: its question (``question``: ``deck_a``, ``deck_b``,
    the parameters, ``base_setting``), its agent ``pairing`` ("A's agent vs B's")
    and ``reading``, ``ways`` (how many cells ask the question), ``games`` and
    deck A's ``score`` with its 95% interval (``score_lo``, ``score_hi``) and
    the interval the labels read (``family_lo``, ``family_hi``)."""
    info = cell_info(run).with_columns(deck_a=_deck_name("label_a", "policy_a"),
                                       deck_b=_deck_name("label_b", "policy_b"),
                                       pairing=pl.col("policy_a") + " vs " + pl.col("policy_b"))
    asked = question(run)
    info = info.with_columns(ways=pl.len().over(asked)).select("cell", *asked, "pairing", "reading", "ways")
    a = deck_games(run).filter(pl.col("side") == 0)
    score = pl.col("won").cast(pl.Float64) + 0.5 * pl.col("draw").cast(pl.Float64)
    per = a.group_by("cell", "pair").agg(k=score.sum(), n=pl.len()).collect()
    rates = pair_wilson_of(per.lazy(), ["cell"], "k", "n", "score").drop("score_eff")
    family = pl.concat([
        pair_wilson_of(per.lazy().filter(pl.col("cell").is_in(part["cell"].to_list())), ["cell"], "k", "n",
                       "family", 1 - (1 - CONFIDENCE) / k).select("cell", "family_lo", "family_hi")
        for (k,), part in info.group_by("ways")])
    games = per.group_by("cell").agg(games=pl.col("n").sum())
    return (info.join(games, on="cell").join(rates, on="cell").join(family, on="cell")
            .sort(*asked, "reading", "pairing"))


def label(rows: pl.DataFrame, fair: float = 0.5) -> str:
    """The label of one question from its rows of ``by_play`` (see the module's
    docstring), or of any rows with a ``family`` interval, a ``pairing`` and a
    ``reading``, whose sides are those of ``fair`` (a game of P seats: 1 / P)."""
    side = pl.when(pl.col("family_lo") > fair).then(1).when(pl.col("family_hi") < fair).then(-1).otherwise(0)
    sides = rows.with_columns(side=side)

    def flips(within: str) -> bool:
        return bool(sides.group_by(within).agg(f=(pl.col("side").max() == 1) & (pl.col("side").min() == -1))["f"].any())
    if (sides["side"] == 1).any() and (sides["side"] == -1).any():
        on_play, on_reading = flips("reading"), flips("pairing")
        return ON_PLAY if on_play and not on_reading else ON_READING if on_reading and not on_play else ON_BOTH
    if (sides["side"] == 1).all() or (sides["side"] == -1).all():
        return ROBUST
    return UNDECIDED


def verdicts(play: pl.DataFrame, asked: list[str]) -> pl.DataFrame:
    """One row per question (its columns ``asked``, as ``question`` gives them)
    asked in two or more ways: how many ways, agent pairings and readings, deck
    A's lowest and highest score across them (``spread`` = highest - lowest),
    the widest 95% half-width of a single way (``sampling``), the ``label`` and,
    where robust, the ``favoured`` deck."""
    rows = []
    for key, part in play.filter(pl.col("ways") > 1).group_by(asked, maintain_order=True):
        verdict = label(part)
        favoured = (key[0] if part["family_lo"].min() > 0.5 else key[1]) if verdict == ROBUST else None
        rows.append((*key, part.height, part["pairing"].n_unique(), part["reading"].n_unique(),
                     part["score"].min(), part["score"].max(),
                     float(((part["score_hi"] - part["score_lo"]) / 2).max()), verdict, favoured))
    schema = {**play.select(asked).schema, "ways": pl.Int64, "pairings": pl.Int64, "readings": pl.Int64,
              "lowest": pl.Float64, "highest": pl.Float64, "sampling": pl.Float64, "label": pl.String,
              "favoured": pl.String}
    return pl.DataFrame(rows, schema=schema, orient="row").with_columns(spread=pl.col("highest") - pl.col("lowest"))
