"""A Praetor's moves for a round of single combat (4.17), by its agent kind
(agents.kinds, DESIGN §10): scripted and random (plain.py), or a search
(search.py) -- dispatched here, never a jitted function passed around."""
from numba import njit

from ...sim.seeding import POLICY
from ..kinds import A_KIND, SEARCH
from .plain import plain_program
from .search import searched_program


@njit(cache=True)
def choose(s, x, t, role):
    """Fill ``s.prog[role]`` with the round's moves of ``role``'s agent (``x``:
    a State for a search's rollouts)."""
    kind = s.agent[role, A_KIND]
    if kind == SEARCH:
        searched_program(s, x, t, role)
    else:
        plain_program(s, t, role, kind, s.prog[role], POLICY)
