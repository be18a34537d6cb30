"""Solium Infernum's roster: the Legions, Places of Power, Praetors, Artifacts and
Combat Cards of its combats, the armies and Praetor programs that play them,
read from TOML with its checks, and compiled into tables (DESIGN §4, §8;
docs/solium.md, "Roster file format").

The manual prints one Legion's stats (Abyssal Striders) and no roster:
``decks/solium/pandemonium.toml`` is designed within its frame.  A file may use
only the names of ``vocabulary.py``; anything else is a ``DeckError`` naming
the file, the entry, the field and what is allowed.
"""
from __future__ import annotations

import dataclasses
import re
import sys
from dataclasses import dataclass

import numpy as np

from ...errors import InputError
from ...fields import DeckError, Site, check_keys, choices, did_you_mean, named_table, read_toml, want_int, want_str
from . import vocabulary as V

SECTIONS = ("set", "legion", "place", "praetor", "artifact", "combat_card", "army", "program")
STATS = {"legion": ("level", "ranged", "melee", "infernal", "hp", "loyalty", "move", "upkeep"),
         "place": ("level", "ranged", "melee", "infernal", "hp"),
         "praetor": ("level", "attack", "defense", "infernal", "hp", "luck")}
LEAST = {"level": 1, "hp": 1, "move": 1}                # every other stat may be 0
OPTIONAL = {"upkeep": {"default": 0}, "loyalty": {"default": 0}, "move": {"default": 1}}   # the map's, in a battle
KEYS = {"legion": ("name", *STATS["legion"], "abilities"), "place": ("name", *STATS["place"], "abilities"),
        "praetor": ("name", *STATS["praetor"], "abilities", "moves"), "artifact": ("name", "abilities"),
        "combat_card": ("name", "elements"), "army": ("name", "legion", "place", "support", "cards", "praetor",
                                                      "artifacts"),
        "program": ("name", "praetor", "slots")}
ELEMENT_KEYS = ("on", "attribute", "dice", "plus")
ELEMENT_FORM = '{on = "own" | "enemy", attribute = "ranged" | "melee" | "infernal" | "hit_points", ' \
               'dice = "NdS" (optional), plus = n}'
SLOT_KEYS = ("move", "skulls", "shields")
ABILITY_FORM = 'a list of ability names, or {name = "...", x = n} for one that takes an X'
DICE = re.compile(r"^([1-9])d(4|6|8|10|12|20)$")


def attachment_slots(level: int) -> int:
    """4.4, "Legion Attachments" (and 4.5 for Places of Power): 1 slot at level
    1-2, 2 at 3-4, 3 at 5-6, 4 at 7 and above."""
    return min((level + 1) // 2, V.MAX_CARDS)


# ------------------------------------------------------------------ records
@dataclass(frozen=True)
class Unit:
    """A Legion (4.4), Place of Power (4.5) or Praetor (4.6): its printed stats,
    battle abilities ({ability name: X}, 1 for one without X) and, for a
    Praetor, the exotic moves it knows (Appendix C)."""
    name: str
    kind: str                  # "legion", "place" or "praetor"
    stats: dict
    abilities: dict
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Element:
    """One element of a Combat Card (4.12): +amount to its own attribute or Hit
    Points, or -amount to the enemy's attribute; amount = dice + plus."""
    on: int                    # vocabulary.OWN or ENEMY
    attribute: int             # RANGED, MELEE, INFERNAL or HIT_POINTS
    dice: int
    sides: int
    plus: int


@dataclass(frozen=True)
class Army:
    """A Legion (or a Place of Power's garrison) as it fights: the Legions
    adjacent that support it, and its attachments (Combat Cards, at most one
    Praetor, Artifacts)."""
    name: str
    unit: str
    support: tuple[str, ...]
    cards: tuple[str, ...]
    praetor: str | None
    artifacts: tuple[str, ...]


@dataclass(frozen=True)
class Program:
    """A Praetor's six Combat Slots (4.17): (move, Skulls, Shields) each."""
    name: str
    praetor: str
    slots: tuple[tuple[str, int, int], ...]


@dataclass(frozen=True)
class Roster:
    name: str
    source: str
    units: dict                # name -> Unit (Legions, Places, Praetors)
    artifacts: dict            # name -> {ability: X}
    cards: dict                # name -> tuple[Element, ...]
    armies: tuple[Army, ...]
    programs: tuple[Program, ...]

    @property
    def army_names(self) -> list[str]:
        return [a.name for a in self.armies]

    @property
    def program_names(self) -> list[str]:
        return [p.name for p in self.programs]

    @property
    def praetor_names(self) -> list[str]:
        return [n for n, u in self.units.items() if u.kind == "praetor"]

    @property
    def legion_names(self) -> list[str]:
        """Legions and Places of Power: the core of an army."""
        return [n for n, u in self.units.items() if u.kind != "praetor"]

    @property
    def kinds(self) -> list[str]:
        """What the causal and observational tests swap and count: each ability,
        exotic move and Combat Card the roster uses (bit k of the records' masks)."""
        held = {a for u in self.units.values() for a in u.abilities} | {
            a for arts in self.artifacts.values() for a in arts}
        moves = {m for p in self.programs for m, _, _ in p.slots if m not in V.BASIC_MOVES}
        return sorted(held - set(V.OUTSIDE)) + sorted(moves) + list(self.cards)

    def held(self, entrant: str) -> list[str]:
        """The kinds (``kinds``) an army or program holds."""
        return sorted(held_kinds(self, entrant) & set(self.kinds))

    def swapped(self, swaps: dict) -> Roster:
        """This roster with each kind of ``swaps`` ({name: None}) taken out
        everywhere (its blank, baselines.py): an ability from every holder, a
        Combat Card's elements, an exotic move replaced by the basic move with
        the same Skulls and Shields."""
        gone = set(swaps)
        units = {n: dataclasses.replace(u, abilities={a: x for a, x in u.abilities.items() if a not in gone})
                 for n, u in self.units.items()}
        artifacts = {n: {a: x for a, x in arts.items() if a not in gone} for n, arts in self.artifacts.items()}
        cards = {n: () if n in gone else e for n, e in self.cards.items()}
        programs = tuple(dataclasses.replace(p, slots=tuple(blank_move(s) if s[0] in gone else s for s in p.slots))
                         for p in self.programs)
        return dataclasses.replace(self, units=units, artifacts=artifacts, cards=cards, programs=programs)

    def overridden(self, overrides: dict) -> Roster:
        """This roster with {unit name: {stat or ability: n}} written over its
        entries (``tune``, ``compare``), the file untouched; a bad one is an InputError."""
        try:
            return dataclasses.replace(self, units={**self.units, **{
                name: override(self, name, fields) for name, fields in (overrides or {}).items()}})
        except DeckError as e:
            raise InputError(str(e)) from None

    def tunable(self) -> dict:
        """{unit: {field: (its value, the least it may take)}}: each unit's stats
        and the X of its abilities that take one."""
        return {n: {**{s: (v, LEAST.get(s, 0)) for s, v in u.stats.items()},
                    **{a: (x, 0) for a, x in u.abilities.items() if V.ABILITIES[a][1]}}
                for n, u in self.units.items()}

    def tables(self) -> dict[str, np.ndarray]:
        """The compiled int64 tables (columns in vocabulary.py)."""
        praetors = self.praetor_names
        return {"unit": np.array([unit_row(self, a) for a in self.armies], dtype=np.int64).reshape(-1, V.N_UNIT_COLS),
                "ability": np.array([ability_row(self, a) for a in self.armies],
                                    dtype=np.int64).reshape(-1, V.N_ABILITIES),
                "card": card_table(self),
                "praetor": np.array([[self.units[p].stats[s] for s in STATS["praetor"]] for p in praetors],
                                    dtype=np.int64).reshape(-1, V.N_PRAETOR_COLS),
                "program": program_table(self.programs),
                "program_praetor": np.array([praetors.index(p.praetor) for p in self.programs], dtype=np.int64),
                "known": np.array([[m in V.BASIC_MOVES or m in self.units[p].moves for m in V.MOVES]
                                   for p in praetors], dtype=np.int64).reshape(-1, len(V.MOVES))}


def blank_move(slot):
    """An exotic move's blank: the basic move of its Skulls and Shields (Melee
    Attack, Defense or Guarded Attack, clamped to their ranges), or an empty slot."""
    _, skulls, shields = slot
    move = {(True, False): "melee_attack", (False, True): "melee_defense",
            (True, True): "guarded_attack"}.get((skulls > 0, shields > 0), "none")
    _, (_, most_skulls), (_, most_shields), _ = V.MOVES[move]
    return move, min(skulls, most_skulls), min(shields, most_shields)


def held_kinds(roster: Roster, entrant: str) -> set[str]:
    """Every ability, exotic move and Combat Card of an army, or move of a
    program (a Praetor's battle abilities play no part in a duel)."""
    army = next((a for a in roster.armies if a.name == entrant), None)
    if army is None:
        return {m for m, _, _ in next(p for p in roster.programs if p.name == entrant).slots}
    held = set(roster.units[army.unit].abilities) | set(army.cards)
    for art in army.artifacts:
        held |= set(roster.artifacts[art])
    if army.praetor:
        held |= set(roster.units[army.praetor].abilities)
    return held


def override(roster: Roster, name: str, fields) -> Unit:
    """One unit with ``fields`` written over its stats and abilities' X."""
    site = Site("overrides", f'unit "{name}"')
    if name not in roster.units:
        raise site.error("unit", f"not a unit of the roster{did_you_mean(name, roster.units)}",
                         "a Legion, Place of Power or Praetor of the roster")
    unit = roster.units[name]
    tunable = roster.tunable()[name]
    if not isinstance(fields, dict):
        raise site.error("fields", f"{fields!r} is not a table", choices(tunable))
    check_keys(site, fields, tunable)
    new = {f: want_int(site, fields, f, tunable[f][1]) for f in fields}
    return dataclasses.replace(unit, stats={**unit.stats, **{f: v for f, v in new.items() if f in unit.stats}},
                               abilities={**unit.abilities, **{f: v for f, v in new.items() if f in unit.abilities}})


# ------------------------------------------------------------------ compiling
def attached_abilities(roster: Roster, army: Army) -> dict:
    """{ability: X} of an army: its Legion's, its Artifacts' and its Praetor's,
    summed; Seat of Command triples the Praetor's attribute bonuses (Appendix D)."""
    total: dict = dict(roster.units[army.unit].abilities)
    sources = [roster.artifacts[a] for a in army.artifacts]
    if army.praetor:
        triple = any("seat_of_command" in s for s in sources)
        bonus = set(V.PLUS.values())
        sources.append({a: x * (3 if triple and V.ABILITIES[a][0] in bonus else 1)
                        for a, x in roster.units[army.praetor].abilities.items()})
    for s in sources:
        for a, x in s.items():
            total[a] = total.get(a, 0) + x
    return total


def unit_row(roster: Roster, army: Army) -> list[int]:
    """U_LEVEL .. U_N_CARDS: the printed stats with the Praetor's and Artifacts'
    +X, and the support of the adjacent Legions, half of each attribute rounded
    down (4.16, "Support Is Determined"; Center of Evil: whole)."""
    u = roster.units[army.unit]
    held = attached_abilities(roster, army)
    attrs = [u.stats[a] + held.get(f"{a}_plus", 0) for a in V.ATTRIBUTES]
    support = [0, 0, 0]
    for name in army.support:
        s = roster.units[name]
        whole = "center_of_evil" in s.abilities
        for k, a in enumerate(V.ATTRIBUTES):
            support[k] += s.stats[a] if whole else s.stats[a] // 2
    return [u.stats["level"], *attrs, u.stats["hp"], int(u.kind == "place"), u.stats.get("loyalty", 0), *support,
            len(army.cards)]


def ability_row(roster: Roster, army: Army) -> list[int]:
    """The X of each ability (vocabulary.A_*) the army holds, summed."""
    row = [0] * V.N_ABILITIES
    for a, x in attached_abilities(roster, army).items():
        row[V.ABILITIES[a][0]] += x
    return row


def card_table(roster: Roster) -> np.ndarray:
    """[army, card, element, CE_*]: its Combat Cards' elements; CE_ON = NO_ELEMENT past them."""
    t = np.zeros((len(roster.armies), V.MAX_CARDS, V.MAX_ELEMENTS, V.N_ELEMENT_COLS), dtype=np.int64)
    t[..., V.CE_ON] = V.NO_ELEMENT
    for i, army in enumerate(roster.armies):
        for j, card in enumerate(army.cards):
            for k, e in enumerate(roster.cards[card]):
                t[i, j, k] = (e.on, e.attribute, e.dice, e.sides, e.plus)
    return t


def program_table(programs) -> np.ndarray:
    """[program, slot, SL_*]: each Combat Slot's move code, Skulls, Shields and Orbs."""
    t = np.zeros((len(programs), V.SLOTS, V.N_SLOT_COLS), dtype=np.int64)
    for i, p in enumerate(programs):
        for j, (move, skulls, shields) in enumerate(p.slots):
            t[i, j] = (V.MOVES[move][0], skulls, shields, V.MOVES[move][3])
    return t


# ------------------------------------------------------------------ loading
def load_roster(path) -> Roster:
    """The roster in the TOML file ``path``, every field checked."""
    source = str(path)
    raw = read_toml(path)
    for key in raw:
        if key not in SECTIONS:
            raise Site(source, "file").error(key, "unknown top-level key: this is not a Solium Infernum roster",
                                             f"the tables [set], {', '.join(f'[[{s}]]' for s in SECTIONS[1:])}")
    name = set_name(source, raw)
    units = {}
    for kind in STATS:
        for i, t in enumerate(section(source, raw, kind)):
            unit = parse_unit(source, t, kind, i)
            unique(source, kind, unit.name, units)
            units[unit.name] = unit
    artifacts = named(source, raw, "artifact", lambda site, t: abilities(site, t))
    cards = named(source, raw, "combat_card", parse_card)
    partial = Roster(name, source, units, artifacts, cards, (), ())
    armies = tuple(parse_army(source, t, i, partial) for i, t in enumerate(section(source, raw, "army")))
    programs = tuple(parse_program(source, t, i, partial) for i, t in enumerate(section(source, raw, "program")))
    entrants: dict = {}
    for kind, entries in (("army", armies), ("program", programs)):
        for e in entries:
            unique(source, kind, e.name, entrants)
            entrants[e.name] = kind
    roster = Roster(name, source, units, artifacts, cards, armies, programs)
    if len(roster.kinds) > 63:
        raise Site(source, "file").error("abilities", f"{len(roster.kinds)} abilities, moves and Combat Cards",
                                         "at most 63 (a record's bitmask)")
    return roster


def set_name(source, raw) -> str:
    """``[set]`` with the roster's ``name``."""
    site = Site(source, "set")
    table = raw.get("set")
    if not isinstance(table, dict):
        raise site.error("set", "missing [set] table" if table is None else f"{table!r} is not a table",
                         '[set] with name = "..."')
    check_keys(site, table, ("name",))
    return want_str(site, table, "name")


def section(source, raw, key) -> list:
    """The ``[[key]]`` tables of the file."""
    tables = raw.get(key, [])
    if not isinstance(tables, list):
        raise Site(source, "file").error(key, "is not an array of tables", f"[[{key}]] tables")
    return tables


def unique(source, kind, name, seen):
    """Names are unique across units, and across armies and programs: entrants and overrides name them."""
    if name in seen:
        raise Site(source, f'{kind} "{name}"').error("name", "used twice", "a name unique in the roster")


def named(source, raw, key, parse) -> dict:
    """{name: parse(site, table)} of the ``[[key]]`` tables."""
    out = {}
    for i, t in enumerate(section(source, raw, key)):
        site, name = named_table(source, t, key, i, KEYS[key], quote=lambda n: f'"{n}"')
        unique(source, key, name, out)
        out[name] = parse(site, t)
    return out


def parse_unit(source, raw, kind, index) -> Unit:
    """A Legion, Place of Power or Praetor: its stats (Hit Points and level at
    least 1, Luck and the rest at least 0), abilities and exotic moves."""
    site, name = named_table(source, raw, kind, index, KEYS[kind], quote=lambda n: f'"{n}"')
    stats = {s: want_int(site, raw, s, LEAST.get(s, 0), **OPTIONAL.get(s, {})) for s in STATS[kind]}
    moves = tuple(exotic_moves(site, raw)) if kind == "praetor" else ()
    return Unit(name, kind, stats, abilities(site, raw), moves)


def abilities(site, raw) -> dict:
    """{ability: X} from ``abilities``: names of vocabulary.ABILITIES, an X
    (``{name, x}``) exactly where the ability takes one."""
    out = {}
    for i, a in enumerate(raw.get("abilities", [])):
        label = f"abilities[{i}]"
        table = {"name": a} if isinstance(a, str) else a
        if not isinstance(table, dict):
            raise site.error(label, f"{a!r} is neither a name nor a table", ABILITY_FORM)
        check_keys(site, table, ("name", "x"), prefix=f"{label}.")
        name = want_str(site, table, "name", label=f"{label}.name")
        if name in V.UNMODELLED:
            raise site.error(label, f"{name!r} acts in battle and is not modelled (docs/solium.md)",
                             choices(n for n in V.ABILITIES))
        if name not in V.ABILITIES:
            raise site.error(label, f"unknown ability {name!r}{did_you_mean(name, V.ABILITIES)}",
                             choices(V.ABILITIES))
        takes_x = V.ABILITIES[name][1]
        if takes_x != ("x" in table):
            raise site.error(f"{label}.x", f"{name!r} {'takes an X' if takes_x else 'takes no X'}",
                             f'{{name = "{name}", x = n}}' if takes_x else f'"{name}"')
        out[name] = want_int(site, table, "x", 1, label=f"{label}.x") if takes_x else 1
    return out


def exotic_moves(site, raw) -> list[str]:
    """The exotic moves a Praetor has learnt (Appendix C); the basic ones are every Praetor's."""
    exotic = [m for m in V.MOVES if m not in V.BASIC_MOVES]
    moves = raw.get("moves", [])
    for i, m in enumerate(moves):
        if m not in exotic:
            raise site.error(f"moves[{i}]", f"unknown exotic move {m!r}{did_you_mean(str(m), exotic)}",
                             choices(exotic))
    return moves


def parse_card(site, raw) -> tuple[Element, ...]:
    """A Combat Card: 1 to MAX_ELEMENTS elements (4.12: three at Wrath 5)."""
    v = raw.get("elements")
    if not isinstance(v, list) or not 1 <= len(v) <= V.MAX_ELEMENTS:
        raise site.error("elements", f"{v!r} is not a list of 1 to {V.MAX_ELEMENTS} elements", ELEMENT_FORM)
    return tuple(parse_element(site, e, f"elements[{i}]") for i, e in enumerate(v))


def parse_element(site, raw, label) -> Element:
    """One element: its side, attribute, dice ("NdS") and plus; a Combat Card
    takes from the enemy only its attributes, not its Hit Points (4.12)."""
    if not isinstance(raw, dict):
        raise site.error(label, f"{raw!r} is not a table", ELEMENT_FORM)
    check_keys(site, raw, ELEMENT_KEYS, prefix=f"{label}.")
    on = ("own", "enemy").index(choose(site, raw, "on", ("own", "enemy"), label))
    targets = V.ATTRIBUTES + ("hit_points",) if on == V.OWN else V.ATTRIBUTES
    attribute = targets.index(choose(site, raw, "attribute", targets, label))
    dice, sides = 0, 0
    if "dice" in raw:
        m = DICE.match(str(raw["dice"]))
        if not m:
            raise site.error(f"{label}.dice", f"{raw['dice']!r} is not dice", '"NdS", N 1-9, S one of 4 6 8 10 12 20')
        dice, sides = int(m[1]), int(m[2])
    plus = want_int(site, raw, "plus", 0, default=0, label=f"{label}.plus")
    if dice == 0 and plus == 0:
        raise site.error(f"{label}.plus", "an element of no amount", "dice, or plus at least 1")
    return Element(on, attribute, dice, sides, plus)


def choose(site, raw, key, names, label) -> str:
    """A field that must be one of ``names``."""
    v = raw.get(key)
    if v not in names:
        raise site.error(f"{label}.{key}", "missing required field" if v is None else f"unknown value {v!r}",
                         choices(names))
    return v


def name_list(site, raw, key, names, what) -> tuple[str, ...]:
    """A list of names of the roster's ``what``."""
    v = raw.get(key, [])
    if not isinstance(v, list):
        raise site.error(key, f"{v!r} is not a list", f"a list of {what}")
    for i, n in enumerate(v):
        if n not in names:
            raise site.error(f"{key}[{i}]", f"{n!r} is not one of its {what}{did_you_mean(str(n), names)}",
                             choices(names) or f"no {what} in this roster")
    return tuple(v)


def parse_army(source, raw, index, roster: Roster) -> Army:
    """An army: a Legion or Place of Power, the Legions that support it (Places
    of Power never support, 4.16), and at most its attachment slots of Combat
    Cards, Praetor and Artifacts (4.4), no Combat Card adding to a zero attribute (4.12)."""
    site, name = named_table(source, raw, "army", index, KEYS["army"], quote=lambda n: f'"{n}"')
    kinds = {k: [n for n, u in roster.units.items() if u.kind == k] for k in STATS}
    if ("legion" in raw) == ("place" in raw):
        raise site.error("legion", "give one of legion or place", "legion = a Legion, or place = a Place of Power")
    key = "legion" if "legion" in raw else "place"
    unit = name_list(site, {key: [raw[key]]}, key, kinds[key], f"{key}s")[0]
    praetor = name_list(site, {"praetor": [raw["praetor"]]}, "praetor", kinds["praetor"],
                        "Praetors")[0] if "praetor" in raw else None
    army = Army(name, unit, name_list(site, raw, "support", kinds["legion"], "Legions"),
                name_list(site, raw, "cards", list(roster.cards), "Combat Cards"), praetor,
                name_list(site, raw, "artifacts", list(roster.artifacts), "Artifacts"))
    check_attachments(site, roster, army)
    return army


def check_attachments(site, roster: Roster, army: Army):
    """At most the unit's attachment slots, and no Combat Card bonus on an attribute of zero."""
    u = roster.units[army.unit]
    n = len(army.cards) + len(army.artifacts) + (army.praetor is not None)
    slots = attachment_slots(u.stats["level"])
    if n > slots:
        raise site.error("cards", f"{n} attachments on a level {u.stats['level']} {u.kind}",
                         f"at most {slots} (4.4: 1 at level 1-2, 2 at 3-4, 3 at 5-6, 4 from 7)")
    for card in army.cards:
        for e in roster.cards[card]:
            if e.on == V.OWN and e.attribute < 3 and u.stats[V.ATTRIBUTES[e.attribute]] == 0:
                raise site.error("cards", f"{card!r} adds to {V.ATTRIBUTES[e.attribute]}, which is 0 for "
                                          f"{army.unit}", "Combat Cards adding only to non-zero attributes (4.12)")


def parse_program(source, raw, index, roster: Roster) -> Program:
    """A Praetor's program: up to six Combat Slots, each a move it knows with
    Skulls and Shields in the move's ranges, within its Attack, Defense and
    Infernal for the round, and at least one move (4.17)."""
    site, name = named_table(source, raw, "program", index, KEYS["program"], quote=lambda n: f'"{n}"')
    praetor = name_list(site, {"praetor": [raw.get("praetor")]}, "praetor", roster.praetor_names, "Praetors")[0]
    v = raw.get("slots")
    if not isinstance(v, list) or len(v) > V.SLOTS:
        raise site.error("slots", f"{v!r} is not a list of at most {V.SLOTS} slots",
                         '[{move = "...", skulls = n, shields = n}, ...]')
    unit = roster.units[praetor]
    slots = tuple(parse_slot(site, s, f"slots[{i}]", unit) for i, s in enumerate(v))
    slots += (("none", 0, 0),) * (V.SLOTS - len(slots))
    if all(m == "none" for m, _, _ in slots):
        raise site.error("slots", "no moves", "at least one move in six Combat Slots")
    orbs = sum(V.MOVES[m][3] for m, _, _ in slots)
    for used, stat, what in ((sum(s for _, s, _ in slots), "attack", "Skulls"),
                             (sum(h for _, _, h in slots), "defense", "Shields"), (orbs, "infernal", "Orbs")):
        if used > unit.stats[stat]:
            raise site.error("slots", f"{used} {what} in a round", f"at most {praetor}'s {stat.title()} "
                                                                    f"{unit.stats[stat]}")
    return Program(name, praetor, slots)


def parse_slot(site, raw, label, praetor: Unit) -> tuple[str, int, int]:
    """(move, Skulls, Shields) of one slot, each within the move's range."""
    if not isinstance(raw, dict):
        raise site.error(label, f"{raw!r} is not a table", '{move = "...", skulls = n, shields = n}')
    check_keys(site, raw, SLOT_KEYS, prefix=f"{label}.")
    known = [m for m in V.MOVES if m in V.BASIC_MOVES or m in praetor.moves]
    move = choose(site, raw, "move", known, label)
    _, skulls, shields, _ = V.MOVES[move]
    return (move, *(want_int(site, raw, key, lo, default=lo, high=hi, label=f"{label}.{key}")
                    for key, (lo, hi) in (("skulls", skulls), ("shields", shields))))


def validate_main(paths) -> int:
    """``balance validate --ruleset solium``: check each roster file; 0 if all
    are good, 2 with one line on stderr at the first bad one."""
    for path in paths:
        try:
            roster = load_roster(path)
            roster.tables()
        except DeckError as e:
            print(e, file=sys.stderr)
            return 2
        print(f"ok {path}: {roster.name}: {len(roster.legion_names)} Legions and Places of Power, "
              f"{len(roster.praetor_names)} Praetors, {len(roster.armies)} armies, {len(roster.programs)} programs")
    return 0
