"""The scripted styles' choices in combat (the decision points of
rules/innomine/combat.py): the combat type, who joins an attack or Defends,
each round's declarations, the Combat Acts, a Leader's pick, where a Retreat
goes and whom a Song of Fire hurts.

The style values what a blow does -- a Being brought to 0 Hits, a Human's
Destiny and Fate, the notes it costs -- with its weights (``policies.WEIGHTS``),
and expects blows as they were declared (_blow).  The rules only offer the legal
options and ask.
"""
from numba import njit

from ...rules.innomine.beings import (
    attack_value,
    can_act,
    effect_param,
    has_sheet,
    has_text,
    hits_left,
    is_being,
    may_harm,
)
from ...rules.innomine.combat import (
    A_ATTACK,
    A_DISABLE,
    A_FORCED,
    A_FORFEIT,
    A_RETREAT,
    A_ROLL,
    A_SONG,
    A_TEAR,
    A_WAIT,
    A_BOOST,
    any_able,
    base_attack,
    boost_card,
    boost_helps,
    can_fight_in,
    legal_blow,
    may_defend_at,
    may_join,
    may_take_base_attack,
    roll_card,
    roll_damage,
    song_card,
    takes_part,
    trap_of,
)
from ...rules.innomine.combat_types import open_types, text_types
from ...rules.innomine.dissonance import harm_notes
from ...rules.innomine.humans import afterlife_side, dealing_gain, lean, realm_share
from .policies import (
    NOTE_COST,
    W_ATTACK_HUMAN,
    W_ATTACK_SERVITOR,
    W_COMBAT_ACTS,
    W_COURT,
    W_DEFEND,
    W_GANG,
    W_RETREAT,
    is_random,
    score,
    weight,
)
from ...rules.innomine.ranks import worth
from ...rules.innomine.resonances import forfeit_count, forfeit_faces, tear_expectation
from ...rules.innomine.state import (
    ATTACKING,
    DEFENDING,
    F_ATTS,
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_FIGHT,
    F_FORFEIT,
    F_HOST,
    F_LOC,
    F_NATT,
    F_OFF,
    G_DECLARED,
    G_FIGHT_TARGET,
    G_FIGHT_TYPE,
    G_RESOLVED,
    beings_in_play,
    fighters,
    realm_of,
    realm_type,
)
from ...rules.innomine.superior_dissonance import NEVER_RETREAT, sheet_demands
from ...rules.innomine.tables import D_ATK, D_CTYPE, D_KIND, P_SIDE
from ...rules.innomine.vocabulary import (
    C_DAMAGE_DEALT,
    CALABITE,
    E_DAMAGE_LOCATION,
    E_DISABLE_OBJECT,
    E_ROLL_DAMAGE,
    ELOHITE,
    HUMAN,
    OBJECT,
    SERVITOR,
    TETHER,
    TOOL,
)
from ..points import n_options, offered, subject
from .chances import p_faces

HORIZON = 2     # rounds the style counts when it takes something from an enemy for longer (I68)


# ------------------------------------------------------------------ what a Being is worth
@njit(cache=True)
def target_value(s, t, p, j):
    """How much seat p wants Being j reduced to 0 Hits.  Killing a Human sends
    it where its Destiny and Fate say -- a gift to another seat if they favour
    its side, or its Superior Influences it (humans.realm_share) -- so such
    Humans are not worth attacking: their worth is p's chance of the Soul less
    the others'.  A Human bound for neither side reincarnates: killing it
    denies a Superior of the other side that Influences it the Soul it is
    leaning toward (humans.lean), worth the larger of p's ``attack_human`` and
    ``court`` by how far it has come (I107).  Servitors are worth more with Ranks on them (ranks.worth)."""
    if t.C[s.I[j, F_DESIGN], D_CTYPE] == HUMAN:
        side = afterlife_side(s, t, j)
        if side >= 0:
            share = realm_share(s, t, j, p, side)
            return share * weight(s, p, W_ATTACK_HUMAN) - (1.0 - share)
        q = s.I[j, F_CTRL]
        if q < 0:
            return -1.0
        v = 0.5 * weight(s, p, W_ATTACK_HUMAN)
        if t.seat[q, P_SIDE] != t.seat[p, P_SIDE]:
            v += max(weight(s, p, W_ATTACK_HUMAN), weight(s, p, W_COURT)) * lean(s, t, j, t.seat[q, P_SIDE])
        return v
    return weight(s, p, W_ATTACK_SERVITOR) * (1.0 + 0.1 * worth(s, t, j))


@njit(cache=True)
def song_hits(s, t, i, j):
    """Would the style of i's seat hurt j with i's Song of Fire, sung where j
    stands?  An enemy worth hurting more than the notes it would cost i, whom i
    may harm, not a rider (I60)."""
    p = s.I[i, F_CTRL]
    return (is_being(s, t, j) and s.I[j, F_CTRL] != p and s.I[j, F_HOST] < 0 and may_harm(s, t, i, j)
            and target_value(s, t, p, j) > NOTE_COST * harm_notes(s, t, i, j))


@njit(cache=True)
def uses(s, t, i, r):
    """Damage i can deal this round by each means: (base Attack, expected Gun-style
    roll, Song of Fire-style amount if affordable); 0 where it has none."""
    base = float(base_attack(s, t, i, r))
    roll = 0.0
    c = roll_card(s, t, i, r)
    if c >= 0:
        div = effect_param(s, t, c, E_ROLL_DAMAGE, 2)
        for face in range(1, 7):
            roll += roll_damage(face, div) / 6.0
    c = song_card(s, t, i, r)
    song = float(effect_param(s, t, c, E_DAMAGE_LOCATION, 2)) if c >= 0 else 0.0
    return base, roll, song


# ------------------------------------------------------------------ starting a fight
@njit(cache=True)
def preferred_type(s, t, lead, target):
    """The combat type the style starts ``lead``'s attack on ``target`` in: of the types open to it
    there (combat_types.open_types), the one whose base Attack takes the largest
    share of the target's Hits left in that realm -- "celestial combat may be
    chosen freely by an attacker" in the Marches, and a player picks what hurts
    more; the realm's standard type on a tie or where no base Attack is legal.
    A type only an Attack Act in hand opens counts if the policy plays Combat
    Acts (weight ``combat_acts``)."""
    L = s.I[target, F_LOC]
    best = realm_type(s, L)
    p = s.I[lead, F_CTRL]
    mask = open_types(s, t, lead, L) if p >= 0 and weight(s, p, W_COMBAT_ACTS) > 0.5 else text_types(s, t, lead, L)
    if mask == 1 << best:
        return best
    best_v = 0.0
    blow = legal_blow(s, t, lead, target, best)
    if blow > 0:
        best_v = blow / max(1, hits_left(s, t, target, best))
    for r in range(3):
        blow = legal_blow(s, t, lead, target, r) if mask & (1 << r) != 0 else 0
        if blow > 0:
            v = blow / max(1, hits_left(s, t, target, r))
            if v > best_v:
                best, best_v = r, v
    return best


@njit(cache=True)
def choose_combat_type(s, t, p):
    """COMBAT_TYPE: the style's type (preferred_type) for the attack on the rows' target."""
    target = s.opt[0, 1]
    return offered(s, preferred_type(s, t, subject(s), target), target)


@njit(cache=True)
def choose_defense_act(s, t, p):
    """DEFENSE_ACT: with ``combat_acts``, the offered type that favours the
    defence most (edge), if more than the combat's own type does; else none."""
    if weight(s, p, W_COMBAT_ACTS) <= 0.5:
        return 0
    best, best_v = 0, edge(s, t, s.g[G_FIGHT_TYPE])
    for k in range(1, n_options(s)):
        v = edge(s, t, s.opt[k, 0])
        if v > best_v:
            best, best_v = k, v
    return best


@njit(cache=True)
def edge(s, t, r):
    """How much a combat of type r favours the defence, as the policies reckon it:
    its share of the sum, over the able Beings in the combat that may take part
    in r, of Attack times Hits left in r (one half if nobody counts)."""
    d, a = 0, 0
    for i in fighters(s):
        if s.I[i, F_FIGHT] >= 0 and can_act(s, t, i) and takes_part(s, t, i, r):
            v = attack_value(s, t, i, r) * hits_left(s, t, i, r)
            if s.I[i, F_FIGHT] == DEFENDING:
                d += v
            else:
                a += v
    return d / (d + a) if d + a > 0 else 0.5


@njit(cache=True)
def strike(s, t, i, r):
    """The most damage i can deal in a round of a combat of type r (uses)."""
    base, roll, song = uses(s, t, i, r)
    return max(base, roll, song)


@njit(cache=True)
def other_means(s, t, i, r):
    """The most damage i can deal in a round of a combat of type r without its
    base Attack: a Gun-style roll or a Song of Fire (uses), which may harm a
    Being that base Attacks may not (I112)."""
    base, roll, song = uses(s, t, i, r)
    return max(roll, song)


@njit(cache=True)
def _hits_to_take(s, t, L, target, r):
    """The Hits in realm r an attack on ``target`` at L must take to carry the
    field: the target's, and those of the Beings that would Defend it
    (would_defend), as the style reckons a gang's size (I109)."""
    need = float(max(hits_left(s, t, target, r), 0))
    q = s.I[target, F_CTRL]
    if q >= 0 and weight(s, q, W_DEFEND) >= 0.5:
        for j in beings_in_play(s):
            if j != target and would_defend(s, t, j, q, L, target, r):
                need += max(hits_left(s, t, j, r), 0)
    return need


@njit(cache=True)
def would_defend(s, t, j, q, L, target, r):
    """Would seat q's style have Being j Defend ``target`` at L in a combat of
    type r?  A Servitor that may (combat.may_defend_at) and can do harm there
    (combat.can_fight_in: "Beings [...] may choose not to become involved", I84)."""
    return may_defend_at(s, t, j, q, L, target, r) and _fights(s, t, j, r)


@njit(cache=True)
def _fights(s, t, j, r):
    """Does the style have Being j, one that may Defend, do so in a combat of
    type r: a Servitor that can do harm there (combat.can_fight_in)?"""
    return t.C[s.I[j, F_DESIGN], D_CTYPE] == SERVITOR and can_fight_in(s, t, j, r)


@njit(cache=True)
def may_join_attack(s, t, j, p, L, r):
    """Would the style send Being j to an attack of seat p's at L in a combat of
    type r (whatever the target): one the rules let join (combat.may_join) that
    is a Servitor, or a Human at gang >= 1.5 whose blow would not move its
    Destiny or Fate away from p's side (humans.dealing_gain, I111)."""
    if s.I[j, F_CTRL] != p:         # (first, as it turns away the other seat's Beings at one load)
        return False
    c = t.C[s.I[j, F_DESIGN], D_CTYPE]
    if not (c == SERVITOR or (c == HUMAN and weight(s, p, W_GANG) >= 1.5)) or not may_join(s, t, j, p, L, r):
        return False
    return c == SERVITOR or dealing_gain(s, t, j, p, int(strike(s, t, j, r))) >= 0


@njit(cache=True)
def choose_join(s, t, p):
    """JOIN_ATTACK: the offered row of the style's joiner (named_join)."""
    j, b = named_join(s, t, p)
    return 0 if j < 0 else offered(s, j, b)


@njit(cache=True)
def named_join(s, t, p):
    """The next Being the style sends to the attack on the fight's target, as
    (Being or -1, -1): with ``gang``, the one with the strongest blow
    (strike), until the attackers' blows in a round match the Hits the fight
    must take (_hits_to_take); the rest keep their actions (I109).  The
    joiner is found first: the blows already in the fight are dearer to reckon."""
    if weight(s, p, W_GANG) < 0.5:
        return -1, -1
    target, r = s.g[G_FIGHT_TARGET], s.g[G_FIGHT_TYPE]
    L = s.I[target, F_LOC]
    best, best_d = -1, -1.0
    for j in beings_in_play(s):
        if may_join_attack(s, t, j, p, L, r) and may_harm(s, t, j, target):
            d = strike(s, t, j, r)
            if d > best_d:
                best, best_d = j, d
    if best < 0:
        return -1, -1
    have = 0.0
    for i in fighters(s):
        if s.I[i, F_FIGHT] == ATTACKING:
            have += strike(s, t, i, r)
    if have >= max(hits_left(s, t, target, r), 0) and have >= _hits_to_take(s, t, L, target, r):
        return -1, -1       # (the target's own Hits first: the defenders' are dearer to reckon)
    return best, -1


@njit(cache=True)
def choose_defend(s, t, p):
    """DEFEND: with ``defend``, a Servitor that can do harm in the combat's type
    Defends (_fights: "Beings [...] may choose not to become involved",
    I84); Dominic's Cherubim defend their Attuned Human from afar (row 1's a = 2, I70)."""
    if weight(s, p, W_DEFEND) < 0.5:
        return 0
    if s.opt[1, 0] == 2:
        return 1
    return 1 if _fights(s, t, subject(s), s.g[G_FIGHT_TYPE]) else 0


@njit(cache=True)
def choose_reinforce(s, t, x):
    """SEND_REINFORCEMENTS: with ``combat_acts`` (and ``gang`` for an attack),
    when x's side is outnumbered (I72)."""
    side = s.opt[0, 1]
    if weight(s, x, W_COMBAT_ACTS) < 0.5 or (side == ATTACKING and weight(s, x, W_GANG) < 0.5):
        return 0
    return 1 if _outnumbered(s, t, side) else 0


@njit(cache=True)
def choose_reinforcements_from(s, t, x):
    """REINFORCEMENTS_FROM: the Location with the most Beings to send, the first of equals."""
    best, best_n = 0, 0
    for k in range(n_options(s)):
        if s.opt[k, 1] > best_n:
            best, best_n = k, s.opt[k, 1]
    return best


@njit(cache=True)
def _outnumbered(s, t, side):
    """Are ``side``'s able Beings in the combat fewer than the other side's?"""
    mine, theirs = 0, 0
    for i in fighters(s):
        if s.I[i, F_FIGHT] >= 0 and can_act(s, t, i):
            if s.I[i, F_FIGHT] == side:
                mine += 1
            else:
                theirs += 1
    return theirs > mine


@njit(cache=True)
def choose_pit_trap(s, t, x):
    """PIT_TRAP: with ``combat_acts``, the enemy whose declared, unresolved blow
    (_blow) would bring one of x's Beings to 0 Hits -- the hardest such blow --
    unless x's blows that resolve before it will fell that enemy first
    (_felled_first, I104); else no one yet."""
    if weight(s, x, W_COMBAT_ACTS) < 0.5:
        return 0
    side, r = s.I[subject(s), F_FIGHT], s.g[G_FIGHT_TYPE]
    dec, res = s.g[G_DECLARED], s.g[G_RESOLVED]
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    best, best_v = -1, 0.0
    for ke in range(res, dec):
        e, v = order[ke], whom[ke]
        if s.I[e, F_FIGHT] != 1 - side or v < 0 or s.I[v, F_FIGHT] != side or not can_act(s, t, e):
            continue
        harm = _blow(s, t, e, what[ke], v, r)
        if harm >= hits_left(s, t, v, r) and harm > best_v and not _felled_first(s, t, ke, r):
            best, best_v = e, harm
    return 0 if best < 0 else offered(s, best, -1)


@njit(cache=True)
def _blow(s, t, e, a, v, r):
    """The damage e's declared action ``a`` would do to v, as the policies expect
    it: a Song of Fire's to every Being it would hurt (I98)."""
    if a == A_ATTACK or a == A_FORCED:
        return float(legal_blow(s, t, e, v, r))
    if a == A_ROLL:
        return uses(s, t, e, r)[1]
    if a == A_SONG:
        return uses(s, t, e, r)[2] if s.I[v, F_LOC] == s.I[e, F_LOC] and song_hits(s, t, e, v) else 0.0
    if a == A_TEAR:
        return tear_expectation(s, t, e)
    return 0.0


@njit(cache=True)
def choose_declaration(s, t, p):
    """DECLARE: the offered row of the style's declaration (named_declaration)."""
    a, j = named_declaration(s, t, p)
    return offered(s, a, j)


@njit(cache=True)
def named_declaration(s, t, p):
    """The style's declaration (_declaration) for the Being the decision is
    about, the round's G_DECLARED-th, as (action, target)."""
    return _declaration(s, t, subject(s), s.g[G_FIGHT_TYPE], s.g[G_DECLARED])


@njit(cache=True)
def _declaration(s, t, i, r, k):
    """One participant's declaration for this round, after ``k`` others:
    (action, target), before any Berserk roll (combat._berserk).  The style passes over a Being already down in
    the combat's realm, or that the blows its side has declared this round will
    bring down (_declared_against), as a player would (I80), and weigh the
    notes a blow would cost (dissonance.harm_notes: a Mercurian's on a Human), and
    what a Human's damage dealt does to its Destiny and Fate (I95), its own
    blows that resolve first counted (_struck_value, I108) -- for which a Human
    strikes even a Being not worth felling (I110).  A Song of Fire,
    which has no one target, is weighed over every Being it would hurt
    (_song_worth, I98).  No
    Resonance without game text, of which it is part (a Kyriotate's host, I60):
    no Calabite's tear; a sheet's abilities are game text too (sheet_param)."""
    p = s.I[i, F_CTRL]
    base, roll, song = uses(s, t, i, r)
    rend = tear_expectation(s, t, i) if t.C[s.I[i, F_DESIGN], D_KIND] == CALABITE and has_text(s, i) else 0.0
    n_forfeit = forfeit_count(s, t, i)
    disables = has_sheet(s, t, i, E_DISABLE_OBJECT)
    best_a, best_j, best_v = A_WAIT, -1, 0.0
    unwanted = False        # an enemy i does not want to hurt
    human = t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN
    for j in fighters(s):
        if (s.I[j, F_FIGHT] < 0 or s.I[j, F_FIGHT] == s.I[i, F_FIGHT] or not is_being(s, t, j)
                or not may_harm(s, t, i, j)):
            continue
        v = _struck_value(s, t, p, j, r, k)
        if v <= 0 and not human:
            unwanted = True
            continue
        a, dmg = A_WAIT, 0.0
        if base > 0 and may_take_base_attack(s, t, i, j, r):
            a, dmg = A_ATTACK, base
        if roll > dmg:
            a, dmg = A_ROLL, roll
        if rend > dmg:
            a, dmg = A_TEAR, rend
        left = max(hits_left(s, t, j, r), 0)    # < 0: a Cherub's ward (+2 Hits) gone since it was hit
        if not is_random(s, p) and _doomed(s, t, j, r, k, s.I[i, F_FIGHT]):
            continue
        kill = 0.0
        if a != A_WAIT:
            kill = _kill_worth(dmg, left)
        x = j
        if n_forfeit > 0:           # the damage j's lost actions would have done, as damage done
            f = 0.5 * _forfeit_worth(s, t, i, j, r, n_forfeit) / (1 + left)
            if f > kill:
                a, kill = A_FORFEIT, f
        if disables:
            c, prevented = _object_to_disable(s, t, j, r, k)
            f = 0.5 * prevented / (1 + left)
            if c >= 0 and f > kill:
                a, x, kill = A_DISABLE, c, f
        if a == A_WAIT:
            continue
        cost = 0.0
        if a != A_FORFEIT and a != A_DISABLE:
            cost = (NOTE_COST * harm_notes(s, t, i, j)
                    - weight(s, p, W_COURT) * dealing_gain(s, t, i, p, int(min(dmg, left))))
        if v <= 0 and cost >= 0:    # a Human strikes a Being not worth felling only for its Destiny or Fate
            unwanted = True
            continue
        sc = score(s, p, v * (0.2 + kill) - cost)
        if sc > best_v:
            best_a, best_j, best_v = a, x, sc
    if song > 0:
        sc = score(s, p, _song_worth(s, t, i, r, k, song))
        if sc > best_v:
            best_a, best_j, best_v = A_SONG, -1, sc
    if (best_a == A_WAIT and unwanted and s.I[i, F_FIGHT] == ATTACKING and t.C[s.I[i, F_DESIGN], D_KIND] == ELOHITE
            and not sheet_demands(s, t, i, NEVER_RETREAT)):
        return A_RETREAT, -1        # Bad Temper: "Take the Retreat action immediately if you don't want to hurt the target!"
    if best_a == A_WAIT:
        if weight(s, p, W_RETREAT) > 0.5 and _in_danger(s, t, i, r, k) and not _keeps_trap(s, t, i):
            return A_RETREAT, -1     # nothing worth doing, and hurt if it stays (I84, I93)
        return _maybe_boost(s, t, i, r), -1
    return best_a, best_j


@njit(cache=True)
def _song_worth(s, t, i, r, k, song):
    """What i's Song of Fire (``song`` damage) is worth to its seat in the round's
    declaration after ``k`` others: the sum, over every Being it would hurt at
    i's Location (song_hits), of what a blow of that much is worth against that
    Being alone (_declaration) -- not one its side's blows will fell already (I80) --
    less the notes hurting it would cost, and, for a Human singer, with what the
    damage it deals does to its Destiny and Fate (I95, I98)."""
    p = s.I[i, F_CTRL]
    total, dealt = 0.0, 0
    for j in beings_in_play(s):
        if s.I[j, F_LOC] != s.I[i, F_LOC] or not song_hits(s, t, i, j):
            continue
        left = max(hits_left(s, t, j, r), 0)
        dealt += int(min(song, left))
        if not is_random(s, p) and _doomed(s, t, j, r, k, s.I[i, F_FIGHT]):
            continue
        total += target_value(s, t, p, j) * (0.2 + _kill_worth(song, left)) - NOTE_COST * harm_notes(s, t, i, j)
    return total + weight(s, p, W_COURT) * dealing_gain(s, t, i, p, dealt)


@njit(cache=True)
def _struck_value(s, t, p, j, r, k):
    """target_value of j for a blow declared after the round's first ``k``
    declarations, which resolve before it: by then a Human's own blows among
    them that land (_felled_first) have counted their damage toward its
    Destiny and Fate (I95), and may have sent its Soul to the other side (I108).
    The counter is raised for the reckoning and put back."""
    if t.C[s.I[j, F_DESIGN], D_CTYPE] != HUMAN:
        return target_value(s, t, p, j)
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    dealt = 0
    for m in range(k):
        v = whom[m]
        if order[m] == j and v >= 0 and not _felled_first(s, t, m, r):
            dealt += int(min(_blow(s, t, j, what[m], v, r), max(hits_left(s, t, v, r), 0)))
    s.I[j, F_CNT + C_DAMAGE_DEALT] += dealt
    value = target_value(s, t, p, j)
    s.I[j, F_CNT + C_DAMAGE_DEALT] -= dealt
    return value


@njit(cache=True)
def _kill_worth(dmg, left):
    """How far a blow of ``dmg`` goes to bring down a Being with ``left`` Hits:
    1 if it does, else half its share of them."""
    return 1.0 if dmg >= left else 0.5 * dmg / (1 + left)


@njit(cache=True)
def _doomed(s, t, j, r, k, side):
    """Will the blows ``side`` declared before the round's ``k``-th declaration
    bring j to 0 Hits this round (_declared_against, I80)?"""
    return max(hits_left(s, t, j, r), 0) <= _declared_against(s, t, j, r, k, side)


@njit(cache=True)
def _declared_against(s, t, j, r, k, side):
    """The damage the round's first ``k`` declarations by ``side`` will do to j, as
    the policies expect it (_blow): a blow counts only if its author still
    stands when it resolves (_felled_first, I92)."""
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    total = 0.0
    for m in range(k):
        if _aims_at(what, whom, m, j) and s.I[order[m], F_FIGHT] == side and not _felled_first(s, t, m, r):
            total += _blow(s, t, order[m], what[m], j, r)
    return total


@njit(cache=True)
def _aims_at(what, whom, m, j):
    """May the round's m-th declaration harm j: one aimed at j, or a Song of Fire,
    which has no one target (_blow says whom it hurts)?"""
    return whom[m] == j or what[m] == A_SONG


@njit(cache=True)
def _felled_first(s, t, m, r):
    """Will the other side's blows declared before the round's ``m``-th
    declaration, which resolve before it ("in the order actions were
    declared"), bring its author to 0 Hits first, as the policies expect them
    (_blow)?  Then its blow never lands (I92)."""
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    e = order[m]
    hit = 0.0
    for q in range(m):
        if _aims_at(what, whom, q, e) and s.I[order[q], F_FIGHT] != s.I[e, F_FIGHT]:
            hit += _blow(s, t, order[q], what[q], e, r)
    return hit > 0 and hit >= hits_left(s, t, e, r)


@njit(cache=True)
def _forfeit_worth(s, t, i, j, r, n):
    """The damage a Belial Habbalite's roll to make j forfeit ``n`` actions spares
    its side, as the policies reckon it: j's best damage a round (its uses) for
    each new forfeited round within the HORIZON, at the roll's chance (I68)."""
    f0 = s.I[j, F_FORFEIT]
    rounds = min(n + f0, HORIZON) - min(f0, HORIZON)
    if rounds <= 0:
        return 0.0
    base, roll, song = uses(s, t, j, r)
    return p_faces(s, i, forfeit_faces(s, t, i, j)) * max(base, roll, song) * rounds


@njit(cache=True)
def _object_to_disable(s, t, j, r, k):
    """The Object (or Tool) of enemy j whose loss cuts j's best damage a round
    (its uses) the most, and that cut over the HORIZON: what a Belial Balseraph
    makes nonfunctioning (I68); none already off, or that one of the round's
    first ``k`` declarations will turn off.  (-1, 0) if none cuts anything."""
    base, roll, song = uses(s, t, j, r)
    now = max(base, roll, song)
    best_c, best = -1, 0.0
    for a in range(s.I[j, F_NATT]):
        c = s.I[j, F_ATTS + a]
        ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
        if (ct != OBJECT and ct != TOOL) or s.I[c, F_OFF] == 1 or _disabling(s, c, k):
            continue
        s.I[c, F_OFF] = 1
        base, roll, song = uses(s, t, j, r)
        s.I[c, F_OFF] = 0
        cut = now - max(base, roll, song)
        if cut > best:
            best_c, best = c, cut
    return best_c, best * HORIZON


@njit(cache=True)
def _disabling(s, c, k):
    """Whether one of the round's first ``k`` declarations makes Object c
    nonfunctioning."""
    what, whom = s.rounds[1], s.rounds[2]
    for m in range(k):
        if what[m] == A_DISABLE and whom[m] == c:
            return True
    return False


@njit(cache=True)
def _keeps_trap(s, t, i):
    """A Being in danger that holds a Pit Trap its controller would spring stays
    in the fight to spring it on the blow (_spring) rather than Retreat."""
    return weight(s, s.I[i, F_CTRL], W_COMBAT_ACTS) > 0.5 and trap_of(s, t, i) >= 0


@njit(cache=True)
def _maybe_boost(s, t, i, r):
    """Buy a combat boost (Numinous Corpus: "Corporeal Attack value is +1") once
    per combat if affordable, and only in a combat of the boost's realm ``r``,
    by a Being that may use a base Attack there (boost_helps), while an enemy in
    the combat is still able to fight (not after a Pit Trap took the last one)."""
    c = boost_card(s, t, i, r)
    if c >= 0 and boost_helps(s, t, i, c) and any_able(s, t, 1 - s.I[i, F_FIGHT]):
        return A_BOOST
    return A_WAIT


@njit(cache=True)
def _in_danger(s, t, i, r, k):
    """Would the enemy's strongest single Attack bring i to 0 Hits within two
    rounds -- this one, and the next, which a Retreat declared now escapes (I84;
    an attacker too, I93)?  An enemy that the blows i's side declared before the
    round's ``k``-th declaration will bring to 0 this round (_declared_against)
    threatens nothing next round."""
    worst = 0
    side = s.I[i, F_FIGHT]
    for j in fighters(s):
        if s.I[j, F_FIGHT] >= 0 and s.I[j, F_FIGHT] != side and can_act(s, t, j):
            v = legal_blow(s, t, j, i, r)
            if v > worst and not _doomed(s, t, j, r, k, side):
                worst = v
    return hits_left(s, t, i, r) <= 2 * worst


@njit(cache=True)
def _enemy_at(s, t, l, p):
    """Is an able Being of another seat than p at location l?"""
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == l and s.I[j, F_CTRL] >= 0 and s.I[j, F_CTRL] != p and can_act(s, t, j):
            return True
    return False


# ------------------------------------------------------------------ Leader, Retreat, Song of Fire
@njit(cache=True)
def choose_leader(s, t, p):
    """LEADER: the strongest offered defender (the highest sum of printed
    Attack values) acts first, since a player would use a Leader (I15)."""
    best, best_v = 0, -1
    for k in range(1, n_options(s)):
        d = s.I[s.opt[k, 0], F_DESIGN]
        v = t.C[d, D_ATK + 0] + t.C[d, D_ATK + 1] + t.C[d, D_ATK + 2]
        if v > best_v:
            best, best_v = k, v
    return best


@njit(cache=True)
def choose_retreat_to(s, t, p):
    """RETREAT_TO: from a card Location, the open ground of the realm; from the
    open ground, a Tether of p's own, else a card Location where no enemy
    Being is able, else any (I79)."""
    i = subject(s)
    g = realm_of(s, s.I[i, F_LOC])
    if s.I[i, F_LOC] != g:
        return offered(s, g, -1)
    best, best_v = 0, -1
    for k in range(n_options(s)):
        l = s.opt[k, 0]
        v = 2 if (t.C[s.I[l, F_DESIGN], D_CTYPE] == TETHER and s.I[l, F_CTRL] == p) else (0 if _enemy_at(s, t, l, p) else 1)
        if v > best_v:
            best, best_v = k, v
    return best


@njit(cache=True)
def choose_song_target(s, t, p):
    """SONG_TARGET: the singer hurts the Beings the style wants hurt (song_hits)."""
    return 1 if song_hits(s, t, subject(s), s.opt[1, 1]) else 0
