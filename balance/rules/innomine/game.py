"""The game turn loop, victory, and the batched kernel (rulebook, "The Game Turn").

"Choose a number of Humans to serve as a victory condition.  If this number of
Humans enters your Realm, you win."  A turn cap (configurable) ends stalled
games as draws; the end reason is recorded.
"""
import numpy as np
from numba import njit

from .actions import actions_phase
from .acts import acts_phase
from .beings import is_being
from .dissonance import dissonance_phase
from .draw import draw_phase
from .end_turn import end_turn
from .essence import gain_essence
from .humans import age_mortals
from .setup import setup
from .state import (
    END_DECK_OUT,
    END_NONE,
    END_TURN_CAP,
    F_ACTS,
    F_CTRL,
    F_DESIGN,
    G_ACTIVE,
    G_END,
    G_FIRST,
    G_PHASE,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    S_EV_CNT,
    S_MASK_DRAWN,
    S_MASK_OPEN,
    S_MASK_PLAYED,
    S_REPO_CNT,
    S_SOULS,
    S_SPENT,
    beings_in_play,
    compact_play,
    log,
)
from .tables import D_CTYPE
from .tethers import burn_demons_in_heaven
from .trace import T_END
from .vocabulary import HUMAN

# record columns (one row per game)
(R_GAME, R_PAIR, R_SWAP, R_FIRST, R_WINNER, R_TURNS, R_END) = range(7)
N_FIXED_COLS = 7          # then souls per seat, then living Humans on Earth


@njit(cache=True)
def start_turn(s, t, p):
    """Each of p's Servitors and Influenced Beings has one action this turn."""
    s.S[p, S_SPENT] = 0
    compact_play(s)
    for i in beings_in_play(s):
        s.I[i, F_ACTS] = 1 if (s.I[i, F_CTRL] == p and is_being(s, t, i)) else 0
    burn_demons_in_heaven(s, t)


@njit(cache=True)
def play_turn(s, t, p, own):
    """The seven phases of seat p's turn; ``own`` is p's own turn number (0-based)."""
    start_turn(s, t, p)
    s.g[G_PHASE] = 1
    draw_phase(s, t, p)
    s.g[G_PHASE] = 2
    gained = gain_essence(s, t, p)
    if own < s.curves.shape[2]:
        s.curves[p, 0, own] = gained
    s.g[G_PHASE] = 3
    age_mortals(s, t)
    if s.g[G_WINNER] >= 0:
        return
    s.g[G_PHASE] = 4
    dissonance_phase(s, t, p)
    s.g[G_PHASE] = 5
    acts_phase(s, t, p)
    s.g[G_PHASE] = 6
    actions_phase(s, t)
    if s.g[G_WINNER] >= 0:
        return
    s.g[G_PHASE] = 7
    end_turn(s, t, p)
    if own < s.curves.shape[2]:
        s.curves[p, 1, own] = s.S[p, S_SPENT]


@njit(cache=True)
def decks_exhausted(s):
    for p in range(s.S.shape[0]):
        if s.S[p, S_REPO_CNT] > 0 or s.S[p, S_EV_CNT] > 0:
            return False
    return True


@njit(cache=True)
def next_turn(s, t):
    """Play the next turn; returns False once the game is over (winner, turn
    cap or deck-out), with the end reason recorded."""
    if s.g[G_WINNER] >= 0 or s.g[G_TURN] >= s.g[G_TURN_CAP] or s.g[G_END] != END_NONE:
        return False
    turn = s.g[G_TURN] + 1
    P = s.S.shape[0]
    s.g[G_TURN] = turn
    p = (s.g[G_FIRST] + turn - 1) % P
    s.g[G_ACTIVE] = p
    play_turn(s, t, p, (turn - 1) // P)
    if s.g[G_WINNER] < 0 and decks_exhausted(s):
        s.g[G_END] = END_DECK_OUT
    elif s.g[G_WINNER] < 0 and turn >= s.g[G_TURN_CAP]:
        s.g[G_END] = END_TURN_CAP
    if s.g[G_END] != END_NONE:
        s.g[G_PHASE] = 0
        log(s, -1, -1, -1, T_END, s.g[G_END])
        return False
    return True


@njit(cache=True)
def play_game(s, t, root_seed, game_seed, threshold, turn_cap, variant):
    """Play one whole game into ``s``; returns the number of turns played."""
    setup(s, t, root_seed, game_seed, threshold, turn_cap, variant)
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
                   rows, gain, spent, masks):
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
        turns = play_game(s, t, root_seed, g >> 1, threshold, turn_cap, variant)
        row = rows[k]
        row[R_GAME] = g
        row[R_PAIR] = g >> 1
        row[R_SWAP] = swap
        row[R_FIRST] = s.g[G_FIRST] ^ swap
        row[R_WINNER] = s.g[G_WINNER] ^ swap if s.g[G_WINNER] >= 0 else -1
        row[R_TURNS] = turns
        row[R_END] = s.g[G_END]
        P = s.S.shape[0]
        for p in range(P):
            deck = p ^ swap
            row[N_FIXED_COLS + deck] = s.S[p, S_SOULS]
            gain[k, deck, :] = s.curves[p, 0, :]
            spent[k, deck, :] = s.curves[p, 1, :]
            masks[k, deck, 0] = s.S[p, S_MASK_OPEN]
            masks[k, deck, 1] = s.S[p, S_MASK_DRAWN]
            masks[k, deck, 2] = s.S[p, S_MASK_PLAYED]
        row[N_FIXED_COLS + P] = humans_on_earth(s, t)


def record_arrays(n_games, n_seats, own_turns):
    """Preallocated record arrays for a batch."""
    return (np.zeros((n_games, N_FIXED_COLS + n_seats + 1), dtype=np.int64),
            np.zeros((n_games, n_seats, own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, 3), dtype=np.int64))
