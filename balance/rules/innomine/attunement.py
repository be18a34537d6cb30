"""Attunement, the Cherubim's Resonance (rulebook, "Beings in Detail", Cherubim).

"Cherubim may use an Action to Attune to any Being or Object in play
automatically.  They gain 2 to all Attack and Hits values while Defending an
Attuned Being.  They take a point of Dissonance if an Attuned Being or Object
leaves play.  The may de-Attune -- take an action to roll d6.  On a 1, the
de-Attuning fails and the Cherub takes a note of Dissonance.  The Cherub
Discord is Fear -- when an Attuned Being is attacked, roll d6.  If the roll is
less than or equal to the Cherub's levels of Fear, they may not Defend the
Being this turn."

The +2 is F_WARD, set by ``refresh_ward`` as each combat round begins and read
by every Attack and Hits value (a field, so that the hot Hits checks stay
branch-free); the Dissonance for an Attuned card leaving play is
``beings.attuned_leaves_play``.
A Cherub holds one Attunement at a time (docs/rules.md, I31).

Superior sheets: Michael's Cherubim "may Attune to a Tether Michael controls and
add +2 to their Attack while defending it" (F_TETHER_WARD); Dominic's "may
Attune to a Human Influenced for Heaven and defend it anywhere on Earth"
(combat._defenders_from_afar).  Readings: I70.
"""
from numba import njit

from .beings import add_dissonance, has_sheet, is_being, sheet_param
from .d666 import d6_check
from .state import (
    DEFENDING,
    F_AFRAID,
    F_ATTUNED,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_FIGHT,
    F_LOC,
    F_TETHER_WARD,
    F_TRAUMA,
    F_WARD,
    F_ZONE,
    G_FIGHT_TARGET,
    G_TURN,
    G_VARIANT,
    Z_PLAY,
    beings_in_play,
    log,
)
from .tables import D_CTYPE, D_KIND
from .trace import T_ATTUNE, T_DEATTUNE, T_FEAR
from .vocabulary import CHERUB, E_ATTUNE_TETHER, OBJECT, TETHER, TOOL


@njit(cache=True)
def can_attune(s, t, i, x):
    """May Cherub i use its action to Attune to x?  x is any other Being or
    Object in play, wherever it is; i is not in Trauma and holds no Attunement (I31).
    Michael's Cherubim may also Attune to a Tether Michael controls (I70)."""
    if t.C[s.I[i, F_DESIGN], D_KIND] != CHERUB or s.I[i, F_TRAUMA] > 0 or s.I[i, F_ATTUNED] >= 0:
        return False
    if x == i or s.I[x, F_ZONE] != Z_PLAY:
        return False
    c = t.C[s.I[x, F_DESIGN], D_CTYPE]
    if c == TETHER:
        return s.I[x, F_CTRL] == s.I[i, F_CTRL] and has_sheet(s, t, i, E_ATTUNE_TETHER)
    return is_being(s, t, x) or c == OBJECT or c == TOOL


@njit(cache=True)
def attune(s, t, i, x):
    """Cherub i Attunes to x "automatically": no roll."""
    s.I[i, F_ATTUNED] = x
    log(s, s.I[i, F_CTRL], i, x, T_ATTUNE, 0)


@njit(cache=True)
def de_attune(s, t, i):
    """"take an action to roll d6.  On a 1, the de-Attuning fails and the Cherub
    takes a note of Dissonance."  Returns True if the Attunement ended."""
    ok, r = d6_check(s.rng, s.g[G_VARIANT], 5, True)
    log(s, s.I[i, F_CTRL], i, s.I[i, F_ATTUNED], T_DEATTUNE, r)
    if ok:
        s.I[i, F_ATTUNED] = -1
    else:
        add_dissonance(s, t, i, 1)
    return ok


@njit(cache=True)
def fear_rolls(s, t, target):
    """Fear: "when an Attuned Being is attacked, roll d6.  If the roll is less than
    or equal to the Cherub's levels of Fear, they may not Defend the Being this
    turn" -- a roll for every Cherub Attuned to ``target`` that has Fear and is not
    already kept back this turn."""
    turn = s.g[G_TURN]
    for c in beings_in_play(s):
        if (s.I[c, F_ATTUNED] == target and s.I[c, F_DISCORD] > 0 and s.I[c, F_AFRAID] != turn
                and is_being(s, t, c) and t.C[s.I[c, F_DESIGN], D_KIND] == CHERUB):
            afraid, r = d6_check(s.rng, s.g[G_VARIANT], s.I[c, F_DISCORD], False)
            if afraid:
                s.I[c, F_AFRAID] = turn
                log(s, s.I[c, F_CTRL], c, target, T_FEAR, r)


@njit(cache=True, inline="always")
def may_defend(s, t, j, target):
    """Fear keeps a Cherub from Defending its Attuned Being for the rest of the turn."""
    return not (s.I[j, F_ATTUNED] == target and s.I[j, F_AFRAID] == s.g[G_TURN])


@njit(cache=True)
def refresh_ward(s, t):
    """"They gain 2 to all Attack and Hits values while Defending an Attuned Being":
    each Cherub Defending in the combat under way whose attacked Being
    (G_FIGHT_TARGET) is the one it is Attuned to has F_WARD = 2, every other
    Being 0.  Michael's Cherubim "add +2 to their Attack while defending" the
    Tether they are Attuned to: F_TETHER_WARD while one Defends in a combat at that
    Tether, as long as its controller holds it (I70).  Called as each round begins
    and when the combat ends."""
    target = s.g[G_FIGHT_TARGET]
    for c in beings_in_play(s):
        x = s.I[c, F_ATTUNED]
        if s.I[c, F_WARD] > 0 or s.I[c, F_TETHER_WARD] > 0 or x >= 0:
            defending = target >= 0 and s.I[c, F_FIGHT] == DEFENDING
            s.I[c, F_WARD] = 2 if (defending and x == target) else 0
            at_tether = defending and x == s.I[c, F_LOC] and s.I[x, F_CTRL] == s.I[c, F_CTRL]
            s.I[c, F_TETHER_WARD] = max(0, sheet_param(s, t, c, E_ATTUNE_TETHER, 1)) if at_tether else 0
