"""The search agent of single combat (DESIGN §10): at each round it scores
candidate programs by rollouts and fights the best.

The candidates are its rollout agent's own choice (first), every program of
its Praetor in the roster, and ``RANDOM_CANDIDATES`` random programs within its
budget.  A rollout plays this round with the candidate against the
opponent's rollout-agent choice, then the duel to its end with both sides
played by the rollout agent; it scores 1 for a win, 1/2 for a draw.  Every
candidate meets the same futures (common random numbers: ``seeding.rekey``).
With the scripted rollout agent the search knows its opponent's program: it
plays a best response, what a designer asks of "a thinking enemy".  A
candidate other than the first is taken only if its mean beats the first's by
the budget's margin."""
from numba import njit

from ...rules.solium.single_combat import fight_round, round_due
from ...rules.solium.state import C_UNIT, G_ROUND, G_WINNER, MAX_CANDIDATES
from ...sim.seeding import POLICY, SEARCH, rekey
from ..kinds import A_MARGIN, A_ROLLOUT_KIND, A_ROLLOUTS
from ..rollouts import MAX_ROLLOUTS
from .plain import plain_program, random_program

RANDOM_CANDIDATES = 8


@njit(cache=True)
def searched_program(s, x, t, role):
    """Fill ``s.prog[role]`` with the best-scoring candidate (module doc); ``x``
    is the rollouts' State."""
    n = candidates(s, t, role)
    best, best_mean, first = 0, -1.0, 0.0
    for k in range(n):
        mean = 0.0
        for r in range(s.agent[role, A_ROLLOUTS]):
            mean += rollout(s, x, t, role, k, r)
        mean /= s.agent[role, A_ROLLOUTS]
        if k == 0:
            first = mean
        if mean > best_mean and (k == 0 or mean > first + s.agent[role, A_MARGIN] / 1000):
            best, best_mean = k, mean
    s.prog[role, :, :] = s.cand[best]


@njit(cache=True)
def candidates(s, t, role):
    """Write the candidates into ``s.cand``; returns how many (module doc)."""
    praetor = t.program_praetor[s.c[role, C_UNIT]]
    plain_program(s, t, role, s.agent[role, A_ROLLOUT_KIND], s.cand[0], SEARCH)
    n = 1
    for q in range(t.program.shape[0]):
        if t.program_praetor[q] == praetor and n < MAX_CANDIDATES:
            s.cand[n, :, :] = t.program[q]
            n += 1
    for _ in range(RANDOM_CANDIDATES):
        if n < MAX_CANDIDATES:
            random_program(s, t, praetor, s.cand[n], SEARCH)
            n += 1
    return n


@njit(cache=True)
def rollout(s, x, t, role, k, r):
    """Candidate k's score in rollout r: 1 if ``role`` wins, 1/2 a draw, 0 a loss."""
    x.c[:, :] = s.c
    x.g[:] = s.g
    x.curve[:, :] = s.curve
    x.rng[:, :] = s.rng
    x.agent[:, :] = s.agent
    rekey(x.rng, (s.g[G_ROUND] * 2 + role) * MAX_ROLLOUTS + r)
    kind = s.agent[role, A_ROLLOUT_KIND]
    x.prog[role, :, :] = s.cand[k]
    plain_program(x, t, 1 - role, kind, x.prog[1 - role], POLICY)
    fight_round(x, t)
    while round_due(x):
        plain_program(x, t, 0, kind, x.prog[0], POLICY)
        plain_program(x, t, 1, kind, x.prog[1], POLICY)
        fight_round(x, t)
    if x.g[G_WINNER] < 0:
        return 0.5
    return 1.0 if x.g[G_WINNER] == role else 0.0
