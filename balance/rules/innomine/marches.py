"""The Marches, the Ethereal Realm (rulebook, "The Play Area").

"the Marches (a.k.a. "the Etheral Realm," "the Ethereal") -- the Realm of Human
dreams, and the home Realm of Ethereals.  A dangerous place to work, but
sometimes valuable [...] Tools may not be used there."  Beings reach it down a
Tether whose Earth-side Location is in the Marches (tethers.py: "Tethers are
actually two Locations, one on Earth or the Marches and one 'everywhere' in
your Realm").  What 0 Ethereal Hits does there is ``last_non_marches`` and
``ethereal_trauma`` (used by damage.ethereal_loss); Humans' stay there ends in
humans.wake_dreamers.

This module reads only the state and the card tables, so that beings.py may
use it.
"""
from numba import njit

from .state import (
    F_CTRL,
    F_DESIGN,
    F_LAST_LOC,
    F_LOC,
    F_TRAUMA,
    F_ZONE,
    Z_PLAY,
    loc_earth,
    loc_marches,
    log,
    others_in_play,
    realm_of,
)
from .tables import D_CTYPE, D_HITS
from .trace import T_TRAUMA
from .vocabulary import ETHEREAL_REALM, LOCATION, TETHER, TOOL


@njit(cache=True)
def in_marches(s, l):
    """Is location l (a generic Location or a Tether or Location card) in the Marches?"""
    return realm_of(s, l) == loc_marches(s)


@njit(cache=True)
def tool_usable(s, t, holder, card):
    """"Tools may not be used there": the game text of a Tool attached to a Being
    in the Marches does nothing while it is there."""
    return t.C[s.I[card, F_DESIGN], D_CTYPE] != TOOL or not in_marches(s, s.I[holder, F_LOC])


@njit(cache=True)
def left_for(s, i, l):
    """Being i leaves its Location for l: leaving a non-Marches Location for the
    Marches records it as i's "last non-Marches Location"."""
    here = s.I[i, F_LOC]
    if not in_marches(s, here) and in_marches(s, l):
        s.I[i, F_LAST_LOC] = here


@njit(cache=True)
def last_non_marches(s, i):
    """Where a Being is "ejected to": its last non-Marches Location.  A Tether or
    Location card that has left play since leaves its realm's generic Location;
    a Being that was never anywhere but the Marches goes to Earth's."""
    l = s.I[i, F_LAST_LOC]
    if l < 0:
        return loc_earth(s)
    if l < s.I.shape[0] and s.I[l, F_ZONE] != Z_PLAY:
        return realm_of(s, l)
    return l


@njit(cache=True)
def new_marches_location(s, t, i):
    """"An Ethereal leaves to a new location in the Marches" (I52): the Marches'
    generic Location if it is elsewhere, else the first Tether or Location card in
    the Marches; where there is no other Location it stays."""
    here = s.I[i, F_LOC]
    if here != loc_marches(s):
        return loc_marches(s)
    for l in others_in_play(s):
        c = t.C[s.I[l, F_DESIGN], D_CTYPE]
        if s.I[l, F_ZONE] == Z_PLAY and (c == TETHER or c == LOCATION) and s.I[l, F_LOC] == loc_marches(s):
            return l
    return here


@njit(cache=True)
def ethereal_trauma(s, t, i):
    """0 Ethereal Hits in the Marches: "An Ethereal leaves to a new location in the
    Marches and enters Trauma: they cannot perform any actions for a number of
    turns equal to their Ethereal Hits."  Returns the new Location (the caller
    moves it there, so that its attachments follow)."""
    s.I[i, F_TRAUMA] = t.C[s.I[i, F_DESIGN], D_HITS + ETHEREAL_REALM]
    log(s, s.I[i, F_CTRL], i, -1, T_TRAUMA, s.I[i, F_TRAUMA])
    return new_marches_location(s, t, i)
