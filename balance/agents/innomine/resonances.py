"""The scripted styles' choices around a Resonance roll: a failed Habbalite's
outcome (I28), the Balseraphs' free rolls on a gullible Seraph, and what a
Seraph's table shows (I33)."""
from numba import njit

from ...rules.innomine.resonances import resonance_stat
from ...rules.innomine.state import F_DISS, F_SEEN, F_ZONE, Z_FACEDOWN, Z_HAND
from ...rules.innomine.vocabulary import BALSERAPH
from ...sim.seeding import DICE, below
from ..points import n_options, subject
from .chances import p_success


@njit(cache=True)
def choose_habbalite_failure(s, t, p):
    """HABBALITE_FAILURE: roll again on the first Being not tried this turn
    (row 2), else a note while the Habbalite carries fewer than two (row 0),
    else be Influenced by another player (row 1)."""
    if n_options(s) > 2:
        return 2
    return 0 if s.I[subject(s), F_DISS] < 2 else 1


@njit(cache=True)
def choose_gullibility_pick(s, t, q):
    """GULLIBILITY_PICK: the Seraph's controller names the offered Balseraph
    least likely to succeed on the Seraph (p_success), the first of equals."""
    stat, op = resonance_stat(BALSERAPH)
    best, best_p = 0, 2.0
    for k in range(n_options(s)):
        ps = p_success(s, t, s.opt[k, 0], s.opt[k, 1], stat, op)
        if ps < best_p:
            best, best_p = k, ps
    return best


@njit(cache=True)
def choose_gullibility_roll(s, t, p):
    """GULLIBILITY_ROLL: the free roll whenever it can succeed."""
    stat, op = resonance_stat(BALSERAPH)
    return 1 if p_success(s, t, subject(s), s.opt[1, 1], stat, op) > 0 else 0


@njit(cache=True)
def choose_view(s, t, p):
    """VIEW_PICK: the first face-down card seat p has not seen (the one kind of
    hidden card the styles act on, docs/rules.md I33), else the first."""
    return max(_first_unseen(s, p), 0)


@njit(cache=True)
def choose_truth(s, t, q):
    """TRUTH_PICK: the first face-down card seat q has not seen, else a card of
    the hand drawn with the game's dice, as the rules drew it before this was a
    decision, else none (row 0)."""
    k = _first_unseen(s, q)
    if k >= 0:
        return k
    n = 0
    for r in range(n_options(s)):
        n += s.opt[r, 0] >= 0 and s.I[s.opt[r, 0], F_ZONE] == Z_HAND
    if n == 0:
        return 0
    j = below(s.rng, DICE, n)
    for r in range(n_options(s)):
        if s.opt[r, 0] >= 0 and s.I[s.opt[r, 0], F_ZONE] == Z_HAND:
            if j == 0:
                return r
            j -= 1
    return 0


@njit(cache=True)
def choose_lie(s, t, p):
    """LIE: the Seraph lies exactly when the card would be a face-down one."""
    return 1 if s.I[s.opt[1, 1], F_ZONE] == Z_FACEDOWN else 0


@njit(cache=True)
def _first_unseen(s, q):
    """The first row offering a face-down card seat q has not seen, or -1."""
    for r in range(n_options(s)):
        c = s.opt[r, 0]
        if c >= 0 and s.I[c, F_ZONE] == Z_FACEDOWN and (s.I[c, F_SEEN] >> q) & 1 == 0:
            return r
    return -1
