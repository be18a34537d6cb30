"""Activation Costs (Glossary): an Ability's cost, paid before it takes effect,
even if a React then cancels it.  Energy is never paid down to 0: that would
Seal or eliminate the God that pays it.
"""
from numba import njit

from .state import S_ENERGY, S_FAITH
from .vocabulary import AB_COST, AB_COST_KIND, ENERGY_COST, FAITH_COST


@njit(cache=True)
def payable(s, p, ab):
    """Can seat p pay the Activation Cost of ability row ``ab``?"""
    if ab[AB_COST_KIND] == FAITH_COST:
        return s.S[p, S_FAITH] >= ab[AB_COST]
    if ab[AB_COST_KIND] == ENERGY_COST:
        return s.S[p, S_ENERGY] > ab[AB_COST]
    return True


@njit(cache=True)
def pay(s, p, ab):
    """Seat p pays the Activation Cost of ability row ``ab``."""
    if ab[AB_COST_KIND] == FAITH_COST:
        s.S[p, S_FAITH] -= ab[AB_COST]
    elif ab[AB_COST_KIND] == ENERGY_COST:
        s.S[p, S_ENERGY] -= ab[AB_COST]
