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
import polars as pl

from ...sim.records import seats_frame
from .game import E_CHAIN, E_ENERGY, E_GOD, E_OUT, E_POSITION, E_TEMPLE, E_TURNS

CURVES = ("faith", "spent", "energy_by_turn", "chain_by_turn")     # state.N_CURVES, in order
ENTRANT = {"god": (E_GOD, pl.Int8), "temple": (E_TEMPLE, pl.Int8), "out": (E_OUT, pl.Int8),
           "energy": (E_ENERGY, pl.UInt16), "position": (E_POSITION, pl.UInt8), "chain": (E_CHAIN, pl.UInt8),
           "own_turns": (E_TURNS, pl.UInt16)}


def records_frame(rec: dict, cell: int) -> pl.DataFrame:
    """The records of one batch (``play_range``'s arrays) as the stored frame."""
    return seats_frame(rec, cell, ENTRANT, CURVES, E_TURNS)
