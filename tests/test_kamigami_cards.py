"""Kamigami Battles' card set: the shipped box, the rulebook's stats, the compiled
tables, the overrides, and every class of bad card file."""
from pathlib import Path

import numpy as np
import pytest

from balance.fields import DeckError
from balance.errors import InputError
from balance.rules.kamigami import vocabulary as V
from balance.rules.kamigami.cards import TUNABLE, load_set

ROOT = Path(__file__).resolve().parents[1]
OLD_ONES = ROOT / "decks" / "kamigami" / "old_ones.toml"
TEXT = OLD_ONES.read_text()


@pytest.fixture(scope="module")
def cs():
    return load_set(OLD_ONES)


@pytest.fixture(scope="module")
def tables(cs):
    return cs.tables()


def kind(cs, name):
    return cs.kinds[cs.names.index(name)]


def color_mask(*colors):
    return sum(1 << V.COLORS.index(c) for c in colors)


# ------------------------------------------------------------------ the shipped box
def test_the_game_box(cs):
    """GAME COMPONENTS: 12 Gods, 6 Temples, 18 Warrior kinds of 5, 12 Artifacts,
    48 Cultists, 18 Servitors of the Outer Gods, 24 High Priests."""
    assert cs.name == "Rise of the Old Ones" and cs.source == str(OLD_ONES)
    assert len(cs.gods) == 12 and len(cs.temples) == 6
    assert sorted(t.sphere for t in cs.temples) == list(range(len(V.SPHERES)))
    warriors = [k for k in cs.kinds if k.type == V.WARRIOR]
    artifacts = [k for k in cs.kinds if k.type == V.ARTIFACT]
    assert len(warriors) == 18 and {k.copies for k in warriors} == {5}
    assert len(artifacts) == 12 and {k.copies for k in artifacts} == {1}
    disciples = [(k.name, k.rank, k.copies) for k in cs.kinds[:3]]
    assert disciples == [("Cultist", 1, 48), ("Servitor of the Outer Gods", 2, 18), ("High Priest", 3, 24)]
    assert [k.type for k in cs.kinds] == [V.DISCIPLE] * 3 + [V.WARRIOR] * 18 + [V.ARTIFACT] * 12
    assert sum(k.copies for k in cs.kinds) == 192        # "192 Standard Sized Cards"
    assert cs.god_names[0] == "Cthulhu" and len(set(cs.names + cs.god_names + cs.temple_names)) == 51


def test_the_pool_is_spread(cs):
    """Every Sphere held by several Gods, every color the Primary Color of 3-4
    Warriors, several Cultures, every effect of the vocabulary used."""
    assert all(len(set(g.spheres)) == 3 for g in cs.gods)
    for s in range(len(V.SPHERES)):
        assert sum(s in g.spheres for g in cs.gods) >= 3, V.SPHERES[s]
    for c in range(len(V.COLORS)):
        assert 3 <= sum(k.color == c for k in cs.kinds if k.type == V.WARRIOR) <= 4, V.COLORS[c]
    assert len(cs.cultures) >= 2
    used = {a.effect for card in cs.kinds + cs.gods + cs.temples for a in card.abilities}
    assert used == set(V.EFFECT_NAMES)


def test_god_reacts_with_a_value_have_a_cost(cs):
    for card in cs.gods + cs.temples:
        for a in card.abilities:
            if a.timing == V.REACT and V.EFFECTS[V.EFFECT_NAMES[a.effect]][2]:
                assert a.cost_kind != V.NO_COST and a.cost >= 1, card.name


# ------------------------------------------------------------------ the rulebook's stats
def test_cthulhu(cs, tables):
    """GOD ABILITIES: "The Stars are Right (ACT) Change the Chaining Colors of the
    last Warrior or Artifact played", "Even Death May Die (REACT) Cancel any
    effect that prevents a card from being Banished"."""
    g = cs.god_names.index("Cthulhu")
    stars, death = cs.gods[g].abilities
    assert (stars.timing, stars.effect, stars.name) == (V.ACT, V.E_RECOLOR, "The Stars are Right")
    assert (death.timing, death.effect, death.name) == (V.REACT, V.E_UNWARD, "Even Death May Die")
    assert tables["god"][g, V.G_N_ABILITIES] == 2
    assert tables["god_ability"][g, 0, V.AB_TIMING] == V.ACT
    assert tables["god_ability"][g, 0, V.AB_EFFECT] == V.E_RECOLOR
    assert tables["god_ability"][g, 1, V.AB_EFFECT] == V.E_UNWARD
    assert tables["god"][g, V.G_SPHERES] == sum(1 << s for s in cs.gods[g].spheres)


def test_jack_dalton_and_anna_stewart(cs, tables):
    """Play Example: Jack Dalton (red) attacks for 4 and chains green and yellow;
    Anna Stewart (yellow) chains blue and green."""
    j = cs.names.index("Jack Dalton")
    row = tables["card"][j]
    assert row[V.C_TYPE] == V.WARRIOR and row[V.C_COLOR] == V.COLORS.index("red")
    assert row[V.C_CHAIN] == color_mask("green", "yellow")
    assert tuple(tables["ability"][j, 0, [V.AB_TIMING, V.AB_EFFECT, V.AB_VALUE]]) == (V.ACT, V.E_ATTACK, 4)
    a = cs.names.index("Anna Stewart")
    assert tables["card"][a, V.C_COLOR] == V.COLORS.index("yellow")
    assert tables["card"][a, V.C_CHAIN] == color_mask("blue", "green")
    assert tables["card"][j, V.C_CHAIN] >> tables["card"][a, V.C_COLOR] & 1    # Anna may follow Jack


def test_elder_things_doris_deep_one_gigi(cs, tables):
    elder = [(a.timing, a.effect, a.value) for a in kind(cs, "Elder Things").abilities]
    assert (V.REACT, V.E_DEFEND, 2) in elder and any(t == V.ACT for t, _, _ in elder)
    assert kind(cs, "Doris Fletcher").cost == 3
    assert tables["card"][cs.names.index("Doris Fletcher"), V.C_COST] == 3
    deep = [(a.timing, a.effect, a.value) for a in kind(cs, "Deep One").abilities]
    assert deep == [(V.ACT, V.E_DRAW, 1), (V.ACT, V.E_REFRESH, 0)]
    gigi = {(a.timing, a.effect, a.value) for a in kind(cs, "Gigi Lamore").abilities}
    assert gigi == {(V.REACT, V.E_REDIRECT, 0), (V.ACT, V.E_DRAW, 1)}


def test_six_faith_buy_a_cultist_and_a_dimensional_shambler(cs):
    """Recruit Phase example: 6 Faith Points buy a Cultist and a Dimensional Shambler."""
    assert kind(cs, "Cultist").cost + kind(cs, "Dimensional Shambler").cost == 6
    assert [(a.timing, a.effect, a.value) for a in kind(cs, "Cultist").abilities] == [(V.ACT, V.E_FAITH, 1)]


# ------------------------------------------------------------------ the compiled tables
def test_tables_shapes(cs, tables):
    K, nG, nT = len(cs.kinds), len(cs.gods), len(cs.temples)
    shapes = {"card": (K, V.N_CARD_COLS), "ability": (K, V.MAX_ABILITIES, V.N_AB_COLS),
              "god": (nG, 3), "god_ability": (nG, V.MAX_GOD_ABILITIES, V.N_AB_COLS),
              "temple": (nT, 2), "temple_ability": (nT, V.MAX_GOD_ABILITIES, V.N_AB_COLS)}
    assert set(tables) == set(shapes)
    for name, shape in shapes.items():
        arr = tables[name]
        assert arr.shape == shape and arr.dtype == np.int64 and arr.flags.c_contiguous, name


def test_tables_rows(cs, tables):
    """Disciples have color -1, no chain and their rank; unused ability rows are zero."""
    card = tables["card"]
    assert list(card[:3, V.C_RANK]) == [1, 2, 3] and list(card[:3, V.C_COLOR]) == [-1] * 3
    assert not card[:3, V.C_CHAIN].any() and not card[3:, V.C_RANK].any()
    assert list(card[:, V.C_COPIES]) == [k.copies for k in cs.kinds]
    counts = {"ability": card[:, V.C_N_ABILITIES], "god_ability": tables["god"][:, V.G_N_ABILITIES],
              "temple_ability": tables["temple"][:, V.T_N_ABILITIES]}
    for table, cards in (("ability", cs.kinds), ("god_ability", cs.gods), ("temple_ability", cs.temples)):
        for i, c in enumerate(cards):
            n = len(c.abilities)
            assert counts[table][i] == n and not tables[table][i, n:].any(), c.name
            rows = [tuple(int(x) for x in r) for r in tables[table][i, :n]]
            assert rows == [(a.timing, a.effect, a.value, a.cost_kind, a.cost) for a in c.abilities], c.name
    assert list(tables["temple"][:, V.T_SPHERE]) == [t.sphere for t in cs.temples]
    assert list(tables["god"][:, V.G_CULTURE]) == [cs.cultures.index(g.culture) for g in cs.gods]
    dagon = tables["god_ability"][cs.god_names.index("Dagon"), 1]
    assert tuple(dagon) == (V.REACT, V.E_DEFEND, 2, V.ENERGY_COST, 1)


def test_overrides_change_only_that_cost(cs, tables):
    assert TUNABLE == ("cost",)
    tuned = cs.tables({"Jack Dalton": {"cost": 9}})
    j = cs.names.index("Jack Dalton")
    assert tuned["card"][j, V.C_COST] == 9
    diff = tuned["card"] != tables["card"]
    assert diff.sum() == 1 and diff[j, V.C_COST]
    assert all(np.array_equal(tuned[k], tables[k]) for k in tables if k != "card")
    assert cs.tables()["card"][j, V.C_COST] == 5 and kind(cs, "Jack Dalton").cost == 5


@pytest.mark.parametrize("overrides, words", [
    ({"Jak Dalton": {"cost": 3}}, ['card "Jak Dalton"', "did you mean 'Jack Dalton'"]),
    ({"Cthulhu": {"cost": 3}}, ['card "Cthulhu"', "card name of the set"]),
    ({"Jack Dalton": {"attack": 3}}, ['card "Jack Dalton"', "attack", "cost"]),
    ({"Jack Dalton": {"cost": 21}}, ['card "Jack Dalton"', "cost", "0 to 20"]),
    ({"Jack Dalton": {"cost": "5"}}, ["cost", "0 to 20"]),
    ({"Jack Dalton": 5}, ['card "Jack Dalton"', "is not a table"]),
])
def test_bad_overrides(cs, overrides, words):
    with pytest.raises(InputError) as e:
        cs.tables(overrides)
    message = str(e.value)
    assert "\n" not in message and all(w in message for w in words), message


# ------------------------------------------------------------------ bad card files
def edit(card, old, new, text=TEXT):
    """The shipped file with the first ``old`` after ``card``'s name replaced by ``new``."""
    i = text.index(f'name = "{card}"')
    j = text.index(old, i)
    return text[:j] + new + text[j + len(old):]


def failure(tmp_path, text) -> str:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(DeckError) as e:
        load_set(path)
    message = str(e.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    return message


def minimal(gods=2, temples=1, warriors=6, artifacts=3) -> str:
    """A small handwritten set of the given numbers of cards."""
    act = 'abilities = [{ type = "act", effect = "faith", value = 1 }]'
    parts = ['[set]\nname = "Mini"']
    parts += [f'[[god]]\nname = "G{i}"\ntitle = "t"\nculture = "c"\nspheres = ["sun", "moon", "war"]\n{act}'
              for i in range(gods)]
    parts += [f'[[temple]]\nname = "T{i}"\nsphere = "sun"\n{act}' for i in range(temples)]
    for table, n in (("warrior", warriors), ("artifact", artifacts)):
        parts += [f'[[{table}]]\nname = "{table}{i}"\ncolor = "red"\nchain = ["blue", "white"]\n'
                  f'cost = 3\n{act}' for i in range(n)]
    parts += [f'[[disciple]]\nname = "D{r}"\nrank = {r}\ncost = 2\ncopies = 10\n{act}' for r in (3, 1, 2)]
    return "\n\n".join(parts) + "\n"


SHOGGOTH = 'abilities = [{ type = "act", effect = "attack", value = 6 }]'
BAD = {
    "unknown color": (edit("Jack Dalton", 'color = "red"', 'color = "purple"'),
                      'warrior "Jack Dalton": color: unknown value \'purple\'', "blue, green, red"),
    "unknown chain color": (edit("Anna Stewart", '"blue", "green"', '"blue", "mauve"'),
                            'warrior "Anna Stewart": chain[1]: unknown value', "white, yellow"),
    "chain of one": (edit("Jack Dalton", '["green", "yellow"]', '["green"]'),
                     'warrior "Jack Dalton": chain:', "2 distinct"),
    "chain twice a color": (edit("Jack Dalton", '["green", "yellow"]', '["green", "green"]'),
                            'warrior "Jack Dalton": chain:', "2 distinct"),
    "missing cost": (edit("Doris Fletcher", "cost = 3\n", ""),
                     'warrior "Doris Fletcher": cost: missing required field', "0 to 20"),
    "cost out of range": (edit("Necronomicon", "cost = 6", "cost = 21"),
                          'artifact "Necronomicon": cost: 21 is not', "0 to 20"),
    "god without spheres": (edit("Hastur", 'spheres = ["sun", "death", "peace"]\n', ""),
                            'god "Hastur": spheres: missing required field', "3 distinct of sun, moon"),
    "god with 2 spheres": (edit("Hastur", '["sun", "death", "peace"]', '["sun", "death"]'),
                           'god "Hastur": spheres:', "3 distinct"),
    "god with a sphere twice": (edit("Hastur", '["sun", "death", "peace"]', '["sun", "sun", "peace"]'),
                                'god "Hastur": spheres:', "3 distinct"),
    "unknown sphere": (edit("Hastur", '"peace"]', '"heaven"]'),
                       'god "Hastur": spheres[2]: unknown value \'heaven\'', "war, peace"),
    "unknown temple sphere": (edit("Ossuary of Leng", 'sphere = "death"', 'sphere = "doom"'),
                              'temple "Ossuary of Leng": sphere: unknown value', "sun, moon"),
    "unknown effect": (edit("Jack Dalton", 'effect = "attack"', 'effect = "smite"'),
                       'warrior "Jack Dalton": abilities[0].effect: unknown value \'smite\'',
                       "attack, faith"),
    "missing value": (edit("Jack Dalton", ", value = 4", ""),
                      'warrior "Jack Dalton": abilities[0].value: missing required field', "1 to 20"),
    "value 0": (edit("Jack Dalton", "value = 4", "value = 0"),
                'warrior "Jack Dalton": abilities[0].value: 0 is not', "1 to 20"),
    "value 21": (edit("Gug", "value = 3", "value = 21"),
                 'warrior "Gug": abilities[1].value: 21 is not', "1 to 20"),
    "value on an effect without": (edit("Cthulhu", 'effect = "recolor"', 'effect = "recolor", value = 2'),
                                   'god "Cthulhu": abilities[0].value: effect \'recolor\' takes no value',
                                   "no value"),
    "act defend": (edit("Elder Things", '"react", effect = "defend"', '"act", effect = "defend"'),
                   'warrior "Elder Things": abilities[1].type: \'act\' with effect \'defend\'', "'react'"),
    "unknown type": (edit("Ghoul", 'type = "act"', 'type = "action"'),
                     'warrior "Ghoul": abilities[0].type: unknown value', "act, react"),
    "god react without cost": (edit("Dagon", ", cost = { energy = 1 }", ""),
                               'god "Dagon": abilities[1].cost: missing', "{faith = n} or {energy = n}"),
    "temple react without cost": (edit("Temple of Celephais", ", cost = { energy = 1 }", ""),
                                  'temple "Temple of Celephais": abilities[0].cost: missing', "{energy = n}"),
    "unknown cost": (edit("Hastur", "cost = { faith = 2 }", "cost = { mana = 2 }"),
                     'god "Hastur": abilities[0].cost.mana: unknown key', "faith, energy"),
    "two costs": (edit("Hastur", "cost = { faith = 2 }", "cost = { faith = 2, energy = 1 }"),
                  'god "Hastur": abilities[0].cost: ', "{faith = n} or {energy = n}"),
    "cost 0": (edit("Hastur", "cost = { faith = 2 }", "cost = { faith = 0 }"),
               'god "Hastur": abilities[0].cost.faith: 0 is not', "1 to 20"),
    "no abilities": (edit("Shoggoth", SHOGGOTH, "abilities = []"),
                     'warrior "Shoggoth": abilities: [] is not', "1 to 3"),
    "missing abilities": (edit("Shoggoth", SHOGGOTH + "\n", ""),
                          'warrior "Shoggoth": abilities: missing required field', "1 to 3"),
    "three god abilities": (edit("Hastur", 'name = "The Yellow Sign" },',
                                 'name = "The Yellow Sign" }, { type = "act", effect = "draw", value = 1 },'
                                 ' { type = "act", effect = "faith", value = 1 },'),
                            'god "Hastur": abilities:', "1 to 2"),
    "unknown key in a card": (edit("Jack Dalton", "cost = 5", "cost = 5\nattack = 4"),
                              'warrior "Jack Dalton": attack: unknown key', "name, color, chain, cost"),
    "unknown key in an ability": (edit("Jack Dalton", "value = 4 }", "value = 4, bonus = 1 }"),
                                  'warrior "Jack Dalton": abilities[0].bonus: unknown key',
                                  "type, effect, value"),
    "unknown key in the set": (TEXT.replace("[set]\n", "[set]\nyear = 1\n"),
                               "set: year: unknown key", "name"),
    "unknown top-level table": (TEXT + "\n[extra]\nx = 1\n", "file: extra: unknown top-level key",
                                "[[warrior]]"),
    "color on a disciple": (edit("Cultist", "rank = 1", 'rank = 1\ncolor = "red"'),
                            'disciple "Cultist": color: unknown key', "name, rank, cost, copies"),
    "disciple without copies": (edit("Cultist", "copies = 48\n", ""),
                                'disciple "Cultist": copies: missing required field', "1 to 99"),
    "disciple rank 4": (edit("High Priest", "rank = 3", "rank = 4"),
                        'disciple "High Priest": rank: 4 is not', "1 to 3"),
    "two disciples of rank 2": (edit("High Priest", "rank = 3", "rank = 2"),
                                "file: disciple: Disciples of ranks [1, 2, 2]", "ranks 1, 2 and 3"),
    "duplicate name": (edit("Gug", 'name = "Gug"', 'name = "Ghoul"'),
                       'warrior "Ghoul": name: also the name of a warrior', "unique"),
    "a card named as a god": (edit("Elder Sign", 'name = "Elder Sign"', 'name = "Cthulhu"'),
                              'artifact "Cthulhu": name: also the name of a god', "unique"),
    "card without a name": (edit("Ghoul", 'name = "Ghoul"', 'title = "Ghoul"'),
                            "warrior #11: name: missing required field", "a string"),
    "empty name": (edit("Ghoul", 'name = "Ghoul"', 'name = " "'),
                   "warrior #11: name: ' ' is not a non-empty string", "a string"),
    "empty ability name": (edit("Cthulhu", 'name = "The Stars are Right"', 'name = ""'),
                           'god "Cthulhu": abilities[0].name:', "a string"),
    "god without culture": (edit("Bast", 'culture = "Elder Gods"\n', ""),
                            'god "Bast": culture: missing required field', "a string"),
    "warrior copies 0": (edit("Ghoul", "cost = 2", "cost = 2\ncopies = 0"),
                         'warrior "Ghoul": copies: 0 is not', "1 to 99"),
    "malformed TOML": (edit("Jack Dalton", "cost = 5", "cost = = 5"), ": syntax: malformed TOML",
                       "valid TOML"),
    "no set table": (TEXT.replace('[set]\nname = "Rise of the Old Ones"\n', ""),
                     "set: set: missing [set] table", '[set] with name = "..."'),
    "gods not an array": ("god = 3\n" + minimal(gods=0), "file: god: is not an array of tables",
                          "[[god]] tables"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_card_file(tmp_path, case):
    text, where_field, allowed = BAD[case]
    assert text != TEXT
    message = failure(tmp_path, text)
    assert where_field in message and allowed in message.split("; allowed: ", 1)[1], message


def test_a_minimal_set(tmp_path):
    path = tmp_path / "mini.toml"
    path.write_text(minimal())
    cs = load_set(path)
    assert cs.names[:3] == ["D1", "D2", "D3"] and cs.cultures == ["c"]
    assert [k.copies for k in cs.kinds[3:]] == [5] * 6 + [1] * 3
    t = cs.tables()
    assert t["card"].shape == (12, V.N_CARD_COLS) and t["god"].shape == (2, 3) and t["temple"].shape == (1, 2)


@pytest.mark.parametrize("counts, field, least", [
    ({"gods": 1}, "god", 2), ({"temples": 0}, "temple", 1), ({"warriors": 5}, "warrior", 6),
    ({"artifacts": 2}, "artifact", 3),
])
def test_too_few_cards(tmp_path, counts, field, least):
    message = failure(tmp_path, minimal(**counts))
    assert f": file: {field}: " in message and f"allowed: at least {least}" in message


def test_a_missing_file(tmp_path):
    with pytest.raises(DeckError) as e:
        load_set(tmp_path / "none.toml")
    assert str(e.value).startswith(f"{tmp_path / 'none.toml'}: file: path: cannot read it")


def test_an_in_nomine_deck_is_not_a_card_set():
    path = ROOT / "decks" / "gabriel.toml"
    with pytest.raises(DeckError) as e:
        load_set(path)
    message = str(e.value)
    assert message.startswith(f"{path}: file: ") and "\n" not in message
    assert "not a Kamigami Battles card set" in message
    assert "[set], [[god]], [[temple]], [[warrior]], [[artifact]], [[disciple]]" in message
