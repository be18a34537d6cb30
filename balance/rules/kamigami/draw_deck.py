"""The Draw Deck and the Discard Pile ("Reshuffling Your Draw Deck"; Glossary,
"Draw Deck"): a seat draws from the top of its Draw Deck and reshuffles its
Discard Pile into a new one only when it must draw from an empty deck.
"""
from numba import njit

from ...sim.seeding import SHUFFLE, below
from .state import DECK, DISCARD, HAND, move_all, pop, push, zone


@njit(cache=True)
def shuffle(s, z):
    """Shuffle zone z (Fisher-Yates on the SHUFFLE stream)."""
    for i in range(s.zn[z] - 1, 0, -1):
        j = below(s.rng, SHUFFLE, i + 1)
        s.Z[z, i], s.Z[z, j] = s.Z[z, j], s.Z[z, i]


@njit(cache=True)
def top_card(s, p):
    """Take the top card of seat p's Draw Deck, reshuffling its Discard Pile into
    a new Draw Deck first if it is empty; -1 if both are empty."""
    deck = zone(s, p, DECK)
    if s.zn[deck] == 0:
        move_all(s, zone(s, p, DISCARD), deck)
        shuffle(s, deck)
    return pop(s, deck) if s.zn[deck] > 0 else -1


@njit(cache=True)
def draw(s, p, n):
    """Seat p draws n cards into its Hand (fewer if its deck and pile run out)."""
    for _ in range(n):
        kind = top_card(s, p)
        if kind < 0:
            return
        push(s, zone(s, p, HAND), kind)
