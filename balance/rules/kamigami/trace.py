"""Kamigami's game trace: event codes, and their decoding into the readable log
``balance replay`` prints (rows: turn, seat, code, a, b, value; state.log)."""
from .decisions import GOD, TEMPLE_CARD
from .vocabulary import COLORS, EFFECT_NAMES

(T_GOD, T_TEMPLE, T_FIRST, T_TURN, T_PLAY, T_ATTACK, T_REACT, T_DAMAGE, T_OUT, T_BUY, T_BANISH,
 T_WARDED, T_WIN, T_RECOLOR) = range(14)


def _source(a, b, names, seat_cards) -> str:
    """What a PLAY or REACT row (a, b) names: a card kind, or the seat's God or Temple."""
    if a == GOD:
        return seat_cards[0]
    if a == TEMPLE_CARD:
        return seat_cards[1]
    return names["kinds"][a]


def line(row, names, seats) -> str:
    """One event as a sentence; ``names``: kinds, gods, temples, piles; ``seats``:
    (God, Temple) names of each seat."""
    turn, p, code, a, b, v = (int(x) for x in row)
    who = f"seat {p} ({seats[p][0]})"
    gods, temples = names["gods"], names["temples"]
    text = {
        T_GOD: lambda: f"keeps {gods[a]}" + (f" (and sets {gods[b]} aside)" if b >= 0 else ""),
        T_TEMPLE: lambda: f"takes the {temples[a]}" if a >= 0 else "takes no Temple",
        T_FIRST: lambda: "is the starting player",
        T_TURN: lambda: f"begins a turn with {v} Energy",
        T_PLAY: lambda: f"plays {_source(a, b, names, seats[p])}: {EFFECT_NAMES[v]}",
        T_ATTACK: lambda: f"attacks seat {a}'s {'Temple' if b else 'God'} for {v}",
        T_REACT: lambda: f"reacts with {_source(a, -1, names, seats[p])}: {EFFECT_NAMES[b]} {v}",
        T_DAMAGE: lambda: f"loses {v} Energy ({'Temple' if b else 'God'}), {a} left",
        T_OUT: lambda: f"is eliminated (place {a})",
        T_BUY: lambda: f"recruits {names['kinds'][a]} for {v} Faith",
        T_BANISH: lambda: f"banishes {names['kinds'][b]} to the Netherworld",
        T_WARDED: lambda: f"sees the Banishing of {names['kinds'][b]} prevented",
        T_WIN: lambda: f"wins ({v} Energy)",
        T_RECOLOR: lambda: f"recolors the Chain to {COLORS[a]} and {COLORS[b]}",
    }[code]()
    return f"turn {turn:3d}  {who}: {text}"
