"""The contested readings of the rulebook as switches (docs/rules.md,
"Readings"): for each, a small position where the two readings give different
outcomes, played both ways; and bad readings are one line, exit 2."""
import subprocess
import sys

import pytest
from positions import BELIAL, GABRIEL, Board

from balance.rules.innomine.cards import DeckError
from balance.errors import InputError
from balance.rules.innomine import contested
from balance.rules.innomine import state as S
from balance.agents.points import n_options
from balance.rules.innomine.beings import attach, is_human_card
from balance.rules.innomine.combat import A_ATTACK, fire_song, may_defend_at, offer_declarations
from balance.rules.innomine.effects import search_tool
from balance.rules.innomine.end_turn import end_turn
from balance.rules.innomine.humans import age_mortals
from balance.rules.innomine.superior_dissonance import neglect
from balance.rules.innomine.tables import D_HITS
from balance.rules.innomine.vocabulary import CELESTIAL, CORPOREAL
from balance.runner.experiment import load_experiment

ROOT = S.__file__.rsplit("/balance/", 1)[0]
R_CO = CORPOREAL


def board(**readings):
    """A cleared board of Belial's and Gabriel's decks, in turn 10, under ``readings``."""
    b = Board(turn=10)
    b.clear_board()
    b.s.g[S.G_READINGS] = contested.pack(readings)
    return b


def test_every_reading_has_two_values_a_default_among_them_and_its_own_bit():
    assert sorted(r.bit for r in contested.READINGS.values()) == list(range(len(contested.READINGS)))
    for r in contested.READINGS.values():
        assert len(set(r.values)) == 2 and r.default in r.values
    assert contested.pack({}) == sum(r.values.index(r.default) << r.bit for r in contested.READINGS.values())


@pytest.mark.parametrize("value, heals", [("owners_turn", True), ("never", False)])
def test_an_uncontrolled_human_heals_at_its_owners_turn_or_never(value, heals):
    """I22: "Humans remove one damage counter in each Realm at the end of their
    controller's Turn" -- an uncontrolled Human has no controller.  The replay
    log shows each counter removed."""
    b = board(uncontrolled_human_heals=value)
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    for h in (leslie, ed):
        b.s.I[h, S.F_DMG + CORPOREAL] = 2
    end_turn(b.s, b.t, GABRIEL)
    assert b.s.I[ed, S.F_DMG + CORPOREAL] == 1
    assert b.s.I[leslie, S.F_DMG + CORPOREAL] == (1 if heals else 2)
    shed = [line for line in b.log() if "removes a Corporeal damage counter" in line]
    assert sorted(shed) == ["Gabriel: Ed Holder removes a Corporeal damage counter"] + (
        ["Gabriel: Leslie Hamerson removes a Corporeal damage counter"] if heals else [])


@pytest.mark.parametrize("value, notes", [("end_of_turn", (1, 1)), ("whole_turn", (1, 2))])
def test_a_tether_calms_at_every_turn_end_or_after_a_whole_turn_there(value, notes):
    """I24: "lose one note of Dissonance per whole Turn spent at this Location"
    against "at the end of each turn when they are in a Tether": Vashka was at
    Death Valley as the turn began, Grasch arrived during it."""
    b = board(tether_relief=value)
    dv = b.put(BELIAL, "Death Valley", b.earth)
    stayed = b.put(BELIAL, "Vashka", dv)
    came = b.put(BELIAL, "Grasch", dv)
    b.s.I[stayed, S.F_LOC_START], b.s.I[came, S.F_LOC_START] = dv, b.earth
    for i in (stayed, came):
        b.s.I[i, S.F_DISS] = 2
    end_turn(b.s, b.t, BELIAL)
    assert (b.s.I[stayed, S.F_DISS], b.s.I[came, S.F_DISS]) == notes


@pytest.mark.parametrize("value, notes", [("every_turn", [1, 2, 3]), ("once", [1, 1, 1])])
def test_an_overdue_servitor_takes_a_note_every_turn_or_once(value, notes):
    """I47: Gabriel's "may not go longer than a number of turns equal to their
    Celestial Hits without engaging a demon": Tamiel, overdue three turns running
    while a demon is in play.  Under ``once`` its count starts again at the note,
    so it is not overdue again within those turns."""
    b = board(overdue_note=value)
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    b.put(BELIAL, "Grasch", b.realm(BELIAL))
    limit = b.t.C[b.design("Tamiel"), D_HITS + CELESTIAL]
    seen = []
    for k in (1, 2, 3):
        b.s.g[S.G_TURN] = 10 + limit + k
        neglect(b.s, b.t)
        seen.append(int(b.s.I[tamiel, S.F_DISS]))
    assert seen == notes


@pytest.mark.parametrize("value, ages", [("arrival_turn", (1, 2)), ("next_turn", (0, 1))])
def test_a_human_ages_in_the_turn_it_is_brought_out_or_from_the_next(value, ages):
    """I5: "Count since the Turn they were brought out"."""
    b = board(ageing=value)
    ed = b.put(BELIAL, "Ed Holder", b.earth, entered=10)
    seen = []
    for turn in (10, 11):
        b.s.g[S.G_TURN] = turn
        age_mortals(b.s, b.t)
        seen.append(int(b.s.I[ed, S.F_AGE]))
    assert tuple(seen) == ages


@pytest.mark.parametrize("value, human", [("as_humans", True), ("not_humans", False)])
def test_card_text_aimed_at_humans_reaches_saints_and_undead_or_human_cards_only(value, human):
    """I57: "Saints count as Humans for card purposes"; Undead are "Human, like
    Saints".  Ed Holder is a Human card either way."""
    b = board(saints_and_undead=value)
    for name in ("Saint Florian", "The Charred Man"):
        assert is_human_card(b.s, b.t, b.design(name)) == human
    assert is_human_card(b.s, b.t, b.design("Ed Holder"))


def _blows_offered(b, i):
    """The Beings i may name for a base Attack in its declaration (combat.offer_declarations)."""
    offer_declarations(b.s, b.t, i, R_CO)
    return {int(b.s.opt[k, 1]) for k in range(n_options(b.s)) if b.s.opt[k, 0] == A_ATTACK}


@pytest.mark.parametrize("value, safe", [("new_combat", False), ("any_harm", True)])
def test_a_being_in_its_first_turns_is_safe_only_from_a_new_combat_or_from_any_harm(value, safe):
    """I12: "Beings cannot be attacked until they have spent one opponent's Turn
    in a given Realm".  Hadriel came to Earth in turn 9 and Defends in turn 10:
    under ``any_harm`` Grasch may not name him for a blow, and Grasch's Song of
    Fire spares him; Azra, on Earth since turn 0, is hit either way."""
    b = board(protection=value)
    s, I = b.s, b.s.I
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    grasch = b.put(BELIAL, "Grasch", ny)
    azra = b.put(GABRIEL, "Azra", ny)
    new = b.put(GABRIEL, "Hadriel", ny, entered=9)
    S.enlist(s, grasch, S.ATTACKING)
    for j in (azra, new):
        S.enlist(s, j, S.DEFENDING)
    s.g[S.G_FIGHT_TYPE] = R_CO
    offered = _blows_offered(b, grasch)
    assert azra in offered and (new in offered) == (not safe)
    song = b.take(BELIAL, "Song of Fire")
    attach(s, b.t, song, grasch, BELIAL)
    s.S[BELIAL, S.S_ESSENCE] = 5
    fire_song(s, b.t, grasch, song, ny)
    assert I[azra, S.F_DMG + CORPOREAL] == 2
    assert I[new, S.F_DMG + CORPOREAL] == (0 if safe else 2)


@pytest.mark.parametrize("value", ["free", "spends_action"])
def test_defending_is_free_or_needs_the_action_kept_in_the_last_turn(value):
    """I14: Defend is listed among a Being's "one action per turn" choices, and
    the sample game moves Jayeil "so he can defend Pen should the need arise".
    Azra moved in Gabriel's last turn (no action left), Tamiel kept his."""
    b = board(defend=value)
    s, I = b.s, b.s.I
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    target = b.put(GABRIEL, "Hadriel", ny)
    moved, kept = b.put(GABRIEL, "Azra", ny), b.put(GABRIEL, "Tamiel", ny)
    I[moved, S.F_IDLE], I[kept, S.F_IDLE] = 0, 1
    assert may_defend_at(s, b.t, kept, GABRIEL, ny, target, R_CO)
    assert may_defend_at(s, b.t, moved, GABRIEL, ny, target, R_CO) == (value == "free")


@pytest.mark.parametrize("value, tools", [("chosen", {"First Aid Kit", "Gun", "Computer", "Pit Trap"}),
                                          ("first", {"First Aid Kit"})])
def test_the_tinkerer_takes_a_chosen_tool_or_the_first(value, tools):
    """Tinkerer: "search through their Events Deck for a Tool to bring into
    play".  Read literally the controller chooses among every Tool of the deck
    (one option a design); with ``first``, the first from the top is the only
    one.  A First Aid Kit on top of Gabriel's deck: a scripted style takes it
    either way, and it is attached to Ed Holder."""
    b = board(tinkerer_tool=value)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=GABRIEL)
    kit = b.on_top(GABRIEL, "First Aid Kit")
    assert search_tool(b.s, b.t, ed)
    offered = [b.compiled.names[b.s.I[c, S.F_DESIGN]] for c, _ in b.s.opt[:n_options(b.s)].tolist()]
    assert len(offered) == len(tools) and set(offered) == tools
    assert kit in b.s.I[ed, S.F_ATTS:S.F_ATTS + b.s.I[ed, S.F_NATT]]


@pytest.mark.parametrize("chosen, message", [
    ({"protection": "sometimes"}, "protection: 'sometimes' is not a value of this reading; allowed: new_combat, any_harm"),
    ({"gravity": "on"}, "gravity: unknown reading; allowed: defend, overdue_note"),
])
def test_a_bad_reading_names_it_and_what_is_allowed(chosen, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        contested.pack(chosen)


@pytest.mark.parametrize("readings, message", [
    ({"ageing": "never"}, "grid: readings.ageing: 'never' is not a value of this reading; allowed: arrival_turn, next_turn"),
    ([{}, "any_harm"], "grid: readings: 'any_harm' is not a table"),
])
def test_a_bad_reading_in_an_experiment_names_the_file_and_field(tmp_path, readings, message):
    spec = {"name": "r", "seed": 1, "games": 2,
            "grid": {"pairs": [[f"{ROOT}/decks/gabriel.toml", f"{ROOT}/decks/belial.toml"]], "readings": readings}}
    with pytest.raises(DeckError) as e:
        load_experiment(spec)
    assert message in str(e.value) and "<dict>" in str(e.value)


def test_an_experiments_readings_are_an_axis_of_cells_with_the_defaults_left_out():
    spec = {"name": "r", "seed": 1, "games": 2,
            "grid": {"pairs": [[f"{ROOT}/decks/gabriel.toml", f"{ROOT}/decks/belial.toml"]],
                     "readings": [{}, {"protection": "new_combat", "ageing": "arrival_turn"}]}}
    assert [c.readings for c in load_experiment(spec).cells] == [{}, {"protection": "new_combat"}]


@pytest.mark.parametrize("args, message", [
    (["--reading", "protection"], "--reading: 'protection': not NAME=VALUE"),
    (["--reading", "ageing=never"], "--reading: ageing: 'never' is not a value of this reading"),
])
def test_a_bad_reading_on_the_command_line_is_one_line_and_exit_2(args, message):
    r = subprocess.run([sys.executable, "-m", "balance", "simulate", "--games", "2", *args],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
