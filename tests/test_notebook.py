"""The notebook path (issue 30): examples/walkthrough.ipynb executes cell by
cell on this environment's own python, ``balance.to_pandas`` gives the same
columns and values as the polars frames it converts (with pandas dtypes), and
the README's notebook section runs as written."""
import math
import re
import subprocess
import sys

import nbformat
import pandas as pd
import polars as pl
import pytest
from cli import ENV, ROOT
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from runs import BELIAL, GABRIEL, play

import balance
from balance.analysis import economy, frames, outcomes
from balance.analysis.compare import Change, Settings, compare

NOTEBOOK = ROOT / "examples/walkthrough.ipynb"
MISSING = object()


# ------------------------------------------------------------------ the notebook
def test_the_committed_notebook_has_no_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs == [] and c.execution_count is None for c in code)


def test_the_walkthrough_notebook_runs(monkeypatch, tmp_path):
    """Every cell runs without raising (nbclient raises CellExecutionError on the
    first that does), on a kernel of this very python: the kernel spec manager
    sees no installed kernels, only ipykernel's own for sys.executable.  Figures
    use Agg; the notebook's temporary folder goes under tmp_path."""
    monkeypatch.setenv("MPLBACKEND", "Agg")
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    nb = nbformat.read(NOTEBOOK, as_version=4)
    km = KernelManager(kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[]))
    assert km.kernel_spec.argv[0] == sys.executable
    try:
        NotebookClient(nb, km=km, timeout=300, resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    finally:
        if km.has_kernel:                 # a kernel manager passed in is not shut down by nbclient
            km.shutdown_kernel(now=True)
    text = "\n".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
                     for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert "800 games in 2 cells" in text
    assert re.search(r"verdict: (NO CHANGE|CHANGED|INCONCLUSIVE)", text)


# ------------------------------------------------------------------ pandas equals polars
@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """Two cells, the second with a card override (a setting label of its own)."""
    run_dir = play(tmp_path_factory.mktemp("pandas"), "pandas", 40, 20, pairs=[[GABRIEL, BELIAL]],
                   threshold=3, overrides=[{}, {"label": "Therkax 5", "cost": {"Therkax": 5}}])
    return balance.load_run(run_dir)


def expected_dtype(dtype: pl.DataType) -> str:
    """The pandas dtype name a polars column of a scalar type must become."""
    if dtype.is_integer():
        return str(dtype)                       # nullable, same width: UInt8, Int64, ...
    return {pl.Boolean: "boolean", pl.Float64: "float64", pl.Float32: "float32"}[dtype]


def plain(value):
    """A cell's value as plain Python; every missing marker (None, <NA>, NaN) is MISSING."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return MISSING
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value.item() if hasattr(value, "item") else value


def assert_same(polars_frame: pl.DataFrame, pandas_frame: pd.DataFrame):
    """Column by column: same names, the expected pandas dtype, and value by value equal."""
    assert list(pandas_frame.columns) == polars_frame.columns
    assert len(pandas_frame) == polars_frame.height
    for name, dtype in polars_frame.schema.items():
        column = pandas_frame[name]
        if dtype == pl.String:
            assert isinstance(column.dtype, pd.CategoricalDtype) and not column.dtype.ordered, name
        elif isinstance(dtype, pl.List):
            assert isinstance(column.dtype, pd.ArrowDtype), name
            assert column.dtype.pyarrow_dtype == polars_frame[name].to_arrow().type, name
        else:
            assert str(column.dtype) == expected_dtype(dtype), (name, column.dtype, dtype)
        assert [plain(v) for v in column.tolist()] == [plain(v) for v in polars_frame[name].to_list()], name


def test_a_runs_games_in_pandas_equal_the_polars_frame(run):
    """``to_pandas(run)``: the stored records with their cells' settings, one row per game."""
    games = frames.games(run).collect()
    df = balance.to_pandas(run)
    assert_same(games, df)
    assert df["gain_a"].list.len().tolist() == games["gain_a"].list.len().to_list()
    assert set(df["setting"].cat.categories) == {"baseline", "Therkax 5"}
    assert_same(run.games.collect(), balance.to_pandas(run.games))
    assert_same(run.cells, balance.to_pandas(run.cells))


@pytest.mark.parametrize("table", [outcomes.by_matchup, outcomes.matrix, outcomes.first_player,
                                   economy.curves,
                                   lambda r: economy.per_turn(r).collect()])
def test_analysis_tables_in_pandas_equal_the_polars_frames(run, table):
    polars_frame = table(run)
    assert_same(polars_frame, balance.to_pandas(polars_frame))


def test_compare_result_in_pandas_keeps_its_missing_games_needed():
    spec = {"name": "c", "seed": 3, "games": 40, "grid": {"pairs": [[GABRIEL, BELIAL]], "threshold": 3}}
    result = compare(spec, change=Change(overrides={"Therkax": {"cost": 5}}), settings=Settings(fixed=40))
    df = balance.to_pandas(result)
    assert_same(result, df)
    assert str(df["games_needed"].dtype) == "Int64"


def test_nulls_and_nans_map_to_pandas_missing_values():
    frame = pl.DataFrame({
        "n": pl.Series([1, None, 3], dtype=pl.UInt16), "b": [True, None, False], "s": ["x", None, "y"],
        "f": [0.5, None, float("nan")], "l": pl.Series([[1, 2], None, []], dtype=pl.List(pl.Int16)),
    })
    df = balance.to_pandas(frame)
    assert_same(frame, df)
    assert df["n"].isna().tolist() == [False, True, False]
    assert df["b"].isna().tolist() == [False, True, False]
    assert df["s"].cat.categories.tolist() == ["x", "y"]
    assert df["l"].list.len().tolist()[0] == 2


def test_to_pandas_refuses_other_objects():
    with pytest.raises(TypeError, match="allowed: a polars DataFrame or LazyFrame, or a Run"):
        balance.to_pandas({"a": [1]})


# ------------------------------------------------------------------ the README's notebook section
def readme_code() -> str:
    section = (ROOT / "README.md").read_text().split("\n## In a notebook\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 1 and section.count("```") == 2, "the section must hold exactly one python block"
    return blocks[0]


def test_the_readmes_notebook_section_runs_as_written(tmp_path):
    """From the repository root, in a fresh interpreter; its temporary folder in tmp_path."""
    proc = subprocess.run([sys.executable, "-c", readme_code()], cwd=ROOT,
                          env={**ENV, "TMPDIR": str(tmp_path)}, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "win_rate_lo" in proc.stdout and "category" in proc.stdout
    assert list(tmp_path.glob("*/manifest.json")), "the run was not written into the temporary folder"
