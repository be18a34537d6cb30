"""Innomination's record layout (DESIGN §6): one row per game and entrant.

    cell, game                identifiers
    block, rotation           game g is seat-rotation block g // P in rotation g % P: the block's games
                              share one game seed, each entrant in every seat (seat 0 goes first)
    players, turns, end       seats; turns played (every player's); end reason (state.END_REASONS)
    first, winner             entrant that played the first turn; entrant that won, -1 = draw
    entrant, seat, position   this entrant; its seat, which is its place in turn order
    won                       1 if this entrant won
    deck, leader, nation      its deck, its Leader (indexes of the manifest's decks and leaders) and its
                              Leader's Nation (vocabulary.NATIONS)
    life                      its Leader's life at the end (0 if defeated)
    first_naming              its own turn of its first naming, 0 = never
    own_turns                 turns it played
    bought, played            bitmasks over the pool's Main Deck and named cards (bit k = kind k): those
                              its deck holds, those it played or named
    aether, life_by_turn      Aether at the start of each own Main Phase; Leader life at each own turn's end
"""
import numpy as np
import polars as pl

from ...sim.records import curve_column
from .game import (E_DECK, E_FIRST_NAMING, E_LEADER, E_LIFE, E_NATION, E_POSITION, E_TURNS, ENTRANT_COLS,
                   N_FIXED_COLS, R_BLOCK, R_END, R_FIRST, R_GAME, R_ROTATION, R_TURNS, R_WINNER)

CURVES = ("aether", "life_by_turn")     # game.CURVES, in order
ENTRANT = {"seat": (E_POSITION, pl.UInt8), "position": (E_POSITION, pl.UInt8), "deck": (E_DECK, pl.Int8),
           "leader": (E_LEADER, pl.Int8), "nation": (E_NATION, pl.Int8), "life": (E_LIFE, pl.UInt16),
           "first_naming": (E_FIRST_NAMING, pl.UInt16), "own_turns": (E_TURNS, pl.UInt16)}


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
