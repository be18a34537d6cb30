"""Experiments (issue 4): grid expansion, the resumable store, identical records
whatever the workers, chunking or backend, card overrides, and bad input."""
import hashlib
import signal
import subprocess
import sys
import time

import numpy as np
import polars as pl
import pytest
from cli import ENV, ROOT, balance, ok, one_line_error

from balance.rules.innomine.cards import compile_tables, load_deck
from balance.errors import InputError
from balance.runner import load_experiment, load_run, run_experiment
from balance.runner.impact import card_impact
from balance.runner.store import CHUNKS, MANIFEST

GABRIEL, BELIAL = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")


def experiment(**grid):
    """A small experiment as a dict (deck paths absolute)."""
    return {"name": "t", "seed": 11, "games": 40, "chunk": 10,
            "grid": {"pairs": [[GABRIEL, BELIAL]], **grid}}


def stored(run_dir) -> pl.DataFrame:
    return load_run(run_dir).games.sort("cell", "game").collect()


def tree_digest(folder) -> dict:
    """Every file's bytes, hashed: to show a failed command left a store untouched."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def write_toml(path, text):
    path.write_text(text, encoding="utf-8")
    return path


# ------------------------------------------------------------------ the grid
def test_grid_is_the_product_of_its_axes():
    exp = load_experiment(experiment(threshold=[3, 5], policies=["influencer", ["warmonger", "random"]],
                                     turn_cap=[100, 200]))
    assert len(exp.cells) == 2 * 2 * 2
    assert {(c.params["threshold"], *c.policies, c.turn_cap) for c in exp.cells} == {
        (t, pa, pb, cap) for t in (3, 5) for pa, pb in (("influencer", "influencer"), ("warmonger", "random"))
        for cap in (100, 200)}


def test_grids_in_a_list_add_their_cells_each_with_its_own_games(tmp_path):
    """[[grid]] tables: the first with the experiment's games, the second with its
    own; the run stores that many games of each cell, and their chunks."""
    spec = {"name": "two", "seed": 11, "games": 40, "chunk": 10,
            "grid": [{"pairs": [[GABRIEL, BELIAL]], "threshold": [3, 5]},
                     {"pairs": [[BELIAL, GABRIEL]], "policies": [["warmonger", "random"]], "games": 12}]}
    exp = load_experiment(spec)
    assert [(c.index, c.params["threshold"], c.policies[0], c.games) for c in exp.cells] == [
        (0, 3, "influencer", 40), (1, 5, "influencer", 40), (2, 5, "warmonger", 12)]
    assert [c.games for c in load_experiment(spec, games=4).cells] == [4, 4, 4]     # --games sets every cell's
    games = stored(run_experiment(spec, out=tmp_path / "two", jobs=1, progress=False))
    assert games.group_by("cell").len().sort("cell")["len"].to_list() == [40, 40, 12]
    assert games.filter(pl.col("cell") == 2)["game"].to_list() == list(range(12))


def test_impact_over_cells_of_different_games_asks_for_games(tmp_path):
    """A card's games are compared cell by cell, so ``impact`` over cells that
    play different numbers of games needs --games (one line, before any game)."""
    spec = {"name": "two", "seed": 11, "games": 40,
            "grid": [{"pairs": [[GABRIEL, BELIAL]]}, {"pairs": [[BELIAL, GABRIEL]], "games": 12}]}
    with pytest.raises(InputError, match=r"the deck's cells differ in games \(12, 40\); allowed: --games N"):
        card_impact(spec, BELIAL, ["Gorvath"], out=tmp_path / "two", progress=False)
    assert not (tmp_path / "two").exists()


def test_round_robin_pairs_every_two_decks(tmp_path):
    third = tmp_path / "gabriel2.toml"
    third.write_text(open(GABRIEL).read().replace('library = "cards"', f'library = "{ROOT / "decks/cards"}"')
                     .replace("\nname = ", '\nsheets = "' + str(ROOT / "decks/superiors.toml") + '"\nname = '))
    exp = load_experiment({"name": "rr", "seed": 1, "games": 2, "grid": {"round_robin": [GABRIEL, BELIAL, str(third)]}})
    assert [c.entrants for c in exp.cells] == [(GABRIEL, BELIAL), (GABRIEL, str(third)),
                                                          (BELIAL, str(third))]


def test_shipped_experiments_load():
    for path in (ROOT / "experiments").glob("*.toml"):
        assert load_experiment(path).cells, path


# ------------------------------------------------------------------ same records, whatever the execution
@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """Two cells, 40 games each, in chunks of 10, on one process."""
    out = tmp_path_factory.mktemp("ref") / "run"
    run_experiment(experiment(threshold=[3, 5]), out=out, jobs=1, progress=False)
    return stored(out)


def test_store_holds_every_game_once(reference):
    assert reference.height == 80
    assert reference.group_by("cell").len().sort("cell")["len"].to_list() == [40, 40]
    assert reference.select(pl.struct("cell", "game").n_unique()).item() == 80
    pairs = reference.filter(pl.col("cell") == 0).sort("game")
    assert (pairs["pair"] == pairs["game"] // 2).all() and (pairs["swap"] == pairs["game"] % 2).all()


def test_records_are_real_games(reference):
    """Every decisive game ended with the winner's Realm at the threshold."""
    cells = {0: 3, 1: 5}
    for row in reference.filter(pl.col("winner") >= 0).iter_rows(named=True):
        souls = row["souls_a"] if row["winner"] == 0 else row["souls_b"]
        assert souls >= cells[row["cell"]]
        assert len(row["gain_a"]) + len(row["gain_b"]) == row["turns"]


def test_two_jobs_and_another_chunk_size_give_identical_records(reference, tmp_path):
    exp = experiment(threshold=[3, 5]) | {"chunk": 14}
    run_experiment(exp, out=tmp_path / "run", jobs=2, progress=False)
    assert stored(tmp_path / "run").equals(reference)


def test_dask_backend_gives_identical_records(reference, tmp_path):
    pytest.importorskip("dask.distributed")
    run_experiment(experiment(threshold=[3, 5]), out=tmp_path / "run", jobs=2, backend="dask", progress=False)
    assert stored(tmp_path / "run").equals(reference)


def test_manifest_records_how_the_games_were_made(reference, tmp_path):
    out = run_experiment(experiment(), out=tmp_path / "run", jobs=1, progress=False)
    run = load_run(out)
    m = run.manifest
    assert m["complete"] and not run.partial
    assert m["seeds"]["root"] == 11 and m["experiment"]["games"] == 40
    assert len(m["chunks_done"]) == m["chunks_planned"] == 4
    assert m["fingerprint"]["card tables"][0][0] == compile_tables([load_deck(GABRIEL), load_deck(BELIAL)]).hash
    assert m["timing"]["seconds"] > 0 and m["code_version"]["kernel"]


# ------------------------------------------------------------------ kill and resume
def test_a_run_killed_with_sigkill_resumes_to_the_same_store(tmp_path):
    exp = write_toml(tmp_path / "kill.toml", f'''name = "kill"
seed = 5
games = 1000
chunk = 10
[grid]
pairs = [["{GABRIEL}", "{BELIAL}"]]
''')
    out = tmp_path / "killed"
    proc = subprocess.Popen([sys.executable, "-m", "balance", "run", str(exp), "--out", str(out), "--jobs", "1"],
                            cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 600
    while len(list((out / CHUNKS).glob("c*.parquet"))) < 3 and time.time() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = len(list((out / CHUNKS).glob("c*.parquet")))
    assert 3 <= done < 100, "the kill must land mid-run"
    ok(balance("run", exp, "--out", out, "--jobs", 2))
    whole = run_experiment(exp, out=tmp_path / "whole", jobs=1, progress=False)
    assert stored(out).equals(stored(whole))
    assert not list((out / CHUNKS).glob(".tmp-*"))


def test_a_half_written_chunk_is_never_read(tmp_path):
    out = run_experiment(experiment(), out=tmp_path / "run", jobs=1, progress=False)
    (out / CHUNKS / ".tmp-999-c00000-g0000000000.parquet").write_bytes(b"PAR1 half")
    assert load_run(out).n_games == 40
    run_experiment(experiment(), out=out, jobs=1, progress=False)    # resume: nothing to do, leftovers cleared
    assert not list((out / CHUNKS).glob(".tmp-*"))


# ------------------------------------------------------------------ overrides
def test_card_overrides_change_only_the_cards_named():
    decks = [load_deck(GABRIEL), load_deck(BELIAL)]
    base = compile_tables(decks)
    changed = compile_tables(decks, {"Therkax": {"cost": 7}, "Marnel": {"corporeal_hits": 9}})
    therkax, marnel = base.names.index("Therkax"), base.names.index("Marnel")
    for name, a, b in zip(base.tables._fields, base.tables, changed.tables):
        diff = np.argwhere(a != b)
        if name == "cost":
            assert diff.tolist() == [[therkax]] and b[therkax] == 7
        elif name == "hits":
            assert diff.tolist() == [[marnel, 2]] and b[marnel, 2] == 9
        else:
            assert diff.size == 0, name
    assert base.hash != changed.hash


def test_experiment_overrides_reach_the_cells():
    exp = load_experiment(experiment(overrides=[{}, {"label": "cheap Therkax", "cost": {"Therkax": 1}}]))
    assert [(c.label, c.overrides) for c in exp.cells] == [("baseline", {}), ("cheap Therkax", {"Therkax": {"cost": 1}})]


# ------------------------------------------------------------------ bad input
BAD = {
    "unknown key": ('name = "x"\nseed = 1\ngames = 10\ncolour = "red"\n[grid]\npairs = [[{G}, {B}]]\n',
                    ["colour", "unknown key"]),
    "unknown card in an override": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\n'
                                    '[[grid.overrides]]\ncost."Therkaks" = 7\n', ["Therkaks", "Therkax"]),
    "threshold above the Humans in a deck": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\n'
                                             'threshold = [5, 40]\n', ["threshold", "40"]),
    "empty grid": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\nthreshold = []\n',
                   ["threshold", "empty"]),
    "non-integer game count": ('name = "x"\nseed = 1\ngames = 10.5\n[grid]\npairs = [[{G}, {B}]]\n', ["games"]),
    "odd game count": ('name = "x"\nseed = 1\ngames = 11\n[grid]\npairs = [[{G}, {B}]]\n', ["games", "even"]),
    "unknown policy": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\npolicies = "sneaky"\n',
                       ["sneaky", "influencer"]),
    "unknown variant": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\nvariant = "d20"\n',
                        ["variant", "classic"]),
    "malformed TOML": ('name = "x\n', ["malformed TOML"]),
    "odd game count in one grid": ('name = "x"\nseed = 1\ngames = 10\n[[grid]]\npairs = [[{G}, {B}]]\n'
                                   '[[grid]]\npairs = [[{G}, {B}]]\ngames = 7\n', ["grid[1]", "games", "even"]),
    "a grid that is not a table": ('name = "x"\nseed = 1\ngames = 10\ngrid = [1]\n', ["grid", "list of tables"]),
    "unknown reading": ('name = "x"\nseed = 1\ngames = 10\n[grid]\npairs = [[{G}, {B}]]\n'
                        'readings = {{ gravity = "on" }}\n', ["readings.gravity", "unknown reading"]),
}


@pytest.fixture(scope="module")
def existing_store(tmp_path_factory):
    out = tmp_path_factory.mktemp("store") / "run"
    run_experiment(experiment(), out=out, jobs=1, progress=False)
    return out


@pytest.mark.parametrize("case", BAD)
def test_bad_experiment_is_one_line_exit_2_and_leaves_the_store_intact(case, tmp_path, existing_store):
    text, named = BAD[case]
    path = write_toml(tmp_path / "bad.toml", text.format(G=f'"{GABRIEL}"', B=f'"{BELIAL}"'))
    before = tree_digest(existing_store)
    one_line_error(balance("run", path, "--out", existing_store, "--fresh"), str(path), *named)
    assert tree_digest(existing_store) == before


def test_a_changed_experiment_is_not_mixed_into_a_stored_run(tmp_path, existing_store):
    path = write_toml(tmp_path / "changed.toml", f'name = "t"\nseed = 12\ngames = 40\nchunk = 10\n'
                                                 f'[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    before = tree_digest(existing_store)
    one_line_error(balance("run", path, "--out", existing_store), MANIFEST, "fingerprint", "--fresh")
    assert tree_digest(existing_store) == before
    ok(balance("run", path, "--out", tmp_path / "copy", "--jobs", 1))


def test_fresh_refuses_to_delete_a_folder_that_is_not_a_run(tmp_path):
    precious = tmp_path / "notes"
    precious.mkdir()
    (precious / "keep.txt").write_text("mine")
    path = write_toml(tmp_path / "e.toml", f'name = "t"\nseed = 1\ngames = 4\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    one_line_error(balance("run", path, "--out", precious, "--fresh"), "not a run directory")
    assert (precious / "keep.txt").read_text() == "mine"


def test_an_override_applies_to_the_cells_whose_decks_hold_the_card(tmp_path):
    """A round robin with a Belial card overridden: cells without Belial play as
    without the override, cells with Belial use it (same seeds, so the games differ)."""
    michael = str(ROOT / "decks/michael.toml")
    grid = {"round_robin": [GABRIEL, BELIAL, michael]}
    plain = stored(run_experiment({"name": "p", "seed": 3, "games": 40, "grid": grid}, out=tmp_path / "plain",
                                  jobs=1, progress=False))
    cheap = stored(run_experiment({"name": "c", "seed": 3, "games": 40,
                                   "grid": {**grid, "overrides": [{"cost": {"Therkax": 0}}]}},
                                  out=tmp_path / "cheap", jobs=1, progress=False))
    exp = load_experiment({"name": "p", "seed": 3, "games": 40, "grid": grid})
    for cell in exp.cells:
        same = plain.filter(pl.col("cell") == cell.index).equals(cheap.filter(pl.col("cell") == cell.index))
        assert same == (BELIAL not in cell.entrants), cell


def test_out_that_is_a_file_is_refused(tmp_path):
    path = write_toml(tmp_path / "e.toml", f'name = "t"\nseed = 1\ngames = 4\n[grid]\npairs = [["{GABRIEL}", "{BELIAL}"]]\n')
    (tmp_path / "afile").write_text("mine")
    one_line_error(balance("run", path, "--out", tmp_path / "afile"), "--out", "is a file")
    assert (tmp_path / "afile").read_text() == "mine"


def test_a_bounds_checked_kernel_is_cached_apart():
    """numba's cache does not key on NUMBA_BOUNDSCHECK, so a kernel compiled with
    every index checked gets a cache folder of its own: ordinary runs never load it."""
    code = "import os, balance; print(os.environ['NUMBA_CACHE_DIR'])"

    def folder(check):
        out = subprocess.run([sys.executable, "-c", code], env={**ENV, "NUMBA_BOUNDSCHECK": check}, cwd=ROOT,
                             capture_output=True, text=True, check=True)
        return out.stdout.strip()
    cache = ROOT / ".numba_cache"
    assert [folder("0"), folder("1")] == [str(cache), str(cache / "boundscheck")]
