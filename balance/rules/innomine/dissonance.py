"""Dissonance, Discord and Falling (rulebook, phase 4 and "Angels and Demons").

"For every Servitor that carries a point of Dissonance, roll 3d6.  If all
three dice come in below the number of Dissonance points carried" the angel
Falls (Malakim do not Fall but gain their Discord) and the demon gains its
Discord.  "Any time a celestial has three or more points of Dissonance, their
controller may remove three points and replace it with a level of Discord."
The Choirs' own conditions for gaining Dissonance from the actions they take
are here too (``action_dissonance``, ``breaks_oath``, ``keep_oaths``); the
others sit with the rule that triggers them (a Mercurian harming a Human in
damage, a Balseraph's failed roll in resonances, a Cherub's lost Attunement in
beings).  The note a Djinn's failed de-Attune gives it fades (``fading_note``).
"""
from numba import njit

from ...agents.innomine.decide import decide
from ...agents.points import clear, offer
from ...sim.seeding import d6
from .beings import add_dissonance, effect_sum, is_being, is_demon, is_human_card, leave_play
from .decisions import DISCORD_TRADE
from .fall import fall
from .superior_dissonance import NEVER_WAIT, sheet_demands, sheet_note
from .state import (
    F_CONDITION,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_DISS,
    F_FADING,
    F_HOST,
    F_LOC,
    F_OWNER,
    G_TURN,
    Z_DISCARD,
    beings_in_play,
    log,
)
from .tables import D_CTYPE, D_KIND, in_game
from .trace import (
    T_DISCORD,
    T_DISCORD_TRADE,
    T_DISS_ROLL,
    T_FADE,
    T_FALL,
    WHY_DE_ATTUNE,
    WHY_HARMED_HUMAN,
    WHY_OATH,
    WHY_SERVED_ANOTHER,
    WHY_WAITED,
)
from .vocabulary import (
    BALSERAPH,
    BRIGHT_LILIM,
    E_OATH,
    ELOHITE,
    HUMAN,
    IMPUDITE,
    MALAKITE,
    MERCURIAN,
    OATH_HARM_HUMANS,
    OATH_SUFFER_DEMONS,
    OATH_USE_TOOLS,
    OATH_WAIT,
    OFANITE,
    RELIEVER,
    SERAPH,
    SERVITOR,
    TOOL,
)


@njit(cache=True)
def gain_discord(s, t, i, code):
    """Being i gains a level of Discord: by trading three notes (code
    T_DISCORD_TRADE, I9) or by failing its Dissonance roll (T_DISCORD)."""
    s.I[i, F_DISCORD] += 1
    log(s, s.I[i, F_CTRL], i, -1, code, s.I[i, F_DISCORD])


@njit(cache=True)
def highest_of_3d6(s):
    """Roll 3d6 and return the highest die: the roll fails if it is below the notes carried."""
    hi = 0
    for _ in range(3):
        r = d6(s.rng)
        if r > hi:
            hi = r
    return hi


@njit(cache=True)
def dissonance_phase(s, t, p):
    """Phase 4 for seat p's Servitors."""
    for i in beings_in_play(s):
        if not (is_being(s, t, i) and s.I[i, F_OWNER] == p and t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR):
            continue
        if s.I[i, F_DISS] >= 3 and has_discord(t, s.I[i, F_DESIGN]) and _trades(s, t, p, i):
            s.I[i, F_DISS] -= 3
            gain_discord(s, t, i, T_DISCORD_TRADE)
            if s.I[i, F_FADING] != 0:
                fading_within(s, i)
        if s.I[i, F_DISS] == 0:
            continue
        hi = highest_of_3d6(s)
        log(s, p, i, -1, T_DISS_ROLL, hi)
        if hi < s.I[i, F_DISS]:
            _fail(s, t, i)


@njit(cache=True)
def _trades(s, t, p, i):
    """Does p's agent trade three of Servitor i's notes for a level of Discord?"""
    clear(s)
    offer(s, -1, -1)
    offer(s, i, -1)
    return decide(s, t, p, DISCORD_TRADE) == 1


@njit(cache=True)
def has_discord(t, d):
    """Has design d "a particular Discord", a Choir's or a Band's (a Bright Lilim
    uses "the Lilim mechanics for Influence, Dissonance, and Discord")?
    Relievers and Demonlings, not yet fledged into a Choir or Band, and Saints
    and Undead have none: nothing to trade notes for (I75)."""
    k = t.C[d, D_KIND]
    return SERAPH <= k <= BRIGHT_LILIM or BALSERAPH <= k <= IMPUDITE


@njit(cache=True)
def _falls(t, d):
    """"if an angel other than a Malakite fails a Dissonance roll in phase 4, it
    Falls": the Choirs but the Malakim, the Bright Lilim ("Lilim oppose Bright
    Lilim", I37) and the Relievers ("angels that haven't quite fledged yet");
    not a Saint (I75)."""
    k = t.C[d, D_KIND]
    return (SERAPH <= k <= BRIGHT_LILIM and k != MALAKITE) or k == RELIEVER


@njit(cache=True)
def _fail(s, t, i):
    """A failed roll: an angel other than a Malakite Falls; a Malakite or a demon
    gains its Discord; a Demonling, a Saint or an Undead, for which the rulebook
    has neither, loses nothing (I75)."""
    d = s.I[i, F_DESIGN]
    if _falls(t, d):
        log(s, s.I[i, F_CTRL], i, -1, T_FALL, 0)
        fall(s, t, i)
        leave_play(s, t, i, Z_DISCARD)
    elif has_discord(t, d):
        gain_discord(s, t, i, T_DISCORD)


@njit(cache=True)
def action_dissonance(s, t, i, waits):
    """Dissonance for taking an action (``waits``: the Wait action).  Elohim "gain
    Dissonance if they take any Action other than Wait while under another
    Superior's Influence" (controlled by a seat other than their own Superior's);
    the Wait action's notes: _wait_charges."""
    if t.C[s.I[i, F_DESIGN], D_KIND] == ELOHITE and not waits and s.I[i, F_CTRL] != s.I[i, F_OWNER]:
        add_dissonance(s, t, i, WHY_SERVED_ANOTHER)
    if waits:
        _wait_charges(s, t, i, True)


@njit(cache=True)
def wait_notes(s, t, i):
    """The notes the Wait action would cost i, for the policies (_wait_charges)."""
    return _wait_charges(s, t, i, False)


@njit(cache=True)
def _wait_charges(s, t, i, charge):
    """The notes the Wait action costs i, given to it if ``charge``: "Ofanim gain
    Dissonance for taking the Wait action"; a Malakite sworn never to Wait
    breaks its oath; Nybbas's Servitors may not Wait (I88).  The one list both
    the rule and the policies' prediction read."""
    n = 0
    if t.C[s.I[i, F_DESIGN], D_KIND] == OFANITE:
        n += 1
        if charge:
            add_dissonance(s, t, i, WHY_WAITED)
    if sworn(s, t, i, OATH_WAIT):
        n += 1
        if charge:
            breaks_oath(s, t, i, OATH_WAIT)
    if sheet_demands(s, t, i, NEVER_WAIT):
        n += 1
        if charge:
            sheet_note(s, t, i, NEVER_WAIT)
    return n


@njit(cache=True)
def sworn(s, t, i, act):
    """Is i a Malakite whose game text holds the oath never to do ``act``
    (vocabulary OATH_*)?"""
    return t.C[s.I[i, F_DESIGN], D_KIND] == MALAKITE and effect_sum(s, t, i, E_OATH, 1, 1, act) > 0


@njit(cache=True)
def breaks_oath(s, t, i, act):
    """Malakim: "Violating this condition [...] causes Dissonance for each
    violation": a Malakite sworn never to do ``act`` takes a note for doing it."""
    if sworn(s, t, i, act):
        add_dissonance(s, t, i, WHY_OATH)


@njit(cache=True)
def keep_oaths(s, t, L):
    """Malakim: "[...] or each round if the condition is continuous".  The
    continuous oath is never to suffer a demon at its Location: a sworn Malakite
    takes a note at the end of every turn (L < 0: wherever it is) and of every
    combat round at its Location L that ends with a demon there, as Death
    Valley's text works "at the end of any turn or combat round" (I56)."""
    if not in_game(t, E_OATH):
        return
    for i in beings_in_play(s):
        if (L < 0 or s.I[i, F_LOC] == L) and sworn(s, t, i, OATH_SUFFER_DEMONS) and is_being(s, t, i):
            if _demon_at(s, t, s.I[i, F_LOC]):
                add_dissonance(s, t, i, WHY_OATH)


@njit(cache=True)
def _demon_at(s, t, L):
    """Is a demon manifest at Location L (not riding a host, I60)?"""
    for j in beings_in_play(s):
        if s.I[j, F_LOC] == L and is_being(s, t, j) and is_demon(t, s.I[j, F_DESIGN]) and s.I[j, F_HOST] < 0:
            return True
    return False


@njit(cache=True)
def oath_urge(s, t, i, j):
    """1 if attacking j may end the breach of Malakite i's continuous oath (j a
    demon at i's Location, I56), else 0."""
    if (s.I[j, F_LOC] == s.I[i, F_LOC] and is_demon(t, s.I[j, F_DESIGN])
            and sworn(s, t, i, OATH_SUFFER_DEMONS)):
        return 1.0
    return 0.0


@njit(cache=True)
def uses_card(s, t, i, c):
    """i uses the game text of card c: using a Tool breaks an oath never to
    use one (the rulebook's example oath, "Do not use Guns")."""
    if c >= 0 and t.C[s.I[c, F_DESIGN], D_CTYPE] == TOOL:
        breaks_oath(s, t, i, OATH_USE_TOOLS)


@njit(cache=True)
def _mercurian_harm(s, t, src, tgt):
    """"It is Dissonant for a Mercurian to cause damage of any sort to a Human"
    (a rule of the Choir: Humans only)."""
    return t.C[s.I[tgt, F_DESIGN], D_CTYPE] == HUMAN and t.C[s.I[src, F_DESIGN], D_KIND] == MERCURIAN


@njit(cache=True)
def _oath_harm(s, t, src, tgt):
    """A Malakite sworn never to harm Humans: its oath, written in its game text,
    covers Saints and Undead too, who "count as Humans for card purposes" (I57)."""
    return is_human_card(s, t, s.I[tgt, F_DESIGN]) and sworn(s, t, src, OATH_HARM_HUMANS)


@njit(cache=True)
def harms(s, t, src, tgt):
    """src has done damage to tgt: a note for a Mercurian's harm to a Human, and
    one for a sworn Malakite's broken oath."""
    if _mercurian_harm(s, t, src, tgt):
        add_dissonance(s, t, src, WHY_HARMED_HUMAN)
    if _oath_harm(s, t, src, tgt):
        add_dissonance(s, t, src, WHY_OATH)


@njit(cache=True)
def harm_notes(s, t, src, tgt):
    """The notes doing damage to tgt would cost src (harms), for the policies."""
    return (1 if _mercurian_harm(s, t, src, tgt) else 0) + (1 if _oath_harm(s, t, src, tgt) else 0)


# ------------------------------------------------------------------ a Djinn's fading note
FADE_BITS, FADE_SLOTS = 6, 8     # F_FADING: a count of 6 bits for each turn % 8
FADE_MASK = (1 << FADE_BITS) - 1


@njit(cache=True)
def fading_note(s, t, i, r):
    """A Djinn's failed de-Attune "inflicts a note of Dissonance and the Cherub
    Dissonance Condition.  Both fade after a number of turns equal to the die
    roll, although any Discord or Cherub Dissonance remains" (I67): the note,
    and the condition (F_CONDITION, read by beings.attuned_leaves_play) until
    the end of the r-th turn, the turn of the roll counting as the first (as for
    Trauma, I19).  The note waits on F_FADING at the slot of that last turn."""
    add_dissonance(s, t, i, WHY_DE_ATTUNE)
    last = s.g[G_TURN] + r - 1
    s.I[i, F_FADING] += 1 << (FADE_BITS * (last % FADE_SLOTS))
    if last > s.I[i, F_CONDITION]:
        s.I[i, F_CONDITION] = last


@njit(cache=True)
def _fading_at(s, i, turn):
    """Notes of Djinn i that fade at the end of ``turn``."""
    return (s.I[i, F_FADING] >> (FADE_BITS * (turn % FADE_SLOTS))) & FADE_MASK


@njit(cache=True)
def fade_notes(s, t, i):
    """End of turn: the notes of Djinn i whose turns are up fade."""
    n = _fading_at(s, i, s.g[G_TURN])
    if n > 0:
        s.I[i, F_FADING] -= n << (FADE_BITS * (s.g[G_TURN] % FADE_SLOTS))
        s.I[i, F_DISS] -= n
        log(s, s.I[i, F_CTRL], i, -1, T_FADE, s.I[i, F_DISS])


@njit(cache=True)
def fading_within(s, i):
    """Notes that leave a Djinn otherwise -- traded for Discord ("any Discord
    [...] remains"), calmed at a Tether -- are taken from its other notes first,
    as a player would choose, and from the fading ones only when it carries no
    others (I67): the fading notes are cut down to the notes it carries, the
    soonest to fade first."""
    excess = -s.I[i, F_DISS]
    for k in range(FADE_SLOTS):
        excess += _fading_at(s, i, k)
    turn = s.g[G_TURN]
    while excess > 0:
        n = min(excess, _fading_at(s, i, turn))
        s.I[i, F_FADING] -= n << (FADE_BITS * (turn % FADE_SLOTS))
        excess -= n
        turn += 1
