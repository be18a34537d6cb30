"""Kamigami's record layout (DESIGN §6): one row per game and entrant, for any
number of seats.

    cell, game                identifiers
    block, rotation           game g is seat-rotation block g // P in rotation g % P: the
                              block's games share one game seed, each entrant in every seat
    players, turns, end       seats; turns played (every player's); end reason (attack.END_REASONS)
    first, winner             entrant that played the first turn; entrant that won, -1 = draw
    entrant, seat, position   this entrant, its seat, its place in turn order (0 = starting player)
    won                       1 if this entrant won
    god, temple               the God it played and its Temple (-1: none), indexes of the card set
    out                       its place in the order of elimination (0 = first out), -1 = not eliminated
    energy, chain             its God's Energy at the end; its longest Chain
    own_turns                 turns it played
    bought, played            bitmasks over the card set's kinds (bit k = kind k, cards.CardSet.names)
    faith, spent, energy_by_turn, chain_by_turn
                              Faith gained, Faith spent, Energy and Chain length, one entry per own turn
"""
import numpy as np
import polars as pl

from ...sim.records import curve_column
from .game import (E_CHAIN, E_ENERGY, E_GOD, E_OUT, E_POSITION, E_TEMPLE, E_TURNS, ENTRANT_COLS, N_FIXED_COLS, R_BLOCK,
                   R_END, R_FIRST, R_GAME, R_ROTATION, R_TURNS, R_WINNER)

CURVES = ("faith", "spent", "energy_by_turn", "chain_by_turn")     # state.N_CURVES, in order
ENTRANT = {"god": (E_GOD, pl.Int8), "temple": (E_TEMPLE, pl.Int8), "out": (E_OUT, pl.Int8),
           "energy": (E_ENERGY, pl.UInt16), "position": (E_POSITION, pl.UInt8), "chain": (E_CHAIN, pl.UInt8),
           "own_turns": (E_TURNS, pl.UInt16)}


def records_frame(rec: dict, cell: int) -> pl.DataFrame:
    """The records of one batch (``play_range``'s arrays) as the stored frame."""
    rows = rec["rows"]
    games, players = rows.shape[0], rec["curves"].shape[1]
    each = lambda col: np.repeat(rows[:, col], players)      # noqa: E731  a game's value on each entrant's row
    entrant = np.tile(np.arange(players), games)
    cols = {"cell": pl.Series(np.full(games * players, cell), dtype=pl.UInt32),
            "game": pl.Series(each(R_GAME), dtype=pl.UInt32), "block": pl.Series(each(R_BLOCK), dtype=pl.UInt32),
            "rotation": pl.Series(each(R_ROTATION), dtype=pl.UInt8),
            "players": pl.Series(np.full(games * players, players), dtype=pl.UInt8),
            "turns": pl.Series(each(R_TURNS), dtype=pl.UInt16), "end": pl.Series(each(R_END), dtype=pl.UInt8),
            "first": pl.Series(each(R_FIRST), dtype=pl.UInt8), "winner": pl.Series(each(R_WINNER), dtype=pl.Int8),
            "entrant": pl.Series(entrant, dtype=pl.UInt8),
            "seat": pl.Series((entrant + each(R_ROTATION)) % players, dtype=pl.UInt8),
            "won": pl.Series(each(R_WINNER) == entrant, dtype=pl.UInt8)}
    per = rows[:, N_FIXED_COLS:].reshape(games * players, ENTRANT_COLS)
    for name, (col, dtype) in ENTRANT.items():
        cols[name] = pl.Series(per[:, col], dtype=dtype)
    cols["bought"] = pl.Series(rec["masks"][:, :, 0].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    cols["played"] = pl.Series(rec["masks"][:, :, 1].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    own = np.minimum(per[:, E_TURNS], rec["curves"].shape[3])
    for c, name in enumerate(CURVES):
        cols[name] = curve_column(rec["curves"][:, :, c, :].reshape(games * players, -1), own)
    return pl.DataFrame(cols)
