"""Kamigami's contested readings (docs/kamigami.md, "Readings"): each a named
switch with a documented default, packed into the kernel's reading bits."""
from numba import njit

from ..ruleset import Reading
from .state import G_READINGS

CHAIN_WITH_PRIMARY, REDIRECT_BY_REACTOR = 0, 1      # bits
READINGS = {
    "chaining_colors": Reading("chaining_colors", CHAIN_WITH_PRIMARY, "K1", ("example", "with_primary"), "example"),
    "redirect_choice": Reading("redirect_choice", REDIRECT_BY_REACTOR, "K2", ("attacker", "reactor"), "attacker"),
}


@njit(cache=True)
def reads(s, bit):
    """Is the reading of ``bit`` switched to its second value?"""
    return (s.g[G_READINGS] >> bit) & 1 == 1
