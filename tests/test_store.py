"""The store under stress (issue 25): one writer at a time, chunks verified and
replayed, the manifest checked, atomic creation, bounds on every number, output
folders checked before any game is played, and Ctrl-C.  What is about processes
(locks, kills, signals) runs the real ``balance`` command; the rest runs in
this process, which is faster."""
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import warnings

import polars as pl
import pytest
from cli import ENV, ROOT, balance, ok, one_line_error
from runs import planted_deck

from balance.errors import InputError
from balance.runner import load_run, run_experiment
from balance.runner.impact import card_impact
from balance.runner.store import CHUNKS, DAMAGED, GO, LOCK, MANIFEST, PAUSE, StoreWarning, read_impact

psutil = pytest.importorskip("psutil")

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")
GAMES, CHUNK = 40, 10


def spec(seed=11, games=GAMES, chunk=CHUNK, **grid) -> dict:
    return {"name": "s", "seed": seed, "games": games, "chunk": chunk, "grid": {"pairs": [[GABRIEL, BELIAL]], **grid}}


def exp_file(folder, name="exp.toml", seed=11, games=GAMES, chunk=CHUNK, extra="", pairs=None):
    """The experiment ``spec(seed, games, chunk)`` as a TOML file (``extra``: more grid lines)."""
    a, b = pairs or (GABRIEL, BELIAL)
    path = folder / name
    path.write_text(f'name = "s"\nseed = {seed}\ngames = {games}\nchunk = {chunk}\n'
                    f'[grid]\npairs = [["{a}", "{b}"]]\n{extra}', encoding="utf-8")
    return path


def stored(run_dir) -> pl.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("error", StoreWarning)         # a store compared here must be sound
        return load_run(run_dir).games.sort("cell", "game").collect()


def tree_digest(folder) -> dict:
    """Every file's bytes, hidden ones included, hashed."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def chunk_files(run_dir):
    return sorted((run_dir / CHUNKS).glob("c*.parquet"))


def start(*args, pause=None, go=None):
    """``balance ARGS`` as a process; with ``pause``, it stops at that step of the store."""
    env = {**ENV, **({PAUSE: pause} if pause else {}), **({GO: str(go)} if go else {})}
    return subprocess.Popen([sys.executable, "-m", "balance", *map(str, args)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_paused(proc, step, timeout=600):
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = proc.stderr.readline()
        if f"paused at {step}" in line:
            return
        if not line and proc.poll() is not None:
            break
    proc.kill()
    raise AssertionError(f"never paused at {step}: exit {proc.poll()}")


def kill(proc):
    proc.send_signal(signal.SIGKILL)
    proc.communicate()


def alive(procs) -> list[int]:
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p.pid)
        except psutil.NoSuchProcess:
            pass
    return out


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The uninterrupted single run of ``spec()``: its records, and those of seed 12."""
    tmp = tmp_path_factory.mktemp("ref")
    return {seed: stored(run_experiment(spec(seed), out=tmp / f"r{seed}", jobs=1, progress=False))
            for seed in (11, 12)}


@pytest.fixture
def made(tmp_path):
    """A finished store of spec() at tmp_path/run."""
    return run_experiment(exp_file(tmp_path), out=tmp_path / "run", jobs=1, progress=False)


# ------------------------------------------------------------------ one writer per store
def test_a_second_writer_is_refused_with_the_holders_pid(tmp_path, reference):
    """While run A holds the store, a second run of the same experiment, a run of
    another one with --fresh and an impact are refused at once; A finishes alone
    and the store holds exactly its records; the other experiment then starts over."""
    exp, other, out, go = exp_file(tmp_path), exp_file(tmp_path, "other.toml", seed=12), tmp_path / "run", tmp_path / "go"
    a = start("run", exp, "--out", out, "--jobs", 1, pause="journaled", go=go)
    wait_paused(a, "journaled")
    rivals = [start("run", exp, "--out", out, "--jobs", 1),
              start("run", other, "--out", out, "--jobs", 1, "--fresh"),
              start("impact", exp, "--deck", BELIAL, "--cards", "Therkax", "--games", 2, "--jobs", 1, "--out", out)]
    for proc in rivals:
        stdout, stderr = proc.communicate(timeout=300)
        one_line_error(subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr),
                       str(out), f"pid {a.pid}", "another balance process")
    go.touch()
    stdout, stderr = a.communicate(timeout=300)
    assert a.returncode == 0, stderr
    assert stored(out).equals(reference[11])
    ok(balance("run", other, "--out", out, "--jobs", 1, "--fresh"))
    assert stored(out).equals(reference[12])


def test_the_lock_of_a_killed_writer_is_taken_over(tmp_path, reference):
    exp, out = exp_file(tmp_path), tmp_path / "run"
    a = start("run", exp, "--out", out, "--jobs", 1, pause="journaled")
    wait_paused(a, "journaled")
    kill(a)
    assert (out / LOCK).read_text().split() == [str(a.pid)]      # the dead holder's pid is still written
    ok(balance("run", exp, "--out", out, "--jobs", 1))
    assert stored(out).equals(reference[11])
    assert (out / LOCK).read_text().split() != [str(a.pid)]


# ------------------------------------------------------------------ creation: a kill at every step
@pytest.mark.parametrize("step", ["created", "locked", "manifest", "populated", "renamed", "journaled"])
def test_a_run_killed_at_any_step_of_creation_reruns(step, tmp_path, reference):
    exp, out = exp_file(tmp_path), tmp_path / "run"
    a = start("run", exp, "--out", out, "--jobs", 1, pause=step)
    wait_paused(a, step)
    kill(a)
    assert not out.exists() or (out / MANIFEST).is_file(), "a folder appears whole or not at all"
    run_experiment(exp_file(tmp_path), out=out, jobs=1, progress=False)        # the same command again
    assert stored(out).equals(reference[11])
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".run")] == [], "no sibling left behind"
    run_experiment(spec(12), out=out, jobs=1, fresh=True, progress=False)
    assert stored(out).equals(reference[12])


@pytest.mark.parametrize("step", ["cleared", "set-aside", "manifest"])
def test_a_fresh_start_or_a_repair_killed_half_way_reruns(step, tmp_path, made, reference):
    """--fresh killed after deleting the manifest, or a resume killed after setting a
    damaged chunk aside: the plain command and --fresh both succeed afterwards."""
    victim = chunk_files(made)[0]
    victim.write_bytes(victim.read_bytes()[:100])
    args = ["run", exp_file(tmp_path), "--out", made, "--jobs", 1] + (["--fresh"] if step == "cleared" else [])
    a = start(*args, pause=step)
    wait_paused(a, step)
    kill(a)
    with pytest.warns(StoreWarning) if step in ("cleared", "set-aside") else warnings.catch_warnings():
        run_experiment(exp_file(tmp_path), out=made, jobs=1, progress=False)
    assert stored(made).equals(reference[11])
    run_experiment(spec(12), out=made, jobs=1, fresh=True, progress=False)
    assert stored(made).equals(reference[12])


def test_run_accepts_a_folder_where_impact_wrote_first(tmp_path, reference):
    out = tmp_path / "run"
    ok(balance("impact", exp_file(tmp_path), "--deck", BELIAL, "--cards", "Therkax", "--games", 4, "--jobs", 1,
               "--out", out))
    assert sorted(p.name for p in out.iterdir()) == [LOCK, "impact"]
    run_experiment(exp_file(tmp_path), out=out, jobs=1, progress=False)
    assert stored(out).equals(reference[11])
    assert read_impact(out)["card"].to_list() == ["Therkax"]


def test_fresh_keeps_other_peoples_files_and_refuses_a_folder_that_is_not_a_run(tmp_path, made, reference):
    (made / "notes.txt").write_text("mine")
    run_experiment(spec(12), out=made, jobs=1, fresh=True, progress=False)
    assert (made / "notes.txt").read_text() == "mine" and stored(made).equals(reference[12])
    (made / MANIFEST).write_text("{}")
    with pytest.raises(InputError, match="manifest"):       # other files and no sound run: not cleared
        run_experiment(exp_file(tmp_path), out=made, jobs=1, fresh=True, progress=False)
    (made / "notes.txt").unlink()
    run_experiment(exp_file(tmp_path), out=made, jobs=1, fresh=True, progress=False)      # only ours: cleared
    assert stored(made).equals(reference[11])


# ------------------------------------------------------------------ damaged chunks
def truncate(data):
    return data[:len(data) // 2]


def zero(data):
    return bytes(len(data))


def garble(data):
    mid = len(data) // 2
    return data[:mid] + bytes(b ^ 0x5A for b in data[mid:mid + 64]) + data[mid + 64:]


DAMAGE = {"truncated": truncate, "zeroed": zero, "garbled": garble, "missing": None}


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_chunk_is_named_left_out_and_replayed(kind, tmp_path, made, reference):
    victim = chunk_files(made)[1]
    if DAMAGE[kind]:
        victim.write_bytes(DAMAGE[kind](victim.read_bytes()))
        bad = victim.read_bytes()
    else:
        victim.unlink()
    before = tree_digest(made)
    with pytest.warns(StoreWarning, match=re.escape(victim.name)):
        run = load_run(made)
    assert run.partial and list(run.damaged) == [victim.name] and run.n_games == GAMES - CHUNK
    assert tree_digest(made) == before, "reading changes nothing"
    with pytest.warns(StoreWarning, match=re.escape(victim.name)):
        run_experiment(exp_file(tmp_path), out=made, jobs=1, progress=False)
    assert stored(made).equals(reference[11])
    if DAMAGE[kind]:
        assert (made / DAMAGED / victim.name).read_bytes() == bad, "set aside, not deleted"


def test_a_chunk_the_manifest_does_not_record_is_not_read(tmp_path, made, reference):
    """Games of another experiment under a name of this run's (the corruption two
    unlocked writers made) and a stray chunk are both refused."""
    other = run_experiment(spec(12), out=tmp_path / "other", jobs=1, progress=False)
    stray = made / CHUNKS / "c00000-g0000000040.parquet"
    stray.write_bytes(chunk_files(other)[0].read_bytes())
    chunk_files(made)[0].write_bytes(chunk_files(other)[0].read_bytes())
    with pytest.warns(StoreWarning, match="not recorded"):
        run = load_run(made)
    assert sorted(run.damaged) == ["c00000-g0000000000.parquet", stray.name] and run.n_games == GAMES - CHUNK
    with pytest.warns(StoreWarning):
        run_experiment(exp_file(tmp_path), out=made, jobs=1, progress=False)
    assert stored(made).equals(reference[11]) and not stray.exists()


def test_report_and_resume_name_the_damage(tmp_path, made, reference):
    """The real commands: report warns in one line naming each damaged chunk and
    reports the rest as PARTIAL; run sets them aside and replays them."""
    files = chunk_files(made)
    for f, damage in zip(files, (truncate, zero, garble)):
        f.write_bytes(damage(f.read_bytes()))
    proc = balance("report", made, "--out", tmp_path / "report")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    warning = [line for line in proc.stderr.splitlines() if line.startswith("balance: warning:")]
    assert len(warning) == 1 and all(f.name in warning[0] for f in files[:3]), proc.stderr
    assert "PARTIAL RUN" in (tmp_path / "report" / "index.html").read_text()
    proc = balance("run", exp_file(tmp_path), "--out", made, "--jobs", 1)
    assert proc.returncode == 0 and all(f.name in proc.stderr for f in files[:3]), proc.stderr
    assert stored(made).equals(reference[11])
    assert sorted(p.name for p in (made / DAMAGED).iterdir()) == [f.name for f in files[:3]]


# ------------------------------------------------------------------ the manifest's shape
SHAPES = {
    "empty object": ({}, "experiment"),
    "a list": ([], "top level"),
    "a number": (7, "top level"),
    "experiment a list": (lambda m: m | {"experiment": []}, "experiment"),
    "cells missing": (lambda m: m | {"experiment": {k: v for k, v in m["experiment"].items() if k != "cells"}},
                      "experiment.cells"),
    "a cell without its parameters": (lambda m: m | {"experiment": m["experiment"] | {"cells": [
        {k: v for k, v in m["experiment"]["cells"][0].items() if k != "params"}]}}, "experiment.cells[0].params"),
    "fingerprint missing": (lambda m: {k: v for k, v in m.items() if k != "fingerprint"}, "fingerprint"),
    "decks of another length": (lambda m: m | {"decks": []}, "decks"),
    "chunks_planned text": (lambda m: m | {"chunks_planned": "4"}, "chunks_planned"),
    "chunks_done text": (lambda m: m | {"chunks_done": "all"}, "chunks_done"),
    "a chunk record without its checksum": (
        lambda m: m | {"chunks_done": {n: {"bytes": r["bytes"]} for n, r in m["chunks_done"].items()}}, ".sha256"),
    "timing seconds text": (lambda m: m | {"timing": m["timing"] | {"seconds": "long"}}, "timing.seconds"),
    "seeds null": (lambda m: m | {"seeds": None}, "seeds"),
}


def set_manifest(run_dir, shape):
    m = json.loads((run_dir / MANIFEST).read_text())
    (run_dir / MANIFEST).write_text(json.dumps(shape(m) if callable(shape) else shape))


@pytest.mark.parametrize("case", SHAPES)
def test_a_manifest_of_the_wrong_shape_is_one_line(case, tmp_path, made):
    shape, field = SHAPES[case]
    set_manifest(made, shape)
    before = tree_digest(made)
    exp = exp_file(tmp_path)
    for attempt in (lambda: load_run(made), lambda: run_experiment(exp, out=made, jobs=1, progress=False)):
        with pytest.raises(InputError) as e:
            attempt()
        assert str(made / MANIFEST) in str(e.value) and field in str(e.value) and "\n" not in str(e.value)
    assert tree_digest(made) == before


@pytest.mark.parametrize("text", ["{}", "[1, 2]", "not json at all", "\x00\xff garbage"])
def test_report_and_run_on_a_broken_manifest_are_one_line_exit_2(text, tmp_path, made):
    (made / MANIFEST).write_text(text, encoding="latin-1")
    before = tree_digest(made)
    one_line_error(balance("report", made, "--out", tmp_path / "report"), str(made / MANIFEST))
    one_line_error(balance("run", exp_file(tmp_path), "--out", made, "--jobs", 1), str(made / MANIFEST), "--fresh")
    assert tree_digest(made) == before
    ok(balance("run", exp_file(tmp_path), "--out", made, "--jobs", 1, "--fresh"))   # only our files: started over


# ------------------------------------------------------------------ impact tables
@pytest.fixture(scope="module")
def impact_text(tmp_path_factory):
    """A sound impact table, as 'balance impact' writes it."""
    tmp = tmp_path_factory.mktemp("impact")
    path = card_impact(spec(games=4), BELIAL, cards=["Therkax"], jobs=1, out=tmp / "run", progress=False)
    return path.read_text()


def _with_diff(text, value):
    head, row = text.strip().split("\n")[:2]
    cells = row.split(",")
    cells[head.split(",").index("diff")] = value
    return f"{head}\n{','.join(cells)}\n".encode()


IMPACT_CSV = {
    "binary garbage": (lambda text: b"\x00\x01\x02\xff\xfe" * 50, ""),
    "empty": (lambda text: b"", "unreadable"),
    "another table": (lambda text: b"a,b\n1,2\n", "column deck"),
    "text where numbers belong": (lambda text: _with_diff(text, "lots"), "column diff"),
    "an unknown verdict": (lambda text: re.sub(r",(helps|hurts|negligible|undecided)$", ",maybe", text,
                                               flags=re.M).encode(), "column verdict"),
}


@pytest.mark.parametrize("case", IMPACT_CSV)
def test_a_garbage_impact_table_is_one_line_naming_the_file(case, tmp_path, made, impact_text):
    make, named = IMPACT_CSV[case]
    (made / "impact").mkdir()
    (made / "impact" / "belial.csv").write_text(impact_text)
    bad = made / "impact" / "bad.csv"
    bad.write_bytes(make(impact_text))
    with pytest.raises(InputError) as e:
        read_impact(made)
    assert str(bad) in str(e.value) and named in str(e.value) and "\n" not in str(e.value)
    if case == "binary garbage":
        one_line_error(balance("report", made, "--out", tmp_path / "report"), str(bad))


def test_a_sound_impact_table_reads_back(made, impact_text):
    (made / "impact").mkdir()
    (made / "impact" / "belial.csv").write_text(impact_text)
    assert read_impact(made)["card"].to_list() == ["Therkax"]


# ------------------------------------------------------------------ bad input: one line, nothing touched
@pytest.fixture(scope="module")
def store(tmp_path_factory):
    out = tmp_path_factory.mktemp("store") / "run"
    run_experiment(exp_file(out.parent), out=out, jobs=1, progress=False)
    return out


def _cost_override(tmp):
    return ["run", exp_file(tmp, extra='[[grid.overrides]]\ncost."Therkax" = 99999999999999999999999\n')], \
        ["Therkax", "cost", "0 to 999"]


def _card_number(tmp, pattern, value, named):
    deck = planted_deck(tmp, "Windfall")
    lib = tmp / "cards" / "planted.toml"
    lib.write_text(re.sub(pattern, value, lib.read_text(), count=1))
    return ["run", exp_file(tmp, pairs=(GABRIEL, deck))], [str(lib), "Windfall", *named]


def _copies(tmp):
    deck = planted_deck(tmp, {"Dud": 10**12})
    return ["run", exp_file(tmp, pairs=(GABRIEL, deck))], [deck, "copies", "999"]


BAD_INPUT = {
    "turn cap of ten million": lambda tmp: (["run", exp_file(tmp, extra="turn_cap = 10000000\n")],
                                            ["turn_cap", "65535"]),
    "cost beyond 64 bits in an override": _cost_override,
    "cost beyond 64 bits in a card": lambda tmp: _card_number(tmp, r"cost = 0", "cost = 99999999999999999999999",
                                                              ["cost"]),
    "effect amount beyond 64 bits": lambda tmp: _card_number(tmp, r"amount = 6", f"amount = {2**70}", ["amount"]),
    "10**12 copies of a card": _copies,
    "games = 2**40": lambda tmp: (["run", exp_file(tmp, games=2**40)], ["games", str(2**32)]),
    "a chunk file per two games": lambda tmp: (["run", exp_file(tmp, games=2**32, chunk=2)], ["chunk", "100,000"]),
    "more memory than the machine has": lambda tmp: (
        ["run", exp_file(tmp, games=10**6, chunk=10**6, extra="turn_cap = 65535\n")], ["GiB", "chunk"]),
    "--out a file": lambda tmp: (["run", exp_file(tmp), "--out", _file(tmp)], ["--out", "is a file"]),
    "--out below a file": lambda tmp: (["run", exp_file(tmp), "--out", _file(tmp) / "below"], ["--out", "below"]),
    "--out a folder that cannot be written": lambda tmp: (["run", exp_file(tmp), "--out", _read_only(tmp)],
                                                          ["--out", "cannot write"]),
    "simulate of more memory than the machine has": lambda tmp: (
        ["simulate", "--games", 10**9, "--chunk", 10**9, "--jobs", 1], ["--chunk", "GiB"]),
}


def _file(tmp):
    path = tmp / "afile"
    path.write_text("mine")
    return path


def _read_only(tmp):
    if os.geteuid() != 0:
        folder = tmp / "ro"
        folder.mkdir()
        folder.chmod(0o555)
        return folder / "run"
    if os.path.isdir("/sys"):                    # root writes anywhere on a writable disk, not in /sys
        return "/sys/balance-test-run"
    pytest.skip("no folder this user cannot write")


@pytest.mark.parametrize("case", BAD_INPUT)
def test_bad_input_is_one_line_exit_2_and_leaves_the_store_intact(case, tmp_path, store):
    args, named = BAD_INPUT[case](tmp_path)
    if args[0] == "run" and "--out" not in args:
        args += ["--out", store, "--fresh"]
    before = tree_digest(store)
    line = one_line_error(balance(*args, "--jobs", 1) if "--jobs" not in args else balance(*args), *named)
    assert len(line) < 500
    assert tree_digest(store) == before


@pytest.mark.parametrize("args", [["simulate", "--turn-cap", 10_000_000], ["simulate", "--games", 2**40],
                                  ["run", "x.toml", "--jobs", 10**6]])
def test_an_option_beyond_its_bound_is_a_usage_error(args):
    proc = balance(*args)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stdout == ""
    assert "at most" in proc.stderr.splitlines()[-1]


def test_an_unreachable_dask_scheduler_leaves_the_store_intact(store):
    pytest.importorskip("dask.distributed")
    before = tree_digest(store)
    proc = subprocess.run([sys.executable, "-m", "balance", "run", str(exp_file(store.parent)), "--out", str(store),
                           "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**ENV, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"})
    one_line_error(proc, "--scheduler", "cannot connect")
    assert tree_digest(store) == before


# ------------------------------------------------------------------ --out checked before any game
@pytest.mark.parametrize("command", ["compare", "tune", "impact", "report"])
def test_out_is_checked_before_any_game_is_played(command, tmp_path, store):
    """Each of these would play (or analyse) for minutes before writing."""
    target = _file(tmp_path) / "below"
    exp = ROOT / "experiments/round_robin6.toml"
    args = {"compare": ["compare", exp, "--set", 'cost."Therkax" = 5', "--fixed", 200_000],
            "tune": ["tune", exp, "--budget", 10**7],
            "impact": ["impact", exp, "--deck", "decks/belial.toml", "--games", 200_000],
            "report": ["report", store]}[command]
    t0 = time.time()
    one_line_error(balance(*args, "--out", target), "--out", str(target), "is below")
    assert time.time() - t0 < 60


# ------------------------------------------------------------------ Ctrl-C
LONG = {
    "run": (lambda tmp: ["run", exp_file(tmp, games=20_000, chunk=200), "--out", tmp / "run", "--jobs", 2],
            "finished chunks are kept"),
    "compare": (lambda tmp: ["compare", ROOT / "experiments/round_robin6.toml", "--set", 'cost."Therkax" = 5', "--fixed",
                             200_000, "--jobs", 1, "--out", tmp / "cmp"], "nothing was kept"),
    "simulate": (lambda tmp: ["simulate", "--games", 10**8, "--jobs", 2], "nothing was kept"),
    "simulate with a search agent": (lambda tmp: ["simulate", "--policy-a", "search", "--threshold", 3, "--games",
                                                  10**6, "--jobs", 1], "nothing was kept"),
    "impact": (lambda tmp: ["impact", exp_file(tmp, games=200_000), "--deck", BELIAL, "--jobs", 2,
                            "--out", tmp / "run"], "no impact table was written"),
    "bench": (lambda tmp: ["bench", "--games", 1_000_000], "nothing was kept"),
    "tune": (lambda tmp: ["tune", ROOT / "experiments/round_robin6.toml", "--budget", 10**7, "--jobs", 2,
                          "--out", tmp / "tune"], "nothing was kept"),
    "report": (lambda tmp: ["report", _report_store(tmp), "--out", tmp / "report"], "the run is untouched"),
    "styles": (lambda tmp: ["styles", ROOT / "experiments/round_robin.toml", "--deck", GABRIEL, "--generations", 1000,
                            "--jobs", 2, "--out", tmp / "tuned.toml"], "nothing was kept"),
}


def _report_store(tmp):
    """A run whose report has many panels to draw: three decks' round robin at three thresholds."""
    exp = tmp / "rr.toml"
    decks = ", ".join(f'"{d}"' for d in (GABRIEL, BELIAL, ROOT / "decks/michael.toml"))
    exp.write_text(f'name = "rr"\nseed = 11\ngames = 600\nchunk = 600\n[grid]\nround_robin = [{decks}]\n'
                   f'threshold = [3, 4, 5]\n', encoding="utf-8")
    run_experiment(exp, out=tmp / "rr", jobs=2, progress=False)
    return tmp / "rr"


def busy_seconds(proc) -> float:
    """CPU seconds of a process and its workers."""
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            total += p.cpu_times().user
        except psutil.NoSuchProcess:
            pass
    return total


@pytest.mark.parametrize("command", LONG)
def test_ctrl_c_stops_within_5_s_says_what_is_kept_and_leaves_no_worker(command, tmp_path):
    make, kept = LONG[command]
    args = make(tmp_path)
    proc = start(*args)
    me = psutil.Process(proc.pid)
    deadline = time.time() + 600
    while time.time() < deadline:             # well into play: past the imports (a Ctrl-C during Python's
        time.sleep(0.2)                       # own start-up is Python's), a chunk written or workers busy
        if command == "run" and chunk_files(tmp_path / "run"):
            break
        if command == "report" and (tmp_path / "report" / "tables").exists():     # drawing the figures
            break
        if command not in ("run", "report") and busy_seconds(me) > 20:      # start-up (imports) takes about 6 s of CPU
            break
    kids = me.children(recursive=True)
    t0 = time.time()
    proc.send_signal(signal.SIGINT)
    try:
        stdout, stderr = proc.communicate(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"{command} still running 5 s after Ctrl-C")
    assert time.time() - t0 < 5
    assert proc.returncode == 130 and "Traceback" not in stderr, stderr
    last = stderr.splitlines()[-1]
    assert last.startswith(f"balance: {args[0]} interrupted") and kept in last, last
    time.sleep(5)
    assert alive(kids) == [], f"workers of {command} left: {alive(kids)}"
    if command == "run":
        done = chunk_files(tmp_path / "run")
        assert 0 < len(done) < 100
        assert len(load_run(tmp_path / "run").files) == len(done), "every finished chunk recorded and sound"


def test_workers_end_with_a_parent_killed_outright(tmp_path):
    exp, out = exp_file(tmp_path, games=20_000, chunk=500), tmp_path / "run"
    proc = start("run", exp, "--out", out, "--jobs", 2)
    deadline = time.time() + 600
    while not chunk_files(out) and time.time() < deadline:
        time.sleep(0.05)
    kids = psutil.Process(proc.pid).children(recursive=True)
    assert kids
    kill(proc)
    time.sleep(5)
    assert alive(kids) == []


def test_workers_of_a_python_call_end_with_a_parent_killed_outright():
    """The same when Python calls the package, as a notebook does, not the
    command line: play_winners sets the workers' end itself (sim.batch.loky_config)."""
    code = ("from balance.rules import get\n"
            "from balance.runner.run import play_winners\n"
            f"play_winners(get(), {{'m': get().prepare({GABRIEL!r}, {BELIAL!r})}}, 1, 0, 10**6, 2)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)      # a surviving worker would hold a pipe open
    me = psutil.Process(proc.pid)
    deadline = time.time() + 600
    while busy_seconds(me) - me.cpu_times().user < 10 and time.time() < deadline:     # the workers are playing
        time.sleep(0.2)
    kids = me.children(recursive=True)
    assert kids
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    time.sleep(5)
    left = alive(kids)
    for p in left:
        psutil.Process(p).kill()
    assert left == []
