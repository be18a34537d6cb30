"""The scripted styles' choice at each decision kind (rules/innomine/decisions.py)."""
from numba import njit

from ...rules.innomine.decisions import (
    ACT,
    ACTION,
    CALABITE_NOTE,
    COMBAT_TYPE,
    D666_AFTER,
    D666_BEFORE,
    DISCARD,
    END_EFFECT,
    DECLARE,
    DEFEND,
    DEFENSE_ACT,
    DISCORD_TRADE,
    FIRST_AID,
    FREE_ATTACK,
    FREE_MOVE,
    GIVE_OBJECT,
    GULLIBILITY_PICK,
    GULLIBILITY_ROLL,
    HABBALITE_FAILURE,
    JOIN_ATTACK,
    LEADER,
    PIT_TRAP,
    REINFORCEMENTS_FROM,
    RETREAT_TO,
    RIDER_HOST,
    LIE,
    MOVE_OBJECT,
    SEARCH_PICK,
    SEND_BEING,
    SEND_REINFORCEMENTS,
    SENESCHAL_TETHER,
    TRUTH_PICK,
    VIEW_PICK,
    SONG_TARGET,
    pack,
)
from ..points import n_options
from .actions import best_action, choose_action, choose_first_aid, choose_free_attack, choose_free_move, choose_note
from .acts import choose_act, choose_holder, choose_tie
from .combat import (
    choose_combat_type,
    choose_declaration,
    choose_defend,
    choose_defense_act,
    choose_join,
    choose_leader,
    choose_pit_trap,
    choose_reinforce,
    choose_reinforcements_from,
    choose_retreat_to,
    choose_song_target,
)
from .essence import choose_after, choose_before, choose_discard, choose_trade
from .hosts import choose_rider_host
from .resonances import (
    choose_gullibility_pick,
    choose_gullibility_roll,
    choose_habbalite_failure,
    choose_lie,
    choose_truth,
    choose_view,
)


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
    if kind == DECLARE:
        return choose_declaration(s, t, p)
    if kind == JOIN_ATTACK:
        return choose_join(s, t, p)
    if kind == DEFEND:
        return choose_defend(s, t, p)
    if kind == SONG_TARGET:
        return choose_song_target(s, t, p)
    if kind == COMBAT_TYPE:
        return choose_combat_type(s, t, p)
    if kind == RETREAT_TO:
        return choose_retreat_to(s, t, p)
    if kind == DEFENSE_ACT:
        return choose_defense_act(s, t, p)
    if kind == SEND_REINFORCEMENTS:
        return choose_reinforce(s, t, p)
    if kind == REINFORCEMENTS_FROM:
        return choose_reinforcements_from(s, t, p)
    if kind == PIT_TRAP:
        return choose_pit_trap(s, t, p)
    if kind == LEADER:
        return choose_leader(s, t, p)
    if kind == RIDER_HOST:
        return choose_rider_host(s, t, p)
    if kind == HABBALITE_FAILURE:
        return choose_habbalite_failure(s, t, p)
    if kind == GULLIBILITY_PICK:
        return choose_gullibility_pick(s, t, p)
    if kind == GULLIBILITY_ROLL:
        return choose_gullibility_roll(s, t, p)
    if kind == SEARCH_PICK:
        return first_found(s)
    if kind == SENESCHAL_TETHER:
        return choose_tie(s, t, p)
    if kind == VIEW_PICK:
        return choose_view(s, t, p)
    if kind == TRUTH_PICK:
        return choose_truth(s, t, p)
    if kind == LIE:
        return choose_lie(s, t, p)
    if kind == SEND_BEING:
        return send_all()
    if kind == FIRST_AID:
        return choose_first_aid(s, t, p)
    if kind == MOVE_OBJECT:
        return keep_objects()
    if kind == END_EFFECT:
        return fixed_order()
    raise ValueError("no scripted chooser for this decision kind")


@njit(cache=True)
def first_found(s):
    """SEARCH_PICK: the first card the search found from the top (the first
    row that takes one), as every style took before the pick was a decision."""
    for k in range(n_options(s)):
        if s.opt[k, 0] >= 0:
            return k
    return 0


@njit(cache=True)
def send_all():
    """SEND_BEING: every Being Send Reinforcements may move goes, in play order
    (the first offered, until none is left)."""
    return 1


@njit(cache=True)
def keep_objects():
    """MOVE_OBJECT: every Object stays with the angel it was given to, as with
    every style before Soldekai's text was played."""
    return 0


@njit(cache=True)
def named_move():
    """MOVE_OBJECT without the rows listed (decide.wants_options): no Object moves
    (``keep_objects``), so the rules need not look for one."""
    return -1, -1


@njit(cache=True)
def fixed_order():
    """END_EFFECT: the first kind left in the order the rules used before the
    order was a choice (end_turn.END_EFFECTS, docs/rules.md I21)."""
    return 0


@njit(cache=True)
def named_action(s, t, p, i):
    """ACTION without the rows listed (decide.wants_options): the row
    (decisions.pack(kind, target, second), b) seat p's style takes for Being i."""
    kind, a, b, second = best_action(s, t, p, i)
    return pack(kind, a, second), b
