"""Drawing from the Main Deck (1a, 5 "The Hand", "Main Deck"): a card drawn
beyond the hand maximum of 9 is discarded, in the order received; drawing
from an empty Main Deck loses the game."""
from __future__ import annotations

from . import chain, zones
from .state import DECK_OUT, HAND_MAX, Game, Player


def draw(game: Game, seat: int, n: int) -> None:
    """5, Example A: "You have 8 cards in hand and must draw 3 cards. Put the
    1st card in your hand, then discard the 2nd and 3rd cards"."""
    p = game.players[seat]
    for _ in range(n):
        if not p.main:
            game.log(f"seat {seat} draws from an empty Main Deck")
            chain.lose(game, seat, DECK_OUT)
            return
        card = p.main.pop()
        card.zone = "nowhere"
        if len(p.hand) < HAND_MAX:
            zones.put(game, card, "hand")
        else:
            game.log(f"seat {seat} discards {card.card.name}: hand full")
            zones.put(game, card, zones.pile_of(card))


def trim_hand(game: Game, p: Player) -> None:
    """1h, End Phase: the hand maximum is 9; the cards received last go first (5)."""
    while len(p.hand) > HAND_MAX:
        card = p.hand[-1]
        zones.detach(game, card)
        zones.put(game, card, zones.pile_of(card))


def shuffle(game: Game, p: Player) -> None:
    """5, Tutoring: after a search the Main Deck is shuffled."""
    game.rng.shuffle(p.main)
