"""The three combat types and where each may be fought (rulebook, phase 6a).

"Combat comes in three different types [...] Celestial, Ethereal, and
Corporeal.  On Earth, the standard combat is corporeal; ethereal attacks may be
undertaken with certain Objects or Abilities, and celestial combat is difficult
to initiate witout specialized Attack or Defense Acts.  In the Marches, the
standard combat is ethereal; corporeal attacks may not be used, but celestial
combat may be chosen freely by an attacker.  In player's Realms, standard
combat is Celestial, but ethereal combat may be undertaken with certain Relics
or Abilities."

Who may take part: Humans "when on Earth [...] may only participate in
Corporeal combat", and in the Marches "can participate in Celestial or Ethereal
combat"; Animals "can only participate in Corporeal and Ethereal combat".
Which of the open types an attacker picks is combat.combat_type; the Attack
and Defense Acts that set a combat's type as it begins are combat.attack_act
and combat.defense_act (I59).
"""
from numba import njit

from .beings import find_effect, has_text
from .combat_acts import act_realms, may_hold
from .marches import in_marches, tool_usable
from .state import F_ATTS, F_CTRL, F_DESIGN, F_LOC, F_NATT, R_CELESTIAL, R_CORPOREAL, R_ETHEREAL, realm_type
from .tables import D_CTYPE, D_EFFECTS
from .vocabulary import ANIMAL, E_COMBAT_TYPE, HUMAN, MAX_EFFECTS


@njit(cache=True)
def may_fight_in(s, t, i, r):
    """May Being i take part (strike or be struck) in combat of type r where it is?
    Humans: Corporeal only on Earth, Celestial or Ethereal in the Marches;
    Animals: Corporeal and Ethereal only."""
    c = t.C[s.I[i, F_DESIGN], D_CTYPE]
    if c == HUMAN:
        return (r != R_CORPOREAL) == in_marches(s, s.I[i, F_LOC])
    if c == ANIMAL:
        return r != R_CELESTIAL
    return True


@njit(cache=True)
def open_types(s, t, lead, L):
    """The combat types Being ``lead`` may start at location L, as a bitmask of
    1 << type: those its game text opens (text_types), and any that an Attack
    Act in its controller's hand gives ("celestial combat is difficult to
    initiate witout specialized Attack or Defense Acts", I59) -- never corporeal
    in the Marches."""
    mask = text_types(s, t, lead, L)
    p = s.I[lead, F_CTRL]
    if p >= 0 and may_hold(s, p, E_COMBAT_TYPE):
        acts = act_realms(s, t, p, E_COMBAT_TYPE)
        if realm_type(s, L) == R_ETHEREAL:
            acts &= ~(1 << R_CORPOREAL)
        mask |= acts
    return mask


@njit(cache=True)
def text_types(s, t, lead, L):
    """The combat types ``lead``'s game text lets it start at L (bitmask): the
    realm's standard one; in the Marches celestial too ("may be chosen freely by
    an attacker"); and any type that a ``combat_type`` effect in its game text
    opens ("with certain Objects or Abilities", "certain Relics or Abilities") --
    except corporeal in the Marches, where "corporeal attacks may not be used"."""
    r = realm_type(s, L)
    mask = 1 << r
    marches = r == R_ETHEREAL
    if marches:
        mask |= 1 << R_CELESTIAL
    if find_effect(s, t, lead, E_COMBAT_TYPE) < 0:
        return mask
    bit = 1 << E_COMBAT_TYPE
    for a in range(-1, s.I[lead, F_NATT]):
        c = lead if a < 0 else s.I[lead, F_ATTS + a]
        d = s.I[c, F_DESIGN]
        if t.C[d, D_EFFECTS] & bit == 0 or not tool_usable(s, t, lead, c) or not has_text(s, lead):
            continue
        for k in range(MAX_EFFECTS):
            if t.eff[d, k, 0] == E_COMBAT_TYPE and not (marches and t.eff[d, k, 1] == R_CORPOREAL):
                mask |= 1 << t.eff[d, k, 1]
    return mask
