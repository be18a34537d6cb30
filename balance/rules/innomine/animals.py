"""Animals (rulebook, "Beings in Detail").

"Not accessed in the first In Nomine set, Animals are Beings that can aid your
servants if trained or Influenced.  Animals have lifespans, with Destinies and
Fates, but only either go to Archangel Jordi's Realm or reincarnate otherwise
when killed.  They can only participate in Corporeal and Ethereal combat.  No
cards other than those explicitly stating otherwise may be attached to
Animals."  Gain Essence counts "every Human or Animal in your Realm".

Ageing and the afterlife run through humans.py, the combat types through
combat_types.py, attachments through beings.can_hold.
"""
from numba import njit

from .state import F_DESIGN, F_LOC, F_ZONE, Z_SOUL, loc_realm
from .tables import D_CTYPE, P_JORDI
from .vocabulary import ANIMAL, HEAVEN, HUMAN


@njit(cache=True)
def is_mortal(t, d):
    """Humans and Animals: a lifespan, a Destiny and a Fate."""
    return t.C[d, D_CTYPE] == HUMAN or t.C[d, D_CTYPE] == ANIMAL


@njit(cache=True)
def jordi_seat(s, t):
    """The seat that plays Archangel Jordi, or -1."""
    for p in range(s.S.shape[0]):
        if t.seat[p, P_JORDI] == 1:
            return p
    return -1


@njit(cache=True)
def animal_afterlife(s, t, a, side):
    """Where Animal a goes when it dies (I50): Jordi's Realm if its Destiny alone
    is met (``side`` HEAVEN, the Archangels' side, as for a Human) and Jordi is
    in the game; "reincarnate otherwise".  Returns Jordi's seat, or -1 to
    reincarnate."""
    return jordi_seat(s, t) if side == HEAVEN else -1


@njit(cache=True)
def enter_jordi_realm(s, a, p):
    """Animal a is in Jordi's (seat p's) Realm.  It is no Human, so it does not
    count toward the victory threshold ("If this number of Humans enters your
    Realm")."""
    s.I[a, F_ZONE] = Z_SOUL
    s.I[a, F_LOC] = loc_realm(s, p)


@njit(cache=True)
def animals_in_realm(s, t, p):
    """How many Animals are in seat p's Realm (only Jordi's ever holds any)."""
    if t.seat[p, P_JORDI] == 0:
        return 0
    n = 0
    for a in range(s.I.shape[0]):
        if s.I[a, F_ZONE] == Z_SOUL and s.I[a, F_LOC] == loc_realm(s, p) and t.C[s.I[a, F_DESIGN], D_CTYPE] == ANIMAL:
            n += 1
    return n
