"""The Repository and the Events deck of each seat (rulebook, "Game Play").

Each deck is a circular buffer of instance ids: top at ``head``, bottom at
``head + cnt - 1``, so "put on the bottom" (reincarnation, Bright Lilim) is O(1).
"""
from numba import njit

from ...sim.seeding import SHUFFLE, below
from .state import (
    EVENTS,
    F_DESIGN,
    F_OWNER,
    F_ZONE,
    REPOSITORY,
    S_EV_CNT,
    S_REPO_CNT,
    S_REPO_HEAD,
    Z_EVENTS,
    Z_REPO,
    log,
    to_hand,
)
from .tables import D_CTYPE, D_KIND, P_REPO_N
from .trace import T_BOTTOM
from .vocabulary import BRIGHT_LILIM, SERVITOR


@njit(cache=True)
def deal_deck(s, p, which, n, first, zone):
    """Lay instances first..first+n-1 into deck ``which`` of seat p in a seeded
    random order (Fisher-Yates); top at position 0."""
    buf = s.decks[p, which]
    for k in range(n):
        buf[k] = first + k
        s.I[first + k, F_ZONE] = zone
    for k in range(n - 1, 0, -1):
        j = below(s.rng, SHUFFLE, k + 1)
        tmp = buf[k]
        buf[k] = buf[j]
        buf[j] = tmp
    s.S[p, S_REPO_HEAD + 2 * which] = 0
    s.S[p, S_REPO_CNT + 2 * which] = n


@njit(cache=True)
def deck_count(s, p, which):
    return s.S[p, S_REPO_CNT + 2 * which]


@njit(cache=True)
def deck_card(s, p, which, k):
    """The k-th card from the top of a deck."""
    return s.decks[p, which, (s.S[p, S_REPO_HEAD + 2 * which] + k) % s.decks.shape[2]]


@njit(cache=True)
def _pop_top(s, p, which):
    h = S_REPO_HEAD + 2 * which
    i = s.decks[p, which, s.S[p, h]]
    s.S[p, h] = (s.S[p, h] + 1) % s.decks.shape[2]
    s.S[p, h + 1] -= 1
    return i


@njit(cache=True)
def _push_bottom(s, p, which, i):
    h = S_REPO_HEAD + 2 * which
    s.decks[p, which, (s.S[p, h] + s.S[p, h + 1]) % s.decks.shape[2]] = i
    s.S[p, h + 1] += 1


@njit(cache=True)
def _remove_at(s, p, which, k):
    """Take the k-th card from the top out of the deck, keeping the others' order."""
    h = S_REPO_HEAD + 2 * which
    m = s.decks.shape[2]
    head = s.S[p, h]
    i = s.decks[p, which, (head + k) % m]
    for j in range(k, s.S[p, h + 1] - 1):
        s.decks[p, which, (head + j) % m] = s.decks[p, which, (head + j + 1) % m]
    s.S[p, h + 1] -= 1
    return i


@njit(cache=True)
def draw_repository(s, t, p):
    """Draw the top Repository card into p's hand, or -1 if the Repository is empty.

    Bright Lilim never enter play from the hand: "If drawn from your Repository,
    reveal the card, place it on the bottom of your Repository, and redraw."
    """
    for _ in range(s.S[p, S_REPO_CNT]):
        i = _pop_top(s, p, REPOSITORY)
        if t.C[s.I[i, F_DESIGN], D_KIND] == BRIGHT_LILIM:
            _push_bottom(s, p, REPOSITORY, i)
            log(s, p, i, -1, T_BOTTOM, 0)
            continue
        to_hand(s, t, p, i)
        return i
    return -1


@njit(cache=True)
def draw_event(s, p):
    """Flip the top card of p's Events deck, or -1 if it is empty."""
    if s.S[p, S_EV_CNT] == 0:
        return -1
    return _pop_top(s, p, EVENTS)


@njit(cache=True)
def events_bottom(s, p, i):
    """Put instance i on the bottom of p's Events deck (a Human reincarnates)."""
    s.I[i, F_ZONE] = Z_EVENTS
    _push_bottom(s, p, EVENTS, i)


@njit(cache=True)
def search_events(s, t, p, ctype):
    """Take the first card of type ``ctype`` of p's Events deck; -1 if there is none."""
    for k in range(deck_count(s, p, EVENTS)):
        if t.C[s.I[deck_card(s, p, EVENTS, k), F_DESIGN], D_CTYPE] == ctype:
            return _remove_at(s, p, EVENTS, k)
    return -1


@njit(cache=True)
def take_card(s, p, which, i):
    """Take card i out of p's deck ``which``, keeping the others' order."""
    for k in range(deck_count(s, p, which)):
        if deck_card(s, p, which, k) == i:
            return _remove_at(s, p, which, k)
    raise ValueError("the card is not in that deck")


@njit(cache=True)
def search_band(s, t, p, kind):
    """The first Servitor of ``kind`` in p's Repository, or -1 if there is none."""
    for k in range(deck_count(s, p, REPOSITORY)):
        d = s.I[deck_card(s, p, REPOSITORY, k), F_DESIGN]
        if t.C[d, D_CTYPE] == SERVITOR and t.C[d, D_KIND] == kind:
            return deck_card(s, p, REPOSITORY, k)
    return -1


@njit(cache=True)
def reshuffle(s, p, which):
    """Shuffle the cards left in one of p's decks (Fisher-Yates, shuffle stream)."""
    m = s.decks.shape[2]
    head = s.S[p, S_REPO_HEAD + 2 * which]
    buf = s.decks[p, which]
    for k in range(deck_count(s, p, which) - 1, 0, -1):
        j = below(s.rng, SHUFFLE, k + 1)
        a, b = (head + k) % m, (head + j) % m
        buf[a], buf[b] = buf[b], buf[a]


@njit(cache=True)
def deal_all(s, t):
    """Create every seat's instances and shuffle its two decks; returns how many."""
    first = 0
    for p in range(s.S.shape[0]):
        for which in range(2):
            n = t.seat[p, P_REPO_N + which]
            for k in range(n):
                s.I[first + k, F_DESIGN] = t.decks[p, which, k]
                s.I[first + k, F_OWNER] = p
            deal_deck(s, p, which, n, first, Z_REPO if which == REPOSITORY else Z_EVENTS)
            first += n
    return first
