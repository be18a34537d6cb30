"""React Abilities ("Card Abilities"; Glossary, "React"): played from the hand,
or a God's or Temple's, whenever the Ability allows, on any player's turn and
free of the Chaining Colors.  A card played for its React goes to its player's
Play Area and is discarded in the Discard Phase of the turn it was played in.
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, n_options, offer
from .activation import pay, payable
from .decisions import GOD, REACT, TEMPLE_CARD
from .state import HAND, PLAY, S_GOD, S_PLAYED, S_TEMPLE, S_TEMPLE_ENERGY, log, push, seen_before, take, zone
from .trace import T_REACT
from .vocabulary import AB_EFFECT, AB_TIMING, AB_VALUE, C_N_ABILITIES, G_N_ABILITIES, REACT as TIMING_REACT
from .vocabulary import T_N_ABILITIES


@njit(cache=True)
def _fits(ab, effect):
    return ab[AB_TIMING] == TIMING_REACT and ab[AB_EFFECT] == effect


@njit(cache=True)
def offer_reacts(s, t, q, effect):
    """Offer seat q's React Abilities of ``effect`` it can pay: its hand's
    cards (a kind once), its God's and its standing Temple's; row 0 plays none."""
    clear(s)
    offer(s, -1, -1)
    hand = zone(s, q, HAND)
    for i in range(s.zn[hand]):
        kind = s.Z[hand, i]
        if seen_before(s, hand, i):
            continue
        for k in range(t.card[kind, C_N_ABILITIES]):
            if _fits(t.ability[kind, k], effect) and payable(s, q, t.ability[kind, k]):
                offer(s, kind, k)
    god = s.S[q, S_GOD]
    for k in range(t.god[god, G_N_ABILITIES]):
        if _fits(t.god_ability[god, k], effect) and payable(s, q, t.god_ability[god, k]):
            offer(s, GOD, k)
    temple = s.S[q, S_TEMPLE]
    if temple >= 0 and s.S[q, S_TEMPLE_ENERGY] > 0:
        for k in range(t.temple[temple, T_N_ABILITIES]):
            if _fits(t.temple_ability[temple, k], effect) and payable(s, q, t.temple_ability[temple, k]):
                offer(s, TEMPLE_CARD, k)


@njit(cache=True)
def use(s, t, q, a, k):
    """Seat q plays React row (a, k): pays its cost and, for a card, puts it in
    its Play Area.  Returns the Ability's value."""
    if a == GOD:
        ab = t.god_ability[s.S[q, S_GOD], k]
    elif a == TEMPLE_CARD:
        ab = t.temple_ability[s.S[q, S_TEMPLE], k]
    else:
        ab = t.ability[a, k]
        take(s, zone(s, q, HAND), a)
        push(s, zone(s, q, PLAY), a)
        s.S[q, S_PLAYED] |= 1 << a
    pay(s, q, ab)
    log(s, q, T_REACT, a, ab[AB_EFFECT], ab[AB_VALUE])
    return ab[AB_VALUE]


@njit(cache=True)
def react(s, t, q, effect, once):
    """Seat q plays Reacts of ``effect`` until it passes (only one if ``once``);
    returns (how many it played, their total value)."""
    n, total = 0, 0
    while True:
        offer_reacts(s, t, q, effect)
        if n_options(s) == 1:
            return n, total
        k = asked(s, t, q, REACT)
        if k == 0:
            return n, total
        total += use(s, t, q, s.opt[k, 0], s.opt[k, 1])
        n += 1
        if once:
            return n, total
