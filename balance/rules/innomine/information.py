"""What a seat cannot see: the cards in the other seats' hands, and the order of
every deck (rulebook, "The Game Turn": cards are drawn from face-down decks into
a player's own hand).

A search agent must not use them.  ``resample_unseen`` deals them afresh, as a
function of only what the seat knows -- which cards are unseen, and how many of
them each hand and deck holds -- so two games that differ only in what the
seat cannot see come out the same.  Known gaps: a Bright Lilim revealed and
put at the bottom of its Repository (decks.draw_repository), and the identity
of face-down cards, are redealt as unseen.
"""
import numpy as np
from numba import njit

from ...sim.seeding import SHUFFLE, below
from .state import S_REPO_CNT, S_REPO_HEAD, Z_EVENTS, Z_REPO, F_ZONE, hand, to_hand


@njit(cache=True)
def resample_unseen(s, t, p):
    """Deal anew, from the shuffle stream, each deck of every seat, and each other
    seat's hand together with its Repository (hands hold only Repository cards)."""
    for q in range(s.S.shape[0]):
        for which in range(2):
            _redeal(s, t, p, q, which)


@njit(cache=True)
def _redeal(s, t, p, q, which):
    """Seat q's deck ``which`` (0 Repository, 1 Events), with q's hand if p cannot
    see it: the cards in canonical (instance) order, shuffled, then dealt to the
    hand first and the deck after."""
    m = s.decks.shape[2]
    head, n = s.S[q, S_REPO_HEAD + 2 * which], s.S[q, S_REPO_CNT + 2 * which]
    with_hand = which == 0 and q != p
    h = hand(s, q).shape[0] if with_hand else 0
    pool = np.empty(h + n, dtype=np.int64)
    if with_hand:
        pool[:h] = hand(s, q)
    for k in range(n):
        pool[h + k] = s.decks[q, which, (head + k) % m]
    pool.sort()
    for k in range(h + n - 1, 0, -1):
        j = below(s.rng, SHUFFLE, k + 1)
        pool[k], pool[j] = pool[j], pool[k]
    if with_hand:
        s.live[4 + q, 0] = 0
        for k in range(h):
            to_hand(s, t, q, pool[k])
    for k in range(n):
        i = pool[h + k]
        s.decks[q, which, (head + k) % m] = i
        s.I[i, F_ZONE] = Z_REPO if which == 0 else Z_EVENTS
