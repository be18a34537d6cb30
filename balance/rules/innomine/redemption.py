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
from .decks import search_band
from .fall import bring_band
from .state import F_CTRL, F_DESIGN, Z_DISCARD
from .tables import D_CTYPE, D_KIND
from .trace import T_REDEEM
from .vocabulary import BRIGHT_LILIM, LILIM, SERVITOR


@njit(cache=True)
def redeemable(s, t, p, j):
    """Redemption's target: "a Lilim demon in play" that seat p does not control."""
    d = s.I[j, F_DESIGN]
    return (t.C[d, D_KIND] == LILIM and t.C[d, D_CTYPE] == SERVITOR and s.I[j, F_CTRL] != p
            and is_being(s, t, j))


@njit(cache=True)
def bright_lilim(s, t, p):
    """The Bright Lilim in p's Repository that a Redemption brings in, or -1."""
    return search_band(s, t, p, BRIGHT_LILIM)


@njit(cache=True)
def redeem(s, t, p, lilim):
    """Seat p plays a Redemption on ``lilim`` (``redeemable``): the Lilim is
    discarded, and p brings a Bright Lilim of its Repository into its
    Realm, with no action this turn, and reshuffles the Repository -- as a Prince
    answers a Fall with a demon of the opposing Band (fall.bring_band; I48, I55).
    Returns the Bright Lilim, or -1 if there was nothing to Redeem."""
    if lilim < 0 or not redeemable(s, t, p, lilim) or bright_lilim(s, t, p) < 0:
        return -1
    leave_play(s, t, lilim, Z_DISCARD)
    return bring_band(s, t, p, BRIGHT_LILIM, lilim, T_REDEEM, False)
