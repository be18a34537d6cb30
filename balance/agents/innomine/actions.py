"""The scripted styles' actions (Phase 6): the value to a seat of each legal
action of a Being (rules/innomine/action_options.py), and of the Djinn's free
move and the Cherub's free attack.

Each Being takes the action its style scores highest, against the value of
Waiting (the ``wait`` weight, less the notes Waiting would cost it); each kind's
candidates are the few its scorer below considers, every one of them a legal
option.
"""
from numba import njit

from ...agents.points import find, n_options, subject
from ...rules.innomine.action_options import deck_has, may_resonate_first, restricted
from ...rules.innomine.decisions import (
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
    pack,
)
from ...rules.innomine.beings import (
    attack_value,
    can_act,
    effect_param,
    find_effect,
    has_effect,
    has_sheet,
    has_text,
    hits_left,
    is_being,
    is_human_card,
    may_harm,
    unfledged,
)
from ...rules.innomine.attunement import (
    can_attune,
    de_attune_chance,
    defends_from_afar,
    wards,
)
from ...rules.innomine.combat import (
    attackable,
    deadly_location,
    legal_blow,
    may_take_base_attack,
    may_use_base_attack,
    speed,
)
from ...rules.innomine.combat_types import open_types
from ...rules.innomine.dissonance import harm_notes, oath_urge, wait_notes
from ...rules.innomine.end_turn import rite_player
from ...rules.innomine.essence import action_cost
from ...rules.innomine.fledging import can_fledge_into, fledge_cost
from ...rules.innomine.host_resonance import may_attach
from ...rules.innomine.humans import court_gain, dealing_gain, side_counter
from ...rules.innomine.marches import in_marches
from .policies import (
    NOTE_COST,
    W_ATTACK_SERVITOR,
    W_COURT,
    W_DEFEND,
    W_DESCEND,
    W_GANG,
    W_HOLD_TETHER,
    W_INFLUENCE,
    W_RESERVE,
    W_RETREAT,
    W_WAIT,
    score,
    servitor_value,
    weight,
)
from ...rules.innomine.realms import usable_here
from ...rules.innomine.resonances import (
    can_influence,
    can_protect,
    influences,
    is_lilim,
    protect_faces,
    resonance_stat,
    steal_faces,
    tear_expectation,
)
from ...rules.innomine.seraphim import can_view, knows_theft, view_value
from ...rules.innomine.state import (
    F_ATTS,
    F_ATTUNED,
    F_CTRL,
    F_DESIGN,
    F_DISS,
    F_DMG,
    F_HEALED,
    F_HOST,
    F_INF_BY,
    F_LOC,
    F_NATT,
    F_OWNER,
    F_RESIST,
    F_TRAUMA,
    F_ZONE,
    S_ESSENCE,
    Z_PLAY,
    beings_in_play,
    hand,
    loc_earth,
    others_in_play,
    realm_of,
    realm_seat,
    realm_type,
    rivals,
)
from ...rules.innomine.superior_dissonance import engage_urge
from ...rules.innomine.tables import D_CTYPE, D_HITS, D_KIND
from ...rules.innomine.tethers import can_go_down, is_tether, plots_theft, up_destination
from ...rules.innomine.vocabulary import (
    BALSERAPH,
    C_BEINGS_HEALED,
    CALABITE,
    CHERUB,
    C_DAMAGE_HEALED,
    C_INFLUENCED_HEAVEN,
    C_LOCATIONS_HEAVEN,
    C_TOOLS_BROUGHT,
    CORPOREAL,
    DJINN,
    E_ATTUNE_TETHER,
    E_DAMAGE_LOCATION,
    E_DESTROY_OBJECT,
    E_FREE_MOVE,
    E_HEAL,
    E_INFLUENCE,
    E_LEADER,
    E_SEARCH_LOCATION,
    E_SEARCH_SKILL,
    E_SEARCH_TOOL,
    E_TOKEN_TOOL,
    E_WAIT_ESSENCE,
    ETHEREAL,
    HUMAN,
    IMPUDITE,
    MALAKITE,
    MAX_EFFECTS,
    OBJECT,
    OFANITE,
    SERAPH,
    SERVITOR,
    TOOL,
)
from .chances import attune_chance, p_faces, p_success
from .combat import may_join_attack, other_means, preferred_type, target_value
from .hosts import best_host, human_worth, rider_options


@njit(cache=True)
def best_action(s, t, p, i):
    """ACTION: the action of Being i that seat p's style scores best, against
    Waiting, as (kind, target, b, second): a rider's (_ride_on), else each kind's
    best -- a Kyriotate's or Shedite's host, an Influence or an Impudite's
    theft, another Resonance, an attack, an ability, a move, a fledging; an
    Ofanite first Resonates for a second action when it may and
    ``_wants_second_action``."""
    notes = wait_notes(s, t, i)
    kind, a, b, best = K_WAIT, -1, -1, score(s, p, weight(s, p, W_WAIT) + _wait_bonus(s, t, i, notes))
    if s.I[i, F_HOST] >= 0:
        kind, a = _ride_on(s, t, i, p, best)
        return kind, a, -1, False
    if may_attach(s, t, i):
        a2, v = best_host(s, t, i, p, False)
        if v > best:
            kind, a, best = K_ATTACH, a2, v
    ck = t.C[s.I[i, F_DESIGN], D_KIND]
    barred = restricted(s, t, i)
    seek = False        # an Influencer with no target in reach: it may move toward one (_best_move)
    if influences(s, t, i):
        if barred:
            seek = not _target_in_reach(s, t, i)
        else:
            k2, a2, v, reach = _best_resonance(s, t, i, p)
            seek = not reach
            if v > best:
                kind, a, best = k2, a2, v
    if (ck == CHERUB or ck == DJINN or ck == MALAKITE or ck == SERAPH or ck == CALABITE) and not barred:
        k2, a2, v = _best_choir_resonance(s, t, i, p)
        if v > best:
            kind, a, best = k2, a2, v
    a2, v = _best_attack(s, t, i, p)
    if v > best:
        kind, a, best = K_ATTACK, a2, v
    if not barred:
        a2, b2, v = best_ability(s, t, i, p)
        if v > best:
            kind, a, b, best = K_ABILITY, a2, b2, v
    a2, v = _best_move(s, t, i, p, notes, seek)
    if v > best:
        kind, a, best = K_MOVE, a2, v
    if unfledged(s, t, i):
        a2, v = _best_fledge(s, t, i, p)
        if v > best:
            kind, a, best = K_FLEDGE, a2, v
    b = b if kind == K_ABILITY else -1
    second = kind != K_WAIT and _wants_second_action(s, t, i, p, best) and may_resonate_first(s, t, i)
    return kind, a, b, second


@njit(cache=True)
def choose_action(s, t, p):
    """ACTION, among the offered rows: ``best_action`` of the Being under way
    (points.subject)."""
    kind, a, b, second = best_action(s, t, p, subject(s))
    return _option(s, kind, a, b, second)


@njit(cache=True)
def choose_note(s, t, p):
    """CALABITE_NOTE: the whole result for a note when only it brings the target
    to 0 Hits and the Calabite carries fewer than two notes (I36)."""
    half, whole, b = s.opt[0, 0], s.opt[1, 0], s.opt[0, 1]
    left = hits_left(s, t, b & 0xFFFFF, b >> 20)
    return 1 if whole >= left > half and s.I[subject(s), F_DISS] < 2 else 0


@njit(cache=True)
def _option(s, kind, a, b, second):
    """The index of the offered row the style's choice is."""
    k = find(s, pack(kind, a, second), b)
    if k < 0:
        raise ValueError("the scripted style chose an action the rules did not offer")
    return k


@njit(cache=True)
def _ride_on(s, t, i, p, wait):
    """A Kyriotate or Shedite attached to a host: "the only choices [...] are
    to Wait, Move back to its Realm, or Resonate a target on Earth" -- the one
    scored best (host_resonance.rider_options) against Waiting (``wait``).
    Returns (kind, target)."""
    kind, a, best = K_WAIT, -1, wait
    h, v, home = rider_options(s, t, i, p)
    if h >= 0 and v > best:
        kind, a, best = K_ATTACH, h, v
    if home > best:
        kind, a = K_GO_HOME, -1
    return kind, a


@njit(cache=True)
def choose_free_move(s, t, p):
    """FREE_MOVE: a Djinn's style moves it freely to its Attuned card when its
    own seat holds that card, unless it stands at a Tether of its seat and the
    style holds Tethers dearer than it defends (I65)."""
    i = subject(s)
    if s.I[s.I[i, F_ATTUNED], F_CTRL] != p:
        return 0
    if (is_tether(s, t, s.I[i, F_LOC]) and s.I[s.I[i, F_LOC], F_CTRL] == p
            and weight(s, p, W_HOLD_TETHER) > weight(s, p, W_DEFEND)):
        return 0
    return 1


@njit(cache=True)
def choose_free_attack(s, t, p):
    """FREE_ATTACK: Gabriel's Cherub attacks the offered Being it would best
    attack (_attack_score), when that beats Waiting (I69)."""
    i = subject(s)
    best_k, best = 0, -1e9
    able, choice, gang, atk = _attack_frame(s, t, i, p)
    if not able:
        return 0
    for k in range(1, n_options(s)):
        sc = _attack_score(s, t, i, p, s.opt[k, 1], choice, gang, atk, best)
        if sc > best:
            best_k, best = k, sc
    return best_k if best > weight(s, p, W_WAIT) else 0


@njit(cache=True)
def _wants_second_action(s, t, i, p, first):
    """Does Ofanite i's style use its Resonance now, before its usual action
    (scored ``first``)?  Only while i carries no Dissonance (a failure costs a
    note) and its usual action is worth more than a Wait -- not a move made only
    to spare it the note of Waiting, after which the second action would be a
    Wait (I91)."""
    return t.C[s.I[i, F_DESIGN], D_KIND] == OFANITE and s.I[i, F_DISS] == 0 and first > weight(s, p, W_WAIT)


@njit(cache=True)
def _wait_bonus(s, t, i, notes):
    """The Rite: "If Belial has any Tether in play, and holder Waits this turn, add
    1 Essence" to the Rite's player (end_turn.rite_player); less a note's worth for each
    of the ``notes`` Waiting costs i (dissonance.wait_notes)."""
    v = -NOTE_COST * notes
    c = find_effect(s, t, i, E_WAIT_ESSENCE)
    q = rite_player(s, t, c)
    if q >= 0:      # Essence for i's controller, or for the Rite's player on the other side
        v += (0.5 if q == s.I[i, F_CTRL] else -0.5) * effect_param(s, t, c, E_WAIT_ESSENCE, 1)
    return v


@njit(cache=True)
def _best_resonance(s, t, i, p):
    """The best use of i's Influence Resonance (or an Impudite's stealing of
    Essence): (kind, target, score, whether any Being of another seat is in
    reach of i's Influence -- _target_in_reach, found on the way)."""
    best_k, best_j, best = K_WAIT, -1, -1e9
    stat, op = resonance_stat(t.C[s.I[i, F_DESIGN], D_KIND])
    w = weight(s, p, W_INFLUENCE)
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    reach = False
    for j in (beings_in_play(s) if k == BALSERAPH or is_lilim(k) else rivals(s)):
        if not can_influence(s, t, i, j):
            continue
        reach = reach or s.I[j, F_CTRL] != p
        ps = p_success(s, t, i, j, stat, op)
        if s.I[j, F_CTRL] == p:
            v = 0.2 * w * ps                      # a Balseraph tightening its hold, a Lilim counter in reserve
        else:
            v = w * ps * human_worth(s, t, p, j)
        sc = score(s, p, v)
        if ps > 0 and sc > best:
            best_k, best_j, best = K_RESONATE, j, sc
    if t.C[s.I[i, F_DESIGN], D_KIND] == IMPUDITE:
        for j in beings_in_play(s):
            if s.I[j, F_INF_BY] == i and s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j):
                ps = p_faces(s, i, steal_faces(s, t, i, j))
                sc = score(s, p, 0.3 * w * (4.5 * ps - 2.5 * (1.0 - ps)))
                if sc > best:
                    best_k, best_j, best = K_STEAL, j, sc
    return best_k, best_j, best, reach


@njit(cache=True)
def _best_choir_resonance(s, t, i, p):
    """The best use of a Resonance that is not Influence: a Cherub or Djinn
    Attunes to a Being its controller holds at its Location (a Djinn's worth
    weighed by its roll's chance; Dominic's Cherubim, to a Human it holds
    anywhere on Earth; Michael's, to a Tether he holds in its realm too: I70),
    or de-Attunes from one the other side has taken (_de_attune_value); a
    Malakite stiffens the resolve of a Human or Ethereal its controller
    Influences; a Seraph rolls on its table when the roll may show a Tether plot
    (seraphim.view_value); a Calabite tears at a Being at its Location worth
    hurting, not a Kyriotate or Shedite riding a host, which is not manifest
    (I60).  None for a Being with no game text, of which a Resonance is part
    (a Kyriotate's host, I60).  Returns (kind, target, score)."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    best_k, best_j, best = K_WAIT, -1, -1e9
    if not has_text(s, i):
        return best_k, best_j, best
    if can_view(s, t, i):
        return K_VIEW, -1, score(s, p, view_value(s, t, i) * weight(s, p, W_HOLD_TETHER))
    if (k == CHERUB or k == DJINN) and s.I[i, F_TRAUMA] == 0:
        x = s.I[i, F_ATTUNED]
        if x >= 0:
            if s.I[x, F_CTRL] != p:
                best_k, best_j, best = K_DEATTUNE, x, score(s, p, _de_attune_value(s, t, i, p, x))
            return best_k, best_j, best
        for j in beings_in_play(s):
            if ((s.I[j, F_LOC] == s.I[i, F_LOC] or defends_from_afar(s, t, i, j)) and s.I[j, F_CTRL] == p
                    and can_attune(s, t, i, j)):
                ps = attune_chance(s, t, i, j)
                sc = score(s, p, 0.4 * weight(s, p, W_DEFEND) * _ward_worth(s, t, p, j) * ps)
                if ps > 0 and sc > best:
                    best_k, best_j, best = K_ATTUNE, j, sc
        if has_sheet(s, t, i, E_ATTUNE_TETHER):
            for l in others_in_play(s):
                if is_tether(s, t, l) and realm_of(s, l) == realm_of(s, s.I[i, F_LOC]) and can_attune(s, t, i, l):
                    sc = score(s, p, 0.4 * weight(s, p, W_DEFEND) * _ward_worth(s, t, p, l))
                    if sc > best:
                        best_k, best_j, best = K_ATTUNE, l, sc
    elif k == MALAKITE:
        for j in beings_in_play(s):
            if s.I[j, F_LOC] == s.I[i, F_LOC] and s.I[j, F_CTRL] == p and _is_ward(s, t, j) and can_protect(s, t, i, j):
                ps = p_faces(s, i, protect_faces(s, t, j))
                v = 0.3 * weight(s, p, W_INFLUENCE) * ps * human_worth(s, t, p, j) / (1 + s.I[j, F_RESIST])
                sc = score(s, p, v)
                if ps > 0 and sc > best:
                    best_k, best_j, best = K_PROTECT, j, sc
    elif k == CALABITE and s.I[i, F_TRAUMA] == 0:
        r = realm_type(s, s.I[i, F_LOC])
        e = tear_expectation(s, t, i)
        for j in rivals(s):
            if (s.I[j, F_LOC] != s.I[i, F_LOC] or not is_being(s, t, j) or s.I[j, F_HOST] >= 0
                    or not may_harm(s, t, i, j)):
                continue
            v = target_value(s, t, p, j)
            sc = score(s, p, v * (0.3 + 0.7 * min(1.0, e / max(1, hits_left(s, t, j, r)))))
            if v > 0 and sc > best:
                best_k, best_j, best = K_TEAR, j, sc
    return best_k, best_j, best


@njit(cache=True)
def _de_attune_value(s, t, i, p, x):
    """What trying to de-Attune i from x, which seat p no longer holds, is
    worth: the freedom to guard another Being (0.3 defend) and, for a Djinn,
    which de-Attunes "in order to harm a target", x's worth as a target
    (combat.target_value, so the styles that fight try it sooner) -- at the
    roll's chance, less a note's worth on a failure."""
    pk = de_attune_chance(s, t, i)
    gain = 0.3 * weight(s, p, W_DEFEND)
    if t.C[s.I[i, F_DESIGN], D_KIND] == DJINN and is_being(s, t, x):
        gain += 0.3 * max(0.0, target_value(s, t, p, x))
    return pk * gain - (1.0 - pk) * NOTE_COST


@njit(cache=True)
def _is_ward(s, t, j):
    """A Human or Ethereal: the Beings whose Influence the policies fight over (I29)."""
    c = t.C[s.I[j, F_DESIGN], D_CTYPE]
    return c == HUMAN or c == ETHEREAL


@njit(cache=True)
def _ward_worth(s, t, p, j):
    """How much a Cherub of seat p wants to guard Being j: a Human or Ethereal as
    much as its Influence is worth, another Servitor half that; a Tether (Michael's
    Cherubim) half a Servitor and what holding Tethers is worth to p."""
    if is_tether(s, t, j):
        return 0.5 + weight(s, p, W_HOLD_TETHER)
    return human_worth(s, t, p, j) if _is_ward(s, t, j) else 0.5


@njit(cache=True)
def _best_attack(s, t, i, p):
    """The Being in i's realm most worth attacking, if any (_attack_score)."""
    best_j, best = -1, -1e9
    able, choice, gang, atk = _attack_frame(s, t, i, p)
    if not able:
        return best_j, best
    for j in rivals(s):
        sc = _attack_score(s, t, i, p, j, choice, gang, atk, best)
        if sc > best:
            best_j, best = j, sc
    return best_j, best


@njit(cache=True)
def _attack_frame(s, t, i, p):
    """(may i attack at all, may it choose among combat types, its gang factor,
    its base Attack in its realm's type): Humans attack only with gang >= 1.5,
    or when the damage their blow deals serves p's side through their Destiny
    or Fate (humans.dealing_gain, I101); a Being with no choice of combat type
    needs a base Attack in its realm's type, the only one _attack_score then
    weighs, so that it is worked out once here.  The gang factor is 2 when the
    policy sends gangs and another of p's Beings would join the attack
    (combat.may_join_attack), else 1 (I97)."""
    r0 = realm_type(s, s.I[i, F_LOC])
    atk = attack_value(s, t, i, r0)
    if (t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN and weight(s, p, W_GANG) < 1.5
            and dealing_gain(s, t, i, p, atk) <= 0):
        return False, False, 1.0, 0
    choice = open_types(s, t, i, s.I[i, F_LOC]) != 1 << r0
    gang = 2.0 if weight(s, p, W_GANG) >= 0.5 and _has_gang(s, t, i, p, r0) else 1.0
    return choice or (atk > 0 and may_use_base_attack(s, t, i, r0)), choice, gang, atk


@njit(cache=True)
def _has_gang(s, t, i, p, r):
    """Would another of p's Beings join i's attack in a combat of type r?"""
    for j in beings_in_play(s):
        if j != i and may_join_attack(s, t, j, p, s.I[i, F_LOC], r):
            return True
    return False


@njit(cache=True)
def _attack_score(s, t, i, p, j, choice, gang, atk, best):
    """Seat p's score for i attacking j in i's realm (-1e9 if it may not, as a
    Djinn may not harm the target of its Attunement: beings.may_harm): j's
    value, weighed by whether i and its gang can bring it to 0 Hits and by the
    defence there, and raised where Gabriel's condition or a Malakite's
    continuous oath urges i to engage a demon, and lowered by the notes harming
    j would cost i (dissonance.harm_notes), in the combat type i would
    choose against it (combat.preferred_type) if it has a ``choice``, else in its
    realm's, where its base Attack is ``atk`` (_attack_frame); where the base
    Attack rules bar it (a Demonling or Reliever in Corporeal combat), by its
    other means, a Gun's roll or a Song of Fire (combat.other_means, I112).  A
    Human's blow is weighed too by what its damage dealt does to its Destiny
    and Fate (I95), which may make a target not worth killing worth striking
    (I110).  A strong defence (one that can bring i to 0 Hits in a round)
    halves a score above ``best``; if i cannot bring j to 0 Hits in that round
    either, the attack is hopeless and worth only the engagement the urges ask
    for (I83) and what the blow does to a Human's Destiny and Fate, which it
    deals before the defence answers (I101) -- unless the blows that resolve
    before i's (Speed, a Leader's pick) could bring i to 0 Hits: then i never
    strikes, and the attack is worth only the urges (I106)."""
    if (realm_of(s, s.I[j, F_LOC]) != realm_of(s, s.I[i, F_LOC]) or not attackable(s, t, j, p)
            or not may_harm(s, t, i, j)):
        return -1e9
    v = target_value(s, t, p, j)
    if v <= 0 and t.C[s.I[i, F_DESIGN], D_CTYPE] != HUMAN:
        return -1e9
    if choice:
        r = preferred_type(s, t, i, j)
        blow = float(legal_blow(s, t, i, j, r))
    else:       # _attack_frame found i's own side of the base Attack rules met
        r = realm_type(s, s.I[i, F_LOC])
        blow = float(atk) if may_take_base_attack(s, t, i, j, r) else 0.0
    if blow <= 0:
        blow = other_means(s, t, i, r)      # a Gun's roll, a Song of Fire (I112)
        if blow <= 0:
            return -1e9
    dmg = blow * gang
    my_hits = hits_left(s, t, i, r)
    room = hits_left(s, t, j, r)
    ratio = min(1.0, dmg / max(1, room))
    court = weight(s, p, W_COURT) * dealing_gain(s, t, i, p, max(0, min(int(blow), room)))
    if v <= 0 and court <= 0:
        return -1e9
    val = v * (0.3 + 0.7 * ratio) - NOTE_COST * harm_notes(s, t, i, j) + court
    if is_tether(s, t, s.I[j, F_LOC]):
        val += 0.5 * weight(s, p, W_HOLD_TETHER)
    urge = (engage_urge(s, t, i, j) + oath_urge(s, t, i, j)) * weight(s, p, W_ATTACK_SERVITOR)
    sc = score(s, p, val + urge)
    if sc > best and _strong_defence(s, t, i, j, r, my_hits, False):
        if _strong_defence(s, t, i, j, r, my_hits, True):
            sc = score(s, p, urge)          # i falls before its blow lands (I106)
        else:
            sc = score(s, p, 0.5 * (val + urge) if ratio >= 1.0 else urge + court)
    return sc


@njit(cache=True)
def _strong_defence(s, t, i, j, r, hits, first):
    """Whether the able Beings of j's controller at j's Location could strike
    back at i with an Attack of at least ``hits``, with the bonuses a Cherub
    would have Defending j there (attunement.wards, I105); with ``first``,
    counting only the blows that resolve before i's (I106): those of Beings
    with more Speed than i (combat.speed), and, when a Leader is among them,
    the strongest one's of i's Speed, which the Leader may send before the
    attackers (combat._leader_pick)."""
    l, q = s.I[j, F_LOC], s.I[j, F_CTRL]
    if q < 0:
        return hits <= 0
    mine = speed(s, t, i) if first else 0
    total, led, rest = 0, False, 0
    for k in rivals(s):
        if s.I[k, F_LOC] == l and s.I[k, F_CTRL] == q and can_act(s, t, k):
            v = attack_value(s, t, k, r)
            if s.I[k, F_ATTUNED] >= 0:
                ward, tether_ward = wards(s, t, k, j)
                v += ward + tether_ward
            fast = speed(s, t, k) if first else 0
            led = led or (first and has_effect(s, t, k, E_LEADER))
            if first and fast <= mine:
                if fast == mine:        # a Leader's pick goes before attackers of its own Speed
                    rest = max(rest, v)
                continue
            total += v
            if total >= hits:
                return True
    return total + (rest if led else 0) >= hits


# ------------------------------------------------------------------ abilities


@njit(cache=True)
def best_ability(s, t, i, p):
    """The best use of any ability in i's game text (its own, its attachments'
    where they may be used -- realms.usable_here -- its Location's token text).
    Returns (card, code << 20 | target, score)."""
    best_c, best_b, best = -1, -1, -1e9
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
            j, v = _ability_value(s, t, i, p, c, code)
            if j >= -1 and v > -1e8:
                sc = score(s, p, v)
                if sc > best:
                    best_c, best_b, best = c, (code << 20) | (j & 0xFFFFF), sc
    l = s.I[i, F_LOC]
    if l < s.I.shape[0] and s.I[l, F_ZONE] == Z_PLAY:
        for k in range(MAX_EFFECTS):
            if t.eff[s.I[l, F_DESIGN], k, 0] == E_TOKEN_TOOL:
                j, v = _token_value(s, t, i, p)
                if j >= 0:
                    sc = score(s, p, v)
                    if sc > best:
                        best_c, best_b, best = l, (E_TOKEN_TOOL << 20) | j, sc
    return best_c, best_b, best


@njit(cache=True)
def _ability_value(s, t, i, p, c, code):
    """(target or -1 for none, value) of using ``code`` from card c; target -2 = unusable."""
    if code == E_HEAL:
        return _heal_value(s, t, i, p, c)
    if code == E_SEARCH_TOOL:
        if not deck_has(s, t, p, TOOL):
            return -2, -1e9
        return -1, weight(s, p, W_COURT) * court_gain(s, t, i, p, C_TOOLS_BROUGHT, 1, C_TOOLS_BROUGHT, 0) + 0.1
    if code == E_SEARCH_LOCATION:
        ctr = side_counter(t, p, C_LOCATIONS_HEAVEN)
        return -1, weight(s, p, W_COURT) * court_gain(s, t, i, p, ctr, 1, ctr, 0)
    if code == E_INFLUENCE:
        return _artist_value(s, t, i, p, c)
    if code == E_DESTROY_OBJECT:
        return _destroy_value(s, t, i, p, c)
    if code == E_SEARCH_SKILL:
        return -1, 0.05
    if code == E_DAMAGE_LOCATION:
        return _fire_value(s, t, i, p, c)
    return -2, -1e9


@njit(cache=True)
def _heal_value(s, t, i, p, c):
    """A heal's target: a damaged Being at i's Location, none riding a host,
    which is not manifest there (I60); the most worth to p's court."""
    r = effect_param(s, t, c, E_HEAL, 1)
    best_j, best = -2, -1e9
    for j in beings_in_play(s):
        if (s.I[j, F_LOC] != s.I[i, F_LOC] or not is_being(s, t, j) or s.I[j, F_DMG + r] == 0
                or s.I[j, F_HOST] >= 0):
            continue
        new = 1
        for k in range(4):
            if s.I[i, F_HEALED + k] == j:
                new = 0
        v = weight(s, p, W_COURT) * court_gain(s, t, i, p, C_BEINGS_HEALED, new, C_DAMAGE_HEALED, 2)
        v += 0.2 if s.I[j, F_CTRL] == p else -0.2
        if v > best:
            best_j, best = j, v
    return best_j, best


@njit(cache=True)
def choose_first_aid(s, t, p):
    """FIRST_AID: the most damaged (Corporeal) of seat p's own Beings offered,
    the first of equals; none (row 0) if no Being of p's is offered."""
    best, most = 0, 0
    for k in range(1, n_options(s)):
        j = s.opt[k, 0]
        if s.I[j, F_CTRL] == p and s.I[j, F_DMG + CORPOREAL] > most:
            best, most = k, s.I[j, F_DMG + CORPOREAL]
    return best


@njit(cache=True)
def _artist_value(s, t, i, p, c):
    """Artist: "target a Human and roll d6" -- any Being in i's realm that
    counts as a Human for card purposes, Saints and Undead included (I57),
    that p does not control, by chance of success times worth."""
    stat = effect_param(s, t, c, E_INFLUENCE, 1)
    op = effect_param(s, t, c, E_INFLUENCE, 2)
    ctr = side_counter(t, p, C_INFLUENCED_HEAVEN)
    gain = weight(s, p, W_COURT) * court_gain(s, t, i, p, ctr, 1, ctr, 0)
    best_j, best = -2, -1e9
    for j in rivals(s):
        if (j == i or not is_being(s, t, j) or not is_human_card(s, t, s.I[j, F_DESIGN]) or s.I[j, F_CTRL] == p
                or realm_of(s, s.I[j, F_LOC]) != realm_of(s, s.I[i, F_LOC])):
            continue
        ps = p_success(s, t, i, j, stat, op)
        v = ps * (weight(s, p, W_INFLUENCE) * human_worth(s, t, p, j) + gain)
        if ps > 0 and v > best:
            best_j, best = j, v
    return best_j, best


@njit(cache=True)
def _destroy_value(s, t, i, p, c):
    """Therkax's text on an enemy Object at i's Location (not a Djinn's Attuned one)."""
    need = effect_param(s, t, c, E_DESTROY_OBJECT, 1)
    for j in others_in_play(s):
        if (s.I[j, F_ZONE] == Z_PLAY and s.I[j, F_LOC] == s.I[i, F_LOC] and s.I[j, F_CTRL] >= 0
                and s.I[j, F_CTRL] != p and may_harm(s, t, i, j)):
            ct = t.C[s.I[j, F_DESIGN], D_CTYPE]
            if ct == TOOL or ct == OBJECT:
                return j, 0.3 * weight(s, p, W_ATTACK_SERVITOR) * (7 - need) / 6.0
    return -2, -1e9


@njit(cache=True)
def _fire_value(s, t, i, p, c):
    """Song of Fire as an action; not Corporeal Hits in the Marches, where
    "corporeal attacks may not be used"; it spares a Djinn's Attuned Being and
    a rider, which is not manifest (combat.fire_song)."""
    cost = action_cost(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3), False)
    if effect_param(s, t, c, E_DAMAGE_LOCATION, 1) == CORPOREAL and in_marches(s, s.I[i, F_LOC]):
        return -2, -1e9
    if cost > s.S[p, S_ESSENCE]:
        return -2, -1e9
    v = 0.0
    for j in rivals(s):
        if (s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j) and s.I[j, F_CTRL] != p
                and may_harm(s, t, i, j) and s.I[j, F_HOST] < 0):
            tv = target_value(s, t, p, j)
            if tv < 0:
                return -2, -1e9
            v += tv
    return (-1, 0.5 * v - 0.1 * cost) if v > 0 else (-2, -1e9)


@njit(cache=True)
def _token_value(s, t, i, p):
    """Junkyard: forfeit an action for a token copy of a Tool in play."""
    for j in others_in_play(s):
        if s.I[j, F_ZONE] == Z_PLAY and t.C[s.I[j, F_DESIGN], D_CTYPE] == TOOL:
            v = 0.1 + weight(s, p, W_COURT) * court_gain(s, t, i, p, C_TOOLS_BROUGHT, 1, C_TOOLS_BROUGHT, 0)
            return j, v
    return -1, -1e9


@njit(cache=True)
def _best_fledge(s, t, i, p):
    """The Angel (Demon) in p's hand that unfledged Being i would best fledge
    into, paying no more than p keeps in reserve; worth the Servitor's value, as
    when it is played."""
    best_c, best = -1, -1e9
    reserve = weight(s, p, W_RESERVE)
    for c in hand(s, p):
        if can_fledge_into(s, t, i, c) and fledge_cost(s, t, p, i, c) <= s.S[p, S_ESSENCE] - reserve:
            sc = score(s, p, servitor_value(s, t, p, s.I[c, F_DESIGN]))
            if sc > best:
                best_c, best = c, sc
    return best_c, best


# ------------------------------------------------------------------ moves


@njit(cache=True)
def _best_move(s, t, i, p, notes, seek):
    """Down a Tether to Earth or the Marches; toward a Human or Ethereal to
    Influence when i ``seek``s one (an Influencer with none in reach), or for a
    Djinn to Attune to; a Human off a Location whose text would kill it there
    (combat.deadly_location), by as much as p would not want it dead (I96); up one of its own
    Superior's Tethers home when badly hurt (retreat-minded styles); to a Tether
    of its realm to plot a theft at, or, for a Being whom Waiting costs
    ``notes`` > 0, to one that calms a note.  Every one a Move the rules offer
    (action_options): within the realm, or up or down a Tether."""
    if realm_seat(s, s.I[i, F_LOC]) >= 0:
        return _descend(s, t, i, p)
    best_l, best = -1, -1e9
    if seek:
        for j in rivals(s):
            ct = t.C[s.I[j, F_DESIGN], D_CTYPE]
            if (is_being(s, t, j) and s.I[j, F_CTRL] != p and (ct == HUMAN or ct == ETHEREAL)
                    and realm_of(s, s.I[j, F_LOC]) == realm_of(s, s.I[i, F_LOC]) and s.I[j, F_LOC] != s.I[i, F_LOC]):
                v = 0.6 * weight(s, p, W_INFLUENCE) * human_worth(s, t, p, j)
                sc = score(s, p, v)
                if sc > best:
                    best_l, best = s.I[j, F_LOC], sc
    up = up_destination(s, t, i)
    if up >= 0 and realm_seat(s, up) == s.I[i, F_OWNER] and t.C[s.I[i, F_DESIGN], D_CTYPE] != HUMAN:
        hurt = s.I[i, F_DMG + CORPOREAL] / max(1, t.C[s.I[i, F_DESIGN], D_HITS + CORPOREAL])
        sc = score(s, p, weight(s, p, W_RETREAT) * hurt - 0.3)
        if sc > best:
            best_l, best = up, sc
    x = s.I[i, F_ATTUNED]
    if x >= 0 and s.I[x, F_CTRL] == p and (is_tether(s, t, x) or is_being(s, t, x)):
        post = x if is_tether(s, t, x) else s.I[x, F_LOC]    # a Cherub keeps by its Attuned Being or Tether
        if (post != s.I[i, F_LOC] and realm_of(s, post) == realm_of(s, s.I[i, F_LOC])
                and not defends_from_afar(s, t, i, x)):
            sc = score(s, p, 0.5 * weight(s, p, W_DEFEND))
            if sc > best:
                best_l, best = post, sc
    if x < 0 and t.C[s.I[i, F_DESIGN], D_KIND] == DJINN:
        l, sc = _toward_ward(s, t, i, p)
        if sc > best:
            best_l, best = l, sc
    if notes > 0:
        l = _own_tether_in_realm(s, t, i, p)
        if l >= 0:
            sc = score(s, p, 0.0)       # rather than Wait for a note: to a Tether that calms one
            if sc > best:
                best_l, best = l, sc
    if t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR and knows_theft(s, t, p):
        l = _unguarded_tether(s, t, i, p)
        if l >= 0:
            sc = score(s, p, weight(s, p, W_HOLD_TETHER))   # a plot seen by a Seraph: guard the Tether
            if sc > best:
                best_l, best = l, sc
    if t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN and deadly_location(s, t, i):
        sc = score(s, p, -target_value(s, t, p, i))   # off a Location that would kill it, its Soul going elsewhere (I96)
        if sc > best:
            best_l, best = realm_of(s, s.I[i, F_LOC]), sc
    if t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN and plots_theft(s, t, p):
        for l in others_in_play(s):
            if (is_tether(s, t, l) and s.I[l, F_CTRL] != p and l != s.I[i, F_LOC]
                    and realm_of(s, l) == realm_of(s, s.I[i, F_LOC]) and _empty_of_enemies(s, t, l, p)):
                sc = score(s, p, weight(s, p, W_HOLD_TETHER))
                if sc > best:
                    best_l, best = l, sc
    return best_l, best


@njit(cache=True)
def _toward_ward(s, t, i, p):
    """Where an unattuned Djinn would go to Attune to a Human or Ethereal its
    seat holds elsewhere in its realm ("any Being or Object at their Location"):
    half what the Attunement is worth there, which takes another action.
    Returns (location, score)."""
    best_l, best = -1, -1e9
    for j in beings_in_play(s):
        if (s.I[j, F_CTRL] == p and s.I[j, F_LOC] != s.I[i, F_LOC] and is_being(s, t, j) and _is_ward(s, t, j)
                and realm_of(s, s.I[j, F_LOC]) == realm_of(s, s.I[i, F_LOC])):
            v = 0.2 * weight(s, p, W_DEFEND) * human_worth(s, t, p, j) * attune_chance(s, t, i, j)
            sc = score(s, p, v)
            if sc > best:
                best_l, best = s.I[j, F_LOC], sc
    return best_l, best


@njit(cache=True)
def _own_tether_in_realm(s, t, i, p):
    """A Tether seat p controls in i's realm, or -1 if i is at one already."""
    if is_tether(s, t, s.I[i, F_LOC]) and s.I[s.I[i, F_LOC], F_CTRL] == p:
        return -1
    for l in others_in_play(s):
        if (is_tether(s, t, l) and s.I[l, F_CTRL] == p and l != s.I[i, F_LOC]
                and realm_of(s, l) == realm_of(s, s.I[i, F_LOC])):
            return l
    return -1


@njit(cache=True)
def _unguarded_tether(s, t, i, p):
    """A Tether seat p controls in i's realm with no Servitor of p at it, or -1."""
    for l in others_in_play(s):
        if not (is_tether(s, t, l) and s.I[l, F_CTRL] == p and realm_of(s, l) == realm_of(s, s.I[i, F_LOC])):
            continue
        guarded = False
        for j in beings_in_play(s):
            if s.I[j, F_LOC] == l and s.I[j, F_CTRL] == p and is_being(s, t, j) and t.C[s.I[j, F_DESIGN], D_CTYPE] == SERVITOR:
                guarded = True
        if not guarded:
            return l
    return -1


@njit(cache=True)
def _descend(s, t, i, p):
    """A Being in its Realm goes down one of its Superior's Tethers (or, with
    free movement, straight to Earth)."""
    best_l, best = -1, -1e9
    v = weight(s, p, W_DESCEND)
    for l in others_in_play(s):
        if can_go_down(s, t, i, l):
            sc = score(s, p, v)
            if sc > best:
                best_l, best = l, sc
    if best_l < 0 and has_effect(s, t, i, E_FREE_MOVE):
        best_l, best = loc_earth(s), score(s, p, v)
    return best_l, best


@njit(cache=True)
def _target_in_reach(s, t, i):
    """Is a Being of another seat in reach of i's Influence (can_influence)?"""
    for j in rivals(s):
        if can_influence(s, t, i, j) and s.I[j, F_CTRL] != s.I[i, F_CTRL]:
            return True
    return False


@njit(cache=True)
def _empty_of_enemies(s, t, l, p):
    for j in rivals(s):
        if s.I[j, F_LOC] == l and is_being(s, t, j) and s.I[j, F_CTRL] != p:
            return False
    return True
