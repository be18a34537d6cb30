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
import polars as pl

from ...sim.records import seats_frame
from .game import E_DECK, E_FIRST_NAMING, E_LEADER, E_LIFE, E_NATION, E_POSITION, E_TURNS

CURVES = ("aether", "life_by_turn")     # game.CURVES, in order
ENTRANT = {"position": (E_POSITION, pl.UInt8), "deck": (E_DECK, pl.Int8), "leader": (E_LEADER, pl.Int8),
           "nation": (E_NATION, pl.Int8), "life": (E_LIFE, pl.UInt16), "first_naming": (E_FIRST_NAMING, pl.UInt16),
           "own_turns": (E_TURNS, pl.UInt16)}


def records_frame(rec: dict, cell: int) -> pl.DataFrame:
    """The records of one batch (``play_range``'s arrays) as the stored frame."""
    return seats_frame(rec, cell, ENTRANT, CURVES, E_TURNS)
