"""Where a search rollout leaves the turn as it was played, and what a traced
game shows of a search's choices."""
from numba import njit

from ...rules.innomine.information import resample_unseen
from ...rules.innomine.state import G_TURN, log, tracing
from ...rules.innomine.trace import T_SEARCH
from ...sim.seeding import rekey
from ..kinds import A_KIND, A_ROLLOUT_KIND
from ..points import D_BRANCH, D_N, D_ROLLOUT, MAX_SEARCHED

MAX_ROLLOUTS = 1 << 16    # bounds a search budget's rollouts per option (files check it)


@njit(cache=True)
def branch(s, t, p, j):
    """A rollout leaves the turn at seat p's searched decision j: it takes the
    option under test; what p cannot see is dealt afresh
    (information.resample_unseen) and the game's streams are keyed anew from
    the search stream, the same for every option (common random numbers); both
    seats then play on as p's rollout agent."""
    o = s.dec[D_BRANCH]
    s.dec[D_BRANCH] = -1
    salt = ((s.g[G_TURN] * s.agent.shape[0] + p) * MAX_SEARCHED + j) * MAX_ROLLOUTS + s.dec[D_ROLLOUT]
    rekey(s.rng, salt)
    resample_unseen(s, t, p)
    kind = s.agent[p, A_ROLLOUT_KIND]
    for q in range(s.agent.shape[0]):
        s.agent[q, A_KIND] = kind
        s.w[q, :] = s.w[p, :]
    return o


@njit(cache=True)
def show_values(s, p, j):
    """In a traced game, the values the search found for each option of its
    decision j (in thousandths of a win)."""
    if tracing(s):
        for k in range(s.dec[D_N]):
            log(s, p, s.opt[k, 0], s.opt[k, 1], T_SEARCH, int(round(1000.0 * s.vals[j, k])))
