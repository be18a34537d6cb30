"""Kamigami's search agent (DESIGN §10): each searched decision of a turn is
chosen by rollouts from a snapshot of the turn's start, the turn's earlier
searched choices replayed -- the way of agents/innomine/search.py, whose module
doc says why (the rules keep their place in a turn on the call stack).

A rollout restores the snapshot, replays the turn up to the decision, takes the
option under test there, deals afresh what the seat cannot see
(rules/kamigami/information.py), keys the streams anew from the search stream
(the same for every option: common random numbers) and plays every seat as the
rollout agent to the end of the game.  Score: a win 1, a loss 0, a draw one
share in as many as there are players.  An option must beat the rollout agent's
own choice by the margin to be taken instead.

Its budget (rollouts per option, the decision kinds it searches, the rollout
agent, the margin) is its agent row's, from a policy file (policy_files.py).
"""
import numpy as np
from numba import njit

from ...rules.kamigami.game import record_game
from ...rules.kamigami.setup import setup
from ...rules.kamigami.state import G_WINNER, copy_game, tracing
from ...rules.kamigami.turn import next_turn
from ..kinds import A_ROLLOUTS
from ..points import D_BRANCH, D_DECIDED, D_FORCED, D_PENDING_N, D_PENDING_SEAT, D_SEARCHED, MAX_SEARCHED, N_DEC
from ..rollouts import best_of, start_rollout

@njit(cache=True)
def simulate_searched_rotations(s, x, y, t, root_seed, first_game, n_games, params, gods, agents, rows, curves,
                                masks):
    """game.simulate_rotations with a search agent; x and y are spare States for
    rollouts and for the turn's snapshot."""
    P = s.S.shape[0]
    for k in range(n_games):
        g = first_game + k
        setup(s, t, root_seed, g // P, params, g % P, gods, agents)
        while searched_turn(s, x, y, t):
            pass
        record_game(s, g, rows[k], curves[k], masks[k])


@njit(cache=True)
def searched_turn(s, x, y, t):
    """turn.next_turn, with each searched decision of the turn chosen by rollouts."""
    copy_game(y, s)
    s.dec[D_FORCED] = 0
    while True:
        s.dec[D_SEARCHED] = 0
        s.dec[D_PENDING_SEAT] = -1
        more = next_turn(s, t)
        p = s.dec[D_PENDING_SEAT]
        if p < 0:
            return more
        j = s.dec[D_FORCED]
        if j >= MAX_SEARCHED:
            raise ValueError("more searched decisions in one turn than points.MAX_SEARCHED")
        s.dec[N_DEC + j] = best_option(s, x, y, t, p, j)
        s.dec[D_FORCED] = j + 1
        s.dec[D_DECIDED] += 1
        copy_game(s, y)


@njit(cache=True)
def best_option(s, x, y, t, p, j):
    """The option of seat p's pending decision j with the best mean rollout
    score, if it beats the rollout agent's own choice by the margin; else that
    (in a traced game, every option's value is kept in ``vals``)."""
    n = s.dec[D_PENDING_N]
    v = np.zeros(n)
    for o in range(n):
        for r in range(s.agent[p, A_ROLLOUTS]):
            v[o] += rollout(s, x, y, t, p, j, o, r)
        v[o] /= s.agent[p, A_ROLLOUTS]
        if tracing(s):
            s.vals[j, o] = v[o]
    return best_of(s, p, v)


@njit(cache=True)
def rollout(s, x, y, t, p, j, o, r):
    """Rollout r of option o at seat p's decision j: seat p's score after it."""
    copy_game(x, y)
    start_rollout(x, s, j, o, r)
    while next_turn(x, t):
        pass
    if x.dec[D_BRANCH] >= 0:
        raise ValueError("a search rollout did not reach the decision it tests")
    if x.g[G_WINNER] >= 0:
        return 1.0 if x.g[G_WINNER] == p else 0.0
    return 1.0 / x.S.shape[0]
