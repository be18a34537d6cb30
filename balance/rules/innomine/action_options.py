"""What a Being may do with its action in Phase 6 (rulebook, "The Game Turn"):
the legal options of the decision kinds ACTION, FREE_MOVE and FREE_ATTACK.

"Move: to any location in their home Realm; to or from any Location [...]
within their current Realm; up or down a Tether at which they are located.
Attack: any Being in their Realm.  [...]  Use an ability: on a target of an
appropriate type.  Wait: that is, do none of the above."  The Resonances and
abilities are each choir's and card's own (``resonances``, ``attunement``,
``host_resonance``, ``seraphim``, ``effects``).

An ACTION row is (``decisions.pack(kind, target, second)``, b): b is an
ability's ``decisions.ability_b``, else -1.
"""
from numba import njit

from ...agents.points import about, clear, n_options, offer
from .attunement import can_attune, may_move_freely
from .beings import effect_param, has_effect, has_sheet, has_text, is_being, is_human_card, may_harm, unfledged
from .combat import attackable, holds_hellish_influence
from .decks import deck_card, deck_count
from .decisions import (
    K_ABILITY,
    K_ATTACH,
    K_ATTACK,
    K_ATTUNE,
    K_DEATTUNE,
    K_FLEDGE,
    K_GO_HOME,
    K_MOVE,
    K_PROTECT,
    K_RESONATE,
    K_STEAL,
    K_TEAR,
    K_VIEW,
    K_WAIT,
    SECOND,
    ability_b,
    pack,
)
from .essence import action_cost
from .fledging import can_fledge_into, fledge_cost
from .host_resonance import may_attach
from .hosts import can_host
from .marches import in_marches
from .realms import usable_here
from .resonances import can_influence, can_protect, influences
from .seraphim import can_view
from .state import (
    EVENTS,
    F_ATTS,
    F_ATTUNED,
    F_CTRL,
    F_DESIGN,
    F_DMG,
    F_FREE,
    F_HOST,
    F_INF_BY,
    F_LOC,
    F_NATT,
    F_RESONATED,
    F_TRAUMA,
    F_ZONE,
    G_TURN,
    S_ESSENCE,
    Z_PLAY,
    beings_in_play,
    hand,
    loc_earth,
    others_in_play,
    realm_of,
    realm_seat,
    rivals,
)
from .tables import D_CTYPE, D_KIND
from .tethers import can_go_down, up_destination
from .vocabulary import (
    CALABITE,
    CHERUB,
    CORPOREAL,
    DJINN,
    E_DAMAGE_LOCATION,
    E_DESTROY_OBJECT,
    E_FREE_ATTACK,
    E_FREE_MOVE,
    E_HEAL,
    E_INFLUENCE,
    E_RESTRICT_INFLUENCED,
    E_SEARCH_LOCATION,
    E_SEARCH_SKILL,
    E_SEARCH_TOOL,
    E_TOKEN_TOOL,
    HUMAN,
    IMPUDITE,
    LOCATION,
    MALAKITE,
    MAX_EFFECTS,
    OBJECT,
    OFANITE,
    TETHER,
    TOOL,
)

@njit(cache=True)
def restricted(s, t, i):
    """Wrinth: "Beings controlled by Wrinth can only Move, Attack, Defend, or Wait"."""
    m = s.I[i, F_INF_BY]
    return m >= 0 and is_being(s, t, m) and has_effect(s, t, m, E_RESTRICT_INFLUENCED)


@njit(cache=True)
def offer_actions(s, t, i):
    """Every action Being i may take now: Wait (row 0); a rider's Resonance on
    another host or its Move home, and nothing else ("the only choices [...] are
    to Wait, Move back to its Realm, or Resonate a target on Earth"); else its
    Resonances and abilities (not under Wrinth), attacks, moves and fledging.
    An Ofanite may first Resonate for a second action (``may_resonate_first``)."""
    clear(s)
    about(s, i)
    offer(s, pack(K_WAIT, -1, False), -1)
    if s.I[i, F_HOST] >= 0:
        _offer_hosts(s, t, i)
        offer(s, pack(K_GO_HOME, -1, False), -1)
        return
    if may_attach(s, t, i):
        _offer_hosts(s, t, i)
    if not restricted(s, t, i):
        if influences(s, t, i):
            _offer_influence(s, t, i)
        if has_text(s, i):
            _offer_choir(s, t, i)
        _offer_abilities(s, t, i)
    for j in rivals(s):
        if may_attack(s, t, i, j):
            offer(s, pack(K_ATTACK, j, False), -1)
    _offer_moves(s, t, i)
    if unfledged(s, t, i):
        for c in hand(s, s.I[i, F_CTRL]):
            if can_fledge_into(s, t, i, c) and fledge_cost(s, t, s.I[i, F_CTRL], i, c) <= s.S[s.I[i, F_CTRL], S_ESSENCE]:
                offer(s, pack(K_FLEDGE, c, False), -1)
    if may_resonate_first(s, t, i):
        for k in range(1, n_options(s)):
            offer(s, s.opt[k, 0] + SECOND, s.opt[k, 1])


@njit(cache=True)
def may_resonate_first(s, t, i):
    """An Ofanite that has not Resonated this turn may Resonate for a second
    action before any action but a Wait (I91)."""
    return t.C[s.I[i, F_DESIGN], D_KIND] == OFANITE and s.I[i, F_RESONATED] != s.g[G_TURN] and has_text(s, i)


@njit(cache=True)
def may_attack(s, t, i, j):
    """"Any Being may choose to initiate combat against any Being in their Realm
    who has spent at least one opponent's turn in the Realm" (combat.attackable),
    not the Being a Djinn is Attuned to (beings.may_harm)."""
    return (realm_of(s, s.I[j, F_LOC]) == realm_of(s, s.I[i, F_LOC]) and attackable(s, t, j, s.I[i, F_CTRL])
            and may_harm(s, t, i, j))


@njit(cache=True)
def _offer_hosts(s, t, i):
    """A Kyriotate's or Shedite's Resonance: "attach to a Being on Earth" it may
    ride (hosts.can_host)."""
    for h in beings_in_play(s):
        if can_host(s, t, i, h) and realm_of(s, s.I[h, F_LOC]) == loc_earth(s):
            offer(s, pack(K_ATTACH, h, False), -1)


@njit(cache=True)
def _offer_influence(s, t, i):
    """Influence on each Being in reach (resonances.can_influence); an Impudite's
    stealing of Essence from each Being it Influences at its Location."""
    for j in beings_in_play(s):
        if can_influence(s, t, i, j):
            offer(s, pack(K_RESONATE, j, False), -1)
    if t.C[s.I[i, F_DESIGN], D_KIND] == IMPUDITE:
        for j in beings_in_play(s):
            if s.I[j, F_INF_BY] == i and s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j):
                offer(s, pack(K_STEAL, j, False), -1)


@njit(cache=True)
def _offer_choir(s, t, i):
    """The Resonances that are not Influence: a Seraph's roll on its table
    (seraphim.can_view); a Cherub's or Djinn's Attunement to each card it may
    take (attunement.can_attune), or its de-Attunement; a Malakite's protection of
    each Being it may protect (resonances.can_protect); a Calabite's tearing at
    each other Being at its Location it may harm (beings.may_harm), not a rider,
    which is not manifest (I60)."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    if can_view(s, t, i):
        offer(s, pack(K_VIEW, -1, False), -1)
    elif (k == CHERUB or k == DJINN) and s.I[i, F_TRAUMA] == 0:
        if s.I[i, F_ATTUNED] >= 0:
            offer(s, pack(K_DEATTUNE, s.I[i, F_ATTUNED], False), -1)
            return
        for j in beings_in_play(s):
            if can_attune(s, t, i, j):
                offer(s, pack(K_ATTUNE, j, False), -1)
        for j in others_in_play(s):
            if can_attune(s, t, i, j):
                offer(s, pack(K_ATTUNE, j, False), -1)
    elif k == MALAKITE:
        for j in beings_in_play(s):
            if can_protect(s, t, i, j):
                offer(s, pack(K_PROTECT, j, False), -1)
    elif k == CALABITE and s.I[i, F_TRAUMA] == 0:
        for j in beings_in_play(s):
            if (j != i and s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j) and s.I[j, F_HOST] < 0
                    and may_harm(s, t, i, j)):
                offer(s, pack(K_TEAR, j, False), -1)


@njit(cache=True)
def _offer_abilities(s, t, i):
    """Each ability in i's game text, its own and its attachments' where they
    may be used (realms.usable_here), on each target of its kind
    (``_offer_targets``), none in Trauma; and its Location's token text (Junkyard)."""
    for a in range(-1, s.I[i, F_NATT]):
        c = i if a < 0 else s.I[i, F_ATTS + a]
        if s.I[i, F_TRAUMA] > 0:
            break
        if not usable_here(s, t, i, c):
            continue
        for k in range(MAX_EFFECTS):
            code = t.eff[s.I[c, F_DESIGN], k, 0]
            if code == 0:
                break
            _offer_targets(s, t, i, c, code)
    l = s.I[i, F_LOC]
    if l < s.I.shape[0] and s.I[l, F_ZONE] == Z_PLAY:
        for k in range(MAX_EFFECTS):
            if t.eff[s.I[l, F_DESIGN], k, 0] == E_TOKEN_TOOL:
                for j in others_in_play(s):    # "a token copy of a Tool in play"
                    if s.I[j, F_ZONE] == Z_PLAY and t.C[s.I[j, F_DESIGN], D_CTYPE] == TOOL:
                        offer(s, pack(K_ABILITY, l, False), ability_b(E_TOKEN_TOOL, j))


@njit(cache=True)
def _offer_targets(s, t, i, c, code):
    """The targets of ability ``code`` on card c (cards.md): a heal, each Being at
    i's Location with damage of its type, not a rider; the Artist, each Being in
    i's realm that counts as a Human (I57) and i's seat does not control;
    Therkax, each Object or Tool of another seat at i's Location; a search, an
    Events Deck holding what it seeks (a Location always may be searched for:
    effects.search_location); a Song of Fire as an action, where Corporeal Hits
    may be dealt and its cost paid."""
    p = s.I[i, F_CTRL]
    here = s.I[i, F_LOC]
    if code == E_HEAL:
        r = effect_param(s, t, c, E_HEAL, 1)
        for j in beings_in_play(s):
            if s.I[j, F_LOC] == here and is_being(s, t, j) and s.I[j, F_DMG + r] > 0 and s.I[j, F_HOST] < 0:
                offer(s, pack(K_ABILITY, c, False), ability_b(code, j))
    elif code == E_INFLUENCE:
        for j in rivals(s):
            if (j != i and is_being(s, t, j) and is_human_card(s, t, s.I[j, F_DESIGN]) and s.I[j, F_CTRL] != p
                    and realm_of(s, s.I[j, F_LOC]) == realm_of(s, here)):
                offer(s, pack(K_ABILITY, c, False), ability_b(code, j))
    elif code == E_DESTROY_OBJECT:
        for j in others_in_play(s):
            ct = t.C[s.I[j, F_DESIGN], D_CTYPE]
            if (s.I[j, F_ZONE] == Z_PLAY and s.I[j, F_LOC] == here and s.I[j, F_CTRL] >= 0 and s.I[j, F_CTRL] != p
                    and may_harm(s, t, i, j) and (ct == TOOL or ct == OBJECT)):
                offer(s, pack(K_ABILITY, c, False), ability_b(code, j))
    elif code == E_SEARCH_TOOL:
        if deck_has(s, t, p, TOOL):
            offer(s, pack(K_ABILITY, c, False), ability_b(code, -1))
    elif code == E_SEARCH_LOCATION or code == E_SEARCH_SKILL:
        offer(s, pack(K_ABILITY, c, False), ability_b(code, -1))
    elif code == E_DAMAGE_LOCATION:
        cost = action_cost(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3), False)
        if not (effect_param(s, t, c, E_DAMAGE_LOCATION, 1) == CORPOREAL and in_marches(s, here)) \
                and cost <= s.S[p, S_ESSENCE]:
            offer(s, pack(K_ABILITY, c, False), ability_b(code, -1))


@njit(cache=True)
def deck_has(s, t, p, ctype):
    """Does seat p's Events Deck hold a card of type ``ctype``?"""
    for k in range(deck_count(s, p, EVENTS)):
        if t.C[s.I[deck_card(s, p, EVENTS, k), F_DESIGN], D_CTYPE] == ctype:
            return True
    return False


@njit(cache=True)
def _offer_moves(s, t, i):
    """Each Move: from a Realm, down any Tether of its Superior (tethers.can_go_down),
    or straight to Earth with a free Move (Soldekai); elsewhere, to any other
    Location of the realm -- its generic Location or a Tether or Location card
    there -- or, for any Being but a Human, up the Tether it stands at into that
    Tether's Realm (tethers.up_destination, docs/rules.md)."""
    here = s.I[i, F_LOC]
    if realm_seat(s, here) >= 0:
        for l in others_in_play(s):
            if can_go_down(s, t, i, l):
                offer(s, pack(K_MOVE, l, False), -1)
        if has_effect(s, t, i, E_FREE_MOVE):
            offer(s, pack(K_MOVE, loc_earth(s), False), -1)
        return
    realm = realm_of(s, here)
    if realm != here:
        offer(s, pack(K_MOVE, realm, False), -1)
    for l in others_in_play(s):
        ct = t.C[s.I[l, F_DESIGN], D_CTYPE]
        if l != here and s.I[l, F_ZONE] == Z_PLAY and (ct == TETHER or ct == LOCATION) and s.I[l, F_LOC] == realm:
            offer(s, pack(K_MOVE, l, False), -1)
    up = up_destination(s, t, i)
    if up >= 0 and t.C[s.I[i, F_DESIGN], D_CTYPE] != HUMAN:
        offer(s, pack(K_MOVE, up, False), -1)


@njit(cache=True)
def offer_free_move(s, t, i):
    """A Djinn "may move freely [...] to the location of any card to which they
    are Attuned, as long as it is in the same Realm" (attunement.may_move_freely):
    stay (row 0) or go (row 1).  Returns whether it may."""
    x = s.I[i, F_ATTUNED]
    if x < 0 or not may_move_freely(s, t, i, s.I[x, F_LOC]):
        return False
    clear(s)
    about(s, i)
    offer(s, -1, -1)
    offer(s, s.I[x, F_LOC], -1)
    return True


@njit(cache=True)
def offer_free_attacks(s, t, i):
    """Gabriel's Cherubim "may take one free action per turn to attack" a Being
    holding Influence for a Demon Prince (combat.holds_hellish_influence): none
    (row 0), or each such Being Cherub i may attack (row (i, target)).  Returns
    whether i has the free action."""
    if (t.C[s.I[i, F_DESIGN], D_KIND] != CHERUB or s.I[i, F_FREE] == s.g[G_TURN]
            or not has_sheet(s, t, i, E_FREE_ATTACK)):
        return False
    clear(s)
    about(s, i)
    offer(s, -1, -1)
    for j in rivals(s):
        if holds_hellish_influence(s, t, j) and may_attack(s, t, i, j):
            offer(s, i, j)
    return True
