"""Phase 6, Actions (rulebook, "The Game Turn").

"Your Servitors, and any Influenced Beings, now get a chance to work.  Beings
you bring under your Influence this turn have a new action.  Each Being
otherwise has one action per turn."  An action is a Move (within the realm, or
up or down a Tether), an Attack (see combat), an ability or Resonance, or Wait.
What each Being may do is ``action_options``'; its controller's agent chooses
(a scripted style names its choice without the list: decide.wants_options).
"""
from numba import njit

from ...agents.innomine.decide import decide, named_action, wants_options
from .action_options import offer_actions, offer_free_attacks, offer_free_move
from .attunement import attune, de_attune, move_freely
from .beings import can_act, move_to
from .combat import bad_temper, fight, free_attack
from .damage import resolve_zero_hits
from .decisions import (
    ACTION,
    FREE_ATTACK,
    FREE_MOVE,
    K_ABILITY,
    K_ATTACH,
    K_ATTACK,
    K_ATTUNE,
    K_DEATTUNE,
    K_FLEDGE,
    K_GO_HOME,
    K_PROTECT,
    K_RESONATE,
    K_STEAL,
    K_TEAR,
    K_VIEW,
    K_WAIT,
    unpack,
)
from .dissonance import action_dissonance
from .effects import use_ability
from .fledging import fledge
from .host_resonance import hold_rolls, resonate_host, return_to_realm
from .hosts import dying
from .resonances import forfeits, protect, reclaim_with_counters, resonate, second_action, steal_essence, tear
from .seraphim import gullibility, view
from .state import (
    F_ACTS,
    F_CTRL,
    F_FIGHT,
    F_HOST,
    F_LOC,
    F_WAITED,
    G_ACTIVE,
    G_WINNER,
    beings_in_play,
    collect_rivals,
    log,
    realm_type,
)
from .trace import T_MOVE, T_WAIT

MAX_PASSES = 4


@njit(cache=True)
def actions_phase(s, t):
    """Phase 6: the Shedim's rolls "At the beginning of every Actions phase";
    Elohim with Bad Temper may lose it first, Balseraphs take the free
    Resonances that Seraphim's Gullibility gives them, and Lilim counters are
    spent; then every Being with an action left takes it, as its controller
    chooses."""
    hold_rolls(s, t)
    bad_temper(s, t, s.g[G_ACTIVE])
    if s.g[G_WINNER] >= 0:
        return
    gullibility(s, t, s.g[G_ACTIVE])
    reclaim_with_counters(s, t, s.g[G_ACTIVE])
    for _ in range(MAX_PASSES):
        acted = False
        for i in beings_in_play(s):
            if has_action(s, t, i):
                take_action(s, t, i)
                acted = True
                if s.g[G_WINNER] >= 0:
                    return
        if not acted:
            return


@njit(cache=True)
def has_action(s, t, i):
    """Has Being i an action to take now: one left, a controller, able, out of combat?"""
    return s.I[i, F_ACTS] > 0 and s.I[i, F_CTRL] >= 0 and can_act(s, t, i) and s.I[i, F_FIGHT] < 0


@njit(cache=True)
def take_action(s, t, i):
    """Being i's action, as its controller's agent chooses among the legal ones
    (action_options.offer_actions); before it, a Djinn may move freely to its
    Attuned card and a Cherub of Gabriel's take its free action to attack.  An
    action a Habbalite made i forfeit is lost (I68).  A Shedite in a dying host
    (Saminga's, I71) lets the host take its last action first: it does nothing
    yet, and chooses at a later pass."""
    p = s.I[i, F_CTRL]
    if forfeits(s, i):
        s.I[i, F_ACTS] -= 1
        return
    collect_rivals(s, p)
    if offer_free_move(s, t, i) and decide(s, t, p, FREE_MOVE) == 1:
        move_freely(s, t, i, s.opt[1, 0])
    if offer_free_attacks(s, t, i):
        k = decide(s, t, p, FREE_ATTACK)
        if k > 0:
            free_attack(s, t, i, s.opt[k, 1])
            if not has_action(s, t, i) or s.g[G_WINNER] >= 0:
                return
            collect_rivals(s, p)
    h = s.I[i, F_HOST]
    if h >= 0 and dying(s, t, h) and has_action(s, t, h):
        return
    if wants_options(s, p, ACTION):
        offer_actions(s, t, i)
        k = decide(s, t, p, ACTION)
        code, b = s.opt[k, 0], s.opt[k, 1]
    else:
        code, b = named_action(s, t, p, i)
    kind, a, second = unpack(code)
    if second:
        second_action(s, t, i)
    _do(s, t, i, kind, a, b)


@njit(cache=True)
def _do(s, t, i, kind, a, b):
    s.I[i, F_ACTS] -= 1
    if kind == K_WAIT:
        s.I[i, F_WAITED] = 1
        log(s, s.I[i, F_CTRL], i, -1, T_WAIT, 0)
        action_dissonance(s, t, i, True)
        return
    if kind != K_ATTACK:
        action_dissonance(s, t, i, False)   # an Attack's is charged as fight() enlists the attackers
    if kind == K_RESONATE:
        resonate(s, t, i, a)
    elif kind == K_STEAL:
        steal_essence(s, t, i, a)
    elif kind == K_ATTACK:
        s.I[i, F_ACTS] += 1       # fight() spends the attackers' actions
        fight(s, t, i, a)
    elif kind == K_ABILITY:
        j = b & 0xFFFFF
        use_ability(s, t, i, a, b >> 20, -1 if j == 0xFFFFF else j)
    elif kind == K_FLEDGE:
        fledge(s, t, i, a)
    elif kind == K_ATTACH:
        resonate_host(s, t, i, a)
    elif kind == K_GO_HOME:
        return_to_realm(s, t, i)
    elif kind == K_ATTUNE:
        attune(s, t, i, a)
    elif kind == K_DEATTUNE:
        de_attune(s, t, i)
    elif kind == K_PROTECT:
        protect(s, t, i, a)
    elif kind == K_VIEW:
        view(s, t, i)
    elif kind == K_TEAR:
        tear(s, t, i, a, realm_type(s, s.I[i, F_LOC]))
        resolve_zero_hits(s, t)
    else:
        move_to(s, t, i, a)
        log(s, s.I[i, F_CTRL], i, a, T_MOVE, 0)
