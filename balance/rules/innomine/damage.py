"""Damage and what 0 Hits in each realm means (rulebook, phase 6a).

"A Being can survive Damage in a Realm up to one less than the number of its
Hits in that Realm."  At 0 Hits: Celestial -- soul-dead; Ethereal -- Songs
lost, Influence broken on a 1 or 2, ejection or Trauma in the Marches;
Corporeal -- mortals and Undead die, Malakim and Saints return to their Realm
and regenerate, other Immortals enter Trauma in their Realm.  See
docs/rules.md for when these are applied (end of each combat round and end of
turn).
"""
from numba import njit

from ...sim.seeding import d6
from .beings import (
    drop_objects,
    drop_songs,
    free_of_influence,
    hits,
    hits_left,
    initiates_encounter,
    is_being,
    leave_play,
    move_to,
    returns_unhurt,
    send_home,
)
from .dissonance import add_dissonance, harms
from .hosts import holds_dying_host, host_dies, spares_dissonance, unride
from .humans import die_of_age, kill_human
from .marches import ethereal_trauma, in_marches, last_non_marches
from .state import (
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DMG,
    F_DYING,
    F_ET_OUT,
    F_FIGHT,
    F_HOST,
    F_INF_BY,
    F_LOC,
    F_RIDER,
    F_TRAUMA,
    F_ZONE,
    G_WINNER,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    log,
)
from .tables import D_CTYPE, D_HITS, D_KIND
from .trace import PACK, T_DAMAGE, T_REGEN, T_RESTORE, T_TRAUMA, T_ZERO_CE, T_ZERO_CO, T_ZERO_ET, WHY_HUMAN_DIED
from .vocabulary import (
    CELESTIAL,
    CORPOREAL,
    COUNTERS,
    ETHEREAL,
    ETHEREAL_REALM,
    ANIMAL,
    HUMAN,
    IMPUDITE,
    UNDEAD,
)

_DEALT = COUNTERS["damage_dealt"]


@njit(cache=True)
def counters_for(s, t, tgt, r, amount):
    """How many of ``amount`` damage counters tgt can take in realm r: no more
    than its Hits left there (I18)."""
    room = hits_left(s, t, tgt, r)
    n = amount if amount < room else room
    return n if n > 0 else 0


@njit(cache=True)
def deal_damage(s, t, src, tgt, r, amount):
    """Put up to ``amount`` damage counters on tgt in realm r (counters_for).
    A Human source counts them toward "damage dealt"; a Mercurian (or a
    Malakite so sworn) that damages a Human takes Dissonance; damage to a Djinn
    Attuned to src is an encounter src initiates.  Returns the counters placed."""
    n = counters_for(s, t, tgt, r, amount)
    if n == 0:
        return 0
    s.I[tgt, F_DMG + r] += n
    if src >= 0:
        initiates_encounter(s, src, tgt)
        if t.C[s.I[src, F_DESIGN], D_CTYPE] == HUMAN:
            s.I[src, F_CNT + _DEALT] += n
        if not spares_dissonance(s, t, tgt):
            harms(s, t, src, tgt)
    return n


@njit(cache=True)
def damage_from(s, t, src, i, r, amount):
    """Damage to Being i that no Being deals, from ``src``: a card (a Tether,
    Location, Nature or Intervention) or a Realm's Location.  Traced when any
    counter is placed (T_DAMAGE).  Returns the counters placed."""
    n = deal_damage(s, t, -1, i, r, amount)
    if n > 0:
        log(s, s.I[i, F_CTRL], src, i, T_DAMAGE, n * PACK + r)
    return n


@njit(cache=True)
def _zero(s, t, i, r):
    h = hits(s, t, i, r)
    return h > 0 and s.I[i, F_DMG + r] >= h


@njit(cache=True)
def resolve_zero_hits(s, t):
    """Apply the 0-Hit consequences to every Being in play -- except the death of
    a host a Shedite of Saminga's keeps alive until the end of the turn
    (hosts.holds_dying_host, I71)."""
    zero_hit_checks(s, t, False)


@njit(cache=True)
def final_zero_hits(s, t):
    """The end of turn's 0-Hit checks (I21): every dying host dies now too."""
    zero_hit_checks(s, t, True)


@njit(cache=True)
def zero_hit_checks(s, t, final):
    """The 0-Hit consequences for every Being in play; a host past its Lifespan
    (F_DYING) dies of age.  Unless ``final``, a host whose Shedite keeps it alive
    does not die yet."""
    for i in beings_in_play(s):
        if s.g[G_WINNER] >= 0:
            return
        if not is_being(s, t, i) or (s.I[i, F_DYING] == 0 and s.I[i, F_DMG + CELESTIAL] == 0
                                     and s.I[i, F_DMG + ETHEREAL_REALM] == 0
                                     and s.I[i, F_DMG + CORPOREAL] == 0):
            continue        # no damage counters, no Lifespan reached: nothing at 0 Hits (_zero)
        kept = s.I[i, F_RIDER] >= 0 and not final and holds_dying_host(s, t, i)
        if _zero(s, t, i, CELESTIAL) and not kept:
            soul_death(s, t, i)
            continue
        if s.I[i, F_DYING] == 1 and not kept:
            die_of_age(s, t, i)
            continue
        if _zero(s, t, i, CORPOREAL) and s.I[i, F_TRAUMA] == 0 and not kept:
            corporeal_death(s, t, i)
        if is_being(s, t, i) and _zero(s, t, i, ETHEREAL_REALM) and s.I[i, F_ET_OUT] == 0:
            ethereal_loss(s, t, i)


@njit(cache=True)
def soul_death(s, t, i, r=CELESTIAL):
    """Discard the Being with its Songs and Ranks; its Objects fall loose.  A
    Kyriotate or Shedite attached to it sees its host die (hosts.host_dies).
    Traced with the realm ``r`` whose 0 Hits made it soul-dead."""
    log(s, s.I[i, F_CTRL], i, -1, T_ZERO_CE, r)
    host_dies(s, t, i)
    leave_play(s, t, i, Z_DISCARD)


@njit(cache=True)
def corporeal_death(s, t, i):
    """Mortals die (afterlife); Undead are soul-dead; Malakim and Saints go home
    and regenerate; other Immortals enter Trauma for their Corporeal Hits in
    turns.  Each "die[s] corporeally": a Kyriotate or Shedite attached to i sees
    its host die (hosts.host_dies); an Immortal, which stays in play, is freed of
    the rider's Influence (I60).  A Kyriotate or Shedite that enters Trauma
    while riding leaves its host first (hosts.unride), as when it goes home."""
    d = s.I[i, F_DESIGN]
    if t.C[d, D_KIND] == UNDEAD and t.C[d, D_CTYPE] != HUMAN and t.C[d, D_CTYPE] != ANIMAL:
        soul_death(s, t, i, CORPOREAL)      # "reduced to 0 Corporeal Hits, the Undead is soul-dead"
        return
    log(s, s.I[i, F_CTRL], i, -1, T_ZERO_CO, 0)
    if t.C[d, D_CTYPE] == HUMAN:
        _impudites_witness(s, t, i)
    host_dies(s, t, i, t.C[d, D_CTYPE] != HUMAN and t.C[d, D_CTYPE] != ANIMAL)
    if t.C[d, D_CTYPE] == HUMAN:
        kill_human(s, t, i)
    elif t.C[d, D_CTYPE] == ANIMAL:
        kill_human(s, t, i)   # "Animals have lifespans, with Destinies and Fates": mortal
    elif returns_unhurt(s, t, i):
        send_home(s, t, i)
        s.I[i, F_DMG + CORPOREAL] = 0
        log(s, s.I[i, F_CTRL], i, -1, T_REGEN, 0)
    else:
        if s.I[i, F_HOST] >= 0:
            unride(s, t, i)
        s.I[i, F_TRAUMA] = t.C[d, D_HITS + CORPOREAL]
        drop_objects(s, t, i)
        send_home(s, t, i)
        s.I[i, F_FIGHT] = -1
        log(s, s.I[i, F_CTRL], i, -1, T_TRAUMA, s.I[i, F_TRAUMA])


@njit(cache=True)
def _impudites_witness(s, t, h):
    """"Impudites take a note of Dissonance if a Human in their Location dies
    other than via aging" -- not for a Human a Kyriotate rides (hosts.spares_dissonance)."""
    if spares_dissonance(s, t, h):
        return
    for j in beings_in_play(s):
        if is_being(s, t, j) and t.C[s.I[j, F_DESIGN], D_KIND] == IMPUDITE and s.I[j, F_LOC] == s.I[h, F_LOC]:
            add_dissonance(s, t, j, WHY_HUMAN_DIED)


@njit(cache=True)
def ethereal_loss(s, t, i):
    """Songs lost; each Influence the Being holds breaks on a d6 of 1 or 2: the
    Being is freed of it, a Servitor back to its own Superior
    (free_of_influence), a Kyriotate's or Shedite's host by the end of the ride
    (hosts.unride: the rider's Influence is its hold, I60); "If in the
    Marches, Beings other than an Ethereal are ejected to their last
    non-Marches Location.  An Ethereal leaves to a new location in the Marches
    and enters Trauma" (marches.py)."""
    log(s, s.I[i, F_CTRL], i, -1, T_ZERO_ET, 0)
    s.I[i, F_ET_OUT] = 1
    drop_songs(s, t, i)
    for j in beings_in_play(s):
        if s.I[j, F_INF_BY] == i and s.I[j, F_ZONE] == Z_PLAY and d6(s.rng) <= 2:
            if s.I[j, F_RIDER] == i:
                unride(s, t, i)
            else:
                free_of_influence(s, t, j)
    if in_marches(s, s.I[i, F_LOC]):
        if t.C[s.I[i, F_DESIGN], D_CTYPE] == ETHEREAL:
            move_to(s, t, i, ethereal_trauma(s, t, i))
        else:
            move_to(s, t, i, last_non_marches(s, i))


@njit(cache=True)
def restore_ethereal(s, t):
    """End of turn: "restore all Ethereal Hits" of Beings that lost them (T_RESTORE)."""
    for i in beings_in_play(s):
        if s.I[i, F_ET_OUT] == 1:
            s.I[i, F_ET_OUT] = 0
            s.I[i, F_DMG + ETHEREAL_REALM] = 0
            log(s, s.I[i, F_CTRL], i, -1, T_RESTORE, 0)
