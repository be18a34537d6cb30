"""The ruleset interface (DESIGN §5): everything generic code may know of a game.

A game's package exports one ``Ruleset`` (``balance/rules/<game>/ruleset.py``,
found by name through ``balance.rules.get``).  Its metadata comes first -- seat
counts, game parameters, rule variants, contested readings, resource names, end
reasons, the modules of its compiled code -- then what plays it: ``prepare``
a matchup, ``play_range`` of its games (the records as arrays, whose ``rows``
hold the ``columns`` every ruleset has), ``records_frame`` (those records as
the stored frame), ``replay_lines`` (one game as a log) and ``check_game`` (one
game played with its invariants checked after every turn).
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
from dataclasses import dataclass, field
from typing import Callable

from ..compiling import closure_digest, closure_files
from ..errors import InputError


@dataclass(frozen=True)
class Parameter:
    """A whole-number game parameter an experiment may set or sweep."""
    name: str                   # as experiment files and the command line name it
    label: str                  # as a report names it
    default: int
    low: int
    high: int | None = None


@dataclass(frozen=True)
class Reading:
    """One contested reading of the rulebook: ``values[0]`` is read with its
    bit clear, ``values[1]`` with it set; ``rule`` is its entry in docs/rules.md,
    which gives the passage and why ``default`` is the default."""
    name: str
    bit: int
    rule: str
    values: tuple[str, str]
    default: str


@dataclass(frozen=True)
class Ruleset:
    name: str                   # as experiment files name it (``ruleset = "..."``)
    title: str                  # as people call the game
    seats: tuple[int, ...]      # the numbers of players it supports
    parameters: tuple[Parameter, ...]
    variants: tuple[str, ...]   # rule variants, the default first
    readings: dict[str, Reading]
    resources: tuple[str, ...]  # what its per-turn curves count
    curves: dict[str, str]      # the stored per-own-turn list columns, and how a report names them
    shortage: str | None        # the stored per-own-turn 0/1 list column "a card was held back for want of
                                # the resource" (analysis/economy.py), if the ruleset records one
    pieces: dict[str, tuple[str, str]]   # per-entrant columns naming what it played (a God), with
                                # (how a report names it, the manifest's "decks" key listing the names)
    end_reasons: dict[int, str]
    kernels: tuple[str, ...]    # the modules of its compiled entry points
    default_agent: str          # the policy of a seat an experiment gives none
    prepare: Callable
    prepare_cell: Callable      # (experiment.Cell, swaps): the cell's matchup (``swaps``: each entrant's cards
                                # swapped for others or blanks, runner/impact.py)
    baselines: Callable         # (experiment.Cell, entrant, card names or None, "blank" | "average"): {card:
                                # its baseline cards} for ``balance impact`` on that entrant
    play_range: Callable
    records_frame: Callable
    replay_lines: Callable
    columns: dict[str, int]     # play_range's "rows": game, pair, swap, first, winner (-1 = draw), turns, end
    check_game: Callable        # (matchup, root seed, game): play it checking the game's own invariants
    seeding: str                # how a game's seed and seats follow from its number (a run's manifest)
    entrants: str               # how an experiment's grid names who plays: "decks" (pairs of deck files,
                                # runner/experiment.py) or "seats" (a card set and an entrant per seat)
    card_set: str | None        # the card set its seats share (a game of more seats), as shipped
    validate: Callable          # ``balance validate``: (paths) -> exit code, a line per file
    example: Callable           # (agent, seats): a matchup to check it on, that agent on every seat
                                # (rules/conformance.py)
    roles: tuple[str, ...] = ()  # what each stored ``position`` is called (attacker, defender); none: a place in
                                # turn order
    turn: str = "own turn"      # what a step of its curves is called
    holding: tuple[str, str] = ("bought", "played")   # what the stored masks ``bought`` and ``played`` mean
    lineup: tuple[str, ...] = ()  # the entrants a command plays when it names none (none: ``dealt`` per player)
    searched: Callable | None = None   # play_range that also counts a search's decisions, (records, count), if
                                # the kernel counts them (``balance bench``)
    compiled: bool = True       # its kernels are numba code, compiled once per process (compiling.warm_up)
    matrix: str | None = None   # a ``pieces`` column whose head-to-head matrix (two players) its report shows
    firsts: dict[str, str] = field(default_factory=dict)   # stored per-entrant columns: the entrant's own turn
                                # (1-based) when something first happened, 0 = never; and how a report names it

    def kernel_files(self) -> list:
        """The files of its compiled code: each entry point's module and every
        module it imports (compiling.closure_files)."""
        return sorted({f for name in self.kernels for f in closure_files(importlib.util.find_spec(name).origin)})

    def kernel_digest(self) -> str:
        """Hash of its compiled code: each entry point's module and every module
        it imports (compiling.closure_digest), so that an edit to another game,
        or to code outside its kernel, leaves it unchanged."""
        h = hashlib.sha256()
        for name in self.kernels:
            path = importlib.util.find_spec(name).origin
            st = os.stat(path)
            h.update(closure_digest(path, (st.st_mtime, st.st_size)))
        return h.hexdigest()[:16]

    def describe(self) -> dict:
        """Plain data for a run's manifest: the labels its reports read."""
        return {"name": self.name, "title": self.title, "seats": list(self.seats),
                "parameters": [vars(p) for p in self.parameters], "variants": list(self.variants),
                "reading_defaults": {n: r.default for n, r in self.readings.items()},
                "resources": list(self.resources), "curves": self.curves, "shortage": self.shortage,
                "pieces": {k: list(v) for k, v in self.pieces.items()},
                "end_reasons": {str(k): v for k, v in self.end_reasons.items()},
                "roles": list(self.roles), "turn": self.turn, "holding": list(self.holding),
                "matrix": self.matrix, "firsts": dict(self.firsts)}



def problem(readings: dict[str, Reading], chosen: dict) -> tuple[str, str, str] | None:
    """The first thing wrong in ``chosen`` ({reading: value}, of a ruleset's
    ``readings``) as (reading, what is wrong, what is allowed), or None."""
    for name, value in chosen.items():
        if name not in readings:
            return name, "unknown reading", ", ".join(readings)
        if value not in readings[name].values:
            return name, f"{value!r} is not a value of this reading", ", ".join(readings[name].values)
    return None


def departures(readings: dict[str, Reading], chosen: dict) -> dict:
    """The readings of ``chosen`` (checked) that are not at their defaults."""
    return {n: v for n, v in sorted(chosen.items()) if v != readings[n].default}


def pack(readings: dict[str, Reading], chosen: dict, where: str = "--reading") -> int:
    """The kernel's bits for the readings ``chosen``; the others take their
    defaults.  Raises InputError naming ``where``."""
    wrong = problem(readings, chosen)
    if wrong:
        raise InputError(f"{where}: {wrong[0]}: {wrong[1]}; allowed: {wrong[2]}")
    values = {n: r.default for n, r in readings.items()} | chosen
    return sum(readings[n].values.index(v) << readings[n].bit for n, v in values.items())


def parameter_values(parameters: tuple[Parameter, ...], given: dict, title: str) -> list[int]:
    """The values of ``parameters`` in order: their defaults, with ``given``
    ({name: value}) checked against their bounds (InputError naming the
    parameter; ``title`` names the game)."""
    known = {p.name: p for p in parameters}
    for name, v in given.items():
        if name not in known:
            raise InputError(f"{name}: not a {title} parameter; allowed: {', '.join(known)}")
        p = known[name]
        if type(v) is not int or v < p.low or (p.high is not None and v > p.high):
            raise InputError(f"{name}: {v!r}; allowed: a whole number from {p.low} to {p.high}")
    return [given.get(p.name, p.default) for p in parameters]
