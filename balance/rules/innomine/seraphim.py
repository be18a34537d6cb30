"""The Seraphim's Resonance, lying, and Gullibility (rulebook, "Beings in Detail").

"if a Seraph encountered a Being controlled by another Superior last turn, they
may use their action to roll d6.  On 1, the Seraph's controller may randomly
choose and view a card in opponent's hand; on 2, the top card of opponent's
Events Deck; on 3, the top card in opponent's Repository; on 4, any card face
down in opponent's Realm; on 5, nothing happens.  On 6, opponent may choose to
view any one card from any one of the Seraph's controller's Repository, Events
deck, Realm, or hand -- the Seraph spoke too much Truth.  The Seraph's
controller may prevent this by having the Seraph lie -- and gain a point of
[Dissonance].  The Seraph Discord is Gullibility -- for every level of
Gullibility, one Balseraph chosen by the Seraph's controller may take one free
action to use their Resonance on the Angel during their Action phase,
regardless of Location."

Viewing is knowledge (docs/rules.md, I33): a viewed card records the seats that
have seen it (F_SEEN).  The policies use one kind of it: a seat that has seen a
face-down card of its opponent that steals Tethers (Dynamite Hit) guards its
Tethers (agents/innomine/actions._best_move).
"""
from numba import njit

from ...agents.innomine.decide import decide, picked
from ...agents.points import about, clear, n_options, offer

from ...sim.seeding import DICE, below, d6
from .beings import add_dissonance, has_text, is_being
from .decks import deck_card, deck_count
from .decisions import GULLIBILITY_PICK, GULLIBILITY_ROLL, LIE, TRUTH_PICK, VIEW_PICK
from .resonances import resonate
from .state import (
    EVENTS,
    F_CTRL,
    F_DESIGN,
    F_DISCORD,
    F_LOC,
    F_MET,
    F_OWNER,
    F_SEEN,
    F_TRAUMA,
    F_ZONE,
    G_TURN,
    REPOSITORY,
    S_PLOT_SEEN,
    Z_EVENTS,
    Z_FACEDOWN,
    Z_HAND,
    Z_REPO,
    beings_in_play,
    hand,
    log,
)
from .tables import D_KIND
from .tethers import has_steal_text
from .trace import T_LIE, T_VIEW, WHY_LIE
from .vocabulary import BALSERAPH, SERAPH


@njit(cache=True)
def opponent(s, p):
    """The opponent of seat p that a Seraph's table names (the next seat; with
    two players, the other one)."""
    return (p + 1) % s.S.shape[0]


@njit(cache=True)
def note_encounters(s, t):
    """End of turn: a Seraph at a Location with a Being controlled by another
    Superior has "encountered" it this turn (I33)."""
    for i in beings_in_play(s):
        if not (is_being(s, t, i) and t.C[s.I[i, F_DESIGN], D_KIND] == SERAPH):
            continue
        for j in beings_in_play(s):
            if (s.I[j, F_LOC] == s.I[i, F_LOC] and is_being(s, t, j) and s.I[j, F_CTRL] >= 0
                    and s.I[j, F_CTRL] != s.I[i, F_CTRL]):
                s.I[i, F_MET] = s.g[G_TURN]
                break


@njit(cache=True)
def can_view(s, t, i):
    """May Seraph i use its Resonance: did it encounter another Superior's Being last turn?"""
    return (t.C[s.I[i, F_DESIGN], D_KIND] == SERAPH and s.I[i, F_TRAUMA] == 0
            and s.I[i, F_MET] == s.g[G_TURN] - 1)


@njit(cache=True)
def view(s, t, i):
    """Seraph i takes its action to roll on the table.  Returns the roll."""
    p = s.I[i, F_CTRL]
    q = opponent(s, p)
    r = d6(s.rng)
    c = -1
    if r == 1:
        c = _random_in_hand(s, q)
    elif r == 2 and deck_count(s, q, EVENTS) > 0:
        c = deck_card(s, q, EVENTS, 0)
    elif r == 3 and deck_count(s, q, REPOSITORY) > 0:
        c = deck_card(s, q, REPOSITORY, 0)
    elif r == 4:
        c = _pick_facedown(s, t, i, p, q)
    log(s, p, i, c, T_VIEW, r)
    if c >= 0:
        _seen(s, t, c, p)
    elif r == 6:
        _too_much_truth(s, t, i, p, q)
    return r


@njit(cache=True)
def _seen(s, t, c, p):
    """Seat p has viewed card c: a face-down card that steals Tethers is a plot
    it knows of (knows_theft)."""
    s.I[c, F_SEEN] |= 1 << p
    if s.I[c, F_ZONE] == Z_FACEDOWN and has_steal_text(t, s.I[c, F_DESIGN]):
        s.S[p, S_PLOT_SEEN] = c


@njit(cache=True)
def _pick_facedown(s, t, i, p, q):
    """Roll 4, "any card face down in opponent's Realm": the one p's agent picks
    (VIEW_PICK), or -1 if there is none."""
    clear(s)
    about(s, i)
    for c in range(s.I.shape[0]):
        if s.I[c, F_ZONE] == Z_FACEDOWN and s.I[c, F_OWNER] == q:
            offer(s, c, -1)
    return picked(s, t, p, VIEW_PICK, -1)


@njit(cache=True)
def _too_much_truth(s, t, i, p, q):
    """Roll 6: the opponent q views the card its agent picks (``offer_truths``,
    TRUTH_PICK), unless p has the Seraph lie for a note of Dissonance (LIE):
    p "may prevent this by having the Seraph lie"."""
    offer_truths(s, i, p)
    c = picked(s, t, q, TRUTH_PICK, -1)
    if c < 0:
        return
    clear(s)
    about(s, i)
    offer(s, 0, c)
    offer(s, 1, c)
    if decide(s, t, p, LIE) == 1:
        add_dissonance(s, t, i, WHY_LIE)
        log(s, p, i, c, T_LIE, 0)
        return
    _seen(s, t, c, q)
    log(s, q, i, c, T_VIEW, 6)


@njit(cache=True)
def offer_truths(s, i, p):
    """What Seraph i's opponent "may choose to view": "any one card from any one
    of" p's Repository, Events deck, Realm (its face-down cards) or hand, or
    none (row 0)."""
    clear(s)
    about(s, i)
    offer(s, -1, -1)
    for c in range(s.I.shape[0]):
        z = s.I[c, F_ZONE]
        if s.I[c, F_OWNER] == p and (z == Z_REPO or z == Z_EVENTS or z == Z_HAND or z == Z_FACEDOWN):
            offer(s, c, -1)


@njit(cache=True)
def _random_in_hand(s, q):
    """A card in q's hand, chosen at random (dice), or -1."""
    cards = hand(s, q)
    if cards.shape[0] == 0:
        return -1
    return cards[below(s.rng, DICE, cards.shape[0])]


@njit(cache=True)
def _facedown(s, q, p):
    """A card face down in q's Realm that seat p has not seen yet, or -1."""
    for c in range(s.I.shape[0]):
        if s.I[c, F_ZONE] == Z_FACEDOWN and s.I[c, F_OWNER] == q and (s.I[c, F_SEEN] >> p) & 1 == 0:
            return c
    return -1


@njit(cache=True)
def view_value(s, t, i):
    """What Seraph i's roll is worth to its controller, in chances: 1/6 of finding
    an unseen face-down card in the opponent's Realm (roll 4), as a fraction of
    a guarded Tether; nothing else on the table changes what the policies do."""
    p = s.I[i, F_CTRL]
    return 1.0 / 6.0 if _facedown(s, opponent(s, p), p) >= 0 else 0.0


@njit(cache=True)
def knows_theft(s, t, p):
    """Has seat p seen a face-down card of another seat that steals Tethers, still face down?"""
    c = s.S[p, S_PLOT_SEEN]
    return c >= 0 and s.I[c, F_ZONE] == Z_FACEDOWN


@njit(cache=True)
def gullibility(s, t, p):
    """Gullibility: as seat p's Actions phase begins, for every Seraph of another
    seat, one Balseraph of p per level of the Seraph's Discord "may take one free
    action to use their Resonance on the Angel [...] regardless of Location".  The
    Seraph's controller's agent names the Balseraph each time, which may be the
    same one again (GULLIBILITY_PICK, I33), and p's agent chooses whether it
    rolls (GULLIBILITY_ROLL); not one without game text, of which its
    Resonance is part (in Trauma, or a Kyriotate's host: I60)."""
    for a in beings_in_play(s):
        if not (is_being(s, t, a) and t.C[s.I[a, F_DESIGN], D_KIND] == SERAPH and s.I[a, F_DISCORD] > 0):
            continue
        for _ in range(s.I[a, F_DISCORD]):
            if s.I[a, F_CTRL] == p or not is_being(s, t, a):
                break
            clear(s)
            about(s, a)
            for b in beings_in_play(s):
                if (is_being(s, t, b) and s.I[b, F_CTRL] == p and t.C[s.I[b, F_DESIGN], D_KIND] == BALSERAPH
                        and has_text(s, b)):
                    offer(s, b, a)
            if n_options(s) == 0:
                break
            b = s.opt[decide(s, t, s.I[a, F_CTRL], GULLIBILITY_PICK), 0]
            clear(s)
            about(s, b)
            offer(s, 0, a)
            offer(s, 1, a)
            if decide(s, t, p, GULLIBILITY_ROLL) == 0:
                break
            resonate(s, t, b, a)


