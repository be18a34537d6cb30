"""Redemption: how a Bright Lilim enters play (rulebook, "Beings in Detail").

"Bright Lilim: Use the Lilim mechanics for Influence, Dissonance, and Discord
(see Demons).  Obviously, Lilim oppose Bright Lilim.  Bright Lilim are very
special... they will never enter play except via Redemption (special play
effect) of a Lilim demon in play.  If drawn from your Repository, reveal the
card, place it on the bottom of your Repository, and redraw."

The redraw is ``decks.draw_repository``'s; the Lilim mechanics are those of
``resonances`` (``is_lilim``), and a Bright Lilim that Falls answers with a
Lilim (``fall.opposing_band``).  Redemption is the card effect ``redeem``, the
mirror of the Fall (I55): the Lilim leaves play, and the Redeemer brings a
Bright Lilim from his Repository into his Realm.
"""
from numba import njit

from .beings import is_being, leave_play
from .combat import target_value
from .decks import search_band
from .fall import bring_band
from .state import F_CTRL, F_DESIGN, Z_DISCARD, beings_in_play
from .tables import D_CTYPE, D_KIND
from .trace import T_REDEEM
from .vocabulary import BRIGHT_LILIM, LILIM, SERVITOR


@njit(cache=True)
def redemption(s, t, p):
    """(Lilim, Bright Lilim) of a Redemption seat p would play now, or (-1, -1).
    It needs "a Lilim demon in play" and a Bright Lilim in p's Repository to
    enter play by it; of the Lilim p does not control, p Redeems the one most
    worth taking out of play (combat.target_value), I55."""
    best, best_v = -1, -1e9
    for j in beings_in_play(s):
        d = s.I[j, F_DESIGN]
        if (t.C[d, D_KIND] == LILIM and t.C[d, D_CTYPE] == SERVITOR and s.I[j, F_CTRL] != p
                and is_being(s, t, j)):
            v = target_value(s, t, p, j)
            if v > best_v:
                best, best_v = j, v
    if best < 0:
        return -1, -1
    bright = search_band(s, t, p, BRIGHT_LILIM, False)
    return (best, bright) if bright >= 0 else (-1, -1)


@njit(cache=True)
def redeem(s, t, p):
    """Seat p plays a Redemption: the Lilim it chooses (``redemption``) is
    discarded, and p brings the first Bright Lilim of its Repository into its
    Realm, with no action this turn, and reshuffles the Repository -- as a Prince
    answers a Fall with a demon of the opposing Band (fall.bring_band; I48, I55).
    Returns the Bright Lilim, or -1 if there was nothing to Redeem."""
    lilim, bright = redemption(s, t, p)
    if lilim < 0:
        return -1
    leave_play(s, t, lilim, Z_DISCARD)
    return bring_band(s, t, p, BRIGHT_LILIM, lilim, T_REDEEM)
