"""Record columns any ruleset's frame may use."""
import numpy as np
import polars as pl


def curve_column(values: np.ndarray, own_turns: np.ndarray) -> pl.Series:
    """A [games, turns] curve as a list column cut to each game's own turns."""
    frame = pl.DataFrame({"v": pl.Series(values.astype(np.int16)).arr.to_list(), "n": own_turns})
    return frame.select(pl.col("v").list.head(pl.col("n"))).to_series()
