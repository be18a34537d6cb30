"""Essence: the Gain Essence phase and paying costs (rulebook, phase 2).

"Add one Essence to your Essence Pool for every Servitor you have in play,
every Ethereal over which you have Influence, every Human or Animal in your
Realm, and every Human over which you have Influence, plus one Essence for
yourself."
"""
from numba import njit

from .animals import animals_in_realm
from .beings import is_being
from .objects import reliquary_pays
from .state import (
    F_ATTS,
    F_CTRL,
    F_DESIGN,
    F_DISCOUNT_USED,
    F_NATT,
    F_ZONE,
    S_ESSENCE,
    S_SOULS,
    S_SPENT,
    Z_PLAY,
    beings_in_play,
    log,
    others_in_play,
)
from .tables import D_COST, D_CTYPE
from .tethers import in_its_tether
from .trace import T_GAIN, T_SPEND
from .vocabulary import E_COST_DISCOUNT, ETHEREAL, HUMAN, MAX_EFFECTS, OBJECT, SERVITOR

APPLIES_OBJECTS, APPLIES_ACTIONS = 0, 1


@njit(cache=True)
def essence_income(s, t, p):
    """What seat p gains in phase 2.  Influenced Animals are not in the list:
    only "every Human or Animal in your Realm" counts for Animals."""
    n = 1 + s.S[p, S_SOULS] + animals_in_realm(s, t, p)
    for i in beings_in_play(s):
        if s.I[i, F_CTRL] == p and is_being(s, t, i):
            c = t.C[s.I[i, F_DESIGN], D_CTYPE]
            if c == SERVITOR or c == HUMAN or c == ETHEREAL:
                n += 1
    return n


@njit(cache=True)
def gain_essence(s, t, p):
    """Phase 2 for seat p; returns the Essence after gaining."""
    n = essence_income(s, t, p)
    s.S[p, S_ESSENCE] += n
    log(s, p, -1, -1, T_GAIN, n)
    return s.S[p, S_ESSENCE]


@njit(cache=True)
def pay(s, p, amount, card=-1, target=-1, code=T_SPEND):
    """Pay ``amount`` Essence (already checked affordable), traced with ``code``
    (T_BUY_BEFORE and T_BUY_AFTER say what a d666 roll's Essence bought)."""
    if amount > 0:
        s.S[p, S_ESSENCE] -= amount
        s.S[p, S_SPENT] += amount
        log(s, p, card, target, code, amount)


@njit(cache=True)
def _discount(t, d, applies):
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == E_COST_DISCOUNT and t.eff[d, k, 2] == applies:
            return k
    return -1


@njit(cache=True)
def card_cost(s, t, p, card):
    """Essence to bring ``card`` into play: its cost, less Relic Forge-style
    discounts on Objects from Objects p controls in play (min 0)."""
    d = s.I[card, F_DESIGN]
    c = t.C[d, D_COST]
    if t.C[d, D_CTYPE] == OBJECT:
        for j in others_in_play(s):
            if s.I[j, F_ZONE] == Z_PLAY and s.I[j, F_CTRL] == p and j != card:
                k = _discount(t, s.I[j, F_DESIGN], APPLIES_OBJECTS)
                if k >= 0:
                    c -= t.eff[s.I[j, F_DESIGN], k, 1]
    return c if c > 0 else 0


@njit(cache=True)
def action_cost(s, t, i, base, commit):
    """Essence that Being i pays for one of its actions: Seneschal-style
    discounts apply "while in the Seneschal's Tether" (tethers.in_its_tether),
    some only once per turn; then its Reliquaries pay what they still may this
    turn ("Up to X total Essence per turn may be deducted from the cost of
    actions taken by this Being").  Allowances are used up when ``commit``."""
    c = base
    for a in range(s.I[i, F_NATT]):
        card = s.I[i, F_ATTS + a]
        d = s.I[card, F_DESIGN]
        k = _discount(t, d, APPLIES_ACTIONS)
        if k < 0:
            continue
        where, per_turn = t.eff[d, k, 3], t.eff[d, k, 4]
        if where == 1 and not in_its_tether(s, t, i, card):
            continue
        if per_turn == 1 and s.I[i, F_DISCOUNT_USED] == 1:
            continue
        if commit and per_turn == 1 and c > 0:
            s.I[i, F_DISCOUNT_USED] = 1
        c -= t.eff[d, k, 1]
    c = c if c > 0 else 0
    return c - reliquary_pays(s, t, i, c, commit)


@njit(cache=True)
def pay_action(s, t, i, base):
    """Being i pays ``base`` Essence (less its discounts) for an action, if its
    controller still can; returns False (the action fizzles) if not."""
    p = s.I[i, F_CTRL]
    if action_cost(s, t, i, base, False) > s.S[p, S_ESSENCE]:
        return False
    pay(s, p, action_cost(s, t, i, base, True))
    return True
