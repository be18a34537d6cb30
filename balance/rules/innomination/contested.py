"""Innomination's contested readings (docs/innomination.md, "Readings": N1 and
N2): each a named switch with a documented default, packed into the game's
reading bits (``reads``)."""
from ..ruleset import Reading

COST_PER_TURN = 0          # bit: COST(X)'s X uses come back every turn (actions.py)
QUICK_ALWAYS = 1           # bit: a QUICK creature may attack creatures only, on every turn (combat.py)

READINGS = {
    "cost_uses": Reading("cost_uses", COST_PER_TURN, "N1", ("in_play", "per_turn"), "in_play"),
    "quick_attacks": Reading("quick_attacks", QUICK_ALWAYS, "N2", ("entering_turn", "always"), "entering_turn"),
}


def reads(readings: int, bit: int) -> bool:
    """Is the reading of ``bit`` switched to its second value?"""
    return bool(readings >> bit & 1)
