"""Card and deck data: TOML schema, loading, validation and compilation to arrays.

Public surface (the modules behind it are implementation):
``load_library(folder)``, ``load_superiors(path)``, ``load_deck(path) -> Deck``,
``compile_tables(decks, overrides=None) -> CompiledDecks``,
``check_threshold(decks, threshold)``, ``validate_main(paths) -> int``, and
``DeckError`` for every bad input.  The schema is documented in docs/cards.md.
"""
from ....fields import DeckError
from .compile import CompiledDecks, compile_tables
from .load import check_threshold, load_deck, load_library, load_superiors, validate_main
from .schema import Ability, Card, Condition, Deck, Effect, Superior

__all__ = [
    "Ability", "Card", "CompiledDecks", "Condition", "Deck", "DeckError", "Effect", "Superior",
    "check_threshold", "compile_tables", "load_deck", "load_library", "load_superiors",
    "validate_main",
]
