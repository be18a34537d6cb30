"""Phase 1, Draw, and how Events cards arrive (rulebook, "The Game Turn" and
"Event Cards"): "Draw a card from your Repository, and add it to your hand.
Draw a card from your Events Deck, and place it into the appropriate Realm --
the Earth, unless otherwise specified, such as the Marches for Ethereals."
"""
from numba import njit

from .decks import draw_event, draw_repository
from .effects import apply_immediate
from .state import (
    F_AGE,
    F_ATT,
    F_CTRL,
    F_DESIGN,
    F_ENTERED,
    F_INF_BY,
    F_LOC,
    F_ZONE,
    G_TURN,
    S_MASK_DRAWN,
    Z_DISCARD,
    enter_play,
    loc_earth,
    loc_marches,
    log,
    mark,
)
from .tables import D_CTYPE, D_PLACE
from .trace import T_DRAW, T_EVENT
from .vocabulary import ANIMAL, ETHEREAL, HUMAN, IN_MARCHES, INTERVENTION, NATURE, TETHER


@njit(cache=True)
def draw_phase(s, t, p):
    """Phase 1 for seat p."""
    c = draw_repository(s, t, p)
    if c >= 0:
        mark(s, S_MASK_DRAWN, p, t, s.I[c, F_DESIGN])
        log(s, p, c, -1, T_DRAW, 0)
    e = draw_event(s, p)
    if e >= 0:
        log(s, p, e, -1, T_EVENT, 0)
        arrive(s, t, p, e)


@njit(cache=True)
def arrive(s, t, p, e):
    """An Events card comes into play: Humans, Animals and Tools on Earth (Tools
    uncontrolled), Ethereals in the Marches, Tethers and Locations on Earth or
    in the Marches as the card says (D_PLACE), Tethers under the control of "the
    owner of the Events Deck from which this Tether was played", Locations
    uncontrolled; Interventions and Nature take effect at once and are discarded."""
    c = t.C[s.I[e, F_DESIGN], D_CTYPE]
    if c == INTERVENTION or c == NATURE:
        apply_immediate(s, t, p, e, -1)
        s.I[e, F_ZONE] = Z_DISCARD
        return
    enter_play(s, e, c == HUMAN or c == ETHEREAL or c == ANIMAL)
    s.I[e, F_ATT] = -1
    s.I[e, F_INF_BY] = -1
    s.I[e, F_ENTERED] = s.g[G_TURN]
    s.I[e, F_LOC] = loc_marches(s) if t.C[s.I[e, F_DESIGN], D_PLACE] == IN_MARCHES else loc_earth(s)
    s.I[e, F_CTRL] = p if c == TETHER else -1
    if c == HUMAN or c == ANIMAL:
        s.I[e, F_AGE] = 0
