"""The scripted styles' choices around a Resonance roll: a failed Habbalite's
outcome (I28) and the Balseraphs' free rolls on a gullible Seraph (I33)."""
from numba import njit

from ...rules.innomine.resonances import resonance_stat
from ...rules.innomine.state import F_DISS
from ...rules.innomine.vocabulary import BALSERAPH
from ..points import n_options, subject
from .chances import p_success


@njit(cache=True)
def choose_habbalite_failure(s, t, p):
    """HABBALITE_FAILURE: roll again on the first Being not tried this turn
    (row 2), else a note while the Habbalite carries fewer than two (row 0),
    else be Influenced by another player (row 1)."""
    if n_options(s) > 2:
        return 2
    return 0 if s.I[subject(s), F_DISS] < 2 else 1


@njit(cache=True)
def choose_gullibility_pick(s, t, q):
    """GULLIBILITY_PICK: the Seraph's controller names the offered Balseraph
    least likely to succeed on the Seraph (p_success), the first of equals."""
    stat, op = resonance_stat(BALSERAPH)
    best, best_p = 0, 2.0
    for k in range(n_options(s)):
        ps = p_success(s, t, s.opt[k, 0], s.opt[k, 1], stat, op)
        if ps < best_p:
            best, best_p = k, ps
    return best


@njit(cache=True)
def choose_gullibility_roll(s, t, p):
    """GULLIBILITY_ROLL: the free roll whenever it can succeed."""
    stat, op = resonance_stat(BALSERAPH)
    return 1 if p_success(s, t, subject(s), s.opt[1, 1], stat, op) > 0 else 0
