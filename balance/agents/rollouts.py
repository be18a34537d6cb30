"""What every game's search agent does alike (DESIGN §10; agents/innomine/search.py
says how a search replays a turn): a rollout's bookkeeping in ``State.dec``,
the salt that keys its streams, the branch at the decision under test, and the
choice among the options' mean scores.  Each game's search plays the turns
(its own ``next_turn``) and deals what a seat cannot see (its own rules)."""
from numba import njit

from .kinds import A_KIND, A_MARGIN, A_ROLLOUT_KIND
from .points import D_BRANCH, D_FORCED, D_PENDING_OWN, D_PENDING_SEAT, D_ROLLOUT, D_SEARCHED, MAX_SEARCHED, N_DEC

MAX_ROLLOUTS = 1 << 16    # bounds a search budget's rollouts per option (files check it)


@njit(cache=True)
def start_rollout(x, s, j, o, r):
    """Set rollout State ``x`` (a copy of the turn's snapshot) to replay ``s``'s
    turn with its first j searched choices and take option o at the next, as
    rollout r; every seat keeps its agent until the branch."""
    x.agent[:] = s.agent
    x.dec[N_DEC:N_DEC + j] = s.dec[N_DEC:N_DEC + j]
    x.dec[D_FORCED] = j
    x.dec[D_SEARCHED] = 0
    x.dec[D_PENDING_SEAT] = -1
    x.dec[D_BRANCH] = o
    x.dec[D_ROLLOUT] = r


@njit(cache=True)
def salt(turn, p, j, s):
    """The key of rollout D_ROLLOUT at seat p's searched decision j of ``turn``:
    the same for every option of the decision (common random numbers)."""
    return ((turn * s.agent.shape[0] + p) * MAX_SEARCHED + j) * MAX_ROLLOUTS + s.dec[D_ROLLOUT]


@njit(cache=True)
def take_branch(s, p):
    """At the decision under test: the option to take; from here every seat
    plays as seat p's rollout agent."""
    o = s.dec[D_BRANCH]
    s.dec[D_BRANCH] = -1
    kind = s.agent[p, A_ROLLOUT_KIND]
    for q in range(s.agent.shape[0]):
        s.agent[q, A_KIND] = kind
    return o


@njit(cache=True)
def best_of(s, p, v):
    """The option with the best mean score ``v``, if it beats the one seat p's
    rollout agent takes by the budget's margin; else that one.  Of equals, the first."""
    best = s.dec[D_PENDING_OWN]
    bar = v[best] + s.agent[p, A_MARGIN] / 1000.0
    for o in range(v.shape[0]):
        if v[o] > bar:
            best, bar = o, v[o]
    return best
