"""An angel Falls (rulebook, "Beings in Detail", Angels).

"if an angel other than a Malakite fails a Dissonance roll in phase 4, it
Falls.  If any opposing player is a Demon Prince, the angel's controller
chooses one Prince, who may search their Repository for a demon of the
opposing Band, bring it into their Realm, and reshuffle their Repository.  If
that Prince has no suitable demon, or there is no Demon Prince in the game,
there is no further effect.  In either case, discard the angel."

The opposing Bands, from the Choirs' paragraphs: Balseraphs oppose Seraphim,
Djinn Cherubim, Calabim Ofanim, Habbalah Elohim, Shedim Kyriotates, Impudites
Mercurians, Lilim Bright Lilim; "Malakim do not Fall, and thus have no
opposing Band."
"""
from numba import njit

from ...agents.points import MAX_OPTIONS, about, clear, offer
from .beings import into_realm
from .deck_search import offer_found, take_found
from .decks import REPOSITORY, reshuffle, search_band
from .state import F_CTRL, F_DESIGN, F_OWNER, log
from .tables import D_KIND, P_SIDE
from .trace import T_FALL_DEMON
from .vocabulary import BALSERAPH, BRIGHT_LILIM, HELL, LILIM, MALAKITE, MERCURIAN, SERAPH, SERVITOR


@njit(cache=True)
def opposing_band(kind):
    """The Band that opposes Choir ``kind``, or -1 (Malakim, and non-angels).
    The Choirs SERAPH..MERCURIAN and their Bands BALSERAPH..IMPUDITE are listed
    in the same order (vocabulary)."""
    if SERAPH <= kind <= MERCURIAN and kind != MALAKITE:
        return kind - SERAPH + BALSERAPH
    if kind == BRIGHT_LILIM:
        return LILIM
    return -1


@njit(cache=True)
def _chosen_prince(s, t, p, band):
    """The Prince whom the angel's controller p chooses: one who would find no
    demon of ``band`` if there is such a Prince (then -1: no effect), else the
    first opposing Prince after p in turn order."""
    P = s.S.shape[0]
    chosen = -1
    for k in range(1, P):
        q = (p + k) % P
        if t.seat[q, P_SIDE] != HELL:
            continue
        if search_band(s, t, q, band) < 0:
            return -1
        if chosen < 0:
            chosen = q
    return chosen


@njit(cache=True)
def fall(s, t, i):
    """Angel i Falls: the chosen Prince brings a demon of the opposing Band from
    their Repository into their Realm and reshuffles it.  (The caller discards i.)"""
    band = opposing_band(t.C[s.I[i, F_DESIGN], D_KIND])
    p = s.I[i, F_CTRL] if s.I[i, F_CTRL] >= 0 else s.I[i, F_OWNER]
    q = _chosen_prince(s, t, p, band) if band >= 0 else -1
    if q >= 0:
        bring_band(s, t, q, band, i, T_FALL_DEMON, True)


@njit(cache=True)
def bring_band(s, t, q, kind, i, code, may):
    """Seat q "search[es] their Repository for a [Servitor of ``kind``], bring[s]
    it into their Realm, and reshuffle[s] their Repository": the one q's agent
    takes (deck_search; none, if it ``may`` search and does not) comes into play
    free, with no action this turn.  Traced with ``code`` against i, the Being
    whose Fall (or Redemption, redemption.py) calls for it.  Returns the
    Servitor, or -1 if none came."""
    clear(s)
    about(s, i)
    if may:
        offer(s, -1, -1)
    offer_found(s, t, q, REPOSITORY, SERVITOR, kind, 0, MAX_OPTIONS)
    c = take_found(s, t, q, REPOSITORY)
    if c < 0:
        return -1
    into_realm(s, c, q, 0)
    reshuffle(s, q, REPOSITORY)
    log(s, q, c, i, code, 0)
    return c
