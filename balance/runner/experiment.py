"""Experiment files (``experiments/*.toml``): a name, a root seed, games per
cell and a grid whose cells are the product of its axes (DESIGN §2; the
Mesa batch-runner style: ``itertools.product`` over parameter lists).

    name = "threshold-sweep"
    ruleset = "innomine"               # the game (balance.rules; the default)
    seed = 7
    games = 4000                       # per cell; even (seat-swapped pairs)
    [grid]
    pairs = [["../decks/gabriel.toml", "../decks/belial.toml"]]   # or round_robin = [deck, ...]
    threshold = [3, 5, 8]
    policies = ["influencer", ["warmonger", "influencer"]]        # one name = both seats
    variant = ["classic"]
    readings = [{}, { protection = "any_harm" }]   # contested readings (docs/rules.md)
    turn_cap = 200
    [[grid.overrides]]                 # each table is one value of the axis
    label = "Therkax 7"
    cost."Therkax" = 7

A game of more seats (``ruleset = "kamigami"``) names, instead of ``pairs``, its
card set and the entrants of each cell, one per seat; its games come in blocks
of every rotation of the seats, so a cell's games are a multiple of its players:

    [grid]
    cards = "../decks/kamigami/old_ones.toml"
    seats = [["dealt", "dealt"], ["Cthulhu", "dealt", "dealt", "dealt"]]   # a God, or dealt
    policies = ["scripted", ["random", "scripted", "scripted", "scripted"]]  # one name = every seat
    win_energy = [20, 25]              # any parameter the ruleset declares

Every axis takes one value or a list.  Deck paths are relative to the
experiment file.  ``grid`` may also be a list of tables (``[[grid]]``), each
a product of its own axes, with its own ``games`` if it sets one: the cells
are theirs in order -- a round robin under one style, say, and a few
matchups under several styles and readings, or a search agent on fewer games.  Every cell plays games 0..games-1 on the same root seed, so
cells that differ only by a change see the same shuffles and dice (common
random numbers).  Bad input raises ``DeckError`` naming the file and field.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import math
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .. import rules
from ..fields import DeckError, Site, check_keys, choices, want_int, want_name, want_str
from ..rules.ruleset import Ruleset, departures, problem

TOP_KEYS = ("name", "ruleset", "seed", "games", "chunk", "grid")
ENTRANT_KEYS = {"decks": ("pairs", "round_robin"), "seats": ("cards", "seats")}   # by Ruleset.entrants
COMMON_KEYS = ("policies", "variant", "readings", "overrides", "games")   # and the ruleset's parameters
DEFAULTS = {"readings": [{}], "overrides": [{}]}
DEFAULT_CHUNK = 5000
MAX_GAMES = 2**32               # games per cell: the records number games in 32 bits
TURN_CAP_MAX = 65_535           # the records count a game's turns in 16 bits
MAX_CHUNKS = 100_000            # chunk files of one run (cells x games / chunk)
MAX_CELLS = 10_000              # cells of one grid (the product of its axes)


@dataclass(frozen=True)
class Cell:
    """One configuration of the grid: its entrants, one per seat (two deck
    files of a game of decks; God names or ``dealt`` of a game of more seats,
    sharing the card set ``cards``), each one's policy, the ruleset's
    parameters, its variant, card overrides ({card: {field: value}}), the
    contested readings off their defaults ({reading: value}) and its games."""
    index: int
    entrants: tuple[str, ...]
    policies: tuple[str, ...]
    params: dict
    variant: str
    cards: str | None = None
    overrides: dict = field(default_factory=dict)
    label: str = "baseline"
    readings: dict = field(default_factory=dict)
    games: int = 0

    @property
    def turn_cap(self) -> int:
        """Every ruleset declares a turn cap: what a game's records are sized by."""
        return self.params["turn_cap"]

    @property
    def n_seats(self) -> int:
        return len(self.entrants)


@dataclass(frozen=True)
class Experiment:
    name: str
    ruleset: Ruleset
    seed: int
    games: int
    chunk: int
    cells: list[Cell]
    source: str                 # the file (or "<dict>") it came from
    text_hash: str              # sha256 of the file's bytes or the dict's canonical JSON

    def describe(self) -> dict:
        """Plain data for the manifest: each cell holds the readings off their
        defaults, and ``reading_defaults`` what the defaults were."""
        return {"name": self.name, "ruleset": self.ruleset.name, "seed": self.seed, "games": self.games,
                "chunk": self.chunk, "source": self.source, "hash": self.text_hash,
                "cells": [asdict(c) for c in self.cells],
                "reading_defaults": {n: r.default for n, r in self.ruleset.readings.items()}}


def load_experiment(spec, games=None) -> Experiment:
    """An Experiment from a TOML path or a dict (paths in a dict are relative
    to the working directory); ``games`` overrides the games per cell."""
    if isinstance(spec, dict):
        raw, source, base = spec, "<dict>", Path(".")
        digest = hashlib.sha256(json.dumps(spec, sort_keys=True, default=str).encode()).hexdigest()
    else:
        raw, source, base, digest = read_file(Path(spec))
    site = Site(source, "experiment")
    check_keys(site, raw, TOP_KEYS)
    name = want_str(site, raw, "name")
    if any(c in name for c in '/\\:*?"<>|') or name.startswith("."):
        raise site.error("name", f"{name!r} is not usable as a folder name", "letters, digits, - and _")
    ruleset = rules.get(want_name(site, raw, "ruleset", rules.RULESETS, rules.DEFAULT))
    seed = want_int(site, raw, "seed", -2**63, high=2**63 - 1)
    pairs = ruleset.entrants == "decks"
    n = even_games(site, games, pairs) if games is not None else game_count(site, raw, pairs=pairs)
    chunk = want_int(site, raw, "chunk", 2, DEFAULT_CHUNK, high=MAX_GAMES)
    grids = raw.get("grid")
    grids = [grids] if isinstance(grids, dict) else grids
    if not (isinstance(grids, list) and grids and all(isinstance(g, dict) for g in grids)):
        raise site.error("grid", "missing, or not a table or a list of tables",
                         f"a [grid] table (or [[grid]] tables) with {choices(grid_keys(ruleset))}")
    cells = []
    for k, grid in enumerate(grids):
        where = Site(source, "grid" if len(grids) == 1 else f"grid[{k}]")
        n_k = n if games is not None else game_count(where, grid, n, pairs)
        cells += expand(where, ruleset, grid, base, len(cells), n_k)
    if len(cells) > MAX_CELLS:
        raise site.error("grid", f"{len(cells):,} cells in all", f"at most {MAX_CELLS:,} cells per experiment")
    chunk += chunk & 1
    chunks = sum(-(-c.games // chunk) for c in cells)
    if chunks > MAX_CHUNKS:
        raise site.error("chunk", f"{len(cells)} cell(s) in chunks of {chunk} games make {chunks:,} chunk files",
                         f"at most {MAX_CHUNKS:,} chunks per run (a larger chunk, or fewer games)")
    return Experiment(name, ruleset, seed, n, chunk, cells, source, digest)


def game_count(site, table, default=None, pairs=True) -> int:
    """``games`` of an experiment (or of one ``[[grid]]`` table, ``default`` if
    it sets none): a whole number from 2 to MAX_GAMES, even for a game of
    seat-swapped pairs (``expand`` checks a game of more seats' blocks)."""
    if default is not None and "games" not in table:
        return default
    return even_games(site, want_int(site, table, "games", 2, high=MAX_GAMES), pairs)


def even_games(site, n, pairs=True) -> int:
    """``n`` games, checked: a whole number from 2 to MAX_GAMES, even if ``pairs``."""
    if type(n) is not int or not 2 <= n <= MAX_GAMES:
        raise site.error("games", f"{n!r} is not a whole number from 2 to {MAX_GAMES}",
                         f"an even number of games from 2 to {MAX_GAMES} (games are numbered in 32 bits)")
    if pairs and n % 2:
        raise site.error("games", f"{n} is not an even whole number >= 2",
                         "an even number of games (seat-swapped pairs)")
    return n


def read_file(path: Path):
    """(table, source, folder, sha256) of an experiment file."""
    if not path.is_file():
        raise DeckError(path, "experiment", "file", "no such file", "a path to an experiment .toml")
    data = path.read_bytes()
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise DeckError(path, "experiment", "file", f"malformed TOML: {e}", "a UTF-8 TOML file") from None
    return raw, str(path), path.parent, hashlib.sha256(data).hexdigest()


def axis(site, grid, key) -> list:
    """One grid axis as a non-empty list (a single value is a list of one)."""
    v = grid.get(key, DEFAULTS.get(key))
    values = v if isinstance(v, list) else [v]
    if not values:
        raise site.error(key, "empty list: the grid would have no cells", "one value or a non-empty list")
    return values


def expand(site, ruleset, grid, base, first=0, games=2) -> list[Cell]:
    """The grid's cells of a game of ``ruleset``: the product of its entrants
    (deck pairs, or entrant lists over a card set), the ruleset's parameters,
    policies, variants, readings and overrides, in that order, numbered from
    ``first``, each of ``games`` games."""
    params = {p.name: p for p in ruleset.parameters}
    check_keys(site, grid, grid_keys(ruleset))
    cards, lineups = entrants(site, ruleset, grid, base)
    for s in lineups:
        if games % len(s):
            raise site.error("games", f"{games} games do not make whole blocks of {len(s)} players",
                             "a multiple of every cell's players (each seed is played in every rotation)")
    policies = axis(site, {"policies": grid.get("policies", ruleset.default_agent)}, "policies")
    values = {n: [want_int(site, {n: v}, n, p.low, high=p.high if p.high is not None else 2**31)
                  for v in axis(site, {n: grid.get(n, p.default)}, n)] for n, p in params.items()}
    variants = [want_name(site, {"variant": v}, "variant", ruleset.variants)
                for v in axis(site, {"variant": grid.get("variant", ruleset.variants[0])}, "variant")]
    readings = [reading_set(site, ruleset, r) for r in axis(site, grid, "readings")]
    overrides = [override_set(site, o) for o in axis(site, grid, "overrides")]
    sizes = {"entrants": len(lineups), **{n: len(v) for n, v in values.items()}, "policies": len(policies),
             "variants": len(variants), "readings": len(readings), "overrides": len(overrides)}
    if math.prod(sizes.values()) > MAX_CELLS:
        product = " x ".join(f"{n} {k}" for k, n in sizes.items())
        raise site.error("grid", f"{math.prod(sizes.values()):,} cells ({product})",
                         f"at most {MAX_CELLS:,} cells per experiment")
    cells = []
    for s, *rest in itertools.product(lineups, *values.values(), policies, variants, readings, overrides):
        chosen, (pol, v, rd, (lab, ov)) = dict(zip(values, rest[:len(values)])), rest[len(values):]
        cells.append(Cell(first + len(cells), s, seat_policies(site, pol, len(s)), chosen, v, cards, ov, lab, rd,
                          games))
    return cells


def grid_keys(ruleset) -> tuple[str, ...]:
    """What a grid of a game of ``ruleset`` may name: its entrants, the common axes, its parameters."""
    return (*ENTRANT_KEYS[ruleset.entrants], *COMMON_KEYS, *(p.name for p in ruleset.parameters))


def entrants(site, ruleset, grid, base) -> tuple[str | None, list[tuple[str, ...]]]:
    """The card set (None for a game of decks) and each value of the entrants
    axis: deck pairs (``pairs`` or ``round_robin``) or entrant lists (``seats``)."""
    if ruleset.entrants == "decks":
        return None, deck_pairs(site, grid, base)
    if "cards" not in grid:
        raise site.error("cards", "missing required field", "the path of the game's card set")
    return deck_path(site, "cards", grid["cards"], base), [entrant_list(site, ruleset, s)
                                                           for s in axis(site, grid, "seats")]


def entrant_list(site, ruleset, value) -> tuple[str, ...]:
    """One value of ``seats``: an entrant name per seat, as many as the ruleset allows."""
    if not (isinstance(value, list) and all(isinstance(x, str) for x in value)):
        raise site.error("seats", f"{value!r} is not a list of entrants", '["dealt", "dealt", ...], one per seat')
    if len(value) not in ruleset.seats:
        raise site.error("seats", f"{len(value)} seats in {value!r}",
                         f"{', '.join(map(str, ruleset.seats))} seats ({ruleset.title})")
    return tuple(value)


def seat_policies(site, value, n) -> tuple[str, ...]:
    """A policy name for every seat, or one per seat."""
    if isinstance(value, str):
        return (value,) * n
    if isinstance(value, list) and len(value) == n and all(isinstance(x, str) for x in value):
        return tuple(value)
    raise site.error("policies", f"{value!r} is neither a policy name nor one per seat ({n})",
                     '"name" (every seat) or ["name", ...], one per seat in order')


def reading_set(site, ruleset, table) -> dict:
    """One value of the ``readings`` axis: {reading: value}, checked against the
    ruleset's contested readings; the readings at their defaults are left out."""
    if not isinstance(table, dict):
        raise site.error("readings", f"{table!r} is not a table", '{ reading = "value", ... }')
    wrong = problem(ruleset.readings, table)
    if wrong:
        raise site.error(f"readings.{wrong[0]}", wrong[1], wrong[2])
    return departures(ruleset.readings, table)


def deck_pairs(site, grid, base) -> list[tuple[str, str]]:
    """``pairs`` as given, or every unordered pair of ``round_robin`` decks."""
    if ("pairs" in grid) == ("round_robin" in grid):
        raise site.error("pairs", "give exactly one of pairs and round_robin",
                         "pairs = [[deck, deck], ...] or round_robin = [deck, deck, ...]")
    if "round_robin" in grid:
        decks = [deck_path(site, "round_robin", d, base) for d in axis(site, grid, "round_robin")]
        if len(decks) < 2 or len(set(decks)) != len(decks):
            raise site.error("round_robin", f"{len(decks)} decks, or a deck named twice", "two or more distinct decks")
        return list(itertools.combinations(decks, 2))
    pairs = axis(site, grid, "pairs")
    for p in pairs:
        if not (isinstance(p, list) and len(p) == 2):
            raise site.error("pairs", f"{p!r} is not a pair of deck paths", "[[deck A, deck B], ...]")
    return [(deck_path(site, "pairs", a, base), deck_path(site, "pairs", b, base)) for a, b in pairs]


def deck_path(site, key, value, base) -> str:
    if not isinstance(value, str):
        raise site.error(key, f"{value!r} is not a path", "deck file paths (strings)")
    return str(base / value) if not Path(value).is_absolute() else value


def override_set(site, table) -> tuple[str, dict]:
    """(label, {card: {field: value}}) from one ``[[grid.overrides]]`` table,
    written field first: ``cost."Therkax" = 7``."""
    if not isinstance(table, dict):
        raise site.error("overrides", f"{table!r} is not a table", 'tables like { cost = { "Therkax" = 7 } }')
    label = table.get("label")
    by_card: dict[str, dict] = {}
    for fname, cards in table.items():
        if fname == "label":
            continue
        if not isinstance(cards, dict):
            raise site.error(f"overrides.{fname}", f"{cards!r} is not a table of cards", '{ "Card name" = value }')
        for card, value in cards.items():
            by_card.setdefault(card, {})[fname] = value
    if label is None:
        label = ", ".join(f"{c} {f} {v}" for c, fs in by_card.items() for f, v in fs.items()) or "baseline"
    if not isinstance(label, str):
        raise site.error("overrides.label", f"{label!r} is not a string", "a short text")
    return label, by_card
