"""``balance styles`` (issue 23): a deck's scripted style tuned by CMA-ES against an experiment's field.

The planted case: Gabriel's only shipped style in the experiment is crippled
(it values neither Servitors nor Influence), against Belial under the
influencer.  A tuning of a few generations must find a style that beats it on
fresh seeds, with the difference's 95% interval above zero.  What the command
reports is checked against games played here, apart from it: the candidates'
search scores on the experiment's own seeds, the written file's games on the
confirmation's seeds.
"""
import tomllib

import numpy as np
import pytest
from cli import ROOT, balance, ok, one_line_error

from balance.agents.kinds import A_KIND, A_ROLLOUT_KIND, KINDS
from balance.analysis.sprt import pair_scores
from balance.agents.innomine.styles import (BETTER, KEPT, MARK, RANGES, Budget, FieldPlay, Style, field_of,
                                     shipped_styles, tune_style, verdict, write_style)
from balance.analysis.tune import CONFIRM_SEED_OFFSET
from balance.rules import get
from balance.rules.innomine.matchup import prepare
from balance.agents.innomine.policies import WEIGHTS
from balance.agents.innomine.policy_files import load_agent
from balance.runner.experiment import load_experiment
from balance.runner.run import play_winners, prepare_cell

GABRIEL, BELIAL, MICHAEL = (str(ROOT / f"decks/{name}.toml") for name in ("gabriel", "belial", "michael"))
BUDGET = Budget(generations=3, games=40, confirm_games=200, seed=5)


def crippled(folder):
    """The influencer with no value for Servitors nor for Influence."""
    text = (ROOT / "policies" / "influencer.toml").read_text()
    text = text.replace("servitor = 1.0", "servitor = 0").replace("influence = 1.5", "influence = 0")
    path = folder / "crippled.toml"
    path.write_text(text)
    return path


def experiment(folder, pairs, policies):
    """An experiment file of ``pairs`` of decks under ``policies`` (a TOML value), threshold 5."""
    path = folder / "e.toml"
    rows = ", ".join(f'["{a}", "{b}"]' for a, b in pairs)
    path.write_text(f'name = "e"\nseed = 11\ngames = 2\n[grid]\npairs = [{rows}]\nthreshold = 5\n'
                    f"policies = {policies}\n")
    return path


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    folder = tmp_path_factory.mktemp("planted")
    path = experiment(folder, [(GABRIEL, BELIAL)], f'[["{crippled(folder)}", "influencer"]]')
    result = tune_style(path, GABRIEL, BUDGET, jobs=1, name="gabriel_tuned", log=lambda _: None)
    out = folder / "gabriel_tuned.toml"
    write_style(out, result["tuned"], "Tuned by balance styles in a test")
    return path, result, out


def winners(exp, policy_file, seed, games):
    """Gabriel (deck A) under ``policy_file`` against Belial under the influencer, played here."""
    m = prepare(GABRIEL, BELIAL, str(policy_file), "influencer", exp.cells[0].params["threshold"], exp.cells[0].turn_cap)
    return play_winners(get(), {"m": m}, seed, 0, games, 1)["m"]


def test_every_candidate_was_scored_on_the_experiments_own_seeds(planted, tmp_path):
    """Candidates of the first and the last generation, written as policy files
    and played here on the root seed's first games, score what the search saw:
    every weight vector played the same games."""
    path, result, _ = planted
    exp, history = load_experiment(path), result["history"]
    assert result["games"] == BUDGET.games and len(history) == BUDGET.generations * result["population"]
    for style, score in (history[0], history[-1]):
        write_style(tmp_path / f"{style.name}.toml", style, "a candidate")
        w = winners(exp, tmp_path / f"{style.name}.toml", exp.seed, BUDGET.games)
        assert pair_scores(w).mean() == score


def test_the_same_weights_score_the_same_twice_and_other_weights_otherwise(planted):
    path, result, _ = planted
    exp = load_experiment(path)
    field = field_of(exp, GABRIEL)
    row = next(iter(shipped_styles(exp, field).values())).row
    matchups = [prepare_cell(exp, o.cell) for o in field]
    play = FieldPlay(exp.ruleset, field, matchups, row, exp.seed, 1, lambda _: None)
    tuned = result["tuned"]
    twin = Style("twin", tuned.weights)
    start = result["start"]
    play.extend([tuned, twin, start], 400)        # enough pairs that two styles cannot tie by chance
    assert np.array_equal(play.pairs(tuned), play.pairs(twin))
    assert not np.array_equal(play.pairs(tuned), play.pairs(start))


def test_a_crippled_style_is_improved_on_fresh_seeds(planted):
    _, result, _ = planted
    start, tuned = result["start"], result["tuned"]
    assert start.name == "crippled"
    d = result["differences"][start]
    assert verdict(d) == BETTER and d["low"] > 0, d
    assert d["pairs"] == BUDGET.confirm_games // 2
    w = tuned.table()
    assert w["servitor"] > 0 or w["influence"] > 0, w


def test_the_tuned_weights_stay_in_range_whole_where_counted(planted):
    _, result, _ = planted
    start, tuned = result["start"].table(), result["tuned"].table()
    assert set(RANGES) | set(KEPT) == set(WEIGHTS)
    for name, v in tuned.items():
        if name in KEPT or name not in result["searched"]:
            assert v == start[name], name
            continue
        low, high, whole = RANGES[name]
        assert low <= v <= high, (name, v)
        assert not whole or v == round(v), (name, v)
    assert "d666_before" not in result["searched"]            # the field plays classic rules only


def test_the_written_file_loads_as_a_policy_and_plays_the_confirmed_games(planted):
    """The written file, played here on the confirmation's seeds, scores what
    the confirmation printed."""
    path, result, out = planted
    raw = tomllib.loads(out.read_text())
    assert set(raw) == {"name", "description", "weights"} and raw["name"] == "gabriel_tuned"
    agent = load_agent(str(out))
    assert agent.kind == "scripted" and tuple(agent.weights) == result["tuned"].weights
    exp = load_experiment(path)
    assert result["confirm_seed"] == exp.seed + CONFIRM_SEED_OFFSET
    w = winners(exp, out, result["confirm_seed"], BUDGET.confirm_games)
    reported = result["scores"][result["tuned"]]
    assert pair_scores(w).mean() == pytest.approx(reported["score"], abs=1e-12)
    assert reported["low"] < reported["score"] < reported["high"]


def test_a_search_agent_takes_the_tuned_file_as_its_rollout_agent(planted, tmp_path):
    _, result, out = planted
    search = tmp_path / "search_tuned.toml"
    search.write_text((ROOT / "policies" / "search.toml").read_text()
                      .replace('rollout_agent = "influencer"', f'rollout_agent = "{out}"'))
    agent = load_agent(str(search))
    assert agent.row[A_KIND] == KINDS["search"] and agent.row[A_ROLLOUT_KIND] == KINDS["scripted"]
    assert tuple(agent.weights) == result["tuned"].weights
    m = prepare(GABRIEL, BELIAL, str(search), "influencer")
    assert tuple(m.weights[0]) == result["tuned"].weights


# ------------------------------------------------------------------ the command
@pytest.fixture(scope="module")
def command(tmp_path_factory):
    folder = tmp_path_factory.mktemp("command")
    path = experiment(folder, [(GABRIEL, BELIAL)], f'[["{crippled(folder)}", "influencer"]]')
    proc = balance("styles", path, "--deck", GABRIEL, "--generations", 2, "--games", 40, "--confirm-games", 200,
                   "--jobs", 1, "--out", folder / "out")
    return proc, folder / "out" / "gabriel_tuned.toml"


def test_the_command_prints_the_verdict_and_writes_a_policy_file(command):
    proc, out = command
    lines = ok(proc)
    assert lines[0].startswith("BETTER: the tuned style gabriel_tuned minus crippled"), lines[0]
    assert "seed pairs" in lines[0] and any(line.startswith("search: CMA-ES from crippled") for line in lines)
    assert lines[-1] == f"written to {out}"
    assert load_agent(str(out)).kind == "scripted"
    assert tomllib.loads(out.read_text())["description"].startswith(MARK)


def test_the_command_rewrites_its_own_file(command):
    """A file it wrote may be written again; the same run gives the same file."""
    proc, out = command
    before = out.read_text()
    args = proc.args[3:]
    again = balance(*args)
    assert again.returncode == 0, again.stderr
    assert out.read_text() == before and again.stdout == proc.stdout


# ------------------------------------------------------------------ bad input
def _exp(tmp_path, pairs=((GABRIEL, BELIAL),), policies='"influencer"'):
    return experiment(tmp_path, pairs, policies)


BAD = {
    "an empty field": (lambda t: [_exp(t, [(GABRIEL, GABRIEL)]), "--deck", GABRIEL],
                       ["--deck", "no field to tune against"]),
    "an unknown deck": (lambda t: [_exp(t), "--deck", MICHAEL], ["--deck", "michael.toml", "allowed"]),
    "no scripted style": (lambda t: [_exp(t, policies='"random"'), "--deck", GABRIEL],
                          ["grid.policies", "no scripted style"]),
    "zero generations": (lambda t: [_exp(t), "--deck", GABRIEL, "--generations", 0], ["--generations"]),
    "zero games": (lambda t: [_exp(t), "--deck", GABRIEL, "--games", 0], ["--games"]),
    "zero confirmation games": (lambda t: [_exp(t), "--deck", GABRIEL, "--confirm-games", 0], ["--confirm-games"]),
    "less than a seed pair a matchup": (lambda t: [_exp(t, [(GABRIEL, BELIAL), (MICHAEL, GABRIEL)]), "--deck",
                                                   GABRIEL, "--games", 3],
                                        ["--games: 3", "seed pair", "2 matchups", "at least 4"]),
    "a population of one": (lambda t: [_exp(t), "--deck", GABRIEL, "--population", 1], ["--population", ">= 2"]),
    "a seed beyond 32 bits": (lambda t: [_exp(t), "--deck", GABRIEL, "--seed", 2**32], ["--seed"]),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_styles_input_is_one_line_exit_2(case, tmp_path):
    args, named = BAD[case]
    one_line_error(balance("styles", *args(tmp_path), "--out", tmp_path / "out"), *named)
    assert not (tmp_path / "out").exists()


def test_an_out_file_it_did_not_write_is_left_alone(tmp_path):
    """--out naming a policy file that balance styles did not write is refused before any game."""
    target = tmp_path / "influencer.toml"
    target.write_bytes((ROOT / "policies" / "influencer.toml").read_bytes())
    one_line_error(balance("styles", _exp(tmp_path), "--deck", GABRIEL, "--out", target),
                   "--out", str(target), "not written by balance styles")
    assert target.read_bytes() == (ROOT / "policies" / "influencer.toml").read_bytes()


def test_an_out_folder_below_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x")
    one_line_error(balance("styles", _exp(tmp_path), "--deck", GABRIEL, "--out", tmp_path / "file" / "sub"),
                   "--out", "is below")
