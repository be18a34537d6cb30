"""Combat (rulebook, phase 6a "The Combat Actions").

A Being attacks a Being in its realm that "has spent at least one opponent's
turn in the Realm"; the fight happens at the target's Location.  The target is
engaged, Beings at that Location may Defend, and Send Reinforcements may bring
more.  Each round every able participant declares -- attackers first, then
defenders, unless Speed or a Leader says otherwise -- a base Attack, a
game-text use, Wait or Retreat; effects resolve in the same order, and Combat
Acts may be played between any two of these steps.  The combat type is the
realm's standard one -- Corporeal on Earth, Ethereal in the Marches, Celestial
in a Realm -- or another the attacker may choose there (combat_types.open_types;
combat_type picks), or one an Attack or Defense Act gives it.  "If at the end of
the round neither attacking nor defending player have a Being involved in Combat
remaining above 0 Hits in all Realms, or one player has no Beings remaining in
the Location, combat is over."

The Superior sheets' abilities in combat: Belial's Habbalah make their
targets forfeit actions and his Balseraphs make Objects nonfunctioning (I68);
Gabriel's Cherubim take a free action to attack (I69); Dominic's defend their
Attuned Human anywhere on Earth (I70).
"""
from numba import njit

from ...sim.seeding import DICE, below, d6
from .attunement import (
    defends_from_afar,
    djinn_fear,
    fear_rolls,
    may_defend,
    may_move_freely,
    move_freely,
    refresh_ward,
)
from .beings import (
    attack_value,
    can_act,
    detach,
    effect_param,
    effect_sum,
    find_effect,
    has_effect,
    has_sheet,
    has_text,
    hits_left,
    influence_side,
    initiates_encounter,
    is_being,
    is_demon,
    is_human_card,
    may_harm,
    move_to,
    unfledged,
)
from .combat_acts import hand_act, may_hold, play_act
from .combat_types import may_fight_in, open_types, text_types
from .d666 import d6_check
from .damage import damage_from, deal_damage, resolve_zero_hits
from .dissonance import action_dissonance, add_dissonance, breaks_oath, harm_notes, keep_oaths, uses_card
from .essence import action_cost, pay_action
from .humans import afterlife_side, dealing_gain, lean, realm_share
from .ranks import worth
from .policies import (
    NOTE_COST,
    W_ATTACK_HUMAN,
    W_ATTACK_SERVITOR,
    W_COMBAT_ACTS,
    W_COURT,
    W_DEFEND,
    W_GANG,
    W_RETREAT,
    below_policy,
    is_random,
    score,
    weight,
)
from .realms import usable_here
from .resonances import forfeit_count, forfeit_faces, forfeits, make_forfeit, p_faces, tear, tear_expectation
from .state import (
    ATTACKING,
    DEFENDING,
    F_ACTS,
    F_ATTS,
    F_ATTUNED,
    F_BOOST,
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_ENTERED,
    F_FIGHT,
    F_FORFEIT,
    F_FREE,
    F_HOST,
    F_INF_BY,
    F_LOC,
    F_NATT,
    F_OFF,
    F_OWNER,
    F_RETREAT,
    F_TRAUMA,
    F_ZONE,
    G_DISABLED,
    G_FIGHT_TARGET,
    G_ROUND,
    G_TURN,
    G_VARIANT,
    G_WINNER,
    REMOVED,
    R_CELESTIAL,
    R_CORPOREAL,
    R_ETHEREAL,
    S_ESSENCE,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    enlist,
    fighters,
    log,
    others_in_play,
    realm_of,
    realm_type,
    tracing,
)
from .tables import D_ATK, D_CTYPE, D_EFFECTS, D_HITS, D_KIND, P_SIDE, in_game
from .superior_dissonance import NEVER_RETREAT, engage_demons, location_harm, sheet_demands, sheet_note
from .tethers import archangel_tether, burn_demons_in_combat
from .trace import (
    PACK,
    T_ABILITY,
    T_ATTACK,
    T_BERSERK,
    T_COMBAT,
    T_COMBAT_END,
    T_COWARDICE,
    T_DAMAGE,
    T_DISABLE,
    T_DISCORD_HELD,
    T_FREE_ATTACK,
    T_GAIN_TEXT,
    T_JOIN,
    T_LEAD,
    T_PLAY,
    T_RETREAT,
    T_RETREAT_TO,
    T_ROUND,
    T_TEMPER,
    T_USE_TEXT,
    T_WAIT,
    WHY_TEMPER,
)
from .vocabulary import (
    E_COMBAT_BOOST,
    E_DEFEND_ANYWHERE,
    E_DISABLE_OBJECT,
    E_COMBAT_ESSENCE,
    E_COMBAT_TYPE,
    E_DAMAGE_LOCATION,
    E_DEFENSE_TYPE,
    E_END_TURN_DAMAGE,
    E_LEADER,
    E_REINFORCE,
    E_REMOVE_FROM_COMBAT,
    E_RETREAT_STAY,
    E_ROLL_DAMAGE,
    E_SPEED,
    C_DAMAGE_DEALT,
    CALABITE,
    ELOHITE,
    HEAVEN,
    HELL,
    HUMAN,
    IMPUDITE,
    LOCATION,
    MALAKITE,
    MAX_EFFECTS,
    MERCURIAN,
    OATH_RETREAT,
    OBJECT,
    SERVITOR,
    TETHER,
    TOOL,
    UNDEAD,
)

# Round actions.  A_ACT: the Being's action was given to a Combat Act (Pit Trap);
# A_FORCED: Berserk turned an attempt at one into a base Attack (combat._spring).
A_WAIT, A_ATTACK, A_ROLL, A_SONG, A_BOOST, A_ACT, A_RETREAT, A_TEAR, A_FORCED = range(9)
# Belial's Habbalah and Balseraphs (I68); A_FORFEITED: a Habbalite made the Being
# forfeit the round's action, so it declares nothing (combat._declare).
A_FORFEIT, A_DISABLE, A_FORFEITED = 9, 10, 11
MAX_ROUNDS = 12
HORIZON = 2     # rounds a policy counts when it takes something from an enemy for longer (I68)
# The Combat Acts a round may offer a side (combat._play_acts), shifted by the side.
TRAP, REINFORCE = 1, 4


@njit(cache=True)
def roll_damage(roll, divisor):
    """The Gun: "Roll d6.  Being takes half of result (round up)" -- roll / divisor, rounded up."""
    return (roll + divisor - 1) // divisor


# ------------------------------------------------------------------ who may fight
@njit(cache=True)
def attackable(s, t, i, by_seat):
    """"Beings cannot be attacked until they have spent one opponent's Turn in a
    given Realm": i entered its realm at least two turns ago (docs/rules.md).
    A Kyriotate or Shedite attached to a host is not manifest to attack (I60)."""
    return (is_being(s, t, i) and s.I[i, F_CTRL] != by_seat and s.I[i, F_TRAUMA] == 0
            and s.I[i, F_ENTERED] <= s.g[G_TURN] - 2 and s.I[i, F_HOST] < 0)


@njit(cache=True)
def base_attack_legal(s, t, actor, target, r):
    """Base Attack rules by realm (see can_base_attack and may_take_base_attack)."""
    return can_base_attack(s, t, actor, r) and may_take_base_attack(s, t, actor, target, r)


@njit(cache=True)
def can_base_attack(s, t, actor, r):
    """The attacker's side of the base Attack rules: a positive Attack value, and
    a kind that may use one in realm r (may_use_base_attack)."""
    return attack_value(s, t, actor, r) > 0 and may_use_base_attack(s, t, actor, r)


@njit(cache=True)
def may_use_base_attack(s, t, actor, r):
    """Whatever its Attack value: Humans and Animals only in the combat types they
    may take part in (combat_types.may_fight_in); Relievers and Demonlings
    cannot use base Corporeal attacks; Undead cannot take part in Celestial combat."""
    if r == R_CORPOREAL and unfledged(s, t, actor):
        return False
    if r == R_CELESTIAL and t.C[s.I[actor, F_DESIGN], D_KIND] == UNDEAD:
        return False
    return may_fight_in(s, t, actor, r)


@njit(cache=True)
def boost_helps(s, t, i, c):
    """Is card c of use to Being i as far as its combat boost goes?  "Corporeal
    Attack value is +1" is not to a Being that may not use a base Attack in that
    realm, such as a Reliever or Demonling (I81)."""
    if t.C[s.I[c, F_DESIGN], D_EFFECTS] & (1 << E_COMBAT_BOOST) == 0:
        return True
    return may_use_base_attack(s, t, i, effect_param(s, t, c, E_COMBAT_BOOST, 1))


@njit(cache=True)
def may_take_base_attack(s, t, actor, target, r):
    """The target's side: Relievers and Demonlings cannot be targeted by base
    Corporeal attacks; Undead cannot take part in Celestial combat, nor Humans
    and Animals in the types they may not take part in."""
    if r == R_CORPOREAL and unfledged(s, t, target):
        return False
    if r == R_CELESTIAL and t.C[s.I[target, F_DESIGN], D_KIND] == UNDEAD:
        return False
    return may_fight_in(s, t, target, r)


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


# ------------------------------------------------------------------ starting a fight
@njit(cache=True)
def combat_type(s, t, lead, target):
    """The combat type ``lead`` starts against ``target``: of the types open to it
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
    if base_attack_legal(s, t, lead, target, best):
        best_v = attack_value(s, t, lead, best) / max(1, hits_left(s, t, target, best))
    for r in range(3):
        if mask & (1 << r) != 0 and base_attack_legal(s, t, lead, target, r):
            v = attack_value(s, t, lead, r) / max(1, hits_left(s, t, target, r))
            if v > best_v:
                best, best_v = r, v
    return best


@njit(cache=True)
def fight(s, t, lead, target):
    """``lead`` attacks ``target`` with its action: gather sides, fight to the end
    in the combat type ``lead`` chooses (combat_type), which an Attack or a
    Defense Act may give the combat as it begins (attack_act, defense_act).  A
    target that is a Djinn Attuned to one of the attackers is attacked by it: an
    encounter its Attuned Being initiates (beings.initiates_encounter)."""
    p = s.I[lead, F_CTRL]
    L = s.I[target, F_LOC]
    r = combat_type(s, t, lead, target)
    attack_act(s, t, lead, L, r)
    log(s, p, lead, target, T_COMBAT, L * PACK + r)
    s.g[G_FIGHT_TARGET] = target
    fear_rolls(s, t, target)
    _join(s, t, lead, L, ATTACKING)
    _gather_attackers(s, t, p, L, r)
    x = s.I[target, F_ATTUNED]
    if x >= 0 and s.I[x, F_FIGHT] == ATTACKING:
        initiates_encounter(s, x, target)
    q = s.I[target, F_CTRL]
    enlist(s, target, DEFENDING)
    if q >= 0:
        _gather_defenders(s, t, q, L, target, r)
        _defenders_from_afar(s, t, L, target)
        r = defense_act(s, t, q, L, target, r)
    if _count(s, t, ATTACKING) > 0:
        _rounds(s, t, L, r, p, q)
    if tracing(s):
        log(s, -1, -1, -1, T_COMBAT_END, _field(s, t))
    s.g[G_FIGHT_TARGET] = -1
    refresh_ward(s, t)
    if s.g[G_DISABLED] == 1:
        _objects_work_again(s)
    for i in beings_in_play(s):
        if s.I[i, F_FIGHT] != -1 or s.I[i, F_BOOST] > 0:
            s.I[i, F_FIGHT] = -1
            s.I[i, F_BOOST] = 0
            s.I[i, F_RETREAT] = 0


@njit(cache=True)
def attack_act(s, t, lead, L, r):
    """An Attack Act (a Combat Act whose effect is ``combat_type``): "celestial
    combat is difficult to initiate witout specialized Attack or Defense Acts".
    When the type ``lead`` starts (r) is open to it only through such an Act in
    its controller's hand, the controller plays it as the combat begins (I59)."""
    p = s.I[lead, F_CTRL]
    if p < 0 or not may_hold(s, p, E_COMBAT_TYPE) or (text_types(s, t, lead, L) >> r) & 1 != 0:
        return
    c = hand_act(s, t, p, E_COMBAT_TYPE, r)
    if c >= 0:
        play_act(s, t, p, c, lead)


@njit(cache=True)
def defense_act(s, t, q, L, target, r):
    """A Defense Act (a Combat Act whose effect is ``defense_type``): seat q,
    whose Being ``target`` is attacked, plays it as the combat begins, before
    the first declaration, and the combat is of the type it names -- if the
    attacked Being may take part in that type, and never corporeal in the
    Marches.  Beings that may not take part in it leave the combat.  Returns
    the combat's type.  The policy plays it when that type favours the defence
    more (_edge); the random-legal one plays each of them or none alike (I59)."""
    if not may_hold(s, q, E_DEFENSE_TYPE):
        return r
    legal, n = 0, 0
    for r2 in range(3):
        if (r2 != r and not (r2 == R_CORPOREAL and realm_type(s, L) == R_ETHEREAL) and takes_part(s, t, target, r2)
                and hand_act(s, t, q, E_DEFENSE_TYPE, r2) >= 0):
            legal |= 1 << r2
            n += 1
    if n == 0:
        return r
    best = -1
    if is_random(s, q):
        k = below_policy(s, n + 1)
        for r2 in range(3):
            if legal & (1 << r2) != 0:
                if k == 0:
                    best = r2
                k -= 1
    elif weight(s, q, W_COMBAT_ACTS) > 0.5:
        best_v = _edge(s, t, r)
        for r2 in range(3):
            if legal & (1 << r2) != 0 and _edge(s, t, r2) > best_v:
                best, best_v = r2, _edge(s, t, r2)
    if best < 0:
        return r
    play_act(s, t, q, hand_act(s, t, q, E_DEFENSE_TYPE, best), target)
    for i in fighters(s):
        if s.I[i, F_FIGHT] >= 0 and not takes_part(s, t, i, best):
            s.I[i, F_FIGHT] = -1
    return best


@njit(cache=True)
def takes_part(s, t, i, r):
    """May Being i take part in a combat of type r where it is?  Humans and
    Animals only in their types (combat_types.may_fight_in); Undead "cannot
    participate in Celestial combat"."""
    return may_fight_in(s, t, i, r) and not (r == R_CELESTIAL and t.C[s.I[i, F_DESIGN], D_KIND] == UNDEAD)


@njit(cache=True)
def _edge(s, t, r):
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
def _enter(s, t, i, L, side):
    """i enters the combat at L on ``side`` (moving there if need be)."""
    if s.I[i, F_LOC] != L:
        move_to(s, t, i, L)
    enlist(s, i, side)


@njit(cache=True)
def _join(s, t, i, L, side):
    """i enters the combat at L; an attacker spends its action on the Attack
    (and takes whatever Dissonance its kind takes for acting)."""
    _enter(s, t, i, L, side)
    if side == ATTACKING:
        s.I[i, F_ACTS] -= 1
        action_dissonance(s, t, i, False)


@njit(cache=True)
def _log_join(s, i, L, side):
    """The replay log's line for a Being that joins the combat at L beside its
    leader or its target."""
    log(s, s.I[i, F_CTRL], i, L, T_JOIN, side)


@njit(cache=True)
def _can_fight_in(s, t, i, r):
    """May i join a combat of type r, and do harm there: a base Attack it may use
    (not a Reliever's or Demonling's in a Corporeal one), a roll for damage or a
    Song?  Not a Kyriotate or Shedite attached to a host (I60)."""
    if not may_fight_in(s, t, i, r) or s.I[i, F_HOST] >= 0:
        return False
    if can_base_attack(s, t, i, r):
        return True
    return has_effect(s, t, i, E_ROLL_DAMAGE) or has_effect(s, t, i, E_DAMAGE_LOCATION)


@njit(cache=True)
def _gather_attackers(s, t, p, L, r):
    """"Multiple Beings may enter a single combat at once": with the gang weight,
    p's other Beings that may join (may_join_attack) join -- not a Djinn against
    the target of its Attunement (beings.may_harm).  A scripted policy sends
    the strongest first, and no more once the attackers' blows in a round match
    the Hits the fight must take (_hits_to_take): the rest keep their actions
    (I109).  The random-legal policy sends them all."""
    if weight(s, p, W_GANG) < 0.5:
        return
    target = s.g[G_FIGHT_TARGET]
    need, have = 1e18, 0.0
    if not is_random(s, p):
        need = _hits_to_take(s, t, L, target, r)
        for i in fighters(s):
            if s.I[i, F_FIGHT] == ATTACKING:
                have += _strike(s, t, i, r)
    while have < need:
        best, best_d = -1, -1.0
        for j in beings_in_play(s):
            if may_join_attack(s, t, j, p, L, r) and may_harm(s, t, j, target):
                d = _strike(s, t, j, r)
                if d > best_d:
                    best, best_d = j, d
        if best < 0:
            return
        _join(s, t, best, L, ATTACKING)
        _log_join(s, best, L, ATTACKING)
        have += best_d


@njit(cache=True)
def _strike(s, t, i, r):
    """The most damage i can deal in a round of a combat of type r (_uses)."""
    base, roll, song = _uses(s, t, i, r)
    return max(base, roll, song)


@njit(cache=True)
def other_means(s, t, i, r):
    """The most damage i can deal in a round of a combat of type r without its
    base Attack: a Gun-style roll or a Song of Fire (_uses), which may harm a
    Being that base Attacks may not (I112)."""
    base, roll, song = _uses(s, t, i, r)
    return max(roll, song)


@njit(cache=True)
def _hits_to_take(s, t, L, target, r):
    """The Hits in realm r an attack on ``target`` at L must take to carry the
    field: the target's, and those of the Beings that would Defend it
    (_would_defend), as the scripted policies reckon a gang's size (I109)."""
    need = float(max(hits_left(s, t, target, r), 0))
    q = s.I[target, F_CTRL]
    if q >= 0 and weight(s, q, W_DEFEND) >= 0.5:
        for j in beings_in_play(s):
            if j != target and _would_defend(s, t, j, q, L, target, r):
                need += max(hits_left(s, t, j, r), 0)
    return need


@njit(cache=True)
def _would_defend(s, t, j, q, L, target, r):
    """May Being j Defend ``target`` of seat q's at L in a combat of type r
    (_gather_defenders)?"""
    return (s.I[j, F_FIGHT] < 0 and s.I[j, F_CTRL] == q
            and (s.I[j, F_LOC] == L or may_move_freely(s, t, j, L)) and can_act(s, t, j)
            and t.C[s.I[j, F_DESIGN], D_CTYPE] == SERVITOR and may_defend(s, t, j, target)
            and s.I[j, F_HOST] < 0 and _can_fight_in(s, t, j, r))


@njit(cache=True)
def may_join_attack(s, t, j, p, L, r):
    """Would Being j join an attack of seat p's at L in a combat of type r
    (_gather_attackers, whatever the target): p's, out of combat, with an action
    left, able, in L's realm and able to do harm in that combat; a Servitor, or a
    Human at gang >= 1.5 whose blow would not move its Destiny or Fate away from
    p's side (humans.dealing_gain, I111)."""
    if not (s.I[j, F_FIGHT] < 0 and s.I[j, F_CTRL] == p and s.I[j, F_ACTS] > 0 and can_act(s, t, j)
            and realm_of(s, s.I[j, F_LOC]) == realm_of(s, L) and _can_fight_in(s, t, j, r)):
        return False
    c = t.C[s.I[j, F_DESIGN], D_CTYPE]
    if c == HUMAN:
        return weight(s, p, W_GANG) >= 1.5 and dealing_gain(s, t, j, p, int(_strike(s, t, j, r))) >= 0
    return c == SERVITOR


@njit(cache=True)
def _gather_defenders(s, t, q, L, target, r):
    """Beings at the Location "who can Defend may choose to do so" (no action
    spent), if they can do harm in a combat of type r (_can_fight_in: "Beings
    [...] may choose not to become involved", I84) -- except a Cherub whose
    Fear keeps it from Defending ``target``.  A
    Djinn whose Attuned card is at L moves freely there to Defend, "even on
    another player's turn" (attunement.may_move_freely, I65)."""
    if weight(s, q, W_DEFEND) < 0.5:
        return
    for j in beings_in_play(s):
        if _would_defend(s, t, j, q, L, target, r):
            if s.I[j, F_LOC] != L:
                move_freely(s, t, j, L)
            enlist(s, j, DEFENDING)
            _log_join(s, j, L, DEFENDING)


@njit(cache=True)
def _defenders_from_afar(s, t, L, target):
    """Dominic's Cherubim "may Attune to a Human Influenced for Heaven and defend it
    anywhere on Earth": when such a Human (a Saint or Undead too: I57) is
    attacked on Earth, each Cherub with that ability Attuned to it joins the
    defence from wherever it is on Earth, if it is able and its controller
    defends (W_DEFEND) and Fear does not keep it back (I70)."""
    if not in_game(t, E_DEFEND_ANYWHERE) or influence_side(s, t, target) != HEAVEN:
        return
    for c in beings_in_play(s):
        if (s.I[c, F_ATTUNED] == target and s.I[c, F_FIGHT] < 0 and s.I[c, F_HOST] < 0 and can_act(s, t, c)
                and defends_from_afar(s, t, c, target) and may_defend(s, t, c, target)
                and weight(s, s.I[c, F_CTRL], W_DEFEND) >= 0.5):
            _join(s, t, c, L, DEFENDING)
            _log_join(s, c, L, DEFENDING)


# ------------------------------------------------------------------ Gabriel's Cherubim
@njit(cache=True)
def holds_hellish_influence(s, t, j):
    """Is j one of the Beings Gabriel's Cherubim may take their free action to
    attack: "Impudites or Humans who hold Influence over any Being for a Demon
    Prince" -- an Impudite or a Human (a Saint or Undead too: I57) through
    which a Demon Prince Influences some Being (I69)?"""
    d = s.I[j, F_DESIGN]
    if not is_being(s, t, j) or not (is_human_card(t, d) or t.C[d, D_KIND] == IMPUDITE):
        return False
    for b in beings_in_play(s):
        if s.I[b, F_INF_BY] == j and is_being(s, t, b) and influence_side(s, t, b) == HELL:
            return True
    return False


@njit(cache=True)
def free_attack(s, t, i, j):
    """Gabriel's Cherubim "may take one free action per turn to attack" such a
    Being (holds_hellish_influence): Cherub i attacks j without spending its
    action, once a turn (F_FREE)."""
    s.I[i, F_FREE] = s.g[G_TURN]
    log(s, s.I[i, F_CTRL], i, j, T_FREE_ATTACK, 0)
    s.I[i, F_ACTS] += 1          # fight() spends the attackers' actions
    fight(s, t, i, j)


@njit(cache=True)
def _field(s, t):
    """How a combat ended, for the replay log (trace.FIELD): the game won in it
    (4), or which sides still have an able Being in it (attackers 1, defenders 2;
    both: 3 at the round limit, 5 after a round of nothing but Waits, I20)."""
    if s.g[G_WINNER] >= 0:
        return 4
    field = (1 if _count(s, t, ATTACKING) > 0 else 0) + (2 if _count(s, t, DEFENDING) > 0 else 0)
    return 5 if field == 3 and s.g[G_ROUND] < MAX_ROUNDS else field


@njit(cache=True)
def _count(s, t, side):
    n = 0
    for j in fighters(s):
        if s.I[j, F_FIGHT] == side and can_act(s, t, j):
            n += 1
    return n


@njit(cache=True)
def bad_temper(s, t, p):
    """The Elohite Discord, Bad Temper: "if any Being controlled by a Superior
    other than the Elohite's own is in the Elohite's location during your turn,
    roll d6.  On a result less than or equal to the levels of Discord, the Elohite
    initiates combat with a random target in the Location (roll)."  Elohim "gain
    Dissonance [...] if they succumb to their Discord".  Rolled once a turn, for
    seat p's Elohim, as p's Actions phase begins; the attack is the Elohite's
    action, on a target drawn among the Beings there that p may attack (I32)."""
    for i in beings_in_play(s):
        if (t.C[s.I[i, F_DESIGN], D_KIND] != ELOHITE or s.I[i, F_CTRL] != p or s.I[i, F_DISCORD] <= 0
                or s.I[i, F_ACTS] <= 0 or s.I[i, F_FIGHT] >= 0 or not can_act(s, t, i)):
            continue
        if not _foreign_being_at(s, t, i):
            continue
        temper, roll, _ = d6_check(s.rng, s.g[G_VARIANT], s.I[i, F_DISCORD], False)
        if not temper:
            log(s, p, i, -1, T_DISCORD_HELD, roll)
            continue
        j = _random_target(s, t, i, p)
        if j < 0:
            continue
        log(s, p, i, j, T_TEMPER, roll)
        add_dissonance(s, t, i, WHY_TEMPER)
        fight(s, t, i, j)
        if s.g[G_WINNER] >= 0:
            return


@njit(cache=True)
def _foreign_being_at(s, t, i):
    """Is a Being controlled by a Superior other than i's own at i's Location?"""
    for j in beings_in_play(s):
        if (s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j) and s.I[j, F_CTRL] >= 0
                and s.I[j, F_CTRL] != s.I[i, F_OWNER]):
            return True
    return False


@njit(cache=True)
def _random_target(s, t, i, p):
    """A Being at i's Location that seat p may attack, drawn at random (dice), or -1."""
    n = 0
    for j in beings_in_play(s):
        if j != i and s.I[j, F_LOC] == s.I[i, F_LOC] and attackable(s, t, j, p):
            n += 1
    if n == 0:
        return -1
    k = below(s.rng, DICE, n)
    for j in beings_in_play(s):
        if j != i and s.I[j, F_LOC] == s.I[i, F_LOC] and attackable(s, t, j, p):
            if k == 0:
                return j
            k -= 1
    return -1


# ------------------------------------------------------------------ rounds
@njit(cache=True)
def _rounds(s, t, L, r, p, q):
    """The rounds of a combat between seat p's attackers and seat q's defenders
    (q = -1: an uncontrolled target).  Each round: its start-of-round effects,
    then the progression -- "Declare effects in this order [...] Resolve effects
    in this order" (_order) -- with the Combat Acts the players may play "at any
    time during this progression" (_play_acts): before the first declaration,
    after each declaration and after each resolution (I72)."""
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    for rnd in range(1, MAX_ROUNDS + 1):
        s.g[G_ROUND] = rnd
        log(s, -1, -1, -1, T_ROUND, rnd)
        refresh_ward(s, t)
        _combat_essence(s, t, rnd)
        n, acts = _order(s, t, order, what, p, q)
        m, acts = _play_acts(s, t, L, r, p, q, order, what, whom, n, n, 0, 0, acts)
        if m > n:        # reinforcements sent before the first declaration declare now
            n, acts = _order(s, t, order, what, p, q)
            m = n
        _log_leader(s, t, order, what, n)
        engage_demons(s, t)   # with them: they fight this round (I47)
        for k in range(n):
            what[k], whom[k] = _declare(s, t, order[k], L, r, k)
            m, acts = _play_acts(s, t, L, r, p, q, order, what, whom, n, m, k + 1, 0, acts)
        for k in range(n):
            _resolve(s, t, order[k], what[k], whom[k], L, r)
            m, acts = _play_acts(s, t, L, r, p, q, order, what, whom, n, m, n, k + 1, acts)
        _end_of_round(s, t, L)
        if (s.g[G_WINNER] >= 0 or _count(s, t, ATTACKING) == 0 or _count(s, t, DEFENDING) == 0
                or _stood_still(what, n, m)):
            return


@njit(cache=True)
def _stood_still(what, n, m):
    """A round in which every Being declared Wait and no one joined: both players
    have stopped fighting, and the combat is over (I20)."""
    if m > n:
        return False
    for k in range(n):
        if what[k] != A_WAIT:
            return False
    return True


@njit(cache=True)
def _combat_essence(s, t, rnd):
    """Jayeil's Rite: "Gain 1 Essence at the beginning of every third round of any combat"."""
    for i in fighters(s):
        if s.I[i, F_FIGHT] >= 0 and is_being(s, t, i):
            c = find_effect(s, t, i, E_COMBAT_ESSENCE)
            if c >= 0:
                every = effect_param(s, t, c, E_COMBAT_ESSENCE, 1)
                if every > 0 and rnd % every == 0:
                    amount = effect_param(s, t, c, E_COMBAT_ESSENCE, 2)
                    s.S[s.I[i, F_CTRL], S_ESSENCE] += amount
                    log(s, s.I[i, F_CTRL], i, -1, T_GAIN_TEXT, amount)


@njit(cache=True)
def _order(s, t, order, key, p, q):
    """Who acts this round, in order, into ``order`` (``key`` is scratch); returns
    (how many, the Combat Acts that may be offered this round -- _play_acts).
    "Declare effects in this order: Attacking player's Beings, in any order they
    choose; defending players' Beings [...] Resolve effects in this order:
    attacking player's Beings, in the order actions were declared; defending
    player's Beings, in the order actions were declared.  Some cards or
    abilities, such as Speed or the Ofanite of War Attunement, may affect this
    order, in which case those effects supersede this rule to the extent that
    they are applicable."  Beings with more Speed (effect ``speed``: the Speed
    Skill, Michael's Ofanim of War) go first, and among equal Speed a Leader's
    pick (I15) before the attackers, then the attackers, then the defenders,
    each side in the order its Beings came into play (I58)."""
    n, top, acts = 0, -1, 0
    for side in range(2):
        for i in fighters(s):
            if s.I[i, F_FIGHT] == side and can_act(s, t, i):
                order[n] = i
                key[n] = 2 * speed(s, t, i)
                if side == ATTACKING and key[n] > top:
                    top = key[n]
                if _trap(s, t, i) >= 0:
                    acts |= TRAP << side
                n += 1
    k = _leader_pick(s, t, order, key, n, top)
    if k >= 0:
        key[k] += 1
    for a in range(1, n):            # stable: the rulebook's order among equals
        i, v, b = order[a], key[a], a
        while b > 0 and key[b - 1] < v:
            order[b], key[b] = order[b - 1], key[b - 1]
            b -= 1
        order[b], key[b] = i, v
    if may_hold(s, p, E_REINFORCE):
        acts |= REINFORCE << ATTACKING
    if q >= 0 and may_hold(s, q, E_REINFORCE):
        acts |= REINFORCE << DEFENDING
    return n, acts


@njit(cache=True)
def speed(s, t, i):
    """Being i's Speed (effect ``speed``: the Speed Skill, Michael's Ofanim of
    War); a Being with more declares and resolves before one with less (I58)."""
    return effect_sum(s, t, i, E_SPEED, 1) if in_game(t, E_SPEED) else 0


@njit(cache=True)
def _leader(s, t, order, n):
    """A Leader (Marnel) among the round's defenders ``order[:n]``, or -1."""
    leader = -1
    for k in range(n):
        if s.I[order[k], F_FIGHT] == DEFENDING and has_effect(s, t, order[k], E_LEADER):
            leader = order[k]
    return leader


@njit(cache=True)
def _leader_pick(s, t, order, key, n, top):
    """Marnel's "Leader: Marnel allows any one defending Being in a combat round to
    act before attackers": the place in ``order`` of the defender a Leader among
    the round's defenders picks -- the strongest (highest sum of printed Attack
    values) of those whose Speed (``key``) does not already put them before
    every attacker (``top``: the attackers' best) -- or -1 (I15, I58)."""
    if _leader(s, t, order, n) < 0:
        return -1
    best, best_v = -1, -1
    for k in range(n):
        d = s.I[order[k], F_DESIGN]
        if s.I[order[k], F_FIGHT] == DEFENDING and key[k] <= top:
            v = t.C[d, D_ATK + 0] + t.C[d, D_ATK + 1] + t.C[d, D_ATK + 2]
            if v > best_v:
                best, best_v = k, v
    return best


@njit(cache=True)
def _log_leader(s, t, order, key, n):
    """The log names the Leader and its pick once a round, when the order is
    final (after reinforcements sent before the first declaration): the pick is
    the Being whose ``key`` _order made odd (Speeds count double)."""
    for k in range(n):
        if key[k] & 1:
            leader = _leader(s, t, order, n)
            log(s, s.I[leader, F_CTRL], leader, order[k], T_LEAD, 0)


@njit(cache=True)
def _declare(s, t, i, L, r, k=0):
    """i's declaration for this round (action, target), the round's ``k``-th
    (_choose): nothing if a Combat Act
    has taken it out of the combat, or to 0 Hits, since the round began, nor
    from a Being no player controls (I74: no player acts for it).  A
    Being that must forfeit actions (I68) forfeits the round's action instead:
    it declares nothing, and no Combat Act may take the action's place
    (A_FORFEITED).  A declaration aimed at a Djinn Attuned to its author is an
    encounter that Being initiates, so that the Djinn, declaring later, may
    answer it."""
    if s.I[i, F_FIGHT] < 0 or not can_act(s, t, i) or s.I[i, F_CTRL] < 0:
        return A_WAIT, -1
    if forfeits(s, i):
        return A_FORFEITED, -1
    a, j = _choose(s, t, i, L, r, k)
    if j >= 0:
        initiates_encounter(s, i, j)
    return a, j


# ------------------------------------------------------------------ Combat Acts during the progression
@njit(cache=True)
def _play_acts(s, t, L, r, p, q, order, what, whom, n, m, dec, res, acts):
    """One point of the progression: "Combat Acts may be played at any time during
    this progression -- if multiple Acts are played at between two other
    actions, they take effect in the order in which they were played".  The
    attacking player, then the defending player, may play theirs; each takes
    effect as it is played (I72).  ``order[:n]`` act this round, ``order[n:m]``
    have joined since it began; ``dec`` of them have declared and ``res``
    resolved.  ``acts`` holds, per side, the Acts still worth a look this round
    (bits TRAP and REINFORCE shifted by the side): a player without any costs
    one bit test.  Returns (m, acts)."""
    if acts == 0:
        return m, acts
    for side in range(2):
        x = p if side == ATTACKING else q
        if x < 0:
            continue
        if acts & (REINFORCE << side) != 0:
            m, acts = _reinforce(s, t, L, r, x, side, order, m, acts)
        if acts & (TRAP << side) != 0:
            _spring(s, t, r, x, side, order, what, whom, dec, res)
    return m, acts


@njit(cache=True)
def _reinforce(s, t, L, r, x, side, order, m, acts):
    """Send Reinforcements (Combat Act): "Move any number of Beings you Influence
    from any one Location to a Location where combat is in progress.  Those
    Beings join combat as attackers or defenders next time actions are
    declared."  Seat x sends every able Servitor it can from the Location where
    it has most (_sendable) to its side of the combat; they are put in
    order[m:].  The policy plays it when x's side is outnumbered (to an attack
    only if it sends gangs, weight ``gang``); the random-legal one half the time
    it can.  With no card or nothing to send, it is not looked at again this
    round (I72)."""
    if not is_random(s, x):
        if weight(s, x, W_COMBAT_ACTS) < 0.5 or (side == ATTACKING and weight(s, x, W_GANG) < 0.5):
            return m, acts & ~(REINFORCE << side)
        if not _outnumbered(s, t, order, m, side):
            return m, acts
    card = hand_act(s, t, x, E_REINFORCE, -1)
    l = _reinforcements_from(s, t, x, L, r, side) if card >= 0 else -1
    if l < 0:
        return m, acts & ~(REINFORCE << side)
    if is_random(s, x) and below_policy(s, 2) != 0:
        return m, acts
    play_act(s, t, x, card, -1)
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == l and _sendable(s, t, j, x, L, r, side):
            _enter(s, t, j, L, side)
            _log_join(s, j, L, side)
            order[m] = j
            m += 1
    return m, acts


@njit(cache=True)
def _outnumbered(s, t, order, m, side):
    """Are ``side``'s able Beings in the combat fewer than the other side's?"""
    mine, theirs = 0, 0
    for k in range(m):
        i = order[k]
        if s.I[i, F_FIGHT] >= 0 and can_act(s, t, i):
            if s.I[i, F_FIGHT] == side:
                mine += 1
            else:
                theirs += 1
    return theirs > mine


@njit(cache=True)
def _sendable(s, t, j, x, L, r, side):
    """May Send Reinforcements bring j to ``side`` of the combat at L?  An able
    Servitor x controls, out of the combat, elsewhere in L's realm, that may fight
    there (not a rider, I60), and not a demon into a combat at an Archangel's
    Tether, where it would burn every round (I72); as a defender, not a Cherub
    whose Fear keeps it from Defending the attacked Being."""
    if (s.I[j, F_CTRL] != x or s.I[j, F_FIGHT] != -1 or s.I[j, F_LOC] == L or not can_act(s, t, j)
            or t.C[s.I[j, F_DESIGN], D_CTYPE] != SERVITOR or realm_of(s, s.I[j, F_LOC]) != realm_of(s, L)
            or not _can_fight_in(s, t, j, r) or (is_demon(t, s.I[j, F_DESIGN]) and archangel_tether(s, t, L))):
        return False
    return side == ATTACKING or may_defend(s, t, j, s.g[G_FIGHT_TARGET])


@njit(cache=True)
def _reinforcements_from(s, t, x, L, r, side):
    """"from any one Location": the Location holding most Beings x could send, or -1."""
    best, best_n = -1, 0
    for j in beings_in_play(s):
        if not _sendable(s, t, j, x, L, r, side):
            continue
        n = 0
        for k in beings_in_play(s):
            if s.I[k, F_LOC] == s.I[j, F_LOC] and _sendable(s, t, k, x, L, r, side):
                n += 1
        if n > best_n:
            best, best_n = s.I[j, F_LOC], n
    return best


@njit(cache=True)
def _trap(s, t, i):
    """The Pit Trap (effect ``remove_from_combat``) attached to i that i may use
    where it is (not a Tool in a Realm or the Marches), or -1."""
    c = find_effect(s, t, i, E_REMOVE_FROM_COMBAT)
    return c if c >= 0 and c != i and usable_here(s, t, i, c) else -1


@njit(cache=True)
def _spring(s, t, r, x, side, order, what, whom, dec, res):
    """Pit Trap: "Discard Pit Trap as a Combat Act.  One Being involved in combat
    with holder of Pit Trap is removed from combat and enters a generic
    Location."  A Combat Act takes "the place of an action by one of your
    servants": here the holder's, so it is played between the holder's
    declaration and the resolution of the action it replaces -- not a Retreat,
    which Cowardice may have dictated.  Trying it is an action other than a base
    Attack, so Berserk may turn it into one (_berserk); then the holder tries no
    more this round.  The Being removed does not resolve a declared action
    (I73).  Whom the policies remove: _trap_target."""
    for kh in range(res, dec):
        h = order[kh]
        a = what[kh]
        if (s.I[h, F_FIGHT] != side or a == A_ACT or a == A_FORCED or a == A_RETREAT or a == A_FORFEITED
                or not can_act(s, t, h)):
            continue
        c = _trap(s, t, h)
        if c < 0:
            continue
        j = _trap_target(s, t, x, side, order, what, whom, dec, res, r)
        if j < 0:
            return
        a, j = _berserk(s, t, h, A_ACT, j, r)
        if a == A_ATTACK:
            what[kh], whom[kh] = A_FORCED, j
            initiates_encounter(s, h, j)
            continue
        uses_card(s, t, h, c)
        log(s, x, c, j, T_PLAY, 0)
        pit_trap(s, t, c, j)
        what[kh] = A_ACT
        return


@njit(cache=True)
def _trap_target(s, t, x, side, order, what, whom, dec, res, r):
    """Whom seat x's Pit Trap removes now, or -1 for no one yet.  The policy:
    the enemy whose declared, unresolved blow (_blow) would bring one of x's
    Beings to 0 Hits -- the hardest such blow -- unless x's blows that resolve
    before it will fell that enemy first (_felled_first, I104).  The
    random-legal policy: any enemy in the combat, or no one, alike."""
    if is_random(s, x):
        n = 0
        for j in fighters(s):
            if s.I[j, F_FIGHT] == 1 - side and is_being(s, t, j):
                n += 1
        k = below_policy(s, n + 1)
        for j in fighters(s):
            if s.I[j, F_FIGHT] == 1 - side and is_being(s, t, j):
                if k == 0:
                    return j
                k -= 1
        return -1
    if weight(s, x, W_COMBAT_ACTS) < 0.5:
        return -1
    best, best_v = -1, 0.0
    for ke in range(res, dec):
        e, v = order[ke], whom[ke]
        if s.I[e, F_FIGHT] != 1 - side or v < 0 or s.I[v, F_FIGHT] != side or not can_act(s, t, e):
            continue
        harm = _blow(s, t, e, what[ke], v, r)
        if harm >= hits_left(s, t, v, r) and harm > best_v and not _felled_first(s, t, ke, r):
            best, best_v = e, harm
    return best


@njit(cache=True)
def _blow(s, t, e, a, v, r):
    """The damage e's declared action ``a`` would do to v, as the policies expect
    it: a Song of Fire's to every Being it would hurt (I98)."""
    if a == A_ATTACK or a == A_FORCED:
        return float(attack_value(s, t, e, r)) if base_attack_legal(s, t, e, v, r) else 0.0
    if a == A_ROLL:
        return _uses(s, t, e, r)[1]
    if a == A_SONG:
        return _uses(s, t, e, r)[2] if s.I[v, F_LOC] == s.I[e, F_LOC] and song_hits(s, t, e, v) else 0.0
    if a == A_TEAR:
        return tear_expectation(s, t, e)
    return 0.0


@njit(cache=True)
def _choose(s, t, i, L, r, k=0):
    """One participant's declaration for this round, after ``k`` others:
    (action, target); never against the target of a Djinn's Attunement
    (beings.may_harm).  The scripted policies pass over a Being already down in
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
    if _cowardice(s, t, i) or djinn_fear(s, t, i):
        return A_RETREAT, -1
    base, roll, song = _uses(s, t, i, r)
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
            return _berserk(s, t, i, A_RETREAT, -1, r)     # nothing worth doing, and hurt if it stays (I84, I93)
        return _berserk(s, t, i, _maybe_boost(s, t, i, r), -1, r)
    return _berserk(s, t, i, best_a, best_j, r)


@njit(cache=True)
def _song_worth(s, t, i, r, k, song):
    """What i's Song of Fire (``song`` damage) is worth to its seat in the round's
    declaration after ``k`` others: the sum, over every Being it would hurt at
    i's Location (song_hits), of what a blow of that much is worth against that
    Being alone (_choose) -- not one its side's blows will fell already (I80) --
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
    its side, as the policies reckon it: j's best damage a round (its _uses) for
    each new forfeited round within the HORIZON, at the roll's chance (I68)."""
    f0 = s.I[j, F_FORFEIT]
    rounds = min(n + f0, HORIZON) - min(f0, HORIZON)
    if rounds <= 0:
        return 0.0
    base, roll, song = _uses(s, t, j, r)
    return p_faces(s, i, forfeit_faces(s, t, i, j)) * max(base, roll, song) * rounds


@njit(cache=True)
def _object_to_disable(s, t, j, r, k):
    """The Object (or Tool) of enemy j whose loss cuts j's best damage a round
    (its _uses) the most, and that cut over the HORIZON: what a Belial Balseraph
    makes nonfunctioning (I68); none already off, or that one of the round's
    first ``k`` declarations will turn off.  (-1, 0) if none cuts anything."""
    base, roll, song = _uses(s, t, j, r)
    now = max(base, roll, song)
    best_c, best = -1, 0.0
    for a in range(s.I[j, F_NATT]):
        c = s.I[j, F_ATTS + a]
        ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
        if (ct != OBJECT and ct != TOOL) or s.I[c, F_OFF] == 1 or _disabling(s, c, k):
            continue
        s.I[c, F_OFF] = 1
        base, roll, song = _uses(s, t, j, r)
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
def disable_object(s, t, i, c):
    """Belial's Balseraphs "may, in combat, cause any Object to be nonfunctioning
    for the remainder of combat": an Object or Tool at the combat's Location,
    held or loose, whose game text then does nothing (beings.text_works) until the
    combat ends (I68).  No roll: the sheet names none."""
    if s.I[c, F_ZONE] != Z_PLAY or s.I[c, F_LOC] != s.I[i, F_LOC]:
        return
    ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
    if ct != OBJECT and ct != TOOL:
        return
    s.I[c, F_OFF] = 1
    s.g[G_DISABLED] = 1
    log(s, s.I[i, F_CTRL], i, c, T_DISABLE, 0)


@njit(cache=True)
def _objects_work_again(s):
    """The combat is over: Objects made nonfunctioning for it work again."""
    for c in others_in_play(s):
        s.I[c, F_OFF] = 0
    s.g[G_DISABLED] = 0


@njit(cache=True)
def _cowardice(s, t, i):
    """The Malakite Discord, Cowardice: "Starting every round of combat, roll d6;
    on a result less than or equal to the levels of Cowardice, the Malakite takes
    the Retreat action.\""""
    if t.C[s.I[i, F_DESIGN], D_KIND] != MALAKITE or s.I[i, F_DISCORD] <= 0:
        return False
    coward, roll, _ = d6_check(s.rng, s.g[G_VARIANT], s.I[i, F_DISCORD], False)
    log(s, s.I[i, F_CTRL], i, -1, T_COWARDICE if coward else T_DISCORD_HELD, roll)
    return coward


@njit(cache=True)
def _keeps_trap(s, t, i):
    """A Being in danger that holds a Pit Trap its controller would spring stays
    in the fight to spring it on the blow (_spring) rather than Retreat."""
    return weight(s, s.I[i, F_CTRL], W_COMBAT_ACTS) > 0.5 and _trap(s, t, i) >= 0


@njit(cache=True)
def _uses(s, t, i, r):
    """Damage i can deal this round by each means: (base Attack, expected Gun-style
    roll, Song of Fire-style amount if affordable); 0 where it has none."""
    base = float(attack_value(s, t, i, r)) if can_base_attack(s, t, i, r) else 0.0
    roll = 0.0
    c = find_effect(s, t, i, E_ROLL_DAMAGE)
    if c >= 0 and effect_param(s, t, c, E_ROLL_DAMAGE, 1) == r:
        div = effect_param(s, t, c, E_ROLL_DAMAGE, 2)
        for face in range(1, 7):
            roll += roll_damage(face, div) / 6.0
    song = 0.0
    c = find_effect(s, t, i, E_DAMAGE_LOCATION)
    if c >= 0 and effect_param(s, t, c, E_DAMAGE_LOCATION, 1) == r:
        cost = action_cost(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3), False)
        if cost <= s.S[s.I[i, F_CTRL], S_ESSENCE]:
            song = float(effect_param(s, t, c, E_DAMAGE_LOCATION, 2))
    return base, roll, song


@njit(cache=True)
def _maybe_boost(s, t, i, r):
    """Buy a combat boost (Numinous Corpus: "Corporeal Attack value is +1") once
    per combat if affordable, and only in a combat of the boost's realm ``r``,
    by a Being that may use a base Attack there (boost_helps), while an enemy in
    the combat is still able to fight (not after a Pit Trap took the last one)."""
    c = find_effect(s, t, i, E_COMBAT_BOOST)
    if (c >= 0 and s.I[i, F_BOOST] == 0 and effect_param(s, t, c, E_COMBAT_BOOST, 1) == r
            and boost_helps(s, t, i, c) and _count(s, t, 1 - s.I[i, F_FIGHT]) > 0):
        cost = action_cost(s, t, i, effect_param(s, t, c, E_COMBAT_BOOST, 3), False)
        if cost <= s.S[s.I[i, F_CTRL], S_ESSENCE]:
            return A_BOOST
    return A_WAIT


@njit(cache=True)
def _berserk(s, t, i, a, j, r):
    """Mercurian and Impudite Discord, Berserk: "when attempting to take any
    action in combat other than an Attack with base Attack value, roll d6.  If the
    result is less than or equal to the levels of the Discord, the Impudite
    attacks with base Attack value" -- game text, Retreat and Pit Trap alike (a
    Wait is no action).  The forced Attack goes to the declared target if it can
    take one, else to the enemy closest to 0 Hits; with none, the action stands.
    The roll is logged, whether or not it forces an Attack."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    if a == A_ATTACK or a == A_WAIT or not (k == MERCURIAN or k == IMPUDITE) or s.I[i, F_DISCORD] <= 0:
        return a, j
    berserk, roll, _ = d6_check(s.rng, s.g[G_VARIANT], s.I[i, F_DISCORD], False)
    if not berserk:
        log(s, s.I[i, F_CTRL], i, -1, T_DISCORD_HELD, roll)
        return a, j
    if j < 0 or s.I[j, F_FIGHT] == s.I[i, F_FIGHT] or not base_attack_legal(s, t, i, j, r):
        j2 = _base_target(s, t, i, r)
        if j2 < 0:
            return a, j
        j = j2
    log(s, s.I[i, F_CTRL], i, j, T_BERSERK, roll)
    return A_ATTACK, j


@njit(cache=True)
def _base_target(s, t, i, r):
    """The enemy in i's combat that i can base-Attack with the fewest Hits left, or -1."""
    best, best_h = -1, 1 << 30
    if not can_base_attack(s, t, i, r):
        return best
    for j in fighters(s):
        if (s.I[j, F_FIGHT] >= 0 and s.I[j, F_FIGHT] != s.I[i, F_FIGHT] and is_being(s, t, j)
                and may_take_base_attack(s, t, i, j, r)):
            h = hits_left(s, t, j, r)
            if h < best_h:
                best, best_h = j, h
    return best


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
        if (s.I[j, F_FIGHT] >= 0 and s.I[j, F_FIGHT] != side and can_act(s, t, j)
                and base_attack_legal(s, t, j, i, r)
                and not _doomed(s, t, j, r, k, side)):
            v = attack_value(s, t, j, r)
            if v > worst:
                worst = v
    return hits_left(s, t, i, r) <= 2 * worst


@njit(cache=True)
def _resolve(s, t, i, a, j, L, r):
    """Resolve i's declared action; a Being at 0 Hits by now, or out of the
    combat, can do nothing, nor one whose action a Combat Act took (A_ACT) or
    that forfeited it (A_FORFEITED), nor game text that no longer works (an
    Object a Balseraph made nonfunctioning earlier in the round, I68).  A blow
    whose target has left the combat since it was declared -- "removed from
    combat" by Pit Trap -- does not land (I73)."""
    if not can_act(s, t, i) or s.I[i, F_FIGHT] < 0:
        return
    if (a == A_ATTACK or a == A_FORCED or a == A_ROLL or a == A_TEAR) and s.I[j, F_FIGHT] < 0:
        return
    c = -1
    if a == A_ROLL or a == A_SONG or a == A_BOOST:
        c = find_effect(s, t, i, _text_code(a))
        if c < 0:
            return
        uses_card(s, t, i, c)
    if a == A_ATTACK or a == A_FORCED:
        if base_attack_legal(s, t, i, j, r):
            _hit(s, t, i, j, r, attack_value(s, t, i, r), i)
    elif a == A_ROLL:
        roll = d6(s.rng)
        div = effect_param(s, t, c, E_ROLL_DAMAGE, 2)
        log(s, s.I[i, F_CTRL], c, j, T_ABILITY, roll)
        _hit(s, t, i, j, r, roll_damage(roll, div), c)
    elif a == A_SONG:
        fire_song(s, t, i, c, L)
    elif a == A_BOOST:
        if pay_action(s, t, i, effect_param(s, t, c, E_COMBAT_BOOST, 3)):
            s.I[i, F_BOOST] = effect_param(s, t, c, E_COMBAT_BOOST, 2)
            log(s, s.I[i, F_CTRL], i, c, T_USE_TEXT, 0)
    elif a == A_TEAR:
        tear(s, t, i, j, r)
    elif a == A_FORFEIT:
        if s.I[j, F_FIGHT] >= 0 and is_being(s, t, j):
            make_forfeit(s, t, i, j)
    elif a == A_DISABLE:
        disable_object(s, t, i, j)
    elif a == A_RETREAT:
        s.I[i, F_RETREAT] = 1
        log(s, s.I[i, F_CTRL], i, -1, T_RETREAT, 0)
        breaks_oath(s, t, i, OATH_RETREAT)
        sheet_note(s, t, i, NEVER_RETREAT)
    elif a == A_WAIT:
        log(s, s.I[i, F_CTRL], i, -1, T_WAIT, 0)


@njit(cache=True)
def _text_code(a):
    """The effect whose game text a round's A_ROLL, A_SONG or A_BOOST uses."""
    if a == A_ROLL:
        return E_ROLL_DAMAGE
    return E_DAMAGE_LOCATION if a == A_SONG else E_COMBAT_BOOST


@njit(cache=True)
def _hit(s, t, i, j, r, amount, src):
    """i's attack lands on j; a boosted holder with reflect hurts its attacker.
    The log names ``src``: i for a base Attack, the card for a roll (a Gun), so
    that a Gun's damage does not read as a base Attack."""
    n = deal_damage(s, t, i, j, r, amount)
    log(s, s.I[i, F_CTRL], src, j, T_ATTACK, n)
    if n > 0 and s.I[j, F_BOOST] > 0:
        c = find_effect(s, t, j, E_COMBAT_BOOST)
        if c >= 0:
            back = deal_damage(s, t, j, i, r, effect_param(s, t, c, E_COMBAT_BOOST, 4))
            if back > 0:
                log(s, s.I[i, F_CTRL], c, i, T_DAMAGE, back * PACK + r)


@njit(cache=True)
def fire_song(s, t, i, c, L):
    """Song of Fire: "Pay 1 Essence.  Do 2 Corporeal Hits to any number of
    Beings in your Location" -- the enemies worth hurting, as the policy sees it,
    more than the notes hurting them would cost i (a Mercurian's on a Human),
    save the target of a Djinn's Attunement (beings.may_harm) and a Kyriotate
    or Shedite riding a host, which is not manifest (I60)."""
    p = s.I[i, F_CTRL]
    if not pay_action(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3)):
        return
    r = effect_param(s, t, c, E_DAMAGE_LOCATION, 1)
    amount = effect_param(s, t, c, E_DAMAGE_LOCATION, 2)
    log(s, p, i, c, T_USE_TEXT, 0)
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == L and song_hits(s, t, i, j):
            log(s, p, c, j, T_ATTACK, deal_damage(s, t, i, j, r, amount))


@njit(cache=True)
def song_hits(s, t, i, j):
    """Would i's Song of Fire, sung where j stands, hurt j (fire_song)?  An enemy
    worth hurting more than the notes it would cost i, whom i may harm, not a
    rider (I60)."""
    p = s.I[i, F_CTRL]
    return (is_being(s, t, j) and s.I[j, F_CTRL] != p and s.I[j, F_HOST] < 0 and may_harm(s, t, i, j)
            and target_value(s, t, p, j) > NOTE_COST * harm_notes(s, t, i, j))


@njit(cache=True)
def _end_of_round(s, t, L):
    """Tether burn, Location text "at the end of any ... combat round", 0-Hit
    consequences, the Malakim's continuous oaths (I56), then retreats leave the
    Location (traced with where each is left)."""
    burn_demons_in_combat(s, t)
    location_damage(s, t, L)
    resolve_zero_hits(s, t)
    keep_oaths(s, t, L)
    for i in fighters(s):
        if s.I[i, F_FIGHT] < 0:
            continue
        if not is_being(s, t, i) or s.I[i, F_LOC] != L or s.I[i, F_TRAUMA] > 0:
            s.I[i, F_FIGHT] = -1
        elif s.I[i, F_RETREAT] == 1:
            s.I[i, F_FIGHT] = -1
            s.I[i, F_RETREAT] = 0
            if not (L < s.I.shape[0] and has_loc_text(s, t, L, E_RETREAT_STAY)):
                move_to(s, t, i, _retreat_to(s, t, i, L))
            log(s, s.I[i, F_CTRL], i, s.I[i, F_LOC], T_RETREAT_TO, 0)


@njit(cache=True)
def _retreat_to(s, t, i, L):
    """Where i's Retreat from L takes it: "The Being leaves combat by moving to a
    different Location".  From a card Location, the open ground of its realm; from
    the open ground, a card Location of the same realm -- a Tether i's controller
    holds, else one where no enemy Being is able, else any; with none there (a
    Superior's Realm), nowhere: i leaves the combat where it stands (I79)."""
    g = realm_of(s, L)
    if L != g:
        return g
    p = s.I[i, F_CTRL]
    best, best_v = L, -1
    for l in others_in_play(s):
        c = t.C[s.I[l, F_DESIGN], D_CTYPE]
        if s.I[l, F_ZONE] != Z_PLAY or s.I[l, F_LOC] != g or (c != TETHER and c != LOCATION):
            continue
        v = 2 if (c == TETHER and s.I[l, F_CTRL] == p) else (0 if _enemy_at(s, t, l, p) else 1)
        if v > best_v:
            best, best_v = l, v
    return best


@njit(cache=True)
def _enemy_at(s, t, l, p):
    """Is an able Being of another seat than p at location l?"""
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == l and s.I[j, F_CTRL] >= 0 and s.I[j, F_CTRL] != p and can_act(s, t, j):
            return True
    return False


@njit(cache=True)
def has_loc_text(s, t, L, code):
    for k in range(MAX_EFFECTS):
        if t.eff[s.I[L, F_DESIGN], k, 0] == code:
            return True
    return False


@njit(cache=True)
def location_damage(s, t, L):
    """Death Valley-style Location text: Beings there take damage -- not a
    Kyriotate or Shedite riding a host there, which is not manifest (I60)."""
    if L >= s.I.shape[0]:
        return
    d = s.I[L, F_DESIGN]
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == E_END_TURN_DAMAGE:
            r, amount, who = t.eff[d, k, 1], t.eff[d, k, 2], t.eff[d, k, 3]
            for i in beings_in_play(s):
                if s.I[i, F_LOC] == L and is_being(s, t, i) and s.I[i, F_HOST] < 0 and _struck(s, t, who, i):
                    location_harm(s, t, L, i, damage_from(s, t, L, i, r, amount))


@njit(cache=True)
def _struck(s, t, who, i):
    """Does Location text with ``targets`` = who (0: "humans") strike Being i?"""
    return who != 0 or is_human_card(t, s.I[i, F_DESIGN])


@njit(cache=True)
def deadly_location(s, t, i):
    """Would the text of the card Location where Being i stands (location_damage)
    bring it to 0 Hits in some realm at the end of the turn?"""
    L = s.I[i, F_LOC]
    if L >= s.I.shape[0]:
        return False
    d = s.I[L, F_DESIGN]
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == E_END_TURN_DAMAGE:
            r, amount, who = t.eff[d, k, 1], t.eff[d, k, 2], t.eff[d, k, 3]
            if _struck(s, t, who, i) and t.C[s.I[i, F_DESIGN], D_HITS + r] > 0 and amount >= hits_left(s, t, i, r):
                return True
    return False


@njit(cache=True)
def pit_trap(s, t, card, j):
    """Pit Trap: "Discard Pit Trap as a Combat Act.  One Being involved in combat
    with holder of Pit Trap is removed from combat and enters a generic Location.\""""
    detach(s, card)
    s.I[card, F_ZONE] = Z_DISCARD
    s.I[j, F_FIGHT] = REMOVED       # not to be sent back by Send Reinforcements (I73)
    move_to(s, t, j, realm_of(s, s.I[j, F_LOC]))
