"""Kamigami's causal card test (``balance impact``, issue 26): the Hall of Heroes
is shared, so a card is swapped for every player and one entrant's win rate is
compared, seed by seed (a seat-rotation block).  Planted God Abilities of a size
chosen here are found with their signs, a swap that cannot favour the entrant
is flagged no more often than alpha allows, and bad input is one line."""
import re

import numpy as np
import polars as pl
import pytest
from cli import ROOT, balance, ok, one_line_error
from scipy import stats

from balance.analysis.causal import HELPS, HURTS, impact_table, seed_differences
from balance.report import write_report
from balance.runner.experiment import load_experiment
from balance.runner.impact import card_impact
from balance.runner.run import play_winners, prepare_cell

CARDS = ROOT / "decks/kamigami/old_ones.toml"
BOON = '{ type = "act", effect = "energy", value = 3, name = "Planted Boon" }'
BURDEN = '{ type = "react", effect = "defend", value = 1, cost = { energy = 4 }, name = "Planted Burden" }'


def planted_set(tmp_path, god: str, ability: str) -> str:
    """The shipped card set with ``god``'s Abilities replaced by ``ability`` alone."""
    text = CARDS.read_text()
    new = re.sub(rf'(name = "{god}".*?abilities = \[\n).*?(\n\])', rf"\g<1>  {ability},\g<2>", text, count=1,
                 flags=re.S)
    assert new != text
    path = tmp_path / f"{god}.toml"
    path.write_text(new)
    return str(path)


def experiment(cards: str, seats: str, games: int, policies="scripted") -> dict:
    return {"name": "ki", "ruleset": "kamigami", "seed": 3, "games": games,
            "grid": {"cards": cards, "seats": eval(seats), "policies": policies}}


def test_a_seed_is_one_seat_rotation_block():
    """Three seats: games 3k..3k+2 are seed k, averaged over both cells."""
    base = np.array([[1, 0, 0, 0, 0, 1], [0, 0, 1, 1, 1, 0]])
    other = np.array([[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1]])
    assert seed_differences(base, other, 3).tolist() == pytest.approx([1 / 3, 1 / 3])


@pytest.mark.parametrize("ability, verdict", [(BOON, HELPS), (BURDEN, HURTS)])
def test_a_planted_god_ability_is_found_with_its_sign(tmp_path, ability, verdict):
    """Tsathoggua given 3 Energy a turn (its Act, free) helps it against two
    dealt Gods; given a React that pays 4 Energy to defend 1, which the
    scripted agent uses at every Attack, hurts it.  Each against its blank."""
    cards = planted_set(tmp_path, "Tsathoggua", ability)
    spec = experiment(cards, '[["Tsathoggua", "dealt", "dealt"]]', 1500)
    table = pl.read_csv(card_impact(spec, "Tsathoggua", ["Tsathoggua"], jobs=2, out=tmp_path / "run", progress=False))
    row = table.row(0, named=True)
    assert (row["verdict"], row["seeds"], row["games"]) == (verdict, 500, 1500), row
    assert (row["diff_lo"] > 0) if verdict == HELPS else (row["diff_hi"] < 0), row


REPS = 200


def test_a_swap_made_for_every_player_is_no_flag_for_an_exchangeable_entrant():
    """Three dealt Gods: entrant 0 is exchangeable with the others, so the
    strongest Warrior blanked for the whole table leaves its expected win rate
    where it was.  Over REPS repetitions (their own seeds) the paired test on
    its seat-rotation blocks flags it (helps or hurts) no more often than alpha."""
    exp = load_experiment(experiment(str(CARDS), '[["dealt", "dealt", "dealt"]]', 3))
    cell = exp.cells[0]
    arms = {v: prepare_cell(exp, cell, swaps=[{"Shoggoth": None} if v else {}, {}, {}]) for v in (0, 1)}
    games = 600
    won = play_winners(exp.ruleset, arms, 11, 0, REPS * games, jobs=2)
    built, blank = ((won[v] == 0).reshape(REPS, games) for v in (0, 1))
    assert (built != blank).mean() > 0.05       # the swap changes games (Shoggoth is in some Halls)
    v = [impact_table("dealt", "blank", a[None], {"Shoggoth": b[None]}, 3)["verdict"][0]
         for a, b in zip(built, blank)]
    flagged = sum(x in (HELPS, HURTS) for x in v)
    assert stats.binomtest(flagged, REPS, 0.05, alternative="greater").pvalue > 0.01, flagged


def test_impact_through_the_command_line_reaches_the_report(tmp_path):
    """``balance impact`` on a God, against blanks and against average cards,
    then ``balance report``: the card verdicts and the causal table are on the page."""
    cards = planted_set(tmp_path, "Tsathoggua", BOON)
    path = tmp_path / "k.toml"
    path.write_text(f'name = "k"\nruleset = "kamigami"\nseed = 2\ngames = 600\n[grid]\ncards = "{cards}"\n'
                    f'seats = [["Tsathoggua", "dealt", "dealt"]]\n')
    ok(balance("run", path, "--out", tmp_path / "run"))
    said = ok(balance("impact", path, "--deck", "Tsathoggua", "--cards", "Tsathoggua", "Shoggoth",
                      "--out", tmp_path / "run"))
    assert said[-1].endswith("impact/Tsathoggua.csv")
    said = ok(balance("impact", path, "--deck", "Tsathoggua", "--cards", "Shoggoth", "--baseline", "average",
                      "--out", tmp_path / "run"))
    assert said[-1].endswith("impact/Tsathoggua-average.csv")
    page = write_report(tmp_path / "run", tmp_path / "report").read_text()
    assert "Card verdicts against the blank (causal, 2 cards" in page and "Causal card impact" in page
    assert "Card verdicts against the average card (causal, 1 card" in page
    assert (tmp_path / "report/tables/causal_impact.csv").exists()


@pytest.mark.parametrize("seats, args, named", [
    ('[["dealt", "dealt", "dealt"]]', ["--deck", "dealt"], ["--deck: dealt", "once", "allowed"]),
    ('[["Hastur", "dealt"], ["Hastur", "dealt", "dealt"]]', ["--deck", "Hastur"], ["one number of players"]),
    ('[["Hastur", "dealt"]]', ["--deck", "Hastur", "--cards", "Shogoth"], ["'Shogoth'", "Shoggoth"]),
    ('[["Hastur", "dealt"]]', ["--deck", "Hastur", "--cards", "Hastur", "--baseline", "average"],
     ["--baseline average", "Hastur", "--baseline blank"]),
])
def test_bad_impact_input_is_one_line(tmp_path, seats, args, named):
    path = tmp_path / "x.toml"
    path.write_text(f'name = "x"\nruleset = "kamigami"\nseed = 1\ngames = 12\n[grid]\ncards = "{CARDS}"\n'
                    f'seats = {seats}\n')
    one_line_error(balance("impact", path, *args, "--out", tmp_path / "run"), *named)
    assert not (tmp_path / "run").exists()
