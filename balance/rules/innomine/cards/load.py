"""Reading card libraries, Superior sheets and decks from TOML, and the deck rules
(rulebook, "Game Play" and "Types of Cards"; DESIGN §8 for the error messages)."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

from ....fields import DeckError, Site, check_keys, choices, did_you_mean, read_toml, want_int, want_name, want_str
from .. import vocabulary as V
from .compile import compile_tables
from .schema import MAX_SUPERIORS, Deck, parse_card, parse_superior

MAX_DISTINCT = 64        # a deck's distinct cards are bits of one int64 in the records
HAND_SIZE = 7            # "Each player has a hand size of seven to begin the game"
MAX_INTERVENTIONS = 3    # "no more than three of each"
DECK_KEYS = ("name", "superior", "library", "sheets", "repository", "events")


def array_of_tables(path, raw, key) -> list:
    """The ``[[key]]`` tables of a file that may hold nothing else."""
    site = Site(str(path), "file")
    check_keys(site, raw, [key])
    tables = raw.get(key, [])
    if not isinstance(tables, list):
        raise site.error(key, "is not an array of tables", f"[[{key}]] tables")
    return tables


def load_library(folder) -> dict:
    """Every card in ``folder/*.toml``; names are unique across the library."""
    folder = Path(folder)
    files = sorted(folder.glob("*.toml")) if folder.is_dir() else []
    if not files:
        raise DeckError(folder, "library", "library", "no *.toml card files found",
                        "a folder of card files with [[card]] tables")
    return dict(_parse_library(tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)))


@functools.lru_cache(maxsize=8)
def _parse_library(files: tuple) -> dict:
    """``load_library``'s cards from (path, mtime, size) of each file: a grid
    loads every cell's decks, and the same unchanged library is parsed once."""
    cards = {}
    for path, _, _ in files:
        for i, raw in enumerate(array_of_tables(path, read_toml(path), "card")):
            card = parse_card(raw, str(path), i)
            if card.name in cards:
                raise DeckError(path, f"card {card.name!r}", "name",
                                f"already defined in {cards[card.name].source}",
                                "names unique across the library")
            cards[card.name] = card
    return cards


def load_superiors(path) -> dict:
    """Every Superior sheet in a ``[[superior]]`` file, by name."""
    sheets = {}
    for i, raw in enumerate(array_of_tables(path, read_toml(path), "superior")):
        sup = parse_superior(raw, str(path), i)
        if sup.name in sheets:
            raise DeckError(path, f"superior {sup.name!r}", "name", "defined twice", "unique names")
        sheets[sup.name] = sup
    if not sheets or len(sheets) > MAX_SUPERIORS:
        raise DeckError(path, "file", "superior", f"{len(sheets)} Superior sheets",
                        f"1 to {MAX_SUPERIORS} [[superior]] tables")
    return sheets


def check_card_superiors(cards, sheets):
    """A card's ``superiors`` must name Superiors that have a sheet."""
    for card in cards.values():
        for name in card.superiors:
            if name not in sheets:
                raise DeckError(card.source, f"card {card.name!r}", "superiors",
                                f"unknown Superior {name!r}", choices(sorted(sheets)))


def load_deck(path) -> Deck:
    """A deck file: its Superior, Repository and Events deck, checked against the
    library (``library``, default "cards") and the sheets (``sheets``, default
    "superiors.toml"), both relative to the deck file."""
    path = str(path)
    raw = read_toml(path)
    site = Site(path, "deck")
    check_keys(site, raw, DECK_KEYS)
    base = Path(path).parent
    cards = load_library(base / want_str(site, raw, "library", "cards"))
    sheets = load_superiors(base / want_str(site, raw, "sheets", "superiors.toml"))
    check_card_superiors(cards, sheets)
    superior = sheets[want_name(site, raw, "superior", sorted(sheets))]
    repository = deck_section(path, raw, "repository", cards, superior)
    events = deck_section(path, raw, "events", cards, superior)
    used = {n: cards[n] for n in sorted(set(repository) | set(events))}
    deck = Deck(want_str(site, raw, "name"), path, superior, repository, events, used, sheets)
    check_deck(deck)
    return deck


_SECTION_TYPES = {"repository": V.REPOSITORY_TYPES, "events": V.EVENTS_TYPES}


def deck_section(path, raw, section, cards, superior) -> dict:
    """``[repository]`` or ``[events]``: card name -> copies, each card legal there."""
    table = raw.get(section)
    if not isinstance(table, dict) or not table:
        raise DeckError(path, section, section, "missing or empty",
                        f"a [{section}] table of card name = copies")
    for name, count in table.items():
        site = Site(path, f"{section} {name!r}")
        if name not in cards:
            raise site.error("card", f"unknown card{did_you_mean(name, cards)}",
                             f"a card defined in the library ({len(cards)} cards)")
        want_int(site, table, name, 1, label="copies")
        check_card_use(site, section, cards[name], superior)
    return dict(table)


def check_card_use(site, section, card, superior):
    """A card sits in the deck of its kind, and only a Superior it allows may use it:
    Repository cards in the Repository, Event cards in the Events deck ("Types of
    Cards"); Archangels field Angels, Demon Princes Demons; Pyres "is Gabriel,
    Belial, or Saminga"."""
    allowed = _SECTION_TYPES[section]
    if V.CARD_TYPES[card.type] not in allowed:
        names = [t for t, c in V.CARD_TYPES.items() if c in allowed]
        raise site.error("type", f"a {card.type} card does not belong in [{section}]",
                         choices(names))
    if card.superiors and superior.name not in card.superiors:
        raise site.error("superiors", f"card is restricted to {choices(card.superiors)}",
                         f"cards open to {superior.name}")
    if card.side is not None and card.side != superior.side:
        raise site.error("side",
                         f"a {card.side} card cannot serve {superior.name} ({superior.side})",
                         f"{superior.side} or unaligned cards")


def check_deck(deck):
    """Whole-deck rules: a starting Tether, balanced Interventions, the opening
    hand, and the 64-card bitmask budget."""
    if deck.count("events", V.TETHER) == 0:
        raise DeckError(deck.path, "events", "tether", "no Tether in the Events deck",
                        "at least one (each Superior starts with one Tether in play)")
    check_interventions(deck)
    size = sum(deck.repository.values())
    if size < HAND_SIZE:
        raise DeckError(deck.path, "repository", "size", f"{size} cards",
                        f"at least {HAND_SIZE} (the opening hand)")
    n = len(deck.distinct())
    if n > MAX_DISTINCT:
        raise DeckError(deck.path, "deck", "distinct cards", f"{n} distinct card names",
                        f"at most {MAX_DISTINCT}")


def check_interventions(deck):
    """"You must put as many Infernal Interventions as Divine Interventions (and
    vice versa) in your Events deck, and no more than three of each.\""""
    n = {"divine": 0, "infernal": 0}
    for name, count in deck.events.items():
        card = deck.cards[name]
        if card.type == "intervention":
            n[card.kind] += count
    if n["divine"] != n["infernal"] or n["divine"] > MAX_INTERVENTIONS:
        raise DeckError(deck.path, "events", "interventions",
                        f"{n['divine']} Divine and {n['infernal']} Infernal",
                        f"as many Divine as Infernal, at most {MAX_INTERVENTIONS} of each")


def check_threshold(decks, threshold):
    """The victory condition: "This number can be no greater than the number of
    Humans in the Events Decks of each participating player" (and at least 1)."""
    top = min((d.humans for d in decks), default=0)
    if type(threshold) is not int or threshold < 1:
        raise DeckError("threshold", "victory condition", "threshold",
                        f"{threshold!r} is not an integer >= 1", f"1..{top}")
    for d in decks:
        if threshold > d.humans:
            raise DeckError(d.path, "events", "threshold",
                            f"{threshold} is more than the {d.humans} Humans in this Events deck",
                            f"1..{top}")


def validate_main(paths) -> int:
    """``balance validate``: check each deck (or Superior sheets file, as ``decks/*.toml``
    names it) and that the decks compile together; 0 if all are good, 2 with one line on stderr at the first bad one (DESIGN §8)."""
    if not paths:
        print("validate: paths: no deck files given; allowed: one or more deck TOML files",
              file=sys.stderr)
        return 2
    decks = []
    try:
        for path in paths:
            if isinstance(read_toml(path).get("superior"), list):     # a [[superior]] sheets file
                print(f"ok {path}: Superior sheets of {', '.join(load_superiors(path))}")
                continue
            deck = load_deck(path)
            compile_tables([deck])
            decks.append(deck)
            print(f"ok {path}: {deck.superior.name}, {sum(deck.repository.values())} Repository, "
                  f"{sum(deck.events.values())} Events, {deck.humans} Humans")
        if decks:
            compile_tables(decks)
    except DeckError as e:
        print(e, file=sys.stderr)
        return 2
    return 0
