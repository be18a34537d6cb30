"""Ranks (rulebook, "Types of Cards" and "Other Cards in Detail"): Distinctions,
Seneschals, Words.

"Promoting your Servitors makes them more powerful, but costs you plenty in
terms of Essence.  Distinctions and Words come with strong Abilities, and the
Words of Seneschals can protect your Tethers, but all of them also make your
Servitors bigger targets."
"Distinctions are either angelic -- Vassal, Friend, and Master -- or demonic --
Knight, Captain, and Baron -- and are specific to a given Superior.  Friend
Distinctions will have the condition "only attach to a Being with the Vassal
Distinction attached," and Masters may likewise be made only of Friends."

Ranks go to Servitors only (beings.can_hold).  A Seneschal's tie to a Tether
is in tethers.py; a Word is a Rank whose price is its Essence cost (I44).
"""
from numba import njit

from .state import F_ATTS, F_DESIGN, F_NATT
from .tables import D_COST, D_CTYPE, D_KIND, D_RUNG, D_SUPERIORS
from .vocabulary import DISTINCTION, RANK


@njit(cache=True)
def promotion_allowed(s, t, holder, card):
    """A Distinction of rung n > 1 (Friend, Master; Captain, Baron) attaches only
    to a Being that holds one of rung n - 1 of the same Superior: "only attach
    to a Being with the Vassal Distinction attached"; "Masters may likewise be
    made only of Friends".  Other cards are not concerned."""
    d = s.I[card, F_DESIGN]
    if t.C[d, D_CTYPE] != RANK or t.C[d, D_KIND] != DISTINCTION or t.C[d, D_RUNG] <= 1:
        return True
    for a in range(s.I[holder, F_NATT]):
        da = s.I[s.I[holder, F_ATTS + a], F_DESIGN]
        if (t.C[da, D_CTYPE] == RANK and t.C[da, D_KIND] == DISTINCTION
                and t.C[da, D_RUNG] == t.C[d, D_RUNG] - 1 and t.C[da, D_SUPERIORS] == t.C[d, D_SUPERIORS]):
            return True
    return False


@njit(cache=True)
def worth(s, t, i):
    """What Being i is worth to an attacker, in Essence: its own cost and that of
    the Ranks it holds, since Ranks "make your Servitors bigger targets" (I44)."""
    v = t.C[s.I[i, F_DESIGN], D_COST]
    for a in range(s.I[i, F_NATT]):
        d = s.I[s.I[i, F_ATTS + a], F_DESIGN]
        if t.C[d, D_CTYPE] == RANK:
            v += t.C[d, D_COST]
    return v
