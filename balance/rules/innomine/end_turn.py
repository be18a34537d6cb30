"""Phase 7, End Turn (rulebook, "The Game Turn").

"Any effects that take place 'at end of turn' occur now [...] At end of any
turn, all Beings other than Humans remove one damage counter from themselves in
each Realm.  Humans remove one damage counter in each Realm at the end of their
controller's Turn.  Players discard cards in their hand above 7, modified by
any cards in play."
"""
from numba import njit

from ...agents.innomine.decide import decide, picked
from ...agents.points import about, clear, offer
from .animals import is_mortal
from .beings import effect_param, effect_sum, find_effect, is_being
from .combat import location_damage
from .decisions import DISCARD, END_EFFECT, FIRST_AID
from .damage import final_zero_hits, restore_ethereal
from .dissonance import fade_notes, keep_oaths
from .humans import side_counter, wake_dreamers
from .readings import R_UNCONTROLLED_HEAL, reads
from .resonances import end_short_influence
from .seraphim import note_encounters
from .state import (
    F_CNT,
    F_CTRL,
    F_DESIGN,
    F_DISCOUNT_USED,
    F_DMG,
    F_FADING,
    F_LOC,
    F_OWNER,
    F_SIDE_START,
    F_TRAUMA,
    F_WAITED,
    F_ZONE,
    G_WINNER,
    HAND_SIZE,
    S_ESSENCE,
    Z_DISCARD,
    Z_PLAY,
    beings_in_play,
    hand,
    log,
    others_in_play,
)
from .tables import D_CTYPE, P_SIDE, in_game
from .superior_dissonance import neglect
from .tethers import check_tether_theft, tether_calm, tether_count
from .trace import T_DISCARD, T_GAIN_TEXT, T_HEAL, T_OUT_OF_TRAUMA, T_SHED
from .vocabulary import (
    C_TURNS_HEAVEN,
    CORPOREAL,
    E_FIRST_AID,
    E_HAND_SIZE,
    E_WAIT_ESSENCE,
    HUMAN,
    LOCATION,
    TETHER,
)

# the kinds of end-of-turn text whose order the player chooses (END_EFFECT): Wait
# Rites (Patience of Belial), First Aid, Location damage (Death Valley), Tether
# theft (Dynamite Hit, Reconsecration)
WAIT_RITES, FIRST_AID_TEXT, LOCATION_DAMAGE, TETHER_THEFT = range(4)
END_EFFECTS = 4


@njit(cache=True)
def end_turn(s, t, p):
    """Phase 7 for seat p, in the order of docs/rules.md I21: end-of-turn text
    in the order p's agent chooses (``end_of_turn_text``), 0-Hit checks, the
    Superiors' engagement condition and the Malakim's continuous oaths, damage
    removal, Tether calm, turns under Influence, dreaming Humans waking,
    Seraphim's encounters, short Influence ends, discard, Trauma countdown with
    the fading of the notes of Djinn's failed de-Attunes."""
    end_of_turn_text(s, t, p)
    final_zero_hits(s, t)
    if s.g[G_WINNER] >= 0:
        return
    neglect(s, t)
    keep_oaths(s, t, -1)
    heal_counters(s, t, p)
    restore_ethereal(s, t)
    tether_calm(s, t)
    count_influenced_turns(s, t)
    wake_dreamers(s, t)
    note_encounters(s, t)
    end_short_influence(s, t)
    discard_to_hand_size(s, t, p)
    for i in beings_in_play(s):
        if s.I[i, F_TRAUMA] > 0:
            s.I[i, F_TRAUMA] -= 1
            if s.I[i, F_TRAUMA] == 0:
                log(s, s.I[i, F_CTRL], i, -1, T_OUT_OF_TRAUMA, 0)
        s.I[i, F_WAITED] = 0
        s.I[i, F_DISCOUNT_USED] = 0
        if s.I[i, F_FADING] != 0:
            fade_notes(s, t, i)


@njit(cache=True)
def end_of_turn_text(s, t, p):
    """"Effects that occur at end of turn occur now, in any order the player
    whose turn is ending chooses": p's agent picks the kind that resolves next
    (END_EFFECT, ``offer_end_effects``) until each has, each kind whole, all
    before the 0-Hit checks (First Aid: "before any Hit checks are made")."""
    done = 0
    for _ in range(END_EFFECTS):
        offer_end_effects(s, done)
        k = picked(s, t, p, END_EFFECT, -1)
        done |= 1 << k
        _end_effect(s, t, p, k)


@njit(cache=True)
def offer_end_effects(s, done):
    """The kinds of end-of-turn effect (END_EFFECTS) not in the bitmask ``done``:
    row (kind, -1) each, in the engine's own order (I21)."""
    clear(s)
    for k in range(END_EFFECTS):
        if (done >> k) & 1 == 0:
            offer(s, k, -1)


@njit(cache=True)
def _end_effect(s, t, p, k):
    """Resolve the end-of-turn effects of kind k (END_EFFECTS)."""
    if k == WAIT_RITES:
        wait_rites(s, t, p)
    elif k == FIRST_AID_TEXT:
        first_aid(s, t, p)
    elif k == LOCATION_DAMAGE:
        for l in others_in_play(s):
            c = t.C[s.I[l, F_DESIGN], D_CTYPE]
            if s.I[l, F_ZONE] == Z_PLAY and (c == TETHER or c == LOCATION):
                location_damage(s, t, l)
    else:               # TETHER_THEFT
        check_tether_theft(s, t)


@njit(cache=True)
def wait_rites(s, t, p):
    """"If Belial has any Tether in play, and holder Waits this turn, add 1 Essence
    to your Pool at end of turn": for each of p's Beings that Waited, its Rite
    pays the Rite's own player -- the Superior it names, the only one who may
    play it -- when that player has a Tether in play, whoever controls the
    holder now (rite_player)."""
    for i in beings_in_play(s):
        if s.I[i, F_WAITED] == 1 and s.I[i, F_CTRL] == p and is_being(s, t, i):
            c = find_effect(s, t, i, E_WAIT_ESSENCE)
            q = rite_player(s, t, c)
            if q >= 0:
                n = effect_param(s, t, c, E_WAIT_ESSENCE, 1)
                s.S[q, S_ESSENCE] += n
                log(s, q, c, i, T_GAIN_TEXT, n)


@njit(cache=True)
def rite_player(s, t, c):
    """The player a Wait Rite ``c`` would pay now (its owner, if its Tether
    condition holds), or -1 (no Rite, or no Tether)."""
    if c < 0:
        return -1
    q = s.I[c, F_OWNER]
    if effect_param(s, t, c, E_WAIT_ESSENCE, 2) == 1 and tether_count(s, t, q) == 0:
        return -1
    return q


@njit(cache=True)
def first_aid(s, t, p):
    """Bucephel: "may remove 1 Corporeal damage counter from any Being in his
    Location at end of turn, before any Hit checks are made" -- from the one
    his controller's agent names (FIRST_AID), or from none."""
    for i in beings_in_play(s):
        if not is_being(s, t, i) or s.I[i, F_CTRL] < 0:
            continue
        c = find_effect(s, t, i, E_FIRST_AID)
        if c < 0:
            continue
        clear(s)
        about(s, i)
        offer(s, -1, -1)
        for j in beings_in_play(s):
            if s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j) and s.I[j, F_DMG + CORPOREAL] > 0:
                offer(s, j, -1)
        j = picked(s, t, s.I[i, F_CTRL], FIRST_AID, -1)
        if j >= 0:
            n = min(s.I[j, F_DMG + CORPOREAL], effect_param(s, t, c, E_FIRST_AID, 1))
            s.I[j, F_DMG + CORPOREAL] -= n
            log(s, s.I[i, F_CTRL], i, j, T_HEAL, n)


@njit(cache=True)
def heal_counters(s, t, p):
    """Non-Humans shed a damage counter per realm every turn; Humans only at the
    end of their controller's turn (I22).  An uncontrolled Human: at its
    owner's, or never under the reading ``uncontrolled_human_heals = never``.
    Each counter removed shows in the log (T_SHED)."""
    for i in beings_in_play(s):
        if not is_being(s, t, i):
            continue
        who = s.I[i, F_CTRL] if s.I[i, F_CTRL] >= 0 else s.I[i, F_OWNER]
        if t.C[s.I[i, F_DESIGN], D_CTYPE] == HUMAN:
            if who != p or (s.I[i, F_CTRL] < 0 and reads(s, R_UNCONTROLLED_HEAL)):
                continue
        for r in range(3):
            if s.I[i, F_DMG + r] > 0:
                s.I[i, F_DMG + r] -= 1
                log(s, who, i, -1, T_SHED, r)


@njit(cache=True)
def count_influenced_turns(s, t):
    """Humans (and Animals, which have Destinies and Fates too) count each whole
    turn spent under Influence for Heaven or for Hell: Influenced for that side
    as the turn began (as the last one ended) and still as it ends (I77)."""
    for i in beings_in_play(s):
        if not (is_being(s, t, i) and is_mortal(t, s.I[i, F_DESIGN])):
            continue
        side = t.seat[s.I[i, F_CTRL], P_SIDE] if s.I[i, F_CTRL] >= 0 else -1
        if side >= 0 and side == s.I[i, F_SIDE_START]:
            s.I[i, F_CNT + side_counter(t, s.I[i, F_CTRL], C_TURNS_HEAVEN)] += 1
        s.I[i, F_SIDE_START] = side


@njit(cache=True)
def hand_limit(s, t, p):
    """"Players discard cards in their hand above 7, modified by any cards in
    play" (I23): 7 plus the ``hand_size`` amounts in the game text of the Beings
    in play (their attachments' where that text works, beings.effect_sum) and
    of the Tethers and Locations in play, counted for the player who controls
    the card, or for every player if no one does; never below 0."""
    n = HAND_SIZE
    if not in_game(t, E_HAND_SIZE):
        return n
    for i in beings_in_play(s):
        if is_being(s, t, i) and (s.I[i, F_CTRL] == p or s.I[i, F_CTRL] < 0):
            n += effect_sum(s, t, i, E_HAND_SIZE, 1)
    for l in others_in_play(s):
        ct = t.C[s.I[l, F_DESIGN], D_CTYPE]
        if (s.I[l, F_ZONE] == Z_PLAY and (ct == TETHER or ct == LOCATION)
                and (s.I[l, F_CTRL] == p or s.I[l, F_CTRL] < 0)):
            n += effect_param(s, t, l, E_HAND_SIZE, 1)
    return n if n > 0 else 0


@njit(cache=True)
def discard_to_hand_size(s, t, p):
    """Discard down to the hand limit (hand_limit), one card at a time, each the
    card of the hand that p's agent chooses."""
    n = hand(s, p).shape[0]
    limit = hand_limit(s, t, p)
    while n > limit:
        clear(s)
        for c in hand(s, p):
            offer(s, c, -1)
        pick = s.opt[decide(s, t, p, DISCARD), 0]
        s.I[pick, F_ZONE] = Z_DISCARD
        log(s, p, pick, -1, T_DISCARD, 0)
        n -= 1
