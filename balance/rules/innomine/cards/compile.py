"""Compiling the decks of a matchup to the kernel's card tables (DESIGN §4: "a
cost change is data, never a recompile").  Design ids are the cards of all the
decks sorted by name; seats are the decks in the order given."""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass

import numpy as np

from .. import vocabulary as V
from ..tables import Tables
from ....fields import DeckError, Site, choices, did_you_mean, want_int
from .schema import SUPERIOR_EFFECT_ROWS, Card, Deck

# Animals "only either go to Archangel Jordi's Realm or reincarnate otherwise when
# killed" (rulebook, "Animals"): the one Superior the rulebook names for them.
JORDI = "Jordi"
STAT_FIELDS = {f"{realm}_{part}": (r, "atk" if part == "attack" else "hits")
               for realm, r in V.REALMS.items() for part in ("attack", "hits")}


@dataclass(frozen=True)
class CompiledDecks:
    """The tables of a matchup, the names behind their ids, and a fingerprint."""
    tables: Tables
    names: list[str]            # design id -> card name
    superior_names: list[str]   # superior id -> Superior name
    decks: list[Deck]           # seat -> deck
    hash: str                   # sha256 of the tables' bytes


def compile_tables(decks, overrides=None, swaps=None) -> CompiledDecks:
    """One ``Tables`` for ``decks`` (one per seat); ``overrides`` = {card name:
    {field: value}} changes numeric fields without editing any file;
    ``swaps`` = one {card name: replacement Card, or None for the card's blank
    (``blank_card``)} per seat, whose copies in that seat's deck are swapped."""
    if not decks:
        raise DeckError("decks", "matchup", "decks", "no decks given", "one deck per seat")
    if swaps and any(swaps):
        decks = [with_swaps(d, swap) for d, swap in zip(decks, swaps)]
        overrides = blank_overrides(decks, overrides or {},
                                    {n for swap in swaps for n, card in swap.items() if card is None})
    cards = union_of(decks, "cards", "card")
    names = sorted(cards)
    superior_names = sorted(union_of(decks, "sheets", "superior"))
    design = design_arrays([cards[n] for n in names], superior_names)
    apply_overrides(design, names, cards, {} if overrides is None else overrides)
    tables = Tables(**design, **seat_arrays(decks, names, superior_names))
    return CompiledDecks(tables, names, superior_names, list(decks), tables_hash(tables))


def union_of(decks, attr, what) -> dict:
    """Cards (or sheets) of all decks by name; one name must mean one definition."""
    out = {}
    for deck in decks:
        for name, item in getattr(deck, attr).items():
            if out.setdefault(name, item) != item:
                raise DeckError(deck.path, f"{what} {name!r}", "definition",
                                f"differs from the one in {out[name].source}",
                                f"one definition per {what} name in a matchup")
    return out


# ------------------------------------------------------------------ one row per design
def design_arrays(cards, superior_names) -> dict:
    """The per-design fields of ``Tables``."""
    n = len(cards)
    a = {"ctype": zeros(n), "kind": zeros(n), "side": np.full(n, -1, np.int64), "cost": zeros(n),
         "atk": zeros(n, 3), "hits": zeros(n, 3), "lifespan": zeros(n), "destiny": zeros(n, 4),
         "fate": zeros(n, 4), "eff": zeros(n, V.MAX_EFFECTS, V.EFFECT_WIDTH), "superiors": zeros(n),
         "rung": zeros(n), "place": zeros(n)}
    ids = {s: i for i, s in enumerate(superior_names)}
    for d, card in enumerate(cards):
        fill_design(a, d, card, ids)
    return a


def zeros(*shape) -> np.ndarray:
    """An int64 array of zeros: every table field is int64."""
    return np.zeros(shape, dtype=np.int64)


def fill_design(a, d, card, superior_ids):
    """Row ``d`` from one card; Events cards cost 0, non-Beings have no stats."""
    ctype = V.CARD_TYPES[card.type]
    a["ctype"][d] = ctype
    a["kind"][d] = V.KINDS_BY_TYPE[ctype][card.kind] if card.kind else V.NO_KIND
    a["side"][d] = V.SIDES[card.side] if card.side else -1
    a["cost"][d] = card.cost
    if card.stats:
        a["atk"][d] = [s[0] for s in card.stats]
        a["hits"][d] = [s[1] for s in card.stats]
    a["lifespan"][d] = card.lifespan
    a["destiny"][d] = condition_row(card.destiny)
    a["fate"][d] = condition_row(card.fate)
    for k, e in enumerate(card.effects):
        a["eff"][d, k] = (e.code, *e.args)
    a["superiors"][d] = sum(1 << superior_ids[s] for s in set(card.superiors))
    a["rung"][d] = V.DISTINCTIONS[card.distinction][1] if card.distinction else 0
    a["place"][d] = V.PLACES[card.place]


def condition_row(cond) -> tuple[int, int, int, int]:
    """(counter, op, value, counter2); no condition is COND_NONE, never met."""
    if cond is None:
        return (0, V.COND_NONE, 0, 0)
    other = V.COUNTERS[cond.other] if cond.other else 0
    return (V.COUNTERS[cond.counter], V.CONDITION_OPS[cond.op], cond.value, other)


# ------------------------------------------------------------------ overrides
def override_fields(card) -> list[str]:
    """The numeric fields a card has: cost (Repository), lifespan (Human), stats (Beings)."""
    ctype = V.CARD_TYPES[card.type]
    fields = ["cost"] if ctype in V.REPOSITORY_TYPES else []
    fields += ["lifespan"] if ctype in V.MORTAL_TYPES else []
    return fields + (list(STAT_FIELDS) if ctype in V.BEING_TYPES else [])


def current_value(card, fname: str) -> int:
    """A card's value of an overridable field (``override_fields``), as written in its file."""
    if fname in ("cost", "lifespan"):
        return getattr(card, fname)
    realm, part = fname.split("_")
    index = ("celestial", "ethereal", "corporeal").index(realm)
    return card.stats[index][0 if part == "attack" else 1]


def lowest(fname: str) -> int:
    """The least value an override may give a field: costs and Attack 0, lifespans and hits 1."""
    return 0 if fname == "cost" or fname.endswith("_attack") else 1


def apply_overrides(a, names, cards, overrides):
    """{card name: {field: value}} written over the compiled rows, files untouched."""
    if not isinstance(overrides, dict):
        raise DeckError("overrides", "overrides", "overrides", f"{overrides!r} is not a dict",
                        "{card name: {field: value}}")
    index = {n: i for i, n in enumerate(names)}
    for name, fields in overrides.items():
        site = Site("overrides", f"card {name!r}")
        if name not in index:
            raise site.error("card", f"not in the compiled decks{did_you_mean(name, index)}",
                             "a card of the decks")
        if not isinstance(fields, dict):
            raise site.error("fields", f"{fields!r} is not a dict", "{field: value}")
        allowed = override_fields(cards[name])
        for field in fields:
            if field not in allowed:
                raise site.error(field, f"not a numeric field of this {cards[name].type} card",
                                 choices(allowed) or "none")
            low = 1 if field == "lifespan" or field.endswith("_hits") else 0
            set_field(a, index[name], field, want_int(site, fields, field, low))


def set_field(a, d, field, value):
    """Write one overridden value into design row ``d``."""
    if field in STAT_FIELDS:
        realm, array = STAT_FIELDS[field]
        a[array][d, realm] = value
    else:
        a[field][d] = value


# ------------------------------------------------------------------ blank cards
BLANK = "{} (blank)"


def blank_card(card: Card) -> Card:
    """A card of the same type, kind, side, cost and Superior restriction that
    does nothing: no effects, and a Being has Attack 0 and Hits 1 in every realm.
    A blanked Human keeps its lifespan, Destiny and Fate (docs/cards.md)."""
    stats = tuple((0, 1) for _ in card.stats) if card.stats else card.stats
    return dataclasses.replace(card, name=BLANK.format(card.name), stats=stats, effects=(), text="")


def with_swaps(deck: Deck, swaps: dict) -> Deck:
    """``deck`` with every copy of each named card swapped for its replacement
    (None: the card's blank); a replacement the deck already holds adds up."""
    for name in swaps:
        if name not in deck.repository and name not in deck.events:
            raise Site(deck.path, f"swap {name!r}").error(
                "card", f"not in this deck{did_you_mean(name, deck.distinct())}", "a card of the deck")
    new = {n: card or blank_card(deck.cards[n]) for n, card in swaps.items()}

    def swap(section):
        out: dict = {}
        for n, k in section.items():
            name = new[n].name if n in new else n
            out[name] = out.get(name, 0) + k
        return out
    cards = {n: c for n, c in deck.cards.items() if n not in new} | {c.name: c for c in new.values()}
    return dataclasses.replace(deck, repository=swap(deck.repository), events=swap(deck.events), cards=cards)


def blank_overrides(decks, overrides: dict, blanked: set) -> dict:
    """Overrides carried over to the blanks: a blank takes its card's overridden
    cost and lifespan (not its stats, which a blank does not have); the override
    of a blanked card that no deck holds any more is dropped."""
    if not isinstance(overrides, dict):
        return overrides                    # apply_overrides names the problem
    present = set().union(*(d.cards for d in decks))
    out = {n: f for n, f in overrides.items() if n in present or n not in blanked}
    for name, fields in overrides.items():
        if name in blanked and isinstance(fields, dict):
            out[BLANK.format(name)] = {f: v for f, v in fields.items() if f not in STAT_FIELDS}
    return out


# ------------------------------------------------------------------ one row per seat
def seat_arrays(decks, names, superior_names) -> dict:
    """The per-seat fields of ``Tables``: Superior, side, Dissonance, sheet
    abilities, both decks as design ids (-1 padded) and the distinct-card slots."""
    index = {n: i for i, n in enumerate(names)}
    sids = {s: i for i, s in enumerate(superior_names)}
    repo = [copies(d.repository, index) for d in decks]
    events = [copies(d.events, index) for d in decks]
    return {
        "seat_superior": np.array([sids[d.superior.name] for d in decks], np.int64),
        "seat_side": np.array([V.SIDES[d.superior.side] for d in decks], np.int64),
        "seat_dissonance": np.array([V.SUPERIOR_DISSONANCE[d.superior.dissonance] for d in decks],
                                    np.int64),
        "seat_jordi": np.array([d.superior.name == JORDI for d in decks], np.int64),
        "sup_eff": superior_effects(decks),
        "repo": padded(repo), "repo_n": np.array([len(r) for r in repo], np.int64),
        "events": padded(events), "events_n": np.array([len(e) for e in events], np.int64),
        "deck_slot": deck_slots(decks, index),
    }


def copies(section, index) -> list[int]:
    """Every card copy as its design id: by name, copies consecutive (the kernel shuffles)."""
    return [index[name] for name in sorted(section) for _ in range(section[name])]


def padded(rows) -> np.ndarray:
    """Per-seat id lists as one [P, max length] array, -1 padded."""
    out = np.full((len(rows), max(len(r) for r in rows)), -1, np.int64)
    for p, r in enumerate(rows):
        out[p, :len(r)] = r
    return out


def superior_effects(decks) -> np.ndarray:
    """Sheet abilities as (kind, code, a, b, c, d): "Choir or Band abilities which
    any Servitor of the appropriate type has added to their game text"."""
    out = zeros(len(decks), SUPERIOR_EFFECT_ROWS, 1 + V.EFFECT_WIDTH)
    for p, deck in enumerate(decks):
        rows = [(V.SERVITOR_KINDS[ab.kind], e.code, *e.args)
                for ab in deck.superior.abilities for e in ab.effects]
        for k, row in enumerate(rows):
            out[p, k] = row
    return out


def deck_slots(decks, index) -> np.ndarray:
    """deck_slot[p, d]: design d's place among seat p's distinct cards by name, -1 if absent."""
    out = np.full((len(decks), len(index)), -1, np.int64)
    for p, deck in enumerate(decks):
        for k, name in enumerate(deck.distinct()):
            out[p, index[name]] = k
    return out


def tables_hash(tables) -> str:
    """sha256 over every field's name, shape and bytes: same hash, same tables."""
    h = hashlib.sha256()
    for name, arr in zip(tables._fields, tables):
        h.update(f"{name}{arr.shape}".encode())
        h.update(np.ascontiguousarray(arr, dtype=np.int64).tobytes())
    return h.hexdigest()
