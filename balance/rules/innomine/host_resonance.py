"""The Kyriotate and Shedite Resonance: attaching to a host by a roll, ejection,
the Shedite's roll each Actions phase, and Bound (rulebook, "Beings in Detail").

Kyriotates: "This Resonance for attachment is an Influence; take and action to
roll d6 to attach to a Being on Earth on the turn the Kyriotate Moved there or
on any later turn.  If the roll is greater than the Being's Celestial Hits (or
those of any Kyriotate or Shedite already attached to the Being), the
Kyriotate attaches [...] Any previous Kyriotate or Shedite is ejected and must
make an immediate resonance roll on some Being at their Location, or return to
their Realm (yes, control can bounce back and forth...).  The Kyriotate may
leave its host voluntarily by attaching to another Being in their Realm with a
Resonance roll or returning to their Realm.  Failure on any such roll returns
the Kyriotate to its Realm.  [...] The Kyriotate Discord is Bound -- apply
levels of Bound as a penalty to any Resonance roll, and roll as if Resonating
to return to their Realm.  [...] the only choices for the Kyriotate are to
Wait, Move back to its Realm, or Resonate a target on Earth."

Shedim: the same with "a Human on Earth", "greater than or equal to", and "At
the beginning of every Actions phase while attached to a Human, the Shedite
must roll d6, with a penalty equal to the number of turns the Shedite has been
attached.  Failure gives the Shedite a point of dissonance [...] The Shedite
Discord is Bound -- apply levels of Bound as a penalty to any Resonance roll,
and roll as if Resonating to return to their Realm, where failure instead means
the Shedite must stay in its current host."

Every roll here is resonances.influence_roll, so it has the Influence
modifiers, Bound (resonances.modifier) and the d666 variant; the hold and
Bound rolls are traced as what they are, not as Influence.  Readings: I60-I64.
"""
from numba import njit

from ...agents.innomine.decide import picked
from ...agents.points import about, clear, offer

from .beings import is_being, send_home
from .decisions import RIDER_HOST
from .dissonance import add_dissonance
from .hosts import can_host, go_home, is_rider, ride, unride
from .resonances import OP_GE, influence_roll, resonance_stat
from .state import (
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_HOST,
    F_HOST_TURN,
    F_LOC,
    F_RIDER,
    F_TRAUMA,
    G_TURN,
    beings_in_play,
    loc_earth,
    realm_of,
)
from .tables import D_KIND
from .trace import T_BOUND, T_HOLD, T_UNBOUND, WHY_HOLD
from .vocabulary import CELESTIAL, SHEDITE

MAX_BOUNCES = 8   # an ejection chain this long ends with the ejected rider choosing its Realm


@njit(cache=True)
def resonate_host(s, t, r, h):
    """Rider r rolls to attach to h.  Success: r leaves any host it had, any
    rider of h is ejected, r attaches to h.  Failure: r returns to its Realm.
    An ejected rider makes its immediate roll on a Being at its Location, or
    returns to its Realm, as its controller's agent chooses (new_host); after
    MAX_BOUNCES ejections in a row it returns (I63).  Returns whether r's roll succeeded."""
    first = True
    won = False
    for bounce in range(MAX_BOUNCES + 1):
        stat, op = resonance_stat(t.C[s.I[r, F_DESIGN], D_KIND])
        ok, _ = influence_roll(s, t, r, h, stat, op)
        if first:
            won, first = ok, False
        if not ok:
            go_home(s, t, r)
            return won
        if s.I[r, F_HOST] >= 0:
            unride(s, t, r)
        e = s.I[h, F_RIDER]
        if e >= 0:
            unride(s, t, e)
        ride(s, t, r, h)
        if e < 0:
            return won
        h = new_host(s, t, e, True) if bounce < MAX_BOUNCES else -1
        if h < 0:
            send_home(s, t, e)
            return won
        r = e
    return won


@njit(cache=True)
def new_host(s, t, r, here):
    """The Being on Earth that rider r makes its Resonance roll on -- one at its
    Location when ``here`` (an ejected rider's "immediate resonance roll on
    some Being at their Location") -- or -1, back to its Realm, as its
    controller's agent chooses (RIDER_HOST) among those it may attach to
    (hosts.can_host)."""
    clear(s)
    about(s, r)
    offer(s, -1, -1)
    for h in beings_in_play(s):
        if (can_host(s, t, r, h) and realm_of(s, s.I[h, F_LOC]) == loc_earth(s)
                and (not here or s.I[h, F_LOC] == s.I[r, F_LOC])):
            offer(s, h, -1)
    return picked(s, t, s.I[r, F_CTRL], RIDER_HOST, -1)


@njit(cache=True)
def may_attach(s, t, i):
    """May Being i take an action to attach: a Kyriotate or Shedite, out of
    Trauma, on Earth ("on the turn the Kyriotate Moved there or on any later turn")."""
    return (is_rider(t, s.I[i, F_DESIGN]) and s.I[i, F_TRAUMA] == 0
            and realm_of(s, s.I[i, F_LOC]) == loc_earth(s))


@njit(cache=True)
def return_to_realm(s, t, r):
    """A rider Moves back to its Realm.  A Bound Shedite first rolls "as if
    Resonating" on its host, "where failure instead means the Shedite must stay
    in its current host".  A Bound Kyriotate's roll is not made: "Failure on
    any such roll returns the Kyriotate to its Realm", as success does (I64)."""
    h = s.I[r, F_HOST]
    if h >= 0 and s.I[r, F_DISCORD] > 0 and t.C[s.I[r, F_DESIGN], D_KIND] == SHEDITE:
        if not influence_roll(s, t, r, h, CELESTIAL, OP_GE, 0, T_UNBOUND, T_BOUND)[0]:
            return False
    go_home(s, t, r)
    return True


@njit(cache=True)
def hold_rolls(s, t):
    """"At the beginning of every Actions phase while attached to a Human, the
    Shedite must roll d6, with a penalty equal to the number of turns the
    Shedite has been attached.  Failure gives the Shedite a point of
    dissonance": the Shedite's Resonance roll on its host (d6 - turns attached
    - Bound >= the Human's Celestial Hits), every turn's Actions phase (I61)."""
    for r in beings_in_play(s):
        h = s.I[r, F_HOST]
        if h < 0 or not is_being(s, t, r) or t.C[s.I[r, F_DESIGN], D_KIND] != SHEDITE:
            continue
        turns = s.I[r, F_HOST_TURN] - s.g[G_TURN]
        if not influence_roll(s, t, r, h, CELESTIAL, OP_GE, turns, T_HOLD, T_HOLD)[0]:
            add_dissonance(s, t, r, WHY_HOLD)


@njit(cache=True)
def arrive_on_earth(s, t, r):
    """A Kyriotate or Shedite fledged on Earth "must make a Resonance roll
    immediately, or be able to stay on Earth without a host": on a Being its
    controller's agent chooses, or back to its Realm (new_host, I39)."""
    if not is_rider(t, s.I[r, F_DESIGN]) or realm_of(s, s.I[r, F_LOC]) != loc_earth(s):
        return
    h = new_host(s, t, r, False)
    if h >= 0:
        resonate_host(s, t, r, h)
    else:
        send_home(s, t, r)
