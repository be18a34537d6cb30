"""The causal card verdicts (issue 24): calibration of the verdict on seed
differences whose mean is known, a placebo on real games (a renamed copy of a
card beside its original), and planted cards of chosen sizes found with the
right sign."""
import re
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from runs import BELIAL, essence_starved, planted_deck
from scipy import stats

from balance.analysis import cards
from balance.analysis.causal import HELPS, HURTS, NEGLIGIBLE, UNDECIDED, impact_table, seed_differences
from balance.runner import load_run, run_experiment
from balance.runner.experiment import load_experiment
from balance.runner.impact import card_impact
from balance.runner.run import play_winners, prepare_cell

REPS = 400


def verdicts(shift, seeds, seed=0, reps=REPS):
    """Verdicts of ``reps`` tables of one card whose seed differences have mean
    ``shift`` and the spread of real ones (a seed's two games each won or not)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(reps):
        base = rng.random((1, 2 * seeds)) < 0.5 + shift / 2
        swapped = rng.random((1, 2 * seeds)) < 0.5 - shift / 2
        out.append(impact_table("deck", "blank", base, {"card": swapped}, 2)["verdict"][0])
    return out


def test_no_effect_is_flagged_at_most_at_alpha():
    """A null card: helps or hurts in no more than 5% of tables (a one-sided
    binomial test of the count must not reject at 1%)."""
    v = verdicts(0.0, 300)
    flagged = sum(x in (HELPS, HURTS) for x in v)
    assert stats.binomtest(flagged, REPS, 0.05, alternative="greater").pvalue > 0.01, flagged


def test_no_effect_is_negligible_only_with_enough_seeds():
    """With 60 seeds the interval is far wider than ±2 points: never negligible;
    with 20,000 it is decided in every table: negligible, or a false alarm at
    the rate alpha allows."""
    assert NEGLIGIBLE not in verdicts(0.0, 60, seed=1)
    v = verdicts(0.0, 20_000, seed=2, reps=40)
    assert UNDECIDED not in v
    assert stats.binomtest(40 - v.count(NEGLIGIBLE), 40, 0.05, alternative="greater").pvalue > 0.01, v


def test_an_effect_of_five_points_helps_or_is_undecided_never_negligible():
    v = verdicts(0.05, 800, seed=3)
    assert NEGLIGIBLE not in v and HURTS not in v and v.count(HELPS) > 0.5 * REPS and UNDECIDED in v


def test_a_seed_is_one_unit_across_cells():
    """Two cells on the same seeds: each seed's differences in both cells make one value."""
    base = np.array([[1, 1, 0, 0], [1, 0, 1, 1]])
    other = np.array([[0, 1, 0, 0], [0, 0, 1, 0]])
    assert seed_differences(base, other, 2).tolist() == [0.5, 0.25]


# ------------------------------------------------------------------ placebo on real games
def copy_of(card: str, tmp: Path) -> None:
    """tmp/cards: the shipped library plus ``card``'s entry renamed "<card> Copy"."""
    shutil.copytree(Path(BELIAL).parent / "cards", tmp / "cards")
    for f in sorted((tmp / "cards").glob("*.toml")):
        m = re.search(rf'\[\[card\]\]\nname = "{re.escape(card)}"\n.*?(?=\n\[\[card\]\]|\n#|\Z)', f.read_text(), re.S)
        if m:
            (tmp / "cards/copy.toml").write_text(m.group(0).replace(f'name = "{card}"', f'name = "{card} Copy"'))
            return
    raise LookupError(card)


@pytest.fixture(scope="module")
def placebo(tmp_path_factory):
    """Belial's deck holding 2 Song of Fire and 2 renamed copies beside them:
    per repetition (its own seeds), the win rates with the original blanked and
    with the copy blanked, on the same seeds."""
    tmp = tmp_path_factory.mktemp("placebo")
    copy_of("Song of Fire", tmp)
    deck = planted_deck(tmp, {"Song of Fire Copy": 2})
    exp = load_experiment({"name": "placebo", "seed": 0, "games": 2,
                           "grid": {"pairs": [[deck, BELIAL]], "threshold": 3}})
    cell = exp.cells[0]
    sides = {card: prepare_cell(exp, cell, swaps=({card: None}, {})) for card in ("Song of Fire", "Song of Fire Copy")}
    games = 400
    won = play_winners(exp.ruleset, sides, 31, 0, REPS // 20 * games, jobs=2)
    return {card: (w == 0).reshape(-1, games) for card, w in won.items()}, deck


def test_a_renamed_copy_is_never_told_apart_from_its_original(placebo):
    """The placebo: blanking the copy against blanking its original, on the
    same seeds, is flagged (helps or hurts) in no more repetitions than alpha
    allows; the two are the same card, so any flag is a false alarm."""
    won, _ = placebo
    v = [impact_table("deck", "the original blanked", a[None], {"copy": b[None]}, 2)["verdict"][0]
         for a, b in zip(won["Song of Fire"], won["Song of Fire Copy"])]
    assert len(v) == REPS // 20
    flagged = sum(x in (HELPS, HURTS) for x in v)
    assert stats.binomtest(flagged, len(v), 0.05, alternative="greater").pvalue > 0.01, v


def test_iwd_flags_neither_twin(placebo, tmp_path):
    """The observational table, where IWD once called the copy "significantly
    higher" and its twin not, makes no claim about either."""
    _, deck = placebo
    run = load_run(run_experiment({"name": "twins", "seed": 5, "games": 600, "chunk": 300,
                                   "grid": {"pairs": [[deck, BELIAL]], "threshold": 3}},
                                  out=tmp_path / "twins", jobs=2, progress=False))
    table = cards.impact(run, min_games=50).filter(pl.col("card").str.starts_with("Song of Fire")
                                                   & pl.col("deck").str.contains("Copy"))
    assert table.height == 2 and not {"status", "p", "p_adjusted"} & set(table.columns)


# ------------------------------------------------------------------ planted cards
def test_planted_cards_are_found_with_their_signs(tmp_path):
    """Bounty (gain 4 Essence, a size no other test uses) helps and Millstone
    (its controller keeps 5 cards fewer) hurts, against their blanks, where
    Essence is scarce (every Belial cost raised by 4): about +5 and -5 points
    on these seeds."""
    deck = planted_deck(tmp_path, {"Bounty": 2, "Millstone": 2})
    spec = {"name": "planted", "seed": 5, "games": 2000,
            "grid": {"pairs": [[deck, BELIAL]], "threshold": 5, "overrides": [essence_starved()]}}
    table = pl.read_csv(card_impact(spec, deck, ["Bounty", "Millstone"], jobs=2, out=tmp_path / "run",
                                    progress=False))
    rows = {r["card"]: r for r in table.iter_rows(named=True)}
    assert rows["Bounty"]["verdict"] == HELPS and rows["Bounty"]["diff_lo"] > 0, rows
    assert rows["Millstone"]["verdict"] == HURTS and rows["Millstone"]["diff_hi"] < 0, rows
