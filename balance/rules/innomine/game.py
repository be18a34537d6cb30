"""Playing whole games, and the batched kernel (rulebook, "The Game Turn").

"Choose a number of Humans to serve as a victory condition.  If this number of
Humans enters your Realm, you win."  A turn cap (configurable) ends stalled
games as draws; the end reason is recorded.
"""
import numpy as np
from numba import njit

from .beings import is_being
from .setup import setup
from .state import G_END, G_FIRST, G_TURN, G_WINNER, S_MASK_DRAWN, S_MASK_OPEN, S_MASK_PLAYED, S_SOULS, F_DESIGN, beings_in_play
from .tables import D_CTYPE
from .turn import next_turn
from .vocabulary import HUMAN

# record columns (one row per game)
(R_GAME, R_PAIR, R_SWAP, R_FIRST, R_WINNER, R_TURNS, R_END) = range(7)
N_FIXED_COLS = 7          # then souls per seat, then living Humans on Earth


@njit(cache=True)
def play_game(s, t, root_seed, game_seed, threshold, turn_cap, variant, readings):
    """Play one whole game into ``s``; returns the number of turns played."""
    setup(s, t, root_seed, game_seed, threshold, turn_cap, variant, readings)
    while next_turn(s, t):
        pass
    return s.g[G_TURN]


@njit(cache=True)
def humans_on_earth(s, t):
    n = 0
    for i in beings_in_play(s):
        if is_being(s, t, i) and t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN:
            n += 1
    return n


@njit(cache=True)
def simulate_pairs(s_ab, t_ab, s_ba, t_ba, root_seed, first_game, n_games, threshold, turn_cap, variant,
                   readings, rows, gain, spent, masks):
    """Play games first_game .. first_game+n_games-1 into preallocated records.

    Game 2k and 2k+1 share game seed k (common random numbers) with the decks'
    seats exchanged: deck A sits in seat 0 in even games, seat 1 in odd ones.
    Every per-seat record is written in deck order (index 0 = deck A).
    """
    for k in range(n_games):
        g = first_game + k
        swap = g & 1
        s = s_ba if swap else s_ab
        t = t_ba if swap else t_ab
        play_game(s, t, root_seed, g >> 1, threshold, turn_cap, variant, readings)
        record_game(s, t, g, swap, rows[k], gain[k], spent[k], masks[k])


@njit(cache=True)
def record_game(s, t, g, swap, row, gain, spent, masks):
    """Game g's records (deck order: seat p holds deck p ^ swap)."""
    row[R_GAME] = g
    row[R_PAIR] = g >> 1
    row[R_SWAP] = swap
    row[R_FIRST] = s.g[G_FIRST] ^ swap
    row[R_WINNER] = s.g[G_WINNER] ^ swap if s.g[G_WINNER] >= 0 else -1
    row[R_TURNS] = s.g[G_TURN]
    row[R_END] = s.g[G_END]
    P = s.S.shape[0]
    for p in range(P):
        deck = p ^ swap
        row[N_FIXED_COLS + deck] = s.S[p, S_SOULS]
        gain[deck, :] = s.curves[p, 0, :]
        spent[deck, :] = s.curves[p, 1, :]
        masks[deck, 0] = s.S[p, S_MASK_OPEN]
        masks[deck, 1] = s.S[p, S_MASK_DRAWN]
        masks[deck, 2] = s.S[p, S_MASK_PLAYED]
    row[N_FIXED_COLS + P] = humans_on_earth(s, t)


def record_arrays(n_games, n_seats, own_turns):
    """Preallocated record arrays for a batch."""
    return (np.zeros((n_games, N_FIXED_COLS + n_seats + 1), dtype=np.int64),
            np.zeros((n_games, n_seats, own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, 3), dtype=np.int64))
