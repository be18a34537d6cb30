"""The baseline cards of In Nomine's causal card test (``balance impact``,
DESIGN §7, runner/impact.py): a card's blank, or an average card -- each of the
``AVERAGE_OF`` library cards nearest in cost of the same type, within
``COST_BAND`` of its cost and open to the deck's Superior, whose win rates are
averaged game by game."""
from __future__ import annotations

from pathlib import Path

from ...errors import InputError
from ...fields import DeckError, Site, did_you_mean, read_toml
from .cards import Card, Deck, load_deck, load_library
from .cards.load import check_card_use

AVERAGE_OF = 3
COST_BAND = 1


def baselines(cell, side: int, cards, baseline: str) -> dict[str, list]:
    """{card: its replacements, whose games are averaged} for ``cards`` of the
    cell's deck ``side`` (default: every Repository card): [None] (the card's
    blank, ``baseline = "blank"``) or its comparable cards (``"average"``)."""
    deck_path = cell.entrants[side]
    built = load_deck(deck_path)
    names = list(cards) if cards else sorted(built.repository)
    unknown = [n for n in names if n not in built.repository and n not in built.events]
    if unknown:
        raise InputError(f"--cards: {unknown[0]!r}: not in {deck_path}{did_you_mean(unknown[0], built.distinct())}; "
                         f"allowed: a card of the deck")
    return replacements(built, names, baseline)


def open_to(card: Card, deck: Deck) -> bool:
    """The deck's Superior may use the card in its Repository: the deck rules'
    own check (``cards.load.check_card_use``), asked rather than written again."""
    try:
        check_card_use(Site(deck.path, card.name), "repository", card, deck.superior)
    except DeckError:
        return False
    return True


def comparable(deck: Deck, name: str) -> list[Card]:
    """The average card's members for ``name``: library cards of its type and
    no Distinction, open to the deck's Superior, costing within COST_BAND of
    it, the AVERAGE_OF nearest in cost (then by name)."""
    card = deck.cards[name]
    library = load_library(Path(deck.path).parent / read_toml(deck.path).get("library", "cards"))
    near = [c for c in library.values() if c.name != name and c.type == card.type and c.distinction is None
            and abs(c.cost - card.cost) <= COST_BAND and open_to(c, deck)]
    return sorted(near, key=lambda c: (abs(c.cost - card.cost), c.name))[:AVERAGE_OF]


def replacements(deck: Deck, names: list[str], baseline: str) -> dict[str, list]:
    """{card: the replacements whose games are averaged}: [None] (its blank) or its comparable cards."""
    if baseline == "blank":
        return {n: [None] for n in names}
    out = {n: comparable(deck, n) for n in names}
    lonely = [n for n, cards in out.items() if not cards]
    if lonely:
        raise InputError(f"--baseline average: {', '.join(lonely)}: no card of the same type within "
                         f"{COST_BAND} of its cost is open to {deck.superior.name}; allowed: "
                         f"--baseline blank for these cards")
    return out
