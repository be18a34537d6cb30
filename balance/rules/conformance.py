"""``check_ruleset``: what every ruleset must honour, checked by playing it
(DESIGN §5, in the manner of pgx's ``api_test``).

Random agents play games of the ruleset's example matchup, and the check fails
(AssertionError, saying what) unless:
- the same seed gives the same records, and games played in two calls give the
  records of one call (each game's record depends on its index alone);
- every record row has its identifiers (game, its seed pair and seat swap), a
  winner among the decks or a draw, a declared end reason and a turn count within
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

from .ruleset import Ruleset

JIT_OFF = """
from balance.rules import get
from balance.rules.conformance import digest, example
rs = get({name!r})
print(digest(rs.play_range(example(rs), {seed}, 0, {games})))
"""


def digest(records: dict) -> str:
    """sha256 of a batch of records (play_range's arrays), key by key."""
    h = hashlib.sha256()
    for k in sorted(records):
        h.update(k.encode() + np.ascontiguousarray(records[k]).tobytes())
    return h.hexdigest()


def example(rs: Ruleset):
    """The ruleset's example matchup, random agents on every seat."""
    return rs.prepare(*rs.example, "random", "random")


def check_ruleset(rs: Ruleset, games: int = 8, seed: int = 20_261_127, jit_off_games: int = 2) -> None:
    """Play ``games`` games of ``rs`` and check the interface's invariants (module doc)."""
    m = example(rs)
    rec = rs.play_range(m, seed, 0, games)
    assert digest(rs.play_range(m, seed, 0, games)) == digest(rec), "the same seed gave other records"
    k = games // 2
    parts = rs.play_range(m, seed, 0, k), rs.play_range(m, seed, k, games - k)
    split = {key: np.concatenate([p[key] for p in parts]) for key in rec}
    assert digest(split) == digest(rec), "games played in two calls differ from one call's"
    check_rows(rs, rec["rows"], games, m.turn_cap)
    assert rs.records_frame(rec, 0).height == games, "the stored frame lacks a row per game"
    turns = rec["rows"][:, rs.columns["turns"]]
    for g in range(games):
        played = rs.check_game(m, seed, g)
        assert played == turns[g], f"game {g}: {played} turns played turn by turn, {turns[g]} in its record"
    if jit_off_games:
        code = JIT_OFF.format(name=rs.name, seed=seed, games=jit_off_games)
        out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                             capture_output=True, text=True, timeout=1800)
        assert out.returncode == 0, out.stderr
        jit = digest(rs.play_range(m, seed, 0, jit_off_games))
        assert out.stdout.strip() == jit, "the JIT on and off gave different records"


def check_rows(rs: Ruleset, rows: np.ndarray, games: int, turn_cap: int) -> None:
    """Each record row's identifiers, winner, end reason and turns (module doc)."""
    col = rs.columns
    game = rows[:, col["game"]]
    assert rows.shape[0] == games and (game == np.arange(games)).all(), "the rows are not games 0..n-1 in order"
    assert (rows[:, col["pair"]] == game >> 1).all() and (rows[:, col["swap"]] == game & 1).all(), \
        "game 2k and 2k+1 do not share seed pair k with the seats exchanged"
    n_decks = max(rs.seats)
    assert np.isin(rows[:, col["winner"]], np.arange(-1, n_decks)).all(), "a winner is neither a deck nor a draw"
    assert np.isin(rows[:, col["first"]], np.arange(n_decks)).all(), "the first player is not a deck"
    assert np.isin(rows[:, col["end"]], list(rs.end_reasons)).all(), "an end reason the ruleset does not declare"
    assert ((rows[:, col["turns"]] >= 1) & (rows[:, col["turns"]] <= turn_cap)).all(), "turns outside 1..turn cap"
