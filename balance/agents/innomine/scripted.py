"""The scripted styles' choice at each decision kind (rules/innomine/decisions.py)."""
from numba import njit

from ...rules.innomine.decisions import (
    ACT,
    ACTION,
    CALABITE_NOTE,
    D666_AFTER,
    D666_BEFORE,
    DISCARD,
    DISCORD_TRADE,
    FREE_ATTACK,
    FREE_MOVE,
    GIVE_OBJECT,
    pack,
)
from .actions import best_action, choose_action, choose_free_attack, choose_free_move, choose_note
from .acts import choose_act, choose_holder
from .essence import choose_after, choose_before, choose_discard, choose_trade


@njit(cache=True)
def scripted_choice(s, t, p, kind):
    """The option seat p's style takes at the decision of ``kind`` under way."""
    if kind == ACTION:
        return choose_action(s, t, p)
    if kind == ACT:
        return choose_act(s, t, p)
    if kind == FREE_MOVE:
        return choose_free_move(s, t, p)
    if kind == FREE_ATTACK:
        return choose_free_attack(s, t, p)
    if kind == GIVE_OBJECT:
        return choose_holder(s, t, p)
    if kind == DISCARD:
        return choose_discard(s, t, p)
    if kind == DISCORD_TRADE:
        return choose_trade(s, t, p)
    if kind == D666_BEFORE:
        return choose_before(s, t, p)
    if kind == D666_AFTER:
        return choose_after(s, t, p)
    if kind == CALABITE_NOTE:
        return choose_note(s, t, p)
    raise ValueError("no scripted chooser for this decision kind")


@njit(cache=True)
def named_action(s, t, p, i):
    """ACTION without the rows listed (decide.wants_options): the row
    (decisions.pack(kind, target, second), b) seat p's style takes for Being i."""
    kind, a, b, second = best_action(s, t, p, i)
    return pack(kind, a, second), b
