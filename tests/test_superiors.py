"""The Superior sheets' Dissonance Conditions and an angel's Fall, in small
positions where the rulebook's text fixes the outcome."""
from positions import BELIAL, GABRIEL, Board

from balance.rules.innomine import state as S
from balance.rules.innomine.combat import location_damage
from balance.rules.innomine.decks import REPOSITORY, deck_card, deck_count
from balance.rules.innomine.dissonance import _fail
from balance.rules.innomine.fall import opposing_band
from balance.rules.innomine.superior_dissonance import engage_demons, engage_urge, neglect
from balance.rules.innomine.tables import D_HITS, D_KIND
from balance.rules.innomine.vocabulary import (
    BALSERAPH,
    BRIGHT_LILIM,
    CALABITE,
    CELESTIAL,
    CHERUB,
    CORPOREAL,
    DJINN,
    ELOHITE,
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
    I[tamiel, S.F_TRAUMA] = 2
    neglect(s, b.t)
    assert I[tamiel, S.F_DISS] == 2
    I[tamiel, S.F_TRAUMA] = 0
    I[tamiel, S.F_FIGHT], I[grasch, S.F_FIGHT] = 1, 0         # defending against a demon
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
    I[tamiel, S.F_FIGHT], I[human, S.F_FIGHT] = 0, 1
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
