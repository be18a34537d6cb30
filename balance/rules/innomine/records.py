"""In Nomine's record layout (DESIGN §6): what every game leaves behind, as a polars frame.

One row per game, per-deck columns suffixed ``_a`` (deck A) and ``_b`` (deck B):

    cell, game, pair, swap    identifiers; game 2k and 2k+1 share game seed ``pair``
                              with the decks' seats exchanged (``swap`` = 1: deck B in seat 0)
    first                     deck (0 = A, 1 = B) whose seat played the first turn
    winner                    deck that won, -1 = draw
    turns, end                turns played (both players'); end reason code (trace.END_REASONS)
    souls_a, souls_b          Humans in each deck's Superior's Realm at the end
    earth                     living Humans left on Earth
    open_*, drawn_*, played_* bitmasks over the deck's distinct cards (bit k = k-th name, sorted)
    gain_*, spent_*           Essence after gaining and Essence spent, one entry per own turn played
    short_*                   1 where that turn's Acts ended with a card in hand too dear to play

Integer widths are the smallest that hold the values, to keep a million-game
store under the DESIGN §6 budget.
"""
import numpy as np
import polars as pl

from ...sim.records import curve_column
from .game import N_FIXED_COLS, R_END, R_FIRST, R_GAME, R_PAIR, R_SWAP, R_TURNS, R_WINNER
DECKS = ("a", "b")
MASKS = ("open", "drawn", "played")
CURVES = ("gain", "spent", "short")


def records_frame(rec: dict, cell: int) -> pl.DataFrame:
    """The records of one batch (``play_range``'s arrays) as the stored frame."""
    rows = rec["rows"]
    turns = rows[:, R_TURNS]
    first = rows[:, R_FIRST]
    cols = {
        "cell": pl.Series(np.full(len(rows), cell), dtype=pl.UInt32),
        "game": pl.Series(rows[:, R_GAME], dtype=pl.UInt32),
        "pair": pl.Series(rows[:, R_PAIR], dtype=pl.UInt32),
        "swap": pl.Series(rows[:, R_SWAP], dtype=pl.UInt8),
        "first": pl.Series(first, dtype=pl.UInt8),
        "winner": pl.Series(rows[:, R_WINNER], dtype=pl.Int8),
        "turns": pl.Series(turns, dtype=pl.UInt16),
        "end": pl.Series(rows[:, R_END], dtype=pl.UInt8),
    }
    for d, x in enumerate(DECKS):
        cols[f"souls_{x}"] = pl.Series(rows[:, N_FIXED_COLS + d], dtype=pl.UInt8)
    cols["earth"] = pl.Series(rows[:, N_FIXED_COLS + len(DECKS)], dtype=pl.UInt8)
    for d, x in enumerate(DECKS):
        for m, name in enumerate(MASKS):
            cols[f"{name}_{x}"] = pl.Series(rec["masks"][:, d, m].view(np.uint64), dtype=pl.UInt64)
    for d, x in enumerate(DECKS):
        own = np.minimum((turns + (first == d)) // 2, rec["gain"].shape[2])
        for curve in CURVES:
            cols[f"{curve}_{x}"] = curve_column(rec[curve][:, d, :], own)
    return pl.DataFrame(cols)

