"""Where a search rollout leaves the turn as it was played (agents/kamigami/search.py)."""
from numba import njit

from ...rules.kamigami.information import resample_unseen
from ...rules.kamigami.state import G_TURN
from ...sim.seeding import rekey
from ..kinds import A_KIND, A_ROLLOUT_KIND
from ..points import D_BRANCH, D_ROLLOUT, MAX_SEARCHED

MAX_ROLLOUTS = 1 << 16    # bounds a search's rollouts per option


@njit(cache=True)
def branch(s, t, p, j):
    """A rollout leaves the turn at seat p's searched decision j: it takes the
    option under test, deals afresh what p cannot see, keys the streams anew
    (the same for every option) and lets every seat play as p's rollout agent."""
    o = s.dec[D_BRANCH]
    s.dec[D_BRANCH] = -1
    salt = ((s.g[G_TURN] * s.agent.shape[0] + p) * MAX_SEARCHED + j) * MAX_ROLLOUTS + s.dec[D_ROLLOUT]
    rekey(s.rng, salt)
    resample_unseen(s, t, p)
    kind = s.agent[p, A_ROLLOUT_KIND]
    for q in range(s.agent.shape[0]):
        s.agent[q, A_KIND] = kind
    return o
