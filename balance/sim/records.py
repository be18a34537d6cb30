"""Record columns any ruleset's frame may use."""
import numpy as np
import polars as pl


def curve_column(values: np.ndarray, own_turns: np.ndarray) -> pl.Series:
    """A [games, turns] curve as a list column cut to each game's own turns."""
    frame = pl.DataFrame({"v": pl.Series(values.astype(np.int16)).arr.to_list(), "n": own_turns})
    return frame.select(pl.col("v").list.head(pl.col("n"))).to_series()


FIXED = ("game", "block", "rotation", "first", "winner", "turns", "end")   # how a row of a game of more seats
                                                # begins (its Ruleset.columns: rules/conformance.py checks it)


def seats_frame(rec: dict, cell: int, entrant: dict, curves: tuple, own_turns: int) -> pl.DataFrame:
    """The stored frame of a game of more seats, a row per game and entrant,
    from ``play_range``'s arrays: the game's columns (FIXED), then
    each entrant's (``entrant``: name -> (index among its columns, dtype);
    ``own_turns``: the index of its own turns, where its curves are cut), its
    seat (entrant e sits in seat (e + rotation) mod P), the masks ``bought``
    and ``played``, and one list column per name of ``curves``."""
    rows = rec["rows"]
    games, players = rows.shape[0], rec["curves"].shape[1]
    each = lambda name: np.repeat(rows[:, FIXED.index(name)], players)      # noqa: E731  a game's value per entrant
    ent = np.tile(np.arange(players), games)
    cols = {"cell": pl.Series(np.full(games * players, cell), dtype=pl.UInt32),
            "game": pl.Series(each("game"), dtype=pl.UInt32), "block": pl.Series(each("block"), dtype=pl.UInt32),
            "rotation": pl.Series(each("rotation"), dtype=pl.UInt8),
            "players": pl.Series(np.full(games * players, players), dtype=pl.UInt8),
            "turns": pl.Series(each("turns"), dtype=pl.UInt16), "end": pl.Series(each("end"), dtype=pl.UInt8),
            "first": pl.Series(each("first"), dtype=pl.UInt8), "winner": pl.Series(each("winner"), dtype=pl.Int8),
            "entrant": pl.Series(ent, dtype=pl.UInt8),
            "seat": pl.Series((ent + each("rotation")) % players, dtype=pl.UInt8),
            "won": pl.Series(each("winner") == ent, dtype=pl.UInt8)}
    width = (rows.shape[1] - len(FIXED)) // players
    per = rows[:, len(FIXED):].reshape(games * players, width)
    for name, (col, dtype) in entrant.items():
        cols[name] = pl.Series(per[:, col], dtype=dtype)
    cols["bought"] = pl.Series(rec["masks"][:, :, 0].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    cols["played"] = pl.Series(rec["masks"][:, :, 1].reshape(-1).view(np.uint64), dtype=pl.UInt64)
    cut = np.minimum(per[:, own_turns], rec["curves"].shape[3])
    for c, name in enumerate(curves):
        cols[name] = curve_column(rec["curves"][:, :, c, :].reshape(games * players, -1), cut)
    return pl.DataFrame(cols)
