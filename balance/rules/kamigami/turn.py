"""A player's Turn ("PLAYING THE GAME"): the Starting, Play, Recruit, Discard
and End Phases, in order; then the next player still in the game, clockwise.
A turn cap (a game parameter) ends a stalled game as a draw.
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, n_options, offer
from .abilities import resolve, usable
from .activation import pay, payable
from .attack import END_CAP
from .chaining import chain, may_chain
from .decisions import GOD, PLAY as PLAY_DECISION, TEMPLE_CARD
from .draw_deck import draw
from .hall_of_heroes import recruit_phase
from .state import (DISCARD, G_ACTIVE, G_CHAIN, G_CHAIN_LEN, G_END, G_TURN, G_TURN_CAP, HAND, HAND_SIZE, PLAY,
                    S_CHAIN_MAX, S_ENERGY, S_FAITH, S_GOD, S_GOD_ACT, S_MADE, S_OWN_TURNS, S_PLAYED, S_SPENT,
                    S_TEMPLE, S_TEMPLE_ACT, S_TEMPLE_ENERGY, alive, log, move_all, over, push, seen_before, take, zone)
from .trace import T_PLAY, T_TURN
from .vocabulary import (AB_EFFECT, AB_TIMING, AB_VALUE, ACT, C_N_ABILITIES, C_TYPE, DISCIPLE, G_N_ABILITIES,
                         T_N_ABILITIES)


@njit(cache=True)
def next_turn(s, t):
    """Play the active player's turn; False once the game is over."""
    p = s.g[G_ACTIVE]
    play_turn(s, t, p)
    s.g[G_TURN] += 1
    if over(s):
        return False
    if s.g[G_TURN] >= s.g[G_TURN_CAP]:
        s.g[G_END] = END_CAP
        return False
    P = s.S.shape[0]
    for j in range(1, P + 1):
        if alive(s, (p + j) % P):
            s.g[G_ACTIVE] = (p + j) % P
            return True
    return False


@njit(cache=True)
def play_turn(s, t, p):
    """Seat p's five Phases (the Starting Phase has nothing to resolve: no Ability
    of the card set acts in it); its per-turn curves are kept even if it wins."""
    log(s, p, T_TURN, 0, 0, s.S[p, S_ENERGY])
    play_phase(s, t, p)
    if not over(s):
        recruit_phase(s, t, p)
    _keep_curves(s, p)
    if not over(s):
        discard_phase(s, p)
        end_phase(s, p)


@njit(cache=True)
def play_phase(s, t, p):
    """Seat p plays cards and its God's and Temple's Acts until it stops."""
    while not over(s):
        _offer_acts(s, t, p)
        if n_options(s) == 1:
            return
        k = asked(s, t, p, PLAY_DECISION)
        if k == 0:
            return
        a, b = s.opt[k, 0], s.opt[k, 1]
        if a == GOD:
            s.S[p, S_GOD_ACT] = 1
            _act(s, t, p, a, t.god_ability[s.S[p, S_GOD], b])
        elif a == TEMPLE_CARD:
            s.S[p, S_TEMPLE_ACT] = 1
            _act(s, t, p, a, t.temple_ability[s.S[p, S_TEMPLE], b])
        else:
            _play_card(s, t, p, a, b)


@njit(cache=True)
def _offer_acts(s, t, p):
    """Row 0 ends the Play Phase; then each card kind in hand that may be played
    (a Disciple always, a Warrior or Artifact if it chains) with each of its Acts,
    and the God's and Temple's Acts not used this turn."""
    clear(s)
    offer(s, -1, -1)
    hand = zone(s, p, HAND)
    for i in range(s.zn[hand]):
        kind = s.Z[hand, i]
        if (t.card[kind, C_TYPE] == DISCIPLE or may_chain(s, t, kind)) and not seen_before(s, hand, i):
            for k in range(t.card[kind, C_N_ABILITIES]):
                _offer_act(s, p, kind, k, t.ability[kind, k])
    if s.S[p, S_GOD_ACT] == 0:
        god = s.S[p, S_GOD]
        for k in range(t.god[god, G_N_ABILITIES]):
            _offer_act(s, p, GOD, k, t.god_ability[god, k])
    temple = s.S[p, S_TEMPLE]
    if temple >= 0 and s.S[p, S_TEMPLE_ENERGY] > 0 and s.S[p, S_TEMPLE_ACT] == 0:
        for k in range(t.temple[temple, T_N_ABILITIES]):
            _offer_act(s, p, TEMPLE_CARD, k, t.temple_ability[temple, k])


@njit(cache=True)
def _offer_act(s, p, a, k, ab):
    if ab[AB_TIMING] == ACT and payable(s, p, ab) and usable(s, p, ab[AB_EFFECT]):
        offer(s, a, k)


@njit(cache=True)
def _play_card(s, t, p, kind, k):
    """Seat p plays a card of ``kind`` from its hand into its Play Area, chaining
    it if it is a Warrior or Artifact, and resolves its Act k."""
    take(s, zone(s, p, HAND), kind)
    push(s, zone(s, p, PLAY), kind)
    s.S[p, S_PLAYED] |= 1 << kind
    if t.card[kind, C_TYPE] != DISCIPLE:
        chain(s, t, kind)
        s.S[p, S_CHAIN_MAX] = max(s.S[p, S_CHAIN_MAX], s.g[G_CHAIN_LEN])
    _act(s, t, p, kind, t.ability[kind, k])


@njit(cache=True)
def _act(s, t, p, a, ab):
    log(s, p, T_PLAY, a, 0, ab[AB_EFFECT])
    pay(s, p, ab)
    resolve(s, t, p, ab[AB_EFFECT], ab[AB_VALUE])


@njit(cache=True)
def discard_phase(s, p):
    """Seat p's Hand and every Play Area (other players' Reacts too) go to their
    owners' Discard Piles."""
    move_all(s, zone(s, p, HAND), zone(s, p, DISCARD))
    for q in range(s.S.shape[0]):
        move_all(s, zone(s, q, PLAY), zone(s, q, DISCARD))


@njit(cache=True)
def end_phase(s, p):
    """Seat p draws 5; unspent Faith Points are lost, and the Chain and the
    once-a-turn Acts start afresh."""
    draw(s, p, HAND_SIZE)
    s.S[p, S_FAITH] = 0
    s.S[p, S_GOD_ACT] = 0
    s.S[p, S_TEMPLE_ACT] = 0
    s.g[G_CHAIN] = 0
    s.g[G_CHAIN_LEN] = 0


@njit(cache=True)
def _keep_curves(s, p):
    """Seat p's turn in its curves: Faith gained and spent, Energy, Chain length."""
    n = s.S[p, S_OWN_TURNS]
    if n < s.curves.shape[2]:
        s.curves[p, 0, n] = s.S[p, S_MADE]
        s.curves[p, 1, n] = s.S[p, S_SPENT]
        s.curves[p, 2, n] = s.S[p, S_ENERGY]
        s.curves[p, 3, n] = s.g[G_CHAIN_LEN]
    s.S[p, S_OWN_TURNS] = n + 1
    s.S[p, S_MADE] = 0
    s.S[p, S_SPENT] = 0
