"""The Hall of Heroes (Setup 4-6, Recruit Phase): six piles of different
Warriors dealt from the Warrior Deck, three face-up Artifacts, and the Disciple
piles.  A bought card goes on top of its buyer's Draw Deck; an emptied Warrior
pile is refilled at once from the Warrior Deck (a card matching another pile
goes onto it, and drawing goes on until a new kind is drawn), a bought Artifact
replaced from the Artifact deck.
"""
from numba import njit

from ...agents.kamigami.decide import asked
from ...agents.points import clear, n_options, offer
from .decisions import RECRUIT
from .draw_deck import shuffle
from .state import (ARTIFACT_DECK, DECK, H_ARTIFACTS, H_DISCIPLES, H_WARRIORS, N_HALL, S_BOUGHT, S_FAITH, S_SPENT,
                    WARRIOR_DECK, log, pop, push, shared, zone)
from .trace import T_BUY
from .vocabulary import ARTIFACT, C_COPIES, C_COST, C_TYPE, WARRIOR

STARTING_DECK = (8, 0, 2)      # Setup 6: Disciples of rank I, II, III in each starting Draw Deck


@njit(cache=True)
def set_up_hall(s, t):
    """Setup 4-6: shuffle the Warrior and Artifact decks, deal the six Warrior
    piles and three Artifacts, and lay out the Disciple piles less the players'
    starting decks."""
    for kind in range(t.card.shape[0]):
        for deck, ctype in ((WARRIOR_DECK, WARRIOR), (ARTIFACT_DECK, ARTIFACT)):
            if t.card[kind, C_TYPE] == ctype:
                for _ in range(t.card[kind, C_COPIES]):
                    push(s, shared(s, deck), kind)
    shuffle(s, shared(s, WARRIOR_DECK))
    shuffle(s, shared(s, ARTIFACT_DECK))
    s.hall[:, 0] = -1
    s.hall[:, 1] = 0
    for h in range(H_WARRIORS, H_ARTIFACTS):
        refill_warriors(s, h)
    for h in range(H_ARTIFACTS, H_DISCIPLES):
        refill_artifact(s, h)
    P = s.S.shape[0]
    for rank in range(3):
        s.hall[H_DISCIPLES + rank, 0] = rank
        s.hall[H_DISCIPLES + rank, 1] = t.card[rank, C_COPIES] - P * STARTING_DECK[rank]


@njit(cache=True)
def refill_warriors(s, h):
    """Refill the empty Warrior pile h: a drawn card that matches another pile
    goes onto it, until a new kind is drawn or the Warrior Deck runs out (the pile
    then stays empty: Glossary, "Warrior Deck")."""
    deck = shared(s, WARRIOR_DECK)
    while s.zn[deck] > 0:
        kind = pop(s, deck)
        match = -1
        for j in range(H_WARRIORS, H_ARTIFACTS):
            if s.hall[j, 0] == kind and s.hall[j, 1] > 0:
                match = j
        if match >= 0:
            s.hall[match, 1] += 1
        else:
            s.hall[h, 0], s.hall[h, 1] = kind, 1
            return


@njit(cache=True)
def refill_artifact(s, h):
    """Artifact slot h takes the top of the Artifact deck, if any is left."""
    deck = shared(s, ARTIFACT_DECK)
    s.hall[h, 0], s.hall[h, 1] = (pop(s, deck), 1) if s.zn[deck] > 0 else (-1, 0)


@njit(cache=True)
def refresh_artifacts(s):
    """Deep One's Act: the face-up Artifacts go back to the Artifact deck, which
    is shuffled, and the Hall is refilled."""
    deck = shared(s, ARTIFACT_DECK)
    for h in range(H_ARTIFACTS, H_DISCIPLES):
        if s.hall[h, 1] > 0:
            push(s, deck, s.hall[h, 0])
    shuffle(s, deck)
    for h in range(H_ARTIFACTS, H_DISCIPLES):
        refill_artifact(s, h)


@njit(cache=True)
def recruit_phase(s, t, p):
    """Seat p buys cards it can pay for with its Faith Points, one at a time,
    until it stops."""
    while True:
        clear(s)
        offer(s, -1, -1)
        for h in range(N_HALL):
            if s.hall[h, 1] > 0 and t.card[s.hall[h, 0], C_COST] <= s.S[p, S_FAITH]:
                offer(s, h, s.hall[h, 0])
        if n_options(s) == 1:
            return
        k = asked(s, t, p, RECRUIT)
        if k == 0:
            return
        buy(s, t, p, s.opt[k, 0])


@njit(cache=True)
def buy(s, t, p, h):
    """Seat p Recruits the top card of pile h onto its Draw Deck."""
    kind = s.hall[h, 0]
    cost = t.card[kind, C_COST]
    s.S[p, S_FAITH] -= cost
    s.S[p, S_SPENT] += cost
    s.S[p, S_BOUGHT] |= 1 << kind
    s.hall[h, 1] -= 1
    push(s, zone(s, p, DECK), kind)
    log(s, p, T_BUY, kind, h, cost)
    if s.hall[h, 1] == 0 and h < H_ARTIFACTS:
        refill_warriors(s, h)
    elif s.hall[h, 1] == 0 and h < H_DISCIPLES:
        refill_artifact(s, h)
