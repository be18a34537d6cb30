"""Tethers: transport between realms, control, theft, and their standard text.

Rulebook, "Tethers": "Tethers are actually two Locations, one on Earth or the
Marches and one 'everywhere' in your Realm.  Both Locations count as the same
Tether."  "Demons take 1 Celestial Hit per turn spent in combat in a Tether
controlled by an Archangel.  All celestials lose 1 point of Dissonance at the
end of each turn when they are in a Tether their Superior controls."
"They are necessary to produce Seneschals, celestials with strong abilites tied
to the Location.  But they are subject to theft and destruction."
"""
from numba import njit

from .beings import attuned_leaves_play, detach, drop_objects, is_being, is_demon, is_human_card, move_to
from .damage import damage_from
from .dissonance import fading_within
from .state import (
    F_ATT,
    F_CTRL,
    F_DESIGN,
    F_DISS,
    F_FADING,
    F_FIGHT,
    F_LOC,
    F_LOC_START,
    F_OWNER,
    F_TIE,
    F_ZONE,
    Z_DISCARD,
    Z_FACEDOWN,
    Z_PLAY,
    beings_in_play,
    fighters,
    loc_realm,
    log,
    others_in_play,
    realm_seat,
)
from .readings import R_TETHER, reads
from .tables import D_CTYPE, D_KIND, P_SIDE
from .trace import T_CALM, T_DISCARD, T_STEAL_TETHER
from .vocabulary import (
    CELESTIAL,
    E_STEAL_TETHER,
    HEAVEN,
    MAX_EFFECTS,
    SENESCHAL,
    SERVITOR,
    TETHER,
)


@njit(cache=True)
def is_tether(s, t, l):
    return l < s.I.shape[0] and s.I[l, F_ZONE] == Z_PLAY and t.C[s.I[l, F_DESIGN], D_CTYPE] == TETHER


@njit(cache=True)
def tether_count(s, t, p):
    n = 0
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] == p:
            n += 1
    return n


@njit(cache=True)
def up_destination(s, t, i):
    """A Being at a Tether on Earth may go up into its controller's Realm; -1 if not at one."""
    l = s.I[i, F_LOC]
    if is_tether(s, t, l):
        return loc_realm(s, s.I[l, F_CTRL])
    return -1


@njit(cache=True)
def can_go_down(s, t, i, l):
    """A Being in a Superior's Realm is at every Tether that Superior controls."""
    q = realm_seat(s, s.I[i, F_LOC])
    return q >= 0 and is_tether(s, t, l) and s.I[l, F_CTRL] == q


@njit(cache=True)
def archangel_tether(s, t, l):
    """Is location l a Tether an Archangel controls?"""
    return is_tether(s, t, l) and s.I[l, F_CTRL] >= 0 and t.seat[s.I[l, F_CTRL], P_SIDE] == HEAVEN


@njit(cache=True)
def burn_demons_in_combat(s, t):
    """End of a combat round: demons fighting at an Archangel's Tether take 1 Celestial Hit."""
    for i in fighters(s):
        if (s.I[i, F_FIGHT] >= 0 and is_being(s, t, i) and is_demon(t, s.I[i, F_DESIGN])
                and archangel_tether(s, t, s.I[i, F_LOC])):
            damage_from(s, t, s.I[i, F_LOC], i, CELESTIAL, 1)


@njit(cache=True)
def burn_demons_in_heaven(s, t):
    """"Demons take 1 Celestial Hit at the beginning of any turn in which they are in an Archangel's Realm.\""""
    for i in beings_in_play(s):
        if is_being(s, t, i) and is_demon(t, s.I[i, F_DESIGN]):
            q = realm_seat(s, s.I[i, F_LOC])
            if q >= 0 and t.seat[q, P_SIDE] == HEAVEN:
                damage_from(s, t, s.I[i, F_LOC], i, CELESTIAL, 1)


@njit(cache=True)
def tether_calm(s, t):
    """End of turn: celestials at a Tether their Superior controls lose 1
    Dissonance (I24); under the reading ``tether_relief = whole_turn``, only
    those that were there as the turn began ("per whole Turn spent at this
    Location")."""
    for i in beings_in_play(s):
        if s.I[i, F_DISS] > 0 and is_being(s, t, i) and t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR:
            l = s.I[i, F_LOC]
            if (is_tether(s, t, l) and s.I[l, F_CTRL] == s.I[i, F_OWNER]
                    and (not reads(s, R_TETHER) or s.I[i, F_LOC_START] == l)):
                s.I[i, F_DISS] -= 1
                log(s, s.I[i, F_CTRL], i, l, T_CALM, s.I[i, F_DISS])
                if s.I[i, F_FADING] != 0:
                    fading_within(s, i)


@njit(cache=True)
def has_steal_text(t, d):
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == E_STEAL_TETHER:
            return True
    return False


@njit(cache=True)
def plots_theft(s, t, p):
    """Has seat p a Dynamite Hit-style card face down in its Realm?"""
    for c in range(s.I.shape[0]):
        if s.I[c, F_ZONE] == Z_FACEDOWN and s.I[c, F_OWNER] == p and has_steal_text(t, s.I[c, F_DESIGN]):
            return True
    return False


@njit(cache=True)
def only_humans_of(s, t, l, q):
    """Does Tether l hold at least one Being, all of them Humans q controls?
    Saints and Undead "count as Humans for card purposes" (I57)."""
    n = 0
    for i in beings_in_play(s):
        if s.I[i, F_LOC] == l and is_being(s, t, i):
            if not is_human_card(s, t, s.I[i, F_DESIGN]) or s.I[i, F_CTRL] != q:
                return False
            n += 1
    return n > 0


@njit(cache=True)
def check_tether_theft(s, t):
    """Dynamite Hit: "If at the end of any turn a Tether controlled by another
    Superior has only Humans you control in it, show this card, discard any
    Seneschal attachment for that Tether, and discard Dynamite Hit.  Belial
    gains control of that Tether.\""""
    for c in range(s.I.shape[0]):
        if s.I[c, F_ZONE] != Z_FACEDOWN or not has_steal_text(t, s.I[c, F_DESIGN]):
            continue
        q = s.I[c, F_OWNER]
        for l in others_in_play(s):
            if is_tether(s, t, l) and s.I[l, F_CTRL] != q and only_humans_of(s, t, l, q):
                s.I[c, F_ZONE] = Z_DISCARD
                lose_tether(s, t, l)
                s.I[l, F_CTRL] = q
                log(s, q, c, l, T_STEAL_TETHER, 0)
                break


@njit(cache=True)
def lose_tether(s, t, l):
    """Tether l's controller loses it (theft or destruction): the Seneschal Ranks
    tied to it are discarded, as Dynamite Hit says ("discard any Seneschal
    attachment for that Tether"), since their Abilities relate "to a Tether you
    control"."""
    for r in others_in_play(s):
        if s.I[r, F_ZONE] == Z_PLAY and s.I[r, F_TIE] == l and t.C[s.I[r, F_DESIGN], D_KIND] == SENESCHAL:
            detach(s, r)
            s.I[r, F_ZONE] = Z_DISCARD
            s.I[r, F_TIE] = -1


@njit(cache=True)
def destroy_tether(s, t, p, l):
    """Tethers "are subject to theft and destruction" (I43): seat p destroys
    Tether l.  Its controller loses it (``lose_tether``), the card is discarded,
    and what stood at its Location on Earth or in the Marches -- Beings, loose
    Objects, Objects attached to the Location itself -- is left at the generic
    Location of that realm.  Anything but a Tether in play is left alone.  A
    Cherub Attuned to it (Michael's, I70) takes its note, as for any Attuned card
    that leaves play."""
    if l < 0 or not is_tether(s, t, l):
        return
    lose_tether(s, t, l)
    attuned_leaves_play(s, t, l)
    g = s.I[l, F_LOC]
    for i in beings_in_play(s):
        if s.I[i, F_LOC] == l and is_being(s, t, i):
            move_to(s, t, i, g)
    drop_objects(s, t, l)
    for c in others_in_play(s):
        if s.I[c, F_ZONE] == Z_PLAY and s.I[c, F_ATT] < 0 and s.I[c, F_LOC] == l and c != l:
            s.I[c, F_LOC] = g
    s.I[l, F_ZONE] = Z_DISCARD
    s.I[l, F_CTRL] = -1
    log(s, p, l, -1, T_DISCARD, 0)


@njit(cache=True)
def tether_target(s, t, p):
    """A Tether another Superior controls, for seat p to destroy; -1 if none."""
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] >= 0 and s.I[l, F_CTRL] != p:
            return l
    return -1


@njit(cache=True)
def in_its_tether(s, t, i, card):
    """Is Being i where ``card``'s "while in the Seneschal's Tether" text works?
    Seneschals' Abilities relate "to a Tether you conrol which must be specified
    when the card is attached": a Seneschal Rank works only at the Tether it is
    tied to (F_TIE), while i's controller controls it.  Other such text works at
    any Tether i's controller controls."""
    l = s.I[i, F_LOC]
    if not is_tether(s, t, l) or s.I[l, F_CTRL] != s.I[i, F_CTRL]:
        return False
    return t.C[s.I[card, F_DESIGN], D_KIND] != SENESCHAL or s.I[card, F_TIE] == l
