"""Influence: the Choir and Band Resonances, and Influence rolls in general.

Rulebook, "Beings in Detail".  Implemented here, exactly as written:
- Mercurians: "roll d6, plus 1 if the Being is already Influenced; if the
  resultant roll is greater than or equal to the Being's Ethereal Hits".
- Elohim: "if the result after any modifiers is greater than the Being's
  Ethereal Hits".
- Balseraphs: "d6 vs. a target (in their Realm) Being's Celestial Hits [...]
  greater than or equal"; re-Resonating on a Being they Influence gives it a -1
  against others; "Failure in any of these rolls inflicts a note of
  dissonance"; Paranoia subtracts its levels from Resonance rolls.
- Impudites: "d6 vs. target Being's Celestial Hits, result greater than target
  value winning"; Steal Essence.
- Habbalah: "if the result is greater than the target's Ethereal Hits, the
  Being is Influenced by you until the end of the current turn", and the three
  outcomes of failure.
- Ofanim: "gain a second action in a turn before using their usual action";
  "on a 1, the Ofanite does not gain an action and takes dissonance".
- Malakim: "roll d6 vs. a target's Celestial Hits.  With a success [...] all
  further attempts to Influence the Being are performed at a -1 penalty".
- Calabim: "roll d6.  If the result is less than or equal to the Calabite's
  Celestial Hits, the result is done as damage", else half, or all for a note.
- Lilim: "roll d6 vs. target's Hits of any chosen type.  If the result is
  greater than target number, [...] the Lilim's controller gains a counter on
  the targetted being", spent "at any time" for Influence; failure, a note.
  Their Discord, Aura: "+1 bonus to any attempts to Influence the Lilim".
- Superior sheets: Belial's Habbalah "make a Resonance roll in combat, but
  instead of Influence, to cause the target to forfeit a number of actions
  equal to the demon's Corporeal Hits" (I68); "His Calabim double damage from a
  Resonance roll"; Nybbas's Lilim "may read the Need of any Human shown on a
  screen, wherever it is on Earth" (I71).
- Kyriotates and Shedim: the roll to attach to a host (host_resonance.py) is
  "an Influence", against "the Being's Celestial Hits (or those of any
  Kyriotate or Shedite already attached to the Being)"; Bound: "apply levels
  of Bound as a penalty to any Resonance roll".
"""
from numba import njit

from ...agents.innomine.decide import decide
from ...agents.points import about, clear, offer
from ...sim.seeding import DICE, below, d6
from .beings import (
    effect_sum,
    has_sheet,
    has_text,
    influence_side,
    initiates_encounter,
    is_being,
    is_human_card,
    set_influence,
    sheet_param,
)
from .decisions import (
    CALABITE_NOTE,
    D666_AFTER,
    D666_BEFORE,
    HAB_AGAIN,
    HAB_INFLUENCED,
    HAB_NOTE,
    HABBALITE_FAILURE,
    ability_b,
)
from .d666 import D666, d6_check, rescue_cost, target_for_faces
from .d666 import roll as d666_roll
from .damage import counters_for, deal_damage
from .dissonance import add_dissonance
from .essence import pay
from .objects import talisman_bonus
from .state import (
    F_ACTS,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_FORFEIT,
    F_GUARD,
    F_GUARD_BY,
    F_INF_BY,
    F_LILIM,
    F_LOC,
    F_OWNER,
    F_PREV_CTRL,
    F_PREV_INF,
    F_RESIST,
    F_RESONATED,
    F_RIDER,
    F_TEMP_CTRL,
    F_TRAUMA,
    F_TRIED,
    G_TURN,
    G_VARIANT,
    S_ESSENCE,
    beings_in_play,
    loc_earth,
    log,
    realm_of,
)
from .tables import D_CTYPE, D_HITS, D_KIND, P_SIDE
from .trace import (
    PACK,
    T_BUY_AFTER,
    T_BUY_BEFORE,
    T_COUNTER,
    T_COUNTER_FAIL,
    T_EXPIRE,
    T_FORFEIT,
    T_FORFEITED,
    T_FORFEIT_FAIL,
    T_INFLUENCE,
    T_INFLUENCE_FAIL,
    T_PROTECT,
    T_PROTECT_FAIL,
    T_RESIST,
    T_RESIST_FAIL,
    T_SECOND_ACTION,
    T_SPEND_COUNTER,
    T_STEAL,
    T_STEAL_FAIL,
    T_TEAR,
    WHY_RESONANCE,
    WHY_TEAR,
)
from .vocabulary import (
    BALSERAPH,
    BRIGHT_LILIM,
    CELESTIAL,
    E_FORFEIT_ACTIONS,
    E_INFLUENCE_BONUS,
    E_REACH_EARTH,
    E_RESONANCE_DAMAGE,
    ELOHITE,
    ETHEREAL,
    ETHEREAL_REALM,
    HABBALITE,
    HUMAN,
    IMPUDITE,
    KYRIOTATE,
    LILIM,
    MERCURIAN,
    SERVITOR,
    SHEDITE,
)

OP_GE, OP_GT = 0, 1
ANY_REALM = 3           # the Lilim roll against "target's Hits of any chosen type"
AGAINST_ANY, AGAINST_OTHER_SIDE_HUMANS = 0, 1   # influence_bonus "against" (vocabulary)


@njit(cache=True)
def resonance_stat(kind):
    """(stat rolled against, comparison) of an Influence Resonance; stat -1 = none."""
    if kind == MERCURIAN:
        return ETHEREAL_REALM, OP_GE
    if kind == ELOHITE or kind == HABBALITE:
        return ETHEREAL_REALM, OP_GT
    if kind == BALSERAPH:
        return CELESTIAL, OP_GE
    if kind == IMPUDITE or kind == KYRIOTATE:
        return CELESTIAL, OP_GT
    if kind == SHEDITE:
        return CELESTIAL, OP_GE
    if is_lilim(kind):
        return ANY_REALM, OP_GT
    return -1, OP_GE


@njit(cache=True)
def is_lilim(kind):
    """Lilim, and Bright Lilim, who "Use the Lilim mechanics for Influence, Dissonance, and Discord"."""
    return kind == LILIM or kind == BRIGHT_LILIM


@njit(cache=True)
def softest_realm(s, t, target):
    """The Lilim's "chosen type": the realm where the target has the fewest Hits,
    which gives the roll its best chance (I37)."""
    best, low = CELESTIAL, 1 << 30
    for r in range(3):
        h = t.C[s.I[target, F_DESIGN], D_HITS + r]
        if h < low:
            best, low = r, h
    return best


@njit(cache=True)
def influences(s, t, i):
    """Does Being i have an Influence Resonance implemented here?  (Kyriotates
    and Shedim Influence only by attaching: host_resonance.py.)  A Resonance "is
    considered part of the game text of any such card": none for a Being with
    no game text, in Trauma or a Kyriotate's host (beings.has_text, I60)."""
    if t.C[s.I[i, F_DESIGN], D_CTYPE] != SERVITOR or not has_text(s, i):
        return False
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    return resonance_stat(k)[0] >= 0 and k != KYRIOTATE and k != SHEDITE


@njit(cache=True)
def in_reach(s, t, actor, target):
    """Balseraphs reach any Being in their Realm; the others, Beings at their
    Location -- but Nybbas's Lilim on Earth "may read the Need of any Human shown
    on a screen, wherever it is on Earth": every Human on Earth, and the Saints
    and Undead who count as Humans (I57, I71)."""
    k = t.C[s.I[actor, F_DESIGN], D_KIND]
    if k == BALSERAPH:
        return realm_of(s, s.I[actor, F_LOC]) == realm_of(s, s.I[target, F_LOC])
    if s.I[actor, F_LOC] == s.I[target, F_LOC]:
        return True
    earth = loc_earth(s)
    return (k == LILIM and is_human_card(s, t, s.I[target, F_DESIGN]) and realm_of(s, s.I[actor, F_LOC]) == earth
            and realm_of(s, s.I[target, F_LOC]) == earth and has_sheet(s, t, actor, E_REACH_EARTH))


@njit(cache=True)
def modifier(s, t, actor, target):
    """Every modifier to actor's Influence roll on target.

    +influence_bonus game text (Acting; Gabriel's Mercurians against Humans a
    Demon Prince Influences), a Talisman's bonus to a roll a Skill takes part
    in, -1 per Malakite counter, -1 per Balseraph counter
    set by another Being, -Paranoia (Balseraph Discord), +1 for a Mercurian if
    the target is already Influenced, +Aura if the target is a Lilim, -Bound
    (Kyriotate and Shedite Discord).
    """
    m = effect_sum(s, t, actor, E_INFLUENCE_BONUS, 1, 2, AGAINST_ANY)
    other = _other_side_human(s, t, actor, target)
    if other:
        m += effect_sum(s, t, actor, E_INFLUENCE_BONUS, 1, 2, AGAINST_OTHER_SIDE_HUMANS)
    m += talisman_bonus(s, t, actor, other)
    m -= s.I[target, F_RESIST]
    if s.I[target, F_GUARD_BY] != actor:
        m -= s.I[target, F_GUARD]
    k = t.C[s.I[actor, F_DESIGN], D_KIND]
    if k == BALSERAPH or k == KYRIOTATE or k == SHEDITE:
        m -= s.I[actor, F_DISCORD]
    if k == MERCURIAN and s.I[target, F_CTRL] >= 0:
        m += 1
    if s.I[target, F_DISCORD] > 0 and is_lilim(t.C[s.I[target, F_DESIGN], D_KIND]):
        m += s.I[target, F_DISCORD]
    return m


@njit(cache=True)
def _other_side_human(s, t, actor, target):
    """Is target a Human (or a Saint or Undead, which count as Humans for card
    purposes: I57) Influenced by a Superior of the other side than actor's?  A
    Saint or Undead its own Superior controls is not Influenced by him (I57)."""
    if not is_human_card(s, t, s.I[target, F_DESIGN]) or s.I[target, F_CTRL] < 0:
        return False
    if t.C[s.I[target, F_DESIGN], D_CTYPE] == SERVITOR and s.I[target, F_OWNER] == s.I[target, F_CTRL]:
        return False
    return influence_side(s, t, target) != t.seat[s.I[actor, F_CTRL], P_SIDE]


@njit(cache=True)
def succeeds(total, hits, op):
    return total >= hits if op == OP_GE else total > hits


@njit(cache=True)
def target_hits(s, t, actor, target, stat):
    """target's Hits in ``stat``; its Celestial Hits are those of a Kyriotate or
    Shedite attached to it, other than actor ("the Being's Celestial Hits (or
    those of any Kyriotate or Shedite already attached to the Being)", I61)."""
    r = s.I[target, F_RIDER]
    if stat == CELESTIAL and r >= 0 and r != actor:
        return t.C[s.I[r, F_DESIGN], D_HITS + CELESTIAL]
    return t.C[s.I[target, F_DESIGN], D_HITS + stat]


@njit(cache=True)
def classic_faces(s, t, actor, target, stat, op, extra=0):
    """Faces of a d6 on which actor's Influence roll on target succeeds (with
    ``extra`` added to the roll)."""
    return _faces(s, t, actor, target, stat, op, modifier(s, t, actor, target) + extra)


@njit(cache=True)
def steal_faces(s, t, actor, target):
    """Faces of a d6 on which Impudite actor's Steal Essence succeeds: "Make
    another resonance roll [...] If successful (greater than target's Celestial
    Hits)".  It is no attempt to Influence, so no bonus "to any attempt to
    Influence a Being" (Acting, a sheet's +1) is added (I85)."""
    stat, op = resonance_stat(IMPUDITE)
    return _faces(s, t, actor, target, stat, op, 0)


@njit(cache=True)
def _faces(s, t, actor, target, stat, op, m):
    """Faces of a d6 that, plus m, beat target's Hits in ``stat`` as ``op`` says."""
    if stat == ANY_REALM:
        stat = softest_realm(s, t, target)
    hits = target_hits(s, t, actor, target, stat)
    n = 0
    for r in range(1, 7):
        if succeeds(r + m, hits, op):
            n += 1
    return n


@njit(cache=True)
def influence_roll(s, t, actor, target, stat, op, extra=0, ok_code=T_INFLUENCE, fail_code=T_INFLUENCE_FAIL):
    """Roll d6 + modifiers (+ ``extra``) against target's Hits in ``stat`` (or
    its d666), traced as resonance_roll; returns (success, result): the die, or
    the d666's check digit."""
    faces = classic_faces(s, t, actor, target, stat, op, extra)
    return resonance_roll(s, t, actor, target, faces, ok_code, fail_code)


@njit(cache=True)
def resonance_roll(s, t, actor, target, faces, ok_code, fail_code):
    """A Resonance roll of d6 against target's Hits that succeeds on the highest
    ``faces`` faces, after every modifier; in the d666 variant, the d666 it
    becomes (resonance_d666).  Traced with ``ok_code`` or ``fail_code`` and the
    roll: the die, or the d666's dice total.
    Returns (success, result): the die, or the d666's check digit."""
    ok, r, shown = untraced_roll(s, t, actor, target, faces)
    log(s, s.I[actor, F_CTRL], actor, target, ok_code if ok else fail_code, shown)
    return ok, r


@njit(cache=True)
def untraced_roll(s, t, actor, target, faces):
    """resonance_roll, for a caller that traces the roll itself: (success,
    result, the roll to trace).  A Resonance on a Djinn Attuned to actor is an
    encounter actor initiates (beings.initiates_encounter)."""
    initiates_encounter(s, actor, target)
    if s.g[G_VARIANT] == D666:
        return resonance_d666(s, t, actor, target, faces)
    r = d6(s.rng)
    return r > 6 - faces, r, r


@njit(cache=True)
def resonance_d666(s, t, actor, target, faces):
    """The d666 variant's Resonance roll (docs/rules.md, I-d666): the classic roll's
    target mapped to a d666 target, +1 per Essence spent before the roll (any
    amount the Pool holds, up to one less than the option buffer's rows), and a
    failure bought back at 2 Essence per +1, if the Pool holds that much; the
    controller's agent chooses both.  Returns (success, check digit, dice total)."""
    p = s.I[actor, F_CTRL]
    clear(s)
    for a in range(min(s.S[p, S_ESSENCE], s.opt.shape[0] - 1) + 1):
        offer(s, a, -1)
    before = s.opt[decide(s, t, p, D666_BEFORE), 0]
    pay(s, p, before, actor, target, T_BUY_BEFORE)
    goal = target_for_faces(faces) + before
    ok, total, check = d666_roll(s.rng, goal)
    if not ok:
        cost = rescue_cost(total, goal)
        if 0 < cost <= s.S[p, S_ESSENCE]:
            clear(s)
            offer(s, -1, -1)
            offer(s, cost, -1)
            if decide(s, t, p, D666_AFTER) == 1:
                pay(s, p, cost, actor, target, T_BUY_AFTER)
                ok = True
    return ok, check, total


@njit(cache=True)
def can_influence(s, t, actor, target):
    """Legal Influence target for policies: a Human or Ethereal in reach not
    already controlled by the actor's seat (Balseraphs may re-Resonate their own)."""
    if target == actor or not is_being(s, t, target):
        return False
    c = t.C[s.I[target, F_DESIGN], D_CTYPE]
    if c != HUMAN and c != ETHEREAL:
        return False
    if not in_reach(s, t, actor, target):
        return False
    if s.I[target, F_CTRL] == s.I[actor, F_CTRL]:
        k = t.C[s.I[actor, F_DESIGN], D_KIND]
        if is_lilim(k):
            return lilim_counters(s, target, s.I[actor, F_CTRL]) == 0    # a counter in reserve
        return k == BALSERAPH and s.I[target, F_INF_BY] == actor
    if t.C[s.I[actor, F_DESIGN], D_KIND] == HABBALITE and s.I[target, F_TRIED] == _stamp(s, actor):
        return False
    return True


@njit(cache=True)
def _stamp(s, actor):
    return s.g[G_TURN] * 1000003 + actor


@njit(cache=True)
def resonate(s, t, actor, target):
    """actor uses its Influence Resonance on target.  Returns True on success."""
    k = t.C[s.I[actor, F_DESIGN], D_KIND]
    stat, op = resonance_stat(k)
    if k == BALSERAPH and s.I[target, F_INF_BY] == actor:
        return _balseraph_reinforce(s, t, actor, target, stat, op)
    if is_lilim(k):
        return _lilim_resonate(s, t, actor, target, stat, op)
    while target >= 0:
        s.I[target, F_TRIED] = _stamp(s, actor)
        ok, r = influence_roll(s, t, actor, target, stat, op)
        if ok:
            has_influenced(s, t, actor, target)
            return True
        if k == BALSERAPH:
            add_dissonance(s, t, actor, WHY_RESONANCE)
        target = _habbalite_failure(s, t, actor) if k == HABBALITE else -1
    return False


@njit(cache=True)
def _balseraph_reinforce(s, t, actor, target, stat, op):
    """A Balseraph re-Resonates a Being it Influences: -1 to others' attempts."""
    ok, r = influence_roll(s, t, actor, target, stat, op, 0, T_RESIST, T_RESIST_FAIL)
    if ok:
        s.I[target, F_GUARD] += 1
        s.I[target, F_GUARD_BY] = actor
    else:
        add_dissonance(s, t, actor, WHY_RESONANCE)
    return ok


@njit(cache=True)
def has_influenced(s, t, actor, target):
    """``actor`` has Influenced ``target`` for its controller -- by its Resonance
    or by game text such as Television's -- for good; a Habbalite only until
    the end of the turn, since "their Influence, though emotionally intense, is
    short-lived, lasting only until the end of the current turn", by whatever
    means (I94)."""
    if t.C[s.I[actor, F_DESIGN], D_KIND] == HABBALITE:
        _short_influence(s, target, s.I[actor, F_CTRL], actor)
    else:
        s.I[target, F_TEMP_CTRL] = 0
        set_influence(s, t, target, s.I[actor, F_CTRL], actor)


@njit(cache=True)
def _short_influence(s, target, seat, actor):
    """Habbalite Influence: lasts until the end of the current turn."""
    if s.I[target, F_TEMP_CTRL] == 0:
        s.I[target, F_PREV_CTRL] = s.I[target, F_CTRL]
        s.I[target, F_PREV_INF] = s.I[target, F_INF_BY]
    s.I[target, F_TEMP_CTRL] = 1
    s.I[target, F_CTRL] = seat
    s.I[target, F_INF_BY] = actor
    s.I[target, F_ACTS] = 1


@njit(cache=True)
def _habbalite_failure(s, t, actor):
    """The three outcomes of a failed Habbalite roll, chosen by its controller's
    agent (HABBALITE_FAILURE): take a note of Dissonance; be Influenced by a
    random other player until end of turn; or roll again on a Being not yet
    tried this turn (returned).  Returns the next target, or -1."""
    p = s.I[actor, F_CTRL]
    clear(s)
    about(s, actor)
    offer(s, HAB_NOTE, -1)
    offer(s, HAB_INFLUENCED, -1)
    for j in beings_in_play(s):
        if can_influence(s, t, actor, j) and s.I[j, F_CTRL] != p:
            offer(s, HAB_AGAIN, j)
    k = decide(s, t, p, HABBALITE_FAILURE)
    if s.opt[k, 0] == HAB_AGAIN:
        return s.opt[k, 1]
    if s.opt[k, 0] == HAB_NOTE:
        add_dissonance(s, t, actor, WHY_RESONANCE)
        return -1
    q = below(s.rng, DICE, s.S.shape[0] - 1)
    if q >= p:
        q += 1
    _short_influence(s, actor, q, -1)
    return -1


@njit(cache=True)
def steal_essence(s, t, actor, target):
    """Impudite: another Resonance roll against a Being it Influences; on
    success gain the result in Essence, on failure lose it (down to 0).  One
    trace row: the Essence won or lost, and the roll (trace.PACK)."""
    ok, r, shown = untraced_roll(s, t, actor, target, steal_faces(s, t, actor, target))
    p = s.I[actor, F_CTRL]
    if ok:
        s.S[p, S_ESSENCE] += r
        log(s, p, actor, target, T_STEAL, r * PACK + shown)
    else:
        lost = r if r < s.S[p, S_ESSENCE] else s.S[p, S_ESSENCE]
        s.S[p, S_ESSENCE] -= lost
        log(s, p, actor, target, T_STEAL_FAIL, lost * PACK + shown)
    return ok


@njit(cache=True)
def end_short_influence(s, t):
    """End of turn: every Habbalite Influence ends; control returns as it was."""
    for j in beings_in_play(s):
        if s.I[j, F_TEMP_CTRL] == 1:
            s.I[j, F_TEMP_CTRL] = 0
            if is_being(s, t, j):
                s.I[j, F_CTRL] = s.I[j, F_PREV_CTRL]
                s.I[j, F_INF_BY] = s.I[j, F_PREV_INF]
                log(s, s.I[j, F_CTRL], j, -1, T_EXPIRE, 0)


@njit(cache=True)
def protect_faces(s, t, target):
    """Faces of the Malakite's d6 that succeed: "a roll greater than or equal to"
    the target's Celestial Hits."""
    return min(6, max(0, 7 - t.C[s.I[target, F_DESIGN], D_HITS + CELESTIAL]))


@njit(cache=True)
def can_protect(s, t, actor, target):
    """Legal target of a Malakite's protective roll: another Being at its
    Location (the usual reach, I26), not in Trauma."""
    return (target != actor and is_being(s, t, target) and s.I[target, F_LOC] == s.I[actor, F_LOC]
            and s.I[actor, F_TRAUMA] == 0)


@njit(cache=True)
def protect(s, t, actor, target):
    """Malakim "may take an action to roll d6 vs. a target's Celestial Hits.  With a
    success (occurring on a roll greater than or equal to such Hits), all further
    attempts to Influence the Being are performed at a -1 penalty to any necessary
    roll": one more -1 counter on the target, against everyone's attempts (I27).
    A failure costs nothing.  Returns True on success."""
    ok, r = resonance_roll(s, t, actor, target, protect_faces(s, t, target), T_PROTECT, T_PROTECT_FAIL)
    if ok:
        s.I[target, F_RESIST] += 1
    return ok


@njit(cache=True)
def second_action(s, t, i):
    """Ofanim "may use their Resonance to gain a second action in a turn before
    using their usual action.  (This Resonance does not take an action.)  Roll a
    d6; on a 1, the Ofanite does not gain an action and takes dissonance."  Once
    a turn ("a second action").  Returns True if the action was gained."""
    s.I[i, F_RESONATED] = s.g[G_TURN]
    ok, r, _ = d6_check(s.rng, s.g[G_VARIANT], 5, True)
    log(s, s.I[i, F_CTRL], i, -1, T_SECOND_ACTION, r)
    if ok:
        s.I[i, F_ACTS] += 1
    else:
        add_dissonance(s, t, i, WHY_RESONANCE)
    return ok


@njit(cache=True)
def lilim_counters(s, j, p):
    """Seat p's Lilim counters on Being j."""
    return (s.I[j, F_LILIM] >> (8 * p)) & 255


@njit(cache=True)
def _lilim_resonate(s, t, actor, target, stat, op):
    """Lilim: on a success "the Lilim's controller gains a counter on the targetted
    being"; "failure generates a note of Dissonance".  The policies spend the
    counter at once on a Being their seat does not control, and keep it on one
    it does (I37)."""
    ok, r = influence_roll(s, t, actor, target, stat, op, 0, T_COUNTER, T_COUNTER_FAIL)
    p = s.I[actor, F_CTRL]
    if not ok:
        add_dissonance(s, t, actor, WHY_RESONANCE)
        return False
    if lilim_counters(s, target, p) < 255:
        s.I[target, F_LILIM] += 1 << (8 * p)
    if s.I[target, F_CTRL] != p:
        spend_counter(s, t, p, target)
    return True


@njit(cache=True)
def spend_counter(s, t, p, j):
    """"This counter may be spent at any time [...] to gain Influence over the
    targetted Being, at which time the Lilim's controller may declare that the
    target takes any action possible for it": seat p Influences j, which has a
    new action."""
    s.I[j, F_LILIM] -= 1 << (8 * p)
    s.I[j, F_TEMP_CTRL] = 0
    set_influence(s, t, j, p, -1)
    log(s, p, -1, j, T_SPEND_COUNTER, 0)


@njit(cache=True)
def reclaim_with_counters(s, t, p):
    """As seat p's Actions phase begins, it spends a Lilim counter on each Human
    or Ethereal it holds one on that another seat now controls, or nobody (I37)."""
    for j in beings_in_play(s):
        c = t.C[s.I[j, F_DESIGN], D_CTYPE]
        if (lilim_counters(s, j, p) > 0 and s.I[j, F_CTRL] != p and is_being(s, t, j)
                and (c == HUMAN or c == ETHEREAL)):
            spend_counter(s, t, p, j)


@njit(cache=True)
def calabite_roll(s, t, i):
    """The Calabite's Resonance roll: "roll d6.  If the result is less than or equal
    to the Calabite's Celestial Hits, the result is done as damage".  Returns
    (within its Celestial Hits, the result); under the d666 variant the result is
    the check digit (I-d666)."""
    within, _, amount = d6_check(s.rng, s.g[G_VARIANT], t.C[s.I[i, F_DESIGN], D_HITS + CELESTIAL], False)
    return within, amount


@njit(cache=True)
def damage_factor(s, t, i):
    """What Calabite i's Resonance damage is multiplied by: 2 for Belial's ("His
    Calabim double damage from a Resonance roll"), the sheet's ``factor``; else 1."""
    f = sheet_param(s, t, i, E_RESONANCE_DAMAGE, 1)
    return f if f > 0 else 1


@njit(cache=True)
def tear_expectation(s, t, i):
    """The damage a Calabite's Resonance does on average, taking half on every
    result above its Celestial Hits (as the policies see it), times its
    damage_factor."""
    h = t.C[s.I[i, F_DESIGN], D_HITS + CELESTIAL]
    e = 0.0
    for r in range(1, 7):
        e += (r if r <= h else r // 2) / 6.0
    return e * damage_factor(s, t, i)


@njit(cache=True)
def tear(s, t, i, j, r):
    """Calabim: "a Calabite may specify a target and use its Resonance to roll d6.
    If the result is less than or equal to the Calabite's Celestial Hits, the
    result is done as damage of the type appropriate for the Realm.  If the result
    is higher than its Celestial Hits, half the total (rounded down) is done as
    damage of that type, unless the Calabite takes a point of Dissonance": for a
    note, the whole result (I36); Belial's double it (damage_factor).  Returns
    the damage counters placed on j."""
    within, amount = calabite_roll(s, t, i)
    f = damage_factor(s, t, i)
    if not within:
        if _whole_for_a_note(s, t, i, j, r, amount * f, (amount // 2) * f):
            add_dissonance(s, t, i, WHY_TEAR)
        else:
            amount = amount // 2
    amount *= f
    log(s, s.I[i, F_CTRL], i, j, T_TEAR, counters_for(s, t, j, r, amount))   # the damage it will deal
    return deal_damage(s, t, i, j, r, amount)


@njit(cache=True)
def _whole_for_a_note(s, t, i, j, r, whole, half):
    """Does the Calabite's controller take a note to do the ``whole`` result
    rather than the ``half``?  Its agent chooses (CALABITE_NOTE): row 0 the half,
    row 1 the whole, each as damage to j of type r (b = ability_b(r, j))."""
    clear(s)
    about(s, i)
    offer(s, half, ability_b(r, j))
    offer(s, whole, ability_b(r, j))
    return decide(s, t, s.I[i, F_CTRL], CALABITE_NOTE) == 1


# ------------------------------------------------------------------ Belial's Habbalah
@njit(cache=True)
def forfeit_count(s, t, i):
    """How many actions i's Resonance in combat makes its target forfeit: for
    Belial's Habbalah "a number of actions equal to the demon's Corporeal Hits"
    (the card's, I68); 0 for a Being without that ability."""
    r = sheet_param(s, t, i, E_FORFEIT_ACTIONS, 1)
    return t.C[s.I[i, F_DESIGN], D_HITS + r] if r >= 0 else 0


@njit(cache=True)
def forfeit_faces(s, t, i, j):
    """Faces of Habbalite i's d6 that succeed on j: "if the result is greater than
    the target's Ethereal Hits".  No Influence modifier counts: the roll is made
    "instead of Influence" (I68)."""
    return min(6, max(0, 6 - target_hits(s, t, i, j, ETHEREAL_REALM)))


@njit(cache=True)
def make_forfeit(s, t, i, j):
    """Belial's Habbalite i makes "a Resonance roll in combat, but instead of
    Influence, to cause the target to forfeit a number of actions equal to the
    demon's Corporeal Hits": on a success j has that many more actions to forfeit
    (F_FORFEIT); a failure does nothing more (I68).  Returns the success."""
    ok, r = resonance_roll(s, t, i, j, forfeit_faces(s, t, i, j), T_FORFEIT, T_FORFEIT_FAIL)
    if ok:
        s.I[j, F_FORFEIT] += forfeit_count(s, t, i)
    return ok


@njit(cache=True)
def forfeits(s, i):
    """Does Being i forfeit the action it is about to take (a combat round's, or
    an Actions-phase action)?  Then one of the actions a Habbalite made it
    forfeit is used up (I68)."""
    if s.I[i, F_FORFEIT] <= 0:
        return False
    s.I[i, F_FORFEIT] -= 1
    log(s, s.I[i, F_CTRL], i, -1, T_FORFEITED, s.I[i, F_FORFEIT])
    return True
