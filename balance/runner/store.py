"""A run's store: ``runs/<name>/manifest.json`` and one Parquet file per
finished chunk under ``chunks/`` (DESIGN §2).

A chunk is written to a temporary name and renamed when complete, so a file
under its final name is always whole; a run killed at any point resumes from
the files on disk.  The manifest carries the fingerprint of what made the
chunks (experiment, compiled card tables, policies, kernel code); chunks made
from anything else are never mixed in.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ..errors import InputError

MANIFEST = "manifest.json"
CHUNKS = "chunks"


def chunk_name(cell: int, first: int) -> str:
    return f"c{cell:05d}-g{first:010d}.parquet"


def write_atomic(path: Path, write) -> None:
    """``write(tmp_path)`` then rename over ``path``: readers never see half a file."""
    tmp = path.with_name(f".tmp-{os.getpid()}-{path.name}")
    write(tmp)
    os.replace(tmp, path)


def write_json(path: Path, data: dict) -> None:
    write_atomic(path, lambda p: p.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8"))


def read_manifest(run_dir: Path) -> dict:
    """The manifest of a run directory; InputError if it is not a run."""
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise InputError(f"{run_dir}: not a run directory (no {MANIFEST}); "
                         f"allowed: a folder written by 'balance run', e.g. runs/<experiment name>")
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: unreadable manifest ({e}); allowed: the JSON 'balance run' writes") from None


class Store:
    """The chunk files and manifest of one run directory, for writing."""

    def __init__(self, run_dir, manifest: dict, fresh: bool):
        self.dir = Path(run_dir)
        self.chunks = self.dir / CHUNKS
        self.open(manifest, fresh)

    def open(self, manifest: dict, fresh: bool) -> None:
        """Start the run, or resume it if what is stored was made the same way."""
        if self.dir.exists() and not self.dir.is_dir():
            raise InputError(f"--out: {self.dir}: is a file; allowed: a folder (new, or a run directory)")
        if self.dir.exists() and any(self.dir.iterdir()):
            if fresh:
                read_manifest(self.dir)          # --fresh deletes run directories only
                shutil.rmtree(self.dir)
            else:
                self.check_resumable(manifest)
        self.chunks.mkdir(parents=True, exist_ok=True)
        for leftover in self.chunks.glob(".tmp-*"):
            leftover.unlink()
        stored = read_manifest(self.dir) if (self.dir / MANIFEST).is_file() else {}
        self.manifest = {**manifest, "timing": stored.get("timing", {"seconds": 0.0, "sessions": 0})}
        self.manifest["timing"]["sessions"] += 1
        self.save()

    def check_resumable(self, manifest: dict) -> None:
        """Refuse to mix chunks made from another experiment, decks, policies or code."""
        old = read_manifest(self.dir)
        new_fp, old_fp = manifest["fingerprint"], old.get("fingerprint", {})
        changed = [k for k in sorted(new_fp) if new_fp[k] != old_fp.get(k)]
        if changed:
            raise InputError(f"{self.dir / MANIFEST}: fingerprint: the stored games were made from a different "
                             f"{', '.join(changed)}; allowed: the same experiment, decks, policies and code "
                             f"(use --fresh to start over, or --out for another folder)")

    def done(self) -> set[str]:
        """Names of the chunk files complete on disk."""
        return {p.name for p in self.chunks.glob("c*.parquet")}

    def write_chunk(self, cell: int, first: int, frame: pl.DataFrame) -> None:
        write_atomic(self.chunks / chunk_name(cell, first),
                     lambda p: frame.write_parquet(p, compression="zstd", compression_level=9, statistics=False))

    def finish(self, seconds: float, games_played: int, complete: bool) -> None:
        timing = self.manifest["timing"]
        timing["seconds"] += seconds
        timing["last_session"] = {"seconds": round(seconds, 3), "games": games_played,
                                  "games_per_s": round(games_played / seconds, 1) if seconds else None}
        timing["updated"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        self.manifest["complete"] = complete
        self.save()

    def save(self) -> None:
        self.manifest["chunks_done"] = sorted(self.done())
        write_json(self.dir / MANIFEST, self.manifest)


@dataclass
class Run:
    """A run's store, read: the manifest, the cells and the games as a LazyFrame."""
    dir: Path
    manifest: dict
    games: pl.LazyFrame
    cells: pl.DataFrame
    partial: bool

    @property
    def n_games(self) -> int:
        return self.games.select(pl.len()).collect().item()


def load_run(run_dir) -> Run:
    """Open a run directory for analysis (polars lazy scans over its chunks)."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    files = sorted((run_dir / CHUNKS).glob("c*.parquet"))
    if not files:
        raise InputError(f"{run_dir}: the run has no finished games yet; "
                         f"allowed: a run with at least one finished chunk (run 'balance run' again to resume)")
    cells = pl.DataFrame([{k: v for k, v in c.items() if k != "overrides"} | {"overrides": json.dumps(c["overrides"])}
                          for c in manifest["experiment"]["cells"]])
    games = pl.scan_parquet(files)
    partial = len(files) < manifest.get("chunks_planned", len(files))
    return Run(run_dir, manifest, games, cells, partial)
