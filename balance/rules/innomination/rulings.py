"""Section 5's rulings on what an effect may do to a card: "No, You Can't
Effects > Yes, You Can Effects" -- a trait that forbids wins over an effect
that would -- and the traits of section 4 that forbid: INVINCIBLE,
UNTARGETABLE, WARD, INDESTRUCTIBLE, CORPOREAL."""
from __future__ import annotations

from .state import Thing


def untouchable(source: Thing | None, target: Thing) -> bool:
    """INVINCIBLE: "cannot be damaged, destroyed, banished, removed, or affected
    by any card effects except its own"."""
    return bool(target.card.trait("INVINCIBLE")) and source is not target


def targetable(source: Thing | None, target: Thing) -> bool:
    """UNTARGETABLE: "cannot be targeted by effects"; INVINCIBLE likewise."""
    return not target.card.trait("UNTARGETABLE") and not untouchable(source, target)


def effect_damage(source: Thing | None, target: Thing, amount: int) -> int:
    """Damage an effect deals ``target`` before ARMOR and SHIELD: none under WARD
    ("takes no damage from effects") or INVINCIBLE."""
    if target.card.trait("WARD") or untouchable(source, target):
        return -1
    return amount


def destroyable(source: Thing | None, target: Thing) -> bool:
    """INDESTRUCTIBLE: "cannot be destroyed by effects" (a destroy effect; see
    docs/innomination.md, "Readings", for damage)."""
    return not target.card.trait("INDESTRUCTIBLE") and not untouchable(source, target)


def banishable(source: Thing | None, target: Thing) -> bool:
    """CORPOREAL: "cannot be banished by effects"."""
    return not target.card.trait("CORPOREAL") and not untouchable(source, target)
