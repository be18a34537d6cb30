"""Chaining Colors ("Colors", Play Phase): the first Warrior or Artifact of a
turn is free of color; each later one's Primary Color must be one of the
Chaining Colors of the last one played.  Disciples never join a Chain and leave
its colors as they were ("Special Rule").
"""
from numba import njit

from .contested import CHAIN_WITH_PRIMARY, reads
from .state import G_CHAIN, G_CHAIN_LEN
from .vocabulary import C_CHAIN, C_COLOR


@njit(cache=True)
def may_chain(s, t, kind):
    """May a Warrior or Artifact of ``kind`` be played next in the Chain?"""
    return s.g[G_CHAIN_LEN] == 0 or (s.g[G_CHAIN] >> t.card[kind, C_COLOR]) & 1 == 1


@njit(cache=True)
def chain(s, t, kind):
    """A Warrior or Artifact of ``kind`` was played: its colors chain next (with
    its Primary Color too under the reading ``chaining_colors = with_primary``)."""
    bits = t.card[kind, C_CHAIN]
    if reads(s, CHAIN_WITH_PRIMARY):
        bits |= 1 << t.card[kind, C_COLOR]
    s.g[G_CHAIN] = bits
    s.g[G_CHAIN_LEN] += 1
