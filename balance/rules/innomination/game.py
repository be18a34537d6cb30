"""Whole games of Innomination and their records.

Getting started (1b): each player's Leader in play, decks face down; the Main
Deck shuffled, 10 cards drawn, 5 kept and the other 5 put on the bottom.  A
block of P games shares one game seed (common random numbers: each entrant's
shuffles are the same in every game of it); game g is block g // P in
rotation g % P, entrant e sitting in seat (e + rotation) mod P, and seat 0
goes first -- the first player is drawn by the block's rotation rather than a
coin, so that every entrant goes first equally often.  Records are written in
entrant order.
"""
from __future__ import annotations

import hashlib
import random

import numpy as np

from . import turn
from .decisions import Option, ask
from .state import TURN_CAP, Game, GameOver, Player

# record columns (one row per game), then ENTRANT_COLS for each entrant
(R_GAME, R_BLOCK, R_ROTATION, R_FIRST, R_WINNER, R_TURNS, R_END) = range(7)
N_FIXED_COLS = 7
(E_DECK, E_LEADER, E_NATION, E_POSITION, E_LIFE, E_FIRST_NAMING, E_TURNS) = range(7)
ENTRANT_COLS = 7
CURVES = ("aether", "life")             # per own turn: Aether at the start of the Main Phase, Leader life at its end
OPENING, KEEP = 10, 5                   # 1b


def stream(root_seed: int, *key) -> random.Random:
    """A generator keyed by the experiment's seed and ``key`` (DESIGN §4): the
    same key, the same draws, on any machine."""
    digest = hashlib.sha256(repr((root_seed, *key)).encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "little"))


def setup(m, root_seed: int, game: int, trace: list | None = None) -> Game:
    """Game ``game`` of matchup ``m`` set up (1b), hands kept."""
    n = m.n_seats
    block, rotation = divmod(game, n)
    seats = sorted(range(n), key=lambda e: (e + rotation) % n)          # seats[s] = the entrant in seat s
    g = Game(players=[], cards=m.pool.cards, agents=[m.agents[e] for e in seats], params=m.params,
             readings=m.readings, rng=stream(root_seed, block, "game"), policy_rng=stream(root_seed, game, "policy"),
             search_rng=stream(root_seed, game, "search"), trace=trace)
    for seat, e in enumerate(seats):
        g.players.append(player(g, m, seat, e, stream(root_seed, block, "shuffle", e)))
    for p in g.players:
        opening_hand(g, p)
    return g


def player(g: Game, m, seat: int, entrant: int, shuffler: random.Random) -> Player:
    deck = m.decks[entrant]
    cards = m.cards[entrant]
    leader = g.new_thing(cards[deck.leader], seat, "leader")
    p = Player(seat, entrant, deck.name, leader)
    for part, zone in (("main", "main"), ("source", "source_deck"), ("named", "named")):
        for name, copies in getattr(deck, part).items():
            getattr(p, zone).extend(g.new_thing(cards[name], seat, zone) for _ in range(copies))
    shuffler.shuffle(p.main)
    return p


def opening_hand(g: Game, p: Player) -> None:
    """1b: draw 10, keep 5, the rest on the bottom in the order drawn."""
    drawn = [p.main.pop() for _ in range(min(OPENING, len(p.main)))]
    for _ in range(min(KEEP, len(drawn))):
        kept = ask(g, p.seat, "keep", [Option("keep", t) for t in drawn]).thing
        drawn.remove(kept)
        kept.zone = "hand"
        p.hand.append(kept)
    for t in drawn:
        t.zone = "main"
    p.main[:0] = reversed(drawn)


def resume(g: Game, seat: int, first: Option) -> None:
    """The game played on from ``seat``'s Main Phase action ``first`` (a search's rollout)."""
    turn.take_turn(g, seat, first)
    play(g, g.params["turn_cap"])


def play(g: Game, turn_cap: int, after_turn=None) -> Game:
    """Turns in order until one player is left or the turn cap (a draw)."""
    try:
        while g.turn < turn_cap:
            seat = (g.active + 1) % len(g.players) if g.turn else 0
            while g.players[seat].lost:
                seat = (seat + 1) % len(g.players)
            turn.take_turn(g, seat)
            if after_turn is not None:
                after_turn(g)
        g.end = TURN_CAP
    except GameOver:
        pass
    return g


def record(g: Game, m, game: int, row, curves, masks) -> None:
    """Game ``game`` of matchup ``m``'s records, in entrant order."""
    n = len(g.players)
    row[R_GAME], row[R_BLOCK], row[R_ROTATION] = game, game // n, game % n
    row[R_FIRST] = g.players[0].entrant
    row[R_WINNER] = g.players[g.winner].entrant if g.winner >= 0 else -1
    row[R_TURNS], row[R_END] = g.turn, g.end
    for p in g.players:
        e = p.entrant
        row[N_FIXED_COLS + e * ENTRANT_COLS:N_FIXED_COLS + (e + 1) * ENTRANT_COLS] = (
            *m.pieces(e), p.seat, max(0, p.life), p.first_naming, p.own_turns)
        k = min(len(p.aether_curve), curves.shape[2])
        curves[e, 0, :k] = p.aether_curve[:k]
        k = min(len(p.life_curve), curves.shape[2])
        curves[e, 1, :k] = p.life_curve[:k]
        masks[e] = as_int64(m.held(e)), as_int64(sum(1 << b for b in p.played if b >= 0))


def as_int64(bits: int) -> np.int64:
    """A 64-bit mask as the int64 the records hold (bit 63 the sign)."""
    return np.array([bits], dtype=np.uint64).view(np.int64)[0]


def record_arrays(n_games: int, n_seats: int, own_turns: int):
    """Preallocated records of a batch: rows, per-entrant curves (CURVES per own
    turn) and card masks (held, played)."""
    return (np.zeros((n_games, N_FIXED_COLS + ENTRANT_COLS * n_seats), dtype=np.int64),
            np.zeros((n_games, n_seats, len(CURVES), own_turns), dtype=np.int64),
            np.zeros((n_games, n_seats, 2), dtype=np.int64))
