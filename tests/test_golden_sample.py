"""The rulebook's worked sample game (Belial vs Gabriel) as golden tests.

Positions are built as the "Sample Game" section describes them, and the
engine's own phase functions are run on them.
"""
from positions import BELIAL, GABRIEL, Board

from balance.rules.innomine import state as S
from balance.rules.innomine.beings import attach, attack_value, hits_left, is_down
from balance.rules.innomine.combat import base_attack_legal, roll_damage
from balance.rules.innomine.damage import deal_damage, resolve_zero_hits
from balance.rules.innomine.effects import apply_immediate, use_ability
from balance.rules.innomine.essence import gain_essence
from balance.rules.innomine.humans import afterlife_side
from balance.rules.innomine.tethers import burn_demons_in_combat
from balance.rules.innomine.vocabulary import CELESTIAL, CORPOREAL, COUNTERS, E_SEARCH_TOOL, HEAVEN


def sample_position():
    """"In play are the following cards" (Sample Game), at the start of Belial's turn."""
    b = Board()
    b.clear_board()
    s = b.s
    b.kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    b.death_valley = b.put(BELIAL, "Death Valley", b.earth)
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    b.srnclack = b.put(BELIAL, "Srnclack", b.earth)
    b.gun1 = b.take(BELIAL, "Gun")
    attach(s, b.t, b.gun1, b.srnclack, BELIAL)
    s.I[b.srnclack, S.F_DISS] = 1
    b.wrinth = b.put(BELIAL, "Wrinth", b.death_valley)
    s.I[b.wrinth, S.F_DMG + CORPOREAL] = 1
    b.ed = b.put(BELIAL, "Ed Holder", b.new_york, ctrl=BELIAL, inf_by=b.wrinth)
    s.I[b.ed, S.F_AGE] = 3
    s.I[b.ed, S.F_CNT + COUNTERS["tools_brought"]] = 1
    b.rite = b.take(BELIAL, "Patience of Belial")
    attach(s, b.t, b.rite, b.ed, BELIAL)
    b.leslie = b.put(BELIAL, "Leslie Hamerson", b.new_york, ctrl=BELIAL, inf_by=b.wrinth)
    b.gun2 = b.take(BELIAL, "Gun")
    attach(s, b.t, b.gun2, b.leslie, BELIAL)
    b.marnel = b.put(GABRIEL, "Marnel", b.kilauea)
    b.jayeil = b.put(GABRIEL, "Jayeil", b.new_york)
    b.pen = b.put(GABRIEL, "Pen Quinn", b.earth, ctrl=GABRIEL, inf_by=b.jayeil)
    b.bucephel = b.put(GABRIEL, "Bucephel", b.earth)
    b.mark = b.soul(GABRIEL, "Mark Walden", GABRIEL)
    s.S[:, S.S_ESSENCE] = 4
    return b


def test_belial_gains_five_essence_four_becomes_nine():
    """"Belial gains 5 Essence -- 1 for himself, 1 each for Srnclack and Wrinth,
    and 1 each for Ed and Leslie.  He now has 9 Essence.\""""
    b = sample_position()
    assert gain_essence(b.s, b.t, BELIAL) == 9


def test_gabriel_gains_six_essence_four_becomes_ten():
    """"She gains 1 Essence for herself, 1 for Pen, and 3 total for Marnel,
    Bucephel, and Jayeil, plus 1 for Mark Walden.  She now has a total of 10.\""""
    b = sample_position()
    assert gain_essence(b.s, b.t, GABRIEL) == 10


def test_marnel_reduced_to_zero_corporeal_returns_home_without_trauma():
    """Srnclack and Leslie use their Guns (rolls of 4: half, rounded up, is 2
    each) and Ed makes a base Attack of 2: Marnel, Corporeal 3/6, is reduced to
    0 Corporeal Hits and, as a Malakite, returns to Gabriel's Realm without Trauma."""
    b = sample_position()
    s, t = b.s, b.t
    assert roll_damage(4, 2) == 2 and roll_damage(2, 2) == 1 and roll_damage(1, 2) == 1
    assert attack_value(s, t, b.ed, CORPOREAL) == 2 and base_attack_legal(s, t, b.ed, b.marnel, CORPOREAL)
    deal_damage(s, t, b.srnclack, b.marnel, CORPOREAL, roll_damage(4, 2))
    deal_damage(s, t, b.leslie, b.marnel, CORPOREAL, roll_damage(4, 2))
    deal_damage(s, t, b.ed, b.marnel, CORPOREAL, attack_value(s, t, b.ed, CORPOREAL))
    assert hits_left(s, t, b.marnel, CORPOREAL) == 0 and is_down(s, t, b.marnel)
    resolve_zero_hits(s, t)
    assert s.I[b.marnel, S.F_LOC] == b.realm(GABRIEL)
    assert s.I[b.marnel, S.F_DMG + CORPOREAL] == 0
    assert s.I[b.marnel, S.F_TRAUMA] == 0
    assert s.I[b.ed, S.F_CNT + COUNTERS["damage_dealt"]] == 2


def test_srnclack_burns_in_the_angelic_tether_then_enters_trauma():
    """Bucephel hits Srnclack (Corporeal 1/5) for 4 each round; at the end of
    each round in Gabriel's Tether he takes 1 Celestial Hit; the second round
    sends him into Trauma and "His Gun is left behind in the Tether, still
    controlled by Belial"."""
    b = sample_position()
    s, t = b.s, b.t
    s.I[b.srnclack, S.F_LOC] = b.kilauea
    s.I[b.bucephel, S.F_LOC] = b.kilauea
    S.enlist(s, b.srnclack, S.ATTACKING)
    S.enlist(s, b.bucephel, S.DEFENDING)
    for round_ in (1, 2):
        assert attack_value(s, t, b.bucephel, CORPOREAL) == 4
        deal_damage(s, t, b.bucephel, b.srnclack, CORPOREAL, 4)
        burn_demons_in_combat(s, t)
        assert s.I[b.srnclack, S.F_DMG + CELESTIAL] == round_
        resolve_zero_hits(s, t)
    assert s.I[b.srnclack, S.F_TRAUMA] == 5
    assert s.I[b.srnclack, S.F_LOC] == b.realm(BELIAL)
    assert s.I[b.gun1, S.F_ATT] == -1 and s.I[b.gun1, S.F_LOC] == b.kilauea
    assert s.I[b.gun1, S.F_CTRL] == BELIAL and s.I[b.gun1, S.F_ZONE] == S.Z_PLAY


def test_penitence_and_inspiration_then_ed_fulfils_his_destiny_with_three_tools():
    """Gabriel pays for Penitence on Ed ("Ed loses his Rite and comes under
    Gabriel's Influence.  He gains an action"), then Inspiration ("so he has two
    actions"), and Ed's Tinkerer brings a Computer and a Pit Trap out of her
    Events deck: "Ed has now fulfilled his Destiny, and cannot fulfill his Fate"."""
    b = sample_position()
    s, t = b.s, b.t
    apply_immediate(s, t, GABRIEL, b.take(GABRIEL, "Penitence"), b.ed)
    assert s.I[b.ed, S.F_CTRL] == GABRIEL and s.I[b.ed, S.F_ACTS] == 1
    assert s.I[b.rite, S.F_ZONE] == S.Z_DISCARD and s.I[b.ed, S.F_NATT] == 0
    assert "Belial: Ed Holder loses Patience of Belial" in b.log()
    apply_immediate(s, t, GABRIEL, b.take(GABRIEL, "Inspiration"), b.ed)
    assert s.I[b.ed, S.F_ACTS] == 2
    assert afterlife_side(s, t, b.ed) != HEAVEN
    for _ in range(2):
        use_ability(s, t, b.ed, b.ed, E_SEARCH_TOOL, -1)
    assert s.I[b.ed, S.F_CNT + COUNTERS["tools_brought"]] == 3
    assert s.I[b.ed, S.F_NATT] == 2
    assert afterlife_side(s, t, b.ed) == HEAVEN
