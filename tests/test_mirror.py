"""A mirror match on independent seeds: Gabriel against the same Gabriel deck,
each game on a seed of its own (no seat-swapped twin, which would split every
seed 1-1 between the seats and make an even result true by construction), the
first player drawn by the rules.  Seat 0 must win half the decisive games; the
first player's edge is measured with its interval; and the same check catches
a deliberately unfair engine, one extra Essence for seat 0 at the start."""
from statsmodels.stats.proportion import proportion_confint
from strategies import ROOT

from balance.rules.innomine import state as S
from balance.rules.innomine.matchup import prepare
from balance.rules.innomine.setup import setup
from balance.rules.innomine.turn import next_turn

GAMES = 3000
CONFIDENCE = 0.99


def mirror(extra_essence: int = 0) -> tuple[int, int, int]:
    """(seat 0's wins, decisive games, the first player's wins) of GAMES mirror
    games, game g on game seed g, with ``extra_essence`` given to seat 0 after setup."""
    deck = str(ROOT / "decks/gabriel.toml")
    m = prepare(deck, deck, "influencer", "influencer", 5)
    s, t, _, _ = m.kernel_args()
    seat0 = decisive = first = 0
    for g in range(GAMES):
        setup(s, t, 2024, g, m.threshold, m.turn_cap, m.variant, m.readings)
        s.S[0, S.S_ESSENCE] += extra_essence
        while next_turn(s, t):
            pass
        winner = s.g[S.G_WINNER]
        if winner >= 0:
            decisive += 1
            seat0 += winner == 0
            first += winner == s.g[S.G_FIRST]
    return seat0, decisive, first


def interval(k: int, n: int) -> tuple[float, float]:
    return proportion_confint(k, n, alpha=1 - CONFIDENCE, method="wilson")


def test_a_mirror_match_is_even_and_the_first_players_edge_is_measured():
    seat0, decisive, first = mirror()
    lo, hi = interval(seat0, decisive)
    assert lo <= 0.5 <= hi, (seat0, decisive, lo, hi)
    lo, hi = interval(first, decisive)
    assert lo > 0.5, (first, decisive, lo, hi)       # moving first is an edge (56.2% in make demo's run)


def test_the_mirror_check_catches_one_extra_essence_for_seat_0():
    """A planted asymmetry of the size the issue names (+4 points measured:
    53.9% over these seeds) falls outside the interval of an even split."""
    seat0, decisive, _ = mirror(extra_essence=1)
    lo, hi = interval(seat0, decisive)
    assert lo > 0.5, (seat0, decisive, lo, hi)
