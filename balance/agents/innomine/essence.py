"""The scripted styles' spending of Essence and cards outside the Acts phase:
the d666 roll's Essence before and after it, the discards to hand size, and the
Discord trade."""
from numba import njit

from ...agents.points import n_options
from ...rules.innomine.essence import card_cost
from .policies import W_D666_AFTER, W_RESERVE, W_TRADE_DISCORD, weight
from ...rules.innomine.state import F_DESIGN, F_DISS, S_ESSENCE, hand
from ...rules.innomine.tables import D_COST
from .chances import essence_before


@njit(cache=True)
def choose_before(s, t, p):
    """D666_BEFORE: the style's ``d666_before``, as far as the Pool goes (row k
    spends k)."""
    return essence_before(s, p)


@njit(cache=True)
def choose_after(s, t, p):
    """D666_AFTER: buy the roll back when it costs no more than the larger of
    ``d666_after`` and the Essence the hand has no use for (I103)."""
    return 1 if s.opt[1, 0] <= max(weight(s, p, W_D666_AFTER), spare_essence(s, t, p)) else 0


@njit(cache=True)
def spare_essence(s, t, p):
    """Essence that seat p's hand has no use for: its Pool less what every card
    in its hand costs (card_cost) and less the policy's ``reserve``, never below
    0 (I103)."""
    n = s.S[p, S_ESSENCE] - int(weight(s, p, W_RESERVE))
    for c in hand(s, p):
        n -= card_cost(s, t, p, c)
    return n if n > 0 else 0


@njit(cache=True)
def choose_discard(s, t, p):
    """DISCARD: the dearest card of the hand (the first of the dearest)."""
    pick, dear = 0, -1
    for k in range(n_options(s)):
        cost = t.C[s.I[s.opt[k, 0], F_DESIGN], D_COST]
        if cost > dear:
            pick, dear = k, cost
    return pick


@njit(cache=True)
def choose_trade(s, t, p):
    """DISCORD_TRADE: trade once the Servitor carries ``trade_discord`` notes."""
    return 1 if s.I[s.opt[1, 0], F_DISS] >= weight(s, p, W_TRADE_DISCORD) else 0
