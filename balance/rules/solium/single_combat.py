"""Praetor Single Combat (4.17; the exotic moves are Appendix C's "(Combat Move)"
entries): one round of six Combat Slots, each Praetor's move in a slot resolved
against the other's at the same time, until a Praetor falls.  The caller sets
G_ROUND, fills ``s.prog`` with both sides' moves for the round (legal ones) and
loops the rounds.

Our readings, where the manual is silent or loose:

- Round start: every per-round move effect (C_ABSORB, C_BLEED, C_CRIPPLE,
  C_TRANCE, C_MOVES_DONE, C_PREV_SHIELDS) is cleared; they last "for the
  remaining combat phases in this round" (Appendix C), never into the next.
- Dice, in this order in every slot: the attacker's Luck Roll, the defender's
  (4.17 "Luck": 0..Luck; one each per slot, even for an empty one); the Demonic
  Trance rolls (the attacker's move first; none for an empty slot); then the
  attacker's move dice, then the defender's.
- Demonic Trance: set in an earlier slot of the round, it negates each later
  move of the opponent with chance 20% + 5% per level; a negated move acts as
  an empty slot (no attack, no Shields, no effect, not "performed").
- Crippling Strike: from the next slot on, the victim's moves have 1d6 + level
  fewer Skulls (not below 0); a move left with no Skulls does not attack.  It
  cripples whenever the striker's level exceeds the opponent's Shields, Skulls
  left or not.  "Skulls" below are those left, "Shields" those assigned.
- A move with Skulls attacks: Skulls + own Luck Roll against the opponent's
  Shields + its Luck Roll; the difference, if positive, is combat damage
  (4.17, "Melee Attack").  Whether Luck defends a move based on neither Skulls
  nor Shields (an Orb move, an empty slot) is contested: reading bit
  LUCK_SKULL_SHIELD_ONLY of G_READINGS clear, it always does ("added to both the
  attack and the defence side"); set, only if the move may take Skulls or
  Shields (its ranges in vocabulary.MOVES), as 4.17 "Luck" words it.
- Impenetrable Stance's Shields do not block as Shields; they fill its absorb
  pool (2 per Shield) instead.  They count as assigned Shields elsewhere (Bone
  Breaker, Bleeding Wound, Crippling Strike, Impale's opponent).
- Bonus damage (Impale, Piercing Lunge, Bone Breaker, Sinew Slice) needs combat
  damage and is added to it: 4.17's note makes it "a virtual bonus Skull" that
  unused Shields and Luck may block, and the Shields and Luck already took
  what they could, so adding it after the blocking is the same.
- Bleeding Wound needs no combat damage: own C_BLEED = max(0, Skulls -
  opponent's Shields), added to the opponent's damage in this and each later
  slot of the round.
- Orb moves do direct damage: no Luck, no Shields (4.17, "Infernal Burst");
  Tentacle Rupture counts own moves performed earlier in the round; Vile Oath of
  Consumption rolls 1d4 per point of own Infernal (P_ORBS).
- Absorb pools (Veil of Smoke, Obsidian Skin, Impenetrable Stance) fill before
  this slot's damage is applied, and block all damage a side takes (combat,
  bonus, bleeding, Orb) until used up.
- Oath of Retribution: if the damage to its user in this slot, after its pool,
  is positive, the user takes none and the opponent takes three times it on
  top, past the opponent's pool and its own Oath.
- Simultaneous: both sides' damage is computed, then applied, so a Praetor
  brought to 0 still strikes in that slot; both at 0 or below: a draw
  (END_BOTH); one: the other wins (END_DESTROYED).  The round stops there.
- ``s.curve`` keeps each side's Hit Points at the round's end, not below 0.

Trace (state.log), a row per slot: step = the slot (0..5), what = attacker's
programmed move code * 100 + the defender's, each side's attack total (0 when
it did not attack), the Hit Point damage each took, and detail = bit 0 the
attacker's move negated, bit 1 the defender's.
"""
import numpy as np
from numba import njit

from .state import (C_ABSORB, C_BLEED, C_CRIPPLE, C_DAMAGE, C_HP_START, C_MOVES_DONE, C_PREV_SHIELDS,
                    C_TRANCE, C_UNIT, END_BOTH, END_CAP, END_DESTROYED, G_DUEL_ROUNDS, G_READINGS, G_ROUND, dice,
                    end, hp, log, over, roll, used)
from .vocabulary import (M_BLEEDING_WOUND, M_BLOOD_BOIL, M_BONE_BREAKER, M_CRIPPLING_STRIKE, M_DEMONIC_TRANCE,
                         M_IMPALE, M_IMPENETRABLE_STANCE, M_INFERNAL_BURST, M_LAVA_ORB, M_MIND_BURN,
                         M_NONE, M_OATH_OF_RETRIBUTION, M_OBSIDIAN_SKIN, M_PIERCING_LUNGE,
                         M_RAIN_OF_BRIMSTONE, M_SINEW_SLICE, M_TENTACLE_RUPTURE, M_VEIL_OF_SMOKE,
                         M_VILE_OATH, MOVE_RANGES, MV_SHIELDS_HI, MV_SKULLS_HI, P_HP, P_LEVEL, P_LUCK, P_ORBS, SL_MOVE, SL_SHIELDS,
                         SL_SKULLS, SLOTS)

LUCK_SKULL_SHIELD_ONLY = 1      # G_READINGS bit: set, Luck defends only a move based on Skulls or Shields
PER_ROUND = (C_ABSORB, C_BLEED, C_CRIPPLE, C_TRANCE, C_MOVES_DONE, C_PREV_SHIELDS)
# BASED[code] = 1 if the move may take Skulls or Shields (4.17, "Luck")
BASED = (MOVE_RANGES[:, MV_SKULLS_HI] + MOVE_RANGES[:, MV_SHIELDS_HI] > 0).astype(np.int64)
TRANCE_BASE, TRANCE_PER_LEVEL = 20, 5           # Appendix C, Demonic Trance: 20% plus 5% per level
RETRIBUTION = 3                                 # Appendix C, Oath of Retribution: triple the damage
TENTACLE = 3                                    # Appendix C, Tentacle Rupture: 3 per move performed


@njit(cache=True)
def praetor(s, t, role):
    """The Praetor row of ``role``'s program (vocabulary.P_*)."""
    return t.praetor[t.program_praetor[s.c[role, C_UNIT]]]


@njit(cache=True)
def start(s, t):
    """Both Praetors enter the arena at their full Hit Points (4.17)."""
    for role in range(2):
        s.c[role, C_HP_START] = praetor(s, t, role)[P_HP]
        s.c[role, C_DAMAGE] = 0


@njit(cache=True)
def round_due(s):
    """Is another round fought?  Rounds repeat while both Praetors stand (4.17:
    "until one Praetor (or both) is reduced to zero"), up to the experiment's
    round cap (G_DUEL_ROUNDS), where the duel ends a draw (END_CAP).  If so,
    G_ROUND counts it."""
    if over(s):
        return False
    if s.g[G_ROUND] >= s.g[G_DUEL_ROUNDS]:
        end(s, -1, END_CAP)
        return False
    s.g[G_ROUND] += 1
    return True


@njit(cache=True)
def fight_round(s, t):
    """Round G_ROUND: the six Combat Slots of ``s.prog`` in order, stopping when
    a Praetor falls (4.17, "General Concept"); then each side's Hit Points go
    to ``s.curve``."""
    for role in range(2):
        for k in PER_ROUND:
            s.c[role, k] = 0
    for slot in range(SLOTS):
        fight_slot(s, t, slot)
        if over(s):
            break
    for role in range(2):
        s.curve[role, s.g[G_ROUND] - 1] = max(0, hp(s, role))


@njit(cache=True)
def fight_slot(s, t, slot):
    """One Combat Slot, both moves at once (4.17, "Single Combat Example"):
    Luck Rolls, Trance rolls, each side's move, then the damage (module doc)."""
    luck0 = roll(s, praetor(s, t, 0)[P_LUCK] + 1)
    luck1 = roll(s, praetor(s, t, 1)[P_LUCK] + 1)
    me0 = _move(s, 0, slot, luck0)
    me1 = _move(s, 1, slot, luck1)
    attack0, to1 = _act(s, t, 0, me0, me1)
    attack1, to0 = _act(s, t, 1, me1, me0)
    to0 = _absorb(s, 0, to0 + s.c[1, C_BLEED])
    to1 = _absorb(s, 1, to1 + s.c[0, C_BLEED])
    to0, to1 = _retribution(me0[0], me1[0], to0, to1)
    s.c[0, C_DAMAGE] += to0
    s.c[1, C_DAMAGE] += to1
    _performed(s, 0, me0)
    _performed(s, 1, me1)
    negated = (me0[0] != s.prog[0, slot, SL_MOVE]) + 2 * (me1[0] != s.prog[1, slot, SL_MOVE])
    what = s.prog[0, slot, SL_MOVE] * 100 + s.prog[1, slot, SL_MOVE]
    log(s, slot, what, attack0, attack1, to0, to1, negated)
    _fallen(s)


@njit(cache=True)
def _move(s, role, slot, luck):
    """(move, Skulls left, Shields, Luck Roll) of ``role`` in ``slot``: an empty
    slot's if the opponent's Demonic Trance negates it (Appendix C), its Skulls
    less any Crippling Strike's (Appendix C)."""
    move = s.prog[role, slot, SL_MOVE]
    trance = s.c[1 - role, C_TRANCE]
    if move == M_NONE or (trance > 0 and roll(s, 100) < trance):
        return M_NONE, 0, 0, luck
    skulls = max(0, s.prog[role, slot, SL_SKULLS] - s.c[role, C_CRIPPLE])
    return move, skulls, s.prog[role, slot, SL_SHIELDS], luck


@njit(cache=True)
def _act(s, t, role, me, foe):
    """``role``'s move against ``foe``'s: (its attack total, 0 if none; the damage
    it does, before the opponent's absorb pool and its own Bleeding Wound)."""
    move, skulls = me[0], me[1]
    _effect(s, t, role, me, foe)
    if skulls == 0:
        return 0, _orb(s, t, role, move)
    attack = skulls + me[3]
    combat = max(0, attack - _defence(s, foe))
    if combat > 0:
        combat += _bonus(s, role, move, me, foe)
    return attack, combat


@njit(cache=True)
def _defence(s, foe):
    """The opponent's Shields and Luck Roll against an attack (4.17, "Melee
    Attack"); Impenetrable Stance's Shields absorb rather than block; Luck per
    reading LUCK_SKULL_SHIELD_ONLY (module doc)."""
    move, shields, luck = foe[0], foe[2], foe[3]
    block = 0 if move == M_IMPENETRABLE_STANCE else shields
    if (s.g[G_READINGS] >> LUCK_SKULL_SHIELD_ONLY) & 1 and not BASED[move]:
        return block
    return block + luck


@njit(cache=True)
def _effect(s, t, role, me, foe):
    """What a move sets for the round (Appendix C): an absorb pool (Veil of
    Smoke, Obsidian Skin, Impenetrable Stance), a Demonic Trance, a Bleeding
    Wound, a Crippling Strike on the opponent."""
    move, skulls, shields = me[0], me[1], me[2]
    level = praetor(s, t, role)[P_LEVEL]
    if move == M_VEIL_OF_SMOKE:
        s.c[role, C_ABSORB] += dice(s, 1, 6) + level
    elif move == M_OBSIDIAN_SKIN:
        s.c[role, C_ABSORB] += dice(s, 2, 6)
    elif move == M_IMPENETRABLE_STANCE:
        s.c[role, C_ABSORB] += 2 * shields
    elif move == M_DEMONIC_TRANCE:
        s.c[role, C_TRANCE] = TRANCE_BASE + TRANCE_PER_LEVEL * level
    elif move == M_BLEEDING_WOUND:
        s.c[role, C_BLEED] = max(0, skulls - foe[2])
    elif move == M_CRIPPLING_STRIKE and level > foe[2]:
        s.c[1 - role, C_CRIPPLE] = dice(s, 1, 6) + level


@njit(cache=True)
def _bonus(s, role, move, me, foe):
    """A move's bonus damage once it did combat damage (Appendix C: Impale,
    Piercing Lunge, Bone Breaker, Sinew Slice)."""
    if move == M_IMPALE:
        return max(0, me[2] - foe[1])
    if move == M_PIERCING_LUNGE and me[1] > foe[1]:
        return dice(s, 1, 6)
    if move == M_BONE_BREAKER:
        return foe[2] + s.c[1 - role, C_PREV_SHIELDS]
    if move == M_SINEW_SLICE:
        return dice(s, foe[1] // 2, 6)
    return 0


@njit(cache=True)
def _orb(s, t, role, move):
    """An Orb move's direct damage (4.17 "Infernal Burst", Appendix C); 0 for
    any other move."""
    if move == M_INFERNAL_BURST:
        return dice(s, 1, 6)
    if move == M_MIND_BURN:
        stronger = praetor(s, t, role)[P_ORBS] > praetor(s, t, 1 - role)[P_ORBS]
        return dice(s, 1 + stronger, 6)
    if move == M_BLOOD_BOIL:
        return dice(s, 1, 6) + praetor(s, t, role)[P_LEVEL]
    if move == M_LAVA_ORB:
        return dice(s, 2, 6)
    if move == M_RAIN_OF_BRIMSTONE:
        return dice(s, 3, 6)
    if move == M_TENTACLE_RUPTURE:
        return TENTACLE * s.c[role, C_MOVES_DONE]
    if move == M_VILE_OATH:
        return dice(s, praetor(s, t, role)[P_ORBS], 4)
    return 0


@njit(cache=True)
def _absorb(s, role, n):
    """The damage ``role`` takes of ``n`` once its absorb pool blocked what it
    can; the pool is used up by what it blocks (Appendix C, "Block ... points")."""
    blocked = min(n, s.c[role, C_ABSORB])
    s.c[role, C_ABSORB] -= blocked
    return n - blocked


@njit(cache=True)
def _retribution(move0, move1, to0, to1):
    """Oath of Retribution (Appendix C): the side under it that would take damage
    takes none, and the other takes triple that on top."""
    back0 = RETRIBUTION * to0 if move0 == M_OATH_OF_RETRIBUTION else 0
    back1 = RETRIBUTION * to1 if move1 == M_OATH_OF_RETRIBUTION else 0
    if back0 > 0:
        to0 = 0
    if back1 > 0:
        to1 = 0
    return to0 + back1, to1 + back0


@njit(cache=True)
def _performed(s, role, me):
    """Count a performed move (not an empty or negated slot) and keep its
    Shields for the next slot's Bone Breaker."""
    if me[0] != M_NONE:
        s.c[role, C_MOVES_DONE] += 1
        used(s, role, me[0])
    s.c[role, C_PREV_SHIELDS] = me[2]


@njit(cache=True)
def _fallen(s):
    """End the duel if a Praetor has no Hit Points left (4.17): both, a draw."""
    down0, down1 = hp(s, 0) <= 0, hp(s, 1) <= 0
    if down0 and down1:
        end(s, -1, END_BOTH)
    elif down0 or down1:
        end(s, 1 if down0 else 0, END_DESTROYED)
