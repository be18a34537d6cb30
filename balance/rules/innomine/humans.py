"""Humans: Lifespan, Destiny and Fate, the afterlife, and victory.

Rulebook, "Beings in Detail" -- Humans: "When their lifespan runs out, or they
are killed before their time, check the Human's Destiny and Fate.  If one has
been achieved, but not the other, the Human leaves play and goes to the
appropriate side, into the Realm of whatever Superior had Influence over them
[...] If both Destiny and Fate been achieved, or neither, the Human leaves play
and reincarnates -- put the Human on the bottom of the Events deck."
"""
from numba import njit

from ...sim.seeding import DICE, below
from .animals import animal_afterlife, enter_jordi_realm, is_mortal
from .beings import is_being, leave_play, move_to
from .decks import events_bottom
from .hosts import holds_dying_host, host_dies
from .marches import in_marches, last_non_marches
from .state import (
    END_THRESHOLD,
    F_AGE,
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DYING,
    F_ENTERED,
    F_GUARD,
    F_HEALED,
    F_LOC,
    F_OWNER,
    F_RESIST,
    F_RIDER,
    F_ZONE,
    G_END,
    G_THRESHOLD,
    G_TURN,
    G_WINNER,
    S_SOULS,
    Z_PLAY,
    Z_REMOVED,
    Z_SOUL,
    beings_in_play,
    loc_realm,
    log,
)
from .readings import R_AGEING, reads
from .tables import D_CTYPE, D_DESTINY, D_FATE, D_LIFESPAN, P_SIDE
from .trace import NO_SUPERIOR, T_AFTERLIFE, T_AGE_DEATH, T_DYING, T_KILLED, T_MOVE, T_WIN
from .vocabulary import (
    ANIMAL,
    C_DAMAGE_DEALT,
    COND_AT_LEAST,
    COND_AT_MOST,
    COND_MORE_THAN,
    HEAVEN,
    HELL,
    HUMAN,
    N_COUNTERS,
)


@njit(cache=True)
def condition_met(cnt_row, cond):
    """A Destiny or Fate condition (counter, op, value, counter2) over a Human's counters."""
    op = cond[1]
    v = cnt_row[cond[0]]
    if op == COND_AT_LEAST:
        return v >= cond[2]
    if op == COND_AT_MOST:
        return v <= cond[2]
    if op == COND_MORE_THAN:
        return v > cnt_row[cond[3]]
    return False


@njit(cache=True)
def side_counter(t, p, heaven_counter):
    """The counter a Human's action moves for seat p's side: the "_heaven" one,
    or its "_hell" twin right after it (e.g. Pen's "Influence three Humans for
    Heaven" and "... for Hell")."""
    return heaven_counter if t.seat[p, P_SIDE] == HEAVEN else heaven_counter + 1


@njit(cache=True)
def court_gain(s, t, h, p, c1, d1, c2, d2):
    """How much a Human's action moving counters c1 by d1 and c2 by d2 brings its
    afterlife toward seat p's side: +1 per condition of p's side newly met (or
    the other side's newly unmet), and +-0.3 for progress on an "at least" one."""
    if t.C[s.I[h, F_DESIGN], D_CTYPE] != HUMAN:
        return 0.0
    d = s.I[h, F_DESIGN]
    mine = t.C[d, D_DESTINY:D_DESTINY + 4] if t.seat[p, P_SIDE] == HEAVEN else t.C[d, D_FATE:D_FATE + 4]
    theirs = t.C[d, D_FATE:D_FATE + 4] if t.seat[p, P_SIDE] == HEAVEN else t.C[d, D_DESTINY:D_DESTINY + 4]
    bm, bt = condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], mine), condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], theirs)
    s.I[h, F_CNT + c1] += d1
    s.I[h, F_CNT + c2] += d2
    am, at = condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], mine), condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], theirs)
    s.I[h, F_CNT + c1] -= d1
    s.I[h, F_CNT + c2] -= d2
    g = _b(am) - _b(bm) - _b(at) + _b(bt)
    if mine[1] == COND_AT_LEAST and not am and ((mine[0] == c1 and d1 > 0) or (mine[0] == c2 and d2 > 0)):
        g += 0.3
    if theirs[1] == COND_AT_LEAST and not at and ((theirs[0] == c1 and d1 > 0) or (theirs[0] == c2 and d2 > 0)):
        g -= 0.3
    return g


@njit(cache=True)
def _b(x):
    return 1.0 if x else 0.0


@njit(cache=True)
def dealing_gain(s, t, h, p, n):
    """court_gain of Being h placing n damage counters: a Human's damage dealt
    counts toward its Destiny or Fate (damage.deal_damage) -- a blow may send its
    Soul to the other side when it falls (I95).  0 for any other Being."""
    if t.C[s.I[h, F_DESIGN], D_CTYPE] != HUMAN:
        return 0.0
    return court_gain(s, t, h, p, C_DAMAGE_DEALT, n, C_DAMAGE_DEALT, 0)


@njit(cache=True)
def afterlife_side(s, t, h):
    """Where Human h would go if it left play now: HEAVEN (Destiny alone),
    HELL (Fate alone), or -1 (both or neither: reincarnation)."""
    d = s.I[h, F_DESIGN]
    destiny = condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], t.C[d, D_DESTINY:D_DESTINY + 4])
    fate = condition_met(s.I[h, F_CNT:F_CNT + N_COUNTERS], t.C[d, D_FATE:D_FATE + 4])
    if destiny and not fate:
        return HEAVEN
    if fate and not destiny:
        return HELL
    return -1


@njit(cache=True)
def lean(s, t, h, side):
    """How far Human h has come toward the condition that would send it to
    ``side``'s Realms (Destiny for Heaven, Fate for Hell), 0 to 1: the counter's
    share of an "at least" condition's value; 0 for any other kind, which a
    count does not bring nearer ("at most", once passed, is lost for good)."""
    at = D_DESTINY if side == HEAVEN else D_FATE
    cond = t.C[s.I[h, F_DESIGN], at:at + 4]
    if cond[1] != COND_AT_LEAST or cond[2] <= 0:
        return 0.0
    return min(1.0, s.I[h, F_CNT + cond[0]] / cond[2])


@njit(cache=True)
def realm_share(s, t, h, p, side):
    """The chance that Human h, going to ``side``'s Realms, enters seat p's
    (afterlife_seat): 1 or 0 if a Superior of that side Influences it, else p's
    share of that side's seats."""
    if s.I[h, F_CTRL] >= 0 and t.seat[s.I[h, F_CTRL], P_SIDE] == side:
        return 1.0 if s.I[h, F_CTRL] == p else 0.0
    return 1.0 / seats_of(s, t, side) if t.seat[p, P_SIDE] == side else 0.0


@njit(cache=True)
def seats_of(s, t, side):
    """How many seats play a Superior of ``side``."""
    n = 0
    for q in range(s.S.shape[0]):
        if t.seat[q, P_SIDE] == side:
            n += 1
    return n


@njit(cache=True)
def afterlife_seat(s, t, h, side):
    """The Realm a Human enters: its Influencing Superior's if on that side,
    else a Superior of that side chosen by chance; -1 if the side has none."""
    if s.I[h, F_CTRL] >= 0 and t.seat[s.I[h, F_CTRL], P_SIDE] == side:
        return s.I[h, F_CTRL]
    n = seats_of(s, t, side)
    if n == 0:
        return -1
    k = below(s.rng, DICE, n) if n > 1 else 0
    for p in range(s.S.shape[0]):
        if t.seat[p, P_SIDE] == side:
            if k == 0:
                return p
            k -= 1
    return -1


@njit(cache=True)
def enter_realm(s, h, p):
    """Human h becomes a Blessed or Damned Soul in p's Realm; check the victory threshold."""
    s.I[h, F_ZONE] = Z_SOUL
    s.I[h, F_LOC] = loc_realm(s, p)
    s.S[p, S_SOULS] += 1
    if s.g[G_WINNER] < 0 and s.S[p, S_SOULS] >= s.g[G_THRESHOLD]:
        s.g[G_WINNER] = p
        s.g[G_END] = END_THRESHOLD
        log(s, p, -1, -1, T_WIN, s.S[p, S_SOULS])


@njit(cache=True)
def resolve_afterlife(s, t, h):
    """Human (or Animal) h leaves play: Destiny and Fate decide where it goes.
    Animals "only either go to Archangel Jordi's Realm or reincarnate otherwise"
    (animals.animal_afterlife)."""
    side = afterlife_side(s, t, h)
    animal = t.C[s.I[h, F_DESIGN], D_CTYPE] == ANIMAL
    if animal:
        p = animal_afterlife(s, t, h, side)
        side = HEAVEN if p >= 0 else -1
    else:
        p = afterlife_seat(s, t, h, side) if side >= 0 else -1
    log(s, p, h, -1, T_AFTERLIFE, p if p >= 0 or side < 0 else NO_SUPERIOR)   # before a win it brings
    leave_play(s, t, h, Z_REMOVED)
    if side < 0:
        for k in range(N_COUNTERS):
            s.I[h, F_CNT + k] = 0
        for k in range(4):
            s.I[h, F_HEALED + k] = -1
        s.I[h, F_AGE] = 0
        s.I[h, F_RESIST] = 0
        s.I[h, F_GUARD] = 0
        events_bottom(s, s.I[h, F_OWNER], h)
    elif animal:
        enter_jordi_realm(s, h, p)
    elif p >= 0:
        enter_realm(s, h, p)


@njit(cache=True)
def kill_human(s, t, h):
    """A Human killed before its time: its afterlife is resolved at once."""
    log(s, s.I[h, F_CTRL], h, -1, T_KILLED, 0)
    resolve_afterlife(s, t, h)


@njit(cache=True)
def age_mortals(s, t):
    """Phase 3: every living Human (and Animal: "Animals have lifespans") ages one
    turn (I5) -- not in the turn it was brought out under the reading ``ageing
    = next_turn``; those reaching their Lifespan die -- but a host a Shedite of
    Saminga's rides lives on, dying (F_DYING), until the end of the turn (I71)."""
    for h in beings_in_play(s):
        if s.I[h, F_ZONE] == Z_PLAY and is_mortal(t, s.I[h, F_DESIGN]) and is_being(s, t, h) and not _arriving(s, h):
            s.I[h, F_AGE] += 1
            if s.I[h, F_AGE] >= t.C[s.I[h, F_DESIGN], D_LIFESPAN]:
                if s.I[h, F_RIDER] >= 0 and holds_dying_host(s, t, h):
                    s.I[h, F_DYING] = 1
                    log(s, s.I[h, F_CTRL], h, -1, T_DYING, s.I[h, F_AGE])
                    continue
                die_of_age(s, t, h)
                if s.g[G_WINNER] >= 0:
                    return


@njit(cache=True)
def _arriving(s, h):
    """Under ``ageing = next_turn``: was h brought out this turn (never aged, and
    in its realm since this turn)?"""
    return reads(s, R_AGEING) and s.I[h, F_AGE] == 0 and s.I[h, F_ENTERED] == s.g[G_TURN]


@njit(cache=True)
def die_of_age(s, t, h):
    """Human (or Animal) h dies at the end of its Lifespan: its rider sees it die
    (hosts.host_dies), and its afterlife is resolved."""
    log(s, s.I[h, F_CTRL], h, -1, T_AGE_DEATH, s.I[h, F_AGE])
    host_dies(s, t, h)
    resolve_afterlife(s, t, h)


@njit(cache=True)
def wake_dreamers(s, t):
    """Humans "can only inhabit the Marches temporarily (i.e., while they sleep)"
    (I53): at the end of every turn a Human in the Marches wakes, back at its
    last non-Marches Location."""
    for h in beings_in_play(s):
        if is_being(s, t, h) and t.C[s.I[h, F_DESIGN], D_CTYPE] == HUMAN and in_marches(s, s.I[h, F_LOC]):
            dest = last_non_marches(s, h)
            move_to(s, t, h, dest)
            log(s, s.I[h, F_CTRL], h, dest, T_MOVE, 0)
