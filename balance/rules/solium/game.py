"""Whole combats, and the batched kernel over seat-rotation blocks.

A block of 2 games shares one game seed (common random numbers); game g is
block g // 2 in rotation g % 2, where entrant e takes role (e + rotation) mod 2
(0 attacks, 1 defends) -- but a Place of Power never moves (4.4), so an
entrant that is one defends in both games of its block.  Every per-entrant
record is written in entrant order.
"""
import numpy as np
from numba import njit

from ...agents.solium.decide import choose
from ...sim.seeding import seed_streams
from .battle import battle
from .single_combat import fight_round, round_due, start
from .state import (ATTACKER, BATTLE, C_DAMAGE, C_ENTRANT, C_PRESTIGE, C_UNIT, C_USED, DEFENDER, G_END, G_KIND,
                    G_ROTATION, G_ROUND, G_WINNER, N_PARAMS, hp)

# record columns (one row per game), then ENTRANT_COLS for each entrant
(R_GAME, R_BLOCK, R_ROTATION, R_FIRST, R_WINNER, R_TURNS, R_END) = range(7)
N_FIXED_COLS = 7
(E_ROLE, E_UNIT, E_LEGION, E_PRAETOR, E_HP, E_DAMAGE, E_PRESTIGE) = range(7)
ENTRANT_COLS = 7


@njit(cache=True)
def role_of(e, rotation, defends):
    """Entrant e's role in a game of ``rotation``: a Place of Power defends (module doc)."""
    if defends[e]:
        return DEFENDER
    if defends[1 - e]:
        return ATTACKER
    return (e + rotation) % 2


@njit(cache=True)
def setup(s, root_seed, game_seed, params, rotation, kind, units, defends, agents):
    """Key the game's streams and set both sides: unit, entrant and agent."""
    seed_streams(s.rng, root_seed, game_seed)
    s.c[:, :] = 0
    s.g[:] = 0
    s.g[:N_PARAMS] = params
    s.g[G_KIND] = kind
    s.g[G_WINNER] = -1
    s.g[G_END] = -1
    s.g[G_ROTATION] = rotation
    s.curve[:, :] = 0
    for e in range(2):
        role = role_of(e, rotation, defends)
        s.c[role, C_UNIT] = units[e]
        s.c[role, C_ENTRANT] = e
        s.agent[role, :] = agents[e]


@njit(cache=True)
def duel(s, x, t):
    """4.17: rounds of six Combat Slots until a Praetor falls (or the round cap);
    each round both agents fill their slots unseen by the other."""
    start(s, t)
    while round_due(s):
        choose(s, x, t, ATTACKER)
        choose(s, x, t, DEFENDER)
        fight_round(s, t)


@njit(cache=True)
def play_game(s, x, t, root_seed, game_seed, params, rotation, kind, units, defends, agents):
    """Play one whole combat into ``s``; returns the rounds fought."""
    setup(s, root_seed, game_seed, params, rotation, kind, units, defends, agents)
    if kind == BATTLE:
        battle(s, t)
    else:
        duel(s, x, t)
    return s.g[G_ROUND]


@njit(cache=True)
def simulate_rotations(s, x, t, root_seed, first_game, n_games, params, kind, units, defends, agents, pieces, held,
                       code_bits, rows, curves, masks):
    """Play games first_game .. first_game+n_games-1 into preallocated records."""
    for k in range(n_games):
        g = first_game + k
        play_game(s, x, t, root_seed, g // 2, params, g % 2, kind, units, defends, agents)
        record_game(s, g, pieces, held, code_bits[kind], rows[k], curves[k], masks[k])


@njit(cache=True)
def record_game(s, g, pieces, held, code_bits, row, curves, masks):
    """Game g's records, in entrant order; the codes that took effect become
    the roster's kind bits, of the kinds the entrant holds."""
    row[R_GAME] = g
    row[R_BLOCK] = g // 2
    row[R_ROTATION] = g % 2
    row[R_FIRST] = s.c[ATTACKER, C_ENTRANT]
    row[R_WINNER] = s.c[s.g[G_WINNER], C_ENTRANT] if s.g[G_WINNER] >= 0 else -1
    row[R_TURNS] = s.g[G_ROUND]
    row[R_END] = s.g[G_END]
    for role in range(2):
        e = s.c[role, C_ENTRANT]
        at = N_FIXED_COLS + e * ENTRANT_COLS
        row[at + E_ROLE] = role
        row[at + E_UNIT] = s.c[role, C_UNIT]
        row[at + E_LEGION] = pieces[e, 0]
        row[at + E_PRAETOR] = pieces[e, 1]
        row[at + E_HP] = max(hp(s, role), 0)
        row[at + E_DAMAGE] = s.c[role, C_DAMAGE]
        row[at + E_PRESTIGE] = s.c[role, C_PRESTIGE]
        curves[e, 0, :] = s.curve[role]
        masks[e, 0] = held[e]
        masks[e, 1] = kind_bits(s.c[role, C_USED], code_bits) & held[e]   # two printings share a code


@njit(cache=True)
def kind_bits(codes, code_bits):
    """The roster's kind bits of the ability or move codes set in ``codes``."""
    bits, code = 0, 0
    while codes:
        if codes & 1:
            bits |= code_bits[code]
        codes >>= 1
        code += 1
    return bits


def record_arrays(n_games, rounds):
    """Preallocated records of a batch: rows, per-entrant curves (HP at each
    round's end) and masks (the kinds held, and those that took effect)."""
    return (np.zeros((n_games, N_FIXED_COLS + 2 * ENTRANT_COLS), dtype=np.int64),
            np.zeros((n_games, 2, 1, rounds), dtype=np.int64), np.zeros((n_games, 2, 2), dtype=np.int64))
