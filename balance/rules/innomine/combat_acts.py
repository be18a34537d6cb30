"""Combat Acts in the hand (rulebook, "Types of Cards" and "Other Cards in Detail").

"Combat Acts -- aid your Servitors during the Combat phase.  Unlike all other
acts, these may be played during the Combat phase"; they are "the only kind of
Acts which may be played during combat (and these cards may only be played
then)".  Phase 6a: "Combat Acts may be played at any time during this
progression -- if multiple Acts are played at between two other actions, they
take effect in the order in which they were played."

This module knows which Combat Acts a seat holds and plays one; when a combat
offers them, and what each does, is combat.py.  ``state.to_hand`` keeps, per
seat, the effect codes of the Combat Acts that came into the hand
(S_HAND_ACTS); cards leave the hand without telling it, so the mask may hold
codes of cards gone, and each look into the hand sets it right.  A seat that
holds no Combat Act therefore costs a combat one bit test at each point (I72).
"""
from numba import njit

from .essence import card_cost, pay
from .state import F_DESIGN, F_ZONE, S_ESSENCE, S_HAND_ACTS, S_MASK_PLAYED, Z_DISCARD, hand, log, mark
from .tables import D_CTYPE, D_EFFECTS
from .trace import T_PLAY
from .vocabulary import COMBAT_ACT, MAX_EFFECTS


@njit(cache=True)
def may_hold(s, p, code):
    """Might seat p hold a Combat Act with effect ``code``?  False: it holds none."""
    return s.S[p, S_HAND_ACTS] & (1 << code) != 0


@njit(cache=True)
def _scan(s, t, p, code, realm):
    """Look through p's hand: (the first Combat Act with effect ``code`` -- whose
    first parameter is ``realm`` if realm >= 0 -- that p can pay for, or -1;
    bitmask 1 << realm of the first parameters of every such effect on the Acts
    p can pay for), setting S_HAND_ACTS to the codes of the Combat Acts held."""
    held, card, realms = 0, -1, 0
    for c in hand(s, p):
        d = s.I[c, F_DESIGN]
        if t.C[d, D_CTYPE] != COMBAT_ACT:
            continue
        held |= t.C[d, D_EFFECTS]
        if t.C[d, D_EFFECTS] & (1 << code) == 0 or card_cost(s, t, p, c) > s.S[p, S_ESSENCE]:
            continue
        for k in range(MAX_EFFECTS):
            if t.eff[d, k, 0] == code:
                realms |= 1 << t.eff[d, k, 1]
                if card < 0 and (realm < 0 or t.eff[d, k, 1] == realm):
                    card = c
    s.S[p, S_HAND_ACTS] = held
    return card, realms


@njit(cache=True)
def hand_act(s, t, p, code, realm):
    """A Combat Act in p's hand with effect ``code`` (naming ``realm``, if >= 0)
    that p can pay for, or -1; one bit test when p holds none."""
    if not may_hold(s, p, code):
        return -1
    return _scan(s, t, p, code, realm)[0]


@njit(cache=True)
def act_realms(s, t, p, code):
    """The realms (bitmask 1 << realm) that p's affordable Combat Acts with
    effect ``code`` name: the combat types its Attack Acts (``combat_type``) or
    Defense Acts (``defense_type``) can give a combat."""
    if not may_hold(s, p, code):
        return 0
    return _scan(s, t, p, code, -1)[1]


@njit(cache=True)
def play_act(s, t, p, c, target):
    """Seat p plays Combat Act c (at ``target``, or -1): pays for it, discards it;
    its effect is the caller's, at once ("they take effect in the order in which
    they were played")."""
    log(s, p, c, target, T_PLAY, 0)
    pay(s, p, card_cost(s, t, p, c))
    mark(s, S_MASK_PLAYED, p, t, s.I[c, F_DESIGN])
    s.I[c, F_ZONE] = Z_DISCARD
