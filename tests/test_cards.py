"""Card data: the shipped decks, the compiled tables, and every class of bad input."""
from pathlib import Path

import numpy as np
import pytest

from balance.rules.innomine.cards import DeckError, check_threshold, compile_tables, load_deck, load_library, validate_main
from balance.rules.innomine import vocabulary as V
from balance.rules.innomine.tables import Tables

ROOT = Path(__file__).resolve().parents[1]
GABRIEL, BELIAL = ROOT / "decks" / "gabriel.toml", ROOT / "decks" / "belial.toml"


@pytest.fixture(scope="module")
def compiled():
    return compile_tables([load_deck(GABRIEL), load_deck(BELIAL)])


def row(c, name):
    return c.names.index(name)


# ------------------------------------------------------------------ shipped decks
def test_shipped_decks_validate(capsys):
    assert validate_main([str(GABRIEL), str(BELIAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"ok {GABRIEL}: Gabriel, 60 Repository, 40 Events, 17 Humans",
                   f"ok {BELIAL}: Belial, 60 Repository, 40 Events, 17 Humans"]


def test_the_whole_decks_folder_validates(capsys):
    """``balance validate decks/*.toml`` names the Superior sheets file too: it is
    checked as sheets, not refused as a bad deck."""
    paths = sorted(str(p) for p in (ROOT / "decks").glob("*.toml"))
    assert validate_main(paths) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == len(paths) == 7
    assert f"ok {ROOT / 'decks' / 'superiors.toml'}: Superior sheets of Gabriel, Belial, Michael, Dominic, " \
        "Saminga, Nybbas" in out


def test_tables_shapes(compiled):
    t, d, p = compiled.tables, len(compiled.names), 2
    shapes = {"ctype": (d,), "kind": (d,), "side": (d,), "cost": (d,), "atk": (d, 3),
              "hits": (d, 3), "lifespan": (d,), "destiny": (d, 4), "fate": (d, 4),
              "eff": (d, V.MAX_EFFECTS, V.EFFECT_WIDTH), "superiors": (d,),
              "seat_superior": (p,), "seat_side": (p,), "seat_dissonance": (p,),
              "sup_eff": (p, 8, 1 + V.EFFECT_WIDTH), "repo": (p, 60), "repo_n": (p,),
              "events": (p, 40), "events_n": (p,), "deck_slot": (p, d), "rung": (d,),
              "place": (d,), "seat_jordi": (p,)}
    assert isinstance(t, Tables) and set(shapes) == set(Tables._fields)
    for name, shape in shapes.items():
        arr = getattr(t, name)
        assert arr.shape == shape and arr.dtype == np.int64, name
    assert compiled.names == sorted(compiled.names)
    assert compiled.superior_names == sorted(compiled.superior_names)


def test_sample_servitors_have_rulebook_stats(compiled):
    t = compiled.tables
    expected = {  # name: (kind, cost or None, attack Ce/E/Co, hits Ce/E/Co)
        "Therkax": (V.CALABITE, 8, [4, 5, 3], [4, 3, 7]),
        "Poof": (V.DEMONLING, 2, [2, 2, 1], [2, 2, 1]),
        "Soldekai": (V.MALAKITE, 15, [4, 5, 5], [8, 8, 7]),
        "Srnclack": (V.HABBALITE, None, [4, 2, 1], [4, 4, 5]),
        "Wrinth": (V.BALSERAPH, None, [2, 4, 2], [4, 4, 6]),
        "Marnel": (V.MALAKITE, None, [3, 3, 3], [3, 5, 6]),
        "Jayeil": (V.MERCURIAN, None, [4, 2, 1], [4, 4, 5]),
        "Bucephel": (V.CHERUB, None, [3, 2, 4], [4, 5, 6]),
    }
    for name, (kind, cost, atk, hits) in expected.items():
        d = row(compiled, name)
        assert t.ctype[d] == V.SERVITOR and t.kind[d] == kind, name
        assert cost is None or t.cost[d] == cost, name
        assert list(t.atk[d]) == atk and list(t.hits[d]) == hits, name
    assert t.side[row(compiled, "Therkax")] == V.HELL
    assert t.side[row(compiled, "Marnel")] == V.HEAVEN
    assert list(t.eff[row(compiled, "Therkax"), 0]) == [V.E_DESTROY_OBJECT, 5, 0, 0, 0]
    assert list(t.eff[row(compiled, "Bucephel"), 0]) == [V.E_FIRST_AID, 1, 0, 0, 0]
    assert t.eff[row(compiled, "Marnel"), 0, 0] == V.E_LEADER
    assert t.eff[row(compiled, "Wrinth"), 0, 0] == V.E_RESTRICT_INFLUENCED
    assert list(t.eff[row(compiled, "Soldekai"), :2, 0]) == [V.E_SHARE_RANKS, V.E_FREE_MOVE]


def test_sample_humans_have_rulebook_stats(compiled):
    t, c = compiled.tables, V.COUNTERS
    ed, leslie, pen = (row(compiled, n) for n in ("Ed Holder", "Leslie Hamerson", "Pen Quinn"))
    assert t.lifespan[ed] == 10 and list(t.atk[ed]) == [1, 2, 2] and list(t.hits[ed]) == [3, 2, 4]
    assert list(t.destiny[ed]) == [c["tools_brought"], V.COND_AT_LEAST, 3, 0]
    assert list(t.fate[ed]) == [c["tools_brought"], V.COND_AT_MOST, 2, 0]
    assert t.eff[ed, 0, 0] == V.E_SEARCH_TOOL
    assert t.lifespan[leslie] == 12 and list(t.hits[leslie]) == [3, 3, 3]
    assert list(t.eff[leslie, 0]) == [V.E_HEAL, V.CORPOREAL, 2, 0, 0]
    assert list(t.destiny[leslie]) == [c["beings_healed"], V.COND_AT_LEAST, 2, 0]
    assert list(t.fate[leslie]) == [c["damage_dealt"], V.COND_MORE_THAN, 0, c["damage_healed"]]
    assert t.lifespan[pen] == 9 and list(t.atk[pen]) == [1, 3, 0] and list(t.hits[pen]) == [2, 3, 3]
    assert list(t.eff[pen, 0]) == [V.E_INFLUENCE, V.ETHEREAL_REALM, 0, 0, 0]
    assert list(t.fate[pen]) == [c["influenced_hell"], V.COND_AT_LEAST, 3, 0]
    mark = row(compiled, "Mark Walden")
    assert list(t.eff[mark, 0]) == [V.E_SEARCH_LOCATION, 6, 0, 0, 0]
    assert list(t.destiny[mark]) == [c["locations_heaven"], V.COND_AT_LEAST, 1, 0]


def test_sample_acts_objects_and_events(compiled):
    t = compiled.tables
    sid = {n: 1 << i for i, n in enumerate(compiled.superior_names)}
    cases = {  # name: (type, cost, first effect row)
        "Arson Spree": (V.PERSONAL_ACT, 0, [V.E_GAIN_ESSENCE, 3, 0, 0, 0]),
        "Dynamite Hit": (V.PERSONAL_ACT, 0, [V.E_STEAL_TETHER, 0, 0, 0, 0]),
        "Pyres": (V.RANK, 10, [V.E_LEAVE_PLAY_ESSENCE, 1, 0, 0, 0]),
        "Song of Fire": (V.SONG, 2, [V.E_DAMAGE_LOCATION, V.CORPOREAL, 2, 1, 0]),
        "Numinous Corpus": (V.SONG, 3, [V.E_COMBAT_BOOST, V.CORPOREAL, 1, 1, 1]),
        "Inspiration": (V.PERSONAL_ACT, 1, [V.E_EXTRA_ACTION, 1, 0, 0, 0]),
        "Send Reinforcements": (V.COMBAT_ACT, 0, [V.E_REINFORCE, 0, 0, 0, 0]),
        "Penitence": (V.PERSONAL_ACT, 3, [V.E_CONVERT_HUMAN, 0, 0, 0, 0]),
        "Relic Forge": (V.OBJECT, 1, [V.E_COST_DISCOUNT, 1, 0, 0, 0]),
        "Gun": (V.TOOL, 0, [V.E_ROLL_DAMAGE, V.CORPOREAL, 2, 0, 0]),
        "Death Valley": (V.TETHER, 0, [V.E_END_TURN_DAMAGE, V.CORPOREAL, 1, 0, 0]),
        "Mt. Kilauea": (V.TETHER, 0, [V.E_NATURE_IMMUNE, 0, 0, 0, 0]),
        "Divine Intervention": (V.INTERVENTION, 0, [V.E_RELEASE_TRAUMA, V.HEAVEN, 0, 0, 0]),
    }
    for name, (ctype, cost, eff) in cases.items():
        d = row(compiled, name)
        assert t.ctype[d] == ctype and t.cost[d] == cost and list(t.eff[d, 0]) == eff, name
    assert t.kind[row(compiled, "Pyres")] == V.WORD
    assert t.kind[row(compiled, "Divine Intervention")] == V.DIVINE
    assert t.superiors[row(compiled, "Arson Spree")] == sid["Belial"] | sid["Saminga"] | sid["Nybbas"]
    assert t.superiors[row(compiled, "Pyres")] == sid["Gabriel"] | sid["Belial"] | sid["Saminga"]
    assert t.superiors[row(compiled, "Gun")] == 0
    assert t.superiors[row(compiled, "Inspiration")] == sid["Gabriel"]   # "a Gabrielite Angel" (I78)
    seneschal = row(compiled, "Seneschal of the Flame")
    assert list(t.eff[seneschal, 0]) == [V.E_COST_DISCOUNT, 3, 1, 1, 1]


def test_seats_and_superior_sheets(compiled):
    t = compiled.tables
    assert [compiled.superior_names[s] for s in t.seat_superior] == ["Gabriel", "Belial"]
    assert list(t.seat_side) == [V.HEAVEN, V.HELL]
    assert list(t.seat_dissonance) == [V.SUPERIOR_DISSONANCE["must_engage_demons"],
                                       V.SUPERIOR_DISSONANCE["damaged_by_own_location"]]
    assert list(t.sup_eff[0, 0]) == [V.CHERUB, V.E_FREE_ATTACK, 0, 0, 0, 0]
    assert list(t.sup_eff[0, 1]) == [V.MALAKITE, V.E_ATTACK_BONUS, V.CORPOREAL, 1, 0, 0]
    assert list(t.sup_eff[0, 2]) == [V.MERCURIAN, V.E_INFLUENCE_BONUS, 1, 1, 0, 0]
    assert list(t.sup_eff[1, 0]) == [V.HABBALITE, V.E_FORFEIT_ACTIONS, V.CORPOREAL, 0, 0, 0]
    assert list(t.sup_eff[1, 1]) == [V.BALSERAPH, V.E_DISABLE_OBJECT, 0, 0, 0, 0]
    assert list(t.sup_eff[1, 2]) == [V.CALABITE, V.E_RESONANCE_DAMAGE, 2, 0, 0, 0]
    assert not t.sup_eff[:, 3:].any()


def test_decks_and_slots(compiled):
    t = compiled.tables
    for p, deck in enumerate(compiled.decks):
        distinct = deck.distinct()
        assert len(distinct) <= 64 and t.deck_slot[p].max() == len(distinct) - 1
        for d, name in enumerate(compiled.names):
            assert t.deck_slot[p, d] == (distinct.index(name) if name in distinct else -1)
        ids = t.repo[p, :t.repo_n[p]]
        assert list(ids) == sorted(ids)
        for name, n in deck.repository.items():
            assert (ids == row(compiled, name)).sum() == n
        assert (t.events[p, :t.events_n[p]] >= 0).all()


@pytest.mark.parametrize("path", [GABRIEL, BELIAL])
def test_deck_design_targets(path):
    deck = load_deck(path)
    servitors = deck.count("repository", V.SERVITOR)
    assert 0.45 <= servitors / 60 <= 0.55
    assert 12 <= deck.humans <= 18 and deck.count("events", V.TETHER) >= 1
    assert all(c.superiors == () or deck.superior.name in c.superiors for c in deck.cards.values())


def test_inspiration_is_gabriels_and_each_other_superior_has_its_twin(tmp_path):
    """Inspiration's "Target a Human a Gabrielite Angel Influences" is of use to
    Gabriel alone: a deck of Belial's holding it is refused; Belial's deck holds
    Incitement, the same text for a Belialite Demon (I78)."""
    belial = (ROOT / "decks" / "belial.toml").read_text()
    assert '"Incitement" = 2' in belial and '"Inspiration"' not in belial
    assert load_deck(ROOT / "decks" / "belial.toml").cards["Incitement"].superiors == ("Belial",)
    bad = tmp_path / "belial.toml"
    bad.write_text(belial.replace('"Incitement" = 2', '"Inspiration" = 2').replace(
        'library = "cards"', f'library = "{ROOT}/decks/cards"\nsheets = "{ROOT}/decks/superiors.toml"'))
    with pytest.raises(DeckError) as e:
        load_deck(bad)
    assert e.value.field == "superiors" and "Inspiration" in str(e.value)


def test_library_holds_every_sample_card():
    cards = load_library(ROOT / "decks" / "cards")
    sample = ["Therkax", "Poof", "Soldekai", "Srnclack", "Wrinth", "Marnel", "Jayeil", "Bucephel",
              "Ed Holder", "Leslie Hamerson", "Pen Quinn", "Mark Walden", "Arson Spree",
              "Dynamite Hit", "Pyres", "Song of Fire", "Numinous Corpus", "Inspiration",
              "Send Reinforcements", "Penitence", "Relic Forge", "Gun", "Computer", "Pit Trap",
              "Mt. Kilauea", "Death Valley", "New York", "Junkyard", "Divine Intervention"]
    assert set(sample) <= set(cards)
    assert all(cards[n].source.endswith("sample.toml") for n in sample)


# ------------------------------------------------------------------ overrides and hash
def test_overrides_change_only_the_named_field(compiled):
    decks = compiled.decks
    changed = compile_tables(decks, {"Therkax": {"cost": 5, "corporeal_hits": 9}})
    d = row(compiled, "Therkax")
    for name, before, after in zip(Tables._fields, compiled.tables, changed.tables):
        diff = np.argwhere(before != after)
        if name == "cost":
            assert diff.tolist() == [[d]] and after[d] == 5
        elif name == "hits":
            assert diff.tolist() == [[d, V.CORPOREAL]] and after[d, V.CORPOREAL] == 9
        else:
            assert diff.size == 0, name
    assert changed.hash != compiled.hash
    assert compile_tables(decks).hash == compiled.hash


@pytest.mark.parametrize("overrides, field", [
    ({"Therkaz": {"cost": 1}}, "card"),
    ({"Therkax": {"price": 1}}, "price"),
    ({"Therkax": {"lifespan": 3}}, "lifespan"),
    ({"Gun": {"cost": 1}}, "cost"),
    ({"Therkax": {"cost": -1}}, "cost"),
    ({"Ed Holder": {"lifespan": 0}}, "lifespan"),
])
def test_bad_overrides(compiled, overrides, field):
    with pytest.raises(DeckError) as e:
        compile_tables(compiled.decks, overrides)
    assert e.value.source == "overrides" and e.value.field == field
    assert "allowed:" in str(e.value)


def test_override_error_lists_allowed_fields(compiled):
    with pytest.raises(DeckError, match="cost, celestial_attack.*corporeal_hits"):
        compile_tables(compiled.decks, {"Therkax": {"atk": 1}})


# ------------------------------------------------------------------ threshold
def test_threshold(compiled):
    decks = compiled.decks
    check_threshold(decks, 1)
    check_threshold(decks, 17)
    with pytest.raises(DeckError, match=r"gabriel\.toml: events: threshold: 18 .*allowed: 1\.\.17"):
        check_threshold(decks, 18)
    for bad in (0, -3, True, 2.5):
        with pytest.raises(DeckError, match="threshold"):
            check_threshold(decks, bad)


# ------------------------------------------------------------------ bad input
CARDS = '''
[[card]]
name = "Angel"
type = "servitor"
kind = "mercurian"
cost = 3
celestial = [3, 3]
ethereal = [2, 3]
corporeal = [1, 4]
effects = [{ effect = "influence_bonus", amount = 1 }]

[[card]]
name = "Demon"
type = "servitor"
kind = "impudite"
cost = 3
celestial = [3, 3]
ethereal = [2, 3]
corporeal = [1, 4]

[[card]]
name = "Spree"
type = "personal_act"
cost = 0
superiors = ["Belial"]
effects = [{ effect = "gain_essence", amount = 3 }]

[[card]]
name = "Citizen"
type = "human"
celestial = [1, 3]
ethereal = [2, 3]
corporeal = [1, 3]
lifespan = 10
destiny = { counter = "turns_heaven", at_least = 3 }
fate = { counter = "turns_hell", at_least = 3 }

[[card]]
name = "Haven"
type = "tether"

[[card]]
name = "Divine"
type = "intervention"
kind = "divine"
effects = [{ effect = "release_trauma", side = "heaven" }]

[[card]]
name = "Infernal"
type = "intervention"
kind = "infernal"

[[card]]
name = "Vassal"
type = "rank"
kind = "distinction"
distinction = "vassal"
cost = 2
superiors = ["Gabriel"]
'''

DECK = '''
name = "Test"
superior = "Gabriel"

[repository]
"Angel" = 7

[events]
"Haven" = 1
"Citizen" = 3
'''

SHEETS = (ROOT / "decks" / "superiors.toml").read_text()


def write(tmp_path, cards=CARDS, deck=DECK, sheets=SHEETS, more=None):
    (tmp_path / "cards").mkdir(parents=True)
    (tmp_path / "cards" / "test.toml").write_text(cards)
    if more is not None:
        (tmp_path / "cards" / "more.toml").write_text(more)
    (tmp_path / "superiors.toml").write_text(sheets)
    (tmp_path / "deck.toml").write_text(deck)
    return tmp_path / "deck.toml"


def test_minimal_deck_is_good(tmp_path):
    deck = load_deck(write(tmp_path))
    assert deck.humans == 3 and compile_tables([deck]).tables.repo_n[0] == 7


def card(old, new):
    return {"cards": CARDS.replace(old, new, 1)}


def deck(old, new):
    return {"deck": DECK.replace(old, new, 1)}


MANY = "".join(f'[[card]]\nname = "Act {i}"\ntype = "personal_act"\ncost = 0\n' for i in range(65))
BAD = [  # id, files to write, file named, field named
    ("toml-card", {"cards": CARDS + "[[card]\n"}, "test.toml", "syntax"),
    ("toml-deck", deck('superior = "Gabriel"', 'superior = '), "deck.toml", "syntax"),
    ("toml-sheets", {"sheets": SHEETS + "\n[[superior]]\nname = \n"}, "superiors.toml", "syntax"),
    ("top-level-key", {"cards": "colour = 1\n" + CARDS}, "test.toml", "colour"),
    ("card-key", card('cost = 3', 'cost = 3\ncolour = "red"'), "test.toml", "colour"),
    ("type", card('"tether"', '"temple"'), "test.toml", "type"),
    ("kind", card('"mercurian"', '"mercurial"'), "test.toml", "kind"),
    ("kind-forbidden", card('type = "tether"', 'type = "tether"\nkind = "relic"'), "test.toml", "kind"),
    ("effect", card('"influence_bonus"', '"influence_boost"'), "test.toml", "effects[0].effect"),
    ("param", card('amount = 1', 'amout = 1'), "test.toml", "effects[0].amout"),
    ("param-enum", card('side = "heaven"', 'side = "purgatory"'), "test.toml", "effects[0].side"),
    ("param-type", card('amount = 3', 'amount = "3"'), "test.toml", "effects[0].amount"),
    ("param-bool", card('amount = 3', 'amount = true'), "test.toml", "effects[0].amount"),
    ("param-signed-too-low", card('{ effect = "influence_bonus", amount = 1 }', '{ effect = "hand_size", amount = -8 }'),
     "test.toml", "effects[0].amount"),
    ("param-signed-type", card('{ effect = "influence_bonus", amount = 1 }', '{ effect = "hand_size", amount = 1.5 }'),
     "test.toml", "effects[0].amount"),
    ("param-missing", card('effect = "gain_essence", amount = 3', 'effect = "gain_essence"'),
     "test.toml", "effects[0].amount"),
    ("too-many-effects", card('effects = [{ effect = "influence_bonus", amount = 1 }]',
                              'effects = [' + '{ effect = "leader" },' * 5 + ']'), "test.toml", "effects"),
    ("counter", card('"turns_heaven"', '"turns_heven"'), "test.toml", "destiny.counter"),
    ("condition-op", card('at_least = 3 }\nfate', 'at_lest = 3 }\nfate'), "test.toml", "destiny.at_lest"),
    ("condition-two-ops", card('at_least = 3 }\nfate', 'at_least = 3, at_most = 4 }\nfate'),
     "test.toml", "destiny"),
    ("card-superior", card('["Belial"]', '["Belal"]'), "test.toml", "superiors"),
    ("cost-type", card('cost = 3', 'cost = "3"'), "test.toml", "cost"),
    ("cost-negative", card('cost = 3', 'cost = -1'), "test.toml", "cost"),
    ("cost-on-event", card('type = "tether"', 'type = "tether"\ncost = 1'), "test.toml", "cost"),
    ("stat-negative", card('celestial = [3, 3]', 'celestial = [-1, 3]'), "test.toml", "celestial"),
    ("stat-shape", card('celestial = [3, 3]', 'celestial = [3]'), "test.toml", "celestial"),
    ("stat-on-tether", card('type = "tether"', 'type = "tether"\ncorporeal = [1, 1]'),
     "test.toml", "corporeal"),
    ("lifespan-missing", card('lifespan = 10\n', ''), "test.toml", "lifespan"),
    ("name-missing", card('name = "Haven"\n', ''), "test.toml", "name"),
    ("side-disagrees", card('kind = "impudite"', 'kind = "impudite"\nside = "heaven"'),
     "test.toml", "side"),
    ("distinction-missing", card('distinction = "vassal"\n', ''), "test.toml", "distinction"),
    ("distinction-unknown", card('"vassal"', '"squire"'), "test.toml", "distinction"),
    ("distinction-forbidden", card('type = "tether"', 'type = "tether"\ndistinction = "vassal"'),
     "test.toml", "distinction"),
    ("distinction-two-superiors", card('superiors = ["Gabriel"]', 'superiors = ["Gabriel", "Michael"]'),
     "test.toml", "superiors"),
    ("distinction-no-superior", card('superiors = ["Gabriel"]\n', ''), "test.toml", "superiors"),
    ("distinction-side", card('distinction = "vassal"', 'distinction = "vassal"\nside = "hell"'),
     "test.toml", "side"),
    ("duplicate-name", {"more": '[[card]]\nname = "Haven"\ntype = "tether"\n'}, "test.toml", "name"),
    ("count-zero", deck('"Angel" = 7', '"Angel" = 0'), "deck.toml", "copies"),
    ("count-type", deck('"Angel" = 7', '"Angel" = "7"'), "deck.toml", "copies"),
    ("unknown-card", deck('"Angel" = 7', '"Angle" = 7'), "deck.toml", "card"),
    ("repo-card-in-events", deck('"Haven" = 1', '"Haven" = 1\n"Angel" = 1'), "deck.toml", "type"),
    ("event-card-in-repo", deck('"Angel" = 7', '"Angel" = 7\n"Haven" = 1'), "deck.toml", "type"),
    ("interventions-unequal", deck('"Haven" = 1', '"Haven" = 1\n"Divine" = 1'),
     "deck.toml", "interventions"),
    ("interventions-over-3", deck('"Haven" = 1', '"Haven" = 1\n"Divine" = 4\n"Infernal" = 4'),
     "deck.toml", "interventions"),
    ("distinct-over-64", {"more": MANY, "deck": DECK.replace(
        '"Angel" = 7', "".join(f'"Act {i}" = 1\n' for i in range(65)))}, "deck.toml", "distinct cards"),
    ("superior-unknown", deck('"Gabriel"', '"Gabrielle"'), "deck.toml", "superior"),
    ("superior-restricted", deck('"Angel" = 7', '"Angel" = 7\n"Spree" = 1'), "deck.toml", "superiors"),
    ("wrong-side-servitor", deck('"Angel" = 7', '"Angel" = 7\n"Demon" = 1'), "deck.toml", "side"),
    ("no-tether", deck('"Haven" = 1\n', ''), "deck.toml", "tether"),
    ("small-repository", deck('"Angel" = 7', '"Angel" = 6'), "deck.toml", "size"),
    ("deck-key", deck('name = "Test"', 'name = "Test"\nplayers = 2'), "deck.toml", "players"),
    ("deck-name-missing", deck('name = "Test"\n', ''), "deck.toml", "name"),
    ("no-repository", deck('[repository]\n"Angel" = 7\n', ''), "deck.toml", "repository"),
    ("no-library", deck('name = "Test"', 'name = "Test"\nlibrary = "nowhere"'), "nowhere", "library"),
    ("sheet-condition", {"sheets": SHEETS.replace('"must_engage_demons"', '"must_fight"')},
     "superiors.toml", "dissonance.condition"),
    ("sheet-ability-kind", {"sheets": SHEETS.replace('kind = "cherub"', 'kind = "calabite"')},
     "superiors.toml", "ability[0].kind"),
    # a sheet-only effect (vocabulary.SHEET_EFFECT_KINDS) on a card, on another kind's ability, out of range
    ("sheet-effect-on-card", card('{ effect = "influence_bonus", amount = 1 }', '{ effect = "disable_object" }'),
     "test.toml", "effects[0].effect"),
    ("sheet-effect-kind", {"sheets": SHEETS.replace('{ effect = "free_attack" }', '{ effect = "forfeit_actions" }')},
     "superiors.toml", "effects[0].effect"),
    ("sheet-effect-param", {"sheets": SHEETS.replace('factor = 2', 'factor = 0')},
     "superiors.toml", "effects[0].factor"),
]


@pytest.mark.parametrize("files, source, field", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_input(tmp_path, capsys, files, source, field):
    path = write(tmp_path, **files)
    with pytest.raises(DeckError) as e:
        load_deck(path)
    msg = str(e.value)
    assert "\n" not in msg and Path(e.value.source).name == source and e.value.field == field
    assert msg.startswith(f"{e.value.source}: ") and f": {field}: " in msg and "; allowed: " in msg
    assert validate_main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == msg + "\n" and "Traceback" not in err


def test_a_distinction_names_its_rung_and_its_side_follows_its_title(tmp_path):
    """Distinctions "are either angelic -- Vassal, Friend, and Master -- or demonic
    -- Knight, Captain, and Baron": the title is compiled to its rung and gives
    the side; Michael's Knight of the Sword is the first rung of an angelic ladder."""
    michael = load_deck(ROOT / "decks" / "michael.toml")
    sword = michael.cards["Knight of the Sword"]
    assert (sword.distinction, sword.side) == ("vassal", "heaven")
    c = compile_tables([michael])
    assert c.tables.rung[row(c, "Knight of the Sword")] == 1 and c.tables.side[row(c, "Knight of the Sword")] == V.HEAVEN
    assert c.tables.rung[row(c, "Flaming Sword")] == 0
    text = CARDS.replace('"vassal"', '"captain"').replace('["Gabriel"]', '["Belial"]', 1)
    assert load_library(write(tmp_path, cards=text).parent / "cards")["Vassal"].side == "hell"
    with pytest.raises(DeckError, match=r"test\.toml: card 'Vassal': distinction: unknown value 'squire'; "
                                        r"allowed: vassal, friend, master, knight, captain, baron"):
        load_deck(write(tmp_path / "b", **card('"vassal"', '"squire"')))


def test_a_sheet_only_effect_names_the_kind_it_belongs_to(tmp_path):
    """A sheet-only effect changes one kind's Resonance or Attunement: on a card, or
    on a sheet ability of another kind, the message names the kind it belongs to."""
    with pytest.raises(DeckError, match=r"test\.toml: card 'Angel': effects\[0\]\.effect: disable_object is a "
                                        r"Superior-sheet ability of kind 'balseraph', not card text; allowed: only "
                                        r'in a \[\[superior\.ability\]\] with kind = "balseraph"'):
        load_deck(write(tmp_path, **card('{ effect = "influence_bonus", amount = 1 }', '{ effect = "disable_object" }')))
    sheets = SHEETS.replace('{ effect = "free_attack" }', '{ effect = "reach_earth" }')
    with pytest.raises(DeckError, match=r"superiors\.toml: superior 'Gabriel' ability\[0\]: effects\[0\]\.effect: "
                                        r"reach_earth is a Superior-sheet ability of kind 'lilim', not an ability "
                                        r"of kind 'cherub'"):
        load_deck(write(tmp_path / "b", sheets=sheets))


def test_bad_toml_names_the_line(tmp_path):
    line = CARDS.count("\n") + 1
    with pytest.raises(DeckError, match=rf"test\.toml: line {line}: syntax: malformed TOML"):
        load_deck(write(tmp_path, cards=CARDS + "[[card]\n"))


def test_unknown_names_list_what_is_allowed(tmp_path):
    with pytest.raises(DeckError, match="allowed: .*influence_bonus.*remove_from_combat"):
        load_deck(write(tmp_path, **card('"influence_bonus"', '"influence_boost"')))
    with pytest.raises(DeckError, match="did you mean 'Angel'"):
        load_deck(write(tmp_path / "b", **deck('"Angel" = 7', '"Angle" = 7')))


def test_missing_deck_file(tmp_path, capsys):
    with pytest.raises(DeckError, match="nope.toml: file: path: cannot read"):
        load_deck(tmp_path / "nope.toml")
    assert validate_main([]) == 2
    assert validate_main([str(GABRIEL), str(tmp_path / "nope.toml")]) == 2
    out, err = capsys.readouterr()
    assert out.startswith("ok ") and len(err.splitlines()) == 2 and "Traceback" not in err


# ------------------------------------------------------------------ blank cards (balance impact)
def test_blanks_swap_one_seats_copies_for_a_card_that_does_nothing():
    """Song of Fire is in both starter decks: blanking it for Belial (seat 1)
    leaves Gabriel's copies alone; the blank keeps type and cost, loses effects."""
    g, b = load_deck(GABRIEL), load_deck(BELIAL)
    plain = compile_tables([g, b])
    blank = compile_tables([g, b], {"Song of Fire": {"cost": 9}}, [{}, {"Song of Fire": None, "Therkax": None}])
    t, names = blank.tables, blank.names
    song, song_blank = names.index("Song of Fire"), names.index("Song of Fire (blank)")
    assert t.ctype[song_blank] == t.ctype[song] and t.cost[song_blank] == t.cost[song] == 9
    assert not t.eff[song_blank].any() and t.eff[song].any()
    therkax = names.index("Therkax (blank)")
    assert list(t.atk[therkax]) == [0, 0, 0] and list(t.hits[therkax]) == [1, 1, 1]
    assert t.kind[therkax] == plain.tables.kind[plain.names.index("Therkax")]
    assert "Therkax" not in names                      # only Belial had it
    repo = [names[i] for i in t.repo[1, :t.repo_n[1]]]
    assert repo.count("Song of Fire (blank)") == 2 and "Song of Fire" not in repo
    assert [names[i] for i in t.repo[0, :t.repo_n[0]]].count("Song of Fire") == 2
    assert t.repo_n.tolist() == plain.tables.repo_n.tolist()


def test_blanking_a_card_not_in_the_deck_names_the_deck():
    with pytest.raises(DeckError, match=r"belial\.toml.*Therkaz.*did you mean 'Therkax'"):
        compile_tables([load_deck(GABRIEL), load_deck(BELIAL)], swaps=[{}, {"Therkaz": None}])
