"""Asking a seat's agent for one of the options the Kamigami rules offered
(DESIGN §10): dispatch on the seat's agent kind (agents.kinds), never a jitted
function passed around.  A search agent, at a kind its budget names, takes the
choice its turn's search fixed, or marks the decision pending for the search,
or -- in a rollout -- branches there (agents/kamigami/search.py); elsewhere it
plays as its rollout agent.
"""
from numba import njit

from ...sim.seeding import POLICY, below
from ..kinds import A_KIND, A_ROLLOUT_KIND, A_SEARCHED, RANDOM, SEARCH
from ..points import D_BRANCH, D_FORCED, D_PENDING_N, D_PENDING_OWN, D_PENDING_SEAT, D_SEARCHED, N_DEC, n_options
from .rollout import branch, show_values
from .scripted import scripted_choice


@njit(cache=True)
def asked(s, t, p, kind):
    """The row seat p's agent takes at a decision of ``kind``; a lone row is
    taken without asking, so that no agent draws for it."""
    n = n_options(s)
    if n == 1:
        return 0
    agent = s.agent[p, A_KIND]
    if agent != SEARCH:
        return fast_choice(s, t, p, kind, agent)
    if (s.agent[p, A_SEARCHED] >> kind) & 1 == 0:
        return fast_choice(s, t, p, kind, s.agent[p, A_ROLLOUT_KIND])
    j = s.dec[D_SEARCHED]
    s.dec[D_SEARCHED] = j + 1
    if j < s.dec[D_FORCED]:
        show_values(s, p, j, kind)
        return s.dec[N_DEC + j]
    if j == s.dec[D_FORCED] and s.dec[D_BRANCH] >= 0:
        return branch(s, t, p, j)
    own = fast_choice(s, t, p, kind, s.agent[p, A_ROLLOUT_KIND])
    if j == s.dec[D_FORCED]:
        s.dec[D_PENDING_SEAT] = p
        s.dec[D_PENDING_N] = n
        s.dec[D_PENDING_OWN] = own
    return own


@njit(cache=True)
def fast_choice(s, t, p, kind, agent):
    """The random agent's or the scripted style's choice."""
    if agent == RANDOM:
        return below(s.rng, POLICY, n_options(s))
    return scripted_choice(s, t, p, kind)
