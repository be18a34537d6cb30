"""Saints and Undead "count as Humans for card purposes" (rulebook, "Beings in
Detail": Saints "count as Humans for card purposes in all respects save for
their Immortality and lack of game-relevant Destiny and Fate"; "Undead are
Immortal, but Human, like Saints"), docs/rules.md I57: card text that targets
a Human may target them, and the policies choose them when they are the best
target.  Seat 0 is Belial (Temptation, The Charred Man), seat 1 Gabriel
(Penitence, Saint Florian); Pen Quinn is the Artist."""
from positions import BELIAL, GABRIEL, Board
from runs import planted_deck
from test_choirs import next_d6

from balance.rules.innomine import state as S
from balance.agents.innomine.actions import _artist_value
from balance.agents.innomine.acts import card_value
from balance.rules.innomine.act_targets import inspirable
from balance.rules.innomine.acts import play_card
from balance.rules.innomine.damage import deal_damage
from balance.rules.innomine.effects import use_ability
from balance.agents.innomine.hosts import human_worth
from balance.rules.innomine.tables import D_HITS
from balance.rules.innomine.vocabulary import C_INFLUENCED_HELL, CORPOREAL, E_INFLUENCE, ETHEREAL_REALM


def board(decks=("belial", "gabriel")):
    b = Board(decks=decks)
    b.clear_board()
    b.new_york = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    return b


def test_the_artist_targets_a_saint_when_it_is_the_best_human_in_reach():
    """Pen Quinn, "Artist: Pen may take an action to target a Human and roll d6.
    If the roll is greater than or equal to target's Ethereal Hits, Pen has
    Influenced them": a Saint is a Human for this text.  Against a Human as easy
    to sway, the Human (likelier) is Pen's target; against one guarded by four
    Malakite counters, Saint Florian is, and Pen's success puts him under
    Belial's Influence and counts toward Pen's Fate."""
    b = board()
    s, I = b.s, b.s.I
    pen = b.put(BELIAL, "Pen Quinn", b.new_york, ctrl=BELIAL)
    saint = b.put(GABRIEL, "Saint Florian", b.new_york)
    ed = b.put(GABRIEL, "Ed Holder", b.new_york, ctrl=GABRIEL)
    S.collect_rivals(s, BELIAL)
    assert _artist_value(s, b.t, pen, BELIAL, pen)[0] == ed
    I[ed, S.F_RESIST] = 4
    target, value = _artist_value(s, b.t, pen, BELIAL, pen)
    assert target == saint and value > 0
    next_d6(s, lambda r: r >= b.t.C[b.design("Saint Florian"), D_HITS + ETHEREAL_REALM])
    use_ability(s, b.t, pen, pen, E_INFLUENCE, saint)
    assert I[saint, S.F_CTRL] == BELIAL and I[saint, S.F_INF_BY] == pen
    assert b.log()[-2:-1] == ["Belial: Pen Quinn uses its game text"]    # the Artist's text, not a Resonance
    assert I[pen, S.F_CNT + C_INFLUENCED_HELL] == 1


def test_temptation_takes_the_saint_an_archangel_controls_when_he_is_worth_most():
    """Temptation: "Target a Human controlled by an Archangel. That Human becomes
    Influenced by a Demon Prince": Saint Florian, Gabriel's Servitor, is such a
    Human, and Belial takes him over Ed Holder, whom Gabriel Influences, when
    he is worth more (a Servitor taken, I57)."""
    b = board()
    s, I = b.s, b.s.I
    ed = b.put(GABRIEL, "Ed Holder", b.new_york, ctrl=GABRIEL)
    saint = b.put(GABRIEL, "Saint Florian", b.new_york)
    assert human_worth(s, b.t, BELIAL, saint) > human_worth(s, b.t, BELIAL, ed)
    temptation = b.to_hand(BELIAL, "Temptation")
    value, target = card_value(s, b.t, BELIAL, temptation)
    assert value > 0 and target == saint
    play_card(s, b.t, BELIAL, temptation, target)
    assert I[saint, S.F_CTRL] == BELIAL and I[saint, S.F_ACTS] == 1 and I[ed, S.F_CTRL] == GABRIEL


def test_penitence_takes_an_undead_and_inspiration_reaches_it_only_under_influence():
    """Penitence: "Target a Human controlled by a Demon Prince": The Charred Man,
    Belial's Undead, is one -- Gabriel takes him.  Inspiration's "a Human a
    Gabrielite Angel Influences" then reaches him, but never Gabriel's own Saint,
    whom Gabriel controls as his Superior, not by Influence."""
    b = board()
    s, I = b.s, b.s.I
    saint = b.put(GABRIEL, "Saint Florian", b.new_york)
    charred = b.put(BELIAL, "The Charred Man", b.realm(BELIAL))
    assert not inspirable(s, b.t, GABRIEL, saint) and I[saint, S.F_CTRL] == GABRIEL
    penitence = b.to_hand(GABRIEL, "Penitence")
    value, target = card_value(s, b.t, GABRIEL, penitence)
    assert value > 0 and target == charred
    play_card(s, b.t, GABRIEL, penitence, target)
    assert I[charred, S.F_CTRL] == GABRIEL
    assert inspirable(s, b.t, GABRIEL, charred)


def test_harming_a_saint_or_undead_breaks_an_oath_to_harm_no_human(tmp_path):
    """A Malakite's oath is "written in their game text", a card purpose, so the
    Sworn Malakite's "never harm a Human" covers Saints and Undead; the
    Mercurian's "damage of any sort to a Human" is a rule of the Choir, and
    spares them (I57)."""
    deck = planted_deck(tmp_path, "Sworn Malakite", 1, deck="gabriel", data="oaths.toml")
    b = board(("belial", deck))
    s, I = b.s, b.s.I
    sworn = b.put(GABRIEL, "Sworn Malakite", b.new_york)
    tamiel = b.put(GABRIEL, "Tamiel", b.new_york)
    saint = b.put(GABRIEL, "Saint Florian", b.new_york)
    charred = b.put(BELIAL, "The Charred Man", b.new_york)
    sam = b.put(BELIAL, "Sam Okafor", b.new_york)
    for i in (sworn, tamiel):
        for j in (saint, charred):
            deal_damage(s, b.t, i, j, CORPOREAL, 1)
    assert (I[sworn, S.F_DISS], I[tamiel, S.F_DISS]) == (2, 0)
    deal_damage(s, b.t, tamiel, sam, CORPOREAL, 1)
    assert I[tamiel, S.F_DISS] == 1
