"""Asking a seat's agent for one of the options the rules offered (DESIGN §10).

The kernel dispatches on the seat's agent kind (agents.kinds): no jitted
function is passed around, so each stays cached.  A search agent, at a kind its
budget names, takes the choice its turn's search fixed (agents.innomine.search),
or marks the decision pending for the search, or -- in a rollout -- branches
there; elsewhere it plays as its rollout agent.
"""
from numba import njit

from ...sim.seeding import POLICY, below
from ..kinds import A_CHECK, A_KIND, A_ROLLOUT_KIND, A_SEARCHED, RANDOM, SCRIPTED, SEARCH
from ...rules.innomine.decisions import ACT, GIVE_OBJECT, JOIN_ATTACK, MOVE_OBJECT
from ..points import D_BRANCH, D_FORCED, D_N, D_PENDING_N, D_PENDING_OWN, D_PENDING_SEAT, D_SEARCHED, N_DEC
from .rollout import branch, show_values


@njit(cache=True)
def decide(s, t, p, kind):
    """The index of the option seat p's agent takes at a decision of ``kind``
    (the rows the rules offered).  A lone option is not searched, nor drawn for."""
    if s.agent[p, A_KIND] == SEARCH and (s.agent[p, A_SEARCHED] >> kind) & 1 == 1 and s.dec[D_N] > 1:
        j = s.dec[D_SEARCHED]
        s.dec[D_SEARCHED] = j + 1
        if j < s.dec[D_FORCED]:
            show_values(s, p, j, kind)
            return s.dec[N_DEC + j]
        if j == s.dec[D_FORCED]:
            if s.dec[D_BRANCH] >= 0:
                return branch(s, t, p, j)
            s.dec[D_PENDING_SEAT] = p
            s.dec[D_PENDING_N] = s.dec[D_N]
            s.dec[D_PENDING_OWN] = fast_choice(s, t, p, kind, s.agent[p, A_ROLLOUT_KIND])
            return s.dec[D_PENDING_OWN]
        return fast_choice(s, t, p, kind, s.agent[p, A_ROLLOUT_KIND])
    return fast_choice(s, t, p, kind, s.agent[p, A_KIND] if s.agent[p, A_KIND] != SEARCH
                       else s.agent[p, A_ROLLOUT_KIND])


@njit(cache=True)
def asked(s, t, p, kind):
    """The row seat p's agent takes at a decision of ``kind``; a lone row is
    taken without asking, so that no agent draws for it."""
    return 0 if s.dec[D_N] == 1 else decide(s, t, p, kind)


@njit(cache=True)
def picked(s, t, p, kind, none):
    """Row a of the option seat p's agent takes at a decision of ``kind``
    (``asked``), or ``none`` if the rules offered no row."""
    return none if s.dec[D_N] == 0 else s.opt[asked(s, t, p, kind), 0]


@njit(cache=True)
def wants_options(s, p, kind):
    """Must the rules list the options of a decision of ``kind`` for seat p?
    Not for a scripted style (nor a search's rollout agent that is one, at a
    kind it does not search), which names its own choice (``named``):
    listing every legal action cost about a sixth of a game, every combat
    declaration a few per cent.  Always with A_CHECK, where the style must
    find its choice among the rows."""
    agent = s.agent[p, A_KIND]
    if agent == SEARCH:
        if (s.agent[p, A_SEARCHED] >> kind) & 1 == 1:
            return True
        agent = s.agent[p, A_ROLLOUT_KIND]
    return agent != SCRIPTED or s.agent[p, A_CHECK] == 1


@njit(cache=True)
def fast_choice(s, t, p, kind, agent):
    """A scripted style's or the random agent's choice (no search).  The
    scripted styles are asked even when there is one option: their tie-breaks
    draw from the policy stream as they always have."""
    if agent == RANDOM:
        return 0 if s.dec[D_N] == 1 else below(s.rng, POLICY, s.dec[D_N])
    return scripted_choice(s, t, p, kind)


@njit(cache=True)
def named(s, t, p, kind):
    """The option (a, b) seat p's style takes at a decision of ``kind`` whose
    rows the rules did not list (wants_options): a combat declaration
    (DECLARE) of the Being ``points.about`` names, or the next Being to join
    an attack (JOIN_ATTACK), the card to play and its target (ACT; (-1, -1):
    stop), the Being to give the loose card points.subject names
    (GIVE_OBJECT), or an Object to move (MOVE_OBJECT; (-1, -1): none)."""
    if kind == JOIN_ATTACK:
        return named_join(s, t, p)
    if kind == ACT:
        return named_act(s, t, p)
    if kind == GIVE_OBJECT:
        return named_holder(s, t, p)
    if kind == MOVE_OBJECT:
        return named_move()
    return named_declaration(s, t, p)


# The scripted choosers read the rules, and the rules import ``decide``: so they
# come last, once ``decide`` is defined (both packages import this module first);
# the rules call ``named`` or ``named_action`` for a seat that needs no list
# (``wants_options``).
from .acts import named_act, named_holder  # noqa: E402
from .combat import named_declaration, named_join  # noqa: E402
from .scripted import named_action, named_move, scripted_choice  # noqa: E402,F401
