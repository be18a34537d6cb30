"""Kamigami Battles' card set: reading it from TOML, its checks, and its compiled
tables (DESIGN §4, §8; docs/kamigami.md, "Card file format").

The rulebook prints no card list: ``decks/kamigami/old_ones.toml`` is a pool
designed within its frame.  A file may use only the names of ``vocabulary.py``;
anything else is a ``DeckError`` naming the file, the card, the field and what
is allowed.
"""
from __future__ import annotations

import dataclasses
import sys
from dataclasses import dataclass

import numpy as np

from ...fields import (DeckError, Site, check_keys, choices, did_you_mean, named_table, read_toml, want_int,
                       want_name, want_str)
from ...errors import InputError
from . import vocabulary as V

TUNABLE = ("cost",)          # the fields ``CardSet.tables(overrides)`` may change
COST_MAX = 20                # Faith costs and Activation Costs
VALUE_MAX = 20               # an Ability's value (Attack Value, Defense Value, cards, Faith, Energy)
COPIES_MAX = 99
SECTIONS = ("set", "god", "temple", "warrior", "artifact", "disciple")
KEYS = {
    "god": ("name", "title", "culture", "spheres", "abilities"),
    "temple": ("name", "sphere", "abilities"),
    "warrior": ("name", "color", "chain", "cost", "copies", "abilities"),
    "artifact": ("name", "color", "chain", "cost", "copies", "abilities"),
    "disciple": ("name", "rank", "cost", "copies", "abilities"),
}
DEFAULT_COPIES = {"warrior": (5,), "artifact": (1,), "disciple": ()}   # "18 Kinds, 5 of Each"; () = required
MINIMUM = {"god": 2, "temple": 1, "warrior": 6, "artifact": 3}
ABILITY_KEYS = ("type", "effect", "value", "cost", "name")
ABILITY_FORM = '{type = "act" | "react", effect = "<effect>", value = n, cost = {faith | energy = n}, name}'


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class Ability:
    """An Act or React Ability ("Card Abilities") and its Activation Cost (Glossary)."""
    timing: int        # ACT or REACT
    effect: int        # an E_* code of vocabulary.EFFECTS
    value: int         # 0 for an effect that takes none
    cost_kind: int     # NO_COST, FAITH_COST or ENERGY_COST
    cost: int
    name: str          # the printed name, or ""


@dataclass(frozen=True)
class Kind:
    """A card kind of the Draw Deck: a Disciple, Warrior or Artifact."""
    name: str
    type: int                  # DISCIPLE, WARRIOR or ARTIFACT
    cost: int                  # Faith Points to Recruit it
    color: int                 # Primary Color; -1 for a Disciple ("Disciple cards have no color")
    chain: tuple[int, ...]     # the two Chaining Colors; () for a Disciple
    rank: int                  # a Disciple's I, II or III; 0 otherwise
    copies: int                # in the game box
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class God:
    """A God card (its Culture, Name and Title, Spheres of Influence and Abilities)."""
    name: str
    title: str
    culture: str               # the pantheon, for Team Matches
    spheres: tuple[int, ...]   # the three Spheres of Influence
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class Temple:
    """A Temple card (its Sphere of Influence and Abilities)."""
    name: str
    sphere: int
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class CardSet:
    """A card set: ``kinds`` are the Disciples in rank order, then the Warriors
    and the Artifacts in file order."""
    name: str
    source: str
    kinds: tuple[Kind, ...]
    gods: tuple[God, ...]
    temples: tuple[Temple, ...]

    @property
    def names(self) -> list[str]:
        return [k.name for k in self.kinds]

    @property
    def god_names(self) -> list[str]:
        return [g.name for g in self.gods]

    @property
    def temple_names(self) -> list[str]:
        return [t.name for t in self.temples]

    @property
    def cultures(self) -> list[str]:
        """The Cultures in order of first appearance: G_CULTURE indexes this list."""
        return list(dict.fromkeys(g.culture for g in self.gods))

    def swapped(self, swaps: dict) -> CardSet:
        """This set with each card of ``swaps`` ({name: its replacement Kind, or
        None for its blank: no Abilities}) swapped (baselines.py)."""
        def one(card):
            if card.name not in swaps:
                return card
            return swaps[card.name] or dataclasses.replace(card, abilities=())
        return dataclasses.replace(self, kinds=tuple(map(one, self.kinds)), gods=tuple(map(one, self.gods)),
                                   temples=tuple(map(one, self.temples)))

    def tables(self, overrides=None) -> dict[str, np.ndarray]:
        """The compiled int64 tables (columns in vocabulary.py); ``overrides`` =
        {card name: {"cost": n}} is written over the card rows, the file untouched."""
        card = card_table(self.kinds)
        apply_overrides(card, self.names, {} if overrides is None else overrides)
        cultures = self.cultures
        god = np.array([(mask(g.spheres), cultures.index(g.culture), len(g.abilities)) for g in self.gods],
                       dtype=np.int64).reshape(-1, 3)
        temple = np.array([(t.sphere, len(t.abilities)) for t in self.temples], dtype=np.int64).reshape(-1, 2)
        return {"card": card, "ability": ability_table(self.kinds, V.MAX_ABILITIES),
                "god": god, "god_ability": ability_table(self.gods, V.MAX_GOD_ABILITIES),
                "temple": temple, "temple_ability": ability_table(self.temples, V.MAX_GOD_ABILITIES)}


# ------------------------------------------------------------------ compiling
def mask(indices) -> int:
    """Bit i set for each color or Sphere i."""
    return sum(1 << i for i in indices)


def card_table(kinds) -> np.ndarray:
    """One row per kind: C_TYPE .. C_N_ABILITIES."""
    t = np.zeros((len(kinds), V.N_CARD_COLS), dtype=np.int64)
    for i, k in enumerate(kinds):
        t[i, [V.C_TYPE, V.C_COST, V.C_COLOR, V.C_CHAIN, V.C_RANK, V.C_COPIES, V.C_N_ABILITIES]] = (
            k.type, k.cost, k.color, mask(k.chain), k.rank, k.copies, len(k.abilities))
    return t


def ability_table(cards, rows) -> np.ndarray:
    """[card, ability, AB_*]; rows past a card's abilities stay zero."""
    t = np.zeros((len(cards), rows, V.N_AB_COLS), dtype=np.int64)
    for i, card in enumerate(cards):
        for j, a in enumerate(card.abilities):
            t[i, j, [V.AB_TIMING, V.AB_EFFECT, V.AB_VALUE, V.AB_COST_KIND, V.AB_COST]] = (
                a.timing, a.effect, a.value, a.cost_kind, a.cost)
    return t


def apply_overrides(card, names, overrides):
    """Write {card name: {"cost": n}} into the card table; a bad one is an InputError."""
    try:
        set_overrides(card, names, overrides)
    except DeckError as e:
        raise InputError(str(e)) from None


def set_overrides(card, names, overrides):
    """``apply_overrides``' checks and writes, their errors told as a DeckError's line."""
    site = Site("overrides", "argument")
    if not isinstance(overrides, dict):
        raise site.error("overrides", f"{overrides!r} is not a table", '{card name: {"cost": n}}')
    row = {n: i for i, n in enumerate(names)}
    for name, fields in overrides.items():
        site = Site("overrides", f'card "{name}"')
        if name not in row:
            problem = f"not a Disciple, Warrior or Artifact of the set{did_you_mean(name, row)}"
            raise site.error("card", problem, "a card name of the set")
        if not isinstance(fields, dict):
            raise site.error("fields", f"{fields!r} is not a table", '{"cost": n}')
        check_keys(site, fields, TUNABLE)
        card[row[name], V.C_COST] = want_int(site, fields, "cost", 0, high=COST_MAX)


# ------------------------------------------------------------------ loading
def load_set(path) -> CardSet:
    """The card set in the TOML file ``path``, every field checked."""
    source = str(path)
    raw = read_toml(path)
    check_sections(source, raw)
    name = set_name(source, raw)
    parsers = {"god": parse_god, "temple": parse_temple, "warrior": parse_kind, "artifact": parse_kind,
               "disciple": parse_kind}
    cards = {key: [parse(source, t, key, i) for i, t in enumerate(section(source, raw, key))]
             for key, parse in parsers.items()}
    check_counts(source, cards)
    check_unique(source, cards)
    kinds = sorted(cards["disciple"], key=lambda k: k.rank) + cards["warrior"] + cards["artifact"]
    return CardSet(name, source, tuple(kinds), tuple(cards["god"]), tuple(cards["temple"]))


def validate_main(paths) -> int:
    """``balance validate --ruleset kamigami``: check each card set file; 0 if
    all are good, 2 with one line on stderr at the first bad one."""
    for path in paths:
        try:
            cards = load_set(path)
            cards.tables()
        except DeckError as e:
            print(e, file=sys.stderr)
            return 2
        print(f"ok {path}: {cards.name}: {len(cards.gods)} Gods, {len(cards.temples)} Temples, "
              f"{len(cards.kinds)} kinds of Draw Deck cards ({sum(k.copies for k in cards.kinds)} cards)")
    return 0


def check_sections(source, raw):
    """Only a card set's tables at the top: an In Nomine deck is refused outright."""
    for key in raw:
        if key not in SECTIONS:
            raise Site(source, "file").error(
                key, "unknown top-level key: this is not a Kamigami Battles card set",
                "the tables [set], [[god]], [[temple]], [[warrior]], [[artifact]], [[disciple]]")


def section(source, raw, key) -> list:
    """The ``[[key]]`` tables of the file."""
    tables = raw.get(key, [])
    if not isinstance(tables, list):
        raise Site(source, "file").error(key, "is not an array of tables", f"[[{key}]] tables")
    return tables


def set_name(source, raw) -> str:
    """``[set]`` with the set's ``name``."""
    site = Site(source, "set")
    table = raw.get("set")
    if not isinstance(table, dict):
        problem = "missing [set] table" if table is None else f"{table!r} is not a table"
        raise site.error("set", problem, '[set] with name = "..."')
    check_keys(site, table, ("name",))
    return want_str(site, table, "name")


def check_counts(source, cards):
    """Enough cards to set up: 2 Gods (a game has 2 to 6 players), a Temple, six different
    Warrior piles and 3 Artifacts in the Hall of Heroes (Setup 4, 5), and one
    Disciple of each rank (Setup 6: "Sort the Disciple I, Disciple II, and
    Disciple III's into their separate piles")."""
    site = Site(source, "file")
    for key, least in MINIMUM.items():
        if len(cards[key]) < least:
            raise site.error(key, f"{len(cards[key])} [[{key}]] tables", f"at least {least}")
    ranks = sorted(k.rank for k in cards["disciple"])
    if ranks != [1, 2, 3]:
        raise site.error("disciple", f"Disciples of ranks {ranks}",
                         "exactly 3 Disciples, of ranks 1, 2 and 3")


def check_unique(source, cards):
    """Card names are unique in the set: overrides and reports name cards."""
    seen = {}
    for key, parsed in cards.items():
        for card in parsed:
            where = f'{key} "{card.name}"'
            if card.name in seen:
                raise Site(source, where).error("name", f"also the name of a {seen[card.name]}",
                                                "a name unique in the set")
            seen[card.name] = key


def card_site(source, raw, key, index) -> tuple[Site, str]:
    """The Site of a ``[[key]]`` card (by its name once read) and its name; unknown keys refused."""
    return named_table(source, raw, key, index, KEYS[key], quote=lambda name: f'"{name}"')


def parse_god(source, raw, key, index) -> God:
    """A God card: Culture, Name and Title, 3 Spheres of Influence ("The Temple
    chosen must match one of the God's 3 Spheres of Influence") and Abilities."""
    site, name = card_site(source, raw, key, index)
    return God(name, want_str(site, raw, "title"), want_str(site, raw, "culture"),
               distinct_names(site, raw, "spheres", V.SPHERES, 3),
               abilities(site, raw, V.MAX_GOD_ABILITIES, True))


def parse_temple(source, raw, key, index) -> Temple:
    """A Temple card: its Sphere of Influence and Abilities."""
    site, name = card_site(source, raw, key, index)
    sphere = V.SPHERES.index(want_name(site, raw, "sphere", V.SPHERES))
    return Temple(name, sphere, abilities(site, raw, V.MAX_GOD_ABILITIES, True))


def parse_kind(source, raw, key, index) -> Kind:
    """A Warrior or Artifact (Primary Color, 2 Chaining Colors, Cost, Abilities)
    or a Disciple (Cost, Disciple Type I-III, Abilities; no color)."""
    site, name = card_site(source, raw, key, index)
    cost = want_int(site, raw, "cost", 0, high=COST_MAX)
    copies = want_int(site, raw, "copies", 1, *DEFAULT_COPIES[key], high=COPIES_MAX)
    if key == "disciple":
        color, chain, rank = -1, (), want_int(site, raw, "rank", 1, high=3)
    else:
        color, rank = V.COLORS.index(want_name(site, raw, "color", V.COLORS)), 0
        chain = distinct_names(site, raw, "chain", V.COLORS, 2)
    return Kind(name, V.TYPES.index(key), cost, color, chain, rank, copies,
                abilities(site, raw, V.MAX_ABILITIES, False))


def distinct_names(site, raw, key, names, n) -> tuple[int, ...]:
    """A list of exactly ``n`` distinct names of ``names``, as their indices."""
    allowed = f"a list of {n} distinct of {choices(names)}"
    if key not in raw:
        raise site.error(key, "missing required field", allowed)
    v = raw[key]
    if not isinstance(v, list):
        raise site.error(key, f"{v!r} is not a list", allowed)
    for i, x in enumerate(v):
        if not isinstance(x, str) or x not in names:
            raise site.error(f"{key}[{i}]", f"unknown value {x!r}", choices(names))
    if len(v) != n or len(set(v)) != n:
        raise site.error(key, f"{v!r} is not {n} distinct names", allowed)
    return tuple(names.index(x) for x in v)


def abilities(site, raw, most, repeatable) -> tuple[Ability, ...]:
    """1 to ``most`` Abilities ("Every Warrior, Artifact, and Disciple card ...
    has one or more Abilities"); ``repeatable`` on a God or Temple card."""
    allowed = f"a list of 1 to {most} abilities {ABILITY_FORM}"
    if "abilities" not in raw:
        raise site.error("abilities", "missing required field", allowed)
    v = raw["abilities"]
    if not isinstance(v, list) or not 1 <= len(v) <= most:
        raise site.error("abilities", f"{v!r} is not a list of 1 to {most} abilities", allowed)
    return tuple(parse_ability(site, a, f"abilities[{i}]", repeatable) for i, a in enumerate(v))


def parse_ability(site, raw, label, repeatable) -> Ability:
    """One Ability.  Its type is its effect's ("Attack is a type of Act Ability",
    "Defense is a type of React Ability").  A God's React may be used "as many
    times as you can pay the costs" (Glossary, "God Ability"), so on a God or
    Temple a React with a value must have an Activation Cost."""
    if not isinstance(raw, dict):
        raise site.error(label, f"{raw!r} is not a table", ABILITY_FORM)
    check_keys(site, raw, ABILITY_KEYS, prefix=f"{label}.")
    effect = want_name(site, raw, "effect", V.EFFECTS, label=f"{label}.effect")
    code, timing, valued = V.EFFECTS[effect]
    if want_name(site, raw, "type", V.TIMINGS, label=f"{label}.type") != V.TIMINGS[timing]:
        raise site.error(f"{label}.type", f"{raw['type']!r} with effect {effect!r}", repr(V.TIMINGS[timing]))
    value = ability_value(site, raw, label, effect, valued)
    cost_kind, cost = ability_cost(site, raw, label)
    if repeatable and timing == V.REACT and valued and cost_kind == V.NO_COST:
        problem = f"missing on a God's or Temple's react {effect!r}, usable as often as paid"
        raise site.error(f"{label}.cost", problem,
                         "{faith = n} or {energy = n}")
    name = want_str(site, raw, "name", label=f"{label}.name") if "name" in raw else ""
    return Ability(timing, code, value, cost_kind, cost, name)


def ability_value(site, raw, label, effect, valued) -> int:
    """The effect's number (Attack or Defense Value, cards, Faith, Energy) iff it takes one."""
    if valued:
        return want_int(site, raw, "value", 1, label=f"{label}.value", high=VALUE_MAX)
    if "value" in raw:
        raise site.error(f"{label}.value", f"effect {effect!r} takes no value", "no value")
    return 0


def ability_cost(site, raw, label) -> tuple[int, int]:
    """An Activation Cost (Glossary): ``{faith = n}`` or ``{energy = n}``; none if absent."""
    if "cost" not in raw:
        return V.NO_COST, 0
    v = raw["cost"]
    if not isinstance(v, dict) or len(v) != 1:
        raise site.error(f"{label}.cost", f"{v!r} is not one cost", "{faith = n} or {energy = n}")
    check_keys(site, v, V.COSTS[1:], prefix=f"{label}.cost.")
    (kind,) = v
    return V.COSTS.index(kind), want_int(site, v, kind, 1, label=f"{label}.cost.{kind}", high=COST_MAX)
