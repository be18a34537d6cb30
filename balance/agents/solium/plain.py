"""The agents that play a Praetor's round without looking ahead (4.17): the
``scripted`` agent fights its entrant's program every round; the ``random``
agent fills each Combat Slot in turn with a move it knows and can still pay
for, and Skulls and Shields within the move's range and what is left of the
round's budget, every choice uniform."""
from numba import njit

from ...rules.solium.state import C_UNIT
from ...rules.solium.vocabulary import (MOVE_RANGES, MV_ORBS, MV_SHIELDS_HI, MV_SHIELDS_LO, MV_SKULLS_HI,
                                        MV_SKULLS_LO, P_ORBS, P_SHIELDS, P_SKULLS, SL_MOVE, SL_ORBS, SL_SHIELDS,
                                        SL_SKULLS, SLOTS)
from ...sim.seeding import below
from ..kinds import RANDOM


@njit(cache=True)
def plain_program(s, t, role, kind, out, stream):
    """``out`` = the round's moves of ``role`` played by agent ``kind``
    (SCRIPTED or RANDOM; a random one draws from ``stream``)."""
    if kind == RANDOM:
        random_program(s, t, t.program_praetor[s.c[role, C_UNIT]], out, stream)
    else:
        out[:, :] = t.program[s.c[role, C_UNIT]]


@njit(cache=True)
def affordable(t, praetor, move, skulls, shields, orbs):
    """Does Praetor ``praetor`` know ``move``, and can it pay the move's least with what is left?"""
    r = MOVE_RANGES[move]
    return (t.known[praetor, move] == 1 and r[MV_SKULLS_LO] <= skulls and r[MV_SHIELDS_LO] <= shields
            and r[MV_ORBS] <= orbs)


@njit(cache=True)
def amount(rng, stream, low, high, left):
    """A uniform number from ``low`` to the lesser of ``high`` and ``left``."""
    top = min(high, left)
    return low + below(rng, stream, top - low + 1) if top > low else low


@njit(cache=True)
def random_program(s, t, praetor, out, stream):
    """Six slots filled at random within the Praetor's Skulls, Shields and Orbs."""
    skulls, shields, orbs = t.praetor[praetor, P_SKULLS], t.praetor[praetor, P_SHIELDS], t.praetor[praetor, P_ORBS]
    n_moves = MOVE_RANGES.shape[0]
    for slot in range(SLOTS):
        n = 0
        for m in range(n_moves):
            n += affordable(t, praetor, m, skulls, shields, orbs)
        k = below(s.rng, stream, n)
        move = 0
        for m in range(n_moves):
            if affordable(t, praetor, m, skulls, shields, orbs):
                if k == 0:
                    move = m
                    break
                k -= 1
        r = MOVE_RANGES[move]
        out[slot, SL_MOVE] = move
        out[slot, SL_SKULLS] = amount(s.rng, stream, r[MV_SKULLS_LO], r[MV_SKULLS_HI], skulls)
        out[slot, SL_SHIELDS] = amount(s.rng, stream, r[MV_SHIELDS_LO], r[MV_SHIELDS_HI], shields)
        out[slot, SL_ORBS] = r[MV_ORBS]
        skulls -= out[slot, SL_SKULLS]
        shields -= out[slot, SL_SHIELDS]
        orbs -= out[slot, SL_ORBS]
