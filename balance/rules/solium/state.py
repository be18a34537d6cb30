"""A combat's arrays (DESIGN §4: fixed shapes, -1 for empty), handed to every
rule as one pointer (``sim.structs``), and the compiled roster tables.

A combat has two sides, by role: 0 the attacker (the Legion that enters the
Canton, 4.16; the Praetor who claims the Vendetta, 4.14.5) and 1 the defender.
"""
import numpy as np
from numba import njit

from ...agents.kinds import N_AGENT
from ...sim.seeding import DICE, N_STREAMS, below
from ...sim.structs import ArrayStructType, Handle, array_struct
from .vocabulary import MAX_CHALLENGES, N_SLOT_COLS, SLOTS

ATTACKER, DEFENDER = 0, 1
BATTLE, DUEL = 0, 1                                   # G_KIND

# ---- per side (State.c[role])
(C_UNIT,         # its army (a battle) or program (a duel): a row of Tables.unit or Tables.program
 C_ENTRANT,      # the experiment's entrant on this side
 C_HP_START,     # Hit Points at the start (a battle: with Hit Point bonuses)
 C_DAMAGE,       # damage taken
 C_PRESTIGE,     # Prestige won (4.16, "Prestige Gained")
 C_USED,         # bit k: ability (a battle, vocabulary.A_*) or move (a duel, M_*) k took effect
 C_RANGED, C_MELEE, C_INFERNAL,   # a battle: its combat attributes as modified (RANGED + k)
 C_LEVEL,        # a battle: its level for rolls (Level Roll +X)
 C_STUNNED,      # a battle: 1 while a Stunning Blow holds its attributes at zero (to the round's end)
 C_ABSORB,       # a duel: damage still to be blocked this round (Veil of Smoke, Obsidian Skin, ...)
 C_BLEED,        # a duel: damage its Bleeding Wound adds in each later slot this round
 C_CRIPPLE,      # a duel: Skulls taken from each of its later moves this round (Crippling Strike)
 C_TRANCE,       # a duel: percent chance that each later move of the opponent is negated (Demonic Trance)
 C_MOVES_DONE,   # a duel: moves performed this round
 C_PREV_SHIELDS,  # a duel: Shields of its move in the slot before
 ) = range(17)
N_C = 17

# ---- game scalars (State.g): the experiment's parameters first (matchup.PARAMETERS), then the combat's
(G_ROUNDS,       # a battle's rounds (4.16: two), before abilities
 G_DUEL_ROUNDS,  # a duel's round cap (a draw beyond it)
 G_ADVANTAGE,    # the Battlefield Advantage bonus (4.16: "a small bonus")
 G_READINGS,     # contested readings' bits (contested.py)
 G_KIND,         # BATTLE or DUEL
 G_ROUND,        # rounds begun
 G_WINNER,       # the winning role, -1 none (a draw, or not yet)
 G_END,          # why it ended (END_*), -1 not yet
 G_TRACE_N,      # rows of the trace written
 G_ROTATION,     # the game's seat rotation: entrant e on role (e + rotation) mod 2
 ) = range(10)
N_G = 10
N_PARAMS = 4

END_DESTROYED, END_RETREAT, END_CAPTURED, END_BOTH, END_CAP = range(5)
END_REASONS = {END_DESTROYED: "destroyed", END_RETREAT: "retreat", END_CAPTURED: "Place of Power captured",
               END_BOTH: "both fell", END_CAP: "round cap"}
TRACE_W = 8       # round, step, what, attacker's value, defender's value, damage to attacker, to defender, detail


class StateType(ArrayStructType):
    """numba's type of a State."""


class State(Handle):
    """A combat's arrays:

    c       [2, N_C] per side (C_*)
    g       [N_G] scalars (G_*)
    curve   [2, R] each side's Hit Points at the end of each round
    rng     seeded streams (sim.seeding)
    fixed   dice fixed by a test: fixed[0] is the next to use, fixed[1:] the results (``roll``)
    trace   [TMAX, TRACE_W] events (trace.py), when tracing
    agent   [2, N_AGENT] each side's agent (agents.kinds)
    order   [MAX_CHALLENGES] a battle: its challenges in the order of a round (battle.py)
    prog    [2, SLOTS, N_SLOT_COLS] a duel: each side's moves this round
    cand    [MAX_CANDIDATES, SLOTS, N_SLOT_COLS] a search's candidate programs (agents/solium/search.py)
    """


class TablesType(ArrayStructType):
    """numba's type of the compiled roster."""


class Tables(Handle):
    """The roster compiled (``roster.Roster.tables``): unit, ability, card,
    praetor, program, program_praetor, known (vocabulary.py names the columns)."""


STATE_FIELDS = ("c", "g", "curve", "rng", "fixed", "trace", "agent", "order", "prog", "cand")
MAX_CANDIDATES = 64
TABLE_FIELDS = ("unit", "ability", "card", "praetor", "program", "program_praetor", "known")
make_state = array_struct(StateType, State, STATE_FIELDS)
make_tables = array_struct(TablesType, Tables, TABLE_FIELDS)


def new_state(rounds, trace_len=0, fixed=()):
    """A State for combats of up to ``rounds`` rounds, reused across games;
    ``fixed``: dice results a test fixes (``roll``)."""
    return make_state(
        c=np.zeros((2, N_C), dtype=np.int64), g=np.zeros(N_G, dtype=np.int64),
        curve=np.zeros((2, rounds), dtype=np.int64), rng=np.zeros((N_STREAMS, 3), dtype=np.int64),
        fixed=np.array([1, *fixed], dtype=np.int64), trace=np.zeros((max(trace_len, 1), TRACE_W), dtype=np.int64),
        agent=np.zeros((2, N_AGENT), dtype=np.int64), order=np.zeros(MAX_CHALLENGES, dtype=np.int64),
        prog=np.zeros((2, SLOTS, N_SLOT_COLS), dtype=np.int64),
        cand=np.zeros((MAX_CANDIDATES, SLOTS, N_SLOT_COLS), dtype=np.int64))


@njit(cache=True)
def roll(s, n):
    """A uniform result in 0..n-1 from the dice stream -- or the next fixed result,
    while a test's fixed dice last (a die of d sides is ``roll(s, d) + 1``)."""
    i = s.fixed[0]
    if i < s.fixed.shape[0]:
        s.fixed[0] = i + 1
        return s.fixed[i]
    return below(s.rng, DICE, n)


@njit(cache=True)
def dice(s, n, sides):
    """The sum of ``n`` dice of ``sides`` sides."""
    total = 0
    for _ in range(n):
        total += roll(s, sides) + 1
    return total


@njit(cache=True)
def over(s):
    return s.g[G_END] >= 0


@njit(cache=True)
def end(s, winner, reason):
    """End the combat: ``winner`` a role, or -1 for a draw."""
    s.g[G_WINNER] = winner
    s.g[G_END] = reason


@njit(cache=True)
def hp(s, role):
    return s.c[role, C_HP_START] - s.c[role, C_DAMAGE]


@njit(cache=True)
def used(s, role, code):
    """Mark ability or move ``code`` as having taken effect for ``role``."""
    s.c[role, C_USED] |= 1 << code


@njit(cache=True)
def log(s, step, what, a, b, to_a, to_b, detail):
    """Append an event to the trace (when tracing): the round under way and
    ``step`` (a challenge or Combat Slot), what was compared, each side's value,
    the damage each took, and a detail code (trace.py)."""
    n = s.g[G_TRACE_N]
    if s.trace.shape[0] > 1 and n < s.trace.shape[0]:
        row = s.trace[n]
        row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7] = (s.g[G_ROUND], step, what, a, b, to_a,
                                                                            to_b, detail)
        s.g[G_TRACE_N] = n + 1
