"""The shipped starter decks (issue 3: "a field of at least six decks") and the
six-deck round robin experiment."""
from itertools import combinations
from pathlib import Path

import pytest

from balance.rules.innomine.cards import check_threshold, load_deck, validate_main
from balance.rules.innomine import vocabulary as V
from balance.runner import load_experiment

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "decks"
SIX = ("gabriel", "belial", "michael", "dominic", "saminga", "nybbas")
SHIPPED = sorted(p for p in DECKS.glob("*.toml") if p.name != "superiors.toml")


def test_every_shipped_deck_validates(capsys):
    assert {p.stem for p in SHIPPED} >= set(SIX)
    assert validate_main([str(p) for p in SHIPPED]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(SHIPPED)


@pytest.mark.parametrize("name", SIX)
def test_starter_deck_is_60_repository_40_events_and_enough_humans(name):
    deck = load_deck(DECKS / f"{name}.toml")
    assert deck.superior.name.lower() == name
    assert sum(deck.repository.values()) == 60
    assert sum(deck.events.values()) == 40
    assert deck.count("events", V.HUMAN) >= 8
    check_threshold([deck], 8)


def test_three_superiors_on_each_side():
    sides = [load_deck(DECKS / f"{name}.toml").superior.side for name in SIX]
    assert sides.count("heaven") == sides.count("hell") == 3


def test_six_deck_round_robin_is_fifteen_matchups():
    exp = load_experiment(ROOT / "experiments" / "round_robin6.toml")
    assert exp.games == 4000
    assert len(exp.cells) == 15
    assert {c.params["threshold"] for c in exp.cells} == {5}
    assert {c.policies for c in exp.cells} == {("influencer", "influencer")}
    stems = {frozenset(Path(e).stem for e in c.entrants) for c in exp.cells}
    assert stems == {frozenset(p) for p in combinations(SIX, 2)}
