"""The ``balance`` command end to end: the real CLI in subprocesses.

Each subprocess costs a few seconds (imports, and loading the numba cache), so
the simulate runs are shared between tests through module-scoped fixtures.
"""
import re

import pytest
from cli import ROOT, balance, ok, one_line_error

GAMES = 200

WIN_RE = re.compile(r"^(?P<label>.+): win rate (?P<pct>\d+\.\d)% \(95% CI \d+\.\d% to \d+\.\d%\), "
                    r"(?P<wins>\d+) wins$")
DRAWS_RE = re.compile(r"^draws: (?P<pct>\d+\.\d)% \(95% CI \d+\.\d% to \d+\.\d%\)$")


def results(lines):
    """A simulate report without its speed line (the only run-to-run difference)."""
    assert sum("games/s" in line for line in lines) == 1, lines
    return [line for line in lines if "games/s" not in line]


def simulate(*extra):
    return ok(balance("simulate", "--games", GAMES, "--seed", 3, *extra))


@pytest.fixture(scope="module")
def seed3():
    return simulate()


# ------------------------------------------------------------------ simulate
def test_simulate_report(seed3):
    lines = seed3
    assert lines[0].startswith("Gabriel's Legions of Flame (influencer) vs Belial's Burning Host (influencer)")
    assert "seed 3" in lines[0]
    assert f"games: {GAMES}" in lines

    wins = [m for m in map(WIN_RE.match, lines) if m]
    assert [m["label"] for m in wins] == ["Gabriel's Legions of Flame (influencer)",
                                         "Belial's Burning Host (influencer)"]
    for m in wins:       # the printed rate is the printed count over the games
        assert float(m["pct"]) == pytest.approx(round(100 * int(m["wins"]) / GAMES, 1))

    draws = [m for m in map(DRAWS_RE.match, lines) if m]
    assert len(draws) == 1
    n_draws = round(float(draws[0]["pct"]) * GAMES / 100)   # 0.5% steps at 200 games: exact
    assert float(draws[0]["pct"]) == pytest.approx(100 * n_draws / GAMES)
    assert sum(int(m["wins"]) for m in wins) + n_draws == GAMES

    assert sum(line.startswith("first player wins") and "95% CI" in line for line in lines) == 1
    assert sum(re.fullmatch(r"mean turns: \d+\.\d", line) is not None for line in lines) == 1
    speed = [line for line in lines if "games/s" in line]
    assert len(speed) == 1 and re.fullmatch(r"speed: [\d,]+ games/s on 1 worker\(s\)", speed[0])


def test_simulate_is_reproducible(seed3):
    assert results(simulate()) == results(seed3)


def test_simulate_same_whatever_jobs_and_chunk(seed3):
    one = results(simulate("--jobs", 1, "--chunk", 200))
    two = results(simulate("--jobs", 2, "--chunk", 50))
    assert two == one
    assert one == results(seed3)      # the default chunk (one chunk of 200 games) agrees too


# ------------------------------------------------------------------ replay, validate
def test_replay_prints_a_game_log():
    lines = ok(balance("replay", "--game-seed", 1))
    assert "-- turn 1, draw --" in lines
    assert any("gains" in line for line in lines)
    assert lines and "game ends:" in lines[-1]


def test_validate_shipped_decks():
    lines = ok(balance("validate", "decks/gabriel.toml", "decks/belial.toml"))
    assert [line.split(":")[0] for line in lines] == ["ok decks/gabriel.toml", "ok decks/belial.toml"]


# ------------------------------------------------------------------ bad input
def _policy(tmp_path, name, **change):
    """A copy of policies/influencer.toml with some weight lines replaced."""
    text = (ROOT / "policies" / "influencer.toml").read_text()
    for key, line in change.items():
        text, n = re.subn(rf"(?m)^{key} = .*$", line, text)
        if not n:
            text = text.replace("[weights]\n", f"[weights]\n{line}\n")
    path = tmp_path / name
    path.write_text(text)
    return path


def _unknown_weight(tmp_path):
    path = _policy(tmp_path, "unknown_weight.toml", bogus="bogus = 1.0")
    return ["--policy-a", path], [str(path), "bogus"]


def _non_number_weight(tmp_path):
    path = _policy(tmp_path, "text_weight.toml", court='court = "high"')
    return ["--policy-b", path], [str(path), "court"]


def _infinite_weight(tmp_path):
    path = _policy(tmp_path, "inf_weight.toml", court="court = inf")
    return ["--policy-a", path], [str(path), "court", "finite"]


def _non_utf8_policy(tmp_path):
    path = tmp_path / "latin1.toml"
    path.write_bytes((ROOT / "policies" / "influencer.toml").read_bytes() + b"# caf\xe9\n")
    return ["--policy-a", path], [str(path)]


def _malformed_deck(tmp_path):
    path = tmp_path / "broken_deck.toml"
    path.write_text('name = "Broken\n[repository\n')
    return ["--deck-a", path], [str(path)]


ONE_LINE_ERRORS = {
    "unknown policy": lambda tmp_path: (["--policy-a", "nosuch"], ["nosuch"]),
    "unknown weight key": _unknown_weight,
    "non-number weight": _non_number_weight,
    "infinite weight": _infinite_weight,
    "non-UTF-8 policy": _non_utf8_policy,
    "missing deck file": lambda tmp_path: (["--deck-a", "nosuch.toml"], ["nosuch.toml"]),
    "malformed deck": _malformed_deck,
    "threshold above the Humans": lambda tmp_path: (["--threshold", 99],
                                                    ["decks/gabriel.toml", "threshold", "99"]),
}


def test_a_bad_value_is_quoted_only_in_part(tmp_path):
    """The one-line error quotes the offending value only in part, however large
    the table a deck file holds where a name belongs."""
    deck = tmp_path / "deck.toml"
    text = (ROOT / "decks" / "gabriel.toml").read_text()
    text = text.replace('library = "cards"', f'library = "{ROOT}/decks/cards"\nsheets = "{ROOT}/decks/superiors.toml"')
    deck.write_text(text.replace('superior = "Gabriel"',
                                 "superior = {" + ", ".join(f"k{i} = {i}" for i in range(300)) + "}"))
    proc = balance("validate", str(deck))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    err = proc.stderr.splitlines()
    assert len(err) == 1 and str(deck) in err[0] and "superior" in err[0]
    assert len(err[0]) < 400, len(err[0])


def test_the_superior_sheets_file_validates_as_sheets():
    proc = balance("validate", "decks/superiors.toml")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("ok decks/superiors.toml: Superior sheets of Gabriel, Belial")


@pytest.mark.parametrize("case", ONE_LINE_ERRORS)
def test_bad_input_is_one_line_exit_2(case, tmp_path):
    args, named = ONE_LINE_ERRORS[case](tmp_path)
    one_line_error(balance("simulate", "--games", 10, *args), *named)


ARGPARSE_ERRORS = {
    "non-integer --games": (["simulate", "--games", "abc"], "--games"),
    "--games 0": (["simulate", "--games", "0"], "--games"),
    "--seed beyond 64 bits": (["simulate", "--games", "10", "--seed", str(2**70)], "--seed"),
    "--game-seed beyond 64 bits": (["replay", "--game-seed", str(2**70)], "--game-seed"),
    "negative --game-seed": (["replay", "--game-seed", "-1"], "--game-seed"),
    "unknown option": (["simulate", "--gmaes", "10"], "--gmaes"),
    "a choice not offered": (["run", "x.toml", "--backend", "slurm"], "--backend"),
}


@pytest.mark.parametrize("case", ARGPARSE_ERRORS)
def test_bad_option_is_one_line_naming_it(case):
    """A bad option is one line: the command, the option and what is allowed,
    and where the help is; exit 2."""
    args, option = ARGPARSE_ERRORS[case]
    proc = balance(*args)
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    [line] = proc.stderr.splitlines()
    assert line.startswith("balance") and ": error: " in line and option in line
    assert line.endswith(" --help)")


# ------------------------------------------------------------------ help
MATCHUP = ["--deck-a", "--deck-b", "--policy-a", "--policy-b", "--threshold", "--turn-cap", "--seed"]
HELP = {
    "compare": ["baseline", "candidate", "--set", "--variant", "--policy-a", "--policy-b", "--bound", "--alpha",
                "--beta", "--max-games", "--batch", "--fixed", "--jobs", "--out"],
    "tune": ["experiment", "--target", "--cards", "--fields", "--max-step", "--budget", "--confirm-games", "--jobs",
             "--out"],
    "styles": ["experiment", "--deck", "--generations", "--population", "--games", "--confirm-games", "--seed",
               "--jobs", "--out"],
    "run": ["experiment", "--out", "--jobs", "--games", "--fresh", "--backend", "--scheduler"],
    "report": ["run_dir", "--out", "--min-games"],
    "impact": ["experiment", "--deck", "--cards", "--games", "--jobs", "--out"],
    "simulate": MATCHUP + ["--games", "--jobs", "--chunk"],
    "replay": MATCHUP + ["--game-seed"],
    "bench": MATCHUP + ["--games"],
    "validate": ["decks"],
}


def described(help_text):
    """Each option or positional of an argparse help page -> its description."""
    out, current = {}, None
    for line in help_text.splitlines():
        m = re.match(r"^  (\S+)(?: [A-Z_]+(?: \[[A-Z_]+ \.\.\.\])?)?(?:, \S+(?: [A-Z_]+)?)*(?:\s{2,}(.*))?$", line)
        if m:
            current = m[1]
            out[current] = (m[2] or "").strip()
        elif current and re.match(r"^\s{6,}\S", line):
            out[current] = (out[current] + " " + line.strip()).strip()
        else:
            current = None
    return out


@pytest.mark.parametrize("command", HELP)
def test_subcommand_help_describes_each_option(command):
    lines = ok(balance(command, "--help"))
    text = "\n".join(lines)
    assert text.startswith(f"usage: balance {command}")
    options = described(text)
    for name in HELP[command]:
        assert name in options, f"{name} missing from `balance {command} --help`"
        assert options[name], f"{name} has no description"
        if name.startswith("--"):
            assert "(default" in options[name], f"{name} does not state its default"


def test_top_level_help_lists_the_subcommands():
    text = "\n".join(ok(balance("--help")))
    for command in HELP:
        assert command in text
    assert "95% intervals" in text          # the simulate summary, '%' and all
