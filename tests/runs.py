"""Small real runs for the analysis and report tests, and the raw store read
as plain Python rows (the tests recompute metrics from these without polars)."""
import re
import shutil
from pathlib import Path

import polars as pl
from cli import ROOT

from balance.rules.innomine.cards import load_deck
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


def planted_deck(tmp: Path, card, copies: int = 2, deck: str = "belial", data: str = "planted.toml") -> str:
    """``deck``'s starter deck (Belial's by default), renamed "<card> test", plus
    ``copies`` of a planted card of tests/data/``data`` (planted.toml: Windfall,
    cost 0, gain 6 Essence; Dud, no effect), with a library of the shipped cards
    and the planted ones.  ``card`` may also be a dict {card name: copies}."""
    cards = {card: copies} if isinstance(card, str) else card
    label = card if isinstance(card, str) else f"{deck} with {', '.join(cards)}"
    lib = tmp / "cards"
    if not lib.exists():
        shutil.copytree(ROOT / "decks/cards", lib)
    if not (lib / data).exists():
        shutil.copy(ROOT / "tests/data" / data, lib / data)
    text = (ROOT / f"decks/{deck}.toml").read_text()
    text = text.replace('library = "cards"', f'library = "{lib}"\nsheets = "{ROOT / "decks/superiors.toml"}"')
    text = text.replace("[repository]\n", "[repository]\n" + "".join(f'"{n}" = {k}\n' for n, k in cards.items()))
    text = re.sub(r'^name = ".*"$', f'name = "{label} test"', text, count=1, flags=re.M)
    path = tmp / f"{label.lower()}.toml"
    path.write_text(text)
    return str(path)


def essence_starved() -> dict:
    """Overrides raising every Belial Repository card that costs Essence by 4: in
    the shipped decks Essence piles up unspent by mid-game (see any report's
    Essence curves), so Essence only decides games where it is scarce."""
    deck = load_deck(BELIAL)
    return {"cost": {n: deck.cards[n].cost + 4 for n in deck.repository if deck.cards[n].cost > 0}}
