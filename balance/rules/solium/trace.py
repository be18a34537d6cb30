"""A combat's trace (state.log) as readable lines (``balance replay``): a row
per battle challenge (battle.py) or per Combat Slot (single_combat.py)."""
from .state import BATTLE
from .vocabulary import ATTRIBUTES, MOVE_NAMES


def line(row, kind: int, names: list[str]) -> str:
    """One event: ``names`` are the attacker's and the defender's entrants."""
    rnd, step, what, a, b, to_a, to_b, detail = (int(v) for v in row)
    if kind == BATTLE:
        head = f"round {rnd}, {ATTRIBUTES[what]} challenge: {names[0]} {a} against {names[1]} {b}"
    else:
        moves = [MOVE_NAMES[what // 100], MOVE_NAMES[what % 100]]
        for side in range(2):
            if detail >> side & 1:
                moves[side] += " (negated by Demonic Trance)"
        head = (f"round {rnd}, slot {step + 1}: {names[0]} {moves[0]} (attack {a}), "
                f"{names[1]} {moves[1]} (attack {b})")
    return f"{head}; damage: {names[0]} {to_a}, {names[1]} {to_b}"
