"""Relievers and Demonlings fledge, in small positions where the rulebook's
text fixes the outcome."""
from positions import BELIAL, GABRIEL, Board

from balance.rules.innomine import state as S
from balance.rules.innomine.actions import take_action
from balance.rules.innomine.beings import attach
from balance.rules.innomine.fledging import can_fledge_into, fledge, fledge_cost
from balance.rules.innomine.tables import D_COST


def _cost(b, name):
    return b.t.C[b.design(name), D_COST]


def test_a_reliever_fledges_into_an_angel_from_the_hand_keeping_its_songs():
    """"for their action, a Reliever may be discarded and replaced with any Angel
    from your hand by paying that Angel's cost, less the Reliever's cost (min. 1)
    -- keeping all attached cards.\""""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    kindling = b.put(GABRIEL, "Kindling", b.earth, entered=4)
    song = b.take(GABRIEL, "Song of Healing")
    attach(s, t, song, kindling, GABRIEL)
    tamiel = b.to_hand(GABRIEL, "Tamiel")
    s.S[GABRIEL, S.S_ESSENCE] = 10
    expected = max(1, _cost(b, "Tamiel") - _cost(b, "Kindling"))
    assert fledge_cost(s, t, GABRIEL, kindling, tamiel) == expected
    fledge(s, t, kindling, tamiel)
    assert s.S[GABRIEL, S.S_ESSENCE] == 10 - expected
    assert I[kindling, S.F_ZONE] == S.Z_DISCARD
    assert (I[tamiel, S.F_ZONE], I[tamiel, S.F_CTRL], I[tamiel, S.F_LOC]) == (S.Z_PLAY, GABRIEL, b.earth)
    assert I[tamiel, S.F_ENTERED] == 4 and I[tamiel, S.F_ACTS] == 0
    assert I[song, S.F_ATT] == tamiel and I[song, S.F_ZONE] == S.Z_PLAY and I[tamiel, S.F_NATT] == 1
    assert tamiel not in b.hand(GABRIEL)


def test_fledging_costs_at_least_one_essence():
    """"(min. 1)": an Angel no dearer than the Reliever still costs 1."""
    b = Board(overrides={"Tamiel": {"cost": 1}})
    b.clear_board()
    s, t = b.s, b.t
    kindling = b.put(GABRIEL, "Kindling", b.earth)
    tamiel = b.to_hand(GABRIEL, "Tamiel")
    assert fledge_cost(s, t, GABRIEL, kindling, tamiel) == 1


def test_a_demonling_fledges_only_into_a_demon():
    """Demonlings: "replaced with any Demon from your hand"; a Reliever with "any
    Angel" -- not a Saint, another unfledged Being, or a Human."""
    b = Board()
    b.clear_board()
    s, t = b.s, b.t
    poof = b.put(BELIAL, "Poof", b.earth)
    kindling = b.put(GABRIEL, "Kindling", b.earth)
    vashka, smolder = b.to_hand(BELIAL, "Vashka"), b.to_hand(BELIAL, "Smolder")
    florian, glimmer, azra = (b.to_hand(GABRIEL, n) for n in ("Saint Florian", "Glimmer", "Azra"))
    assert can_fledge_into(s, t, poof, vashka) and not can_fledge_into(s, t, poof, smolder)
    assert can_fledge_into(s, t, kindling, azra)
    assert not can_fledge_into(s, t, kindling, florian) and not can_fledge_into(s, t, kindling, glimmer)
    assert not can_fledge_into(s, t, azra, vashka)


def test_a_reliever_with_an_angel_in_hand_and_essence_to_spare_fledges():
    """The scripted policy takes the fledging when it can pay for it."""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    for c in b.hand(GABRIEL):
        I[c, S.F_ZONE] = S.Z_DISCARD
    kindling = b.put(GABRIEL, "Kindling", b.earth)
    tamiel = b.to_hand(GABRIEL, "Tamiel")
    I[kindling, S.F_ACTS] = 1
    s.S[GABRIEL, S.S_ESSENCE] = 0
    take_action(s, t, kindling)
    assert I[kindling, S.F_ZONE] == S.Z_PLAY                  # cannot pay: no fledging
    I[kindling, S.F_ACTS] = 1
    s.S[GABRIEL, S.S_ESSENCE] = 20
    take_action(s, t, kindling)
    assert I[kindling, S.F_ZONE] == S.Z_DISCARD and I[tamiel, S.F_ZONE] == S.Z_PLAY
