"""Phase 5, Act (rulebook, "The Game Turn" and "Other Cards in Detail").

"Play any Acts you may have in your hand that you wish to play [...] Servitors
are played in their Home Realm.  Songs, Objects, and Ranks are given to Beings.
You may also give any uncontrolled Object to a Being in its Realm."
What may be played, and on whom, is ``act_targets``'; the seat's agent chooses.
"""
from numba import njit

from ...agents.innomine.decide import asked, decide, named, picked, wants_options
from ...agents.points import about, clear, offer
from .act_targets import loose, of_fire, offer_acts, offer_holders, offer_new_holders
from .beings import attach, detach, find_effect, has_text, into_realm, is_being
from .decisions import ACT, GIVE_OBJECT, MOVE_OBJECT, SENESCHAL_TETHER
from .draw import mark
from .effects import apply_immediate, play_facedown
from .essence import card_cost, pay
from .objects import recall_artifacts
from .state import (
    F_ATT,
    F_CTRL,
    F_DESIGN,
    F_TIE,
    F_ZONE,
    HAND_SIZE,
    S_MASK_PLAYED,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    log,
    others_in_play,
)
from .tables import D_CTYPE, D_KIND, in_game
from .tethers import is_tether
from .trace import T_PLAY
from .vocabulary import E_MOVE_OBJECTS, E_STEAL_TETHER, OBJECT, PERSONAL_ACT, RANK, SENESCHAL, SERVITOR


@njit(cache=True)
def acts_phase(s, t, p):
    """Phase 5 for seat p: its Artifacts come back, loose Objects may be given
    and, under Soldekai's text, Objects may pass between Servitors of Fire
    (``move_objects``); then, card by card, its agent chooses an Act among the
    legal ones (act_targets.offer_acts), until it chooses to stop.  A scripted
    style names its card without the list (decide.wants_options)."""
    recall_artifacts(s, t, p)
    give_loose_objects(s, t, p)
    move_objects(s, t, p)
    for _ in range(2 * HAND_SIZE + 8):
        if wants_options(s, p, ACT):
            offer_acts(s, t, p)
            k = decide(s, t, p, ACT)
            c, target = s.opt[k, 0], s.opt[k, 1]
        else:
            c, target = named(s, t, p, ACT)
        if c < 0:
            return
        play_card(s, t, p, c, target)


@njit(cache=True)
def play_card(s, t, p, c, target):
    """Pay for card c and put it where its type goes."""
    log(s, p, c, target, T_PLAY, 0)
    pay(s, p, card_cost(s, t, p, c))
    mark(s, S_MASK_PLAYED, p, t, s.I[c, F_DESIGN])
    d = s.I[c, F_DESIGN]
    ct = t.C[d, D_CTYPE]
    if ct == SERVITOR:
        into_realm(s, c, p, 1)
    elif ct == PERSONAL_ACT:
        if t.eff[d, 0, 0] == E_STEAL_TETHER:
            play_facedown(s, p, c)
        else:
            s.I[c, F_ZONE] = Z_DISCARD
            apply_immediate(s, t, p, c, target)
    else:
        attach(s, t, c, target, p)
        if ct == RANK and t.C[d, D_KIND] == SENESCHAL:
            s.I[c, F_TIE] = _tether_for(s, t, target, p)


@njit(cache=True)
def give_loose_objects(s, t, p):
    """Each loose Object or Tool p may give (act_targets.loose) goes to the Being
    of its realm that p's agent chooses, or stays where it is.  A scripted
    style names the Being without the list (decide.wants_options)."""
    for c in others_in_play(s):
        if not loose(s, t, c, p):
            continue
        if wants_options(s, p, GIVE_OBJECT):
            offer_holders(s, t, p, c)
            h = s.opt[decide(s, t, p, GIVE_OBJECT), 1]
        else:
            clear(s)
            about(s, c)
            h = named(s, t, p, GIVE_OBJECT)[1]
        if h >= 0:
            attach(s, t, c, h, p)


@njit(cache=True)
def move_objects(s, t, p):
    """Soldekai: "While Soldekai is in play, all angels controlled by Gabriel
    gain the game text 'Objects attached to this Servitor may be attached to a
    different Servitor of Fire during the Acts phase.'"  While a Being p
    controls has that text (effect ``move_objects``), each Object on a Servitor
    of Fire of p's that has game text (I60) may go to another, as p's agent
    chooses (MOVE_OBJECT, act_targets.offer_new_holders); each Object once a phase.
    A scripted style says whether it moves any before the rules look
    (decide.wants_options)."""
    if not in_game(t, E_MOVE_OBJECTS) or (not wants_options(s, p, MOVE_OBJECT)
                                          and named(s, t, p, MOVE_OBJECT)[0] < 0):
        return
    text = False        # Soldekai's text in play: looked for once an Object could pass, most turns none can
    for c in others_in_play(s):
        h = s.I[c, F_ATT]
        if (s.I[c, F_ZONE] != Z_PLAY or h < 0 or t.C[s.I[c, F_DESIGN], D_CTYPE] != OBJECT
                or not of_fire(s, t, h, p) or not has_text(s, h)):
            continue
        if not text:
            if not _moves_objects(s, t, p):
                return
            text = True
        offer_new_holders(s, t, p, c)
        j = s.opt[asked(s, t, p, MOVE_OBJECT), 1]
        if j >= 0:
            detach(s, c)
            attach(s, t, c, j, p)


@njit(cache=True)
def _moves_objects(s, t, p):
    """Does a Being p controls have Soldekai's text (effect ``move_objects``)?"""
    for i in beings_in_play(s):
        if s.I[i, F_CTRL] == p and is_being(s, t, i) and find_effect(s, t, i, E_MOVE_OBJECTS) >= 0:
            return True
    return False


@njit(cache=True)
def _tether_for(s, t, i, p):
    """Seneschals "give Abilities relating to a Tether you control which must be
    specified when the card is attached": the one p's agent names
    (SENESCHAL_TETHER) for the Seneschal given to Being i, or -1 if p has none."""
    clear(s)
    about(s, i)
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] == p:
            offer(s, l, -1)
    return picked(s, t, p, SENESCHAL_TETHER, -1)
