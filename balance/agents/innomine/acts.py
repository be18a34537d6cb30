"""The scripted styles' Acts (Phase 5): the value to a seat of each card it may
play now, and of each Being that may take a card.

The style plays, one card at a time, the card it values most that it can pay
for and still keep its Essence reserve -- no reserve while the hand holds more
cards than it may keep at the end of the turn, when the card kept back would
only be discarded (end_turn.hand_limit, I100); it stops when no card is worth
playing.  Each card has one target: the one its value names.
"""
from numba import njit

from ...agents.points import find, n_options, offered, subject
from .actions import best_ability
from .combat import target_value
from .hosts import human_worth
from ...rules.innomine.act_targets import can_plot_theft, inspirable, own_tether, playable
from ...rules.innomine.beings import can_hold, ctype_of, has_effect, is_being, is_human_card
from ...rules.innomine.combat import boost_helps
from ...rules.innomine.end_turn import hand_limit
from ...rules.innomine.essence import card_cost
from ...rules.innomine.hosts import is_rider
from .policies import (
    W_ATTACH,
    W_HOLD_TETHER,
    W_INFLUENCE,
    W_RESERVE,
    W_WAIT,
    score,
    servitor_value,
    weight,
)
from ...rules.innomine.redemption import bright_lilim, redeemable
from ...rules.innomine.resonances import influences
from ...rules.innomine.state import (
    F_CTRL,
    F_DESIGN,
    F_LOC,
    F_NATT,
    F_TRAUMA,
    S_ESSENCE,
    beings_in_play,
    collect_rivals,
    hand,
    realm_of,
)
from ...rules.innomine.tables import D_COST, D_CTYPE, D_EFFECTS, D_KIND, D_SIDE, P_SIDE
from ...rules.innomine.tethers import tether_target
from ...rules.innomine.vocabulary import (
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
    OBJECT,
    PERSONAL_ACT,
    RANK,
    RITE,
    SENESCHAL,
    SERVITOR,
    SKILL,
    SONG,
)


@njit(cache=True)
def choose_act(s, t, p):
    """The option of the ACT decision the style takes (act_targets.offer_acts)."""
    card, target = best_act(s, t, p, True)
    return 0 if card < 0 else offered(s, card, target)


@njit(cache=True)
def named_act(s, t, p):
    """ACT without the rows listed (decide.wants_options): the card the style
    plays next and its target, or (-1, -1) to stop."""
    return best_act(s, t, p, False)


@njit(cache=True)
def best_act(s, t, p, listed):
    """The card of p's hand the style values most (``card_value``) among those
    it may play (on a row of the ACT options if ``listed``, else
    act_targets.playable) and can pay for keeping its reserve, with the target
    its value names; (-1, -1) if none is worth playing."""
    card, target, best = -1, -1, 0.0
    waive = hand(s, p).shape[0] > hand_limit(s, t, p)
    for c in hand(s, p):
        cost = card_cost(s, t, p, c)
        reserve = 0.0 if waive or cost == 0 else weight(s, p, W_RESERVE)
        if cost > s.S[p, S_ESSENCE] - reserve or (listed and not _on_a_row(s, c)):
            continue
        v, tg = card_value(s, t, p, c)
        if v <= 0 or not (listed or playable(s, t, p, c)):
            continue
        sc = score(s, p, v)
        if sc > best:
            card, target, best = c, tg, sc
    return card, target


@njit(cache=True)
def _on_a_row(s, c):
    """Is card c on a row of the options listed?"""
    for k in range(n_options(s)):
        if s.opt[k, 0] == c:
            return True
    return False


@njit(cache=True)
def choose_holder(s, t, p):
    """The option of the GIVE_OBJECT decision the style takes: the Being of the
    Object's realm it helps most (``named_holder``), if any."""
    c, h = named_holder(s, t, p)
    return 0 if h < 0 else offered(s, c, h)


@njit(cache=True)
def named_holder(s, t, p):
    """GIVE_OBJECT without the rows listed (decide.wants_options): the loose card
    points.subject names and the Being of its realm it helps most
    (``best_holder``), or (-1, -1) to leave it."""
    c = subject(s)
    h = best_holder(s, t, p, c, realm_of(s, s.I[c, F_LOC]))
    return (c, h) if h >= 0 else (-1, -1)


@njit(cache=True)
def choose_tie(s, t, p):
    """SENESCHAL_TETHER: the Tether the Seneschal's holder stands at, if it is
    offered, else the first p controls."""
    return max(find(s, s.I[subject(s), F_LOC], -1), 0)


@njit(cache=True)
def card_value(s, t, p, c):
    """(value to seat p of playing card c now, its target); value <= 0 = not playable."""
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
        return (weight(s, p, W_HOLD_TETHER), -1) if can_plot_theft(s, t, p) else (0.0, -1)
    if code == E_DESTROY_TETHER:
        l = tether_target(s, t, p)
        return (weight(s, p, W_HOLD_TETHER), l) if l >= 0 else (0.0, -1)
    if code == E_REDEEM:
        lilim, bright = _redemption(s, t, p)
        if lilim < 0:
            return 0.0, -1
        v = target_value(s, t, p, lilim) + servitor_value(s, t, p, s.I[bright, F_DESIGN])
        return v, lilim
    if code == E_NONE:
        return 0.0, -1
    return 0.5, -1


@njit(cache=True)
def _redemption(s, t, p):
    """(Lilim, Bright Lilim) of a Redemption seat p would play now, or (-1, -1):
    of the Lilim p may Redeem, the one most worth taking out of play
    (combat.target_value), I55."""
    bright = bright_lilim(s, t, p)
    if bright < 0:
        return -1, -1
    best, best_v = -1, -1e9
    for j in beings_in_play(s):
        if redeemable(s, t, p, j):
            v = target_value(s, t, p, j)
            if v > best_v:
                best, best_v = j, v
    return (best, bright) if best >= 0 else (-1, -1)


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
def _human_of_other_side(s, t, p):
    """Penitence, Temptation: "Target a Human controlled by a Demon Prince" (an
    Archangel) -- of the Beings that count as Humans for card purposes (Saints
    and Undead too, I57) controlled by the other side, the one p wants most
    (hosts.human_worth); -1 if none."""
    best, best_v = -1, -1e9
    for h in beings_in_play(s):
        if (is_being(s, t, h) and is_human_card(s, t, s.I[h, F_DESIGN]) and s.I[h, F_CTRL] >= 0
                and t.seat[s.I[h, F_CTRL], P_SIDE] != t.seat[p, P_SIDE]):
            v = human_worth(s, t, p, h)
            if v > best_v:
                best, best_v = h, v
    return best


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
