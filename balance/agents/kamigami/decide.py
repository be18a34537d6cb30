"""Asking a seat's agent for one of the options the Kamigami rules offered
(DESIGN §10): dispatch on the seat's agent kind (agents.kinds), never a jitted
function passed around.  Kamigami has ``scripted`` and ``random``; a search
agent is refused when a matchup is prepared (docs/kamigami.md says what it needs).
"""
from numba import njit

from ...sim.seeding import POLICY, below
from ..kinds import A_KIND, RANDOM
from ..points import n_options
from .scripted import scripted_choice


@njit(cache=True)
def asked(s, t, p, kind):
    """The row seat p's agent takes at a decision of ``kind``; a lone row is
    taken without asking, so that no agent draws for it."""
    n = n_options(s)
    if n == 1:
        return 0
    if s.agent[p, A_KIND] == RANDOM:
        return below(s.rng, POLICY, n)
    return scripted_choice(s, t, p, kind)
