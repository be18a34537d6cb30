"""Searching a deck for a card of a kind: "search through their Events Deck for
a Tool" (Tinkerer), "search the top 6 cards of any Events Deck for a non-Tether
Location" (Explorer), a Prince who "may search their Repository for a demon of
the opposing Band" (the Fall, I48; Redemption, I55), "search through Repository
for a copy of any Skill they have" (Computer).  The searching seat's agent
takes one of the cards the search may find (decisions.SEARCH_PICK)."""
from numba import njit

from ...agents.innomine.decide import asked
from ...agents.points import n_options, offer
from .decisions import SEARCH_PICK
from .decks import deck_card, deck_count, take_card
from .state import F_ATTS, F_DESIGN, F_NATT, REPOSITORY
from .tables import D_CTYPE, D_KIND
from .vocabulary import SKILL


@njit(cache=True)
def offer_found(s, t, q, which, ctype, kind, depth, most):
    """Offer (card, q) for each card of type ``ctype`` (a Servitor of ``kind``
    when kind >= 0) among the top ``depth`` cards of seat q's deck ``which``
    (depth <= 0: all of it), ``most`` options in all: a design's first copy
    from the top only, its copies being the same pick."""
    n = deck_count(s, q, which)
    if 0 < depth < n:
        n = depth
    for k in range(n):
        c = deck_card(s, q, which, k)
        d = s.I[c, F_DESIGN]
        if n_options(s) >= most:
            return
        if t.C[d, D_CTYPE] == ctype and (kind < 0 or t.C[d, D_KIND] == kind) and not _offered_design(s, q, d):
            offer(s, c, q)


@njit(cache=True)
def offer_copies(s, t, i, q):
    """Offer (card, q) for the first copy in seat q's Repository of each Skill
    design Being i holds (Computer: "a copy of any Skill they have")."""
    for a in range(s.I[i, F_NATT]):
        d = s.I[s.I[i, F_ATTS + a], F_DESIGN]
        if t.C[d, D_CTYPE] != SKILL or _offered_design(s, q, d):
            continue
        for k in range(deck_count(s, q, REPOSITORY)):
            c = deck_card(s, q, REPOSITORY, k)
            if s.I[c, F_DESIGN] == d:
                offer(s, c, q)
                break


@njit(cache=True)
def _offered_design(s, q, d):
    """Is a copy of design d from seat q's deck offered already?"""
    for r in range(n_options(s)):
        if s.opt[r, 1] == q and s.opt[r, 0] >= 0 and s.I[s.opt[r, 0], F_DESIGN] == d:
            return True
    return False


@njit(cache=True)
def take_found(s, t, p, which):
    """The card seat p's agent takes of those offered (``offer_found``; a row
    (-1, -1) offered first lets it take none), out of its deck ``which``; -1
    if the search found nothing or it took none."""
    found = 0
    for r in range(n_options(s)):
        found += s.opt[r, 0] >= 0
    if found == 0:
        return -1
    j = asked(s, t, p, SEARCH_PICK)
    if s.opt[j, 0] < 0:
        return -1
    return take_card(s, s.opt[j, 1], which, s.opt[j, 0])
