"""Player's Realms (rulebook, "The Play Area").

"Realm: Each player has a Realm, a section of Heaven or Hell. [...] Artifacts
and Tools may not be used in player's Realms, although any "always on" effect
still occurs."  (Demons burning in an Archangel's Realm is tethers.py.)
"""
from numba import njit

from .marches import tool_usable
from .state import F_DESIGN, F_LOC, realm_of, realm_seat
from .tables import D_CTYPE, D_KIND
from .vocabulary import ARTIFACT, OBJECT, TOOL


@njit(cache=True)
def usable_here(s, t, holder, card):
    """May ``holder`` use the game text of ``card`` (itself or a card attached to
    it) where it stands?  Not an Artifact's or a Tool's in a player's Realm, nor a
    Tool's in the Marches (marches.tool_usable).  Always-on text is read
    elsewhere (beings.effect_sum) and keeps working in Realms."""
    d = s.I[card, F_DESIGN]
    c = t.C[d, D_CTYPE]
    if (c == TOOL or (c == OBJECT and t.C[d, D_KIND] == ARTIFACT)) and realm_seat(s, realm_of(s, s.I[holder, F_LOC])) >= 0:
        return False
    return tool_usable(s, t, holder, card)
