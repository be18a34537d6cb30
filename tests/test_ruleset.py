"""The ruleset interface (DESIGN §5): each registered game declares its
metadata and passes check_ruleset, experiment files name their game, the
manifest records it, and generic code (sim, runner, analysis, report) reaches
a game only through the registry."""
import ast
import dataclasses
import json

import pytest
from cli import ROOT, balance, one_line_error

from balance import rules
from balance.rules.conformance import check_ruleset
from balance.rules.ruleset import Ruleset
from balance.runner import run_experiment
from balance.runner.experiment import load_experiment

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")
COLUMNS = {"game", "pair", "swap", "first", "winner", "turns", "end"}


@pytest.mark.parametrize("name", list(rules.RULESETS))
def test_every_registered_ruleset_declares_its_interface(name):
    rs = rules.get(name)
    assert isinstance(rs, Ruleset) and rs.name == name
    assert rs.seats and all(n >= 2 for n in rs.seats)
    assert rs.variants and rs.resources and rs.end_reasons and set(rs.columns) == COLUMNS
    for p in rs.parameters:
        assert p.low <= p.default and (p.high is None or p.default <= p.high)
    for r in rs.readings.values():
        assert r.default in r.values
    assert json.loads(json.dumps(rs.describe()))["name"] == name


@pytest.mark.parametrize("name", list(rules.RULESETS))
def test_check_ruleset_passes_for_every_registered_ruleset(name):
    check_ruleset(rules.get(name))


def test_check_ruleset_sees_planted_faults():
    """Each fault, planted in a copy of In Nomine's ruleset, fails the check
    with what it broke: records that depend on how the games were split into
    calls, and an end reason the ruleset does not declare."""
    rs = rules.get("innomine")
    by_call = dataclasses.replace(rs, play_range=lambda m, seed, first, n: rs.play_range(m, seed + first, first, n))
    with pytest.raises(AssertionError, match="two calls"):
        check_ruleset(by_call, jit_off_games=0)
    undeclared = dataclasses.replace(rs, end_reasons={k: v for k, v in rs.end_reasons.items() if k != 0})
    with pytest.raises(AssertionError, match="end reason"):
        check_ruleset(undeclared, jit_off_games=0)


def test_an_unknown_ruleset_is_refused_in_one_line(tmp_path):
    path = tmp_path / "x.toml"
    path.write_text(f'name = "x"\nruleset = "chess"\nseed = 1\ngames = 2\n'
                    f'[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    one_line_error(balance("run", path, "--out", tmp_path / "run"),
                   str(path), "ruleset", "'chess'", "allowed: innomine")
    assert not (tmp_path / "run").exists()


def test_an_experiment_names_in_nomine_unless_it_says_otherwise():
    exp = {"name": "x", "seed": 1, "games": 2, "grid": {"pairs": [[GABRIEL, BELIAL]]}}
    assert load_experiment(exp).ruleset is rules.get("innomine")
    assert load_experiment({**exp, "ruleset": "innomine"}).ruleset is rules.get("innomine")


def test_the_manifest_records_the_ruleset_and_its_labels(tmp_path):
    out = run_experiment({"name": "rs", "seed": 3, "games": 4, "grid": {"pairs": [[GABRIEL, BELIAL]]}},
                         out=tmp_path / "rs", progress=False)
    manifest = json.loads((out / "manifest.json").read_text())
    rs = rules.get("innomine")
    assert manifest["experiment"]["ruleset"] == "innomine"
    assert manifest["ruleset"] == json.loads(json.dumps(rs.describe()))
    assert manifest["code_version"]["kernel"] == rs.kernel_digest()


def test_a_rulesets_fingerprint_is_its_kernel_alone():
    """The kernel digest covers the modules its compiled entry points import,
    not the game's Python-side modules, nor the generic interface."""
    files = {str(f.relative_to(ROOT / "balance")) for f in rules.get("innomine").kernel_files()}
    assert {"rules/innomine/game.py", "agents/innomine/search.py", "rules/innomine/combat.py"} <= files
    assert not files & {"rules/innomine/ruleset.py", "rules/innomine/matchup.py", "rules/innomine/records.py",
                        "rules/innomine/contested.py", "rules/ruleset.py", "rules/__init__.py"}


GAME_PACKAGES = {f"balance.{kind}.{game}" for kind in ("rules", "agents") for game in rules.RULESETS}


def imported_modules(source: str, package: str) -> set[str]:
    """The absolute names of what a module of ``package`` imports (relative
    imports resolved), each ``from`` import also as module.name."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out |= {module} | {f"{module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


@pytest.mark.parametrize("folder", ["sim", "runner", "analysis", "report"])
def test_generic_code_reaches_a_game_only_through_the_registry(folder):
    for path in sorted((ROOT / "balance" / folder).glob("*.py")):
        found = imported_modules(path.read_text(encoding="utf-8"), f"balance.{folder}")
        direct = {m for m in found if any(m == g or m.startswith(g + ".") for g in GAME_PACKAGES)}
        assert not direct, f"{path.relative_to(ROOT)} imports {sorted(direct)}"


GAME_WORDS = ("essence", "humans", "threshold", "classic", "influencer", "superior", "souls", "gabriel", "belial",
              "kamigami", "faith", "energy", "cthulhu", "solium", "praetor", "legion", "skull", "prestige")


def game_words(source: str) -> set[str]:
    """The words of GAME_WORDS in ``source``'s code: its names, attributes and
    string literals, docstrings left out (they may give a game as an example)."""
    tree = ast.parse(source)
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    text = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Name):
            text.append(n.id)
        elif isinstance(n, ast.Attribute):
            text.append(n.attr)
        elif isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            text.append(n.value)
    low = " ".join(text).lower()
    return {w for w in GAME_WORDS if w in low}


@pytest.mark.parametrize("folder", ["sim", "runner", "analysis", "report"])
def test_generic_code_names_no_game(folder):
    """No game's words (In Nomine's Essence, Humans, threshold, its classic
    variant and influencer agent; Kamigami's Faith and Energy) in the code of
    the generic packages: every label and column comes from the manifest."""
    for path in sorted((ROOT / "balance" / folder).glob("*.py")):
        found = game_words(path.read_text(encoding="utf-8"))
        assert not found, f"{path.relative_to(ROOT)} names {sorted(found)}"


def test_the_word_check_sees_a_label_but_not_a_docstring():
    found = game_words('"""Essence curves."""\ndef f(row):\n    """threshold 5"""\n    return f"Humans {row[\'x\']}"\n')
    assert found == {"humans"}


def test_the_import_check_sees_a_direct_import():
    """The check above would fail on a module that imports a game's, relatively or not."""
    found = imported_modules("from ..rules.innomine.game import R_WINNER\nimport balance.agents.innomine.search\n",
                             "balance.runner")
    assert {"balance.rules.innomine.game.R_WINNER", "balance.agents.innomine.search"} <= found


def test_compare_refuses_a_candidate_of_another_game(monkeypatch):
    """A candidate experiment must be of the baseline's game: a second ruleset (In
    Nomine's, renamed, registered for this test) is refused in one message
    naming the candidate's file, ``ruleset`` and what is allowed."""
    from balance.analysis.compare import pair_up
    from balance.errors import InputError
    monkeypatch.setitem(rules.RULESETS, "other", "test_ruleset")
    exp = {"name": "x", "seed": 1, "games": 2, "grid": {"pairs": [[GABRIEL, BELIAL]]}}
    with pytest.raises(InputError, match=r"<dict>: ruleset: 'other' differs from the baseline's 'innomine'.*allowed"):
        pair_up(exp, {**exp, "ruleset": "other"})


RULESET = dataclasses.replace(rules.get("innomine"), name="other")     # what the test above registers
