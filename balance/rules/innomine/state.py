"""The In Nomine game state: fixed-shape integer arrays (DESIGN §4).

One ``State`` holds one game.  Every card copy is an *instance* (index i);
Beings, Objects, Tethers and Locations in play are the instances themselves.
Seats are 0..P-1; nothing here assumes two players.

Locations are integers: a Tether or Location card in play is its instance
index; the generic Locations come after the instances -- ``loc_earth``,
``loc_marches`` and one Realm per seat (``loc_realm(s, p)``).
"""
import numpy as np
from numba import njit

from ...agents.kinds import N_AGENT
from ...agents.points import decision_arrays
from ...sim.seeding import N_STREAMS
from ...sim.structs import ArrayStructType, Handle, array_struct
from .tables import D_CTYPE, D_EFFECTS
from .vocabulary import COMBAT_ACT, N_COUNTERS

# ---- zones: where an instance is (exactly one at any time)
Z_UNUSED, Z_REPO, Z_EVENTS, Z_HAND, Z_PLAY, Z_DISCARD, Z_SOUL, Z_REMOVED, Z_FACEDOWN = range(9)
# ---- realm types of a location (also the combat stat used there)
R_CELESTIAL, R_ETHEREAL, R_CORPOREAL = 0, 1, 2
# ---- game scalars, held in State.g
(G_TURN, G_ACTIVE, G_FIRST, G_WINNER, G_END, G_TRACE_N, G_PHASE, G_ROUND,
 G_THRESHOLD, G_TURN_CAP, G_VARIANT, G_NEXT_TOKEN, G_FIGHT_TARGET,
 G_DISABLED,       # 1 once an Object was made nonfunctioning in the combat under way
 G_FIGHT_TYPE,     # the combat type of the combat under way
 G_DECLARED,       # the round's declarations made so far (at a declaration or a Combat Act)
 G_RESOLVED,       # the round's declarations resolved so far (at a Combat Act)
 G_READINGS,       # the contested readings read the other way from bit 0 (readings.R_*)
 ) = range(18)
N_G = 18
# ---- combat sides (F_FIGHT): -1 out of combat; REMOVED: taken out of the combat
# under way by a Pit Trap, and not to come back to it (combat.pit_trap)
ATTACKING, DEFENDING, REMOVED = 0, 1, -2
# ---- end reasons
END_NONE, END_THRESHOLD, END_TURN_CAP, END_DECK_OUT = -1, 0, 1, 2
MAX_ATT = 8          # attachments per instance
N_TOKENS = 8         # spare instances for token copies (Junkyard)
TRACE_W = 7          # (turn, phase, seat, card, target, code, value)
HAND_SIZE = 7


# ---- per-instance fields: columns of State.I (one row per card instance)
_FIELDS = ("design owner zone ctrl inf_by loc att natt att_by diss discord trauma entered acts age "
           "resist guard guard_by temp_ctrl prev_ctrl prev_inf tried waited boost fight retreat "
           "et_out discount_used tie listed engaged first reliquary_turn reliquary_used last_loc attuned afraid resonated met seen lilim ward "
           "host rider host_turn host_dmg stay mute provoked fading condition forfeit off free dying tether_ward "
           "side_start idle loc_start").split()
(F_DESIGN,      # design id of the card
 F_OWNER,       # seat whose deck it came from
 F_ZONE,        # Z_*
 F_CTRL,        # controlling seat, -1 = uncontrolled
 F_INF_BY,      # Being whose Influence controls this one, -1 = none or the Superior
 F_LOC,         # location of a Being, loose Object or Location card
 F_ATT,         # instance it is attached to, -1
 F_NATT,        # how many cards are attached to it
 F_ATT_BY,      # seat that attached it
 F_DISS,        # notes of Dissonance
 F_DISCORD,     # levels of Discord
 F_TRAUMA,      # turns of Trauma left
 F_ENTERED,     # turn it entered its current realm
 F_ACTS,        # actions left this turn
 F_AGE,         # turns lived (Humans)
 F_RESIST,      # -1 counters against every Influence attempt (Malakim)
 F_GUARD,       # Balseraph -1 counters against others' attempts
 F_GUARD_BY,    # the Balseraph that set them
 F_TEMP_CTRL,   # 1 if the control is a Habbalite's, until end of turn
 F_PREV_CTRL,   # control to restore when it ends
 F_PREV_INF,
 F_TRIED,       # stamp: a Habbalite tried this Being this turn
 F_WAITED,      # 1 if it took the Wait action this turn
 F_BOOST,       # combat boost bought for the current combat
 F_FIGHT,       # combat side: -1 out, ATTACKING or DEFENDING (joined only by enlist)
 F_RETREAT,     # 1 if retreating at end of round
 F_ET_OUT,      # 1 once the 0-Ethereal-Hits losses were applied this turn
 F_DISCOUNT_USED,  # per-turn cost discount used
 F_TIE,         # the Tether a Seneschal Rank is tied to, -1
 F_LISTED,      # 1 while the instance is in the in-play list
 F_ENGAGED,     # last turn it engaged a demon in combat, or entered play (superior_dissonance)
 F_FIRST,       # the first Being an Object was attached to, -1 (Artifacts return to it)
 F_RELIQUARY_TURN,  # turn in which a Reliquary last paid toward an action
 F_RELIQUARY_USED,  # Essence it paid in that turn ("Up to X total Essence per turn")
 F_LAST_LOC,    # its last non-Marches Location, -1 = none yet (marches.eject)
 F_ATTUNED,     # the Being or Object a Cherub is Attuned to, -1
 F_AFRAID,      # turn in which Fear kept a Cherub from Defending its Attuned Being
 F_RESONATED,   # turn in which an Ofanite last used its Resonance for a second action
 F_MET,         # last turn at whose end a Seraph shared its Location with another Superior's Being, -1
 F_SEEN,        # bitmask of the seats a Seraph's Resonance has shown this (hidden) card to
 F_LILIM,       # Lilim counters on this Being: seat p's count in bits 8p .. 8p+7
 F_WARD,        # +2 to every Attack and Hits value while a Cherub Defends its Attuned Being, else 0
 F_HOST,        # the Being a Kyriotate or Shedite is attached to, -1 (hosts.py)
 F_RIDER,       # the Kyriotate or Shedite attached to this Being, -1
 F_HOST_TURN,   # turn the rider attached to its host
 F_HOST_DMG,    # damage counters its host carried when the rider attached
 F_STAY,        # the Kyriotate whose host held this card when it attached, -1
 F_MUTE,        # 1 while a Kyriotate rides this Being: "as having no game text"
 F_PROVOKED,    # turn in which a Djinn's Attuned target last initiated an encounter with it (beings.may_harm)
 F_FADING,      # a Djinn's notes from failed de-Attunes: 6 bits per turn % 8, the turn at whose end they fade
 F_CONDITION,   # last turn in which a Djinn holds the Cherub Dissonance Condition after a failed de-Attune
 F_FORFEIT,     # actions this Being must still forfeit (Belial's Habbalah, I68)
 F_OFF,         # 1 while a Balseraph has made this Object nonfunctioning for the combat (I68)
 F_FREE,        # turn in which a Cherub last took its free action to attack (Gabriel's, I69)
 F_DYING,       # 1 while a host that reached its Lifespan lives on for its Shedite (Saminga's, I71)
 F_TETHER_WARD,  # Attack a Cherub gains while Defending the Tether it is Attuned to (Michael's, I70)
 F_SIDE_START,  # side (HEAVEN, HELL) a mortal was Influenced for as the turn began, -1 none (I77)
 F_IDLE,        # its actions left as the last turn ended (readings: defend)
 F_LOC_START,   # its Location as the turn began, -1 if it came into play since (readings: tether_relief)
 ) = range(len(_FIELDS))
F_DMG = len(_FIELDS)            # 3 columns: damage counters (Ce, E, Co)
F_CNT = F_DMG + 3               # N_COUNTERS columns: Destiny/Fate counters
F_HEALED = F_CNT + N_COUNTERS   # 4 columns: distinct Beings healed
F_ATTS = F_HEALED + 4           # MAX_ATT columns: cards attached to it
N_FIELDS = F_ATTS + MAX_ATT
# ---- per-seat fields: columns of State.S
(S_ESSENCE, S_SPENT, S_SOULS, S_REPO_HEAD, S_REPO_CNT, S_EV_HEAD, S_EV_CNT,
 S_MASK_OPEN, S_MASK_DRAWN, S_MASK_PLAYED,
 S_PLOT_SEEN,   # a face-down Tether-stealing card of another seat that a Seraph showed this seat, -1
 S_HAND_ACTS,   # effect codes (bits) of the Combat Acts that came into the hand: a superset, combat_acts.hand_act
 ) = range(12)
N_SEAT_FIELDS = 12
REPOSITORY, EVENTS = 0, 1       # index of a deck in State.decks (heads/counts at +2 per deck)


STATE_FIELDS = ("I", "S", "decks", "curves", "g", "rng", "trace", "w", "live", "rounds", "agent", "opt", "dec", "vals")
GAME_FIELDS = ("I", "S", "decks", "curves", "g", "rng", "live", "rounds")   # what copy_game copies


class StateType(ArrayStructType):
    """numba's type of a State."""


class State(Handle):
    """A game's arrays, handed to every rule as one pointer (see sim.structs):

    I       [N, N_FIELDS] per-instance fields (F_*)
    S       [P, N_SEAT_FIELDS] per-seat fields (S_*)
    decks   [P, 2, M] Repository and Events deck, circular buffers of instances
    curves  [P, 2, TT] Essence after gaining / spent, per own turn
    g       [N_G] game scalars (G_*; G_FIGHT_TARGET: the Being attacked in the combat under way)
    rng     [3, 3] seeded streams
    trace   [TMAX, TRACE_W] event trace (only when tracing)
    w       [P, N_WEIGHTS] float policy weights of each seat
    live    [4 + P, N + 1] Beings / other cards in play / rivals of the acting seat / the
            Beings in the combat under way / each seat's hand (count first)
    rounds  [3, N] a combat round's declarations: who acts, in order, what, at whom
    agent   [P, N_AGENT] each seat's agent: its kind and budget (agents.kinds)
    opt, dec, vals  a decision's legal options, and a search's bookkeeping (agents.points)
    """


make_state = array_struct(StateType, State, STATE_FIELDS)


def new_state(tables, weights, own_turns, trace_len=0, agents=None):
    """Allocate a State for the decks of ``tables`` (a KernelTables), reused across
    games; ``agents``: each seat's agent row (agents.kinds), scripted if None."""
    P = tables.seat.shape[0]
    n = int(tables.seat[:, 3].sum() + tables.seat[:, 4].sum()) + N_TOKENS
    m = tables.decks.shape[2]
    return make_state(
        I=np.zeros((n, N_FIELDS), dtype=np.int64),
        S=np.zeros((P, N_SEAT_FIELDS), dtype=np.int64),
        decks=np.zeros((P, 2, m), dtype=np.int64),
        curves=np.zeros((P, 2, own_turns), dtype=np.int64),
        g=np.zeros(N_G, dtype=np.int64),
        rng=np.zeros((N_STREAMS, 3), dtype=np.int64),
        trace=np.zeros((max(trace_len, 1), TRACE_W), dtype=np.int64),
        w=np.ascontiguousarray(weights, dtype=np.float64),
        live=np.zeros((4 + P, n + 1), dtype=np.int64),
        rounds=np.zeros((3, n), dtype=np.int64),
        agent=np.zeros((P, N_AGENT), dtype=np.int64) if agents is None else np.ascontiguousarray(agents, dtype=np.int64),
        **decision_arrays(trace_len > 0),
    )


@njit(cache=True)
def copy_game(dst, src):
    """Make ``dst`` the same game as ``src`` (every field of GAME_FIELDS; the trace
    rows, agents and decision buffers stay dst's own)."""
    dst.I[:] = src.I
    dst.S[:] = src.S
    dst.decks[:] = src.decks
    dst.curves[:] = src.curves
    dst.g[:] = src.g
    dst.rng[:] = src.rng
    dst.live[:] = src.live
    dst.rounds[:] = src.rounds


@njit(cache=True)
def loc_earth(s):
    return s.I.shape[0]


@njit(cache=True)
def loc_marches(s):
    return s.I.shape[0] + 1


@njit(cache=True)
def loc_realm(s, p):
    """The generic Location of seat p's Realm (Heaven or Hell)."""
    return s.I.shape[0] + 2 + p


@njit(cache=True)
def realm_seat(s, l):
    """The seat whose Realm location l is, or -1 for Earth, the Marches and cards."""
    if l >= s.I.shape[0] + 2:
        return l - s.I.shape[0] - 2
    return -1


@njit(cache=True)
def realm_type(s, l):
    """Which combat is standard at location l: Realm celestial, Marches ethereal, Earth corporeal."""
    if l == s.I.shape[0] + 1:
        return R_ETHEREAL
    if l >= s.I.shape[0] + 2:
        return R_CELESTIAL
    if l < s.I.shape[0]:
        return realm_type(s, s.I[l, F_LOC])   # a Tether/Location card sits in Earth or the Marches
    return R_CORPOREAL


@njit(cache=True)
def realm_of(s, l):
    """Realm identity of a location: its generic location (Earth, Marches or a seat's Realm)."""
    if l < s.I.shape[0]:
        return s.I[l, F_LOC]
    return l


@njit(cache=True)
def tracing(s):
    """Is this game traced (``balance replay``)?  Then ``log`` keeps its events."""
    return s.trace.shape[0] > 1


@njit(cache=True)
def log(s, seat, card, target, code, value):
    """Append one event to the trace buffer (only when tracing)."""
    n = s.g[G_TRACE_N]
    if tracing(s) and n < s.trace.shape[0]:
        row = s.trace[n]
        row[0] = s.g[G_TURN]
        row[1] = s.g[G_PHASE]
        row[2] = seat
        row[3] = card
        row[4] = target
        row[5] = code
        row[6] = value
        s.g[G_TRACE_N] = n + 1


@njit(cache=True)
def beings_in_play(s):
    """Beings that entered play since the last compaction, in entry order.

    Hot loops walk this short list instead of every instance; an entry may
    have left play since, so callers still check it (is_being etc.)."""
    return s.live[0, 1:s.live[0, 0] + 1]


@njit(cache=True)
def others_in_play(s):
    """Other cards in play (Objects, Tools, Songs, Ranks, Tethers, Locations), likewise."""
    return s.live[1, 1:s.live[1, 0] + 1]


@njit(cache=True)
def rivals(s):
    """Beings in play not controlled by the seat now acting (see collect_rivals)."""
    return s.live[2, 1:s.live[2, 0] + 1]


@njit(cache=True)
def fighters(s):
    """Every Being in the combat under way, in entry order, and perhaps some that
    have left it since: callers still check F_FIGHT.  Combat's many scans of its
    own side and the other walk this short list instead of every Being in play;
    it is rebuilt after anyone enlists (a count of -1)."""
    if s.live[3, 0] < 0:
        _collect_fighters(s)
    return s.live[3, 1:s.live[3, 0] + 1]


@njit(cache=True)
def _collect_fighters(s):
    """Rebuild fighters(s) from the Beings in play, keeping their entry order."""
    n = 0
    for i in beings_in_play(s):
        if s.I[i, F_FIGHT] >= 0:
            n += 1
            s.live[3, n] = i
    s.live[3, 0] = n


@njit(cache=True)
def enlist(s, i, side):
    """Being i takes part in the combat under way on ``side`` (ATTACKING or
    DEFENDING), with no Retreat declared yet: one declared in an earlier combat
    that it left another way (0 Hits, Trauma) does not carry over."""
    s.I[i, F_FIGHT] = side
    s.I[i, F_RETREAT] = 0
    s.live[3, 0] = -1


@njit(cache=True)
def hand(s, p):
    """The cards in seat p's hand, in instance order (see to_hand)."""
    row = s.live[4 + p]
    n = 0
    for q in range(1, row[0] + 1):
        if s.I[row[q], F_ZONE] == Z_HAND:
            n += 1
            row[n] = row[q]
    row[0] = n
    return row[1:n + 1]


@njit(cache=True)
def to_hand(s, t, p, i):
    """Instance i goes into seat p's hand: the only way into a hand, so that the
    hand list stays whole (cards that left the hand drop out of it lazily), and
    so is the seat's mask of the Combat Acts it may hold (S_HAND_ACTS)."""
    d = s.I[i, F_DESIGN]
    if t.C[d, D_CTYPE] == COMBAT_ACT:
        s.S[p, S_HAND_ACTS] |= t.C[d, D_EFFECTS]
    row = s.live[4 + p]
    q = hand(s, p).shape[0] + 1
    while q > 1 and row[q - 1] > i:
        row[q] = row[q - 1]
        q -= 1
    row[q] = i
    row[0] += 1
    s.I[i, F_ZONE] = Z_HAND


@njit(cache=True)
def mark(s, col, p, t, design):
    """Set design's bit (its slot in seat p's deck list) in the per-seat bitmask ``col``."""
    slot = t.deck_slot[p, design]
    if slot >= 0:
        s.S[p, col] |= 1 << slot


@njit(cache=True)
def collect_rivals(s, p):
    """Fill rivals(s) with the Beings in play that seat p does not control:
    every Being p could attack or try to Influence away from someone else."""
    n = 0
    for i in beings_in_play(s):
        if s.I[i, F_ZONE] == Z_PLAY and s.I[i, F_CTRL] != p:
            n += 1
            s.live[2, n] = i
    s.live[2, 0] = n


@njit(cache=True)
def enter_play(s, i, being):
    """Instance i comes into play (``being``: it is a Servitor, Human or Ethereal)."""
    s.I[i, F_ZONE] = Z_PLAY
    s.I[i, F_ENGAGED] = s.g[G_TURN]
    s.I[i, F_SIDE_START] = -1
    s.I[i, F_LOC_START] = -1
    if s.I[i, F_LISTED] == 0:
        k = 0 if being else 1
        s.I[i, F_LISTED] = 1
        s.live[k, 0] += 1
        s.live[k, s.live[k, 0]] = i


@njit(cache=True)
def compact_play(s):
    """Drop instances that left play from the in-play lists (keeps entry order)."""
    for k in range(2):
        n = 0
        for q in range(1, s.live[k, 0] + 1):
            i = s.live[k, q]
            if s.I[i, F_ZONE] == Z_PLAY:
                n += 1
                s.live[k, n] = i
            else:
                s.I[i, F_LISTED] = 0
        s.live[k, 0] = n
