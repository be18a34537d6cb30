"""Compiled card tables: what the kernel reads about cards (DESIGN §4).

``cards.compile_tables`` builds one ``Tables`` from the decks of a
matchup.  Every field is a numpy int64 array, so a cost change is data and
never a recompile.  Design rows are indexed by a *design id* (0..D-1), the
position of the card in ``CompiledDecks.names``; seats are indexed 0..P-1.
"""
from typing import NamedTuple

import numpy as np
from numba import njit

from ...sim.structs import ArrayStructType, Handle, array_struct


class Tables(NamedTuple):
    # ---- one row per card design (D rows)
    ctype: np.ndarray        # [D] vocabulary card type (SERVITOR, HUMAN, ...)
    kind: np.ndarray         # [D] Choir/Band/object/rank/intervention kind, NO_KIND otherwise
    side: np.ndarray         # [D] HEAVEN, HELL or -1 (unaligned)
    cost: np.ndarray         # [D] Essence cost (0 for Events cards)
    atk: np.ndarray          # [D, 3] Attack (Ce, E, Co)
    hits: np.ndarray         # [D, 3] Hits (Ce, E, Co)
    lifespan: np.ndarray     # [D] Human lifespan in turns (0 otherwise)
    destiny: np.ndarray      # [D, 4] (counter, op, value, counter2); op COND_NONE = never met
    fate: np.ndarray         # [D, 4]
    eff: np.ndarray          # [D, MAX_EFFECTS, EFFECT_WIDTH] (code, a, b, c, d), code E_NONE = empty
    superiors: np.ndarray    # [D] bitmask of superior ids allowed to use this card (0 = any)
    rung: np.ndarray         # [D] a Distinction's rung: Vassal/Knight 1 ... Master/Baron 3; else 0
    place: np.ndarray        # [D] where an Events card enters play: ON_EARTH or IN_MARCHES
    # ---- one row per seat (P rows)
    seat_superior: np.ndarray  # [P] superior id (index into CompiledDecks.superior_names)
    seat_side: np.ndarray      # [P] HEAVEN or HELL
    seat_dissonance: np.ndarray  # [P] SUPERIOR_DISSONANCE code of the seat's Superior
    seat_jordi: np.ndarray     # [P] 1 if the seat's Superior is Jordi, whose Realm takes Animals
    sup_eff: np.ndarray        # [P, 8, 1 + EFFECT_WIDTH] Superior-sheet abilities: (kind, code, a, b, c, d)
    repo: np.ndarray           # [P, Rmax] Repository as design ids, -1 padded
    repo_n: np.ndarray         # [P] Repository size
    events: np.ndarray         # [P, Emax] Events deck as design ids, -1 padded
    events_n: np.ndarray       # [P] Events deck size
    deck_slot: np.ndarray      # [P, D] index of design d in seat p's distinct-card list (-1 if absent); < 64


# ---- the kernel's packed form: few arrays, because numba passes every member
# of a tuple to every call (see state.State).
(D_CTYPE, D_KIND, D_SIDE, D_COST, D_LIFESPAN, D_SUPERIORS) = range(6)
D_ATK = 6            # 3 columns
D_HITS = 9           # 3 columns
D_DESTINY = 12       # 4 columns (counter, op, value, counter2)
D_FATE = 16          # 4 columns
D_EFFECTS = 20       # bit e set: effect code e is in the design's game text
D_RUNG = 21          # a Distinction's rung (Tables.rung)
D_PLACE = 22         # where an Events card enters play (Tables.place)
N_DESIGN_COLS = 23
(P_SUPERIOR, P_SIDE, P_DISSONANCE, P_REPO_N, P_EVENTS_N,
 P_SUP_EFFECTS, P_JORDI, P_GAME_EFFECTS) = range(8)   # P_SUP_EFFECTS: bit e set: code e is on the Superior's sheet;
# P_GAME_EFFECTS (the same in every row): bit e set: code e is on some card or sheet of the game (in_game)


KERNEL_FIELDS = ("C", "eff", "seat", "sup_eff", "decks", "deck_slot")


class KernelTablesType(ArrayStructType):
    """numba's type of KernelTables."""


class KernelTables(Handle):
    """The kernel's card tables, handed to every rule as one pointer:

    C          [D, N_DESIGN_COLS] per-design columns (D_*)
    eff        [D, MAX_EFFECTS, EFFECT_WIDTH]
    seat       [P, 8] per-seat columns (P_*)
    sup_eff    [P, 8, 1 + EFFECT_WIDTH]
    decks      [P, 2, M] Repository / Events deck lists as design ids, -1 padded
    deck_slot  [P, D]
    """


make_kernel_tables = array_struct(KernelTablesType, KernelTables, KERNEL_FIELDS)


def _code_bits(codes):
    """Each row's effect codes as a bitmask (E_NONE, 0, is left out), so that the
    kernel skips the game text that cannot hold a code."""
    assert codes.max(initial=0) < 63, "effect codes must fit a 64-bit mask"
    bits = np.where(codes > 0, np.left_shift(1, codes, dtype=np.int64), 0)
    return np.bitwise_or.reduce(bits, axis=1)


def pack(t: Tables):
    """The kernel's form of compiled tables (pure data; no rule is changed)."""
    D = t.ctype.shape[0]
    C = np.zeros((D, N_DESIGN_COLS), dtype=np.int64)
    for col, arr in ((D_CTYPE, t.ctype), (D_KIND, t.kind), (D_SIDE, t.side), (D_COST, t.cost),
                     (D_LIFESPAN, t.lifespan), (D_SUPERIORS, t.superiors), (D_RUNG, t.rung),
                     (D_PLACE, t.place)):
        C[:, col] = arr
    C[:, D_ATK:D_ATK + 3] = t.atk
    C[:, D_HITS:D_HITS + 3] = t.hits
    C[:, D_DESTINY:D_DESTINY + 4] = t.destiny
    C[:, D_FATE:D_FATE + 4] = t.fate
    C[:, D_EFFECTS] = _code_bits(t.eff[:, :, 0])
    sheets = _code_bits(t.sup_eff[:, :, 1])
    game = np.bitwise_or.reduce(np.concatenate([C[:, D_EFFECTS], sheets]))
    seat = np.stack([t.seat_superior, t.seat_side, t.seat_dissonance, t.repo_n, t.events_n,
                     sheets, t.seat_jordi, np.full_like(sheets, game)], axis=1)
    P = seat.shape[0]
    m = max(t.repo.shape[1], t.events.shape[1])
    decks = np.full((P, 2, m), -1, dtype=np.int64)
    decks[:, 0, :t.repo.shape[1]] = t.repo
    decks[:, 1, :t.events.shape[1]] = t.events
    return make_kernel_tables(C=C, eff=np.ascontiguousarray(t.eff, dtype=np.int64),
                        seat=seat.astype(np.int64), sup_eff=np.ascontiguousarray(t.sup_eff, dtype=np.int64),
                        decks=decks, deck_slot=np.ascontiguousarray(t.deck_slot, dtype=np.int64))


@njit(cache=True)
def in_game(t, code):
    """Whether effect ``code`` is on any card or Superior sheet of this game: the
    rules that only such text sets off skip their scans in games without it."""
    return (t.seat[0, P_GAME_EFFECTS] >> code) & 1 == 1
