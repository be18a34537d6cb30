"""A Legion battle (4.16, "Resolving Battles"): the army ``s.c[ATTACKER, C_UNIT]``
against ``s.c[DEFENDER, C_UNIT]``, with the abilities of Appendices C, D and F.

The steps, in this order (our reading of 4.16; docs/solium.md):
1. Setup: each side's level for rolls (Level Roll +X), its combat attributes
   (the table's, with Praetor and Artifact +X already in) and its Hit Points
   (Hit Point Bonus X added: Appendix D).
2. Panic (Appendix D), the attacker's first: an enemy Legion (never a Place)
   rolls 1d6 + level; below 10 it takes 1d6 damage and each combat attribute
   loses 1d6 (not below 0).  A side brought to 0 Hit Points falls at once, in
   what the records count as round 1.
3. Battlefield Advantage: attacker and defender roll 1d6 + level; the higher
   adds G_ADVANTAGE to one of its non-zero attributes at random; a tie, none.
4. The rounds: G_ROUNDS, +1 for each side with +1 Combat Round, -1 for each
   with -1 Combat Round (Appendix F), at least 1.
5. Combat Cards (4.12), the attacker's first, unless the enemy Blocks Combat
   Cards (Appendix C): each element in turn adds its amount to an own non-zero
   attribute (or to Hit Points), or takes it from the enemy's (not below 0).
6. Support from adjacent Legions (the table's, already halved) is added.
7. The challenges: Ranged, Melee, Infernal; Melee First, then Infernal First
   (Appendix C) move theirs to the front; Ranged Last, then Melee Last to the
   end; each Twice repeats its challenge at once -- held by either side.
8. Each round, each challenge: the higher attribute wins and deals the
   difference, plus its bonuses (Appendix F's Charge, Rage, Fierce, Black
   Lightning, Flame Aura; Appendix D's Trample and Infernal Burst) and the
   loser's Vul X; doubled by each of Stunning Blow, Sulfurous Burns, Power of
   Damnation, Siege Engine and Wall Ram; less the loser's Resist X, none for
   Ranged against Dark Aura, half for Infernal against Half Infernal Damage.
   Then a Melee hit's Vampiric Reaping, Flesh Rend and Totem Power.  A side at
   0 Hit Points ends the battle at once: a Place is captured at 1 Hit Point, a
   Legion destroyed (Oblivion may take its destroyer with it); both at 0: no
   winner.  Prestige: twice the level of what was destroyed or captured.
9. After the last round, with both standing, the side with more damage
   retreats (a Place never does); equal damage: reading bit
   EQUAL_DAMAGE_DEFENDER_RETREATS says who (clear: the attacker).

Dice, every one through ``state.roll`` and in this order: Panic (the
attacker's, then the defender's: the resistance roll; if it fails, the damage,
then Ranged, Melee and Infernal's losses); Battlefield Advantage (the
attacker's roll, the defender's, then -- unless a tie or the winner has no
non-zero attribute -- the choice among its non-zero attributes); each Combat
Card element's amount (the attacker's cards, then the defender's; drawn even
when the element changes nothing); then, in each challenge won: Rage, Fierce
/ Black Lightning / Flame Aura, then Vampiric Reaping's roll, Flesh Rend's
roll and its losses (one die for each non-zero attribute, Ranged to Infernal),
Totem Power's roll; and Oblivion's percentile when a Legion holding it falls.

The trace (``log``) has a row per challenge: step (its place in the round's
order), the attribute, each side's value, the damage each took (the winner's:
Totem Power's less Vampiric Reaping's healing).  ``s.curve`` needs a column per
round (G_ROUNDS + 2 at most); a round beyond it is not kept.
"""
from numba import njit

from .state import (ATTACKER, C_DAMAGE, C_HP_START, C_INFERNAL, C_LEVEL, C_PRESTIGE, C_RANGED, C_STUNNED, C_UNIT,
                    DEFENDER, END_BOTH, END_CAPTURED, END_DESTROYED, END_RETREAT, G_ADVANTAGE, G_READINGS, G_ROUND,
                    G_ROUNDS, dice, end, hp, log, over, roll, used)
from .vocabulary import (A_BLOCK_COMBAT_CARDS, A_CHARGE, A_DARK_AURA, A_FLESH_REND, A_HALF_INFERNAL,
                         A_HIT_POINT_BONUS, A_INFERNAL_BURST_ARTIFACT, A_INFERNAL_FIRST, A_INFERNAL_PLUS,
                         A_LEVEL_ROLL, A_MELEE_FIRST, A_MELEE_LAST, A_MELEE_PLUS, A_MINUS_ROUND, A_OBLIVION, A_PANIC,
                         A_PLUS_ROUND, A_RAGE, A_RANGED_LAST, A_RANGED_PLUS, A_SEAT_OF_COMMAND, A_SIEGE_ENGINE,
                         A_STUNNING_BLOW, A_TOTEM_POWER, A_TRAMPLE, A_VAMPIRIC_REAPING, A_WALL_RAM, BONUS_DIE,
                         CE_ATTRIBUTE, CE_DICE, CE_ON, CE_PLUS, CE_SIDES, CHALLENGE_ORDER, DOUBLER, HIT_POINTS,
                         INFERNAL, MELEE, NO_ELEMENT, OWN, RANGED, RESIST, TWICE, U_HP, U_LEVEL, U_N_CARDS, U_PLACE,
                         U_RANGED, U_SUPPORT_RANGED, VUL)

EQUAL_DAMAGE_DEFENDER_RETREATS = 0      # G_READINGS bit: on equal damage the defender retreats (clear: the attacker)
N_ATTRIBUTES = len(CHALLENGE_ORDER)
RESISTANCE = 10                         # Appendix D: "roll 1d6 and add its level. If the number is less than 10"
# the dictionaries as tuples indexed by the attribute (numba reads no dictionary)
_TWICE, _RESIST, _VUL, _BONUS_DIE, _DOUBLER = (tuple(d[k] for k in range(N_ATTRIBUTES))
                                               for d in (TWICE, RESIST, VUL, BONUS_DIE, DOUBLER))


@njit(cache=True)
def battle(s, t):
    """Fight the battle (module doc, steps 1-9); the caller has keyed the dice and
    zeroed the combat (C_UNIT, C_ENTRANT and the parameters set)."""
    for role in range(2):
        _setup(s, t, role)
    s.g[G_ROUND] = 1                    # a battle counts its first round, even one Panic ends before it
    for role in range(2):
        _panic(s, t, role)
        if _fallen(s, t):
            _end_round(s, 1)
            return
    _advantage(s)
    rounds = _rounds(s, t)
    for role in range(2):
        _cards(s, t, role)
    _support(s, t)
    n = _order(s, t, s.order)
    for r in range(1, rounds + 1):
        s.g[G_ROUND] = r
        for step in range(n):
            _challenge(s, t, step, s.order[step], r)
            if over(s):
                break
        _end_round(s, r)
        if over(s):
            return
    _retreat(s, t)


@njit(cache=True)
def _x(s, t, role, code):
    """The X of ability ``code`` held by ``role``'s army (1 without an X; 0 not held)."""
    return t.ability[s.c[role, C_UNIT], code]


@njit(cache=True)
def _unit(s, t, role, col):
    return t.unit[s.c[role, C_UNIT], col]


@njit(cache=True)
def _value(s, role, k):
    """``role``'s attribute k in a challenge: 0 while a Stunning Blow holds it (Appendix D)."""
    return 0 if s.c[role, C_STUNNED] else s.c[role, C_RANGED + k]


@njit(cache=True)
def _lower(s, role, k, n):
    """``role``'s attribute k loses n, not below 0."""
    s.c[role, C_RANGED + k] = max(0, s.c[role, C_RANGED + k] - n)


@njit(cache=True)
def _resists(s, role):
    """``role`` rolls 1d6 + its level against 10 (Appendix D's resistance rolls): True if it holds."""
    return dice(s, 1, 6) + s.c[role, C_LEVEL] >= RESISTANCE


@njit(cache=True)
def _setup(s, t, role):
    """Step 1: level for rolls (Level Roll +X, Appendix C), attributes, Hit Points
    (Hit Point Bonus X, Appendix D)."""
    s.c[role, C_LEVEL] = _unit(s, t, role, U_LEVEL) + _x(s, t, role, A_LEVEL_ROLL)
    for k in range(N_ATTRIBUTES):
        s.c[role, C_RANGED + k] = _unit(s, t, role, U_RANGED + k)
    s.c[role, C_HP_START] = _unit(s, t, role, U_HP) + _x(s, t, role, A_HIT_POINT_BONUS)
    for code in (A_LEVEL_ROLL, A_HIT_POINT_BONUS, A_RANGED_PLUS, A_MELEE_PLUS, A_INFERNAL_PLUS, A_SEAT_OF_COMMAND):
        if _x(s, t, role, code):       # always in effect: the +X are in the table's attributes already
            used(s, role, code)


@njit(cache=True)
def _panic(s, t, role):
    """Step 2, Panic (Appendix D): "Before the battle starts an enemy Legion must roll
    1d6 and add its level. If the number is less than 10, it takes 1d6 damage and
    lowers each combat attribute by 1d6.  Places of Power are not affected"."""
    foe = 1 - role
    if not _x(s, t, role, A_PANIC) or _unit(s, t, foe, U_PLACE) or _resists(s, foe):
        return
    s.c[foe, C_DAMAGE] += dice(s, 1, 6)
    for k in range(N_ATTRIBUTES):
        _lower(s, foe, k, dice(s, 1, 6))
    used(s, role, A_PANIC)


@njit(cache=True)
def _advantage(s):
    """Step 3, Battlefield Advantage (4.16): "both combatants roll 1d6 and add their
    level. The higher roll awards that combatant a small bonus in a random, non-zero
    combat attribute that it possesses. A tie results in no bonuses"."""
    a = dice(s, 1, 6) + s.c[ATTACKER, C_LEVEL]
    d = dice(s, 1, 6) + s.c[DEFENDER, C_LEVEL]
    if a == d:
        return
    w = ATTACKER if a > d else DEFENDER
    held = 0
    for k in range(N_ATTRIBUTES):
        held += s.c[w, C_RANGED + k] > 0
    if held == 0:
        return
    pick = roll(s, held)
    for k in range(N_ATTRIBUTES):
        if s.c[w, C_RANGED + k] > 0:
            if pick == 0:
                s.c[w, C_RANGED + k] += s.g[G_ADVANTAGE]
                return
            pick -= 1


@njit(cache=True)
def _rounds(s, t):
    """Step 4 (4.16, "Determine the Number of Rounds"; Appendix F's +1 and -1 Combat
    Round, once for each side that holds it): "Battles must last at least one round"."""
    plus, minus = 0, 0
    for role in range(2):
        plus += _x(s, t, role, A_PLUS_ROUND) > 0
        minus += _x(s, t, role, A_MINUS_ROUND) > 0
    rounds = max(1, s.g[G_ROUNDS] + plus - minus)
    for role in range(2):
        if _x(s, t, role, A_PLUS_ROUND):
            used(s, role, A_PLUS_ROUND)
        if _x(s, t, role, A_MINUS_ROUND) and rounds < s.g[G_ROUNDS] + plus:
            used(s, role, A_MINUS_ROUND)
    return rounds


@njit(cache=True)
def _cards(s, t, role):
    """Step 5, ``role``'s Combat Cards (4.12; none if the enemy holds Block Combat Cards,
    Appendix C): each element's amount (CE_DICE d CE_SIDES + CE_PLUS) goes to its own
    attribute if non-zero, or its Hit Points, or is taken from the enemy's attribute
    (not below 0).  An ENEMY element names a combat attribute."""
    foe, u = 1 - role, s.c[role, C_UNIT]
    if t.unit[u, U_N_CARDS] == 0:
        return
    if _x(s, t, foe, A_BLOCK_COMBAT_CARDS):
        used(s, foe, A_BLOCK_COMBAT_CARDS)
        return
    for c in range(t.unit[u, U_N_CARDS]):
        for e in range(t.card.shape[2]):
            el = t.card[u, c, e]
            if el[CE_ON] == NO_ELEMENT:
                continue
            n, k = dice(s, el[CE_DICE], el[CE_SIDES]) + el[CE_PLUS], el[CE_ATTRIBUTE]
            if el[CE_ON] != OWN:
                _lower(s, foe, k, n)
            elif k == HIT_POINTS:
                s.c[role, C_HP_START] += n
            elif s.c[role, C_RANGED + k] > 0:
                s.c[role, C_RANGED + k] += n


@njit(cache=True)
def _support(s, t):
    """Step 6 (4.16, "Support Is Determined"): the adjacent Legions' support, already
    halved and summed in the table."""
    for role in range(2):
        for k in range(N_ATTRIBUTES):
            s.c[role, C_RANGED + k] += _unit(s, t, role, U_SUPPORT_RANGED + k)


@njit(cache=True)
def _order(s, t, order):
    """Step 7 (4.16, "Start Rounds of Combat"; Appendices C and F): the challenges of a
    round into ``order``; returns how many."""
    for i in range(N_ATTRIBUTES):
        order[i] = CHALLENGE_ORDER[i]
    _reorder(s, t, order, MELEE, A_MELEE_FIRST, True)
    _reorder(s, t, order, INFERNAL, A_INFERNAL_FIRST, True)
    _reorder(s, t, order, RANGED, A_RANGED_LAST, False)
    _reorder(s, t, order, MELEE, A_MELEE_LAST, False)
    n = N_ATTRIBUTES
    for k in range(N_ATTRIBUTES):
        if _held(s, t, _TWICE[k]):
            n = _twice(order, n, k)
            _mark_holders(s, t, _TWICE[k])
    return n


@njit(cache=True)
def _held(s, t, code):
    return _x(s, t, ATTACKER, code) > 0 or _x(s, t, DEFENDER, code) > 0


@njit(cache=True)
def _mark_holders(s, t, code):
    for role in range(2):
        if _x(s, t, role, code):
            used(s, role, code)


@njit(cache=True)
def _reorder(s, t, order, k, code, front):
    """Move challenge k to the front (a First) or the end (a Last) of the three, if
    either side holds ``code``."""
    if not _held(s, t, code):
        return
    i = 0
    while order[i] != k:
        i += 1
    if front:
        for j in range(i, 0, -1):
            order[j] = order[j - 1]
        order[0] = k
    else:
        for j in range(i, N_ATTRIBUTES - 1):
            order[j] = order[j + 1]
        order[N_ATTRIBUTES - 1] = k
    if i != (0 if front else N_ATTRIBUTES - 1):
        _mark_holders(s, t, code)


@njit(cache=True)
def _twice(order, n, k):
    """A Twice: challenge k again directly after its first; returns the new count."""
    i = 0
    while order[i] != k:
        i += 1
    for j in range(n, i + 1, -1):
        order[j] = order[j - 1]
    order[i + 1] = k
    return n + 1


@njit(cache=True)
def _challenge(s, t, step, k, r):
    """Step 8, one challenge of attribute k in round r (4.16, "Attribute Comparison"):
    "the combatant with the higher attribute wins. Damage is applied to the loser;
    it is calculated as the difference between the two players' attributes"."""
    a, d = _value(s, ATTACKER, k), _value(s, DEFENDER, k)
    if a == d:
        log(s, step, k, a, d, 0, 0, 0)
        return
    w = ATTACKER if a > d else DEFENDER
    l = 1 - w
    n = _reduced(s, t, l, k, _doubled(s, t, w, l, k, abs(a - d) + _bonus(s, t, w, l, k, r)))
    s.c[l, C_DAMAGE] += n
    before = s.c[w, C_DAMAGE]
    if n > 0 and k == MELEE:
        _melee_hit(s, t, w, l, n)
    to_w = s.c[w, C_DAMAGE] - before
    log(s, step, k, a, d, to_w if w == ATTACKER else n, n if w == ATTACKER else to_w, 0)
    _fallen(s, t)


@njit(cache=True)
def _bonus(s, t, w, l, k, r):
    """Damage added to winner w's (Appendix F: Charge "+3 ... during the first round",
    Rage "+1d6 during the second round if the Legion has lost HP", Fierce, Black
    Lightning and Flame Aura +1d4; Appendix D: Trample "half of the attacking unit's
    hit points", Infernal Burst "the attacking unit's Infernal attribute") and by
    loser l's Vul X (Appendix F)."""
    n = 0
    if k == MELEE:
        if r == 1 and _x(s, t, w, A_CHARGE):
            n += 3
            used(s, w, A_CHARGE)
        if r == 2 and s.c[w, C_DAMAGE] > 0 and _x(s, t, w, A_RAGE):
            n += dice(s, 1, 6)
            used(s, w, A_RAGE)
    if _x(s, t, w, _BONUS_DIE[k]):
        n += dice(s, 1, 4)
        used(s, w, _BONUS_DIE[k])
    if k == MELEE:
        n += _melee_bonus(s, t, w, A_TRAMPLE, hp(s, w) // 2)
        n += _melee_bonus(s, t, w, A_INFERNAL_BURST_ARTIFACT, s.c[w, C_INFERNAL])
    vul = _x(s, t, l, _VUL[k])
    if vul:
        used(s, l, _VUL[k])
    return n + vul


@njit(cache=True)
def _melee_bonus(s, t, w, code, n):
    """n, if winner w holds ``code`` (marked used if n > 0); else 0."""
    if not _x(s, t, w, code):
        return 0
    if n > 0:
        used(s, w, code)
    return n


@njit(cache=True)
def _doubled(s, t, w, l, k, n):
    """Winner w's doublings (Appendix D): Sulfurous Burns (Ranged), Stunning Blow (Melee;
    it also holds the loser's attributes at zero to the round's end), Power of Damnation
    (Infernal), Siege Engine (any, against a Place) and Wall Ram (Melee, against a Place)."""
    place = _unit(s, t, l, U_PLACE) > 0
    n = _double_if(s, t, w, _DOUBLER[k], True, n)
    n = _double_if(s, t, w, A_SIEGE_ENGINE, place, n)
    n = _double_if(s, t, w, A_WALL_RAM, place and k == MELEE, n)
    if k == MELEE and _x(s, t, w, A_STUNNING_BLOW):
        s.c[l, C_STUNNED] = 1
    return n


@njit(cache=True)
def _double_if(s, t, w, code, applies, n):
    """2n if it ``applies`` and w holds ``code``; else n."""
    if applies and _x(s, t, w, code):
        used(s, w, code)
        return 2 * n
    return n


@njit(cache=True)
def _reduced(s, t, l, k, n):
    """Loser l's reductions: Resist X "negate X points" (Appendix F), Dark Aura "All
    damage from Ranged attacks towards this unit is negated", Half Infernal Damage
    "Any damage sustained by an Infernal challenge is halved" (Appendix D, rounded down)."""
    resist = _x(s, t, l, _RESIST[k])
    if resist and n > 0:
        n = max(0, n - resist)
        used(s, l, _RESIST[k])
    if k == RANGED and n > 0 and _x(s, t, l, A_DARK_AURA):
        n = 0
        used(s, l, A_DARK_AURA)
    if k == INFERNAL and n > 0 and _x(s, t, l, A_HALF_INFERNAL):
        n //= 2
        used(s, l, A_HALF_INFERNAL)
    return n


@njit(cache=True)
def _melee_hit(s, t, w, l, n):
    """After n Melee damage from w to l (Appendix D), in this order: w's Vampiric
    Reaping (l rolls; failing, w heals what it dealt, as far as its damage goes),
    w's Flesh Rend (l rolls; failing, each of l's non-zero attributes loses 1d6 for
    the battle), l's Totem Power (w rolls; failing, w takes l's Infernal attribute)."""
    if _x(s, t, w, A_VAMPIRIC_REAPING) and not _resists(s, l):
        heal = min(n, s.c[w, C_DAMAGE])
        if heal > 0:
            s.c[w, C_DAMAGE] -= heal
            used(s, w, A_VAMPIRIC_REAPING)
    if _x(s, t, w, A_FLESH_REND) and not _resists(s, l):
        for k in range(N_ATTRIBUTES):
            if s.c[l, C_RANGED + k] > 0:
                _lower(s, l, k, dice(s, 1, 6))
                used(s, w, A_FLESH_REND)
    if _x(s, t, l, A_TOTEM_POWER) and not _resists(s, w):
        burn = _value(s, l, INFERNAL)
        if burn > 0:
            s.c[w, C_DAMAGE] += burn
            used(s, l, A_TOTEM_POWER)


@njit(cache=True)
def _fallen(s, t):
    """If a side is at 0 Hit Points or below, end the battle at once (4.16): both ->
    no winner; else the survivor wins (``_defeat``).  Returns whether it ended."""
    a_down, d_down = hp(s, ATTACKER) <= 0, hp(s, DEFENDER) <= 0
    if a_down and d_down:
        end(s, -1, END_BOTH)
    elif a_down or d_down:
        _defeat(s, t, DEFENDER if a_down else ATTACKER)
    return a_down or d_down


@njit(cache=True)
def _defeat(s, t, w):
    """w has brought the other side to 0 Hit Points (4.16, "Place of Power Rules" and
    "Prestige Gained"): a Place is captured at 1 Hit Point, a Legion destroyed -- unless
    it holds Oblivion and takes w with it ("100% - 5% per enemy level", Appendix D);
    w's Prestige is twice the fallen's level."""
    l = 1 - w
    place = _unit(s, t, l, U_PLACE)
    if not place and _x(s, t, l, A_OBLIVION) and roll(s, 100) < 100 - 5 * _unit(s, t, w, U_LEVEL):
        used(s, l, A_OBLIVION)
        end(s, -1, END_BOTH)
        return
    if place:
        s.c[l, C_DAMAGE] = s.c[l, C_HP_START] - 1
        end(s, w, END_CAPTURED)
    else:
        end(s, w, END_DESTROYED)
    s.c[w, C_PRESTIGE] += 2 * _unit(s, t, l, U_LEVEL)


@njit(cache=True)
def _end_round(s, r):
    """Round r's end: each side's Hit Points into the curve; Stunning Blows lapse."""
    for role in range(2):
        if r <= s.curve.shape[1]:
            s.curve[role, r - 1] = max(0, hp(s, role))
        s.c[role, C_STUNNED] = 0


@njit(cache=True)
def _retreat(s, t):
    """Step 9 (4.16, "Retreat Rules"): "Places of Power never retreat. The Legion
    suffering the most amount of damage retreats"; on equal damage, the reading."""
    a, d = s.c[ATTACKER, C_DAMAGE], s.c[DEFENDER, C_DAMAGE]
    if _unit(s, t, DEFENDER, U_PLACE) or a > d:
        end(s, DEFENDER, END_RETREAT)
    elif d > a or (s.g[G_READINGS] >> EQUAL_DAMAGE_DEFENDER_RETREATS) & 1:
        end(s, ATTACKER, END_RETREAT)
    else:
        end(s, DEFENDER, END_RETREAT)
