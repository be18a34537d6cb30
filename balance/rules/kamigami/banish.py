"""Banishing (Glossary, "Banish"): a card put aside in the Netherworld for the
rest of the game.  Any other player may React to prevent it (a ward); any player
may then React to cancel that prevention (Cthulhu's "Even Death May Die", usable
each time a card is Banished).
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, offer
from .decisions import BANISH
from .reacts import react
from .state import DISCARD, HAND, NETHERWORLD, alive, log, push, seen_before, shared, take, zone
from .trace import T_BANISH, T_WARDED
from .vocabulary import E_UNWARD, E_WARD


@njit(cache=True)
def banish(s, t, p, n):
    """Seat p Banishes up to n cards of its Hand or Discard Pile, one at a time."""
    for _ in range(n):
        clear(s)
        offer(s, -1, -1)
        for where in (HAND, DISCARD):
            z = zone(s, p, where)
            for i in range(s.zn[z]):
                if not seen_before(s, z, i):
                    offer(s, where, s.Z[z, i])
        k = asked(s, t, p, BANISH)
        if k == 0:
            return
        where, kind = s.opt[k, 0], s.opt[k, 1]
        if _prevented(s, t, p):
            log(s, p, T_WARDED, where, kind, 0)
        else:
            take(s, zone(s, p, where), kind)
            push(s, shared(s, NETHERWORLD), kind)
            log(s, p, T_BANISH, where, kind, 0)


@njit(cache=True)
def _prevented(s, t, p):
    """Does another player ward seat p's Banishing, uncancelled?  The wards are
    asked in turn order after p, the cancels from p on."""
    P = s.S.shape[0]
    for j in range(1, P):
        q = (p + j) % P
        if alive(s, q) and react(s, t, q, E_WARD, True)[0] > 0:
            for i in range(P):
                r = (p + i) % P
                if alive(s, r) and react(s, t, r, E_UNWARD, True)[0] > 0:
                    return False
            return True
    return False
