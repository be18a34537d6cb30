"""Where a search rollout leaves the turn as it was played, and what a traced
game shows of a search's choices."""
from numba import njit

from ...rules.innomine.information import resample_unseen
from ...rules.innomine.state import G_TURN, log, tracing
from ...rules.innomine.decisions import ACTION, unpack
from ...rules.innomine.trace import T_SEARCH, T_SEARCH_ACTION, search_action_value, search_value
from ...sim.seeding import rekey
from ..points import D_N, subject
from ..rollouts import salt, take_branch


@njit(cache=True)
def branch(s, t, p, j):
    """A rollout leaves the turn at seat p's searched decision j: it takes the
    option under test; what p cannot see is dealt afresh
    (information.resample_unseen) and the game's streams are keyed anew from
    the search stream, the same for every option (common random numbers); both
    seats then play on as p's rollout agent."""
    rekey(s.rng, salt(s.g[G_TURN], p, j, s))
    resample_unseen(s, t, p)
    for q in range(s.agent.shape[0]):
        s.w[q, :] = s.w[p, :]
    return take_branch(s, p)


@njit(cache=True)
def show_values(s, p, j, kind):
    """In a traced game, the values the search found for each option of its
    decision j, of ``kind`` (in thousandths of a win, trace.search_value); an
    action's with the Being whose it is."""
    if not tracing(s):
        return
    for k in range(s.dec[D_N]):
        worth = int(round(1000.0 * s.vals[j, k]))
        if kind == ACTION:
            what, target, second = unpack(s.opt[k, 0])
            log(s, p, subject(s), target, T_SEARCH_ACTION, search_action_value(what, second, worth))
        else:
            log(s, p, s.opt[k, 0], s.opt[k, 1], T_SEARCH, search_value(kind, worth))
