"""Solium Infernum's record layout (DESIGN §6): one row per combat and entrant.

    cell, game                identifiers
    block, rotation           game g is block g // 2 in rotation g % 2: the block's two games share one
                              seed, each entrant in both roles (a Place of Power defends in both)
    players, turns, end       2; rounds fought; end reason (state.END_REASONS)
    first, winner             entrant that attacked; entrant that won, -1 = draw
    entrant, seat, position   this entrant; its role (0 attacker, 1 defender), under both names the
                              seat analysis reads
    won                       1 if this entrant won
    unit                      its army (a battle) or program (a duel), an index of the roster's
    legion, praetor           its Legion or Place of Power, its Praetor (-1: none), indexes of the roster's
    hp, damage, prestige      Hit Points left (0 if fallen), damage taken, Prestige won (4.16)
    bought, played            bitmasks over the roster's kinds (bit k = kind k, roster.Roster.kinds): those
                              it holds, those that took effect
    hp_by_round               Hit Points at the end of each round fought
"""
import numpy as np
import polars as pl

from ...sim.records import curve_column
from .game import (E_DAMAGE, E_HP, E_LEGION, E_PRAETOR, E_PRESTIGE, E_ROLE, E_UNIT, ENTRANT_COLS, N_FIXED_COLS,
                   R_BLOCK, R_END, R_FIRST, R_GAME, R_ROTATION, R_TURNS, R_WINNER)

ENTRANT = {"seat": (E_ROLE, pl.UInt8), "position": (E_ROLE, pl.UInt8), "unit": (E_UNIT, pl.Int16),
           "legion": (E_LEGION, pl.Int8), "praetor": (E_PRAETOR, pl.Int8), "hp": (E_HP, pl.UInt16),
           "damage": (E_DAMAGE, pl.UInt16), "prestige": (E_PRESTIGE, pl.UInt16)}


def records_frame(rec: dict, cell: int) -> pl.DataFrame:
    """The records of one batch (``play_range``'s arrays) as the stored frame."""
    rows = rec["rows"]
    games = rows.shape[0]
    each = lambda col: np.repeat(rows[:, col], 2)      # noqa: E731  a game's value on each entrant's row
    entrant = np.tile(np.arange(2), games)
    cols = {"cell": pl.Series(np.full(games * 2, cell), dtype=pl.UInt32),
            "game": pl.Series(each(R_GAME), dtype=pl.UInt32), "block": pl.Series(each(R_BLOCK), dtype=pl.UInt32),
            "rotation": pl.Series(each(R_ROTATION), dtype=pl.UInt8),
            "players": pl.Series(np.full(games * 2, 2), dtype=pl.UInt8),
            "turns": pl.Series(each(R_TURNS), dtype=pl.UInt16), "end": pl.Series(each(R_END), dtype=pl.UInt8),
            "first": pl.Series(each(R_FIRST), dtype=pl.UInt8), "winner": pl.Series(each(R_WINNER), dtype=pl.Int8),
            "entrant": pl.Series(entrant, dtype=pl.UInt8),
            "won": pl.Series(each(R_WINNER) == entrant, dtype=pl.UInt8)}
    per = rows[:, N_FIXED_COLS:].reshape(games * 2, ENTRANT_COLS)
    for name, (col, dtype) in ENTRANT.items():
        cols[name] = pl.Series(per[:, col], dtype=dtype)
    cols["bought"] = pl.Series(rec["masks"][:, :, 0].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    cols["played"] = pl.Series(rec["masks"][:, :, 1].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    cols["hp_by_round"] = curve_column(rec["curves"][:, :, 0, :].reshape(games * 2, -1), each(R_TURNS))
    return pl.DataFrame(cols)
