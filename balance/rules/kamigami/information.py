"""What a player can see (Glossary, "Discard Pile": "available information"; the
Draw Decks are face down, the Hands hidden): for a search, what seat p cannot
see is dealt afresh consistently with what it has seen.  Every other player's
Hand and Draw Deck are pooled and dealt back in the same numbers (what p can
know of them: the cards a player owns are public as they are bought and
played); p's own Draw Deck and the Warrior and Artifact decks are shuffled.
Each is put in a fixed order first, so that the deal depends only on what p
could know, not on the order it cannot see.  Discard Piles, Play Areas, the
Hall of Heroes and the Netherworld stay as they are.
"""
import numpy as np
from numba import njit

from .draw_deck import shuffle
from .state import ARTIFACT_DECK, DECK, HAND, WARRIOR_DECK, move_all, pop, push, shared, zone


@njit(cache=True)
def resample_unseen(s, t, p):
    """Deal afresh what seat p cannot see (module doc), from the SHUFFLE stream."""
    for q in range(s.S.shape[0]):
        if q == p:
            continue
        hand, deck = zone(s, q, HAND), zone(s, q, DECK)
        held = s.zn[hand]
        move_all(s, hand, deck)
        redeal(s, deck)
        for _ in range(held):
            push(s, hand, pop(s, deck))
    redeal(s, zone(s, p, DECK))
    redeal(s, shared(s, WARRIOR_DECK))
    redeal(s, shared(s, ARTIFACT_DECK))


@njit(cache=True)
def redeal(s, z):
    """Zone z sorted, then shuffled: its order depends only on its cards."""
    s.Z[z, :s.zn[z]] = np.sort(s.Z[z, :s.zn[z]])
    shuffle(s, z)
