"""A Kamigami game's arrays (DESIGN §4: fixed shapes, -1 for empty), handed to
every rule as one pointer (``sim.structs``), and the compiled card tables.

Cards of one kind are alike, so a zone holds card kinds, not instances: a stack
in ``Z`` (its top the last entry) with its count in ``zn``.  Each seat has its
Draw Deck, Hand, Discard Pile and Play Area ("Play Area": the cards it played
this turn, Reacts on other players' turns too); the Warrior and Artifact decks
and the Netherworld are shared.  The Hall of Heroes is ``hall``: six Warrior
piles, three face-up Artifacts and the three Disciple piles, each a kind and
how many cards lie there.
"""
import numpy as np
from numba import njit

from ...agents.kinds import N_AGENT
from ...agents.points import decision_arrays
from ...sim.seeding import N_STREAMS
from ...sim.structs import ArrayStructType, Handle, array_struct

DECK, HAND, DISCARD, PLAY = range(4)        # a seat's zones: zone 4 p + DECK, ...
WARRIOR_DECK, ARTIFACT_DECK, NETHERWORLD = range(3)   # shared zones: zone 4 P + WARRIOR_DECK, ...
WARRIOR_PILES, ARTIFACT_SLOTS = 6, 3        # Setup 4 and 5
H_WARRIORS, H_ARTIFACTS, H_DISCIPLES = 0, WARRIOR_PILES, WARRIOR_PILES + ARTIFACT_SLOTS   # rows of hall
N_HALL = H_DISCIPLES + 3
HAND_SIZE = 5                               # Setup 6, "End Phase": draw 5

# ---- per-seat fields (State.S)
(S_GOD,          # the God the seat plays
 S_TEMPLE,       # its Temple, -1 none
 S_ENERGY,       # its God's Energy
 S_TEMPLE_ENERGY,  # its Temple's Energy; 0 = destroyed
 S_FAITH,        # Faith Points to spend this turn
 S_OUT,          # -1 in the game; else its place in the order of elimination (0 = first out)
 S_GOD_ACT,      # 1: its God's Act Ability was used this turn
 S_TEMPLE_ACT,   # 1: its Temple's Act Ability was used this turn
 S_ENTRANT,      # the experiment's entrant (its God choice and agent) in this seat
 S_POSITION,     # its place in turn order, 0 = the starting player
 S_MADE,         # Faith Points gained this turn
 S_SPENT,        # Faith Points spent this turn
 S_CHAIN_MAX,    # its longest Chain in the game
 S_BOUGHT,       # bit k: it Recruited a card of kind k
 S_PLAYED,       # bit k: it played a card of kind k
 S_OWN_TURNS,    # turns it has played
 S_DEALT,        # the second God dealt to it (Setup 1), -1 none
 ) = range(17)
N_SEAT_FIELDS = 17

# ---- game scalars (State.g): the experiment's parameters first, then the game's
(G_WIN_ENERGY, G_GOD_ENERGY, G_TEMPLE_ENERGY, G_TEMPLES, G_CATCH_UP, G_TURN_CAP, G_READINGS,
 G_TURN,         # turns played (every player's)
 G_ACTIVE,       # the seat whose turn it is
 G_FIRST,        # the starting player's seat
 G_WINNER,       # the winning seat, -1 none (yet)
 G_END,          # why the game ended (game.END_REASONS), -1 not yet
 G_OUT_N,        # Gods eliminated so far
 G_CHAIN,        # the active seat's Chaining Colors (bits), of the last Warrior or Artifact played
 G_CHAIN_LEN,    # Warriors and Artifacts in its Chain this turn
 G_TRACE_N,      # rows of the trace written
 ) = range(16)
N_G = 16
N_PARAMS = 7      # G_WIN_ENERGY .. G_READINGS, in the order of matchup.PARAMETERS
N_CURVES = 4      # per own turn: Faith gained, Faith spent, Energy at its end, Chain length
TRACE_W = 6       # turn, seat, code, a, b, value (trace.py)

STATE_FIELDS = ("Z", "zn", "hall", "gods", "S", "g", "curves", "rng", "trace", "agent", "opt", "dec", "vals")
GAME_FIELDS = ("Z", "zn", "hall", "gods", "S", "g", "curves", "rng")     # what copy_game copies
TABLE_FIELDS = ("card", "ability", "god", "god_ability", "temple", "temple_ability")


class StateType(ArrayStructType):
    """numba's type of a State."""


class State(Handle):
    """A game's arrays:

    Z, zn   [4 P + 3, M] zones as stacks of card kinds, and their counts
    hall    [N_HALL, 2] the Hall of Heroes: (kind, cards) of each pile
    gods    [n_gods + 1] the Gods not dealt, shuffled; count last
    S       [P, N_SEAT_FIELDS] per seat (S_*)
    g       [N_G] game scalars (G_*)
    curves  [P, N_CURVES, TT] per seat and own turn
    rng     seeded streams (sim.seeding)
    trace   [TMAX, TRACE_W] events (trace.py), when tracing
    agent   [P, N_AGENT] each seat's agent (agents.kinds)
    opt, dec, vals  a decision's options (agents.points)
    """


class TablesType(ArrayStructType):
    """numba's type of the compiled card tables."""


class Tables(Handle):
    """The card set compiled (``cards.CardSet.tables``): card, ability, god,
    god_ability, temple, temple_ability (vocabulary.py names the columns)."""


make_state = array_struct(StateType, State, STATE_FIELDS)
make_tables = array_struct(TablesType, Tables, TABLE_FIELDS)


def new_state(n_seats, tables, own_turns, trace_len=0):
    """Allocate a State for ``n_seats`` players of the card set ``tables`` (a
    dict of arrays), reused across games."""
    m = int(tables["card"][:, 5].sum())       # every card of the box (vocabulary.C_COPIES)
    return make_state(
        Z=np.zeros((4 * n_seats + 3, m), dtype=np.int64), zn=np.zeros(4 * n_seats + 3, dtype=np.int64),
        hall=np.zeros((N_HALL, 2), dtype=np.int64), gods=np.zeros(tables["god"].shape[0] + 1, dtype=np.int64),
        S=np.zeros((n_seats, N_SEAT_FIELDS), dtype=np.int64), g=np.zeros(N_G, dtype=np.int64),
        curves=np.zeros((n_seats, N_CURVES, own_turns), dtype=np.int64),
        rng=np.zeros((N_STREAMS, 3), dtype=np.int64), trace=np.zeros((max(trace_len, 1), TRACE_W), dtype=np.int64),
        agent=np.zeros((n_seats, N_AGENT), dtype=np.int64), **decision_arrays(trace_len > 0))


@njit(cache=True)
def copy_game(dst, src):
    """Make ``dst`` the same game as ``src`` (every field of GAME_FIELDS; the
    trace, agents and decision buffers stay dst's own)."""
    dst.Z[:] = src.Z
    dst.zn[:] = src.zn
    dst.hall[:] = src.hall
    dst.gods[:] = src.gods
    dst.S[:] = src.S
    dst.g[:] = src.g
    dst.curves[:] = src.curves
    dst.rng[:] = src.rng


@njit(cache=True)
def zone(s, p, which):
    """Seat p's zone ``which`` (DECK, HAND, DISCARD, PLAY)."""
    return 4 * p + which


@njit(cache=True)
def shared(s, which):
    """A shared zone (WARRIOR_DECK, ARTIFACT_DECK, NETHERWORLD)."""
    return s.S.shape[0] * 4 + which


@njit(cache=True)
def push(s, z, kind):
    """Put a card of ``kind`` on top of zone z."""
    s.Z[z, s.zn[z]] = kind
    s.zn[z] += 1


@njit(cache=True)
def pop(s, z):
    """Take the top card of zone z (which holds one)."""
    s.zn[z] -= 1
    return s.Z[z, s.zn[z]]


@njit(cache=True)
def take(s, z, kind):
    """Take a card of ``kind`` out of zone z (the topmost); False if none is there."""
    for i in range(s.zn[z] - 1, -1, -1):
        if s.Z[z, i] == kind:
            for j in range(i, s.zn[z] - 1):
                s.Z[z, j] = s.Z[z, j + 1]
            s.zn[z] -= 1
            return True
    return False


@njit(cache=True)
def seen_before(s, z, i):
    """Does a card of the kind at place i of zone z lie below it?  (A zone's
    kinds, each once: the first of each.)"""
    for j in range(i):
        if s.Z[z, j] == s.Z[z, i]:
            return True
    return False


@njit(cache=True)
def move_all(s, src, dst):
    """Put every card of zone src onto zone dst, in order."""
    for i in range(s.zn[src]):
        push(s, dst, s.Z[src, i])
    s.zn[src] = 0


@njit(cache=True)
def alive(s, p):
    return s.S[p, S_OUT] < 0


@njit(cache=True)
def over(s):
    return s.g[G_END] >= 0


@njit(cache=True)
def tracing(s):
    """Is this State's game traced (``new_state``'s trace_len)?"""
    return s.trace.shape[0] > 1


@njit(cache=True)
def log(s, p, code, a, b, value):
    """Append an event of seat p to the trace (when tracing)."""
    n = s.g[G_TRACE_N]
    if tracing(s) and n < s.trace.shape[0]:
        s.trace[n, 0] = s.g[G_TURN]
        s.trace[n, 1] = p
        s.trace[n, 2] = code
        s.trace[n, 3] = a
        s.trace[n, 4] = b
        s.trace[n, 5] = value
        s.g[G_TRACE_N] = n + 1
