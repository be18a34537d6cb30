"""Player's Realms: "Artifacts and Tools may not be used in player's Realms,
although any "always on" effect still occurs"."""
from positions import GABRIEL, Board

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import best_ability
from balance.rules.innomine.beings import attach, attack_value
from balance.rules.innomine.tables import D_EFFECTS
from balance.rules.innomine.vocabulary import CELESTIAL, E_ATTACK_BONUS


def test_a_tool_is_not_used_in_a_realm_but_its_always_on_text_works():
    """Computer ("Holder may use an action to search through Repository ...") is
    a Tool: its holder may use it on Earth, not in Gabriel's Realm.  Given also an
    always-on +1 Celestial Attack, that bonus counts in the Realm too."""
    b = Board()
    b.clear_board()
    s, I, t = b.s, b.s.I, b.t
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    computer = b.take(GABRIEL, "Computer")
    attach(s, t, computer, tamiel, GABRIEL)
    skill = b.take(GABRIEL, "Acting")
    attach(s, t, skill, tamiel, GABRIEL)
    assert best_ability(s, t, tamiel, GABRIEL)[0] == computer          # on Earth: usable
    d = b.design("Computer")
    without = attack_value(s, t, tamiel, CELESTIAL)
    t.eff[d, 1, :3] = (E_ATTACK_BONUS, CELESTIAL, 1)                   # always on
    t.C[d, D_EFFECTS] |= 1 << E_ATTACK_BONUS
    base = attack_value(s, t, tamiel, CELESTIAL)
    assert base == without + 1
    I[tamiel, S.F_LOC] = b.realm(GABRIEL)
    assert best_ability(s, t, tamiel, GABRIEL)[0] != computer          # in the Realm: not used
    assert attack_value(s, t, tamiel, CELESTIAL) == base                 # the always-on bonus stays
