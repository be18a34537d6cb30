"""Objects (rulebook, "Other Cards in Detail"): Reliquaries, Talismans, Artifacts.

"Objects come as Relics, Reliquaries, Talismans, Artifacts, and Tools. [...]
Relics [add] a wide variety of game text to the card.  Reliquaries typically
say "Up to X total Essence per turn may be deducted from the cost of actions
taken by this Being."  Talismans generally add a bonus to rolls to use skills,
and are effective in the Marches.  Artifacts are simply Tools that have the
ability "this Object may move to the Location of the first Being to which it
was attached, at the will of that Being's controller at any time.""

Relics need nothing here: their game text is read where it applies, like any
Being's.  Tools come into play in draw.py.
"""
from numba import njit

from .beings import attach, can_hold, detach, effect_param, effect_sum, has_text, is_being, text_works
from .state import (
    F_ATT,
    F_ATTS,
    F_CTRL,
    F_DESIGN,
    F_FIRST,
    F_LOC,
    F_NATT,
    F_RELIQUARY_TURN,
    F_RELIQUARY_USED,
    F_TRAUMA,
    F_ZONE,
    G_TURN,
    Z_PLAY,
    log,
    others_in_play,
)
from .tables import D_CTYPE, D_KIND
from .trace import T_MOVE
from .vocabulary import (
    AGAINST_ANY,
    ARTIFACT,
    E_INFLUENCE_BONUS,
    E_RELIQUARY,
    E_SKILL_BONUS,
    MAX_EFFECTS,
    OBJECT,
    SKILL,
)


# ------------------------------------------------------------------ Reliquaries
@njit(cache=True)
def reliquary_pays(s, t, i, cost, commit):
    """How much of an action costing ``cost`` Essence Being i's Reliquaries pay:
    "Up to X total Essence per turn may be deducted from the cost of actions
    taken by this Being."  Each Reliquary keeps its own allowance, counted per
    turn (each player's turn is a turn); with ``commit`` the allowance is used.
    A Reliquary made nonfunctioning in combat (beings.text_works) pays nothing."""
    left = cost
    if left <= 0 or not has_text(s, i):
        return 0
    turn = s.g[G_TURN]
    for a in range(s.I[i, F_NATT]):
        r = s.I[i, F_ATTS + a]
        x = effect_param(s, t, r, E_RELIQUARY, 1) if text_works(s, t, i, r) else 0
        used = s.I[r, F_RELIQUARY_USED] if s.I[r, F_RELIQUARY_TURN] == turn else 0
        take = min(x - used, left)
        if take <= 0:
            continue
        if commit:
            s.I[r, F_RELIQUARY_TURN] = turn
            s.I[r, F_RELIQUARY_USED] = used + take
        left -= take
        if left == 0:
            break
    return cost - left


# ------------------------------------------------------------------ Talismans
@njit(cache=True)
def talisman_bonus(s, t, i, other_side_human):
    """Talismans "generally add a bonus to rolls to use skills, and are effective
    in the Marches" (I42): +skill_bonus on every roll of Being i that one of its
    Skills takes part in, in any realm.  In the closed vocabulary the rolls Skills
    take part in are Influence rolls (Acting; Spin, only against a Human an
    Archangel Influences: ``other_side_human``)."""
    if not has_text(s, i):
        return 0
    for a in range(s.I[i, F_NATT]):
        d = s.I[s.I[i, F_ATTS + a], F_DESIGN]
        if t.C[d, D_CTYPE] != SKILL:
            continue
        for k in range(MAX_EFFECTS):
            if t.eff[d, k, 0] == E_INFLUENCE_BONUS and (t.eff[d, k, 2] == AGAINST_ANY or other_side_human):
                return effect_sum(s, t, i, E_SKILL_BONUS, 1)
    return 0


# ------------------------------------------------------------------ Artifacts
@njit(cache=True)
def is_artifact(s, t, c):
    d = s.I[c, F_DESIGN]
    return t.C[d, D_CTYPE] == OBJECT and t.C[d, D_KIND] == ARTIFACT


@njit(cache=True)
def recall_artifacts(s, t, p):
    """Artifacts: "this Object may move to the Location of the first Being to
    which it was attached, at the will of that Being's controller at any time"
    (I41).  Seat p calls back every Artifact whose first Being p controls, is in
    play and out of Trauma, unless the Artifact is already with one of p's
    Beings: it moves to that Being's Location under p's control and, as the Acts
    phase lets p "give any uncontrolled Object to a Being in its Realm", is
    given back to that Being."""
    for c in others_in_play(s):
        if s.I[c, F_ZONE] != Z_PLAY or not is_artifact(s, t, c):
            continue
        f = s.I[c, F_FIRST]
        if f < 0 or not is_being(s, t, f) or s.I[f, F_CTRL] != p or s.I[f, F_TRAUMA] > 0:
            continue
        h = s.I[c, F_ATT]
        if h >= 0 and s.I[h, F_CTRL] == p:
            continue
        detach(s, c)
        s.I[c, F_LOC] = s.I[f, F_LOC]
        s.I[c, F_CTRL] = p
        log(s, p, c, s.I[f, F_LOC], T_MOVE, 0)
        if can_hold(s, t, f, c):
            attach(s, t, c, f, p)
