"""Kyriotates and Shedim attached to a host (rulebook, "Beings in Detail").

Kyriotates: "Most Kyriotates cannot manifest on Earth, except by being
attached to another Being already there (not another Kyriotate or Shedite)
[...] the Kyriotate attaches to the Being and that Being is Influenced by the
Kyriotate.  [...] A Kyriotate takes Dissonance if it leaves the Being with more
damage counters than it entered with, if the Being loses any Object or Ability
during the Kyriotate's stay without regaining it before the Kyriotate leaves,
or if the Being dies while the Kyriotate is attached.  In the latter case, the
Kyriotate also enters Trauma.  [...] While the Kyriotate is attached to a
Human, no condition in play counts towards their Destiny or Fate, nor any
action a Celestial takes towards Dissonance.  [...] Treat the Being to which a
Kyriotate is attached as having no game text."

Shedim: "attached to Human already there [...] the Shedite attaches to the
Human and that Human is Influenced by the Shedite.  [...] Failure gives the
Shedite a point of dissonance, as does the host's death while the Shedite is
attached, in which case the Shedite enters Trauma."

Both: "Objects or abilities attached to the Kyriotate leave with the
Kyriotate, but such cards attached to the Being remain with the Being."

Saminga's sheet: "His Shedim may stay in a dying host until the end of the
turn": the host's death waits for the end of the turn while such a Shedite
rides it (holds_dying_host, I71).

The rider sits at its host's Location (F_HOST, the host's F_RIDER; move_to
carries it along) and is no Being anyone may attack or that may join a combat
(I60).  A Kyriotate's host "as having no game text" is F_MUTE (beings.has_text).
The rolls that attach, eject and keep a rider are in host_resonance.py.
"""
from numba import njit

from .beings import destiny_frozen, end_ride, has_sheet, hits_left, is_being, send_home, set_influence
from .dissonance import add_dissonance
from .state import (
    F_ATT,
    F_ATTS,
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DMG,
    F_DYING,
    F_HOST,
    F_HOST_DMG,
    F_HOST_TURN,
    F_INF_BY,
    F_LOC,
    F_MUTE,
    F_NATT,
    F_RIDER,
    F_STAY,
    F_TRAUMA,
    G_TURN,
    log,
)
from .tables import D_CTYPE, D_HITS, D_KIND
from .trace import T_HOST, T_LEAVE_HOST, T_MOVE, T_TRAUMA, WHY_HOST_DIED, WHY_HOST_HURT, WHY_HOST_LOST
from .vocabulary import CELESTIAL, CORPOREAL, E_STAY_IN_DYING_HOST, HUMAN, KYRIOTATE, N_COUNTERS, SERVITOR, SHEDITE


@njit(cache=True)
def is_rider(t, d):
    """A Kyriotate or Shedite card: one that manifests on Earth by attaching."""
    k = t.C[d, D_KIND]
    return t.C[d, D_CTYPE] == SERVITOR and (k == KYRIOTATE or k == SHEDITE)


@njit(cache=True)
def spares_dissonance(s, t, h):
    """"While the Kyriotate is attached to a Human, no [...] action a Celestial
    takes towards Dissonance" counts: no Dissonance for what is done to h (I62)."""
    return destiny_frozen(s, t, h)


@njit(cache=True)
def can_host(s, t, r, h):
    """May rider r attach to Being h?  A Kyriotate to "another Being already
    there (not another Kyriotate or Shedite)", a Shedite to a Human; not the
    host it rides now."""
    if h == r or not is_being(s, t, h) or is_rider(t, s.I[h, F_DESIGN]) or s.I[r, F_HOST] == h:
        return False
    return t.C[s.I[r, F_DESIGN], D_KIND] == KYRIOTATE or t.C[s.I[h, F_DESIGN], D_CTYPE] == HUMAN


@njit(cache=True)
def ride(s, t, r, h):
    """Rider r attaches to h "and that Being is Influenced by" it (a new action
    this turn: "Both the Kyriotate *and* the Being have an action").  For a
    Kyriotate: h's damage counters and attached cards are noted for the
    Dissonance on leaving, h loses its game text, and a Human's Destiny and Fate
    counters are kept in r's own counter columns (which a Servitor does not use)
    until r leaves, so that nothing during the stay counts toward them (I62)."""
    s.I[r, F_HOST] = h
    s.I[h, F_RIDER] = r
    s.I[r, F_HOST_TURN] = s.g[G_TURN]
    s.I[r, F_LOC] = s.I[h, F_LOC]
    set_influence(s, t, h, s.I[r, F_CTRL], r)
    log(s, s.I[r, F_CTRL], r, h, T_HOST, 0)
    if t.C[s.I[r, F_DESIGN], D_KIND] != KYRIOTATE:
        return
    s.I[h, F_MUTE] = 1
    s.I[r, F_HOST_DMG] = s.I[h, F_DMG] + s.I[h, F_DMG + 1] + s.I[h, F_DMG + 2]
    for a in range(s.I[h, F_NATT]):
        s.I[s.I[h, F_ATTS + a], F_STAY] = r
    for k in range(N_COUNTERS):
        s.I[r, F_CNT + k] = s.I[h, F_CNT + k]


@njit(cache=True)
def _lost_a_card(s, r, h):
    """Did h lose an Object or Ability it held when Kyriotate r attached, and not regain it?"""
    for c in range(s.I.shape[0]):
        if s.I[c, F_STAY] == r and s.I[c, F_ATT] != h:
            return True
    return False


@njit(cache=True)
def unride(s, t, r):
    """Rider r leaves its host, which stays where it is.  A Kyriotate takes a
    note of Dissonance if the host has "more damage counters than it entered
    with" and one if it lost "any Object or Ability during the Kyriotate's stay
    without regaining it"; a Human host's Destiny and Fate counters are as they
    were when r attached (beings.end_ride)."""
    h = s.I[r, F_HOST]
    if t.C[s.I[r, F_DESIGN], D_KIND] == KYRIOTATE:
        if s.I[h, F_DMG] + s.I[h, F_DMG + 1] + s.I[h, F_DMG + 2] > s.I[r, F_HOST_DMG]:
            add_dissonance(s, t, r, WHY_HOST_HURT)
        if _lost_a_card(s, r, h):
            add_dissonance(s, t, r, WHY_HOST_LOST)
    log(s, s.I[r, F_CTRL], r, h, T_LEAVE_HOST, 0)
    end_ride(s, t, r)


@njit(cache=True)
def go_home(s, t, r):
    """A rider returns to its Realm: it leaves its host, if it has one."""
    if s.I[r, F_HOST] >= 0:
        unride(s, t, r)
    send_home(s, t, r)
    log(s, s.I[r, F_CTRL], r, s.I[r, F_LOC], T_MOVE, 0)


@njit(cache=True)
def host_dies(s, t, h, stays=False):
    """"if the Being dies while the Kyriotate is attached.  In the latter case,
    the Kyriotate also enters Trauma"; the Shedite likewise: a note of
    Dissonance, and Trauma in its Realm for its Corporeal Hits in turns.  Called
    as h dies, before its afterlife is resolved (with its Destiny and Fate as
    they were when a Kyriotate attached: beings.end_ride).  The death's note is the only one:
    the other two conditions are for a host the Kyriotate leaves alive (I62).
    A host that leaves play dies under r's Influence; one that ``stays`` in play
    (an Immortal dying corporeally: Trauma, or a Malakite or Saint going home)
    is freed of it as r leaves (I60, "When the rider leaves, the host is freed")."""
    r = s.I[h, F_RIDER]
    if r < 0:
        return
    log(s, s.I[r, F_CTRL], r, h, T_LEAVE_HOST, 1)
    ctrl, inf = s.I[h, F_CTRL], s.I[h, F_INF_BY]
    end_ride(s, t, r)
    if not stays:
        s.I[h, F_CTRL], s.I[h, F_INF_BY] = ctrl, inf   # it dies under r's Influence
    add_dissonance(s, t, r, WHY_HOST_DIED)
    s.I[r, F_TRAUMA] = t.C[s.I[r, F_DESIGN], D_HITS + CORPOREAL]
    send_home(s, t, r)
    log(s, s.I[r, F_CTRL], r, -1, T_TRAUMA, s.I[r, F_TRAUMA])


@njit(cache=True)
def holds_dying_host(s, t, h):
    """Does a Shedite keep its host h from dying before the end of the turn?
    Saminga's "His Shedim may stay in a dying host until the end of the turn":
    while one of them rides h, h's death -- by its Lifespan, or at 0 Celestial
    or Corporeal Hits -- waits for the end of the turn's 0-Hit checks, and comes
    at the first check after the Shedite has left (I71)."""
    r = s.I[h, F_RIDER]
    return r >= 0 and has_sheet(s, t, r, E_STAY_IN_DYING_HOST)


@njit(cache=True)
def dying(s, t, h):
    """Is h dying: past its Lifespan (F_DYING), or at 0 Celestial or Corporeal Hits?"""
    return s.I[h, F_DYING] == 1 or hits_left(s, t, h, CELESTIAL) <= 0 or hits_left(s, t, h, CORPOREAL) <= 0
