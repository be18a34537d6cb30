"""Phase 5, Act (rulebook, "The Game Turn" and "Other Cards in Detail").

"Play any Acts you may have in your hand that you wish to play [...] Servitors
are played in their Home Realm.  Songs, Objects, and Ranks are given to Beings.
You may also give any uncontrolled Object to a Being in its Realm."
The seat's policy picks, one card at a time, the best affordable card it
values, keeping its Essence reserve for anything that costs.
"""
from numba import njit

from .actions import best_ability
from .beings import attach, can_hold, ctype_of, has_effect, into_realm, is_being, is_human_card
from .combat import boost_helps, target_value
from .draw import mark
from .effects import apply_immediate, play_facedown
from .end_turn import hand_limit
from .essence import card_cost, pay
from .host_resonance import human_worth
from .hosts import is_rider
from .policies import (
    W_ATTACH,
    W_HOLD_TETHER,
    W_INFLUENCE,
    W_RESERVE,
    W_WAIT,
    is_random,
    score,
    servitor_value,
    weight,
)
from .state import (
    F_ATT,
    F_CTRL,
    F_DESIGN,
    F_LOC,
    F_NATT,
    F_OWNER,
    F_TIE,
    F_TRAUMA,
    F_ZONE,
    HAND_SIZE,
    S_ESSENCE,
    S_MASK_PLAYED,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    collect_rivals,
    hand,
    log,
    others_in_play,
    realm_of,
)
from .tables import D_COST, D_CTYPE, D_EFFECTS, D_KIND, D_SIDE, D_SUPERIORS, P_SIDE, P_SUPERIOR
from .objects import recall_artifacts
from .redemption import redemption
from .resonances import influences
from .tethers import is_tether, plots_theft, tether_target
from .trace import T_PLAY
from .vocabulary import (
    E_CONVERT_HUMAN,
    E_COST_DISCOUNT,
    E_DESTROY_TETHER,
    E_EXTRA_ACTION,
    E_GAIN_ESSENCE,
    E_INFLUENCE,
    E_INFLUENCE_BONUS,
    E_NONE,
    E_REDEEM,
    E_STEAL_TETHER,
    HUMAN,
    OBJECT,
    PERSONAL_ACT,
    RANK,
    RITE,
    SENESCHAL,
    SERVITOR,
    SKILL,
    SONG,
    TOOL,
)


@njit(cache=True)
def acts_phase(s, t, p):
    """Phase 5 for seat p: its Artifacts come back and loose Objects are given;
    then, card by card, it plays the one it values most (card_value) that it can
    pay for and still keep the policy's reserve of Essence -- no reserve while
    the hand holds more cards than it may keep at the end of the turn, when the
    card kept back would only be discarded (end_turn.hand_limit, I100)."""
    recall_artifacts(s, t, p)
    give_loose_objects(s, t, p)
    for _ in range(2 * HAND_SIZE + 8):
        card, target, best = -1, -1, 0.0
        waive = is_random(s, p) or hand(s, p).shape[0] > hand_limit(s, t, p)
        for c in hand(s, p):
            cost = card_cost(s, t, p, c)
            reserve = 0.0 if waive or cost == 0 else weight(s, p, W_RESERVE)
            if cost > s.S[p, S_ESSENCE] - reserve:
                continue
            v, tg = card_value(s, t, p, c)
            if v <= 0:
                continue
            sc = score(s, p, v)
            if sc > best:
                card, target, best = c, tg, sc
        if card < 0:
            return
        play_card(s, t, p, card, target)


@njit(cache=True)
def allowed(s, t, p, c):
    """Cards naming Superiors ("Belial, Saminga, or Nybbas gains ...") work only for them."""
    m = t.C[s.I[c, F_DESIGN], D_SUPERIORS]
    return m == 0 or (m >> t.seat[p, P_SUPERIOR]) & 1 == 1


@njit(cache=True)
def card_value(s, t, p, c):
    """(value to seat p of playing card c now, its target); value <= 0 = not playable."""
    if not allowed(s, t, p, c):
        return 0.0, -1
    d = s.I[c, F_DESIGN]
    ct = t.C[d, D_CTYPE]
    if ct == SERVITOR:
        if t.C[d, D_SIDE] != t.seat[p, P_SIDE]:
            return 0.0, -1
        return servitor_value(s, t, p, d), -1
    if ct == SONG or ct == SKILL or ct == RITE or ct == RANK or ct == OBJECT:
        if t.eff[d, 0, 0] == E_COST_DISCOUNT and ct == OBJECT:
            tether = own_tether(s, t, p)
            return (0.3 * weight(s, p, W_ATTACH), tether) if tether >= 0 else (0.0, -1)
        if ct == RANK and t.C[d, D_KIND] == SENESCHAL and own_tether(s, t, p) < 0:
            return 0.0, -1   # Tethers "are necessary to produce Seneschals"
        h = best_holder(s, t, p, c, -1)
        return (weight(s, p, W_ATTACH), h) if h >= 0 else (0.0, -1)
    if ct == PERSONAL_ACT:
        return act_value(s, t, p, c)
    return 0.0, -1


@njit(cache=True)
def act_value(s, t, p, c):
    """Personal Acts by their first effect."""
    d = s.I[c, F_DESIGN]
    code = t.eff[d, 0, 0]
    if code == E_GAIN_ESSENCE:
        return 10.0, -1
    if code == E_CONVERT_HUMAN:
        h = _human_of_other_side(s, t, p)
        return (2.0 * weight(s, p, W_INFLUENCE), h) if h >= 0 else (0.0, -1)
    if code == E_EXTRA_ACTION:
        return _inspired_human(s, t, p)
    if code == E_STEAL_TETHER:
        return (weight(s, p, W_HOLD_TETHER), -1) if _can_plot_theft(s, t, p) else (0.0, -1)
    if code == E_DESTROY_TETHER:
        l = tether_target(s, t, p)
        return (weight(s, p, W_HOLD_TETHER), l) if l >= 0 else (0.0, -1)
    if code == E_REDEEM:
        lilim, bright = redemption(s, t, p)
        if lilim < 0:
            return 0.0, -1
        v = target_value(s, t, p, lilim) + servitor_value(s, t, p, s.I[bright, F_DESIGN])
        return v, lilim
    if code == E_NONE:
        return 0.0, -1
    return 0.5, -1


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
            s.I[c, F_TIE] = _tether_for(s, t, target, p)   # "specified when the card is attached"


@njit(cache=True)
def best_holder(s, t, p, c, realm):
    """The friendly Being that card c helps most: Servitors before Humans, the
    least-laden first (realm >= 0 restricts to Beings in that realm); none that
    could not use its combat boost (combat.boost_helps) or its Influence bonus
    (_bonus_helps)."""
    best, best_v = -1, -1e9
    for i in beings_in_play(s):
        if (s.I[i, F_CTRL] != p or not is_being(s, t, i) or s.I[i, F_TRAUMA] > 0 or not can_hold(s, t, i, c)
                or not boost_helps(s, t, i, c) or not _bonus_helps(s, t, i, c)):
            continue
        if realm >= 0 and realm_of(s, s.I[i, F_LOC]) != realm:
            continue
        v = (2.0 if ctype_of(s, t, i) == SERVITOR else 1.0) - 0.5 * s.I[i, F_NATT] + 0.01 * t.C[s.I[i, F_DESIGN], D_COST]
        if v > best_v:
            best, best_v = i, v
    return best


@njit(cache=True)
def _bonus_helps(s, t, i, c):
    """Is card c of use to Being i as far as its Influence bonus goes?  "Add +1 to
    any attempt to Influence a Being by holder" (Acting) is nothing to a Being
    that makes no such attempt: one with no Influence Resonance
    (resonances.influences), no attaching to a host (a Kyriotate or Shedite,
    hosts.is_rider) and no Influence ability in its game text (I99)."""
    if t.C[s.I[c, F_DESIGN], D_EFFECTS] & (1 << E_INFLUENCE_BONUS) == 0:
        return True
    return influences(s, t, i) or is_rider(t, s.I[i, F_DESIGN]) or has_effect(s, t, i, E_INFLUENCE)


@njit(cache=True)
def give_loose_objects(s, t, p):
    """Give uncontrolled Objects (and p's own loose ones) to a Being in their realm."""
    for c in others_in_play(s):
        if s.I[c, F_ZONE] != Z_PLAY or s.I[c, F_ATT] >= 0:
            continue
        ct = ctype_of(s, t, c)
        if (ct == TOOL or ct == OBJECT) and (s.I[c, F_CTRL] < 0 or s.I[c, F_CTRL] == p):
            if ct == OBJECT and t.eff[s.I[c, F_DESIGN], 0, 0] == E_COST_DISCOUNT:
                continue
            h = best_holder(s, t, p, c, realm_of(s, s.I[c, F_LOC]))
            if h >= 0:
                attach(s, t, c, h, p)


@njit(cache=True)
def own_tether(s, t, p):
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] == p:
            return l
    return -1


@njit(cache=True)
def _tether_for(s, t, i, p):
    """A Seneschal is tied to the Tether its holder stands at, else to one p controls."""
    if is_tether(s, t, s.I[i, F_LOC]) and s.I[s.I[i, F_LOC], F_CTRL] == p:
        return s.I[i, F_LOC]
    return own_tether(s, t, p)


@njit(cache=True)
def _human_of_other_side(s, t, p):
    """Penitence, Temptation: "Target a Human controlled by a Demon Prince" (an
    Archangel) -- of the Beings that count as Humans for card purposes (Saints
    and Undead too, I57) controlled by the other side, the one p wants most
    (host_resonance.human_worth); -1 if none."""
    best, best_v = -1, -1e9
    for h in beings_in_play(s):
        if (is_being(s, t, h) and is_human_card(t, s.I[h, F_DESIGN]) and s.I[h, F_CTRL] >= 0
                and t.seat[s.I[h, F_CTRL], P_SIDE] != t.seat[p, P_SIDE]):
            v = human_worth(s, t, p, h)
            if v > best_v:
                best, best_v = h, v
    return best


@njit(cache=True)
def inspirable(s, t, p, h):
    """Inspiration: "Target a Human a Gabrielite Angel Influences" -- a Being
    that counts as a Human (I57) under p's Influence: a Human p controls, or a
    Saint or Undead p holds other than as its own Superior."""
    return (is_being(s, t, h) and is_human_card(t, s.I[h, F_DESIGN]) and s.I[h, F_CTRL] == p
            and (t.C[s.I[h, F_DESIGN], D_CTYPE] == HUMAN or s.I[h, F_OWNER] != p))


@njit(cache=True)
def _inspired_human(s, t, p):
    """Inspiration's "That Human gains an extra action this Turn": the policies
    give it to the inspirable Being whose game text is worth most to use once
    more (actions.best_ability), and only where that is worth more than a Wait
    (I90).  Returns (value, target)."""
    collect_rivals(s, p)
    best_h, best = -1, weight(s, p, W_WAIT)
    for h in beings_in_play(s):
        if inspirable(s, t, p, h):
            v = best_ability(s, t, h, p)[2]
            if v > best:
                best_h, best = h, v
    return (best, best_h) if best_h >= 0 else (0.0, -1)


@njit(cache=True)
def _can_plot_theft(s, t, p):
    if plots_theft(s, t, p):
        return False
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] != p:
            return True
    return False
