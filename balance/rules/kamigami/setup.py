"""Free for All Setup (steps 1-7): two Gods dealt to each player, one kept; a
random starting player; Temples picked in turn order by the Gods' Spheres of
Influence; 15 Energy per God (more for a later place in turn order with the
parameter ``catch_up_energy``, 0 in the rulebook) and 5 per Temple; the Hall of Heroes; starting
decks of 8 Disciple I and 2 Disciple III, shuffled, and five cards drawn.
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, n_options, offer
from ...sim.seeding import DICE, SHUFFLE, below, seed_streams
from .decisions import KEEP_GOD, TEMPLE
from .draw_deck import draw, shuffle
from .hall_of_heroes import STARTING_DECK, set_up_hall
from .state import (DECK, G_ACTIVE, G_CATCH_UP, G_END, G_FIRST, G_GOD_ENERGY, G_TEMPLE_ENERGY, G_TEMPLES,
                    G_WINNER, HAND_SIZE, N_PARAMS, S_DEALT, S_ENERGY, S_ENTRANT, S_GOD, S_OUT, S_POSITION,
                    S_TEMPLE, S_TEMPLE_ENERGY, log, push, zone)
from .trace import T_FIRST, T_GOD, T_TEMPLE
from .vocabulary import G_SPHERES, T_SPHERE


@njit(cache=True)
def setup(s, t, root_seed, game_seed, params, rotation, gods, agents):
    """Set up a game: entrant e (its God ``gods[e]``, -1 = dealt, and agent row
    ``agents[e]``) sits in seat (e + rotation) mod P."""
    P = s.S.shape[0]
    s.S[:] = 0
    s.g[:] = 0
    s.zn[:] = 0
    s.curves[:] = 0
    s.g[:N_PARAMS] = params
    s.g[G_WINNER] = -1
    s.g[G_END] = -1
    seed_streams(s.rng, root_seed, game_seed)
    for p in range(P):
        e = (p - rotation) % P
        s.S[p, S_ENTRANT] = e
        s.S[p, S_OUT] = -1
        s.S[p, S_TEMPLE] = -1
        s.S[p, S_GOD] = gods[e]
        s.agent[p, :] = agents[e]
    first = below(s.rng, DICE, P)
    s.g[G_FIRST] = first
    s.g[G_ACTIVE] = first
    for j in range(P):
        s.S[(first + j) % P, S_POSITION] = j
    log(s, first, T_FIRST, 0, 0, 0)
    _deal_gods(s, t)
    _temples(s, t)
    set_up_hall(s, t)
    _starting_decks(s)


@njit(cache=True)
def _deal_gods(s, t):
    """Setup 1: the Gods no seat was given are shuffled; each seat without one
    is dealt two (in seat order) and keeps one."""
    P = s.S.shape[0]
    n = 0
    for g in range(t.god.shape[0]):
        given = False
        for p in range(P):
            given = given or s.S[p, S_GOD] == g
        if not given:
            s.gods[n] = g
            n += 1
    for i in range(n - 1, 0, -1):
        j = below(s.rng, SHUFFLE, i + 1)
        s.gods[i], s.gods[j] = s.gods[j], s.gods[i]
    dealt = 0
    for p in range(P):
        s.S[p, S_DEALT] = -1
        if s.S[p, S_GOD] < 0:
            s.S[p, S_GOD], s.S[p, S_DEALT] = s.gods[dealt], s.gods[dealt + 1]
            dealt += 2
    for p in range(P):
        if s.S[p, S_DEALT] >= 0:
            clear(s)
            offer(s, s.S[p, S_GOD], s.S[p, S_DEALT])
            offer(s, s.S[p, S_DEALT], s.S[p, S_GOD])
            k = asked(s, t, p, KEEP_GOD)
            s.S[p, S_GOD], s.S[p, S_DEALT] = s.opt[k, 0], s.opt[k, 1]
        log(s, p, T_GOD, s.S[p, S_GOD], s.S[p, S_DEALT], 0)
        s.S[p, S_ENERGY] = s.g[G_GOD_ENERGY] + s.g[G_CATCH_UP] * s.S[p, S_POSITION]


@njit(cache=True)
def _temples(s, t):
    """Setup 2-3: in turn order, each player takes a Temple of one of its God's
    Spheres not taken yet (none if none is left, or without Temples)."""
    P = s.S.shape[0]
    for j in range(P):
        p = (s.g[G_FIRST] + j) % P
        if s.g[G_TEMPLES] == 0:
            continue
        clear(s)
        for temple in range(t.temple.shape[0]):
            if (t.god[s.S[p, S_GOD], G_SPHERES] >> t.temple[temple, T_SPHERE]) & 1 == 1 and not _taken(s, temple):
                offer(s, temple, 0)
        if n_options(s) > 0:
            s.S[p, S_TEMPLE] = s.opt[asked(s, t, p, TEMPLE), 0]
            s.S[p, S_TEMPLE_ENERGY] = s.g[G_TEMPLE_ENERGY]
        log(s, p, T_TEMPLE, s.S[p, S_TEMPLE], 0, 0)


@njit(cache=True)
def _taken(s, temple):
    for p in range(s.S.shape[0]):
        if s.S[p, S_TEMPLE] == temple:
            return True
    return False


@njit(cache=True)
def _starting_decks(s):
    """Setup 6: each seat's Draw Deck of Disciples (hall_of_heroes.STARTING_DECK),
    shuffled, and its first Hand."""
    for p in range(s.S.shape[0]):
        for rank in range(3):
            for _ in range(STARTING_DECK[rank]):
                push(s, zone(s, p, DECK), rank)
        shuffle(s, zone(s, p, DECK))
        draw(s, p, HAND_SIZE)
