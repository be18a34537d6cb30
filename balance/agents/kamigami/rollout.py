"""Where a search rollout leaves the turn as it was played, and what a traced
game shows of the search's values (agents/kamigami/search.py)."""
from numba import njit

from ...rules.kamigami.information import resample_unseen
from ...rules.kamigami.state import G_TURN, log, tracing
from ...rules.kamigami.trace import SEARCH_SPAN, T_SEARCH
from ...sim.seeding import rekey
from ..points import n_options
from ..rollouts import salt, take_branch


@njit(cache=True)
def branch(s, t, p, j):
    """A rollout leaves the turn at seat p's searched decision j: it takes the
    option under test, deals afresh what p cannot see, keys the streams anew
    (the same for every option) and lets every seat play as p's rollout agent."""
    rekey(s.rng, salt(s.g[G_TURN], p, j, s))
    resample_unseen(s, t, p)
    return take_branch(s, p)


@njit(cache=True)
def show_values(s, p, j, kind):
    """In a traced game, the value the search found for each option of seat
    p's decision j, of ``kind`` (the mean score of its rollouts, in thousandths
    of a win; trace.SEARCH_SPAN)."""
    if not tracing(s):
        return
    for k in range(n_options(s)):
        log(s, p, T_SEARCH, s.opt[k, 0], s.opt[k, 1], kind * SEARCH_SPAN + int(round(1000.0 * s.vals[j, k])))
