"""Act Abilities ("Card Abilities"; Glossary, "Act"): one Ability of each card
played, an Act of a God or Temple once per turn, resolved in full before the
next card; the effect vocabulary's Act codes, dispatched here.
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, offer
from .attack import attack, gain_energy
from .banish import banish
from .decisions import RECOLOR
from .draw_deck import draw
from .hall_of_heroes import refresh_artifacts
from .state import (DISCARD, G_CHAIN, G_CHAIN_LEN, G_WIN_ENERGY, H_ARTIFACTS, H_DISCIPLES, HAND, S_FAITH, S_MADE,
                    log, zone)
from .trace import T_RECOLOR
from .vocabulary import COLORS, E_ATTACK, E_BANISH, E_DRAW, E_ENERGY, E_FAITH, E_RECOLOR, E_REFRESH


@njit(cache=True)
def usable(s, p, effect):
    """Would an Act of ``effect`` do anything now?  Recoloring needs a Chain,
    Banishing a card to Banish, a refresh a face-up Artifact."""
    if effect == E_RECOLOR:
        return s.g[G_CHAIN_LEN] > 0
    if effect == E_BANISH:
        return s.zn[zone(s, p, HAND)] + s.zn[zone(s, p, DISCARD)] > 0
    if effect == E_REFRESH:
        for h in range(H_ARTIFACTS, H_DISCIPLES):
            if s.hall[h, 1] > 0:
                return True
        return False
    return True


@njit(cache=True)
def resolve(s, t, p, effect, value):
    """Seat p's Act of ``effect`` with ``value`` takes effect."""
    if effect == E_ATTACK:
        attack(s, t, p, value)
    elif effect == E_FAITH:
        s.S[p, S_FAITH] += value
        s.S[p, S_MADE] += value
    elif effect == E_DRAW:
        draw(s, p, value)
    elif effect == E_ENERGY:
        gain_energy(s, p, value, s.g[G_WIN_ENERGY])
    elif effect == E_BANISH:
        banish(s, t, p, value)
    elif effect == E_REFRESH:
        refresh_artifacts(s)
    elif effect == E_RECOLOR:
        recolor(s, t, p)


@njit(cache=True)
def recolor(s, t, p):
    """The Stars are Right: seat p gives the last Warrior or Artifact played two
    new Chaining Colors, until the end of the turn."""
    clear(s)
    n = len(COLORS)
    for a in range(n):
        for b in range(a + 1, n):
            offer(s, a, b)
    k = asked(s, t, p, RECOLOR)
    s.g[G_CHAIN] = (1 << s.opt[k, 0]) | (1 << s.opt[k, 1])
    log(s, p, T_RECOLOR, s.opt[k, 0], s.opt[k, 1], 0)
