"""Attacking Other Gods and Temples: the Attacker names a God or Temple of an
opponent, plays its Reacts first, then the target reacts (Gigi Lamore's
redirect, which opens the new target's turn to react; then Defend), then every
other player from the target on may Protect;
the target loses max(0, Attack Value - total Defense Value) Energy.  Energy
never goes below 0; a God at 0 is eliminated ("End of the Game"), a Temple at
0 destroyed (Glossary, "Temples").
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, offer
from .contested import REDIRECT_BY_REACTOR, reads
from .decisions import REDIRECT_TO, TARGET
from .reacts import react
from .state import (G_END, G_OUT_N, G_WINNER, S_ENERGY, S_OUT, S_TEMPLE, S_TEMPLE_ENERGY, alive, log)
from .trace import T_ATTACK, T_DAMAGE, T_OUT, T_WIN
from .vocabulary import E_DEFEND, E_EMPOWER, E_PROTECT, E_REDIRECT

END_ENERGY, END_LAST, END_CAP = range(3)
END_REASONS = {END_ENERGY: "victory Energy reached", END_LAST: "last God standing", END_CAP: "turn cap"}


@njit(cache=True)
def attack(s, t, p, value):
    """Seat p attacks with Attack Value ``value``."""
    clear(s)
    P = s.S.shape[0]
    for q in range(P):
        if q != p and alive(s, q):
            offer(s, q, 0)
            if s.S[q, S_TEMPLE] >= 0 and s.S[q, S_TEMPLE_ENERGY] > 0:
                offer(s, q, 1)
    k = asked(s, t, p, TARGET)
    q, temple = s.opt[k, 0], s.opt[k, 1]
    value += react(s, t, p, E_EMPOWER, False)[1]
    log(s, p, T_ATTACK, q, temple, value)
    while temple == 0 and _redirect(s, t, p, q):
        q = _new_target(s, t, p, q)
        log(s, p, T_ATTACK, q, 0, value)
    defense = react(s, t, q, E_DEFEND, False)[1]
    for j in range(1, P):
        r = (q + j) % P
        if r != p and alive(s, r):
            defense += react(s, t, r, E_PROTECT, False)[1]
    damage(s, q, temple, max(0, value - defense))


@njit(cache=True)
def _redirect(s, t, p, q):
    """Does the attacked seat q redirect the Attack (there being another God to attack)?"""
    for r in range(s.S.shape[0]):
        if r != p and r != q and alive(s, r):
            return react(s, t, q, E_REDIRECT, True)[0] > 0
    return False


@njit(cache=True)
def _new_target(s, t, p, q):
    """The God a redirected Attack goes to: a different opponent's, chosen by the
    Attacker (or by the redirecting seat: reading ``redirect_choice``)."""
    clear(s)
    for r in range(s.S.shape[0]):
        if r != p and r != q and alive(s, r):
            offer(s, r, 0)
    chooser = q if reads(s, REDIRECT_BY_REACTOR) else p
    return s.opt[asked(s, t, chooser, REDIRECT_TO), 0]


@njit(cache=True)
def damage(s, q, temple, n):
    """Seat q's God (or Temple) loses n Energy, never below 0."""
    field = S_TEMPLE_ENERGY if temple else S_ENERGY
    s.S[q, field] = max(0, s.S[q, field] - n)
    log(s, q, T_DAMAGE, s.S[q, field], temple, n)
    if not temple and s.S[q, S_ENERGY] == 0:
        eliminate(s, q)


@njit(cache=True)
def eliminate(s, q):
    """Seat q's God is at 0 Energy: it is out; the last one standing wins."""
    s.S[q, S_OUT] = s.g[G_OUT_N]
    s.g[G_OUT_N] += 1
    log(s, q, T_OUT, s.S[q, S_OUT], 0, 0)
    left, last = 0, -1
    for r in range(s.S.shape[0]):
        if alive(s, r):
            left += 1
            last = r
    if left == 1:
        win(s, last, END_LAST)


@njit(cache=True)
def win(s, p, why):
    """Seat p wins at once."""
    s.g[G_WINNER] = p
    s.g[G_END] = why
    log(s, p, T_WIN, why, 0, s.S[p, S_ENERGY])


@njit(cache=True)
def gain_energy(s, p, n, win_energy):
    """Seat p's God gains n Energy; at ``win_energy`` it wins at once."""
    s.S[p, S_ENERGY] += n
    if s.S[p, S_ENERGY] >= win_energy:
        win(s, p, END_ENERGY)
