"""What every Innomination game keeps, turn by turn, checked by
``check_ruleset`` (rules/conformance.py) and the Hypothesis tests: every card
of every deck is in exactly one place (tokens aside), no Aether is negative,
no creature stays in play at 0 life, no hand holds more than 9 cards at the
end of a turn, Leaders' life never above its maximum, and the game ends
within its turn cap with a declared end reason."""
from __future__ import annotations

from . import creatures
from .game import play, setup
from .state import END_REASONS, HAND_MAX, TURN_CAP, Game


def places(g: Game, p) -> list:
    """Every card of ``p``'s decks, wherever it is (attachments under their cards)."""
    found = [*p.main, *p.hand, *p.grave, *p.banish, *p.removed, *p.named, *p.source_deck, *p.field, *p.sources]
    for q in g.players:
        for t in (*q.field, *q.sources):
            found += [a for a in attached(t) if a.owner == p.seat]
    return [t for t in found if t.card.kind != "token"]


def attached(t) -> list:
    out = []
    for a in t.attached:
        out += [a, *attached(a)]
    return out


def check_turn(m, g: Game) -> None:
    """The invariants after one turn (module doc)."""
    for p in g.players:
        if p.lost:
            continue
        held = places(g, p)
        assert len(held) == len({t.uid for t in held}) == p.deck_size, \
            f"seat {p.seat}: {len(held)} cards found, {p.deck_size} in its decks"
        assert all(v >= 0 for v in p.pool.values()), f"seat {p.seat}: negative Aether {p.pool}"
        assert len(p.hand) <= HAND_MAX, f"seat {p.seat}: {len(p.hand)} cards in hand"
        assert p.leader.damage >= 0 and p.life <= p.leader.card.life + p.leader.life_mod, "Leader life above maximum"
        assert all(creatures.life(g, t) > 0 for t in p.field), f"seat {p.seat}: a creature at 0 life in play"
    assert g.turn <= m.turn_cap, "the game outlived its turn cap"


def check_game(m, root_seed: int, game: int) -> int:
    """Play game ``game`` of ``m`` as ``play_range`` would, checking the
    invariants after every turn; returns its turn count, as its record gives it."""
    g = setup(m, root_seed, game)
    for p in g.players:
        p.deck_size = len(places(g, p))
    play(g, m.turn_cap, after_turn=lambda g: check_turn(m, g))
    assert g.end in END_REASONS, f"end reason {g.end}"
    assert (g.winner >= 0) == (g.end != TURN_CAP), "a winner exactly when the game did not reach its cap"
    return g.turn
