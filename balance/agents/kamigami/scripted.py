"""Kamigami's scripted style: a fixed greedy reading of each decision, to play
whole games fast and as a rollout agent.  Its strength is measured against the
random agent (docs/kamigami.md), never tuned to move balance numbers.

It scores each option the rules offered and takes the best (the first of equal
scores): Faith first, then drawing, Energy and Attacks, keeping the Chain
going; the weakest God that an Attack could finish, else the leader; every
React but a Protect; buy the dearest card it can, never a Cultist.
"""
from numba import njit

from ..points import n_options

from ...rules.kamigami.decisions import BANISH, GOD, PLAY, REACT, RECOLOR, RECRUIT, REDIRECT_TO, TARGET, TEMPLE_CARD
from ...rules.kamigami.state import HAND, S_ENERGY, S_GOD, S_TEMPLE, zone
from ...rules.kamigami.vocabulary import (AB_EFFECT, AB_VALUE, C_CHAIN, C_COLOR, C_COST, C_RANK, C_TYPE, DISCIPLE,
                                          E_ATTACK, E_DRAW, E_ENERGY, E_FAITH, E_PROTECT)

CULTIST = 0      # the Disciple of rank I (cards.py puts the Disciples first, in rank order)


@njit(cache=True)
def scripted_choice(s, t, p, kind):
    """The index of the option with the best score (the first of equal ones)."""
    best, best_k = -1e18, 0
    for k in range(n_options(s)):
        v = _score(s, t, p, kind, s.opt[k, 0], s.opt[k, 1])
        if v > best:
            best, best_k = v, k
    return best_k


@njit(cache=True)
def _score(s, t, p, kind, a, b):
    if kind == PLAY:
        return _play_score(s, t, p, a, b)
    if kind == TARGET:
        return _target_score(s, a, b)
    if kind == REDIRECT_TO:
        return s.S[a, S_ENERGY]
    if kind == REACT:
        return _react_score(s, t, p, a, b)
    if kind == RECRUIT:
        return -1.0 if a < 0 else (-2.0 if b == CULTIST else t.card[b, C_COST] + 0.01 * b)
    if kind == RECOLOR:
        return _followers(s, t, p, (1 << a) | (1 << b))
    if kind == BANISH:
        return 0.0 if a < 0 else (1.0 if t.card[b, C_RANK] == 1 else -1.0)
    return 0.0


@njit(cache=True)
def _ability(s, t, p, a, b):
    if a == GOD:
        return t.god_ability[s.S[p, S_GOD], b]
    if a == TEMPLE_CARD:
        return t.temple_ability[s.S[p, S_TEMPLE], b]
    return t.ability[a, b]


@njit(cache=True)
def _play_score(s, t, p, a, b):
    """An Act: by its effect and value, plus the cards in hand that could chain after it."""
    if a == -1:
        return 0.0
    ab = _ability(s, t, p, a, b)
    v = _act_score(ab[AB_EFFECT]) + ab[AB_VALUE]
    if a >= 0 and t.card[a, C_TYPE] != DISCIPLE:
        v += 3.0 * _followers(s, t, p, t.card[a, C_CHAIN])
    return v


@njit(cache=True)
def _act_score(effect):
    """Faith first, then drawing, Energy, Attacks; any other Act after them."""
    if effect == E_FAITH:
        return 100.0
    if effect == E_DRAW:
        return 90.0
    if effect == E_ENERGY:
        return 80.0
    if effect == E_ATTACK:
        return 70.0
    return 10.0


@njit(cache=True)
def _followers(s, t, p, colors):
    """Warriors and Artifacts in seat p's hand whose color is in ``colors``."""
    hand = zone(s, p, HAND)
    n = 0
    for i in range(s.zn[hand]):
        kind = s.Z[hand, i]
        if t.card[kind, C_TYPE] != DISCIPLE and (colors >> t.card[kind, C_COLOR]) & 1 == 1:
            n += 1
    return n


@njit(cache=True)
def _target_score(s, a, b):
    """A God low enough to finish scores highest, then the leader; Temples last."""
    if b == 1:
        return -1.0
    e = s.S[a, S_ENERGY]
    return 1000.0 - e if e <= 4 else float(e)


@njit(cache=True)
def _react_score(s, t, p, a, b):
    """Every React it is offered (the strongest first), except Protecting a rival."""
    if a == -1:
        return 0.0
    ab = _ability(s, t, p, a, b)
    return -1.0 if ab[AB_EFFECT] == E_PROTECT else 1.0 + ab[AB_VALUE]
