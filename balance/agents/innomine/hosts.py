"""The scripted styles' worth of a host: which Being a Kyriotate or Shedite
rides (Resonance for attachment, rules/innomine/host_resonance.py), and what a
Human or Ethereal is worth under a seat's Influence."""
from numba import njit

from ...rules.innomine.hosts import can_host, dying
from ...rules.innomine.humans import afterlife_side
from .policies import W_INFLUENCE, W_RETREAT, score, weight
from ...rules.innomine.ranks import worth
from ...rules.innomine.resonances import OP_GE, classic_faces, resonance_stat
from ...rules.innomine.state import F_CTRL, F_DESIGN, F_HOST, F_HOST_TURN, F_LOC, G_TURN, beings_in_play, loc_earth, realm_of
from ...rules.innomine.tables import D_CTYPE, D_KIND, P_SIDE
from ...rules.innomine.vocabulary import CELESTIAL, HUMAN, SERVITOR, SHEDITE
from ..points import n_options, subject
from .chances import p_success


@njit(cache=True)
def host_worth(s, t, p, h):
    """How much seat p wants to ride Being h: 1, +0.5 if another seat controls it."""
    v = 1.0
    if s.I[h, F_CTRL] >= 0 and s.I[h, F_CTRL] != p:
        v += 0.5
    return v


@njit(cache=True)
def human_worth(s, t, p, j):
    """How much seat p wants Human/Ethereal j under its Influence: as a host
    (host_worth), +0.5 for a Human whose afterlife now favours p; a Saint or
    Undead, which "count as Humans for card purposes" (I57), is a Servitor taken
    from its Superior, worth 0.1 more per Essence it is worth (ranks.worth)."""
    v = host_worth(s, t, p, j)
    c = t.C[s.I[j, F_DESIGN], D_CTYPE]
    if c == HUMAN:
        if afterlife_side(s, t, j) == t.seat[p, P_SIDE]:
            v += 0.5
    elif c == SERVITOR:
        v += 0.1 * worth(s, t, j)
    return v


@njit(cache=True)
def best_host(s, t, r, p, here):
    """The Being on Earth (at r's Location when ``here``: an ejected rider's
    "immediate resonance roll on some Being at their Location") that seat p
    would best have rider r attach to (_host_score).  Returns (host or -1, score)."""
    best_h, best = -1, -1e9
    for h in beings_in_play(s):
        if (can_host(s, t, r, h) and realm_of(s, s.I[h, F_LOC]) == loc_earth(s)
                and (not here or s.I[h, F_LOC] == s.I[r, F_LOC])):
            ok, sc = _host_score(s, t, r, p, h)
            if ok and sc > best:
                best_h, best = h, sc
    return best_h, best


@njit(cache=True)
def choose_rider_host(s, t, p):
    """RIDER_HOST: the offered Being the style would best have the rider attach
    to (_host_score), else back to its Realm (row 0)."""
    r = subject(s)
    best_k, best = 0, -1e9
    for k in range(1, n_options(s)):
        ok, sc = _host_score(s, t, r, p, s.opt[k, 0])
        if ok and sc > best:
            best_k, best = k, sc
    return best_k


@njit(cache=True)
def _host_score(s, t, r, p, h):
    """(worth a try, score) of rider r attaching to h, for seat p: by chance of
    success times worth; not a Being p already controls, nor one that is dying
    (hosts.dying: past its Lifespan or at 0 Hits, which a Shedite of Saminga's
    keeps in play only to the end of the turn, I71), whose death would give r a
    note and Trauma (I62); one it cannot succeed on is no try."""
    if s.I[h, F_CTRL] == p or dying(s, t, h):
        return False, 0.0
    stat, op = resonance_stat(t.C[s.I[r, F_DESIGN], D_KIND])
    ps = p_success(s, t, r, h, stat, op)
    sc = score(s, p, weight(s, p, W_INFLUENCE) * ps * host_worth(s, t, p, h))
    return ps > 0, sc


@njit(cache=True)
def rider_options(s, t, i, p):
    """A riding Kyriotate's or Shedite's choices besides Wait: Resonate another
    Being on Earth, worth its value less the host it gives up; or go back to
    its Realm, worth a Shedite's chance of failing its next roll to hold on
    (a note of Dissonance), weighed by the retreat weight.  A dying host
    (Saminga's Shedim stay in one until the end of the turn, I71) is worth
    nothing, and leaving it spares the note and Trauma of its death.  Returns
    (new host or -1, its score, score of going home)."""
    h = s.I[i, F_HOST]
    doomed = dying(s, t, h)
    a, v = best_host(s, t, i, p, False)
    if a >= 0:
        stat, op = resonance_stat(t.C[s.I[i, F_DESIGN], D_KIND])
        ps = p_success(s, t, i, a, stat, op)
        keep = 0.0 if doomed else host_worth(s, t, p, h)
        v = score(s, p, weight(s, p, W_INFLUENCE) * (ps * host_worth(s, t, p, a) - keep))
    home = -0.5
    if doomed:
        home = 0.5
    elif t.C[s.I[i, F_DESIGN], D_KIND] == SHEDITE:
        turns = s.g[G_TURN] + 1 - s.I[i, F_HOST_TURN]
        fail = 1.0 - classic_faces(s, t, i, h, CELESTIAL, OP_GE, -turns) / 6.0
        home = weight(s, p, W_RETREAT) * fail - 0.5
    return a, v, score(s, p, home)
