"""Attunement, the Resonance of the Cherubim and of the Djinn, the Fallen
Cherubim (rulebook, "Beings in Detail", Cherubim and Djinn).

Cherubim: "Cherubim may use an Action to Attune to any Being or Object in play
automatically.  They gain 2 to all Attack and Hits values while Defending an
Attuned Being.  They take a point of Dissonance if an Attuned Being or Object
leaves play.  The may de-Attune -- take an action to roll d6.  On a 1, the
de-Attuning fails and the Cherub takes a note of Dissonance.  The Cherub
Discord is Fear -- when an Attuned Being is attacked, roll d6.  If the roll is
less than or equal to the Cherub's levels of Fear, they may not Defend the
Being this turn."

Djinn: "For the Djinn's action, it may Resonate upon any Being or Object at
their Location, Attuning to it.  Roll d6 vs. target's Celestial Hits, or
succeed automatically for an Object.  Thereafter, the Djinn may move freely --
even on another player's turn -- to the location of any card to which they are
Attuned, as long as it is in the same Realm. [...]  Djinn may take an action to
attempt to de-Attune in order to harm a target.  Roll d6 vs. the Djinn's
Celestial Hits.  Success (less than or equal to Hits) negates the Attunement;
failure inflicts a note of Dissonance and the Cherub Dissonance Condition. [...]
The Djinn Discord is Fear -- when an Attuned Being, or Being with an attached
Attuned Object, attacks, roll d6 every combat round -- on a result less than or
equal to the levels of this Discord, the Djinn takes the Retreat action."

The Cherub's +2 is F_WARD, set by ``refresh_ward`` as each combat round begins
and read by every Attack and Hits value (a field, so that the hot Hits checks
stay branch-free); the Dissonance for an Attuned card leaving play is
``beings.attuned_leaves_play``; the Djinn's bar on harming its target is
``beings.may_harm``, and the fading of its failed de-Attune's note
``dissonance.fading_note``.  A Cherub or Djinn holds one Attunement at a time
(docs/rules.md, I31, I65).

Superior sheets: Michael's Cherubim "may Attune to a Tether Michael controls and
add +2 to their Attack while defending it" (F_TETHER_WARD); Dominic's "may
Attune to a Human Influenced for Heaven and defend it anywhere on Earth"
(defends_from_afar).  Readings: I70.
"""
from numba import njit

from .beings import add_dissonance, can_act, has_sheet, has_text, is_being, is_human_card, move_to, sheet_param
from .d666 import check_chance, d6_check
from .dissonance import fading_note
from .resonances import resonance_roll, target_hits
from .state import (
    ATTACKING,
    DEFENDING,
    F_AFRAID,
    F_ATT,
    F_ATTUNED,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_FIGHT,
    F_HOST,
    F_LOC,
    F_PROVOKED,
    F_TETHER_WARD,
    F_TRAUMA,
    F_WARD,
    F_ZONE,
    G_FIGHT_TARGET,
    G_TURN,
    G_VARIANT,
    Z_PLAY,
    beings_in_play,
    loc_earth,
    log,
    realm_of,
)
from .tables import D_CTYPE, D_HITS, D_KIND
from .trace import T_ATTUNE, T_ATTUNE_FAIL, T_DEATTUNE, T_DISCORD_HELD, T_FEAR, T_FLEE, T_FREE_MOVE, WHY_DE_ATTUNE
from .vocabulary import CELESTIAL, CHERUB, DJINN, E_ATTUNE_TETHER, E_DEFEND_ANYWHERE, OBJECT, TETHER, TOOL


@njit(cache=True)
def can_attune(s, t, i, x):
    """May Cherub or Djinn i use its action to Attune to x?  x is any other Being
    or Object in play: wherever it is for a Cherub, "at their Location" for a
    Djinn, and not a Kyriotate or Shedite riding a host, which is not manifest
    (I60, I65); i is not in Trauma and holds no Attunement (I31).  Michael's
    Cherubim may also Attune to a Tether Michael controls (I70)."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    if (k != CHERUB and k != DJINN) or s.I[i, F_TRAUMA] > 0 or s.I[i, F_ATTUNED] >= 0:
        return False
    if x == i or s.I[x, F_ZONE] != Z_PLAY:
        return False
    if k == DJINN and (s.I[x, F_LOC] != s.I[i, F_LOC] or s.I[x, F_HOST] >= 0):
        return False
    c = t.C[s.I[x, F_DESIGN], D_CTYPE]
    if c == TETHER:
        return s.I[x, F_CTRL] == s.I[i, F_CTRL] and has_sheet(s, t, i, E_ATTUNE_TETHER)
    return is_being(s, t, x) or c == OBJECT or c == TOOL


@njit(cache=True)
def rolls_to_attune(s, t, i, x):
    """Does i roll to Attune to x?  A Cherub Attunes "automatically", a Djinn
    "succeed[s] automatically for an Object"; a Djinn rolls for a Being."""
    return t.C[s.I[i, F_DESIGN], D_KIND] == DJINN and is_being(s, t, x)


@njit(cache=True)
def attune_faces(s, t, i, x):
    """Faces of the Djinn's d6 that Attune it to Being x: "Roll d6 vs. target's
    Celestial Hits", a roll at least those Hits (I65); a ridden Being's are its
    rider's (resonances.target_hits, I61)."""
    return min(6, max(0, 7 - target_hits(s, t, i, x, CELESTIAL)))


@njit(cache=True)
def attune(s, t, i, x):
    """i uses its action to Attune to x: a Cherub automatically, a Djinn with
    its Resonance roll on a Being (a Resonance roll against the target's Hits,
    so the d666 variant's Essence may buy it up; a failure costs nothing, the
    rulebook naming no cost) and automatically on an Object.  Returns True if
    i is now Attuned to x."""
    if rolls_to_attune(s, t, i, x):
        ok, r = resonance_roll(s, t, i, x, attune_faces(s, t, i, x), T_ATTUNE, T_ATTUNE_FAIL)
        if not ok:
            return False
    else:
        log(s, s.I[i, F_CTRL], i, x, T_ATTUNE, 0)
    s.I[i, F_ATTUNED] = x
    s.I[i, F_PROVOKED] = 0
    return True


@njit(cache=True)
def de_attune_faces(s, t, i):
    """(faces, high) of i's de-Attune roll: a Cherub's fails "On a 1" (five
    faces, the highest); a Djinn's is "d6 vs. the Djinn's Celestial Hits.
    Success (less than or equal to Hits)" (as many faces, the lowest)."""
    if t.C[s.I[i, F_DESIGN], D_KIND] == DJINN:
        return t.C[s.I[i, F_DESIGN], D_HITS + CELESTIAL], False
    return 5, True


@njit(cache=True)
def de_attune_chance(s, t, i):
    """Exact chance that i's de-Attune roll succeeds."""
    return check_chance(s.g[G_VARIANT], de_attune_faces(s, t, i)[0])


@njit(cache=True)
def de_attune(s, t, i):
    """i takes an action to de-Attune.  A Cherub that fails "takes a note of
    Dissonance"; a Djinn's failure "inflicts a note of Dissonance and the Cherub
    Dissonance Condition", which fade after as many turns as the die shows
    (dissonance.fading_note; under the d666 variant the check digit, I67).
    Returns True if the Attunement ended."""
    faces, high = de_attune_faces(s, t, i)
    ok, r, turns = d6_check(s.rng, s.g[G_VARIANT], faces, high)
    log(s, s.I[i, F_CTRL], i, s.I[i, F_ATTUNED], T_DEATTUNE, r)
    if ok:
        s.I[i, F_ATTUNED] = -1
    elif t.C[s.I[i, F_DESIGN], D_KIND] == DJINN:
        fading_note(s, t, i, turns)
    else:
        add_dissonance(s, t, i, WHY_DE_ATTUNE)
    return ok


@njit(cache=True)
def may_move_freely(s, t, i, l):
    """"the Djinn may move freely -- even on another player's turn -- to the
    location of any card to which they are Attuned, as long as it is in the same
    Realm": may Djinn i go to location l so, with no action spent (I65)?  Not a
    Kyriotate's host, which has no game text (I60)."""
    x = s.I[i, F_ATTUNED]
    return (x >= 0 and s.I[x, F_LOC] == l and l != s.I[i, F_LOC] and t.C[s.I[i, F_DESIGN], D_KIND] == DJINN
            and realm_of(s, l) == realm_of(s, s.I[i, F_LOC]) and can_act(s, t, i) and has_text(s, i))


@njit(cache=True)
def move_freely(s, t, i, l):
    """Djinn i moves freely to l, where its Attuned card is (may_move_freely)."""
    move_to(s, t, i, l)
    log(s, s.I[i, F_CTRL], i, l, T_FREE_MOVE, 0)


@njit(cache=True)
def fear_rolls(s, t, target):
    """Cherub Fear: "when an Attuned Being is attacked, roll d6.  If the roll is less than
    or equal to the Cherub's levels of Fear, they may not Defend the Being this
    turn" -- a roll for every Cherub Attuned to ``target`` that has Fear and is not
    already kept back this turn."""
    turn = s.g[G_TURN]
    for c in beings_in_play(s):
        if (s.I[c, F_ATTUNED] == target and s.I[c, F_DISCORD] > 0 and s.I[c, F_AFRAID] != turn
                and is_being(s, t, c) and t.C[s.I[c, F_DESIGN], D_KIND] == CHERUB):
            afraid, r, _ = d6_check(s.rng, s.g[G_VARIANT], s.I[c, F_DISCORD], False)
            if afraid:
                s.I[c, F_AFRAID] = turn
            log(s, s.I[c, F_CTRL], c, target, T_FEAR if afraid else T_DISCORD_HELD, r)


@njit(cache=True)
def defends_from_afar(s, t, c, j):
    """Dominic's Cherubim "may Attune to a Human Influenced for Heaven and defend
    it anywhere on Earth": may Cherub c defend j from wherever it is?  j counts
    as a Human (a Saint or Undead too: I57), both are on Earth, and c's sheet
    gives it the ability (I70)."""
    return (is_human_card(s, t, s.I[j, F_DESIGN]) and realm_of(s, s.I[j, F_LOC]) == loc_earth(s)
            and realm_of(s, s.I[c, F_LOC]) == loc_earth(s) and has_sheet(s, t, c, E_DEFEND_ANYWHERE))


@njit(cache=True)
def may_defend(s, t, j, target):
    """Fear keeps a Cherub from Defending its Attuned Being for the rest of the turn."""
    return not (s.I[j, F_ATTUNED] == target and s.I[j, F_AFRAID] == s.g[G_TURN])


@njit(cache=True)
def djinn_fear(s, t, i):
    """Djinn Fear: "when an Attuned Being, or Being with an attached Attuned
    Object, attacks, roll d6 every combat round -- on a result less than or equal
    to the levels of this Discord, the Djinn takes the Retreat action": rolled as
    Djinn i declares in each round of a combat in which that Being is among the
    attackers (I67).  Returns True if i Retreats."""
    x = s.I[i, F_ATTUNED]
    if x < 0 or s.I[i, F_DISCORD] <= 0 or t.C[s.I[i, F_DESIGN], D_KIND] != DJINN:
        return False
    b = s.I[x, F_ATT] if s.I[x, F_ATT] >= 0 else x
    if s.I[b, F_FIGHT] != ATTACKING:
        return False
    afraid, r, _ = d6_check(s.rng, s.g[G_VARIANT], s.I[i, F_DISCORD], False)
    if afraid:
        log(s, s.I[i, F_CTRL], i, b, T_FLEE, r)
    return afraid


@njit(cache=True)
def refresh_ward(s, t):
    """"They gain 2 to all Attack and Hits values while Defending an Attuned Being":
    each Cherub Defending in the combat under way whose attacked Being
    (G_FIGHT_TARGET) is the one it is Attuned to has F_WARD = 2, every other
    Being 0 (a Djinn too: the bonus is the Cherubim's; a Kyriotate's host too, which
    has no game text, I60).  Michael's Cherubim "add
    +2 to their Attack while defending" the Tether they are Attuned to:
    F_TETHER_WARD while one Defends in a combat at that Tether, as long as its
    controller holds it (I70).  Called as each round begins and when the combat
    ends."""
    target = s.g[G_FIGHT_TARGET]
    for c in beings_in_play(s):
        if s.I[c, F_WARD] > 0 or s.I[c, F_TETHER_WARD] > 0 or s.I[c, F_ATTUNED] >= 0:
            if target >= 0 and s.I[c, F_FIGHT] == DEFENDING:
                s.I[c, F_WARD], s.I[c, F_TETHER_WARD] = wards(s, t, c, target)
            else:
                s.I[c, F_WARD], s.I[c, F_TETHER_WARD] = 0, 0


@njit(cache=True)
def wards(s, t, c, target):
    """The Attack bonuses (F_WARD, F_TETHER_WARD) Being c has while Defending
    ``target`` from where it stands (refresh_ward): 2 for a Cherub Attuned to
    ``target``; Michael's Cherub's sheet amount at the Tether it is Attuned to
    while its controller holds it."""
    x = s.I[c, F_ATTUNED]
    if x < 0:
        return 0, 0
    ward = 2 if x == target and t.C[s.I[c, F_DESIGN], D_KIND] == CHERUB and has_text(s, c) else 0
    at_tether = x == s.I[c, F_LOC] and s.I[x, F_CTRL] == s.I[c, F_CTRL]
    return ward, max(0, sheet_param(s, t, c, E_ATTUNE_TETHER, 1)) if at_tether else 0
