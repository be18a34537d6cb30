"""The contested readings of the rulebook in the kernel: each is one bit of
``State.g[G_READINGS]``, clear for its first value and set for its second
(the values, names and defaults are in ``contested``, which the kernel does
not import, so that choosing another default recompiles nothing)."""
from numba import njit

from .state import G_READINGS

(R_DEFEND, R_OVERDUE, R_PROTECTION, R_UNCONTROLLED_HEAL, R_TETHER, R_SAINTS, R_AGEING, R_FIRST_TOOL) = range(8)


@njit(cache=True)
def reads(s, bit):
    """Is reading ``bit`` switched to its second value in this game?"""
    return (s.g[G_READINGS] >> bit) & 1 == 1
