"""Kamigami's game trace: event codes, and their decoding into the readable log
``balance replay`` prints (rows: turn, seat, code, a, b, value; state.log)."""
from .decisions import (BANISH, GOD, KEEP_GOD, PLAY, REACT, RECOLOR, RECRUIT, REDIRECT_TO, TARGET, TEMPLE,
                        TEMPLE_CARD)
from .vocabulary import COLORS, EFFECT_NAMES

(T_GOD, T_TEMPLE, T_FIRST, T_TURN, T_PLAY, T_ATTACK, T_REACT, T_DAMAGE, T_OUT, T_BUY, T_BANISH,
 T_WARDED, T_WIN, T_RECOLOR, T_SEARCH) = range(15)
SEARCH_SPAN = 10_000    # a T_SEARCH row's value: the decision's kind times this, plus the option's worth in
                        # thousandths of a win (agents/kamigami/rollout.show_values)


def _source(a, b, names, seat_cards) -> str:
    """What a PLAY or REACT row (a, b) names: a card kind, or the seat's God or Temple."""
    if a == GOD:
        return seat_cards[0]
    if a == TEMPLE_CARD:
        return seat_cards[1]
    return names["kinds"][a]


def _option(kind, a, b, names, seat_cards) -> str:
    """A searched decision's option (a, b) in words, by its kind (decisions.DECISIONS)."""
    kinds, gods, temples = names["kinds"], names["gods"], names["temples"]
    return {
        KEEP_GOD: lambda: f"keeping {gods[a]}",
        TEMPLE: lambda: f"taking the {temples[a]}" if a >= 0 else "taking no Temple",
        PLAY: lambda: f"playing {_source(a, b, names, seat_cards)} (Ability {b + 1})" if a != -1
        else "ending the Play Phase",
        TARGET: lambda: f"attacking seat {a}'s {'Temple' if b else 'God'}",
        REACT: lambda: f"reacting with {_source(a, b, names, seat_cards)} (Ability {b + 1})" if a != -1
        else "no more Reacts",
        RECRUIT: lambda: f"recruiting {kinds[b]}" if a != -1 else "recruiting no more",
        RECOLOR: lambda: f"chaining {COLORS[a]} and {COLORS[b]}",
        BANISH: lambda: f"banishing {kinds[b]} from the {'hand' if a == 1 else 'Discard Pile'}" if a in (1, 2)
        else "banishing no more",
        REDIRECT_TO: lambda: f"redirecting the Attack to seat {a}'s God",
    }[kind]()


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
        T_SEARCH: lambda: f"search: {_option(v // SEARCH_SPAN, a, b, names, seats[p])} is worth "
                          f"{v % SEARCH_SPAN / 1000:.3f} (mean score of its rollouts)",
    }[code]()
    return f"turn {turn:3d}  {who}: {text}"
