"""Deck construction (1a) and the formats (5, "Game Formats"): a Leader, a Main
Deck of 40-50 cards (at most 4 copies), a Source Deck of 15 (at most 3, Basic
Sources unlimited) and a Named Deck of 20 (at most 2); in Standard, cards of
the Leader's Nation and Neutral only; each named card names a card of the Main
Deck.  The card file holds the pool and its decks (``Pool``)."""
from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from pathlib import Path

from ...errors import InputError
from ...fields import DeckError, Site, check_keys, choices, did_you_mean, named_table, read_toml, want_int
from . import vocabulary as V
from .cards import Card, read_pool

MAIN_SIZE, SOURCE_SIZE, NAMED_SIZE = (40, 50), 15, 20
COPIES = {"main": 4, "source": 3, "named": 2}
KINDS = {"main": "card", "source": "source", "named": "named"}
FORMATS = ("standard", "free_agent")        # Dual Alliance is not played (docs/innomination.md)
DECK_KEYS = ("name", "leader", "format", "main", "source", "named", "quoted")


@dataclass(frozen=True)
class Deck:
    name: str
    leader: str
    format: str
    main: dict                  # card name -> copies
    source: dict
    named: dict

    def cards(self) -> set[str]:
        """The Main Deck and named cards it holds."""
        return set(self.main) | set(self.named)


@dataclass(frozen=True)
class Pool:
    source: str
    cards: dict                 # name -> Card
    decks: tuple                # Deck, in file order

    @property
    def deck_names(self) -> list[str]:
        return [d.name for d in self.decks]

    def deck(self, name: str) -> Deck:
        return self.decks[self.deck_names.index(name)]

    @property
    def masked(self) -> list[str]:
        """The Main Deck and named cards by mask bit (Card.index)."""
        return sorted((c for c in self.cards.values() if c.index >= 0), key=lambda c: c.index)

    @property
    def kinds(self) -> list[str]:
        return [c.name for c in self.masked]

    def leader_names(self) -> list[str]:
        return [n for n, c in self.cards.items() if c.kind == "leader"]


def read_deck(source, i: int, raw, cards: dict[str, Card]) -> Deck:
    """One ``[[deck]]``, checked against the pool and its format."""
    site, name = named_table(source, raw, "deck", i, DECK_KEYS)
    leader = cards.get(raw.get("leader"))
    if leader is None or leader.kind != "leader":
        leaders = [n for n, c in cards.items() if c.kind == "leader"]
        raise site.error("leader", f"unknown Leader {raw.get('leader')!r}", choices(leaders))
    fmt = raw.get("format", "standard")
    if fmt not in FORMATS:
        raise site.error("format", f"{fmt!r}", choices(FORMATS))
    parts = {part: read_part(site, raw, part, cards) for part in KINDS}
    deck = Deck(name, leader.name, fmt, **parts)
    check_sizes(site, deck, cards)
    check_format(site, deck, cards, leader)
    for card in deck.named:
        if cards[card].named_from not in deck.main:
            raise site.error(f"named.{card}", f"names {cards[card].named_from!r}, which is not in the Main Deck",
                             "named cards whose base card is in the deck's Main Deck (2)")
    return deck


def read_part(site: Site, raw: dict, part: str, cards: dict[str, Card]) -> dict:
    """A deck's Main, Source or Named Deck: {card: copies} of cards of that kind."""
    table = raw.get(part)
    if not isinstance(table, dict):
        raise site.error(part, f"{table!r}", "a table {card name = copies}")
    for card in table:
        if cards.get(card) is None or cards[card].kind != KINDS[part]:
            names = [n for n, c in cards.items() if c.kind == KINDS[part]]
            raise site.error(f"{part}.{card}", "not a card of this kind" + did_you_mean(card, names),
                             f"[[{KINDS[part]}]] names")
        want_int(site, table, card, 1, label=f"{part}.{card}")
    return dict(table)


def check_sizes(site: Site, deck: Deck, cards: dict[str, Card]) -> None:
    """1a: the three decks' sizes and copy limits."""
    for part, (low, high) in (("main", MAIN_SIZE), ("source", (SOURCE_SIZE,) * 2), ("named", (NAMED_SIZE,) * 2)):
        held = getattr(deck, part)
        n = sum(held.values())
        if not low <= n <= high:
            raise site.error(part, f"{n} cards", f"{low} to {high} cards (1a)" if low < high else f"{low} cards (1a)")
        for card, copies in held.items():
            if copies > COPIES[part] and not cards[card].basic:
                raise site.error(f"{part}.{card}", f"{copies} copies",
                                 f"at most {COPIES[part]} copies of a card (1a)"
                                 + (", Basic Sources unlimited" if part == "source" else ""))


def check_format(site: Site, deck: Deck, cards: dict[str, Card], leader: Card) -> None:
    """5, Standard: cards of the Leader's Nation and Neutral only."""
    if deck.format != "standard":
        return
    for part in KINDS:
        for card in getattr(deck, part):
            if cards[card].nation not in (leader.nation, V.NEUTRAL):
                raise site.error(f"{part}.{card}", f"a {cards[card].nation} card in a {leader.nation} deck",
                                 f"in Standard, {leader.nation} or Neutral cards only (5)")


@functools.lru_cache(maxsize=16)
def _load(path: str, stamp) -> Pool:
    raw = read_toml(path)
    cards = read_pool(path, raw)
    decks = raw.get("deck", [])
    if not isinstance(decks, list) or not decks:
        raise DeckError(path, "file", "deck", "no [[deck]]", "one or more [[deck]] tables")
    out = tuple(read_deck(path, i, d, cards) for i, d in enumerate(decks))
    names = [d.name for d in out]
    if len(set(names)) != len(names):
        raise DeckError(path, "deck", "name", "two decks of one name", "unique names")
    check_keys(Site(path, "set"), raw.get("set", {}), ("name",))
    return Pool(path, cards, out)


def load_pool(path) -> Pool:
    """The card file at ``path``, read and checked (DeckError)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError:
        raise DeckError(path, "file", "path", "no such file", "an existing TOML card file") from None
    return _load(str(path), (st.st_mtime_ns, st.st_size))


def validate_main(paths) -> int:
    """``balance validate`` for Innomination card files: a line per file."""
    worst = 0
    for path in paths:
        try:
            pool = load_pool(path)
        except (DeckError, InputError) as e:
            print(e, file=sys.stderr)
            worst = 2
            continue
        print(f"{path}: ok ({len(pool.cards)} cards, {len(pool.decks)} decks: {', '.join(pool.deck_names)})")
    return worst
