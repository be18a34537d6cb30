"""The decision kinds tests/test_agents.py leaves out (docs/agents.md): for each,
a small position whose cards fix, by the rulebook's text, the legal options;
the rules function that offers them lists exactly those, and the random agent's
choices among them over many seeded draws do not reject uniformity (chi-square)."""
from collections import Counter

from positions import BELIAL, GABRIEL, Board, data_deck, options, peek, random_counts
from scipy.stats import chisquare

from balance.agents.innomine.policies import W_COMBAT_ACTS, W_D666_BEFORE
from balance.agents.kinds import A_CHECK, A_KIND, RANDOM, SCRIPTED
from balance.agents.points import subject
from balance.rules.innomine import state as S
from balance.rules.innomine.action_options import offer_free_attacks, offer_free_move
from balance.rules.innomine.combat import REINFORCE, _order, _reinforce, _reinforcements, defense_act
from balance.rules.innomine.d666 import roll as d666_roll
from balance.rules.innomine.decisions import (
    D666_AFTER,
    D666_BEFORE,
    DEFENSE_ACT,
    DISCARD,
    DISCORD_TRADE,
    FREE_ATTACK,
    FREE_MOVE,
    GULLIBILITY_ROLL,
    LEADER,
    REINFORCEMENTS_FROM,
    SEND_REINFORCEMENTS,
)
from balance.rules.innomine.decks import draw_repository
from balance.rules.innomine.dissonance import dissonance_phase
from balance.rules.innomine.end_turn import discard_to_hand_size
from balance.rules.innomine.resonances import resonance_d666
from balance.rules.innomine.seraphim import gullibility
from balance.sim.seeding import d6

FACES, TN = 3, 7        # I-d666's table: a classic roll on 3 faces of 6 is a d666 at TN 7


def test_every_card_of_a_hand_over_the_limit_is_offered_for_discard_and_the_random_agent_takes_each_alike():
    """I23: "Players discard cards in their hand above 7": Belial, holding 8
    after a draw, with no card in play to change the limit, discards one card,
    any of the 8."""
    b = Board()
    b.clear_board()
    draw_repository(b.s, b.t, BELIAL)
    held = b.hand(BELIAL)
    assert len(held) == 8
    discard_to_hand_size(b.s, b.t, BELIAL)
    assert options(b.s) == [(c, -1) for c in held] and len(b.hand(BELIAL)) == 7
    assert chisquare(random_counts(b, BELIAL, DISCARD, 8)).pvalue > 1e-3


def test_a_discord_trade_is_offered_for_three_notes_and_the_random_agent_takes_each_alike():
    """I9: "Any time a celestial has three or more points of Dissonance, their
    controller may remove three points [...] and replace it with a level of
    Discord", offered in phase 4 to a Servitor with a Choir's or a Band's
    Discord (I75): Grasch, with three notes, may trade or keep them; Vashka,
    with two, and Poof, a Demonling, with three, come after him and are not
    asked."""
    b = Board()
    b.clear_board()
    s = b.s
    grasch, vashka, poof = (b.put(BELIAL, name, b.earth) for name in ("Grasch", "Vashka", "Poof"))
    s.I[[grasch, vashka, poof], S.F_DISS] = 3, 2, 3
    assert list(S.beings_in_play(s)) == [grasch, vashka, poof]
    dissonance_phase(s, b.t, BELIAL)
    assert options(s) == [(-1, -1), (grasch, -1)]
    assert chisquare(random_counts(b, BELIAL, DISCORD_TRADE, 2)).pvalue > 1e-3


def d666_total(s, wanted):
    """The dice total of the next d666 roll, once dice are rolled away until it is ``wanted``."""
    while not wanted(total := peek(s, lambda s: d666_roll(s.rng, TN)[1])):
        d6(s.rng)
    return total


def test_the_essence_spent_on_a_d666_roll_is_offered_and_the_random_agent_takes_each_alike():
    """I-d666: "Essence buys +1 TN: 1 Essence per +1 before the roll, or 2
    Essence per +1 after it", and "A roll of 12 automatically fails".  With 3
    Essence Gabriel may spend 0 to 3 before Tamiel's roll; a 12 is not offered
    for buying back.  A miss by k points may be bought back for 2k Essence,
    offered when the Pool holds that much and not when it holds one less (the
    style spends nothing before, so the TN stays 7)."""
    b = Board()
    b.clear_board()
    s = b.s
    s.w[GABRIEL, W_D666_BEFORE] = 0
    tamiel, leslie = b.put(GABRIEL, "Tamiel", b.earth), b.put(BELIAL, "Leslie Hamerson", b.earth)
    s.S[GABRIEL, S.S_ESSENCE] = 3
    d666_total(s, lambda total: total == 12)
    assert not resonance_d666(s, b.t, tamiel, leslie, FACES)[0]
    assert options(s) == [(a, -1) for a in range(4)]
    assert chisquare(random_counts(b, GABRIEL, D666_BEFORE, 4)).pvalue > 1e-3
    s.agent[GABRIEL, A_KIND] = SCRIPTED
    for short in (1, 0):
        cost = 2 * (d666_total(s, lambda total: TN < total < 12) - TN)
        s.S[GABRIEL, S.S_ESSENCE] = cost - short
        resonance_d666(s, b.t, tamiel, leslie, FACES)
        assert options(s) == ([(a, -1) for a in range(cost)] if short else [(-1, -1), (cost, -1)])
    assert chisquare(random_counts(b, GABRIEL, D666_AFTER, 2)).pvalue > 1e-3


def test_a_djinns_free_move_and_a_cherubs_free_attack_are_offered_and_the_random_agent_takes_each_alike():
    """I65: the Djinn "may move freely [...] to the location of any card to
    which they are Attuned, as long as it is in the same Realm": the Ifrit at
    New York, Attuned to Ed Holder on Earth's open ground, may stay or go
    there; Attuned to Nyx in Belial's Realm, it is offered nothing.  I69:
    "Gabriel's Cherubim may take one free action per turn to attack Impudites or
    Humans who hold Influence over any Being for a Demon Prince": Kerubiel may
    attack Vashka, who holds Ed, or Pen Quinn, who holds Leslie, or neither; not
    Grasch, a Calabite holding Mark; and not again that turn."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    ifrit, vashka, grasch = b.put(BELIAL, "Ifrit", ny), b.put(BELIAL, "Vashka", ny), b.put(BELIAL, "Grasch", ny)
    pen = b.put(BELIAL, "Pen Quinn", b.earth, ctrl=BELIAL)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=vashka)
    b.put(BELIAL, "Leslie Hamerson", b.earth, ctrl=BELIAL, inf_by=pen)
    b.put(BELIAL, "Mark Walden", b.earth, ctrl=BELIAL, inf_by=grasch)
    I[ifrit, S.F_ATTUNED] = ed
    assert offer_free_move(s, b.t, ifrit) and options(s) == [(-1, -1), (b.earth, -1)]
    assert chisquare(random_counts(b, BELIAL, FREE_MOVE, 2)).pvalue > 1e-3
    I[ifrit, S.F_ATTUNED] = b.put(BELIAL, "Nyx", b.realm(BELIAL))
    assert not offer_free_move(s, b.t, ifrit)
    ker = b.put(GABRIEL, "Kerubiel", ny)
    S.collect_rivals(s, GABRIEL)
    assert offer_free_attacks(s, b.t, ker)
    assert sorted(options(s)) == sorted([(-1, -1), (ker, vashka), (ker, pen)])
    assert chisquare(random_counts(b, GABRIEL, FREE_ATTACK, 3)).pvalue > 1e-3
    I[ker, S.F_FREE] = s.g[S.G_TURN]
    assert not offer_free_attacks(s, b.t, ker)


def test_a_leaders_pick_and_a_defense_act_are_offered_and_the_random_agent_takes_each_alike(tmp_path):
    """I15: Marnel's "Leader: Marnel allows any one defending Being in a combat
    round to act before attackers": Tamiel, Uzziel or Marnel himself, or none;
    not Azra, at New York but not Defending, nor an attacker.  I59: a Defense
    Act is played by the attacked Being's controller as the combat begins, "if
    the attacked Being may take part in it": with Soul Shield in hand Gabriel
    may make Tamiel's combat celestial, or not; for Sam Okafor, a Human on
    Earth, nothing is offered."""
    b = Board(decks=(data_deck(tmp_path, "belial", "combat.toml", {}, {}),
                     data_deck(tmp_path, "gabriel", "combat.toml", {"Soul Shield": 1}, {})))
    b.clear_board()
    s = b.s
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    tamiel, uzziel = b.put(GABRIEL, "Tamiel", ny), b.put(GABRIEL, "Uzziel", ny)
    attackers = [b.put(BELIAL, "Grasch", ny), b.put(BELIAL, "Vashka", ny)]
    defenders = [tamiel, uzziel, b.put(GABRIEL, "Marnel", ny)]
    b.put(GABRIEL, "Azra", ny)
    for side, beings in ((S.ATTACKING, attackers), (S.DEFENDING, defenders)):
        for i in beings:
            S.enlist(s, i, side)
    s.g[S.G_FIGHT_TARGET] = tamiel
    order, key, _ = s.rounds
    _order(s, b.t, order, key, BELIAL, GABRIEL)
    placed = attackers + defenders          # the round: attackers, then defenders, as they came into play (I58)
    assert options(s) == [(-1, -1)] + [(j, placed.index(j)) for j in defenders]
    assert chisquare(random_counts(b, GABRIEL, LEADER, 4)).pvalue > 1e-3
    sam = b.put(GABRIEL, "Sam Okafor", ny, ctrl=GABRIEL)
    for c in b.hand(GABRIEL):
        s.I[c, S.F_ZONE] = S.Z_DISCARD
    b.to_hand(GABRIEL, "Soul Shield")
    assert defense_act(s, b.t, GABRIEL, ny, sam, S.R_CORPOREAL) == S.R_CORPOREAL and options(s) == [(-1, -1)]
    defense_act(s, b.t, GABRIEL, ny, tamiel, S.R_CORPOREAL)
    assert options(s) == [(-1, -1), (S.R_CELESTIAL, -1)]
    assert chisquare(random_counts(b, GABRIEL, DEFENSE_ACT, 2)).pvalue > 1e-3


def test_send_reinforcements_and_where_from_are_offered_and_the_random_agent_takes_each_alike():
    """Send Reinforcements: "Move any number of Beings you Influence from any one
    Location to a Location where combat is in progress" -- able Servitors, out
    of the combat, elsewhere in its realm (I72).  Gabriel, whose Tamiel Grasch
    attacks at New York, is not offered it with none to send; then he may play
    it now or not, and send from Earth's open ground (Azra, Hadriel) or the
    Junkyard (Zophiel); not from his Realm (Kerubiel), nor New York (Uzziel)."""
    b = Board()
    b.clear_board()
    s = b.s
    ny, junkyard = b.put(BELIAL, "New York", b.earth, ctrl=-1), b.put(BELIAL, "Junkyard", b.earth, ctrl=-1)
    grasch, tamiel = b.put(BELIAL, "Grasch", ny), b.put(GABRIEL, "Tamiel", ny)
    S.enlist(s, grasch, S.ATTACKING)
    S.enlist(s, tamiel, S.DEFENDING)
    s.g[S.G_FIGHT_TARGET] = tamiel
    for c in b.hand(GABRIEL):
        s.I[c, S.F_ZONE] = S.Z_DISCARD
    b.to_hand(GABRIEL, "Send Reinforcements")
    s.agent[GABRIEL, A_CHECK] = 1                   # the rules list the rows for a style too ...
    s.w[GABRIEL, W_COMBAT_ACTS] = 0                 # ... whose choice is: not now
    acts = REINFORCE << S.DEFENDING

    def reinforce():
        return _reinforce(s, b.t, ny, S.R_CORPOREAL, GABRIEL, S.DEFENDING, s.rounds[0], 2, acts)
    assert reinforce() == (2, 0)                    # not offered, nor looked at again this round
    for name, loc in (("Azra", b.earth), ("Hadriel", b.earth), ("Zophiel", junkyard),
                      ("Kerubiel", b.realm(GABRIEL)), ("Uzziel", ny)):
        b.put(GABRIEL, name, loc)
    assert reinforce() == (2, acts) and options(s) == [(0, S.DEFENDING), (1, S.DEFENDING)]
    assert chisquare(random_counts(b, GABRIEL, SEND_REINFORCEMENTS, 2)).pvalue > 1e-3
    _reinforcements(s, b.t, GABRIEL, ny, S.R_CORPOREAL, S.DEFENDING)
    assert sorted(options(s)) == sorted([(b.earth, 2), (junkyard, 1)])
    assert chisquare(random_counts(b, GABRIEL, REINFORCEMENTS_FROM, 2)).pvalue > 1e-3


def test_gullibilitys_balseraph_and_its_roll_are_offered_and_the_random_agent_takes_each_alike():
    """I33: "for every level of Gullibility, one Balseraph chosen by the Seraph's
    controller may take one free action to use their Resonance on the Angel
    during their Action phase, regardless of Location": Dominic names one of
    Belial's Balseraphs with game text -- Sistrael in Belial's Realm or Wrinth
    on Earth; not Velkaris, in Trauma, nor a Sistrael Dominic holds -- and
    Belial chooses whether it rolls.  The roll is asked last, so Dominic's
    random names are read off its subject, the game put back after each."""
    b = Board(decks=("belial", "dominic"))
    b.clear_board()
    s, I = b.s, b.s.I
    haziel = b.put(GABRIEL, "Haziel", b.earth)
    I[haziel, S.F_DISCORD] = 1
    named = [b.put(BELIAL, "Sistrael", b.realm(BELIAL)), b.put(BELIAL, "Wrinth", b.earth)]
    I[b.put(BELIAL, "Velkaris", b.earth), S.F_TRAUMA] = 2
    b.put(BELIAL, "Sistrael", b.earth, ctrl=GABRIEL)
    b.put(BELIAL, "Vashka", b.earth)
    game = {name: getattr(s, name).copy() for name in S.GAME_FIELDS if name != "rng"}
    gullibility(s, b.t, BELIAL)
    assert options(s) == [(0, haziel), (1, haziel)] and subject(s) in named
    assert chisquare(random_counts(b, BELIAL, GULLIBILITY_ROLL, 2)).pvalue > 1e-3
    s.agent[GABRIEL, A_KIND] = RANDOM
    picks = Counter()
    for _ in range(3000):
        for name, kept in game.items():         # the Seraph as it was: not Influenced, no notes taken
            getattr(s, name)[:] = kept
        gullibility(s, b.t, BELIAL)
        picks[subject(s)] += 1
    assert sorted(picks) == sorted(named) and chisquare(list(picks.values())).pvalue > 1e-3
