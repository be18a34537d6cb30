"""Where a search rollout leaves the turn as it was played (agents/kamigami/search.py)."""
from numba import njit

from ...rules.kamigami.information import resample_unseen
from ...rules.kamigami.state import G_TURN
from ...sim.seeding import rekey
from ..rollouts import salt, take_branch


@njit(cache=True)
def branch(s, t, p, j):
    """A rollout leaves the turn at seat p's searched decision j: it takes the
    option under test, deals afresh what p cannot see, keys the streams anew
    (the same for every option) and lets every seat play as p's rollout agent."""
    rekey(s.rng, salt(s.g[G_TURN], p, j, s))
    resample_unseen(s, t, p)
    return take_branch(s, p)
