"""The game turn (rulebook, "The Game Turn"): seven phases, seats in turn, and
the end of the game by a winner, the turn cap or exhausted decks."""
from numba import njit

from .actions import actions_phase
from .acts import acts_phase
from .beings import is_being
from .dissonance import dissonance_phase
from .draw import draw_phase
from .end_turn import end_turn
from .essence import gain_essence
from .humans import age_mortals
from .state import (
    END_DECK_OUT,
    END_NONE,
    END_TURN_CAP,
    F_ACTS,
    F_CTRL,
    F_IDLE,
    F_LOC,
    F_LOC_START,
    G_ACTIVE,
    G_END,
    G_FIRST,
    G_PHASE,
    G_TURN,
    G_TURN_CAP,
    G_WINNER,
    S_EV_CNT,
    S_REPO_CNT,
    S_SPENT,
    beings_in_play,
    compact_play,
    log,
)
from .tethers import burn_demons_in_heaven
from .trace import T_END


@njit(cache=True)
def start_turn(s, t, p):
    """Each of p's Servitors and Influenced Beings has one action this turn.
    Each Being's actions left as the last turn ended and its Location now are
    kept for the readings that ask (readings: defend, tether_relief)."""
    s.S[p, S_SPENT] = 0
    compact_play(s)
    for i in beings_in_play(s):
        s.I[i, F_IDLE] = s.I[i, F_ACTS]
        s.I[i, F_LOC_START] = s.I[i, F_LOC]
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
