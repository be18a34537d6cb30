"""Dissonance, Discord and Falling (rulebook, phase 4 and "Angels and Demons").

"For every Servitor that carries a point of Dissonance, roll 3d6.  If all
three dice come in below the number of Dissonance points carried" the angel
Falls (Malakim do not Fall but gain their Discord) and the demon gains its
Discord.  "Any time a celestial has three or more points of Dissonance, their
controller may remove three points and replace it with a level of Discord."
"""
from numba import njit

from ...sim.seeding import d6
from .beings import is_being, leave_play
from .fall import fall
from .policies import W_TRADE_DISCORD, weight
from .state import F_CTRL, F_DESIGN, F_DISCORD, F_DISS, F_OWNER, Z_DISCARD, beings_in_play, log
from .tables import D_CTYPE, D_KIND, D_SIDE
from .trace import T_DISCORD, T_DISS_ROLL, T_DISSONANCE, T_FALL
from .vocabulary import HEAVEN, MALAKITE, SERVITOR


@njit(cache=True)
def add_dissonance(s, t, i, n):
    """Servitor i takes n notes of Dissonance (Humans and Ethereals carry none)."""
    if t.C[s.I[i, F_DESIGN], D_CTYPE] != SERVITOR:
        return
    s.I[i, F_DISS] += n
    log(s, s.I[i, F_CTRL], i, -1, T_DISSONANCE, s.I[i, F_DISS])


@njit(cache=True)
def gain_discord(s, t, i):
    s.I[i, F_DISCORD] += 1
    log(s, s.I[i, F_CTRL], i, -1, T_DISCORD, s.I[i, F_DISCORD])


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
        if s.I[i, F_DISS] >= 3 and s.I[i, F_DISS] >= weight(s, p, W_TRADE_DISCORD):
            s.I[i, F_DISS] -= 3
            gain_discord(s, t, i)
        if s.I[i, F_DISS] == 0:
            continue
        hi = highest_of_3d6(s)
        log(s, p, i, -1, T_DISS_ROLL, hi)
        if hi < s.I[i, F_DISS]:
            _fail(s, t, i)


@njit(cache=True)
def _fail(s, t, i):
    """A failed roll: an angel other than a Malakite Falls; others gain Discord."""
    d = s.I[i, F_DESIGN]
    if t.C[d, D_SIDE] == HEAVEN and t.C[d, D_KIND] != MALAKITE:
        log(s, s.I[i, F_CTRL], i, -1, T_FALL, 0)
        fall(s, t, i)
        leave_play(s, t, i, Z_DISCARD)
    else:
        gain_discord(s, t, i)
