"""What may be played in Phase 5, Act, and on whom (rulebook, "The Game Turn"
and "Other Cards in Detail"): the legal options of the decision kinds ACT,
GIVE_OBJECT and MOVE_OBJECT.

"Play any Acts you may have in your hand that you wish to play [...] Servitors
are played in their Home Realm.  Songs, Objects, and Ranks are given to Beings.
You may also give any uncontrolled Object to a Being in its Realm."
"""
from numba import njit

from ...agents.points import about, clear, n_options, offer
from .beings import can_hold, ctype_of, is_being, is_human_card
from .essence import card_cost
from .redemption import bright_lilim, redeemable
from .state import F_CTRL, F_DESIGN, F_LOC, F_OWNER, F_ATT, F_ZONE, S_ESSENCE, Z_PLAY, beings_in_play, hand, others_in_play, realm_of
from .tables import D_CTYPE, D_KIND, D_SIDE, D_SUPERIORS, P_SIDE, P_SUPERIOR
from .tethers import is_tether, plots_theft
from .vocabulary import (
    E_CONVERT_HUMAN,
    E_COST_DISCOUNT,
    E_DESTROY_TETHER,
    E_EXTRA_ACTION,
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
def offer_acts(s, t, p):
    """The options of seat p's next Act: stop (row 0), or any card of its hand it
    may play and pay for (``allowed``, essence.card_cost) on each target it may
    take (``offer_targets``)."""
    clear(s)
    offer(s, -1, -1)
    for c in hand(s, p):
        if allowed(s, t, p, c) and card_cost(s, t, p, c) <= s.S[p, S_ESSENCE]:
            offer_targets(s, t, p, c)


@njit(cache=True)
def essence_short(s, t, p):
    """1 if a card of p's hand could be played now (``playable``) but costs more
    Essence than p has left (essence.card_cost): Essence, not the rules, keeps
    it in hand; else 0.  Asked as the Acts end."""
    for c in hand(s, p):
        if card_cost(s, t, p, c) > s.S[p, S_ESSENCE] and playable(s, t, p, c):
            return 1
    return 0


@njit(cache=True)
def playable(s, t, p, c):
    """May p play card c of its hand on some target, Essence aside (``allowed``,
    ``offer_targets``)?  It overwrites the options listed."""
    if not allowed(s, t, p, c):
        return False
    clear(s)
    offer_targets(s, t, p, c, True)
    return n_options(s) > 0


@njit(cache=True)
def allowed(s, t, p, c):
    """Cards naming Superiors ("Belial, Saminga, or Nybbas gains ...") work only for them."""
    m = t.C[s.I[c, F_DESIGN], D_SUPERIORS]
    return m == 0 or (m >> t.seat[p, P_SUPERIOR]) & 1 == 1


@njit(cache=True)
def offer_targets(s, t, p, c, one=False):
    """Card c on each target it may take: a Servitor of p's side into its Home
    Realm; a Song, Skill, Rite, Rank or Object to each of p's Beings that may
    hold it (beings.can_hold), a cost-discount Object to a Tether p controls, a
    Seneschal only while p has a Tether ("necessary to produce Seneschals");
    Personal Acts by their first effect (``offer_personal_act``).  With ``one``,
    an attachment's first target is enough (``playable``)."""
    d = s.I[c, F_DESIGN]
    ct = t.C[d, D_CTYPE]
    if ct == SERVITOR:
        if t.C[d, D_SIDE] == t.seat[p, P_SIDE]:
            offer(s, c, -1)
    elif ct == SONG or ct == SKILL or ct == RITE or ct == RANK or ct == OBJECT:
        if ct == OBJECT and t.eff[d, 0, 0] == E_COST_DISCOUNT:
            for l in others_in_play(s):
                if is_tether(s, t, l) and s.I[l, F_CTRL] == p:
                    offer(s, c, l)
                    if one:
                        return
        elif not (ct == RANK and t.C[d, D_KIND] == SENESCHAL and own_tether(s, t, p) < 0):
            for i in beings_in_play(s):
                if s.I[i, F_CTRL] == p and is_being(s, t, i) and can_hold(s, t, i, c):
                    offer(s, c, i)
                    if one:
                        return
    elif ct == PERSONAL_ACT:
        offer_personal_act(s, t, p, c)


@njit(cache=True)
def offer_personal_act(s, t, p, c):
    """A Personal Act on each target its text allows: Penitence and Temptation a
    Human of the other side (I57), Inspiration a Human p Influences, a Tether's
    destruction a Tether another Superior controls, Redemption a Lilim p does not
    control while a Bright Lilim waits in p's Repository (I55), theft of a Tether
    while p plots none and another's Tether is in play; any other with no target."""
    code = t.eff[s.I[c, F_DESIGN], 0, 0]
    if code == E_CONVERT_HUMAN:
        for h in beings_in_play(s):
            if (is_being(s, t, h) and is_human_card(s, t, s.I[h, F_DESIGN]) and s.I[h, F_CTRL] >= 0
                    and t.seat[s.I[h, F_CTRL], P_SIDE] != t.seat[p, P_SIDE]):
                offer(s, c, h)
    elif code == E_EXTRA_ACTION:
        for h in beings_in_play(s):
            if inspirable(s, t, p, h):
                offer(s, c, h)
    elif code == E_DESTROY_TETHER:
        for l in others_in_play(s):
            if is_tether(s, t, l) and s.I[l, F_CTRL] >= 0 and s.I[l, F_CTRL] != p:
                offer(s, c, l)
    elif code == E_REDEEM:
        if bright_lilim(s, t, p) >= 0:
            for j in beings_in_play(s):
                if redeemable(s, t, p, j):
                    offer(s, c, j)
    elif code == E_STEAL_TETHER:
        if can_plot_theft(s, t, p):
            offer(s, c, -1)
    else:
        offer(s, c, -1)


@njit(cache=True)
def offer_holders(s, t, p, c):
    """Loose Object or Tool c: leave it (row 0), or give it to each of p's Beings
    in its realm that may hold it (points.subject: c)."""
    clear(s)
    about(s, c)
    offer(s, -1, -1)
    realm = realm_of(s, s.I[c, F_LOC])
    for i in beings_in_play(s):
        if (s.I[i, F_CTRL] == p and is_being(s, t, i) and realm_of(s, s.I[i, F_LOC]) == realm
                and can_hold(s, t, i, c)):
            offer(s, c, i)


@njit(cache=True)
def offer_new_holders(s, t, p, c):
    """Object c, on a Servitor of Fire of p's (Soldekai's text): it stays (row
    0), or goes to each other Servitor of Fire of p's that may hold it
    (points.subject: c)."""
    clear(s)
    about(s, c)
    offer(s, -1, -1)
    for j in beings_in_play(s):
        if j != s.I[c, F_ATT] and of_fire(s, t, j, p) and can_hold(s, t, j, c):
            offer(s, c, j)


@njit(cache=True)
def of_fire(s, t, i, p):
    """Is Being i a Servitor of Fire of p's, as Soldekai's text names them: a
    Servitor p controls and owns, an angel of p's own Superior?"""
    return (s.I[i, F_CTRL] == p and s.I[i, F_OWNER] == p and is_being(s, t, i)
            and t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR)


@njit(cache=True)
def loose(s, t, c, p):
    """Is card c an Object or Tool in play, held by no Being, that p may give:
    uncontrolled or p's own (a cost-discount Object goes to Tethers, not Beings)?"""
    if s.I[c, F_ZONE] != Z_PLAY or s.I[c, F_ATT] >= 0:
        return False
    ct = ctype_of(s, t, c)
    if ct != TOOL and ct != OBJECT:
        return False
    if ct == OBJECT and t.eff[s.I[c, F_DESIGN], 0, 0] == E_COST_DISCOUNT:
        return False
    return s.I[c, F_CTRL] < 0 or s.I[c, F_CTRL] == p


@njit(cache=True)
def own_tether(s, t, p):
    """The first Tether in play that p controls, or -1."""
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] == p:
            return l
    return -1


@njit(cache=True)
def inspirable(s, t, p, h):
    """Inspiration: "Target a Human a Gabrielite Angel Influences" -- a Being
    that counts as a Human (I57) under p's Influence: a Human p controls, or a
    Saint or Undead p holds other than as its own Superior."""
    return (is_being(s, t, h) and is_human_card(s, t, s.I[h, F_DESIGN]) and s.I[h, F_CTRL] == p
            and (t.C[s.I[h, F_DESIGN], D_CTYPE] == HUMAN or s.I[h, F_OWNER] != p))


@njit(cache=True)
def can_plot_theft(s, t, p):
    """A Tether-stealing card may be laid face down while p plots no other theft
    and another seat's Tether is in play."""
    if plots_theft(s, t, p):
        return False
    for l in others_in_play(s):
        if is_tether(s, t, l) and s.I[l, F_CTRL] != p:
            return True
    return False
