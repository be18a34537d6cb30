"""What a scripted style expects of a roll: its exact chance, with the Essence
the style spends before a d666 roll (its ``d666_before``; the classic d6 spends
none)."""
from numba import njit

from ...rules.innomine.attunement import attune_faces, rolls_to_attune
from ...rules.innomine.d666 import check_chance
from .policies import W_D666_BEFORE, weight
from ...rules.innomine.resonances import classic_faces
from ...rules.innomine.state import F_CTRL, G_VARIANT, S_ESSENCE


@njit(cache=True)
def essence_before(s, p):
    """Essence seat p's style spends before a d666 Resonance roll: its
    d666_before, as far as its Essence goes."""
    want = int(weight(s, p, W_D666_BEFORE))
    return min(want, s.S[p, S_ESSENCE]) if want > 0 else 0


@njit(cache=True)
def p_faces(s, actor, faces):
    """Exact chance that a Resonance roll of actor succeeding on ``faces`` of a
    d6 succeeds (resonances.resonance_roll), with the Essence actor's
    controller's style spends before a d666."""
    return check_chance(s.g[G_VARIANT], faces, essence_before(s, s.I[actor, F_CTRL]))


@njit(cache=True)
def p_success(s, t, actor, target, stat, op):
    """Exact chance that actor's Influence roll on target succeeds (p_faces)."""
    return p_faces(s, actor, classic_faces(s, t, actor, target, stat, op))


@njit(cache=True)
def attune_chance(s, t, i, x):
    """Exact chance that i's Attunement to x takes (p_faces): 1 where it takes
    without a roll (attunement.rolls_to_attune)."""
    return p_faces(s, i, attune_faces(s, t, i, x)) if rolls_to_attune(s, t, i, x) else 1.0
