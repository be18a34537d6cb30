"""Objects and Ranks (rulebook, "Other Cards in Detail"), and the Tethers that
Seneschals need: each rule from a small position the rulebook's text decides.

The cards no starter deck holds (a Reliquary, a Talisman, an Artifact, two
Distinction ladders, a Tether-destroying Act) are in tests/data/objects.toml
and planted into the starter decks."""
import pytest
from positions import BELIAL, GABRIEL, Board
from runs import planted_deck

from balance.rules.innomine import state as S
from balance.agents.innomine.acts import card_value
from balance.rules.innomine.acts import play_card
from balance.rules.innomine.beings import attach, can_hold, detach
from balance.agents.innomine.combat import target_value
from balance.rules.innomine.essence import action_cost, card_cost, pay_action
from balance.rules.innomine.objects import recall_artifacts
from balance.rules.innomine.resonances import OP_GT, classic_faces
from balance.rules.innomine.vocabulary import CELESTIAL, E_DESTROY_TETHER, E_RELIQUARY, E_SKILL_BONUS

OBJECTS = {"Censer of Embers": 2, "Charm of Tongues": 2, "Wanderer's Lamp": 2}
LADDERS = {
    BELIAL: {"Knight of Cinders": 1, "Captain of Cinders": 1, "Baron of Cinders": 1, **OBJECTS},
    GABRIEL: {"Vassal of the Hearth": 1, "Friend of the Hearth": 1, "Master of the Hearth": 1,
              "Demolition": 1, **OBJECTS},
}


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("objects")
    return tuple(planted_deck(tmp, LADDERS[seat], deck=name, data="objects.toml")
                 for seat, name in ((BELIAL, "belial"), (GABRIEL, "gabriel")))


@pytest.fixture
def b(decks):
    board = Board(decks=decks)
    board.clear_board()
    return board


def test_the_new_effects_compile(b):
    t, d = b.compiled.tables, b.design
    assert list(t.eff[d("Censer of Embers"), 0, :2]) == [E_RELIQUARY, 2]
    assert list(t.eff[d("Charm of Tongues"), 0, :2]) == [E_SKILL_BONUS, 1]
    assert t.eff[d("Demolition"), 0, 0] == E_DESTROY_TETHER
    assert [t.rung[d(n)] for n in ("Vassal of the Hearth", "Friend of the Hearth", "Master of the Hearth",
                                   "Knight of Cinders", "Captain of Cinders", "Baron of Cinders")] == [1, 2, 3] * 2
    assert t.rung[d("Seneschal of Ash")] == 0 and t.rung[d("Flaming Sword")] == 0


# ------------------------------------------------------------------ Reliquaries
def test_a_reliquary_pays_up_to_x_essence_per_turn_toward_its_beings_actions(b):
    """Reliquaries: "Up to X total Essence per turn may be deducted from the cost
    of actions taken by this Being" -- X = 2 here, shared by all that Being's
    actions in a turn, renewed the next turn, and only for its own holder."""
    s, I = b.s, b.s.I
    v = b.put(BELIAL, "Vashka", b.earth)
    other = b.put(BELIAL, "Grasch", b.earth)
    attach(s, b.t, b.take(BELIAL, "Censer of Embers"), v, BELIAL)
    assert action_cost(s, b.t, v, 3, False) == 1 and action_cost(s, b.t, other, 3, False) == 3
    assert action_cost(s, b.t, v, 1, True) == 0          # uses 1 of the 2
    assert action_cost(s, b.t, v, 3, True) == 2          # the last 1
    assert action_cost(s, b.t, v, 1, False) == 1         # nothing left this turn
    s.g[S.G_TURN] += 1                                   # the next turn (either player's)
    assert action_cost(s, b.t, v, 1, False) == 0
    s.S[BELIAL, S.S_ESSENCE] = 0
    assert pay_action(s, b.t, v, 2) and s.S[BELIAL, S.S_ESSENCE] == 0   # all of it deducted
    assert not pay_action(s, b.t, v, 1)                  # then nothing is left to pay with
    I[v, S.F_TRAUMA] = 2                                 # Trauma: no attached Objects
    s.g[S.G_TURN] += 1
    assert action_cost(s, b.t, v, 1, False) == 1


def test_a_reliquary_pays_what_a_seneschals_discount_leaves(b):
    """Both apply to one action: the Seneschal "Subtract[s] 1 Essence from all
    Essence costs" at its Tether, the Reliquary deducts from what is left, and
    keeps its allowance for later when there is nothing left to pay."""
    s = b.s
    dv = b.put(BELIAL, "Death Valley", b.earth)
    v = b.put(BELIAL, "Vashka", dv)
    play_card(s, b.t, BELIAL, b.to_hand(BELIAL, "Seneschal of Ash"), v)
    attach(s, b.t, b.take(BELIAL, "Censer of Embers"), v, BELIAL)
    assert action_cost(s, b.t, v, 1, True) == 0          # the Seneschal pays it all
    assert action_cost(s, b.t, v, 4, True) == 1          # 4 - 1, then 2 from the Censer
    assert action_cost(s, b.t, v, 2, False) == 1         # the Censer is spent


# ------------------------------------------------------------------ Talismans
@pytest.mark.parametrize("where", ["earth", "marches"])
def test_a_talisman_adds_to_rolls_a_skill_takes_part_in_even_in_the_marches(b, where):
    """Talismans "add a bonus to rolls to use skills, and are effective in the
    Marches": the Charm's +1 counts only on a roll the holder's Skill (Acting,
    +1 to Influence) takes part in.  Vashka, an Impudite, Influences on d6 > the
    target's Celestial Hits (Leslie: 3): 3 faces, 4 with Acting, 5 with both."""
    s = b.s
    loc = b.earth if where == "earth" else S.loc_marches(s)
    v = b.put(BELIAL, "Vashka", loc)
    leslie = b.put(BELIAL, "Leslie Hamerson", loc)

    def faces():
        return classic_faces(s, b.t, v, leslie, CELESTIAL, OP_GT)
    assert faces() == 3
    attach(s, b.t, b.take(BELIAL, "Charm of Tongues"), v, BELIAL)
    assert faces() == 3                                  # no Skill: the Talisman adds nothing
    attach(s, b.t, b.take(BELIAL, "Acting"), v, BELIAL)
    assert faces() == 5


# ------------------------------------------------------------------ Artifacts
def test_an_artifact_returns_to_the_first_being_it_was_attached_to(b):
    """Artifacts "may move to the Location of the first Being to which it was
    attached, at the will of that Being's controller at any time" (I41).  The
    Lamp, given first to Azra and later in a Demon Prince's hands, goes back to
    Azra's Location and to Azra; a Relic (Flaming Sword) does not."""
    s, I = b.s, b.s.I
    ny = b.earth
    azra = b.put(GABRIEL, "Azra", ny)
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    grasch = b.put(BELIAL, "Grasch", kilauea)
    lamp, sword = b.take(GABRIEL, "Wanderer's Lamp"), b.take(GABRIEL, "Flaming Sword")
    for c in (lamp, sword):
        attach(s, b.t, c, azra, GABRIEL)
        detach(s, c)
        attach(s, b.t, c, grasch, BELIAL)
    assert I[lamp, S.F_FIRST] == azra and I[lamp, S.F_LOC] == kilauea
    recall_artifacts(s, b.t, BELIAL)                     # not Belial's to call
    assert I[lamp, S.F_ATT] == grasch
    I[azra, S.F_TRAUMA] = 3                              # a Being in Trauma holds nothing
    recall_artifacts(s, b.t, GABRIEL)
    assert I[lamp, S.F_ATT] == grasch
    I[azra, S.F_TRAUMA] = 0
    recall_artifacts(s, b.t, GABRIEL)
    assert I[lamp, S.F_ATT] == azra and I[lamp, S.F_LOC] == ny and I[lamp, S.F_CTRL] == GABRIEL
    assert I[sword, S.F_ATT] == grasch and I[grasch, S.F_NATT] == 1
    detach(s, lamp)                                      # loose, where Azra no longer is
    I[azra, S.F_LOC] = kilauea
    recall_artifacts(s, b.t, GABRIEL)
    assert I[lamp, S.F_ATT] == azra and I[lamp, S.F_LOC] == kilauea
    tamiel = b.put(GABRIEL, "Tamiel", ny)
    detach(s, lamp)
    attach(s, b.t, lamp, tamiel, GABRIEL)                # given to another of Gabriel's own
    recall_artifacts(s, b.t, GABRIEL)
    assert I[lamp, S.F_ATT] == tamiel and I[lamp, S.F_FIRST] == azra


# ------------------------------------------------------------------ Distinctions
@pytest.mark.parametrize("seat, servitor, ladder, other", [
    (GABRIEL, "Azra", ("Vassal of the Hearth", "Friend of the Hearth", "Master of the Hearth"),
     "Knight of Cinders"),
    (BELIAL, "Vashka", ("Knight of Cinders", "Captain of Cinders", "Baron of Cinders"),
     "Vassal of the Hearth"),
])
def test_distinctions_climb_their_superiors_ladder_one_rung_at_a_time(b, seat, servitor, ladder, other):
    """"Friend Distinctions will have the condition 'only attach to a Being with
    the Vassal Distinction attached,' and Masters may likewise be made only of
    Friends.  Demonic Distinctions have similar progressions."  Distinctions are
    "specific to a given Superior": another Superior's first rung does not count."""
    s = b.s
    being = b.put(seat, servitor, b.earth)
    first, second, third = (b.take(seat, n) for n in ladder)
    attach(s, b.t, b.take(1 - seat, other), being, 1 - seat)
    assert [can_hold(s, b.t, being, c) for c in (first, second, third)] == [True, False, False]
    S.to_hand(s, b.t, seat, second)
    s.S[seat, S.S_ESSENCE] = 20
    assert card_value(s, b.t, seat, second)[0] == 0      # no Being to promote yet
    attach(s, b.t, first, being, seat)
    assert [can_hold(s, b.t, being, c) for c in (second, third)] == [True, False]
    value, holder = card_value(s, b.t, seat, second)
    assert value > 0 and holder == being
    play_card(s, b.t, seat, second, holder)
    assert can_hold(s, b.t, being, third)


# ------------------------------------------------------------------ Seneschals and Tethers
def test_tethers_are_necessary_to_produce_seneschals_tied_to_the_one_named(b):
    """Tethers "are necessary to produce Seneschals": without a Tether the Act
    phase cannot play one; with one, the Rank is tied to a Tether the player
    controls, "specified when the card is attached" -- the one its holder stands
    at if it is his, else another of his."""
    s, I = b.s, b.s.I
    s.S[BELIAL, S.S_ESSENCE] = 20
    v = b.put(BELIAL, "Vashka", b.earth)
    ash = b.to_hand(BELIAL, "Seneschal of Ash")
    assert card_value(s, b.t, BELIAL, ash)[0] == 0
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    I[v, S.F_LOC] = kilauea
    assert card_value(s, b.t, BELIAL, ash)[0] == 0       # another Superior's Tether is no use
    dv = b.put(BELIAL, "Death Valley", b.earth)
    value, holder = card_value(s, b.t, BELIAL, ash)
    assert value > 0 and holder == v
    play_card(s, b.t, BELIAL, ash, holder)
    assert I[ash, S.F_TIE] == dv
    plant = b.put(BELIAL, "Chemical Plant", b.earth)
    g = b.put(BELIAL, "Grasch", plant)
    second = b.to_hand(BELIAL, "Seneschal of Ash")
    play_card(s, b.t, BELIAL, second, g)
    assert I[second, S.F_TIE] == plant


def test_a_destroyed_tether_takes_its_seneschal_and_leaves_the_rest_at_earths_generic_location(b):
    """Tethers "are subject to theft and destruction" (I43): Demolition destroys
    a Tether another Superior controls.  Its Seneschal Rank goes ("a Tether you
    control"), the Tether is discarded, and the Beings and loose Objects that
    stood there are left at Earth's generic Location."""
    s, I = b.s, b.s.I
    s.S[GABRIEL, S.S_ESSENCE] = 20
    demolition = b.to_hand(GABRIEL, "Demolition")
    assert card_value(s, b.t, GABRIEL, demolition)[0] == 0   # no Tether of another Superior
    kilauea = b.put(GABRIEL, "Mt. Kilauea", b.earth)
    assert card_value(s, b.t, GABRIEL, demolition)[0] == 0
    dv = b.put(BELIAL, "Death Valley", b.earth)
    v = b.put(BELIAL, "Vashka", dv, entered=3)
    ash = b.to_hand(BELIAL, "Seneschal of Ash")
    play_card(s, b.t, BELIAL, ash, v)
    blade = b.take(BELIAL, "Brimstone Blade")
    attach(s, b.t, blade, v, BELIAL)
    gun = b.put(BELIAL, "Gun", dv, ctrl=-1)
    value, target = card_value(s, b.t, GABRIEL, demolition)
    assert value > 0 and target == dv
    play_card(s, b.t, GABRIEL, demolition, target)
    assert I[dv, S.F_ZONE] == S.Z_DISCARD and I[demolition, S.F_ZONE] == S.Z_DISCARD
    assert I[ash, S.F_ZONE] == S.Z_DISCARD and I[ash, S.F_ATT] == -1
    assert I[v, S.F_LOC] == b.earth and I[v, S.F_ENTERED] == 3   # same realm: no new protection
    assert I[blade, S.F_ATT] == v and I[blade, S.F_LOC] == b.earth
    assert I[gun, S.F_LOC] == b.earth and I[kilauea, S.F_ZONE] == S.Z_PLAY


# ------------------------------------------------------------------ Words
def test_a_word_is_a_rank_that_costs_dearly_and_makes_its_servitor_a_bigger_target(b):
    """Pyres, "a Word costing 10 Essence to attach to a Servitor": only a
    Servitor may hold it, it costs its 10, and Ranks "make your Servitors bigger
    targets" (I44): Vashka with Pyres is worth more to Gabriel's attackers."""
    s = b.s
    v = b.put(BELIAL, "Vashka", b.earth)
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    pyres = b.to_hand(BELIAL, "Pyres")
    assert can_hold(s, b.t, v, pyres) and not can_hold(s, b.t, ed, pyres)
    assert card_cost(s, b.t, BELIAL, pyres) == 10
    before = target_value(s, b.t, GABRIEL, v)
    s.S[BELIAL, S.S_ESSENCE] = 12
    play_card(s, b.t, BELIAL, pyres, v)
    assert s.S[BELIAL, S.S_ESSENCE] == 2
    assert target_value(s, b.t, GABRIEL, v) > before
