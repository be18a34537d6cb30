"""Aether, the main resource (1d): Sources produce it by element as a player
action (PRODUCE), a spent Source is flipped and cannot use actions or effects,
produced Aether is kept through the phases, and Neutral costs take any
element.  At the Ready Phase spent Aether comes back."""
from __future__ import annotations

from . import vocabulary as V
from .state import Player


def producers(p: Player) -> list:
    """Sources in play that can still produce: not flipped, with PRODUCE or a Basic Source's output."""
    return [s for s in p.sources if not s.flipped and s.card.produce > 0]


def available(p: Player) -> dict:
    """Aether that ``p`` has or could produce now, by element."""
    out = dict(p.pool)
    for s in producers(p):
        out[s.card.element] = out.get(s.card.element, 0) + s.card.produce
    return out


def total(p: Player) -> int:
    return sum(available(p).values())


def can_pay(p: Player, cost: dict) -> bool:
    """Each element's part from that element, Neutral from whatever is left (1d)."""
    have = available(p)
    for element, n in cost.items():
        if element != V.ANY:
            if have.get(element, 0) < n:
                return False
            have[element] -= n
    return sum(have.values()) >= cost.get(V.ANY, 0)


def pay(p: Player, cost: dict) -> None:
    """Spend ``cost`` (which ``can_pay``): Aether already produced first, then
    Sources flipped as they produce; Neutral from the element most in hand."""
    for element, n in sorted(cost.items(), key=lambda kv: kv[0] == V.ANY):
        for _ in range(n):
            spend_one(p, element)


def spend_one(p: Player, element: str) -> None:
    if element == V.ANY:
        have = available(p)
        element = max(sorted(have), key=lambda e: have[e])
    if p.pool.get(element, 0) == 0:
        source = next(s for s in producers(p) if s.card.element == element)
        source.flipped = True
        p.pool[element] = p.pool.get(element, 0) + source.card.produce
    p.pool[element] -= 1


def produce(p: Player, element: str, amount: int) -> None:
    """PRODUCE by an effect (6a B, Bug Nest): Aether into ``p``'s pool."""
    p.pool[element] = p.pool.get(element, 0) + amount


def ready(p: Player) -> None:
    """1h, Ready Phase: "Any spent Aether is regained" -- every Source stands again."""
    for s in p.sources:
        s.flipped = False
