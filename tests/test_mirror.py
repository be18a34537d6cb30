"""A mirror match must come out even: Gabriel against the same Gabriel deck,
with the first player chosen at random, wins half the games from seat 0."""
from scipy.stats import binomtest
from strategies import ROOT

from balance.rules.innomine.game import R_FIRST, R_SWAP, R_WINNER
from balance.rules.innomine.matchup import play_range, prepare
from balance.sim.batch import run_games


def test_mirror_match_is_even_once_seats_are_accounted_for():
    deck = str(ROOT / "decks/gabriel.toml")
    m = prepare(deck, deck, "influencer", "influencer", 5)
    rows = run_games(play_range, m, 2024, 6000)["rows"]
    unswapped = rows[rows[:, R_SWAP] == 0]          # deck A always in seat 0, independent seeds
    decisive = unswapped[unswapped[:, R_WINNER] >= 0]
    a_wins = int((decisive[:, R_WINNER] == 0).sum())
    ci = binomtest(a_wins, len(decisive)).proportion_ci(confidence_level=0.99, method="wilson")
    assert ci.low <= 0.5 <= ci.high, (a_wins, len(decisive))
    first = int((decisive[:, R_WINNER] == decisive[:, R_FIRST]).sum())
    assert 0 < first < len(decisive)                 # a first-player edge is measured, not assumed
