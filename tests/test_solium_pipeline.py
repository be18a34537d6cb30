"""Solium Infernum's combats through the whole pipeline (issue 27): the roster
loads as the manual prints it and its examples replay from it; an experiment of
Legions x abilities x rounds runs, reports, compares and tunes; the causal test
finds a planted ability and passes a placebo; the search agent answers a
program; bad input is refused in one line, with nothing stored touched."""
import json
import re

import numpy as np
import polars as pl
import pytest
from cli import ROOT, balance, ok, one_line_error
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from balance.analysis import seats
from balance.analysis.compare import Change, Settings, compare
from balance.errors import InputError
from balance.report import write_report
from balance.report.seats import judged
from balance.rules import get
from balance.rules.solium.game import play_game
from balance.rules.solium.roster import load_roster
from balance.rules.solium.state import ATTACKER, DEFENDER, END_DESTROYED, G_END, G_TRACE_N, G_WINNER
from balance.runner import run_experiment
from balance.runner.impact import card_impact
from balance.runner.store import load_run

ROSTER = str(ROOT / "decks/solium/pandemonium.toml")
RS = get("solium")


def experiment(tmp_path, games, grid, name="s"):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nruleset = "solium"\nseed = 9\ngames = {games}\n[grid]\n'
                    f'cards = "{ROSTER}"\n{grid}\n')
    return path


def fought(entrants, fixed, **params):
    """One combat of the shipped roster's ``entrants`` (the first attacking) with the dice ``fixed``."""
    m = RS.prepare(ROSTER, list(entrants), ["scripted", "scripted"], **params)
    s = m.state(trace_len=100, fixed=fixed)
    play_game(s, m.state(), m.kernel_tables(), 1, 0, m.params, 0, m.kind, m.units, m.defends, m.agents)
    return s


def test_abyssal_striders_load_with_their_printed_stats():
    """Appendix A: Level 2, Ranged 4, Melee 3, Infernal 0, Hit Points 8, Loyalty 2, Move Points 3."""
    unit = load_roster(ROSTER).units["Abyssal Striders"]
    assert unit.stats == {"level": 2, "ranged": 4, "melee": 3, "infernal": 0, "hp": 8, "loyalty": 2, "move": 3,
                          "upkeep": 0}


def test_the_battle_example_replays_from_the_roster():
    """4.16's Iron Maidens (attacking) against the Bloody Hands and the Ash Hounds'
    support, the Maidens winning the Battlefield Advantage on Ranged: Ranged 6
    against 5 and Melee 8 against 14; 6 and 14 Hit Points after round 1; the
    Maidens destroyed in round 2's Melee."""
    s = fought(["Iron Maidens", "Bloody Hands"], (5, 0, 0), advantage=1)
    events = s.trace[:s.g[G_TRACE_N]]
    assert [tuple(e[2:5]) for e in events[:2]] == [(0, 6, 5), (1, 8, 14)]
    assert list(s.curve[:, 0]) == [6, 14]
    assert tuple(events[-1][[0, 2]]) == (2, 1) and s.g[G_END] == END_DESTROYED and s.g[G_WINNER] == DEFENDER


def test_the_single_combat_example_replays_from_the_roster():
    """4.17's Furfur against Decarabia, their programs as the roster gives them,
    the Luck Rolls and Infernal Bursts the example gives: Decarabia 9 -> 5 -> 3
    -> 1 -> fallen, Furfur 16 -> 16 -> 12 -> 11."""
    s = fought(["Furfur", "Decarabia"], (2, 2, 3, 1, 0, 0, 1, 3, 2, 1))
    damage = np.cumsum(s.trace[:s.g[G_TRACE_N], 5:7], axis=0)
    assert [tuple(16 - d[0] for d in damage), tuple(9 - d[1] for d in damage)] == [(16, 16, 12, 11), (5, 3, 1, -2)]
    assert s.g[G_WINNER] == ATTACKER and s.g[G_END] == END_DESTROYED


@pytest.fixture(scope="module")
def legions(tmp_path_factory):
    """Legions x abilities x rounds: the Charge and Fierce twins, the manual's
    battle and a Place of Power, at 1, 2 and 3 rounds, scripted."""
    tmp = tmp_path_factory.mktemp("s")
    path = experiment(tmp, 2000, 'seats = [["Brass Lancers", "Gore Hounds"], ["Iron Maidens", "Bloody Hands"], '
                                 '["Bloody Hands", "Tower of Dis"]]\npolicies = "scripted"\nrounds = [1, 2, 3]')
    return path, run_experiment(path, out=tmp / "run", jobs=2, progress=False), tmp


def test_an_experiment_of_legions_and_rounds_runs_and_reports(legions):
    """The report speaks of roles, Legions and Hit Points per round, never of
    another game; a Place of Power defends in every game, so its role's rate is its own."""
    _, run_dir, tmp = legions
    index = write_report(run_dir, tmp / "report")
    page = re.sub(r"data:image/[a-z]+;base64,[A-Za-z0-9+/=]+", "", index.read_text())
    assert "Solium Infernum" in page and "attacker" in page and "Legion" in page and "Hit Points" in page
    for word in ("Essence", "Humans", "In Nomine", "Energy", "God"):
        assert not re.search(rf"\b{word}\b", page), word
    raw = pl.read_parquet(sorted((run_dir / "chunks").glob("*.parquet")))
    tower = load_roster(ROSTER).legion_names.index("Tower of Dis")
    assert (raw.filter(pl.col("legion") == tower)["position"] == 1).all()
    roles = judged(seats.by_position(load_run(run_dir)))
    fixed = roles.filter(pl.col("setting").str.contains("Tower of Dis"))
    assert fixed.height == 6 and set(fixed["verdict"]) == {"none: roles fixed"}
    assert "Bloody Hands + Tower of Dis</strong>: an entrant kept its role in every game" in page


def test_the_sweep_of_rounds_moves_the_place_of_power(legions):
    """The Bloody Hands take the Tower of Dis in 2 rounds most of the time and
    never in 1, when the attacker must retreat (4.16: Places of Power never do)."""
    _, run_dir, _ = legions
    raw = pl.read_parquet(sorted((run_dir / "chunks").glob("*.parquet")))
    cells = {c["index"]: c for c in json.loads((run_dir / "manifest.json").read_text())["experiment"]["cells"]}
    hands = raw.filter((pl.col("entrant") == 0) & pl.col("cell").is_in(
        [i for i, c in cells.items() if c["entrants"][1] == "Tower of Dis"]))
    by_rounds = {cells[c]["params"]["rounds"]: g["won"].mean() for (c,), g in hands.group_by("cell")}
    assert by_rounds[1] == 0 and by_rounds[3] == 1 and 0.5 < by_rounds[2] < 1


def test_compare_finds_a_stronger_legion_and_passes_an_unchanged_one(legions):
    """Gore Hounds' Melee 8 -> 11 against its Charge twin: CHANGED; the Iron
    Maidens' Loyalty, which no battle reads: no change, shown as such."""
    path, _, _ = legions
    changed = compare(path, change=Change(overrides={"Gore Hounds": {"melee": 11}}),
                      settings=Settings(bound=0.05, batch=400), jobs=2)
    row = changed.filter(pl.col("question").str.starts_with("Brass Lancers")).row(0, named=True)
    assert row["verdict"] == "changed" and row["difference"] < -0.05, row
    same = compare(path, change=Change(overrides={"Iron Maidens": {"loyalty": 9}}),
                   settings=Settings(bound=0.05, batch=400), jobs=2)
    assert set(same["verdict"]) == {"no change"}, same


def test_tune_proposes_a_stat_for_a_lopsided_battle(tmp_path):
    """The Iron Maidens lose every battle to the Bloody Hands; tune over their
    Melee and Hit Points moves them towards one win in two."""
    from balance.analysis.tune import Plan, tune
    path = experiment(tmp_path, 200, 'seats = [["Iron Maidens", "Bloody Hands"]]\npolicies = "scripted"')
    result = tune(path, Plan(target=None, cards=["Iron Maidens"], fields=("melee", "hp"), max_step=6, budget=4000,
                             confirm_games=400), log=lambda text: None)
    row = result["confirmation"]["cells"][0]
    assert row["baseline"]["score"] < 0.05 and row["proposal"]["score"] > row["baseline"]["score"] + 0.1, row


def test_the_causal_test_finds_charge_and_passes_a_placebo(tmp_path):
    """Charge (+3 Melee damage in round 1) blanked for the Brass Lancers against
    the Shrieking Choir: their score falls (they win every battle with it, 77% as
    their Fierce twin); Rage, which neither army holds (only the Pit Wyrms),
    blanked for the whole roster: every game the same, shown negligible."""
    path = experiment(tmp_path, 400, 'seats = [["Brass Lancers", "Shrieking Choir"]]\npolicies = "scripted"')
    out = card_impact(path, "Brass Lancers", cards=["charge", "rage"], games=400, jobs=2, out=tmp_path / "run")
    table = pl.read_csv(out)
    charge = table.filter(pl.col("card") == "charge").row(0, named=True)
    aura = table.filter(pl.col("card") == "rage").row(0, named=True)
    assert charge["verdict"] == "helps" and charge["diff_lo"] > 0, charge
    assert aura["diff"] == 0 and aura["verdict"] == "negligible", aura


def test_the_search_answers_a_program():
    """Vapula's program wins about a quarter of its duels against Marchosias'
    bleeder; played by the search (a best response to that program, the same
    seeds), Vapula wins more than half."""
    duel = ["Marchosias bleeder", "Vapula sorcery"]
    won = {p: (RS.play_range(RS.prepare(ROSTER, duel, ["scripted", p]), 3, 0, 200)["rows"][:, RS.columns["winner"]]
               == 1).mean() for p in ("scripted", "search")}
    assert won["scripted"] < 0.35 and won["search"] > 0.5, won


ROSTER_ENTRIES = load_roster(ROSTER)
LINEUPS = st.one_of(st.lists(st.sampled_from(ROSTER_ENTRIES.army_names), min_size=2, max_size=2),
                    st.lists(st.sampled_from(ROSTER_ENTRIES.program_names), min_size=2, max_size=2))


@settings(max_examples=60, deadline=None)
@given(lineup=LINEUPS, policies=st.lists(st.sampled_from(["scripted", "random"]), min_size=2, max_size=2),
       readings=st.fixed_dictionaries({"equal_damage_retreat": st.sampled_from(["attacker", "defender"]),
                                       "luck_defends": st.sampled_from(["always", "skull_shield_moves"])}),
       rounds=st.integers(1, 4), luck=st.integers(0, 6), hp=st.integers(1, 30), seed=st.integers(0, 2**40),
       game=st.integers(0, 50))
def test_every_combat_keeps_its_invariants(lineup, policies, readings, rounds, luck, hp, seed, game):
    """Any two armies or programs of the roster, any agents, readings and
    rounds, Furfur's Luck and the Bloody Hands' Hit Points changed: the combat
    ends within its cap, keeps its invariants round by round
    (rules/solium/invariants.py), is the same game when played again, and its
    record says what was played."""
    assume(lineup != ["Tower of Dis", "Tower of Dis"])          # two Places of Power never fight
    m = RS.prepare(ROSTER, lineup, policies, {"Furfur": {"luck": luck}, "Bloody Hands": {"hp": hp}}, readings,
                   rounds=rounds)
    rows = RS.play_range(m, seed, game, 1)["rows"]
    assert RS.check_game(m, seed, game) == rows[0, RS.columns["turns"]]
    assert (RS.play_range(m, seed, game, 1)["rows"] == rows).all()


BAD_ROSTERS = [
    ('abilities = ["charge"]', 'abilities = ["chrage"]', ("chrage", "did you mean 'charge'")),
    ('praetor = "Marchosias"\ncards = ["Dread Hex"]', 'praetor = "Marchosias"\ncards = ["Hail of Bolts"]',
     ("Hail of Bolts", "ranged", "0")),
    ('{ move = "melee_attack", skulls = 4 }]', '{ move = "melee_attack", skulls = 5 }]', ("11 Skulls", "Attack 10")),
    ("hp = 8\n", "hp = -8\n", ("hp", "-8", "from 1")),
    ("luck = 3\n", "luck = -1\n", ("luck", "-1", "from 0")),
    ('slots = [{ move = "bleeding_wound", skulls = 4 }, { move = "melee_defense", shields = 4 },\n'
     '         { move = "obsidian_skin" }, { move = "melee_attack", skulls = 4 }, { move = "melee_defense", '
     'shields = 4 }]', 'slots = []', ("slots", "no moves")),
]


@pytest.mark.parametrize("old, new, named", BAD_ROSTERS)
def test_bad_rosters_get_one_line_and_store_nothing(tmp_path, old, new, named):
    """An unknown ability, a Combat Card adding to a zero attribute, a program
    over its Praetor's budget, negative Hit Points or Luck, a duel with no
    moves: one line naming the file and field, exit 2; a run already stored is
    untouched."""
    text = (ROOT / "decks/solium/pandemonium.toml").read_text()
    assert old in text
    bad = tmp_path / "roster.toml"
    bad.write_text(text.replace(old, new, 1))
    one_line_error(balance("validate", "--ruleset", "solium", bad), str(bad), *named)
    path = tmp_path / "x.toml"
    path.write_text(f'name = "x"\nruleset = "solium"\nseed = 1\ngames = 4\n[grid]\ncards = "{bad}"\n'
                    f'seats = [["Furfur", "Decarabia"]]\n')
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "kept.txt").write_text("stored")
    one_line_error(balance("run", path, "--out", tmp_path / "run"), str(bad))
    assert [p.name for p in (tmp_path / "run").iterdir()] == ["kept.txt"]


@pytest.mark.parametrize("seats, named", [
    ('[["Furfur", "Bloody Hands"]]', ("an army against a program",)),
    ('[["Tower of Dis", "Tower of Dis"]]', ("both Places of Power",)),
    ('[["Furfur", "Nobody"]]', ("'Nobody'", "not an army or program")),
])
def test_bad_lineups_get_one_line(tmp_path, seats, named):
    path = experiment(tmp_path, 4, f"seats = {seats}")
    one_line_error(balance("run", path, "--out", tmp_path / "run"), *named)
    assert not (tmp_path / "run").exists()


def test_the_command_line_plays_and_replays_a_duel():
    lines = ok(balance("simulate", "--ruleset", "solium", "--games", "200", "--jobs", "1"))
    assert any(line.startswith("Furfur (scripted): win rate") for line in lines)
    log = ok(balance("replay", "--ruleset", "solium", "--seats", "Marchosias bleeder", "Vapula sorcery"))
    assert log[0].startswith("round 1, slot 1: Marchosias bleeder bleeding_wound")
    speed = ok(balance("bench", "--ruleset", "solium", "--policy", "scripted", "search", "--games", "40"))
    assert speed[-1].startswith("two-core speed-up")


def test_an_unknown_baseline_is_refused(tmp_path):
    path = experiment(tmp_path, 4, 'seats = [["Brass Lancers", "Gore Hounds"]]')
    with pytest.raises(InputError, match="allowed: blank"):
        card_impact(path, "Brass Lancers", cards=["charge"], games=4, jobs=1, out=tmp_path / "run",
                    baseline="average")
