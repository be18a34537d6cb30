"""Decision points: the buffer in which the rules offer a choice's legal options.

At a choice the rules ``clear`` the buffer, ``offer`` each legal option as a row
(a, b) -- what each number means is the decision kind's (e.g. card, target) --
and ask the seat's agent for the index of one.  ``State.dec`` also holds what a
search needs to replay a turn: the choices already made at searched decisions
(forced), the one found pending, and, in a rollout, the option to branch on.
"""
import numpy as np
from numba import njit

MAX_OPTIONS = 512        # rows of State.opt
MAX_SEARCHED = 256       # searched decisions in one turn
(D_N,             # options offered at the decision under way
 D_SEARCHED,      # searched decisions met so far in this play of the turn
 D_FORCED,        # how many of them have their choice fixed (the rows from N_DEC on)
 D_PENDING_SEAT,  # the seat whose searched decision is the first unfixed one; -1 = none met
 D_PENDING_N,     # how many options it had
 D_BRANCH,        # in a rollout: the option to take at the first unfixed searched decision; -1 = none
 D_ROLLOUT,       # in a rollout: its number (common random numbers across the options)
 D_DECIDED,       # searched decisions decided by rollouts in this State's games so far
 D_PENDING_OWN,   # the option the pending decision's rollout agent would take there
 D_SUBJECT,       # the card the decision under way is about (an acting Being), -1 = none
 ) = range(10)
N_DEC = 10


def decision_arrays(tracing: bool) -> dict:
    """The State fields of decision points (``vals``: each searched decision's
    option values, kept only when the game is traced)."""
    dec = np.zeros(N_DEC + MAX_SEARCHED, dtype=np.int64)
    dec[D_PENDING_SEAT] = dec[D_BRANCH] = dec[D_SUBJECT] = -1
    return dict(opt=np.zeros((MAX_OPTIONS, 2), dtype=np.int64), dec=dec,
                vals=np.zeros((MAX_SEARCHED, MAX_OPTIONS) if tracing else (1, 1), dtype=np.float64))


@njit(cache=True)
def clear(s):
    """Start offering the options of a new decision."""
    s.dec[D_N] = 0
    s.dec[D_SUBJECT] = -1


@njit(cache=True)
def about(s, i):
    """The decision under way is about card i (the Being whose action it is)."""
    s.dec[D_SUBJECT] = i


@njit(cache=True)
def subject(s):
    """The card the decision under way is about (``about``), or -1."""
    return s.dec[D_SUBJECT]


@njit(cache=True)
def offer(s, a, b):
    """Offer option (a, b)."""
    n = s.dec[D_N]
    if n >= s.opt.shape[0]:
        raise ValueError("more legal options than points.MAX_OPTIONS")
    s.opt[n, 0] = a
    s.opt[n, 1] = b
    s.dec[D_N] = n + 1


@njit(cache=True)
def n_options(s):
    return s.dec[D_N]


@njit(cache=True)
def find(s, a, b):
    """The index of option (a, b), or -1."""
    for k in range(s.dec[D_N]):
        if s.opt[k, 0] == a and s.opt[k, 1] == b:
            return k
    return -1


@njit(cache=True)
def offered(s, a, b):
    """The index of option (a, b), which an agent chose: one the rules did not
    offer is a bug in the agent, and raises."""
    k = find(s, a, b)
    if k < 0:
        raise ValueError("an agent chose an option the rules did not offer")
    return k
