"""Setting up a game (rulebook, "Game Play").

"Each Superior starts with one Tether from their Events Deck in play."
"Players begin the game with 5" Essence; "Each player has a hand size of seven
to begin the game."  "Choose which player goes first at random."
"""
from numba import njit

from ...sim.seeding import SHUFFLE, below, seed_streams
from .decks import deal_all, draw_repository, search_events
from .draw import arrive, mark
from .state import (
    END_NONE,
    F_ATT,
    F_ATT_BY,
    F_ATTUNED,
    F_CTRL,
    F_DESIGN,
    F_ENTERED,
    F_FIGHT,
    F_FIRST,
    F_HOST,
    F_LAST_LOC,
    F_RIDER,
    F_SIDE_START,
    F_STAY,
    F_GUARD_BY,
    F_HEALED,
    F_INF_BY,
    F_MET,
    F_PREV_CTRL,
    F_PREV_INF,
    F_TIE,
    F_ZONE,
    G_ACTIVE,
    G_END,
    G_FIGHT_TARGET,
    G_FIRST,
    G_NEXT_TOKEN,
    G_PHASE,
    G_READINGS,
    G_ROUND,
    G_THRESHOLD,
    G_TRACE_N,
    G_TURN,
    G_TURN_CAP,
    G_VARIANT,
    G_WINNER,
    HAND_SIZE,
    S_ESSENCE,
    S_MASK_OPEN,
    S_PLOT_SEEN,
    Z_UNUSED,
    log,
)
from .trace import T_DRAW, T_FIRST, T_SETUP_TETHER
from .vocabulary import TETHER

START_ESSENCE = 5


@njit(cache=True)
def clear(s):
    """Reset the State (it is reused across games)."""
    s.I[:, :] = 0
    for f in (F_CTRL, F_INF_BY, F_ATT, F_ATT_BY, F_GUARD_BY, F_FIGHT, F_TIE, F_PREV_CTRL, F_PREV_INF,
              F_FIRST, F_LAST_LOC, F_ATTUNED, F_MET, F_HOST, F_RIDER, F_STAY, F_SIDE_START):
        s.I[:, f] = -1
    s.I[:, F_HEALED:F_HEALED + 4] = -1
    s.S[:, :] = 0
    s.S[:, S_PLOT_SEEN] = -1
    s.decks[:, :, :] = 0
    s.curves[:, :, :] = 0
    s.g[:] = 0
    s.live[:, 0] = 0


@njit(cache=True)
def setup(s, t, root_seed, game_seed, threshold, turn_cap, variant, readings):
    """Deal, put each Superior's first Tether into play, 5 Essence, 7 cards, pick
    the first player; ``variant`` is the rule variant (d666.VARIANTS),
    ``readings`` the contested readings' bits (readings.pack)."""
    clear(s)
    seed_streams(s.rng, root_seed, game_seed)
    n = deal_all(s, t)
    for i in range(n, s.I.shape[0]):
        s.I[i, F_ZONE] = Z_UNUSED
    s.g[G_WINNER] = -1
    s.g[G_END] = END_NONE
    s.g[G_THRESHOLD] = threshold
    s.g[G_TURN_CAP] = turn_cap
    s.g[G_VARIANT] = variant
    s.g[G_READINGS] = readings
    s.g[G_NEXT_TOKEN] = n
    s.g[G_TURN] = 0
    s.g[G_PHASE] = 0
    s.g[G_ROUND] = 0
    s.g[G_TRACE_N] = 0
    s.g[G_FIGHT_TARGET] = -1
    P = s.S.shape[0]
    for p in range(P):
        s.S[p, S_ESSENCE] = START_ESSENCE
        tether = search_events(s, t, p, TETHER)
        if tether >= 0:
            arrive(s, t, p, tether)
            s.I[tether, F_ENTERED] = -2
            log(s, p, tether, -1, T_SETUP_TETHER, 0)
        for _ in range(HAND_SIZE):
            c = draw_repository(s, t, p)
            if c >= 0:
                mark(s, S_MASK_OPEN, p, t, s.I[c, F_DESIGN])
                log(s, p, c, -1, T_DRAW, 0)
    first = below(s.rng, SHUFFLE, P)
    s.g[G_FIRST] = first
    s.g[G_ACTIVE] = first
    log(s, first, -1, -1, T_FIRST, 0)
