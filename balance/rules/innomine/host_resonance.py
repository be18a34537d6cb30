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

from .beings import is_being, send_home
from .dissonance import add_dissonance
from .hosts import can_host, dying, go_home, is_rider, ride, unride
from .humans import afterlife_side
from .policies import W_INFLUENCE, W_RETREAT, score, weight
from .ranks import worth
from .resonances import OP_GE, classic_faces, influence_roll, p_success, resonance_stat
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
from .tables import D_CTYPE, D_KIND, P_SIDE
from .trace import T_BOUND, T_HOLD, T_UNBOUND, WHY_HOLD
from .vocabulary import CELESTIAL, HUMAN, SERVITOR, SHEDITE

MAX_BOUNCES = 8   # an ejection chain this long ends with the ejected rider choosing its Realm


@njit(cache=True)
def resonate_host(s, t, r, h):
    """Rider r rolls to attach to h.  Success: r leaves any host it had, any
    rider of h is ejected, r attaches to h.  Failure: r returns to its Realm.
    An ejected rider makes its immediate roll on the Being at its Location its
    controller likes best, or returns to its Realm when there is none (or after
    MAX_BOUNCES ejections in a row, I63).  Returns whether r's roll succeeded."""
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
        h = best_host(s, t, e, s.I[e, F_CTRL], True)[0] if bounce < MAX_BOUNCES else -1
        if h < 0:
            send_home(s, t, e)
            return won
        r = e
    return won


@njit(cache=True)
def host_worth(s, t, p, h):
    """How much seat p wants to ride Being h: 1, +0.5 if another seat controls it."""
    v = 1.0
    if s.I[h, F_CTRL] >= 0 and s.I[h, F_CTRL] != p:
        v += 0.5
    return v


@njit(cache=True)
def human_worth(s, t, p, j):
    """How much seat p wants Human/Ethereal j under its Influence: as a host
    (host_worth), +0.5 for a Human whose afterlife now favours p; a Saint or
    Undead, which "count as Humans for card purposes" (I57), is a Servitor taken
    from its Superior, worth 0.1 more per Essence it is worth (ranks.worth)."""
    v = host_worth(s, t, p, j)
    c = t.C[s.I[j, F_DESIGN], D_CTYPE]
    if c == HUMAN:
        if afterlife_side(s, t, j) == t.seat[p, P_SIDE]:
            v += 0.5
    elif c == SERVITOR:
        v += 0.1 * worth(s, t, j)
    return v


@njit(cache=True)
def best_host(s, t, r, p, here):
    """The Being on Earth (at r's Location when ``here``: an ejected rider's
    "immediate resonance roll on some Being at their Location") that seat p
    would best have rider r attach to, by chance of success times worth; not
    one p already controls, nor one that is dying (hosts.dying: past its
    Lifespan or at 0 Hits, which a Shedite of Saminga's keeps in play only to
    the end of the turn, I71), whose death would give r a note and Trauma
    (I62).  Returns (host or -1, score)."""
    best_h, best = -1, -1e9
    w = weight(s, p, W_INFLUENCE)
    stat, op = resonance_stat(t.C[s.I[r, F_DESIGN], D_KIND])
    for h in beings_in_play(s):
        if (not can_host(s, t, r, h) or s.I[h, F_CTRL] == p or realm_of(s, s.I[h, F_LOC]) != loc_earth(s)
                or dying(s, t, h)):
            continue
        if here and s.I[h, F_LOC] != s.I[r, F_LOC]:
            continue
        ps = p_success(s, t, r, h, stat, op)
        sc = score(s, p, w * ps * host_worth(s, t, p, h))
        if ps > 0 and sc > best:
            best_h, best = h, sc
    return best_h, best


@njit(cache=True)
def may_attach(s, t, i):
    """May Being i take an action to attach: a Kyriotate or Shedite, out of
    Trauma, on Earth ("on the turn the Kyriotate Moved there or on any later turn")."""
    return (is_rider(t, s.I[i, F_DESIGN]) and s.I[i, F_TRAUMA] == 0
            and realm_of(s, s.I[i, F_LOC]) == loc_earth(s))


@njit(cache=True)
def rider_options(s, t, i, p):
    """A riding Kyriotate's or Shedite's choices besides Wait: Resonate another
    Being on Earth, worth its value less the host it gives up; or go back to
    its Realm, worth a Shedite's chance of failing its next roll to hold on
    (a note of Dissonance), weighed by the retreat weight.  A dying host
    (Saminga's Shedim stay in one until the end of the turn, I71) is worth
    nothing, and leaving it spares the note and Trauma of its death.  Returns
    (new host or -1, its score, score of going home)."""
    h = s.I[i, F_HOST]
    doomed = dying(s, t, h)
    a, v = best_host(s, t, i, p, False)
    if a >= 0:
        stat, op = resonance_stat(t.C[s.I[i, F_DESIGN], D_KIND])
        ps = p_success(s, t, i, a, stat, op)
        keep = 0.0 if doomed else host_worth(s, t, p, h)
        v = score(s, p, weight(s, p, W_INFLUENCE) * (ps * host_worth(s, t, p, a) - keep))
    home = -0.5
    if doomed:
        home = 0.5
    elif t.C[s.I[i, F_DESIGN], D_KIND] == SHEDITE:
        turns = s.g[G_TURN] + 1 - s.I[i, F_HOST_TURN]
        fail = 1.0 - classic_faces(s, t, i, h, CELESTIAL, OP_GE, -turns) / 6.0
        home = weight(s, p, W_RETREAT) * fail - 0.5
    return a, v, score(s, p, home)


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
    immediately, or be able to stay on Earth without a host": on the Being its
    controller likes best, or back to its Realm when there is none (I39)."""
    if not is_rider(t, s.I[r, F_DESIGN]) or realm_of(s, s.I[r, F_LOC]) != loc_earth(s):
        return
    h = best_host(s, t, r, s.I[r, F_CTRL], False)[0]
    if h >= 0:
        resonate_host(s, t, r, h)
    else:
        send_home(s, t, r)
