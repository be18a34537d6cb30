"""``check_ruleset``: what every ruleset must honour, checked by playing it
(DESIGN §5, in the manner of pgx's ``api_test``).

Random agents play games of the ruleset's example matchup, with the fewest and
the most seats it supports, and the check fails (AssertionError, saying what)
unless:
- the same seed gives the same records, and games played in two calls give the
  records of one call (each game's record depends on its index alone);
- every record row has its identifiers (game, its seed block -- a seat-swapped
  pair, or a block of every seat rotation -- and its place in it; a game of
  more seats, its row begins as ``sim.records.FIXED``), a winner
  among the entrants or a draw, a declared end reason and a turn count within
  the turn cap, and the stored frame has a row per game;
- every game, played again turn by turn, keeps the game's own invariants after
  every turn (``Ruleset.check_game``: cards conserved, resources never negative,
  the game ends) and ends at the turn its record gives;
- with the JIT off (a subprocess with NUMBA_DISABLE_JIT=1) the records are the same.
"""
import hashlib
import os
import subprocess
import sys

import numpy as np

from ..sim.records import FIXED
from .ruleset import Ruleset

JIT_OFF = """
from balance.rules import get
from balance.rules.conformance import digest
rs = get({name!r})
print(digest(rs.play_range(rs.example("random", {seats}), {seed}, 0, {games})))
"""


def digest(records: dict) -> str:
    """sha256 of a batch of records (play_range's arrays), key by key."""
    h = hashlib.sha256()
    for k in sorted(records):
        h.update(k.encode() + np.ascontiguousarray(records[k]).tobytes())
    return h.hexdigest()


def check_ruleset(rs: Ruleset, games: int = 8, seed: int = 20_261_127, jit_off_games: int = 2) -> None:
    """Play ``games`` games of ``rs`` with its fewest and its most seats, and check
    the interface's invariants (module doc)."""
    for seats in sorted({min(rs.seats), max(rs.seats)}):
        check_seats(rs, seats, games, seed, jit_off_games)


def check_seats(rs: Ruleset, seats: int, games: int, seed: int, jit_off_games: int) -> None:
    """``check_ruleset`` for ``seats`` players."""
    m = rs.example("random", seats)
    rec = rs.play_range(m, seed, 0, games)
    assert digest(rs.play_range(m, seed, 0, games)) == digest(rec), "the same seed gave other records"
    k = games // 2
    parts = rs.play_range(m, seed, 0, k), rs.play_range(m, seed, k, games - k)
    split = {key: np.concatenate([p[key] for p in parts]) for key in rec}
    assert digest(split) == digest(rec), "games played in two calls differ from one call's"
    check_rows(rs, rec["rows"], games, m.turn_cap, seats)
    if rs.entrants == "seats":
        begins = {{"pair": "block", "swap": "rotation"}.get(k, k): i for k, i in rs.columns.items()}
        assert begins == {k: i for i, k in enumerate(FIXED)}, \
            "a row of a game of more seats does not begin as sim.records.FIXED (its stored frame reads it so)"
    assert rs.records_frame(rec, 0)["game"].n_unique() == games, "the stored frame lacks a game"
    turns = rec["rows"][:, rs.columns["turns"]]
    for g in range(games):
        played = rs.check_game(m, seed, g)
        assert played == turns[g], f"game {g}: {played} turns played turn by turn, {turns[g]} in its record"
    if jit_off_games:
        code = JIT_OFF.format(name=rs.name, seats=seats, seed=seed, games=jit_off_games)
        out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                             capture_output=True, text=True, timeout=1800)
        assert out.returncode == 0, out.stderr
        jit = digest(rs.play_range(m, seed, 0, jit_off_games))
        assert out.stdout.strip() == jit, "the JIT on and off gave different records"


def check_rows(rs: Ruleset, rows: np.ndarray, games: int, turn_cap: int, seats: int) -> None:
    """Each record row's identifiers, winner, end reason and turns (module doc)."""
    col = rs.columns
    game = rows[:, col["game"]]
    assert rows.shape[0] == games and (game == np.arange(games)).all(), "the rows are not games 0..n-1 in order"
    assert (rows[:, col["pair"]] == game // seats).all() and (rows[:, col["swap"]] == game % seats).all(), \
        "the games of a block do not share its seed in every rotation of the seats"
    assert np.isin(rows[:, col["winner"]], np.arange(-1, seats)).all(), "a winner is neither an entrant nor a draw"
    assert np.isin(rows[:, col["first"]], np.arange(seats)).all(), "the first player is not an entrant"
    assert np.isin(rows[:, col["end"]], list(rs.end_reasons)).all(), "an end reason the ruleset does not declare"
    assert ((rows[:, col["turns"]] >= 1) & (rows[:, col["turns"]] <= turn_cap)).all(), "turns outside 1..turn cap"
