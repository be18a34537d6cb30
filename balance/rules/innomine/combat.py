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

from ...agents.innomine.decide import decide, named, picked, wants_options
from ...agents.points import about, clear, n_options, offer

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
    in_window,
    initiates_encounter,
    is_being,
    is_demon,
    is_human_card,
    may_harm,
    move_to,
    shielded,
    unfledged,
)
from .combat_acts import hand_act, may_hold, play_act
from .combat_types import may_fight_in, open_types, text_types
from .d666 import d6_check
from .decisions import (
    COMBAT_TYPE,
    DECLARE,
    DEFEND,
    DEFENSE_ACT,
    JOIN_ATTACK,
    LEADER,
    PIT_TRAP,
    REINFORCEMENTS_FROM,
    SEND_BEING,
    RETREAT_TO,
    SEND_REINFORCEMENTS,
    SONG_TARGET,
)
from .damage import damage_from, deal_damage, resolve_zero_hits
from .dissonance import action_dissonance, add_dissonance, breaks_oath, keep_oaths, uses_card
from .essence import action_cost, pay_action
from .readings import R_DEFEND, reads
from .realms import usable_here
from .resonances import forfeit_count, forfeits, make_forfeit, tear
from .state import (
    ATTACKING,
    DEFENDING,
    F_ACTS,
    F_ATTUNED,
    F_BOOST,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_FIGHT,
    F_FREE,
    F_HOST,
    F_IDLE,
    F_INF_BY,
    F_LOC,
    F_OFF,
    F_OWNER,
    F_RETREAT,
    F_TRAUMA,
    F_ZONE,
    G_DISABLED,
    G_DECLARED,
    G_FIGHT_TARGET,
    G_FIGHT_TYPE,
    G_RESOLVED,
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
from .tables import D_CTYPE, D_EFFECTS, D_HITS, D_KIND, in_game
from .superior_dissonance import NEVER_RETREAT, engage_demons, location_harm, sheet_note
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
    CALABITE,
    ELOHITE,
    HEAVEN,
    HELL,
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
# forfeit the round's action, so it declares nothing (combat.declare).
A_FORFEIT, A_DISABLE, A_FORFEITED = 9, 10, 11
MAX_ROUNDS = 12
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
            and not in_window(s, i) and s.I[i, F_HOST] < 0)


@njit(cache=True)
def base_attack_legal(s, t, actor, target, r):
    """Base Attack rules by realm (see can_base_attack and may_take_base_attack)."""
    return legal_blow(s, t, actor, target, r) > 0


@njit(cache=True)
def legal_blow(s, t, actor, target, r):
    """The actor's Attack value where the base Attack rules by realm let it
    strike ``target`` in a combat of type r (base_attack and
    may_take_base_attack); else 0."""
    v = base_attack(s, t, actor, r)
    return v if v > 0 and may_take_base_attack(s, t, actor, target, r) else 0


@njit(cache=True)
def can_base_attack(s, t, actor, r):
    """The attacker's side of the base Attack rules (base_attack)."""
    return base_attack(s, t, actor, r) > 0


@njit(cache=True)
def base_attack(s, t, actor, r):
    """The actor's Attack value where the attacker's side of the base Attack
    rules is met -- a positive Attack value, and a kind that may use one in
    realm r (may_use_base_attack) -- else 0."""
    v = attack_value(s, t, actor, r)
    return v if v > 0 and may_use_base_attack(s, t, actor, r) else 0


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


@njit(cache=True, inline="always")
def roll_card(s, t, i, r):
    """The card whose game text lets i roll for damage in a combat of type r
    (effect ``roll_damage``: the Gun), or -1."""
    c = find_effect(s, t, i, E_ROLL_DAMAGE)
    return c if c >= 0 and effect_param(s, t, c, E_ROLL_DAMAGE, 1) == r else -1


@njit(cache=True, inline="always")
def song_card(s, t, i, r):
    """The card whose game text lets i hurt Beings at its Location in a combat of
    type r (effect ``damage_location``: Song of Fire), if its controller can pay
    for it, or -1."""
    c = find_effect(s, t, i, E_DAMAGE_LOCATION)
    if c < 0 or effect_param(s, t, c, E_DAMAGE_LOCATION, 1) != r:
        return -1
    cost = action_cost(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3), False)
    return c if cost <= s.S[s.I[i, F_CTRL], S_ESSENCE] else -1


@njit(cache=True)
def boost_card(s, t, i, r):
    """The card whose combat boost i may buy in a combat of type r (Numinous
    Corpus: "Corporeal Attack value is +1"): once a combat, if its controller
    can pay for it; or -1."""
    c = find_effect(s, t, i, E_COMBAT_BOOST)
    if c < 0 or s.I[i, F_BOOST] != 0 or effect_param(s, t, c, E_COMBAT_BOOST, 1) != r:
        return -1
    cost = action_cost(s, t, i, effect_param(s, t, c, E_COMBAT_BOOST, 3), False)
    return c if cost <= s.S[s.I[i, F_CTRL], S_ESSENCE] else -1


# ------------------------------------------------------------------ starting a fight
@njit(cache=True)
def combat_type(s, t, lead, target):
    """The combat type ``lead`` starts against ``target``: the realm's standard
    one, or another open to it there (combat_types.open_types: "celestial
    combat may be chosen freely by an attacker" in the Marches, or what its game
    text or an Attack Act in hand opens), as its controller's agent chooses
    (COMBAT_TYPE)."""
    L = s.I[target, F_LOC]
    mask = open_types(s, t, lead, L)
    if mask == 1 << realm_type(s, L):
        return realm_type(s, L)
    clear(s)
    about(s, lead)
    for r in range(3):
        if mask & (1 << r) != 0:
            offer(s, r, target)
    return s.opt[decide(s, t, s.I[lead, F_CTRL], COMBAT_TYPE), 0]


@njit(cache=True)
def fight(s, t, lead, target):
    """``lead`` attacks ``target`` with its action: gather sides, fight to the end
    in the combat type ``lead`` chooses (combat_type), which an Attack or a
    Defense Act may give the combat as it begins (attack_act, defense_act).  A
    target that is a Djinn Attuned to one of the attackers is attacked by it: an
    encounter its Attuned Being initiates (beings.initiates_encounter)."""
    p = s.I[lead, F_CTRL]
    L = s.I[target, F_LOC]
    s.g[G_FIGHT_TARGET] = target
    r = combat_type(s, t, lead, target)
    s.g[G_FIGHT_TYPE] = r
    attack_act(s, t, lead, L, r)
    log(s, p, lead, target, T_COMBAT, L * PACK + r)
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
        s.g[G_FIGHT_TYPE] = r
    if any_able(s, t, ATTACKING):
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
    the combat's type.  Whether to play one, and for which type, is seat q's
    agent's choice (DEFENSE_ACT, I59)."""
    if not may_hold(s, q, E_DEFENSE_TYPE):
        return r
    clear(s)
    offer(s, -1, -1)
    for r2 in range(3):
        if (r2 != r and not (r2 == R_CORPOREAL and realm_type(s, L) == R_ETHEREAL) and takes_part(s, t, target, r2)
                and hand_act(s, t, q, E_DEFENSE_TYPE, r2) >= 0):
            offer(s, r2, -1)
    if n_options(s) == 1:
        return r
    best = s.opt[decide(s, t, q, DEFENSE_ACT), 0]
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
def can_fight_in(s, t, i, r):
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
    """"Multiple Beings may enter a single combat at once": p's agent names, one
    at a time, the other Beings that join (JOIN_ATTACK) among those that may
    (may_join) -- not a Djinn against the target of its Attunement
    (beings.may_harm) -- until it names none or none is left.  A scripted
    style names them without the list (decide.wants_options)."""
    target = s.g[G_FIGHT_TARGET]
    listing = wants_options(s, p, JOIN_ATTACK)
    while True:
        clear(s)
        if listing:
            offer(s, -1, -1)
            for j in beings_in_play(s):
                if may_join(s, t, j, p, L, r) and may_harm(s, t, j, target):
                    offer(s, j, -1)
            j = picked(s, t, p, JOIN_ATTACK, -1)
        else:
            j = named(s, t, p, JOIN_ATTACK)[0]
        if j < 0:
            return
        _join(s, t, j, L, ATTACKING)
        _log_join(s, j, L, ATTACKING)


@njit(cache=True, inline="always")
def may_join(s, t, j, p, L, r):
    """May Being j join an attack of seat p's at L in a combat of type r
    (_gather_attackers, whatever the target): p's, out of combat, with an
    action left, able, in L's realm ("Attackers anywhere in the realm may join
    it", I13) and able to do harm in that combat (can_fight_in)."""
    return (s.I[j, F_CTRL] == p and s.I[j, F_FIGHT] < 0 and s.I[j, F_ACTS] > 0 and can_act(s, t, j)
            and realm_of(s, s.I[j, F_LOC]) == realm_of(s, L) and can_fight_in(s, t, j, r))


@njit(cache=True)
def _gather_defenders(s, t, q, L, target, r):
    """Beings at the Location "who can Defend may choose to do so" (no action
    spent, I14): seat q's agent chooses for each that may (may_defend_at:
    DEFEND).  A Djinn whose Attuned card is at L moves freely there to Defend,
    "even on another player's turn" (attunement.may_move_freely, I65)."""
    for j in beings_in_play(s):
        if may_defend_at(s, t, j, q, L, target, r) and _defends(s, t, j, q, target, 1):
            if s.I[j, F_LOC] != L:
                move_freely(s, t, j, L)
            enlist(s, j, DEFENDING)
            _log_join(s, j, L, DEFENDING)


@njit(cache=True, inline="always")
def may_defend_at(s, t, j, q, L, target, r):
    """May Being j Defend ``target`` of seat q's at L in a combat of type r?
    Seat q's, out of combat, at L or free to move there (a Djinn, I65), able,
    manifest (not a rider, I60), one that may take part in that type
    (combat_types.may_fight_in) -- not a Cherub whose Fear keeps it from
    Defending ``target`` (attunement.may_defend)."""
    return (s.I[j, F_CTRL] == q and j != target and s.I[j, F_FIGHT] < 0
            and (s.I[j, F_LOC] == L or may_move_freely(s, t, j, L)) and can_act(s, t, j)
            and may_defend(s, t, j, target) and s.I[j, F_HOST] < 0 and may_fight_in(s, t, j, r)
            and kept_its_action(s, j))


@njit(cache=True)
def kept_its_action(s, j):
    """Defend is one of the "one action per turn" (I14): under the reading
    ``defend = spends_action`` only a Being that kept its action in its
    controller's last turn may Defend; under ``free`` any may."""
    return not reads(s, R_DEFEND) or s.I[j, F_IDLE] > 0


@njit(cache=True)
def _defends(s, t, j, q, target, how):
    """Does seat q's agent have Being j Defend ``target`` (DEFEND; ``how`` is
    row 1's a: 1 at the Location, 2 from afar)?"""
    clear(s)
    about(s, j)
    offer(s, 0, target)
    offer(s, how, target)
    return decide(s, t, q, DEFEND) == 1


@njit(cache=True)
def _defenders_from_afar(s, t, L, target):
    """Dominic's Cherubim "may Attune to a Human Influenced for Heaven and defend it
    anywhere on Earth": when such a Human (a Saint or Undead too: I57) is
    attacked on Earth, each Cherub with that ability Attuned to it may join the
    defence from wherever it is on Earth, if it is able and Fear does not keep
    it back, as its controller's agent chooses (DEFEND, I70)."""
    if not in_game(t, E_DEFEND_ANYWHERE) or influence_side(s, t, target) != HEAVEN:
        return
    for c in beings_in_play(s):
        if (s.I[c, F_ATTUNED] == target and s.I[c, F_FIGHT] < 0 and s.I[c, F_HOST] < 0 and can_act(s, t, c)
                and defends_from_afar(s, t, c, target) and may_defend(s, t, c, target) and kept_its_action(s, c)
                and _defends(s, t, c, s.I[c, F_CTRL], target, 2)):
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
    if not is_being(s, t, j) or not (is_human_card(s, t, d) or t.C[d, D_KIND] == IMPUDITE):
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
    field = (1 if any_able(s, t, ATTACKING) else 0) + (2 if any_able(s, t, DEFENDING) else 0)
    return 5 if field == 3 and s.g[G_ROUND] < MAX_ROUNDS else field


@njit(cache=True)
def any_able(s, t, side):
    """Is a Being on ``side`` of the combat still able (beings.can_act)?  The
    rounds go on while both sides have one (``_rounds``)."""
    for j in fighters(s):
        if s.I[j, F_FIGHT] == side and can_act(s, t, j):
            return True
    return False


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
            what[k], whom[k] = declare(s, t, order[k], r, k)
            m, acts = _play_acts(s, t, L, r, p, q, order, what, whom, n, m, k + 1, 0, acts)
        for k in range(n):
            _resolve(s, t, order[k], what[k], whom[k], L, r)
            m, acts = _play_acts(s, t, L, r, p, q, order, what, whom, n, m, n, k + 1, acts)
        _end_of_round(s, t, L)
        if (s.g[G_WINNER] >= 0 or not any_able(s, t, ATTACKING) or not any_able(s, t, DEFENDING)
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
                if trap_of(s, t, i) >= 0:
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
    act before attackers": the place in ``order`` of the defender the Leader's
    controller's agent picks (LEADER) among those whose Speed (``key``) does not
    already put them before every attacker (``top``: the attackers' best), or
    -1 for none (I15, I58)."""
    leader = _leader(s, t, order, n)
    if leader < 0:
        return -1
    clear(s)
    about(s, leader)
    offer(s, -1, -1)
    for k in range(n):
        if s.I[order[k], F_FIGHT] == DEFENDING and key[k] <= top:
            offer(s, order[k], k)
    if n_options(s) == 1:
        return -1
    return s.opt[decide(s, t, s.I[leader, F_CTRL], LEADER), 1]


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
def declare(s, t, i, r, k=0):
    """i's declaration for this round of a combat of type r (action, target),
    the round's ``k``-th, as its controller's agent chooses among what it may
    declare (offer_declarations, DECLARE), then rolls for Berserk (_berserk).
    Nothing if a Combat Act has taken it out of the combat, or to 0 Hits,
    since the round began, nor from a Being no player controls (I74: no player
    acts for it).  A Being that must forfeit actions (I68) forfeits the
    round's action instead: it declares nothing, and no Combat Act may take the
    action's place (A_FORFEITED).  The Malakite's Cowardice and the Djinn's
    Fear Retreat for it (_cowardice, attunement.djinn_fear).  A declaration
    aimed at a Djinn Attuned to its author is an encounter that Being
    initiates, so that the Djinn, declaring later, may answer it."""
    if s.I[i, F_FIGHT] < 0 or not can_act(s, t, i) or s.I[i, F_CTRL] < 0:
        return A_WAIT, -1
    if forfeits(s, i):
        return A_FORFEITED, -1
    if _cowardice(s, t, i) or djinn_fear(s, t, i):
        a, j = A_RETREAT, -1
    else:
        s.g[G_DECLARED] = k
        a, j = _asked_declaration(s, t, i, r)
        a, j = _berserk(s, t, i, a, j, r)
    if j >= 0:
        initiates_encounter(s, i, j)
    return a, j


@njit(cache=True)
def _asked_declaration(s, t, i, r):
    """What i's controller's agent declares for it (DECLARE): among the rows
    offer_declarations lists, or, for a scripted style, as it names it
    (decide.wants_options)."""
    p = s.I[i, F_CTRL]
    if wants_options(s, p, DECLARE):
        offer_declarations(s, t, i, r)
        row = decide(s, t, p, DECLARE)
        return s.opt[row, 0], s.opt[row, 1]
    clear(s)
    about(s, i)
    return named(s, t, p, DECLARE)


@njit(cache=True)
def offer_declarations(s, t, i, r):
    """What Being i may declare in a round of a combat of type r (DECLARE): Wait
    (row 0), Retreat, a boost it can buy (boost_card), a Song of Fire it can pay
    for (song_card); against each enemy in the combat it may harm
    (beings.may_harm: not a Djinn's Attuned Being), a base Attack where the
    realm's rules allow one, a roll for damage (roll_card), a Calabite's tear
    (game text, I60), a Habbalite's forfeit roll (I68); and a Balseraph's
    disabling of each working Object or Tool at its Location (I68)."""
    clear(s)
    about(s, i)
    offer(s, A_WAIT, -1)
    offer(s, A_RETREAT, -1)
    if boost_card(s, t, i, r) >= 0:
        offer(s, A_BOOST, -1)
    if song_card(s, t, i, r) >= 0:
        offer(s, A_SONG, -1)
    base = can_base_attack(s, t, i, r)
    roll = roll_card(s, t, i, r) >= 0
    rend = t.C[s.I[i, F_DESIGN], D_KIND] == CALABITE and has_text(s, i)
    forfeit = forfeit_count(s, t, i) > 0
    for j in fighters(s):
        if (s.I[j, F_FIGHT] < 0 or s.I[j, F_FIGHT] == s.I[i, F_FIGHT] or not is_being(s, t, j)
                or not may_harm(s, t, i, j)):
            continue
        if base and may_take_base_attack(s, t, i, j, r):
            offer(s, A_ATTACK, j)
        if roll:
            offer(s, A_ROLL, j)
        if rend:
            offer(s, A_TEAR, j)
        if forfeit:
            offer(s, A_FORFEIT, j)
    if has_sheet(s, t, i, E_DISABLE_OBJECT):
        for c in others_in_play(s):
            ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
            if ((ct == OBJECT or ct == TOOL) and s.I[c, F_ZONE] == Z_PLAY and s.I[c, F_LOC] == s.I[i, F_LOC]
                    and s.I[c, F_OFF] == 0):
                offer(s, A_DISABLE, c)


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
    s.g[G_DECLARED] = dec
    s.g[G_RESOLVED] = res
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
    declared."  Seat x's agent chooses whether to play it now
    (SEND_REINFORCEMENTS), and from which Location (REINFORCEMENTS_FROM,
    offered by _reinforcements).  With no card or nothing to send, it is not
    looked at again this round (I72).  Then, one at a time, the Beings x's
    agent sends from there (SEND_BEING, ``_send``) join its side and are put
    in order[m:].  A scripted style says whether it would play it
    before the rules look for Beings to send (decide.wants_options): a look at
    every Being at each point of the progression cost a few per cent of a game."""
    card = hand_act(s, t, x, E_REINFORCE, -1)
    listing = wants_options(s, x, SEND_REINFORCEMENTS)
    if card < 0 or (listing and not _any_sendable(s, t, x, L, r, side)):
        return m, acts & ~(REINFORCE << side)
    clear(s)
    offer(s, 0, side)
    offer(s, 1, side)
    if decide(s, t, x, SEND_REINFORCEMENTS) == 0:
        return m, acts
    if not listing and not _any_sendable(s, t, x, L, r, side):
        return m, acts & ~(REINFORCE << side)
    _reinforcements(s, t, x, L, r, side)
    l = picked(s, t, x, REINFORCEMENTS_FROM, -1)
    play_act(s, t, x, card, -1)
    j = _send(s, t, x, L, r, side, l)
    while j >= 0:
        _enter(s, t, j, L, side)
        _log_join(s, j, L, side)
        order[m] = j
        m += 1
        j = _send(s, t, x, L, r, side, l)
    return m, acts


@njit(cache=True)
def _send(s, t, x, L, r, side, l):
    """The next Being Send Reinforcements moves from Location l ("any number of
    Beings you Influence"), as x's agent chooses (SEND_BEING), or -1: no more."""
    clear(s)
    offer(s, -1, l)
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == l and _sendable(s, t, j, x, L, r, side):
            offer(s, j, l)
    return picked(s, t, x, SEND_BEING, -1)


@njit(cache=True)
def _sendable(s, t, j, x, L, r, side):
    """May Send Reinforcements bring j to ``side`` of the combat at L?  An able
    Servitor x controls, out of the combat, elsewhere in L's realm, that may fight
    there (not a rider, I60), and not a demon into a combat at an Archangel's
    Tether, where it would burn every round (I72); as a defender, not a Cherub
    whose Fear keeps it from Defending the attacked Being."""
    if (s.I[j, F_CTRL] != x or s.I[j, F_FIGHT] != -1 or s.I[j, F_LOC] == L or not can_act(s, t, j)
            or t.C[s.I[j, F_DESIGN], D_CTYPE] != SERVITOR or realm_of(s, s.I[j, F_LOC]) != realm_of(s, L)
            or not can_fight_in(s, t, j, r) or (is_demon(t, s.I[j, F_DESIGN]) and archangel_tether(s, t, L))):
        return False
    return side == ATTACKING or may_defend(s, t, j, s.g[G_FIGHT_TARGET])


@njit(cache=True)
def _any_sendable(s, t, x, L, r, side):
    """Is any Being x could send to ``side`` of the combat at L (_sendable)?"""
    for j in beings_in_play(s):
        if _sendable(s, t, j, x, L, r, side):
            return True
    return False


@njit(cache=True)
def _reinforcements(s, t, x, L, r, side):
    """Offer where Send Reinforcements brings Beings "from any one Location"
    (REINFORCEMENTS_FROM): each Location holding Beings x could send, with how
    many."""
    clear(s)
    for j in beings_in_play(s):
        if not _sendable(s, t, j, x, L, r, side) or _offered_at(s, s.I[j, F_LOC]):
            continue
        n = 0
        for k in beings_in_play(s):
            if s.I[k, F_LOC] == s.I[j, F_LOC] and _sendable(s, t, k, x, L, r, side):
                n += 1
        offer(s, s.I[j, F_LOC], n)


@njit(cache=True)
def _offered_at(s, l):
    """Is Location l among the REINFORCEMENTS_FROM rows offered so far?"""
    for k in range(n_options(s)):
        if s.opt[k, 0] == l:
            return True
    return False


@njit(cache=True)
def trap_of(s, t, i):
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
    (I73).  Whom it removes, or no one yet, is x's agent's choice (PIT_TRAP)."""
    for kh in range(res, dec):
        h = order[kh]
        a = what[kh]
        if (s.I[h, F_FIGHT] != side or a == A_ACT or a == A_FORCED or a == A_RETREAT or a == A_FORFEITED
                or not can_act(s, t, h)):
            continue
        c = trap_of(s, t, h)
        if c < 0:
            continue
        clear(s)
        about(s, h)
        offer(s, -1, -1)
        for j in fighters(s):
            if s.I[j, F_FIGHT] == 1 - side and is_being(s, t, j):
                offer(s, j, -1)
        j = s.opt[decide(s, t, x, PIT_TRAP), 0]
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
    """The enemy in i's combat that i can base-Attack with the fewest Hits left, or
    -1; not one shielded from it (beings.shielded)."""
    best, best_h = -1, 1 << 30
    if not can_base_attack(s, t, i, r):
        return best
    for j in fighters(s):
        if (s.I[j, F_FIGHT] >= 0 and s.I[j, F_FIGHT] != s.I[i, F_FIGHT] and is_being(s, t, j)
                and may_take_base_attack(s, t, i, j, r) and not shielded(s, t, i, j)):
            h = hits_left(s, t, j, r)
            if h < best_h:
                best, best_h = j, h
    return best


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
        blow = legal_blow(s, t, i, j, r)
        if blow > 0:
            _hit(s, t, i, j, r, blow, i)
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
    Beings in your Location": i's controller's agent chooses for each Being
    there whether it is hurt (SONG_TARGET) -- any but i, save the target of a
    Djinn's Attunement (beings.may_harm) and a Kyriotate or Shedite riding a
    host, which is not manifest (I60).  Each is hurt as it is chosen."""
    p = s.I[i, F_CTRL]
    if not pay_action(s, t, i, effect_param(s, t, c, E_DAMAGE_LOCATION, 3)):
        return
    r = effect_param(s, t, c, E_DAMAGE_LOCATION, 1)
    amount = effect_param(s, t, c, E_DAMAGE_LOCATION, 2)
    log(s, p, i, c, T_USE_TEXT, 0)
    for j in beings_in_play(s):
        if (j != i and s.I[j, F_LOC] == L and is_being(s, t, j) and s.I[j, F_HOST] < 0 and may_harm(s, t, i, j)
                and _sings_at(s, t, i, j)):
            log(s, p, c, j, T_ATTACK, deal_damage(s, t, i, j, r, amount))


@njit(cache=True)
def _sings_at(s, t, i, j):
    """Does i's controller's agent have i's Song of Fire hurt j (SONG_TARGET)?"""
    clear(s)
    about(s, i)
    offer(s, 0, j)
    offer(s, 1, j)
    return decide(s, t, s.I[i, F_CTRL], SONG_TARGET) == 1


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
                move_to(s, t, i, retreat_to(s, t, i, L))
            log(s, s.I[i, F_CTRL], i, s.I[i, F_LOC], T_RETREAT_TO, 0)


@njit(cache=True)
def retreat_to(s, t, i, L):
    """Where i's Retreat from L takes it: "The Being leaves combat by moving to a
    different Location" of its realm -- its open ground or a card Location
    there (a Tether, New York), as i's controller's agent chooses
    (RETREAT_TO); with none (the open ground of a Superior's Realm, which holds
    no card Location), nowhere: i leaves the combat where it stands (I79)."""
    g = realm_of(s, L)
    clear(s)
    about(s, i)
    if L != g:
        offer(s, g, -1)
    for l in others_in_play(s):
        c = t.C[s.I[l, F_DESIGN], D_CTYPE]
        if s.I[l, F_ZONE] == Z_PLAY and s.I[l, F_LOC] == g and (c == TETHER or c == LOCATION) and l != L:
            offer(s, l, -1)
    return picked(s, t, s.I[i, F_CTRL], RETREAT_TO, L)


@njit(cache=True)
def has_loc_text(s, t, L, code):
    """Does card Location L carry an effect of ``code``?"""
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
    return who != 0 or is_human_card(s, t, s.I[i, F_DESIGN])


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
