"""The Superior sheets' Dissonance Conditions, their Choir and Band abilities,
and an angel's Fall, in small positions where the rulebook's (or the sheet's)
text fixes the outcome.  Roll-based abilities are checked roll by roll (the die
the engine is about to roll is peeked) and, under the d666 variant, against the
chance of the d666 they map to."""
import pytest
from positions import BELIAL, GABRIEL, Board, data_deck, declares, peek
from test_choirs import chance, fighting, traced, wilson_holds

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _best_choir_resonance, _best_move
from balance.rules.innomine.decisions import K_ATTUNE, K_WAIT
from balance.rules.innomine.actions import _do, take_action
from balance.rules.innomine.attunement import attune, can_attune
from balance.rules.innomine.beings import attach, attack_value, can_act, has_sheet, hits_left, is_down, leave_play
from balance.agents.innomine.combat import target_value, uses
from balance.rules.innomine.combat import (
    A_ATTACK,
    A_DISABLE,
    A_FORFEIT,
    A_FORFEITED,
    A_RETREAT,
    A_ROLL,
    A_WAIT,
    _defenders_from_afar,
    _order,
    _play_acts,
    _resolve,
    fight,
    free_attack,
    holds_hellish_influence,
    location_damage,
)
from balance.rules.innomine.d666 import CLASSIC, D666
from balance.rules.innomine.damage import final_zero_hits, resolve_zero_hits
from balance.rules.innomine.effects import human_influence
from balance.agents.innomine.hosts import rider_options
from balance.rules.innomine.hosts import ride
from balance.rules.innomine.humans import age_mortals, kill_human
from balance.agents.innomine.policies import W_COMBAT_ACTS, W_D666_AFTER, W_D666_BEFORE, W_RETREAT
from balance.rules.innomine.resonances import (
    ANY_REALM,
    OP_GT,
    calabite_roll,
    can_influence,
    end_short_influence,
    forfeit_count,
    in_reach,
    influence_roll,
    make_forfeit,
    modifier,
    tear,
)
from balance.rules.innomine.tethers import destroy_tether
from balance.rules.innomine.trace import T_AGE_DEATH, T_ATTACK, T_COMBAT, T_DYING, T_FORFEITED, T_FREE_ATTACK
from balance.rules.innomine.decks import REPOSITORY, deck_card, deck_count
from balance.rules.innomine.dissonance import _fail, wait_notes
from balance.rules.innomine.fall import opposing_band
from balance.rules.innomine.superior_dissonance import engage_demons, engage_urge, neglect
from balance.rules.innomine.tables import D_ATK, D_HITS, D_KIND, D_LIFESPAN
from balance.rules.innomine.vocabulary import (
    BALSERAPH,
    BRIGHT_LILIM,
    CALABITE,
    CELESTIAL,
    CHERUB,
    CORPOREAL,
    DJINN,
    E_FREE_ATTACK,
    ELOHITE,
    ETHEREAL_REALM,
    HABBALITE,
    IMPUDITE,
    KYRIOTATE,
    LILIM,
    MALAKITE,
    MERCURIAN,
    OFANITE,
    SERAPH,
    SHEDITE,
)
from balance.sim.seeding import d6

R_CO = S.R_CORPOREAL
TRIALS = 120
ROLLS = 3000


def _death_valley_burns_every_being(b):
    """Death Valley's end-of-turn damage, widened from Humans to every Being: a
    Location-effect card that can hurt a Servitor (no starter card does)."""
    d = b.design("Death Valley")
    b.t.eff[d, 0, 3] = 1          # end_turn_damage targets = "beings"


def test_belials_servitor_hurt_by_his_own_location_takes_a_note():
    """Belial: "if any Servitor of his takes damage from a Location-effect card
    Belial plays, that Servitor also gains a note of Dissonance" -- not Gabriel's
    Servitor hurt there, and not Belial's when Gabriel controls the Location."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    _death_valley_burns_every_being(b)
    L = b.put(BELIAL, "Death Valley", b.earth)
    grasch = b.put(BELIAL, "Grasch", L)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    location_damage(s, b.t, L)
    assert I[grasch, S.F_DMG + CORPOREAL] == 1 and I[grasch, S.F_DISS] == 1
    assert I[tamiel, S.F_DMG + CORPOREAL] == 1 and I[tamiel, S.F_DISS] == 0
    I[L, S.F_CTRL] = GABRIEL
    location_damage(s, b.t, L)
    assert I[grasch, S.F_DMG + CORPOREAL] == 2 and I[grasch, S.F_DISS] == 1


def test_gabriels_servitor_must_engage_a_demon_within_its_celestial_hits_in_turns():
    """Gabriel: "her Servitors may not go longer than a number of turns equal to
    their Celestial Hits without engaging a demon in combat, if any are in play"
    -- a note for every turn in breach (I47), none while no demon is in play or
    while it is in Trauma, and engaging one starts the count again."""
    b = Board(turn=10)
    b.clear_board()
    s, I = b.s, b.s.I
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    assert I[tamiel, S.F_ENGAGED] == 10                       # entering play starts the count
    limit = b.t.C[b.design("Tamiel"), D_HITS + CELESTIAL]
    s.g[S.G_TURN] = 10 + limit + 1
    neglect(s, b.t)
    assert I[tamiel, S.F_DISS] == 0                           # no demon in play
    grasch = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    s.g[S.G_TURN] = 10 + limit
    neglect(s, b.t)
    assert I[tamiel, S.F_DISS] == 0                           # not longer than its Hits yet
    assert engage_urge(s, b.t, tamiel, grasch) == 1.0         # the policy feels it coming
    for k in (1, 2):
        s.g[S.G_TURN] = 10 + limit + k
        neglect(s, b.t)
        assert I[tamiel, S.F_DISS] == k
    assert b.log()[-1] == ("Gabriel: Tamiel takes a note of Dissonance (now 2): "
                           "it went too long without engaging a demon (its Superior's condition)")
    I[tamiel, S.F_TRAUMA] = 2
    neglect(s, b.t)
    assert I[tamiel, S.F_DISS] == 2
    I[tamiel, S.F_TRAUMA] = 0
    S.enlist(s, tamiel, S.DEFENDING)         # defending against a demon
    S.enlist(s, grasch, S.ATTACKING)
    engage_demons(s, b.t)
    assert I[tamiel, S.F_ENGAGED] == s.g[S.G_TURN]
    neglect(s, b.t)
    assert I[tamiel, S.F_DISS] == 2
    assert I[grasch, S.F_DISS] == 0                           # Belial's sheet has no such condition


def test_engaging_only_a_human_does_not_count():
    """The condition asks for a demon: a fight with a Human is no engagement."""
    b = Board(turn=10)
    b.clear_board()
    s, I = b.s, b.s.I
    tamiel = b.put(GABRIEL, "Tamiel", b.earth, entered=0)
    human = b.put(BELIAL, "Leslie Hamerson", b.earth, ctrl=BELIAL)
    s.g[S.G_TURN] = 30
    S.enlist(s, tamiel, S.ATTACKING)
    S.enlist(s, human, S.DEFENDING)
    engage_demons(s, b.t)
    assert I[tamiel, S.F_ENGAGED] == 10


def test_the_opposing_bands():
    """"The opposing Band of Seraphim is [the Balseraphs]", "The Band which
    opposes Cherubim is the Djinn", "Calabim oppose Ofanim", "The Band of Habbalah
    opposes the Choir of Elohim", "Shedim oppose Kyriotates", "The Band of
    Impudites opposes the Choir of Mercurians", "Lilim oppose Bright Lilim";
    Malakim "have no opposing Band"."""
    pairs = {SERAPH: BALSERAPH, CHERUB: DJINN, OFANITE: CALABITE, ELOHITE: HABBALITE,
             KYRIOTATE: SHEDITE, MERCURIAN: IMPUDITE, BRIGHT_LILIM: LILIM, MALAKITE: -1, BALSERAPH: -1}
    for choir, band in pairs.items():
        assert opposing_band(choir) == band


def _repository(b, seat):
    s = b.s
    return [deck_card(s, seat, REPOSITORY, k) for k in range(deck_count(s, seat, REPOSITORY))]


def test_a_fallen_mercurian_brings_an_impudite_into_belials_realm():
    """"the angel's controller chooses one Prince, who may search their Repository
    for a demon of the opposing Band, bring it into their Realm, and reshuffle
    their Repository ... In either case, discard the angel.\""""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    before = _repository(b, BELIAL)
    _fail(s, t, tamiel)
    assert I[tamiel, S.F_ZONE] == S.Z_DISCARD
    after = _repository(b, BELIAL)
    (demon,) = set(before) - set(after)
    assert set(after) < set(before) and len(after) == len(before) - 1
    assert t.C[I[demon, S.F_DESIGN], D_KIND] == IMPUDITE
    assert (I[demon, S.F_ZONE], I[demon, S.F_CTRL], I[demon, S.F_LOC]) == (S.Z_PLAY, BELIAL, b.realm(BELIAL))
    assert I[demon, S.F_ACTS] == 0                             # it arrives in Gabriel's turn
    rest = [c for c in before if c != demon]
    assert after != rest                                        # reshuffled (a fixed seed: not by chance)


def test_no_suitable_demon_means_no_further_effect():
    """"If that Prince has no suitable demon ... there is no further effect" --
    and a Malakite does not Fall at all."""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    for name in ("Moloquin", "Moloquin", "Vashka", "Vashka", "Vashka"):     # every Impudite Belial has
        I[b.take(BELIAL, name), S.F_ZONE] = S.Z_REMOVED
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    before = _repository(b, BELIAL)
    _fail(s, t, tamiel)
    assert I[tamiel, S.F_ZONE] == S.Z_DISCARD and _repository(b, BELIAL) == before
    azra = b.put(GABRIEL, "Azra", b.earth)
    _fail(s, t, azra)
    assert I[azra, S.F_ZONE] == S.Z_PLAY and I[azra, S.F_DISCORD] == 1


# ================================================================== the sheets' Choir and Band abilities
SAMINGA, MICHAEL = 0, 1            # board(("saminga", "michael"))
NYBBAS, DOMINIC = 0, 1             # board(("nybbas", "dominic"))


def board(decks=("belial", "gabriel"), variant=CLASSIC):
    """An empty table with New York on Earth; no Essence bought for d666 rolls."""
    b = Board(decks=decks)
    b.clear_board()
    b.s.g[S.G_VARIANT] = variant
    b.s.w[:, W_D666_BEFORE] = 0
    b.s.w[:, W_D666_AFTER] = 0
    b.new_york = b.put(0, "New York", b.earth, ctrl=-1)
    return b


def die(b):
    return peek(b.s, lambda s: d6(s.rng))


def stat(b, name, col, r):
    return int(b.t.C[b.design(name), col + r])


@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_belials_habbalite_makes_its_target_forfeit_its_corporeal_hits_in_actions(variant):
    """Belial's Habbalah "make a Resonance roll in combat, but instead of Influence,
    to cause the target to forfeit a number of actions equal to the demon's
    Corporeal Hits": d6 greater than the target's Ethereal Hits (under d666, the
    d666 it maps to), with no Influence modifier -- Srnclack's Acting does not
    count; each success adds Srnclack's 5 Corporeal Hits to the actions to
    forfeit, and a failure does nothing more: no note, no Influence (I68)."""
    b = board(variant=variant)
    s, I = b.s, b.s.I
    srn = b.put(BELIAL, "Srnclack", b.new_york)
    attach(s, b.t, b.take(BELIAL, "Acting"), srn, BELIAL)
    tamiel = b.put(GABRIEL, "Tamiel", b.new_york)
    n = stat(b, "Srnclack", D_HITS, CORPOREAL)
    assert forfeit_count(s, b.t, srn) == n == 5
    hits = stat(b, "Tamiel", D_HITS, ETHEREAL_REALM)
    wins = 0
    for _ in range(ROLLS):
        roll = die(b)
        ok = make_forfeit(s, b.t, srn, tamiel)
        if variant == CLASSIC:
            assert ok == (roll > hits)
        wins += ok
        assert I[tamiel, S.F_FORFEIT] == wins * n
    assert wilson_holds(wins, ROLLS, chance(variant, 6 - hits)), (wins / ROLLS, chance(variant, 6 - hits))
    assert I[srn, S.F_DISS] == 0 and I[srn, S.F_CTRL] == BELIAL and I[tamiel, S.F_CTRL] == GABRIEL


def test_a_habbalite_of_belials_makes_a_hard_hitter_forfeit_rather_than_strike_weakly():
    """The policy takes the roll when the actions it may take away are worth more
    than its own blow (I68): Srnclack hits for 1, Azra for 3 a round.  Nybbas's
    Habbalah have no such roll, and strike."""
    for decks, want in ((("belial", "gabriel"), A_FORFEIT), (("nybbas", "gabriel"), A_ATTACK)):
        b = board(decks)
        s, I = b.s, b.s.I
        srn = b.put(0, "Srnclack", b.new_york)
        azra = b.put(GABRIEL, "Azra", b.new_york)
        fighting(b, azra, [srn], [])
        assert declares(s, b.t, srn, R_CO) == (want, azra)
        if want == A_FORFEIT:
            roll = die(b)
            _resolve(s, b.t, srn, A_FORFEIT, azra, b.new_york, R_CO)
            assert I[azra, S.F_FORFEIT] == (5 if roll > stat(b, "Azra", D_HITS, ETHEREAL_REALM) else 0)
        else:
            assert forfeit_count(s, b.t, srn) == 0


def test_forfeited_actions_are_lost_in_combat_rounds_and_in_the_actions_phase():
    """The target forfeits the next actions it would take, of either kind: a
    combat round's (it declares nothing, but stays in the combat, and its Pit
    Trap cannot take the place of the action it forfeits) and an Actions phase
    action (lost, and no Wait).  Leaving play clears what is left (I68, I73)."""
    b = board()
    s, I, L = b.s, b.s.I, b.new_york
    s.w[GABRIEL, W_COMBAT_ACTS] = 1
    grasch = b.put(BELIAL, "Grasch", L)
    tamiel = b.put(GABRIEL, "Tamiel", L)
    trap = b.take(GABRIEL, "Pit Trap")
    attach(s, b.t, trap, tamiel, GABRIEL)
    I[tamiel, S.F_DMG + R_CO] = hits_left(s, b.t, tamiel, R_CO) - 1        # Grasch's blow would fell her
    I[tamiel, S.F_FORFEIT] = 2
    fighting(b, tamiel, [grasch], [])
    order, what, whom = s.rounds
    n, acts = _order(s, b.t, order, what, BELIAL, GABRIEL)
    assert list(order[:n]) == [grasch, tamiel]
    for k in range(n):
        what[k], whom[k] = declares(s, b.t, order[k], R_CO, k)
    assert whom[0] == tamiel and (what[1], whom[1]) == (A_FORFEITED, -1)
    assert I[tamiel, S.F_FORFEIT] == 1 and I[tamiel, S.F_FIGHT] == S.DEFENDING
    _play_acts(s, b.t, L, R_CO, BELIAL, GABRIEL, order, what, whom, n, n, n, 0, acts)
    assert I[trap, S.F_ATT] == tamiel and I[grasch, S.F_FIGHT] == S.ATTACKING    # no action to give it
    what[1] = A_WAIT                                                             # an action to give: sprung
    _play_acts(s, b.t, L, R_CO, BELIAL, GABRIEL, order, what, whom, n, n, n, 0, acts)
    assert I[trap, S.F_ZONE] == S.Z_DISCARD and I[grasch, S.F_FIGHT] == S.REMOVED
    I[grasch, S.F_FIGHT] = I[tamiel, S.F_FIGHT] = -1
    I[tamiel, S.F_ACTS] = 1
    take_action(s, b.t, tamiel)
    assert (I[tamiel, S.F_ACTS], I[tamiel, S.F_FORFEIT], I[tamiel, S.F_WAITED]) == (0, 0, 0)
    assert traced(s, T_FORFEITED) == [(tamiel, -1, 1), (tamiel, -1, 0)]
    I[tamiel, S.F_ACTS] = 1
    take_action(s, b.t, tamiel)                      # nothing left to forfeit: a usual action
    assert I[tamiel, S.F_ACTS] == 0 and len(traced(s, T_FORFEITED)) == 2
    I[tamiel, S.F_FORFEIT] = 3
    leave_play(s, b.t, tamiel, S.Z_DISCARD)
    assert I[tamiel, S.F_FORFEIT] == 0


def test_a_second_balseraph_leaves_alone_the_object_the_first_will_disable():
    """Two of Belial's Balseraphs in one round: once the first has declared that
    it makes Azra's Flaming Sword nonfunctioning, the second does something else
    rather than turn off the same Object again."""
    b = board()
    s = b.s
    first, second = b.put(BELIAL, "Sistrael", b.new_york), b.put(BELIAL, "Sistrael", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    sword = b.take(GABRIEL, "Flaming Sword")
    attach(s, b.t, sword, azra, GABRIEL)
    fighting(b, azra, [first, second], [])
    declared = declares(s, b.t, first, R_CO, 0)
    assert declared == (A_DISABLE, sword)
    assert declares(s, b.t, second, R_CO, 0) == declared    # not knowing of it, it would
    order, what, whom = s.rounds[0], s.rounds[1], s.rounds[2]
    order[0], what[0], whom[0] = first, *declared
    assert declares(s, b.t, second, R_CO, 1)[0] != A_DISABLE


def test_belials_balseraph_makes_an_object_nonfunctioning_for_the_rest_of_the_combat():
    """Belial's Balseraphs "may, in combat, cause any Object to be nonfunctioning for
    the remainder of combat": no roll; Azra's Flaming Sword ("base Corporeal Attack
    value is +2") and Gun do nothing until the combat ends, and work again after
    it (I68).  The policy does it when the Object adds more to its holder's blows
    than Sistrael's own blow does; Nybbas's Balseraphs have no such power."""
    b = board()
    s, I = b.s, b.s.I
    sis = b.put(BELIAL, "Sistrael", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    printed = attack_value(s, b.t, azra, R_CO)      # Gabriel's Malakim add +1 (her sheet)
    sword = b.take(GABRIEL, "Flaming Sword")
    attach(s, b.t, sword, azra, GABRIEL)
    assert attack_value(s, b.t, azra, R_CO) == printed + 2
    fighting(b, azra, [sis], [])
    assert declares(s, b.t, sis, R_CO) == (A_DISABLE, sword)
    _resolve(s, b.t, sis, A_DISABLE, sword, b.new_york, R_CO)
    assert I[sword, S.F_OFF] == 1 and attack_value(s, b.t, azra, R_CO) == printed
    assert declares(s, b.t, sis, R_CO) == (A_ATTACK, azra)     # nothing more to disable
    gun = b.take(GABRIEL, "Gun")
    attach(s, b.t, gun, azra, GABRIEL)
    assert uses(s, b.t, azra, R_CO)[1] == 2.0                            # a Gun: 2 a round on average
    _resolve(s, b.t, sis, A_DISABLE, gun, b.new_york, R_CO)
    assert uses(s, b.t, azra, R_CO)[1] == 0.0
    _resolve(s, b.t, azra, A_ROLL, sis, b.new_york, R_CO)     # the Gun shot declared this round: nothing
    assert I[sis, S.F_DMG:S.F_DMG + 3].sum() == 0
    for i in (sis, azra):
        I[i, S.F_FIGHT] = -1
    I[sword, S.F_OFF] = I[gun, S.F_OFF] = 0
    I[sis, S.F_ACTS] = 1
    fight(s, b.t, sis, azra)                        # the whole combat: Sistrael disables the Sword first
    blows = [v for c, j, v in traced(s, T_ATTACK) if c == azra]
    assert blows and blows[0] <= printed
    assert I[sword, S.F_OFF] == 0 and s.g[S.G_DISABLED] == 0 and attack_value(s, b.t, azra, R_CO) == printed + 2
    b = board(("nybbas", "gabriel"))
    wrinth = b.put(0, "Wrinth", b.new_york)
    azra = b.put(GABRIEL, "Azra", b.new_york)
    attach(b.s, b.t, b.take(GABRIEL, "Flaming Sword"), azra, GABRIEL)
    fighting(b, azra, [wrinth], [])
    assert declares(b.s, b.t, wrinth, R_CO) == (A_ATTACK, azra)


@pytest.mark.parametrize("variant", [CLASSIC, D666])
def test_belials_calabim_double_the_damage_of_their_resonance(variant):
    """"His Calabim double damage from a Resonance roll": Belial's Grasch does twice
    what its Resonance roll gives (I36: the result within its Celestial Hits, else
    half; the d666's check digit), up to the target's Hits; Saminga's Grasch once."""
    for decks, factor in ((("belial", "gabriel"), 2), (("saminga", "gabriel"), 1)):
        b = board(decks, variant)
        s, I = b.s, b.s.I
        grasch = b.put(0, "Grasch", b.new_york)
        I[grasch, S.F_DISS] = 2                     # two notes: the policy takes no third for the whole
        big = b.put(GABRIEL, "Uzziel", b.new_york)
        top = stat(b, "Uzziel", D_HITS, CORPOREAL)
        for _ in range(TRIALS):
            I[big, S.F_DMG + CORPOREAL] = 0
            within, amount = peek(s, lambda s: calabite_roll(s, b.t, grasch))
            done = tear(s, b.t, grasch, big, R_CO)
            assert done == min(top, factor * (amount if within else amount // 2))
        assert I[grasch, S.F_DISS] == 2


def test_gabriels_cherub_takes_a_free_action_to_attack_a_being_holding_influence_for_hell():
    """Gabriel's Cherubim "may take one free action per turn to attack Impudites or
    Humans who hold Influence over any Being for a Demon Prince": an Impudite or a
    Human through which Belial Influences a Being, not a Calabite, not a Human
    holding a Being for Heaven, not an Impudite holding nobody (I69).  The Attack
    spends no action; the policy takes it once a turn, before the usual action."""
    b = board()
    s, I, t = b.s, b.s.I, b.t
    ker = b.put(GABRIEL, "Kerubiel", b.new_york)
    vashka = b.put(BELIAL, "Vashka", b.new_york)
    pen = b.put(BELIAL, "Pen Quinn", b.earth, ctrl=BELIAL)
    grasch = b.put(BELIAL, "Grasch", b.realm(BELIAL))
    assert not holds_hellish_influence(s, t, vashka)
    b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=vashka)
    leslie = b.put(BELIAL, "Leslie Hamerson", b.earth, ctrl=BELIAL, inf_by=pen)
    b.put(GABRIEL, "Mark Walden", b.earth, ctrl=BELIAL, inf_by=grasch)
    assert holds_hellish_influence(s, t, vashka) and holds_hellish_influence(s, t, pen)
    assert not holds_hellish_influence(s, t, grasch)
    I[leslie, S.F_CTRL] = GABRIEL                  # Pen's hold on her is for Heaven now
    assert not holds_hellish_influence(s, t, pen)
    I[ker, S.F_ACTS] = 1
    free_attack(s, t, ker, vashka)
    assert traced(s, T_COMBAT)[-1][:2] == (ker, vashka)
    assert I[ker, S.F_ACTS] == 1 and I[ker, S.F_FREE] == s.g[S.G_TURN]
    s.g[S.G_TURN] += 2                              # another turn of Gabriel's
    for i in (ker, vashka):                         # both as they were before the combat
        I[i, S.F_DMG:S.F_DMG + 3] = 0
        I[i, S.F_TRAUMA] = I[i, S.F_ENTERED] = 0
        I[i, S.F_LOC] = b.new_york
    I[ker, S.F_ACTS] = 1
    take_action(s, t, ker)
    assert traced(s, T_FREE_ATTACK)[1:] == [(ker, vashka, 0)] and I[ker, S.F_ACTS] == 0
    I[ker, S.F_ACTS] = 1
    take_action(s, t, ker)                          # once a turn
    assert len(traced(s, T_FREE_ATTACK)) == 2
    m = board(("saminga", "michael"))
    assert not has_sheet(m.s, m.t, m.put(MICHAEL, "Kerubiel", m.earth), E_FREE_ATTACK)


def test_michaels_cherub_attunes_to_his_tether_and_strikes_two_harder_defending_it():
    """Michael's Cherubim "may Attune to a Tether Michael controls and add +2 to their
    Attack while defending it": Defending in a combat at that Tether, while Michael
    holds it -- every Attack value, not Hits; a destroyed Tether gives the
    Attuned Cherub its note (I70).  Gabriel's Cherubim Attune to no Tether."""
    b = board(("saminga", "michael"))
    s, I, t = b.s, b.s.I, b.t
    gettysburg = b.put(MICHAEL, "Gettysburg", b.earth)
    potters = b.put(SAMINGA, "Potter's Field", b.earth)
    ker = b.put(MICHAEL, "Kerubiel", gettysburg)
    azra = b.put(MICHAEL, "Azra", gettysburg)
    grasch = b.put(SAMINGA, "Grasch", gettysburg)
    assert not can_attune(s, t, ker, potters)
    assert _best_choir_resonance(s, t, ker, MICHAEL)[:2] == (K_ATTUNE, gettysburg)
    attune(s, t, ker, gettysburg)
    printed = [stat(b, "Kerubiel", D_ATK, r) for r in range(3)]
    hits = [stat(b, "Kerubiel", D_HITS, r) for r in range(3)]
    fighting(b, azra, [grasch], [ker])
    assert [attack_value(s, t, ker, r) for r in range(3)] == [a + 2 for a in printed]
    assert [hits_left(s, t, ker, r) for r in range(3)] == hits
    fighting(b, azra, [grasch, ker], [])            # attacking there: no bonus
    assert [attack_value(s, t, ker, r) for r in range(3)] == printed
    I[gettysburg, S.F_CTRL] = SAMINGA               # no longer Michael's
    fighting(b, azra, [grasch], [ker])
    assert attack_value(s, t, ker, R_CO) == printed[CORPOREAL]
    I[gettysburg, S.F_CTRL] = MICHAEL
    for i in (ker, azra, grasch):                   # defending elsewhere: no bonus
        I[i, S.F_LOC] = b.earth
    fighting(b, azra, [grasch], [ker])
    assert attack_value(s, t, ker, R_CO) == printed[CORPOREAL]
    I[ker, S.F_FIGHT] = -1
    assert _best_move(s, t, ker, MICHAEL, wait_notes(s, t, ker), False)[0] == gettysburg    # the policy keeps it at its Tether
    destroy_tether(s, t, SAMINGA, gettysburg)
    assert I[ker, S.F_DISS] == 1 and I[ker, S.F_ATTUNED] == -1
    g = board()
    kilauea = g.put(GABRIEL, "Mt. Kilauea", g.earth)
    assert not can_attune(g.s, g.t, g.put(GABRIEL, "Kerubiel", kilauea), kilauea)


def test_dominics_cherub_defends_its_attuned_human_anywhere_on_earth():
    """Dominic's Cherubim "may Attune to a Human Influenced for Heaven and defend it
    anywhere on Earth": attacked in New York, Ed is defended by the Cherub from
    Earth's generic Location -- not while Nybbas holds him, nor from Dominic's
    Realm (I70).  The policy Attunes it to a Human it holds anywhere on Earth, and
    does not keep it at his side."""
    b = board(("nybbas", "dominic"))
    s, I, t = b.s, b.s.I, b.t
    ker = b.put(DOMINIC, "Kerubiel", b.earth)
    ed = b.put(DOMINIC, "Ed Holder", b.new_york, ctrl=DOMINIC)
    vashka = b.put(NYBBAS, "Vashka", b.new_york)
    assert _best_choir_resonance(s, t, ker, DOMINIC)[:2] == (K_ATTUNE, ed)
    attune(s, t, ker, ed)
    assert _best_move(s, t, ker, DOMINIC, wait_notes(s, t, ker), False)[0] == -1
    s.g[S.G_FIGHT_TARGET] = ed
    S.enlist(s, vashka, S.ATTACKING)
    S.enlist(s, ed, S.DEFENDING)
    for ctrl, where, joins in ((NYBBAS, b.earth, False), (DOMINIC, b.realm(DOMINIC), False),
                               (DOMINIC, b.earth, True)):
        I[ed, S.F_CTRL] = ctrl
        I[ker, S.F_LOC], I[ker, S.F_FIGHT] = where, -1
        _defenders_from_afar(s, t, b.new_york, ed)
        assert (I[ker, S.F_FIGHT] == S.DEFENDING) == joins
        assert I[ker, S.F_LOC] == (b.new_york if joins else where)
    g = board()
    gk = g.put(GABRIEL, "Kerubiel", g.earth)
    ged = g.put(GABRIEL, "Ed Holder", g.new_york, ctrl=GABRIEL)
    attune(g.s, g.t, gk, ged)
    _defenders_from_afar(g.s, g.t, g.new_york, ged)
    assert g.s.I[gk, S.F_FIGHT] == -1


@pytest.fixture(scope="module")
def saminga_shedim(tmp_path_factory):
    """Saminga's deck with Grave Tenant, a Shedite of his (tests/data/hosts.toml)."""
    return data_deck(tmp_path_factory.mktemp("saminga"), "saminga", "hosts.toml", {"Grave Tenant": 2}, {})


def test_samingas_shedite_stays_in_a_dying_host_until_the_end_of_the_turn(saminga_shedim):
    """Saminga's Shedim "may stay in a dying host until the end of the turn": a host
    at 0 Corporeal Hits, or past its Lifespan, lives on under the Shedite until the
    end of the turn's 0-Hit checks, where it dies and the Shedite still in it takes
    its note and Trauma; one that left first takes neither, and the host dies at
    the next check (I71).  The policy lets the host take its last action, then
    leaves."""
    b = board((saminga_shedim, "michael"))
    s, I, t = b.s, b.s.I, b.t
    sh = b.put(SAMINGA, "Grave Tenant", b.earth)
    sam = b.put(MICHAEL, "Sam Okafor", b.earth)
    ride(s, t, sh, sam)
    I[sam, S.F_DMG + CORPOREAL] = stat(b, "Sam Okafor", D_HITS, CORPOREAL)
    resolve_zero_hits(s, t)
    assert I[sam, S.F_ZONE] == S.Z_PLAY and I[sam, S.F_CTRL] == SAMINGA and is_down(s, t, sam)
    assert I[sh, S.F_HOST] == sam and I[sh, S.F_DISS] == 0
    final_zero_hits(s, t)
    assert I[sam, S.F_ZONE] != S.Z_PLAY
    assert I[sh, S.F_DISS] == 1 and I[sh, S.F_TRAUMA] == stat(b, "Grave Tenant", D_HITS, CORPOREAL)
    I[sh, S.F_TRAUMA], I[sh, S.F_LOC] = 0, b.earth
    victor = b.put(MICHAEL, "Victor Kane", b.earth)
    ride(s, t, sh, victor)
    I[victor, S.F_AGE] = t.C[I[victor, S.F_DESIGN], D_LIFESPAN] - 1
    age_mortals(s, t)
    assert I[victor, S.F_ZONE] == S.Z_PLAY and I[victor, S.F_DYING] == 1 and can_act(s, t, victor)
    assert traced(s, T_DYING)[-1][0] == victor
    I[sh, S.F_ACTS] = I[victor, S.F_ACTS] = 1
    take_action(s, t, sh)                           # the host has an action left: the Shedite waits
    assert I[sh, S.F_ACTS] == 1 and I[sh, S.F_HOST] == victor
    I[victor, S.F_ACTS] = 0
    assert rider_options(s, t, sh, SAMINGA)[2] > 0
    take_action(s, t, sh)
    assert I[sh, S.F_HOST] == -1 and I[sh, S.F_LOC] == b.realm(SAMINGA) and I[sh, S.F_DISS] == 1
    resolve_zero_hits(s, t)
    assert I[victor, S.F_ZONE] != S.Z_PLAY and traced(s, T_AGE_DEATH)[-1][0] == victor


def test_nybbas_lilim_reads_the_need_of_any_human_on_earth():
    """Nybbas's Lilim "may read the Need of any Human shown on a screen, wherever it
    is on Earth": Siren's Resonance reaches Ed in New York from Earth's generic
    Location, and Saint Florian, who counts as a Human (I57) -- but not another
    Servitor there, and not from Nybbas's Realm (I71)."""
    b = board(("nybbas", "gabriel"))
    s, I, t = b.s, b.s.I, b.t
    siren = b.put(NYBBAS, "Siren", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york)
    tamiel = b.put(GABRIEL, "Tamiel", b.new_york)
    florian = b.put(GABRIEL, "Saint Florian", b.new_york)
    assert in_reach(s, t, siren, ed) and can_influence(s, t, siren, ed)
    assert in_reach(s, t, siren, florian)               # a Saint counts as a Human (I57)
    assert not in_reach(s, t, siren, tamiel)
    I[siren, S.F_LOC] = b.realm(NYBBAS)
    assert not in_reach(s, t, siren, ed)
    I[siren, S.F_LOC] = b.earth
    softest = min(stat(b, "Ed Holder", D_HITS, r) for r in range(3))
    for _ in range(TRIALS):
        I[ed, S.F_CTRL] = -1
        roll = die(b)
        ok, _ = influence_roll(s, t, siren, ed, ANY_REALM, OP_GT)
        assert ok == (roll > softest)


def test_michaels_malakim_add_one_to_celestial_attack_and_his_ofanim_to_corporeal():
    """Michael's Malakim "add +1 to their base Celestial Attack"; "His Ofanim of War
    add +1 to their base Corporeal Attack" -- a base Attack does that much; not
    for a Servitor of his that Saminga Influences."""
    b = board(("saminga", "michael"))
    s, I, t = b.s, b.s.I, b.t
    azra = b.put(MICHAEL, "Azra", b.realm(MICHAEL))
    ofiel = b.put(MICHAEL, "Ofiel", b.realm(MICHAEL))
    mal = [stat(b, "Azra", D_ATK, r) for r in range(3)]
    ofa = [stat(b, "Ofiel", D_ATK, r) for r in range(3)]
    assert [attack_value(s, t, azra, r) for r in range(3)] == [mal[0] + 1, mal[1], mal[2]]
    assert [attack_value(s, t, ofiel, r) for r in range(3)] == [ofa[0], ofa[1], ofa[2] + 1]
    grasch = b.put(SAMINGA, "Grasch", b.realm(MICHAEL))
    fighting(b, grasch, [azra], [])
    _resolve(s, t, azra, A_ATTACK, grasch, b.realm(MICHAEL), S.R_CELESTIAL)
    assert I[grasch, S.F_DMG + CELESTIAL] == mal[0] + 1
    I[azra, S.F_CTRL] = SAMINGA
    assert attack_value(s, t, azra, S.R_CELESTIAL) == mal[0]


def test_dominics_elohim_add_one_to_any_influence_and_his_seraphim_against_hells_humans():
    """Dominic's Elohim "add +1 to any attempt to Influence a Being"; his Seraphim
    "add +1 to any attempt to Influence a Human Influenced by a Demon Prince"
    (Haziel's Truth-Seeker: d6 greater than the Human's Celestial Hits)."""
    b = board(("nybbas", "dominic"))
    s, I, t = b.s, b.s.I, b.t
    hadriel = b.put(DOMINIC, "Hadriel", b.new_york)
    haziel = b.put(DOMINIC, "Haziel", b.new_york)
    ed = b.put(DOMINIC, "Ed Holder", b.new_york)
    for ctrl in (-1, NYBBAS, DOMINIC):
        I[ed, S.F_CTRL] = ctrl
        assert modifier(s, t, hadriel, ed) == 1
        assert modifier(s, t, haziel, ed) == (1 if ctrl == NYBBAS else 0)
    eth, cel = stat(b, "Ed Holder", D_HITS, ETHEREAL_REALM), stat(b, "Ed Holder", D_HITS, CELESTIAL)
    for _ in range(TRIALS):
        I[ed, S.F_CTRL] = -1
        roll = die(b)
        assert influence_roll(s, t, hadriel, ed, ETHEREAL_REALM, OP_GT)[0] == (roll + 1 > eth)
        I[ed, S.F_CTRL] = NYBBAS
        roll = die(b)
        human_influence(s, t, haziel, haziel, ed)
        assert (I[ed, S.F_CTRL] == DOMINIC) == (roll + 1 > cel)


def test_a_habbalites_influence_through_television_also_ends_with_the_turn():
    """I94: Habbalah's "Influence, though emotionally intense, is short-lived,
    lasting only until the end of the current turn" -- by Television's "holder
    has Influenced them" too, for Nybbas's Habbalite Nyx; his Impudite Flicker's
    Influence through the same Tool holds past the turn."""
    b = board(("nybbas", "dominic"))
    s, I, t = b.s, b.s.I, b.t
    ed = b.put(DOMINIC, "Ed Holder", b.new_york)
    eth = stat(b, "Ed Holder", D_HITS, ETHEREAL_REALM)
    for name, lasts in (("Nyx", False), ("Flicker", True)):
        holder = b.put(NYBBAS, name, b.new_york)
        tv = b.take(NYBBAS, "Television")
        attach(s, t, tv, holder, NYBBAS)
        I[ed, S.F_CTRL] = I[ed, S.F_INF_BY] = -1
        while die(b) <= eth:
            d6(s.rng)
        human_influence(s, t, holder, tv, ed)
        assert (I[ed, S.F_CTRL], I[ed, S.F_INF_BY]) == (NYBBAS, holder)
        end_short_influence(s, t)
        assert (I[ed, S.F_CTRL], I[ed, S.F_INF_BY]) == ((NYBBAS, holder) if lasts else (-1, -1))


def test_samingas_undead_add_one_to_corporeal_attack():
    """Saminga's Undead "add +1 to their base Corporeal Attack"."""
    b = board(("saminga", "michael"))
    walker = b.put(SAMINGA, "Grave Walker", b.earth)
    printed = [stat(b, "Grave Walker", D_ATK, r) for r in range(3)]
    assert [attack_value(b.s, b.t, walker, r) for r in range(3)] == printed[:2] + [printed[2] + 1]


def test_samingas_calabim_each_give_him_an_essence_when_a_being_he_influences_leaves_play():
    """Saminga's Calabim: "Saminga gains 1 Essence for each Calabite of his in play
    whenever a Being under his Influence leaves play" -- two Calabim, two Essence;
    none for a Human Michael Influences."""
    b = board(("saminga", "michael"))
    s, t = b.s, b.t
    b.put(SAMINGA, "Kashdar", b.earth)
    b.put(SAMINGA, "Grasch", b.realm(SAMINGA))
    b.put(SAMINGA, "Grave Walker", b.earth)          # an Undead: no such ability
    ed = b.put(MICHAEL, "Ed Holder", b.earth, ctrl=SAMINGA)
    leslie = b.put(MICHAEL, "Leslie Hamerson", b.earth, ctrl=MICHAEL)
    before = s.S[SAMINGA, S.S_ESSENCE]
    kill_human(s, t, ed)
    assert s.S[SAMINGA, S.S_ESSENCE] == before + 2
    assert sorted(line for line in b.log() if "game text gives" in line) == [
        "Saminga: Grasch's game text gives 1 Essence as Ed Holder leaves play",
        "Saminga: Kashdar's game text gives 1 Essence as Ed Holder leaves play"]
    kill_human(s, t, leslie)
    assert s.S[SAMINGA, S.S_ESSENCE] == before + 2


def test_nybbas_impudites_and_habbalah_add_one_to_any_influence():
    """Nybbas's Impudites and Habbalah each "add +1 to any attempt to Influence a
    Being": Vashka's d6 + 1 against Ed's Celestial Hits, Srnclack's against his
    Ethereal Hits; Belial's Vashka has no +1."""
    b = board(("nybbas", "gabriel"))
    s, t = b.s, b.t
    vashka = b.put(NYBBAS, "Vashka", b.new_york)
    srn = b.put(NYBBAS, "Srnclack", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york)
    assert modifier(s, t, vashka, ed) == modifier(s, t, srn, ed) == 1
    cel, eth = stat(b, "Ed Holder", D_HITS, CELESTIAL), stat(b, "Ed Holder", D_HITS, ETHEREAL_REALM)
    for _ in range(TRIALS):
        roll = die(b)
        assert influence_roll(s, t, vashka, ed, CELESTIAL, OP_GT)[0] == (roll + 1 > cel)
        roll = die(b)
        assert influence_roll(s, t, srn, ed, ETHEREAL_REALM, OP_GT)[0] == (roll + 1 > eth)
    g = board()
    assert modifier(g.s, g.t, g.put(BELIAL, "Vashka", g.new_york), g.put(GABRIEL, "Ed Holder", g.new_york)) == 0


@pytest.mark.parametrize("decks, seat, name, notes, why", [
    (("nybbas", "dominic"), BELIAL, "Vashka", (1, 0), "Nybbas: Vashka takes a note of Dissonance (now 1): "
                                                      "it Waited (its Superior's condition)"),
    (("nybbas", "dominic"), GABRIEL, "Azra", (0, 1), "Dominic: Azra takes a note of Dissonance (now 1): "
                                                     "it Retreated (its Superior's condition)"),
    (("belial", "gabriel"), BELIAL, "Vashka", (0, 0), None),
    (("belial", "gabriel"), GABRIEL, "Azra", (0, 0), None),
])
def test_nybbas_and_dominics_servitors_take_a_note_for_what_their_sheets_forbid(decks, seat, name, notes, why):
    """Nybbas: "if any Servitor of his takes the Wait action, that Servitor gains a
    note of Dissonance"; Dominic: "if any Servitor of his takes the Retreat action
    in combat" (I88) -- and nobody else's sheet forbids either."""
    b = Board(decks=decks)
    b.clear_board()
    s, I = b.s, b.s.I
    i = b.put(seat, name, b.earth)
    human = b.put(1 - seat, "Sam Okafor", b.earth)
    I[i, S.F_ACTS] = 1
    _do(s, b.t, i, K_WAIT, -1, -1)
    waited = int(I[i, S.F_DISS])
    fighting(b, human, [i], [])
    _resolve(s, b.t, i, A_RETREAT, -1, b.earth, CORPOREAL)
    assert (waited, I[i, S.F_DISS] - waited) == notes
    assert [line for line in b.log() if "Dissonance" in line] == ([why] if why else [])


def test_dominics_elohite_waits_where_another_would_retreat_from_a_human_it_will_not_hurt():
    """I32 beside I88: an attacking Elohite Retreats from an enemy it does not want
    to hurt ("Take the Retreat action immediately if you don't want to hurt the
    target!"), but Dominic's sheet gives a note for a Retreat, so his Hadriel
    Waits where Gabriel's Retreats (under a style that does not Retreat from
    danger, weight ``retreat`` 0, so that only I32 is at work)."""
    for decks, retreats in ((("belial", "gabriel"), True), (("nybbas", "dominic"), False)):
        b = Board(decks=decks)
        b.clear_board()
        s = b.s
        s.w[:, W_RETREAT] = 0
        hadriel = b.put(1, "Hadriel", b.earth)
        human = b.put(0, "Sam Okafor", b.earth)
        assert target_value(s, b.t, 1, human) <= 0
        fighting(b, human, [hadriel], [])
        assert (declares(s, b.t, hadriel, CORPOREAL)[0] == A_RETREAT) == retreats


def test_nybbass_servitor_with_nothing_to_do_goes_to_a_tether_rather_than_wait():
    """The policies weigh the note that Waiting costs (I88) as they do an
    Ofanite's: with nothing else worth doing, Nybbas's Impudite goes to his Tether,
    which calms a note a turn, where Belial's Waits."""
    for decks, tether, waits in ((("belial", "gabriel"), "Death Valley", True),
                                 (("nybbas", "dominic"), "Broadcast Tower", False)):
        b = Board(decks=decks)
        b.clear_board()
        s, I = b.s, b.s.I
        tether = b.put(BELIAL, tether, b.earth)
        i = b.put(BELIAL, "Vashka", b.earth)
        I[i, S.F_ACTS] = 1
        take_action(s, b.t, i)
        assert (I[i, S.F_WAITED], I[i, S.F_LOC]) == ((1, b.earth) if waits else (0, tether))
