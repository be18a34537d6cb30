"""The toolkit's frames in pandas, for notebooks and pandas pipelines.

balance computes with polars; ``to_pandas`` hands any of its frames to pandas
through polars' own ``DataFrame.to_pandas``, which converts via pyarrow.  The
only choices made here are the target dtypes (pyarrow's ``types_mapper``, and a
cast of text columns to polars' Categorical): no value is copied by hand.
pyarrow is an optional dependency: ``pip install -e '.[notebook]'``.
"""
from __future__ import annotations

import polars as pl

from .runner.store import Run


def to_pandas(data):
    """``data`` as a pandas DataFrame, with the dtypes a pandas user expects.

    ``data`` is a polars DataFrame or LazyFrame (any table of
    ``balance.analysis``, ``compare``'s result, ``Run.cells``, ``Run.games``),
    or a ``Run`` from ``load_run``: then one row per game, the stored record
    columns (the ruleset's ``records_frame``) joined with their cell's settings
    (``matchup``, ``label_a``/``label_b``, the game parameters, ``policy_a``/``policy_b``,
    ``variant``, ``setting``; ``balance.analysis.frames.games``).

    Returns a ``pandas.DataFrame`` with the same columns, rows and values, where
      - text columns (deck, opponent, matchup, policy, variant, setting,
        verdict, ...) are ``category`` (unordered; categories in order of first
        appearance);
      - integer columns are pandas' nullable integers of the same width
        (``UInt8``, ``Int64``, ...), missing values ``<NA>``;
      - boolean columns are the nullable ``boolean``;
      - float columns are ``float64`` (a missing value is NaN);
      - list columns (the per-turn curves ``gain_a``, ``spent_a``, ``short_a``, ...) stay list
        columns (``pd.ArrowDtype``, with the ``.list`` accessor).  For curves in
        long form, one row per turn, convert ``balance.analysis.economy.per_turn``
        (per game) or ``economy.curves`` (summarised).

    For Arrow-backed dtypes throughout, use polars directly:
    ``frame.to_pandas(use_pyarrow_extension_array=True)``.  Raises
    ModuleNotFoundError naming the extra to install when pyarrow is missing."""
    try:
        import pandas as pd
        import pyarrow as pa
    except ModuleNotFoundError as e:
        raise ModuleNotFoundError(f"balance.to_pandas needs {e.name}; install it with: "
                                  f"pip install -e '.[notebook]'") from None
    if isinstance(data, Run):
        from .analysis.frames import games
        data = games(data)
    if isinstance(data, pl.LazyFrame):
        data = data.collect()
    if not isinstance(data, pl.DataFrame):
        raise TypeError(f"to_pandas: {type(data).__name__}: "
                        f"allowed: a polars DataFrame or LazyFrame, or a Run")
    nullable = {pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype(),
                pa.int64(): pd.Int64Dtype(), pa.uint8(): pd.UInt8Dtype(), pa.uint16(): pd.UInt16Dtype(),
                pa.uint32(): pd.UInt32Dtype(), pa.uint64(): pd.UInt64Dtype(), pa.bool_(): pd.BooleanDtype()}

    def types_mapper(t):
        if pa.types.is_list(t) or pa.types.is_large_list(t):
            return pd.ArrowDtype(t)
        return nullable.get(t)              # None: pyarrow's default (float64; category for dictionaries)

    return data.with_columns(pl.col(pl.String).cast(pl.Categorical)).to_pandas(types_mapper=types_mapper)
