"""Small real runs for the analysis and report tests, and the raw store read
as plain Python rows (the tests recompute metrics from these without polars)."""
import shutil
from pathlib import Path

import polars as pl
from cli import ROOT

from balance.runner import run_experiment

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")


def play(tmp: Path, name: str, games: int, chunk: int, **grid) -> Path:
    """Run a small experiment into tmp/name; returns the run directory."""
    spec = {"name": name, "seed": 7, "games": games, "chunk": chunk, "grid": grid}
    return run_experiment(spec, out=tmp / name, jobs=2, progress=False)


def raw_rows(run_dir: Path) -> list[dict]:
    """Every stored game as a plain dict (chunk files read one by one)."""
    rows = []
    for f in sorted((Path(run_dir) / "chunks").glob("c*.parquet")):
        rows += pl.read_parquet(f).to_dicts()
    return rows


def planted_deck(tmp: Path) -> str:
    """Belial's deck plus 3 Windfall (cost 0: gain 6 Essence) and 3 Dud (cost 0, no
    effect), with a card library of the shipped cards and tests/data/planted.toml."""
    lib = tmp / "cards"
    shutil.copytree(ROOT / "decks/cards", lib)
    shutil.copy(ROOT / "tests/data/planted.toml", lib / "planted.toml")
    text = (ROOT / "decks/belial.toml").read_text()
    text = text.replace('library = "cards"', f'library = "{lib}"\nsheets = "{ROOT / "decks/superiors.toml"}"')
    text = text.replace("[repository]\n", '[repository]\n"Windfall" = 3\n"Dud" = 3\n')
    path = tmp / "planted.toml"
    path.write_text(text)
    return str(path)
