"""Beings in play: stats, game text, attachments, Influence, leaving play.

Rulebook, "Beings in Detail" and "Other Cards in Detail".  A Being's game
text is its own card's effects, those of the cards attached to it, and the
Choir/Band abilities its Superior's sheet gives its kind.
"""
from numba import njit

from .state import (
    F_ACTS,
    F_ATT,
    F_ATT_BY,
    F_ATTS,
    F_ATTUNED,
    F_BOOST,
    F_CNT,
    F_CONDITION,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_DISCOUNT_USED,
    F_DISS,
    F_DMG,
    F_DYING,
    F_ENTERED,
    F_ET_OUT,
    F_FADING,
    F_FIGHT,
    F_FIRST,
    F_FORFEIT,
    F_HOST,
    F_INF_BY,
    F_LILIM,
    F_LOC,
    F_MUTE,
    F_NATT,
    F_OFF,
    F_OWNER,
    F_PROVOKED,
    F_RIDER,
    F_STAY,
    F_TEMP_CTRL,
    F_TETHER_WARD,
    F_TRAUMA,
    F_WAITED,
    F_WARD,
    F_ZONE,
    G_TURN,
    MAX_ATT,
    S_ESSENCE,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    enter_play,
    loc_marches,
    loc_realm,
    log,
    realm_of,
)
from .marches import left_for, tool_usable
from .ranks import promotion_allowed
from .readings import R_PROTECTION, R_SAINTS, reads
from .tables import D_ATK, D_CTYPE, D_EFFECTS, D_HITS, D_KIND, P_SIDE, P_SUP_EFFECTS
from .trace import T_ATTACH, T_DISSONANCE, T_DROP, T_FREED, T_LEAVE_ESSENCE, WHY_ATTUNED_LEFT
from .vocabulary import (
    ANIMAL,
    BALSERAPH,
    CALABITE,
    CHERUB,
    DEMONLING,
    DJINN,
    E_ATTACHES_TO_ANIMALS,
    E_ATTACK_BONUS,
    E_LEAVE_PLAY_ESSENCE,
    ETHEREAL,
    HUMAN,
    KYRIOTATE,
    MALAKITE,
    MAX_EFFECTS,
    N_COUNTERS,
    OBJECT,
    OFANITE,
    RANK,
    RELIEVER,
    SAINT,
    SERVITOR,
    SONG,
    TOOL,
    UNDEAD,
)


@njit(cache=True)
def ctype_of(s, t, i):
    return t.C[s.I[i, F_DESIGN], D_CTYPE]


@njit(cache=True)
def is_being(s, t, i):
    """A Being in play: a Servitor, Human, Ethereal or Animal on the table."""
    c = t.C[s.I[i, F_DESIGN], D_CTYPE]
    return s.I[i, F_ZONE] == Z_PLAY and (c == SERVITOR or c == HUMAN or c == ETHEREAL or c == ANIMAL)


@njit(cache=True)
def is_demon(t, d):
    """A demon: a Servitor of a Band, Demonlings included, Undead not.  "Demon
    Princes have various types of Demons, Undead, and Demonlings"; Undead are
    "Immortal, but Human, like Saints", and a Demonling is a demon not yet
    fledged (docs/rules.md, I25 and I47)."""
    k = t.C[d, D_KIND]
    return t.C[d, D_CTYPE] == SERVITOR and BALSERAPH <= k <= DEMONLING


@njit(cache=True)
def is_human_card(s, t, d):
    """Does card text aimed at Humans reach design d?  Saints and Undead "count as
    Humans for card purposes" but have no Destiny or Fate (I57) -- unless the
    reading ``saints_and_undead = not_humans`` keeps card text to Human cards."""
    if t.C[d, D_CTYPE] == HUMAN:
        return True
    return (t.C[d, D_KIND] == SAINT or t.C[d, D_KIND] == UNDEAD) and not reads(s, R_SAINTS)


@njit(cache=True)
def hits(s, t, i, r):
    """i's Hits in realm r: the card's, +2 for a Cherub Defending its Attuned Being
    (F_WARD, kept by attunement.refresh_ward)."""
    return t.C[s.I[i, F_DESIGN], D_HITS + r] + s.I[i, F_WARD]


@njit(cache=True)
def hits_left(s, t, i, r):
    return t.C[s.I[i, F_DESIGN], D_HITS + r] + s.I[i, F_WARD] - s.I[i, F_DMG + r]


@njit(cache=True)
def is_down(s, t, i):
    """0 Hits remaining in some realm: no further actions, not even Defend."""
    for r in range(3):
        if t.C[s.I[i, F_DESIGN], D_HITS + r] > 0 and s.I[i, F_DMG + r] >= t.C[s.I[i, F_DESIGN], D_HITS + r] + s.I[i, F_WARD]:
            return True
    return False


@njit(cache=True)
def can_act(s, t, i):
    return is_being(s, t, i) and s.I[i, F_TRAUMA] == 0 and not is_down(s, t, i)


@njit(cache=True)
def unfledged(s, t, i):
    """Relievers and Demonlings: no Objects or Ranks, no base Corporeal attacks either way."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    return k == RELIEVER or k == DEMONLING


@njit(cache=True)
def has_text(s, i):
    """Beings in Trauma are treated as having no game text or attached cards; so
    is a Kyriotate's host: "Treat the Being to which a Kyriotate is attached as
    having no game text" (hosts.py)."""
    return s.I[i, F_TRAUMA] == 0 and s.I[i, F_MUTE] == 0


@njit(cache=True)
def effect_sum(s, t, i, code, slot, pslot=-1, pval=0):
    """Sum of parameter ``slot`` over every effect ``code`` in i's game text
    (its card; its attachments, where their text works: text_works; its
    Superior's sheet for its kind); with ``pslot`` >= 0, only effects whose
    parameter ``pslot`` equals ``pval``."""
    total = 0
    if not has_text(s, i):
        return total
    d = s.I[i, F_DESIGN]
    bit = 1 << code
    for a in range(-1, s.I[i, F_NATT]):
        da = d if a < 0 else s.I[s.I[i, F_ATTS + a], F_DESIGN]
        if t.C[da, D_EFFECTS] & bit == 0 or (a >= 0 and not text_works(s, t, i, s.I[i, F_ATTS + a])):
            continue
        for k in range(MAX_EFFECTS):
            if t.eff[da, k, 0] == code and (pslot < 0 or t.eff[da, k, pslot] == pval):
                total += t.eff[da, k, slot]
    p = _sheet_seat(s, t, i, bit)
    if p >= 0:
        for k in range(t.sup_eff.shape[1]):
            if (t.sup_eff[p, k, 1] == code and t.sup_eff[p, k, 0] == t.C[d, D_KIND]
                    and (pslot < 0 or t.sup_eff[p, k, 1 + pslot] == pval)):
                total += t.sup_eff[p, k, 1 + slot]
    return total


@njit(cache=True)
def _sheet_seat(s, t, i, bit):
    """The seat whose Superior's sheet adds to i's game text -- its controller, if i
    is a Servitor of that Superior's own ("any Servitor of the appropriate type")
    -- when that sheet holds an effect of ``bit``; else -1."""
    p = s.I[i, F_CTRL]
    if (p >= 0 and t.seat[p, P_SUP_EFFECTS] & bit != 0 and t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR
            and s.I[i, F_OWNER] == p):
        return p
    return -1


@njit(cache=True)
def sheet_param(s, t, i, code, slot):
    """Parameter ``slot`` (1-4) of the ability ``code`` that i's Superior's sheet
    gives i's kind ("Choir or Band abilities which any Servitor of the
    appropriate type has added to their game text automatically"), or -1 if it
    gives none, or i has no game text (Trauma)."""
    p = _sheet_seat(s, t, i, 1 << code)
    if p < 0 or not has_text(s, i):
        return -1
    for k in range(t.sup_eff.shape[1]):
        if t.sup_eff[p, k, 1] == code and t.sup_eff[p, k, 0] == t.C[s.I[i, F_DESIGN], D_KIND]:
            return t.sup_eff[p, k, 1 + slot]
    return -1


@njit(cache=True)
def has_sheet(s, t, i, code):
    """Does i's Superior's sheet give i's kind the ability ``code``?"""
    return sheet_param(s, t, i, code, 1) >= 0


@njit(cache=True)
def text_works(s, t, holder, card):
    """Does the game text of ``card``, attached to ``holder``, work?  Not a Tool's
    in the Marches (marches.tool_usable), nor an Object's that a Balseraph has
    made nonfunctioning for the rest of the combat (F_OFF, I68)."""
    return s.I[card, F_OFF] == 0 and tool_usable(s, t, holder, card)


@njit(cache=True)
def has_effect(s, t, i, code):
    return find_effect(s, t, i, code) >= 0


@njit(cache=True)
def find_effect(s, t, i, code):
    """The card (i itself or an attachment) whose game text has ``code``, or -1
    ("Tools may not be used" in the Marches, nor nonfunctioning Objects: text_works)."""
    if not has_text(s, i):
        return -1
    bit = 1 << code
    for a in range(-1, s.I[i, F_NATT]):
        c = i if a < 0 else s.I[i, F_ATTS + a]
        if t.C[s.I[c, F_DESIGN], D_EFFECTS] & bit != 0 and text_works(s, t, i, c):
            return c
    return -1


@njit(cache=True)
def effect_param(s, t, card, code, slot):
    """Parameter ``slot`` of the first effect ``code`` on ``card``'s own text."""
    d = s.I[card, F_DESIGN]
    for k in range(MAX_EFFECTS):
        if t.eff[d, k, 0] == code:
            return t.eff[d, k, slot]
    return 0


@njit(cache=True)
def attack_value(s, t, i, r):
    """Base Attack in realm r, with bonuses (+2 for a Cherub Defending its Attuned
    Being, F_WARD; Michael's Cherub Defending its Attuned Tether, F_TETHER_WARD),
    less the Discords Weakness (Calabim) and Clumsiness (Ofanim): "subtract 1
    from base Attack value in all Realms for every level" (min 0)."""
    v = t.C[s.I[i, F_DESIGN], D_ATK + r] + s.I[i, F_WARD] + s.I[i, F_TETHER_WARD]
    if has_text(s, i):
        v += effect_sum(s, t, i, E_ATTACK_BONUS, 2, 1, r)   # attack_bonus(realm, amount): Gabriel's Malakim
        if s.I[i, F_BOOST] > 0:
            v += s.I[i, F_BOOST]
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    if k == CALABITE or k == OFANITE:
        v -= s.I[i, F_DISCORD]
    return v if v > 0 else 0


# ------------------------------------------------------------------ attachments
@njit(cache=True)
def attach(s, t, card, holder, seat):
    """Give ``card`` (Song, Object, Rank, Rite, Skill, Tool) to ``holder``."""
    if s.I[holder, F_NATT] >= MAX_ATT:
        return False
    enter_play(s, card, False)
    s.I[card, F_ATT] = holder
    s.I[card, F_ATT_BY] = seat
    s.I[card, F_CTRL] = seat
    s.I[card, F_LOC] = s.I[holder, F_LOC]
    if s.I[card, F_FIRST] < 0:
        s.I[card, F_FIRST] = holder   # Artifacts: "the first Being to which it was attached"
    s.I[holder, F_ATTS + s.I[holder, F_NATT]] = card
    s.I[holder, F_NATT] += 1
    log(s, seat, card, holder, T_ATTACH, 0)
    return True


@njit(cache=True)
def detach(s, card):
    """Take ``card`` off whatever it is attached to."""
    h = s.I[card, F_ATT]
    if h < 0:
        return
    n = s.I[h, F_NATT]
    for a in range(n):
        if s.I[h, F_ATTS + a] == card:
            s.I[h, F_ATTS + a] = s.I[h, F_ATTS + n - 1]
            s.I[h, F_NATT] = n - 1
            break
    s.I[card, F_ATT] = -1


@njit(cache=True)
def can_hold(s, t, holder, card):
    """Relievers and Demonlings cannot have Objects or Ranks attached; Ranks go to
    Servitors, Friends only to Vassals and so on up the ladders (ranks.py); "No
    cards other than those explicitly stating otherwise may be attached to
    Animals" (the effect ``attaches_to_animals`` is that statement)."""
    c = t.C[s.I[card, F_DESIGN], D_CTYPE]
    if t.C[s.I[holder, F_DESIGN], D_CTYPE] == ANIMAL and t.C[s.I[card, F_DESIGN], D_EFFECTS] & (1 << E_ATTACHES_TO_ANIMALS) == 0:
        return False
    if (c == OBJECT or c == TOOL or c == RANK) and unfledged(s, t, holder):
        return False
    if c == RANK and t.C[s.I[holder, F_DESIGN], D_CTYPE] != SERVITOR:
        return False
    if not promotion_allowed(s, t, holder, card):
        return False
    return s.I[holder, F_NATT] < MAX_ATT


@njit(cache=True)
def drop_attachments(s, t, i):
    """A Being leaves play: its Objects and Tools fall loose (drop_objects); Songs,
    Ranks, Rites and Skills are discarded."""
    drop_objects(s, t, i)
    while s.I[i, F_NATT] > 0:
        c = s.I[i, F_ATTS + s.I[i, F_NATT] - 1]
        detach(s, c)
        s.I[c, F_ZONE] = Z_DISCARD


@njit(cache=True)
def drop_objects(s, t, i):
    """Objects and Tools fall loose at i's Location, "albeit still controlled by
    the Being's controller (another player may not assign them yet)": i's
    controller now, whoever attached them (I102); an uncontrolled Being's stay
    with whoever controlled them (the sample game: Srnclack's "Gun is left
    behind in the Tether, still controlled by Belial" when he enters Trauma)."""
    a = 0
    while a < s.I[i, F_NATT]:
        c = s.I[i, F_ATTS + a]
        ct = t.C[s.I[c, F_DESIGN], D_CTYPE]
        if ct == OBJECT or ct == TOOL:
            detach(s, c)
            s.I[c, F_LOC] = s.I[i, F_LOC]
            if s.I[i, F_CTRL] >= 0:
                s.I[c, F_CTRL] = s.I[i, F_CTRL]
            log(s, s.I[c, F_CTRL], i, c, T_DROP, s.I[c, F_LOC])
        else:
            a += 1


@njit(cache=True)
def drop_songs(s, t, i):
    """0 Ethereal Hits: the Being loses any Songs attached."""
    a = 0
    while a < s.I[i, F_NATT]:
        c = s.I[i, F_ATTS + a]
        if t.C[s.I[c, F_DESIGN], D_CTYPE] == SONG:
            detach(s, c)
            s.I[c, F_ZONE] = Z_DISCARD
        else:
            a += 1


# ------------------------------------------------------------------ Influence
@njit(cache=True)
def set_influence(s, t, target, seat, actor):
    """``target`` comes under ``seat``'s Influence (through Being ``actor``, or
    the Superior directly when actor is -1) and has a new action this turn."""
    s.I[target, F_CTRL] = seat
    s.I[target, F_INF_BY] = actor
    s.I[target, F_ACTS] = 1


@njit(cache=True)
def free_influenced_by(s, t, actor):
    """Beings Influenced by ``actor``, which leaves play, are freed of that Influence (I82)."""
    for j in beings_in_play(s):
        if s.I[j, F_INF_BY] == actor and s.I[j, F_ZONE] == Z_PLAY:
            free_of_influence(s, t, j)
            log(s, s.I[j, F_CTRL], j, actor, T_FREED, 0)


@njit(cache=True)
def free_of_influence(s, t, j):
    """Being j is freed of the Influence it is under: a Servitor goes back to
    its own Superior, any other Being to no one; no action is left to it this
    turn, which "Your Servitors, and any Influenced Beings" take in their
    controller's turn (I82)."""
    s.I[j, F_INF_BY] = -1
    s.I[j, F_ACTS] = 0
    if t.C[s.I[j, F_DESIGN], D_CTYPE] != SERVITOR:
        s.I[j, F_CTRL] = -1
    else:
        s.I[j, F_CTRL] = s.I[j, F_OWNER]
    s.I[j, F_TEMP_CTRL] = 0


@njit(cache=True)
def influence_side(s, t, i):
    """The side (HEAVEN/HELL) whose Superior Influences Being i, or -1."""
    p = s.I[i, F_CTRL]
    if p < 0:
        return -1
    return t.seat[p, P_SIDE]


# ------------------------------------------------------------------ Dissonance
@njit(cache=True)
def add_dissonance(s, t, i, why):
    """Servitor i takes a note of Dissonance (Humans and Ethereals carry none);
    ``why`` (trace.WHY_*) is the rule that gives it, for the replay log."""
    if t.C[s.I[i, F_DESIGN], D_CTYPE] != SERVITOR:
        return
    s.I[i, F_DISS] += 1
    log(s, s.I[i, F_CTRL], i, why, T_DISSONANCE, s.I[i, F_DISS])


@njit(cache=True)
def attuned_leaves_play(s, t, x):
    """Cherubim "take a point of Dissonance if an Attuned Being or Object leaves
    play"; so does a Djinn while a failed de-Attune gives it "the Cherub
    Dissonance Condition" (F_CONDITION, I67).  The Attunement ends with it."""
    for c in beings_in_play(s):
        if s.I[c, F_ATTUNED] == x and s.I[c, F_ZONE] == Z_PLAY:
            s.I[c, F_ATTUNED] = -1
            k = t.C[s.I[c, F_DESIGN], D_KIND]
            if k == CHERUB or (k == DJINN and s.I[c, F_CONDITION] >= s.g[G_TURN]):
                add_dissonance(s, t, c, WHY_ATTUNED_LEFT)


@njit(cache=True)
def initiates_encounter(s, actor, target):
    """``actor`` attacks or uses an ability upon ``target``: if target is a Djinn
    Attuned to actor, "the target initiates an encounter with the Djinn", which
    may then harm it for the rest of the turn (F_PROVOKED, I66)."""
    if actor >= 0 and s.I[target, F_ATTUNED] == actor:
        s.I[target, F_PROVOKED] = s.g[G_TURN]


@njit(cache=True)
def may_harm(s, t, i, j):
    """"Djinn may not attack, destroy, or otherwise cause damage to the target of
    an Attunement, unless the target initiates an encounter with the Djinn, by
    attacking or otherwise using an ability upon the Djinn" (I66): may Being i
    attack, destroy or damage card j?  Not one ``shielded`` from it."""
    return ((s.I[i, F_ATTUNED] != j or t.C[s.I[i, F_DESIGN], D_KIND] != DJINN
             or s.I[i, F_PROVOKED] == s.g[G_TURN]) and not shielded(s, t, i, j))


@njit(cache=True)
def in_window(s, j):
    """"Beings cannot be attacked until they have spent one opponent's Turn in a
    given Realm": j entered its realm in this turn or the last (I12)."""
    return s.I[j, F_ENTERED] > s.g[G_TURN] - 2


@njit(cache=True)
def shielded(s, t, i, j):
    """Under the reading ``protection = any_harm`` (I12), a Being of another seat
    than i's in its window (``in_window``) is safe from every blow, Song and
    Resonance of i's; under ``new_combat`` only from being chosen as the target
    of a new combat (combat.attackable)."""
    return reads(s, R_PROTECTION) and is_being(s, t, j) and s.I[j, F_CTRL] != s.I[i, F_CTRL] and in_window(s, j)


# ------------------------------------------------------------------ moving and leaving
@njit(cache=True)
def move_to(s, t, i, l):
    """Move Being i (and what it carries) to location l; a new realm restarts
    its attack protection ("one opponent's Turn in a given Realm"); going into
    the Marches remembers where it came from (marches.left_for)."""
    left_for(s, i, l)
    if realm_of(s, l) != realm_of(s, s.I[i, F_LOC]):
        s.I[i, F_ENTERED] = s.g[G_TURN]
    s.I[i, F_LOC] = l
    for a in range(s.I[i, F_NATT]):
        s.I[s.I[i, F_ATTS + a], F_LOC] = l
    if s.I[i, F_RIDER] >= 0:
        s.I[s.I[i, F_RIDER], F_LOC] = l   # a Kyriotate or Shedite goes where its host goes


@njit(cache=True)
def send_home(s, t, i):
    """Return Being i to its controller's Realm (Trauma, Malakim, Saints); an
    Ethereal's is the Marches, "the home Realm of Ethereals"."""
    if t.C[s.I[i, F_DESIGN], D_CTYPE] == ETHEREAL:
        move_to(s, t, i, loc_marches(s))
    else:
        move_to(s, t, i, loc_realm(s, s.I[i, F_OWNER]))


@njit(cache=True)
def leave_play(s, t, i, zone):
    """Being i leaves play into ``zone``: attachments handled, Influence freed,
    Pyres-style "whenever a Being under controller's Influence leaves play",
    Cherubim Attuned to it take Dissonance, and its own Attunement ends.
    A Kyriotate or Shedite leaving play leaves its host; a host leaving play
    other than by dying (which hosts.host_dies resolves first) sends its rider
    back to its Realm (end_ride)."""
    attuned_leaves_play(s, t, i)
    s.I[i, F_ATTUNED] = -1
    if s.I[i, F_HOST] >= 0:
        end_ride(s, t, i)
    if s.I[i, F_RIDER] >= 0:
        r = s.I[i, F_RIDER]
        end_ride(s, t, r)
        send_home(s, t, r)
    drop_attachments(s, t, i)
    free_influenced_by(s, t, i)
    p = s.I[i, F_CTRL]
    if p >= 0 and (t.C[s.I[i, F_DESIGN], D_CTYPE] != SERVITOR or s.I[i, F_OWNER] != p):
        _leave_play_essence(s, t, p, i)
    s.I[i, F_ZONE] = zone
    s.I[i, F_CTRL] = -1
    s.I[i, F_INF_BY] = -1
    s.I[i, F_FIGHT] = -1
    s.I[i, F_TEMP_CTRL] = 0
    for f in (F_DMG, F_DMG + 1, F_DMG + 2, F_TRAUMA, F_ACTS, F_WAITED, F_ET_OUT, F_BOOST, F_DISCOUNT_USED, F_LILIM,
              F_WARD, F_PROVOKED, F_FADING, F_CONDITION, F_FORFEIT, F_DYING, F_TETHER_WARD):
        s.I[i, f] = 0


@njit(cache=True)
def destiny_frozen(s, t, h):
    """Is h a Human with a Kyriotate attached, whose Destiny and Fate are frozen?"""
    r = s.I[h, F_RIDER]
    return r >= 0 and t.C[s.I[r, F_DESIGN], D_KIND] == KYRIOTATE and t.C[s.I[h, F_DESIGN], D_CTYPE] == HUMAN


@njit(cache=True)
def end_ride(s, t, r):
    """Kyriotate or Shedite r is no longer attached to its host: the host is
    freed of r's Influence and has its game text again (hosts.py); a Human a
    Kyriotate rode has its Destiny and Fate counters as they were when r
    attached, however the ride ends ("no condition in play counts towards their
    Destiny or Fate", I62)."""
    h = s.I[r, F_HOST]
    if destiny_frozen(s, t, h):
        for k in range(N_COUNTERS):
            s.I[h, F_CNT + k] = s.I[r, F_CNT + k]
    for c in range(s.I.shape[0]):
        if s.I[c, F_STAY] == r:
            s.I[c, F_STAY] = -1
    s.I[r, F_HOST] = -1
    s.I[h, F_RIDER] = -1
    s.I[h, F_MUTE] = 0
    if s.I[h, F_INF_BY] == r:
        s.I[h, F_INF_BY] = -1
        s.I[h, F_CTRL] = s.I[h, F_OWNER] if t.C[s.I[h, F_DESIGN], D_CTYPE] == SERVITOR else -1


@njit(cache=True)
def _leave_play_essence(s, t, p, i):
    """Pyres-style text of p's Servitors as i, "a Being under [p's] Influence" --
    a Human p controls, or a Servitor p holds that is not its own (a Tempted
    Saint) -- leaves play: Essence, traced with the Servitor whose game text
    gives it."""
    for j in beings_in_play(s):
        if is_being(s, t, j) and s.I[j, F_CTRL] == p and t.C[s.I[j, F_DESIGN], D_CTYPE] == SERVITOR:
            gain = effect_sum(s, t, j, E_LEAVE_PLAY_ESSENCE, 1)
            if gain > 0:
                s.S[p, S_ESSENCE] += gain
                log(s, p, j, i, T_LEAVE_ESSENCE, gain)


@njit(cache=True)
def into_realm(s, c, p, acts):
    """Servitor c comes into play in seat p's Realm under p's control ("Servitors
    are played in their Home Realm") with ``acts`` actions this turn."""
    enter_play(s, c, True)
    s.I[c, F_CTRL] = p
    s.I[c, F_INF_BY] = -1
    s.I[c, F_LOC] = loc_realm(s, p)
    s.I[c, F_ENTERED] = s.g[G_TURN]
    s.I[c, F_ACTS] = acts


@njit(cache=True)
def returns_unhurt(s, t, i):
    """Malakim and Saints return to their Realm and regenerate instead of Trauma."""
    k = t.C[s.I[i, F_DESIGN], D_KIND]
    return k == MALAKITE or k == SAINT


