"""Card effect primitives: one dispatch for the closed vocabulary (DESIGN §4).

``apply_immediate`` runs the text of a Personal Act, Intervention or Nature
card as it resolves; ``use_ability`` runs an ability a Being takes an action
to use ("This Being may take an action to ...").  Always-on text is read where
it applies (beings.effect_sum, essence.card_cost, combat, end_turn).
"""
from numba import njit

from ...agents.points import MAX_OPTIONS, about, clear
from ...sim.seeding import d6
from .beings import (
    attuned_leaves_play,
    attach,
    detach,
    effect_param,
    initiates_encounter,
    is_being,
    is_human_card,
    set_influence,
)
from .combat import fire_song
from .damage import damage_from, resolve_zero_hits
from .deck_search import offer_copies, offer_found, take_found
from .dissonance import uses_card
from .humans import side_counter
from .readings import R_FIRST_TOOL, reads
from .redemption import redeem
from .resonances import has_influenced, influence_roll
from .tethers import destroy_tether
from .state import (
    F_ACTS,
    F_ATT,
    F_ATT_BY,
    F_ATTS,
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DMG,
    F_HEALED,
    F_HOST,
    F_LOC,
    F_NATT,
    F_OWNER,
    F_TEMP_CTRL,
    F_TRAUMA,
    F_ZONE,
    EVENTS,
    REPOSITORY,
    G_NEXT_TOKEN,
    MAX_ATT,
    S_ESSENCE,
    Z_DISCARD,
    Z_FACEDOWN,
    Z_UNUSED,
    beings_in_play,
    enter_play,
    loc_earth,
    loc_realm,
    log,
    realm_of,
)
from .tables import D_CTYPE, D_SIDE
from .trace import (
    T_ABILITY,
    T_DROP,
    T_FOUND_NOTHING,
    T_GAIN_TEXT,
    T_HEAL,
    T_INTERVENTION,
    T_LOCATION,
    T_LOSE,
    T_RELEASE,
    T_TOOL,
    T_USE_TEXT,
)
from .vocabulary import (
    C_BEINGS_HEALED,
    C_DAMAGE_HEALED,
    C_INFLUENCED_HEAVEN,
    C_LOCATIONS_HEAVEN,
    C_TOOLS_BROUGHT,
    E_CONVERT_HUMAN,
    E_DAMAGE_ALL,
    E_DAMAGE_LOCATION,
    E_DESTROY_OBJECT,
    E_DESTROY_TETHER,
    E_EXTRA_ACTION,
    E_GAIN_ESSENCE,
    E_HEAL,
    E_INFLUENCE,
    E_NATURE_IMMUNE,
    E_REDEEM,
    E_RELEASE_TRAUMA,
    E_SEARCH_LOCATION,
    E_SEARCH_SKILL,
    E_SEARCH_TOOL,
    E_TOKEN_TOOL,
    HUMAN,
    LOCATION,
    MAX_EFFECTS,
    OBJECT,
    RITE,
    SERVITOR,
    TOOL,
)


@njit(cache=True)
def _count(s, t, i, counter, n):
    """A Human's own action counts toward its Destiny or Fate."""
    if t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN:
        s.I[i, F_CNT + counter] += n


@njit(cache=True)
def apply_immediate(s, t, p, card, target):
    """Resolve every effect of a Personal Act, Intervention or Nature card."""
    d = s.I[card, F_DESIGN]
    if t.eff[d, 0, 0] == E_RELEASE_TRAUMA or t.eff[d, 0, 0] == E_DAMAGE_ALL:
        log(s, p, card, -1, T_INTERVENTION, 0)
    for k in range(MAX_EFFECTS):
        code = t.eff[d, k, 0]
        a, b, c = t.eff[d, k, 1], t.eff[d, k, 2], t.eff[d, k, 3]
        if code == E_GAIN_ESSENCE:
            s.S[p, S_ESSENCE] += a
            log(s, p, card, -1, T_GAIN_TEXT, a)
        elif code == E_CONVERT_HUMAN:
            convert_human(s, t, p, target)
        elif code == E_EXTRA_ACTION:
            s.I[target, F_ACTS] += a
        elif code == E_RELEASE_TRAUMA:
            release_trauma(s, t, a, card)
        elif code == E_DAMAGE_ALL:
            damage_all(s, t, a, b, c, card)
        elif code == E_DESTROY_TETHER:
            destroy_tether(s, t, p, target)
        elif code == E_REDEEM:
            redeem(s, t, p, target)


@njit(cache=True)
def convert_human(s, t, p, h):
    """Penitence: "That Human becomes Influenced by an Archangel [...] but loses
    all Objects and Rites attached by a Demon Prince" (and gains an action)."""
    k = 0
    while k < s.I[h, F_NATT]:
        c = s.I[h, F_ATTS + k]
        ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
        if s.I[c, F_ATT_BY] != p and s.I[c, F_ATT_BY] >= 0 and (ct == RITE or ct == OBJECT or ct == TOOL):
            detach(s, c)
            if ct == RITE:
                s.I[c, F_ZONE] = Z_DISCARD
                log(s, s.I[h, F_CTRL], h, c, T_LOSE, 0)
            else:
                s.I[c, F_CTRL] = -1
                s.I[c, F_LOC] = s.I[h, F_LOC]
                log(s, s.I[h, F_CTRL], h, c, T_DROP, s.I[c, F_LOC])
        else:
            k += 1
    s.I[h, F_TEMP_CTRL] = 0
    set_influence(s, t, h, p, -1)


@njit(cache=True)
def release_trauma(s, t, side, card):
    """Divine Intervention (``card``): "any Angels in Trauma are released
    immediately and regenerate all damage"."""
    for i in beings_in_play(s):
        if s.I[i, F_TRAUMA] > 0 and is_being(s, t, i) and (side == 2 or t.C[s.I[i, F_DESIGN], D_SIDE] == side):
            s.I[i, F_TRAUMA] = 0
            for r in range(3):
                s.I[i, F_DMG + r] = 0
            log(s, s.I[i, F_CTRL], card, i, T_RELEASE, 0)


@njit(cache=True)
def damage_all(s, t, r, amount, who, card):
    """Nature (``card``): damage to the Beings on Earth of a kind (0 Humans, 1 all,
    2 Servitors), except at Locations unaffected by Nature; not to a Kyriotate or
    Shedite riding a host, which is not manifest (I60)."""
    for i in beings_in_play(s):
        if not is_being(s, t, i) or realm_of(s, s.I[i, F_LOC]) != loc_earth(s) or s.I[i, F_HOST] >= 0:
            continue
        l = s.I[i, F_LOC]
        if l < s.I.shape[0] and _has_code(t, s.I[l, F_DESIGN], E_NATURE_IMMUNE):
            continue
        c = t.C[s.I[i, F_DESIGN], D_CTYPE]
        if who == 1 or (who == 0 and is_human_card(s, t, s.I[i, F_DESIGN])) or (who == 2 and c == SERVITOR):
            damage_from(s, t, card, i, r, amount)
    resolve_zero_hits(s, t)


@njit(cache=True)
def _has_code(t, d, code):
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == code:
            return True
    return False


# ------------------------------------------------------------------ abilities (take an action)
@njit(cache=True)
def use_ability(s, t, i, card, code, target):
    """Being i takes its action to use ``code`` from ``card``'s text on ``target``
    (on a Djinn Attuned to i, an encounter i initiates)."""
    uses_card(s, t, i, card)
    if target >= 0:
        initiates_encounter(s, i, target)
    if code == E_HEAL:
        heal(s, t, i, card, target)
    elif code == E_SEARCH_TOOL:
        _searched(s, i, card, search_tool(s, t, i))
    elif code == E_SEARCH_LOCATION:
        _searched(s, i, card, search_location(s, t, i, card))
    elif code == E_SEARCH_SKILL:
        _searched(s, i, card, search_skill(s, t, i))
    elif code == E_INFLUENCE:
        human_influence(s, t, i, card, target)
    elif code == E_DESTROY_OBJECT:
        destroy_object(s, t, i, card, target)
    elif code == E_TOKEN_TOOL:
        token_tool(s, t, i, target)
    elif code == E_DAMAGE_LOCATION:
        fire_song(s, t, i, card, s.I[i, F_LOC])
        resolve_zero_hits(s, t)


@njit(cache=True)
def heal(s, t, i, card, j):
    """Nurse: "target a Being in her Location and roll d6.  That Being removes
    Corporeal Damage equal to half the amount rolled, rounded up"."""
    r = effect_param(s, t, card, E_HEAL, 1)
    div = effect_param(s, t, card, E_HEAL, 2)
    roll = d6(s.rng)
    n = (roll + div - 1) // div
    if n > s.I[j, F_DMG + r]:
        n = s.I[j, F_DMG + r]
    s.I[j, F_DMG + r] -= n
    log(s, s.I[i, F_CTRL], i, j, T_HEAL, n)
    if t.C[s.I[i, F_DESIGN], D_CTYPE] != HUMAN:
        return
    s.I[i, F_CNT + C_DAMAGE_HEALED] += n
    for k in range(4):
        if s.I[i, F_HEALED + k] == j:
            return
        if s.I[i, F_HEALED + k] < 0:
            s.I[i, F_HEALED + k] = j
            s.I[i, F_CNT + C_BEINGS_HEALED] += 1
            return


@njit(cache=True)
def _searched(s, i, card, found):
    """After i's search with ``card``'s text: the log says when it found nothing,
    so that the action shows."""
    if not found:
        log(s, s.I[i, F_CTRL], i, card if card != i else -1, T_FOUND_NOTHING, 0)


@njit(cache=True)
def search_tool(s, t, i):
    """Tinkerer: "search through their Events Deck for a Tool to bring into play
    which can be attached immediately" -- the Tool the controller's agent
    takes (deck_search), attached to the Tinkerer; under the reading
    ``tinkerer_tool = first``, the first Tool from the top."""
    p = s.I[i, F_CTRL]
    clear(s)
    about(s, i)
    offer_found(s, t, p, EVENTS, TOOL, -1, 0, 1 if reads(s, R_FIRST_TOOL) else MAX_OPTIONS)
    tool = take_found(s, t, p, EVENTS)
    if tool < 0:
        return False
    enter_play(s, tool, False)
    s.I[tool, F_LOC] = s.I[i, F_LOC]
    s.I[tool, F_CTRL] = -1
    s.I[tool, F_ATT] = -1
    log(s, p, i, tool, T_TOOL, 0)
    _count(s, t, i, C_TOOLS_BROUGHT, 1)
    attach(s, t, tool, i, p)
    return True


@njit(cache=True)
def search_location(s, t, i, card):
    """Explorer: "search the top 6 cards of any Events Deck for a non-Tether
    Location and bring it into play under control of" i's Superior: the
    Location its agent takes, of any seat's deck (deck_search)."""
    p = s.I[i, F_CTRL]
    depth = effect_param(s, t, card, E_SEARCH_LOCATION, 1)
    clear(s)
    about(s, i)
    for k in range(s.S.shape[0]):
        offer_found(s, t, (p + k) % s.S.shape[0], EVENTS, LOCATION, -1, depth, MAX_OPTIONS)
    l = take_found(s, t, p, EVENTS)
    if l < 0:
        return False
    enter_play(s, l, False)
    s.I[l, F_LOC] = loc_earth(s)
    s.I[l, F_CTRL] = p
    log(s, p, i, l, T_LOCATION, 0)
    _count(s, t, i, side_counter(t, s.I[i, F_CTRL], C_LOCATIONS_HEAVEN), 1)
    return True


@njit(cache=True)
def human_influence(s, t, i, card, j):
    """Artist: "target a Human and roll d6.  If the roll is greater than or equal
    to target's Ethereal Hits, Pen has Influenced them"; counts for i's side.
    A Habbalite's hold lasts until the end of the turn (resonances.has_influenced, I94).
    The log names the card (-1: i's own text) before the roll, which is not i's Resonance."""
    log(s, s.I[i, F_CTRL], i, card if card != i else -1, T_USE_TEXT, 0)
    stat = effect_param(s, t, card, E_INFLUENCE, 1)
    op = effect_param(s, t, card, E_INFLUENCE, 2)
    ok, r = influence_roll(s, t, i, j, stat, op)
    if ok:
        has_influenced(s, t, i, j)
        _count(s, t, i, side_counter(t, s.I[i, F_CTRL], C_INFLUENCED_HEAVEN), 1)


@njit(cache=True)
def destroy_object(s, t, i, card, obj):
    """Therkax: "destroy an Object at his Location by making a Resonance Roll and
    succeeding with a 5 or 6"."""
    roll = d6(s.rng)
    log(s, s.I[i, F_CTRL], i, obj, T_ABILITY, roll)
    if roll >= effect_param(s, t, card, E_DESTROY_OBJECT, 1):
        attuned_leaves_play(s, t, obj)
        detach(s, obj)
        s.I[obj, F_ZONE] = Z_DISCARD


@njit(cache=True)
def token_tool(s, t, i, tool):
    """Junkyard: a Being there forfeits an action to bring "one token copy of any
    Tool in play" into play (uncontrolled, at the Junkyard)."""
    k = s.g[G_NEXT_TOKEN]
    if k >= s.I.shape[0] or s.I[k, F_ZONE] != Z_UNUSED:
        return
    s.g[G_NEXT_TOKEN] = k + 1
    s.I[k, F_DESIGN] = s.I[tool, F_DESIGN]
    s.I[k, F_OWNER] = s.I[i, F_CTRL]
    enter_play(s, k, False)
    s.I[k, F_CTRL] = -1
    s.I[k, F_ATT] = -1
    s.I[k, F_LOC] = s.I[i, F_LOC]
    log(s, s.I[i, F_CTRL], i, k, T_TOOL, 1)
    _count(s, t, i, C_TOOLS_BROUGHT, 1)


@njit(cache=True)
def search_skill(s, t, i):
    """Computer: "search through Repository for a copy of any Skill they have and
    attach" it (to the holder, with the Computer): the copy the controller's
    agent takes (deck_search.offer_copies, SEARCH_PICK).  A holder with every
    attachment slot taken (MAX_ATT) cannot take the Skill, so it does not search:
    the card would leave the Repository and land nowhere."""
    p = s.I[i, F_CTRL]
    if s.I[i, F_NATT] >= MAX_ATT:
        return False
    clear(s)
    about(s, i)
    offer_copies(s, t, i, p)
    c = take_found(s, t, p, REPOSITORY)
    if c < 0:
        return False
    attach(s, t, c, i, p)
    return True


@njit(cache=True)
def play_facedown(s, p, card):
    """Dynamite Hit: "Play face down in Belial's Realm"."""
    s.I[card, F_ZONE] = Z_FACEDOWN
    s.I[card, F_LOC] = loc_realm(s, p)
