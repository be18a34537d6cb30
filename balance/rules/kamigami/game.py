"""Whole games, and the batched kernel over seat-rotation blocks.

A block of P games shares one game seed (common random numbers: the same deal,
shuffles and starting seat); game g is block g // P in rotation g % P, where
entrant e sits in seat (e + rotation) mod P.  Every per-entrant record is
written in entrant order, so that a block sees each entrant in every seat.
"""
import numpy as np
from numba import njit

from .setup import setup
from .state import (G_END, G_FIRST, G_TURN, G_WINNER, N_CURVES, S_BOUGHT, S_CHAIN_MAX, S_ENERGY, S_ENTRANT, S_GOD,
                    S_OUT, S_OWN_TURNS, S_PLAYED, S_POSITION, S_TEMPLE)
from .turn import next_turn

# record columns (one row per game), then ENTRANT_COLS for each entrant
(R_GAME, R_BLOCK, R_ROTATION, R_FIRST, R_WINNER, R_TURNS, R_END) = range(7)
N_FIXED_COLS = 7
(E_GOD, E_TEMPLE, E_OUT, E_ENERGY, E_POSITION, E_CHAIN, E_TURNS) = range(7)
ENTRANT_COLS = 7
SEAT_FIELDS = (S_GOD, S_TEMPLE, S_OUT, S_ENERGY, S_POSITION, S_CHAIN_MAX, S_OWN_TURNS)    # in the order of E_*


@njit(cache=True)
def play_game(s, t, root_seed, game_seed, params, rotation, gods, agents):
    """Play one whole game into ``s``; returns the number of turns played."""
    setup(s, t, root_seed, game_seed, params, rotation, gods, agents)
    while next_turn(s, t):
        pass
    return s.g[G_TURN]


@njit(cache=True)
def simulate_rotations(s, t, root_seed, first_game, n_games, params, gods, agents, rows, curves, masks):
    """Play games first_game .. first_game+n_games-1 into preallocated records."""
    P = s.S.shape[0]
    for k in range(n_games):
        g = first_game + k
        play_game(s, t, root_seed, g // P, params, g % P, gods, agents)
        record_game(s, g, rows[k], curves[k], masks[k])


@njit(cache=True)
def record_game(s, g, row, curves, masks):
    """Game g's records, in entrant order."""
    P = s.S.shape[0]
    row[R_GAME] = g
    row[R_BLOCK] = g // P
    row[R_ROTATION] = g % P
    row[R_FIRST] = s.S[s.g[G_FIRST], S_ENTRANT]
    row[R_WINNER] = s.S[s.g[G_WINNER], S_ENTRANT] if s.g[G_WINNER] >= 0 else -1
    row[R_TURNS] = s.g[G_TURN]
    row[R_END] = s.g[G_END]
    for p in range(P):
        e = s.S[p, S_ENTRANT]
        for j in range(ENTRANT_COLS):
            row[N_FIXED_COLS + e * ENTRANT_COLS + j] = s.S[p, SEAT_FIELDS[j]]
        curves[e, :, :] = s.curves[p, :, :]
        masks[e, 0] = s.S[p, S_BOUGHT]
        masks[e, 1] = s.S[p, S_PLAYED]


def record_arrays(n_games, n_seats, own_turns):
    """Preallocated records of a batch: rows, per-entrant curves (state.N_CURVES
    per own turn) and card masks (bought, played)."""
    return (np.zeros((n_games, N_FIXED_COLS + ENTRANT_COLS * n_seats), dtype=np.int64),
            np.zeros((n_games, n_seats, N_CURVES, own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, 2), dtype=np.int64))
