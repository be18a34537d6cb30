"""The Dissonance Conditions of the Superior sheets (rulebook, "Game Play").

"[Each Superior's Abilities list] provides an additional Dissonance Condition
for all Servitors of that Superior."  The sample game gives two, and the
sheets of decks/superiors.toml name one of them (or none) as their condition:

- ``damaged_by_own_location`` (Belial, Saminga): "if any Servitor of his takes
  damage from a Location-effect card Belial plays, that Servitor also gains a
  note of Dissonance" (``location_harm``; interpretation I46);
- ``must_engage_demons`` (Gabriel, Michael): "her Servitors may not go longer
  than a number of turns equal to their Celestial Hits without engaging a demon
  in combat, if any are in play" (``engage_demons``, ``neglect``; I47);
- ``never_retreat`` (Dominic): a note whenever a Servitor takes the Retreat
  action in combat (``sheet_note``; I88);
- ``never_wait`` (Nybbas): a note whenever a Servitor takes the Wait action
  (``sheet_note``; I88).
"""
from numba import njit

from .beings import add_dissonance, is_being, is_demon
from .state import (
    F_CTRL,
    F_DESIGN,
    F_ENGAGED,
    F_FIGHT,
    F_HOST,
    F_OWNER,
    F_TRAUMA,
    G_TURN,
    R_CELESTIAL,
    beings_in_play,
    fighters,
)
from .readings import R_OVERDUE, reads
from .tables import D_CTYPE, D_HITS, P_DISSONANCE
from .trace import WHY_NEGLECT, WHY_OFF_AIR, WHY_OWN_LOCATION, WHY_RETREATED
from .vocabulary import SERVITOR, SUPERIOR_DISSONANCE

OWN_LOCATION = SUPERIOR_DISSONANCE["damaged_by_own_location"]
ENGAGE_DEMONS = SUPERIOR_DISSONANCE["must_engage_demons"]
NEVER_RETREAT = SUPERIOR_DISSONANCE["never_retreat"]
NEVER_WAIT = SUPERIOR_DISSONANCE["never_wait"]


@njit(cache=True)
def sheet_demands(s, t, i, condition):
    """Whether i is a Servitor whose Superior's sheet has ``condition``."""
    return (t.C[s.I[i, F_DESIGN], D_CTYPE] == SERVITOR
            and t.seat[s.I[i, F_OWNER], P_DISSONANCE] == condition)


@njit(cache=True)
def sheet_note(s, t, i, act):
    """Servitor i took ``act``, the Retreat (NEVER_RETREAT) or Wait (NEVER_WAIT)
    action: a note if its Superior's sheet forbids it (I88)."""
    if sheet_demands(s, t, i, act):
        add_dissonance(s, t, i, WHY_RETREATED if act == NEVER_RETREAT else WHY_OFF_AIR)


@njit(cache=True)
def location_harm(s, t, location, i, n):
    """Belial: Servitor i took n damage from the text of Location card
    ``location``; if its own Superior controls that Location (brought it into
    play), it gains a note of Dissonance (I46)."""
    q = s.I[location, F_CTRL]
    if n > 0 and q >= 0 and q == s.I[i, F_OWNER] and sheet_demands(s, t, i, OWN_LOCATION):
        add_dissonance(s, t, i, WHY_OWN_LOCATION)


@njit(cache=True)
def engage_demons(s, t):
    """A combat round is fought: every Being in it that faces a demon on the
    other side has engaged a demon this turn."""
    demons = 0   # bit k set: a demon fights on side k
    for j in fighters(s):
        if s.I[j, F_FIGHT] >= 0 and is_being(s, t, j) and is_demon(t, s.I[j, F_DESIGN]):
            demons |= 1 << s.I[j, F_FIGHT]
    for i in fighters(s):
        if s.I[i, F_FIGHT] >= 0 and (demons >> (1 - s.I[i, F_FIGHT])) & 1:
            s.I[i, F_ENGAGED] = s.g[G_TURN]


@njit(cache=True)
def _turns_left(s, t, i):
    """Turns Servitor i may still go without engaging a demon (< 0: overdue).
    Every player's turn counts, as for Trauma (I47)."""
    return t.C[s.I[i, F_DESIGN], D_HITS + R_CELESTIAL] - (s.g[G_TURN] - s.I[i, F_ENGAGED])


@njit(cache=True)
def _demon_in_play(s, t):
    for j in beings_in_play(s):
        if is_being(s, t, j) and is_demon(t, s.I[j, F_DESIGN]):
            return True
    return False


@njit(cache=True)
def neglect(s, t):
    """End of every turn: while any demon is in play, each Servitor under
    Gabriel's condition that has gone longer than its Celestial Hits in turns
    without engaging one takes a note -- a continuous condition, so a note for
    every turn it stays in breach (I47); under the reading ``overdue_note =
    once``, one note, and its count starts again.  A Servitor in Trauma cannot
    engage anyone and is not held to it; nor is a Kyriotate or Shedite riding a
    host, which "joins no combat" (I60)."""
    if not _demon_in_play(s, t):
        return
    for i in beings_in_play(s):
        if (is_being(s, t, i) and s.I[i, F_TRAUMA] == 0 and s.I[i, F_HOST] < 0
                and sheet_demands(s, t, i, ENGAGE_DEMONS) and _turns_left(s, t, i) < 0):
            add_dissonance(s, t, i, WHY_NEGLECT)
            if reads(s, R_OVERDUE):
                s.I[i, F_ENGAGED] = s.g[G_TURN]


@njit(cache=True)
def engage_urge(s, t, i, j):
    """1 if attacking j would meet the engagement Servitor i's sheet demands
    before it falls due (j a demon, at most one turn left), else 0."""
    if is_demon(t, s.I[j, F_DESIGN]) and sheet_demands(s, t, i, ENGAGE_DEMONS) and _turns_left(s, t, i) <= 1:
        return 1.0
    return 0.0
