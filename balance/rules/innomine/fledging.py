"""Fledging (rulebook, "Beings in Detail": Relievers and Demonlings).

"They can also fledge -- for their action, a Reliever may be discarded and
replaced with any Angel from your hand by paying that Angel's cost, less the
Reliever's cost (min. 1) -- keeping all attached cards."  Demonlings likewise,
"replaced with any Demon from your hand".  (I39: the Angel or Demon takes the
unfledged Being's place.)  "(If the angel is a Kyriotate, it must make a
Resonance roll immediately, or be able to stay on Earth without a host)", and
the same for a Shedite (host_resonance.arrive_on_earth).
"""
from numba import njit

from .beings import attach, detach, leave_play
from .draw import mark
from .essence import card_cost, pay
from .host_resonance import arrive_on_earth
from .state import (
    F_ACTS,
    F_ATT_BY,
    F_ATTS,
    F_CTRL,
    F_DESIGN,
    F_ENTERED,
    F_INF_BY,
    F_LOC,
    F_NATT,
    S_MASK_PLAYED,
    Z_DISCARD,
    enter_play,
    log,
)
from .tables import D_COST, D_CTYPE, D_KIND
from .trace import T_FLEDGE
from .vocabulary import BALSERAPH, DEMONLING, IMPUDITE, MERCURIAN, RELIEVER, SERAPH, SERVITOR


@njit(cache=True)
def can_fledge_into(s, t, i, c):
    """Card c is "any Angel" for Reliever i ("any Demon" for Demonling i): a
    Servitor of a Choir (of a Band).  Bright Lilim never enter play from the
    hand (I39)."""
    d = s.I[c, F_DESIGN]
    if t.C[d, D_CTYPE] != SERVITOR:
        return False
    k, mine = t.C[d, D_KIND], t.C[s.I[i, F_DESIGN], D_KIND]
    if mine == RELIEVER:
        return SERAPH <= k <= MERCURIAN
    if mine == DEMONLING:
        return BALSERAPH <= k <= IMPUDITE
    return False


@njit(cache=True)
def fledge_cost(s, t, p, i, c):
    """"that Angel's cost, less the Reliever's cost (min. 1)"."""
    cost = card_cost(s, t, p, c) - t.C[s.I[i, F_DESIGN], D_COST]
    return cost if cost > 1 else 1


@njit(cache=True)
def fledge(s, t, i, c):
    """Unfledged Being i is replaced by card c from its controller's hand: c
    takes i's place (Location, control, time in the realm) and every card
    attached to i; i is discarded.  c has no action left this turn: the fledging
    was i's.  A Kyriotate or Shedite fledged on Earth rolls at once to attach."""
    p = s.I[i, F_CTRL]
    pay(s, p, fledge_cost(s, t, p, i, c))
    mark(s, S_MASK_PLAYED, p, t, s.I[c, F_DESIGN])
    log(s, p, i, c, T_FLEDGE, 0)
    enter_play(s, c, True)
    s.I[c, F_CTRL] = p
    s.I[c, F_INF_BY] = -1
    s.I[c, F_LOC] = s.I[i, F_LOC]
    s.I[c, F_ENTERED] = s.I[i, F_ENTERED]
    s.I[c, F_ACTS] = 0
    while s.I[i, F_NATT] > 0:
        a = s.I[i, F_ATTS + s.I[i, F_NATT] - 1]
        detach(s, a)
        attach(s, t, a, c, s.I[a, F_ATT_BY])
    leave_play(s, t, i, Z_DISCARD)
    arrive_on_earth(s, t, c)
