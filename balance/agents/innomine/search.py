"""The search agent's turns (DESIGN §10, "Rollouts from deep inside a phase").

The rules keep their place in a turn on the call stack, so a rollout cannot
resume a copy of the game in the middle of a phase.  Instead each turn keeps a
snapshot of its start and the choices fixed at its searched decisions so far:

1. the turn is played; the first searched decision whose choice is not fixed
   yet is marked pending (the turn plays on with the rollout agent's choices);
2. for each option of the pending decision, each rollout restores the
   snapshot, replays the turn -- the same decisions, the same streams, so the
   same game -- up to that decision, takes the option there (rollout.branch)
   and plays on to the end of the game or the budget's horizon;
3. the option with the best mean score is fixed, and the turn is played again
   from the snapshot, until it meets no pending decision.

Scores: a win 1, a loss 0, a draw 1/2; at a horizon, 1/2 plus half the lead in
Souls over the best other seat as a share of the victory threshold (clipped to
0..1).  An option must score strictly more than the one the rollout agent would
take to be preferred to it: the search improves on its rollout agent, and with
no evidence either way plays as it does.
"""
import numpy as np
from numba import njit

from ...rules.innomine.game import record_game
from ...rules.innomine.setup import setup
from ...rules.innomine.state import END_NONE, G_END, G_THRESHOLD, G_TURN, G_WINNER, S_SOULS, copy_game, tracing
from ...rules.innomine.turn import next_turn
from ..kinds import A_HORIZON, A_ROLLOUTS
from ..points import D_BRANCH, D_DECIDED, D_FORCED, D_PENDING_N, D_PENDING_SEAT, D_SEARCHED, MAX_SEARCHED, N_DEC
from ..rollouts import best_of, start_rollout


@njit(cache=True)
def simulate_searched_pairs(s_ab, t_ab, s_ba, t_ba, x_ab, y_ab, x_ba, y_ba, root_seed, first_game, n_games,
                            threshold, turn_cap, variant, readings, rows, gain, spent, short, masks):
    """game.simulate_pairs for matchups with a search agent; x and y are each
    seating's spare States for rollouts and for the turn's snapshot."""
    for k in range(n_games):
        g = first_game + k
        swap = g & 1
        s, t, x, y = (s_ba, t_ba, x_ba, y_ba) if swap else (s_ab, t_ab, x_ab, y_ab)
        setup(s, t, root_seed, g >> 1, threshold, turn_cap, variant, readings)
        while searched_turn(s, x, y, t):
            pass
        record_game(s, t, g, swap, rows[k], gain[k], spent[k], short[k], masks[k])


@njit(cache=True)
def searched_turn(s, x, y, t):
    """game.next_turn, with each searched decision of the turn chosen by rollouts."""
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
    score, if that beats the mean of the one its rollout agent takes by more
    than the budget's margin; else the rollout agent's.  Of equals, the first."""
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
    x.w[:] = s.w
    start_rollout(x, s, j, o, r)
    last = y.g[G_TURN] + 1 + s.agent[p, A_HORIZON]
    while next_turn(x, t):
        if s.agent[p, A_HORIZON] > 0 and x.g[G_TURN] >= last:
            break
    if x.dec[D_BRANCH] >= 0:
        raise ValueError("a search rollout did not reach the decision it tests")
    return outcome(x, p)


@njit(cache=True)
def outcome(s, p):
    """Seat p's score: 1 win, 0 loss, 1/2 draw; at a horizon, from the Souls lead."""
    if s.g[G_WINNER] >= 0:
        return 1.0 if s.g[G_WINNER] == p else 0.0
    if s.g[G_END] != END_NONE:
        return 0.5
    lead = 1 << 30
    for q in range(s.S.shape[0]):
        if q != p:
            lead = min(lead, s.S[p, S_SOULS] - s.S[q, S_SOULS])
    return min(1.0, max(0.0, 0.5 + 0.5 * lead / s.g[G_THRESHOLD]))
