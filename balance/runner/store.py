"""A run's store: ``runs/<name>/manifest.json`` and one Parquet file per
finished chunk under ``chunks/`` (DESIGN §2; the layout and its guarantees are
in ``docs/store.md``).

- **One writer.**  Whoever changes a store (``run``, ``--fresh``, ``impact``)
  first holds an OS lock (``flock``) on ``<run>/.lock``, which dies with its
  process; a second writer is refused with the holder's pid.
- **Chunks verified.**  Each chunk is written to a temporary name, its size and
  sha256 appended to ``chunks.jsonl`` (the journal), then renamed into place;
  the journal is folded into the manifest's ``chunks_done`` when a session
  starts and ends.  Readers and resumes check every chunk against its record:
  a damaged one (truncated, zeroed, garbled, missing, or not recorded) is
  named, left out of reading, and on resume moved to ``damaged/`` and played
  again (games are deterministic, so the records come out identical).
- **Manifest checked on read**: every field a reader or resume uses, with a
  one-line error naming the file and the field.
- **Atomic creation.**  A new run folder is made as a hidden sibling and
  renamed into place whole; a folder holding only this toolkit's files (say,
  ``impact/`` alone, or what a killed ``--fresh`` left) is accepted.
- **Nothing changes before every check has passed**: ``Store.open`` only
  checks (under the lock), ``Store.begin`` writes.

The manifest carries the fingerprint of what made the chunks (experiment,
compiled card tables, policies, kernel code); chunks made from anything else
are never mixed in.
"""
from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import secrets
import shutil
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from .. import rules
from ..errors import InputError

MANIFEST = "manifest.json"
CHUNKS = "chunks"
DAMAGED = "damaged"
IMPACT = "impact"
LOCK = ".lock"
JOURNAL = "chunks.jsonl"
TMP = ".tmp-"
PROBE = ".balance-probe-"
OURS = {MANIFEST, CHUNKS, DAMAGED, IMPACT, LOCK, JOURNAL}     # what this toolkit writes in a run folder
FRESH_HINT = "run it again with --fresh to start over, or --out for another folder"


PAUSE, GO = "BALANCE_TEST_PAUSE", "BALANCE_TEST_GO"     # tests only: stop a writer at a step


def step(name: str) -> None:
    """A test hook: with BALANCE_TEST_PAUSE=<name>, say so on stderr and wait
    there, to be killed, or until the file BALANCE_TEST_GO names exists."""
    if os.environ.get(PAUSE) == name:
        print(f"balance: paused at {name}", file=sys.stderr, flush=True)
        go = os.environ.get(GO)
        while not (go and os.path.exists(go)):
            time.sleep(0.05)


class StoreWarning(UserWarning):
    """Something in a store is damaged and was left out (or set aside); the CLI
    prints it as one ``balance: warning: ...`` line."""


def chunk_name(cell: int, first: int) -> str:
    return f"c{cell:05d}-g{first:010d}.parquet"


def is_chunk(name: str) -> bool:
    return name.startswith("c") and name.endswith(".parquet")


def write_atomic(path: Path, write) -> None:
    """``write(tmp_path)`` then rename over ``path``: readers never see half a file."""
    tmp = path.with_name(f"{TMP}{os.getpid()}-{path.name}")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_json(path: Path, data: dict) -> None:
    write_atomic(path, lambda p: p.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8"))


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ------------------------------------------------------------------ output folders
def check_out(path, option: str = "--out") -> Path:
    """Before any game is played: ``path`` is a folder, or can be made one, and
    can be written to.  InputError naming ``option`` otherwise."""
    target = Path(os.path.abspath(path))
    probe = target
    while not os.path.lexists(probe) and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir():
        where = "is a file" if probe == target else f"is below {probe}, which is a file"
        raise InputError(f"{option}: {path}: {where}; allowed: a folder (new, or one written by this toolkit)")
    try:
        os.rmdir(tempfile.mkdtemp(prefix=PROBE, dir=probe))
    except OSError as e:
        raise InputError(f"{option}: {path}: cannot write in {probe} ({e.strerror}); "
                         f"allowed: a folder you can write to") from None
    return target


def is_ours(folder: Path) -> bool:
    """Every entry of the folder is one this toolkit writes in a run folder."""
    for entry in folder.iterdir():
        if (entry.name.startswith(TMP) and not entry.is_dir()) or entry.name.startswith(PROBE):
            continue
        if entry.name not in OURS:
            return False
        if entry.name in (CHUNKS, DAMAGED, IMPACT):
            if not entry.is_dir() or any(sub.is_dir() or not (sub.name.startswith(TMP) or is_chunk(sub.name)
                                                              or sub.name.endswith(".csv")
                                                              or entry.name == DAMAGED)
                                         for sub in entry.iterdir()):
                return False
        elif entry.is_dir():
            return False
    return True


# ------------------------------------------------------------------ the lock
def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def holder(lock_path: Path) -> int | None:
    """The pid holding the lock: the one its holder wrote in the file, or else
    (a holder still checking, not yet written) the one /proc/locks shows."""
    try:
        pid = int(lock_path.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        pid = None
    if pid and pid != os.getpid() and alive(pid):
        return pid
    try:
        inode = os.stat(lock_path).st_ino
        for line in Path("/proc/locks").read_text().split("\n"):
            parts = line.split()
            if "FLOCK" in parts and len(parts) >= 8 and parts[-3].endswith(f":{inode}"):
                return int(parts[-4])
    except (OSError, ValueError):
        pass
    return None


def busy(run_dir: Path, lock_path: Path) -> InputError:
    pid = holder(lock_path)
    who = f"pid {pid}" if pid else "pid unknown"
    return InputError(f"{run_dir}: another balance process ({who}) is writing to this run; "
                      f"allowed: one writer at a time (wait for it to end, or use --out for another folder)")


class Lock:
    """An exclusive ``flock`` on a lock file: released when the process ends,
    however it ends, so a lock left by a dead process is simply taken over."""

    def __init__(self, path: Path):
        self.path, self.fd = Path(path), None

    def acquire(self, run_dir: Path) -> "Lock":
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise busy(run_dir, self.path) from None
        self.fd = fd
        return self

    def stamp(self) -> None:
        """Write our pid in the lock file (only for the message a second writer gets)."""
        os.ftruncate(self.fd, 0)
        os.pwrite(self.fd, f"{os.getpid()}\n".encode(), 0)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)          # closing drops the flock
            self.fd = None


def create_atomic(run_dir: Path, populate) -> Lock:
    """Make ``run_dir`` whole: a hidden sibling is locked, filled by
    ``populate(folder)`` and renamed into place, so a kill at any point leaves
    either no folder or a complete one.  Returns the lock, held (it moved with
    the folder).  A sibling left by a killed creator is removed first."""
    parent, name = run_dir.parent, run_dir.name
    parent.mkdir(parents=True, exist_ok=True)
    for old in parent.glob(f".{name}{TMP}*"):
        probe = Lock(old / LOCK)
        try:
            probe.acquire(old)
        except (InputError, OSError):
            continue                  # its creator is alive
        shutil.rmtree(old, ignore_errors=True)
        probe.release()
    tmp = parent / f".{name}{TMP}{os.getpid()}-{secrets.token_hex(4)}"
    tmp.mkdir()
    step("created")
    lock = Lock(tmp / LOCK).acquire(tmp)
    try:
        lock.stamp()
        step("locked")
        populate(tmp)
        step("populated")
        os.rename(tmp, run_dir)       # replaces an empty folder; fails if another writer got there first
    except OSError as e:
        lock.release()
        shutil.rmtree(tmp, ignore_errors=True)
        if e.errno in (errno.EEXIST, errno.ENOTEMPTY):
            raise busy(run_dir, run_dir / LOCK) from None
        raise
    except BaseException:
        lock.release()
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    lock.path = run_dir / LOCK
    step("renamed")
    return lock


def lock_folder(run_dir) -> Lock:
    """Hold ``run_dir``'s lock for a writer that keeps no manifest (``impact``):
    the folder is made (atomically) if missing; an existing one must be a run
    or hold only this toolkit's files."""
    run_dir = Path(run_dir)
    check_out(run_dir)
    if not run_dir.exists() or not any(run_dir.iterdir()):
        return create_atomic(run_dir, lambda tmp: None)
    refuse_foreign(run_dir)
    lock = Lock(run_dir / LOCK).acquire(run_dir)
    lock.stamp()
    return lock


def refuse_foreign(run_dir: Path) -> None:
    if not (run_dir / MANIFEST).is_file() and not is_ours(run_dir):
        raise InputError(f"{run_dir}: not a run directory (no {MANIFEST}, and files this toolkit does not write); "
                         f"allowed: a new folder, or one written by 'balance run', e.g. runs/<experiment name>")


# ------------------------------------------------------------------ the manifest, checked
DEFAULT_READINGS = "default readings"


def reading_label(readings: dict) -> str:
    """A cell's contested readings that depart from the defaults, "name=value, ...";
    "default readings" when none does (manifests before readings hold none)."""
    return ", ".join(f"{k}={v}" for k, v in sorted(readings.items())) or DEFAULT_READINGS

_CELL = {"index": int, "entrants": list, "policies": list, "params": dict, "variant": str, "overrides": dict,
         "label": str}                 # experiment.Cell; a game of more seats has its "cards" too
_TYPES = {int: "an integer", str: "a string", dict: "a table", list: "a list", float: "a number", bool: "true/false"}


def _want(path, where, value, kind):
    if kind in (int, float):             # JSON true/false are not numbers; an integer is a number
        ok = isinstance(value, int if kind is int else (int, float)) and not isinstance(value, bool)
    else:
        ok = isinstance(value, kind)
    if not ok:
        shown = type(value).__name__ if value is not None else "missing"
        raise InputError(f"{path}: field {where}: {shown}, not {_TYPES[kind]}; allowed: the manifest "
                         f"'balance run' writes ({FRESH_HINT})")
    return value


def of_seats(exp: dict) -> bool:
    """Does the manifest's experiment play a game of more seats (``Ruleset.entrants``)?"""
    name = exp.get("ruleset", rules.DEFAULT)
    return name in rules.RULESETS and rules.get(name).entrants == "seats"


def check_manifest(m, path) -> dict:
    """The manifest, its shape checked field by field (what readers and resumes use)."""
    _want(path, "(top level)", m, dict)
    exp = _want(path, "experiment", m.get("experiment"), dict)
    for key, kind in (("name", str), ("seed", int), ("games", int), ("chunk", int), ("cells", list)):
        _want(path, f"experiment.{key}", exp.get(key), kind)
    seats = of_seats(exp)
    name = exp.get("ruleset", rules.DEFAULT)
    if name in rules.RULESETS:        # labels an older manifest lacks are the ruleset's own
        m["ruleset"] = rules.get(name).describe() | _want(path, "ruleset", m.get("ruleset", {}), dict)
    for i, cell in enumerate(exp["cells"]):
        _want(path, f"experiment.cells[{i}]", cell, dict)
        for key, kind in (_CELL | ({"cards": str} if seats else {})).items():
            _want(path, f"experiment.cells[{i}].{key}", cell.get(key), kind)
        _want(path, f"experiment.cells[{i}].readings", cell.setdefault("readings", {}), dict)
        _want(path, f"experiment.cells[{i}].games", cell.setdefault("games", exp["games"]), int)
    _want(path, "fingerprint", m.get("fingerprint"), dict)
    _want(path, "code_version.kernel", _want(path, "code_version", m.get("code_version"), dict).get("kernel"), str)
    seeds = _want(path, "seeds", m.get("seeds"), dict)
    _want(path, "seeds.root", seeds.get("root"), int)
    _want(path, "seeds.scheme", seeds.get("scheme"), str)
    decks = _want(path, "decks", m.get("decks"), list)
    if len(decks) != len(exp["cells"]):
        raise InputError(f"{path}: field decks: {len(decks)} entries for {len(exp['cells'])} cells; allowed: one "
                         f"per cell ({FRESH_HINT})")
    for i, d in enumerate(decks):
        _want(path, f"decks[{i}]", d, dict)
        for key in ("labels", "cards") if seats else ("labels", "cards_a", "cards_b"):
            for j, x in enumerate(_want(path, f"decks[{i}].{key}", d.get(key), list)):
                _want(path, f"decks[{i}].{key}[{j}]", x, str)
        wanted = len(exp["cells"][i]["entrants"])
        if len(d["labels"]) != wanted:
            raise InputError(f"{path}: field decks[{i}].labels: {len(d['labels'])} labels; allowed: {wanted} "
                             f"({FRESH_HINT})")
    planned = _want(path, "chunks_planned", m.get("chunks_planned"), int)
    if planned < 0:
        raise InputError(f"{path}: field chunks_planned: {planned}; allowed: an integer >= 0 ({FRESH_HINT})")
    done = m.get("chunks_done", {})
    if isinstance(done, list):                 # written before chunks were checksummed
        for j, name in enumerate(done):
            _want(path, f"chunks_done[{j}]", name, str)
    else:
        for name, rec in _want(path, "chunks_done", done, dict).items():
            _want(path, f"chunks_done.{name}", rec, dict)
            _want(path, f"chunks_done.{name}.bytes", rec.get("bytes"), int)
            _want(path, f"chunks_done.{name}.sha256", rec.get("sha256"), str)
    if "timing" in m:
        timing = _want(path, "timing", m["timing"], dict)
        _want(path, "timing.seconds", timing.get("seconds"), float)
        _want(path, "timing.sessions", timing.get("sessions"), int)
    return m


def read_manifest(run_dir: Path) -> dict:
    """The manifest of a run directory, checked; InputError if it is not a run
    or the manifest is unreadable or of the wrong shape."""
    path = Path(run_dir) / MANIFEST
    if not path.is_file():
        raise InputError(f"{run_dir}: not a run directory (no {MANIFEST}); "
                         f"allowed: a folder written by 'balance run', e.g. runs/<experiment name>")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise InputError(f"{path}: unreadable manifest ({' '.join(str(e).split())[:120]}); "
                         f"allowed: the JSON 'balance run' writes ({FRESH_HINT})") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read ({e.strerror}); allowed: a readable run directory") from None
    return check_manifest(data, path)


# ------------------------------------------------------------------ chunk records
def journal_records(run_dir: Path) -> dict:
    """{chunk: {bytes, sha256}} appended to the journal since the manifest was
    last written (a torn last line, from a kill, is ignored)."""
    out = {}
    try:
        text = (run_dir / JOURNAL).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return out
    for line in text.splitlines():
        try:
            rec = json.loads(line)
            name, size, digest = rec["chunk"], rec["bytes"], rec["sha256"]
        except (json.JSONDecodeError, KeyError, TypeError):
            continue
        if isinstance(name, str) and type(size) is int and isinstance(digest, str):
            out[name] = {"bytes": size, "sha256": digest}
    return out


def recorded(run_dir: Path, manifest: dict) -> dict:
    """Every chunk the store has a record of: {name: {bytes, sha256}}; chunks
    listed by an older manifest without checksums have ``None`` for both."""
    done = manifest.get("chunks_done", {})
    recs = ({n: {"bytes": None, "sha256": None} for n in done} if isinstance(done, list) else dict(done))
    return recs | journal_records(run_dir)


@dataclass
class Check:
    """A store's chunks against their records: the good ones, the damaged ones
    ({name: why}) and the ones whose writing was interrupted (replayed quietly)."""
    good: dict = field(default_factory=dict)
    damaged: dict = field(default_factory=dict)
    interrupted: set = field(default_factory=set)


def check_chunks(run_dir: Path, manifest: dict) -> Check:
    chunks = run_dir / CHUNKS
    names = {p.name for p in chunks.iterdir()} if chunks.is_dir() else set()
    on_disk = {n for n in names if is_chunk(n)}
    tmps = {n.split("-", 2)[-1] for n in names if n.startswith(TMP)}
    out = Check()
    for name, rec in sorted(recorded(run_dir, manifest).items()):
        path = chunks / name
        if name not in on_disk:
            if name in tmps:
                out.interrupted.add(name)
            else:
                out.damaged[name] = "missing from disk"
            continue
        size = path.stat().st_size
        if rec["bytes"] is None:           # an older store: adopted if it reads whole
            try:
                pl.read_parquet(path)
            except Exception as e:          # polars raises several kinds on a bad file
                out.damaged[name] = f"unreadable ({type(e).__name__})"
                continue
            out.good[name] = {"bytes": size, "sha256": sha256(path)}
        elif size != rec["bytes"]:
            out.damaged[name] = f"{size} bytes, {rec['bytes']} recorded (truncated or overwritten)"
        elif sha256(path) != rec["sha256"]:
            out.damaged[name] = "checksum differs from the recorded one (garbled or zeroed)"
        else:
            out.good[name] = rec
    for name in sorted(on_disk - out.good.keys() - out.damaged.keys()):
        out.damaged[name] = "not recorded in the manifest"
    return out


def describe_damage(damaged: dict, most: int = 3) -> str:
    shown = "; ".join(f"{name}: {why}" for name, why in list(damaged.items())[:most])
    more = f"; and {len(damaged) - most} more" if len(damaged) > most else ""
    return f"{len(damaged)} damaged chunk(s): {shown}{more}"


# ------------------------------------------------------------------ writing
class Store:
    """The chunk files and manifest of one run directory, for writing.

    ``open`` checks (it changes nothing but may create ``.lock`` in an existing
    run folder), ``begin`` writes; ``close`` releases the lock."""

    def __init__(self, run_dir):
        self.dir = Path(run_dir)
        self.chunks = self.dir / CHUNKS
        self.lock: Lock | None = None
        self.records: dict = {}
        self.journal = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def open(self, manifest: dict, fresh: bool) -> "Store":
        """Check that the run may start (new folder, ``--fresh``) or resume (the
        stored games were made the same way); take the lock.  Nothing is written."""
        check_out(self.dir)
        self.manifest, self.fresh, self.check, self.stored = manifest, fresh, Check(), None
        self.new = not self.dir.exists() or not any(self.dir.iterdir())
        if self.new:
            return self
        refuse_foreign(self.dir)
        self.lock = Lock(self.dir / LOCK).acquire(self.dir)
        try:
            if fresh:
                if not is_ours(self.dir):      # others' files too: only a sound run is cleared
                    read_manifest(self.dir)
                return self
            if (self.dir / MANIFEST).is_file():
                self.stored = read_manifest(self.dir)
                self.check_resumable(manifest, self.stored)
                self.check = check_chunks(self.dir, self.stored)
            elif any(is_chunk(p.name) for p in self.chunks.glob("c*")):
                self.check = check_chunks(self.dir, {})
        except BaseException:
            self.close()
            raise
        return self

    def check_resumable(self, manifest: dict, old: dict) -> None:
        """Refuse to mix chunks made from another experiment, decks, policies or code."""
        new_fp, old_fp = manifest["fingerprint"], old["fingerprint"]
        changed = [k for k in sorted(new_fp) if new_fp[k] != old_fp.get(k)]
        if changed:
            raise InputError(f"{self.dir / MANIFEST}: fingerprint: the stored games were made from a different "
                             f"{', '.join(changed)}; allowed: the same experiment, decks, policies and code "
                             f"(use --fresh to start over, or --out for another folder)")

    def begin(self) -> None:
        """Every check has passed: start (or restart) the store, set damaged
        chunks aside, record the session and open the journal."""
        if self.new:
            self.lock = create_atomic(self.dir, self.populate)
        else:
            self.lock.stamp()
            if self.fresh:
                self.clear()
            self.set_aside()
            step("set-aside")
            self.populate(self.dir)
            (self.dir / JOURNAL).unlink(missing_ok=True)
        self.journal = open(self.dir / JOURNAL, "a", encoding="utf-8")

    def populate(self, folder: Path) -> None:
        """Write the manifest (first: a folder with a manifest and no chunks/ is a run), then chunks/."""
        self.records = dict(self.check.good)
        timing = (self.stored or {}).get("timing") if not self.fresh else None
        timing = dict(timing) if timing else {"seconds": 0.0, "sessions": 0}
        timing["sessions"] += 1
        self.manifest = {**self.manifest, "timing": timing, "complete": False}
        self.save(folder)
        step("manifest")
        (folder / CHUNKS).mkdir(exist_ok=True)

    def clear(self) -> None:
        """--fresh: delete what this toolkit wrote here (the manifest first, so
        a kill half-way leaves a folder that is no longer a run), not the lock
        nor files of others."""
        (self.dir / MANIFEST).unlink(missing_ok=True)
        step("cleared")
        for entry in self.dir.iterdir():
            if entry.name == LOCK or not (entry.name in OURS or entry.name.startswith(TMP)):
                continue
            if entry.is_dir():
                shutil.rmtree(entry)
            else:
                entry.unlink()

    def set_aside(self) -> None:
        """Damaged chunks go to damaged/ (not deleted: they may be looked at),
        half-written files are removed; all are played again."""
        if self.check.damaged:
            warnings.warn(StoreWarning(f"{self.dir}: {describe_damage(self.check.damaged)}; "
                                       f"set aside in {self.dir / DAMAGED} and played again"), stacklevel=3)
        for name in self.check.damaged:
            src = self.chunks / name
            if src.exists():
                (self.dir / DAMAGED).mkdir(exist_ok=True)
                dst, k = self.dir / DAMAGED / name, 1
                while dst.exists():
                    dst, k = self.dir / DAMAGED / f"{name}.{k}", k + 1
                os.replace(src, dst)
        if self.chunks.is_dir():
            for leftover in self.chunks.glob(f"{TMP}*"):
                leftover.unlink()

    def done(self) -> set[str]:
        """Names of the chunk files complete on disk and recorded."""
        return set(self.records)

    def write_chunk(self, cell: int, first: int, frame: pl.DataFrame) -> None:
        """Write to a temporary name, record size and checksum in the journal, rename."""
        name = chunk_name(cell, first)
        tmp = self.chunks / f"{TMP}{os.getpid()}-{name}"
        try:
            frame.write_parquet(tmp, compression="zstd", compression_level=9, statistics=False)
            rec = {"bytes": tmp.stat().st_size, "sha256": sha256(tmp)}
            self.journal.write(json.dumps({"chunk": name, **rec}) + "\n")
            self.journal.flush()
            os.fsync(self.journal.fileno())
            step("journaled")
            os.replace(tmp, self.chunks / name)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        self.records[name] = rec

    def finish(self, seconds: float, games_played: int, complete: bool) -> None:
        timing = self.manifest["timing"]
        timing["seconds"] += seconds
        timing["last_session"] = {"seconds": round(seconds, 3), "games": games_played,
                                  "games_per_s": round(games_played / seconds, 1) if seconds else None}
        timing["updated"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        self.manifest["complete"] = complete
        self.save(self.dir)
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        (self.dir / JOURNAL).unlink(missing_ok=True)

    def save(self, folder: Path) -> None:
        self.manifest["chunks_done"] = dict(sorted(self.records.items()))
        write_json(folder / MANIFEST, self.manifest)

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None
        if self.lock is not None:
            self.lock.release()
            self.lock = None


# ------------------------------------------------------------------ reading
IMPACT_COLUMNS = {"deck": pl.String, "card": pl.String, "baseline": pl.String, "games": pl.Int64,
                  "seeds": pl.Int64, "built_win_rate": pl.Float64, "swapped_win_rate": pl.Float64,
                  "diff": pl.Float64, "diff_lo": pl.Float64, "diff_hi": pl.Float64, "p": pl.Float64,
                  "p_adjusted": pl.Float64, "bound": pl.Float64, "verdict": pl.String}
VERDICTS = ("helps", "hurts", "negligible", "undecided")


def read_impact(run_dir) -> pl.DataFrame | None:
    """Every ``balance impact`` table stored with the run (``impact/*.csv``),
    each checked: InputError naming the file and the column if one is not
    what ``balance impact`` writes.  None if there is none."""
    files = sorted((Path(run_dir) / IMPACT).glob("*.csv"))
    frames = []
    for f in files:
        allowed = f"allowed: the CSV 'balance impact' writes (delete {f} or run 'balance impact' again)"
        try:
            df = pl.read_csv(f, infer_schema_length=None)
        except Exception as e:             # polars: ComputeError, NoDataError, ...; OS and decode errors
            raise InputError(f"{f}: unreadable ({type(e).__name__}); {allowed}") from None
        missing = [c for c in IMPACT_COLUMNS if c not in df.columns]
        if missing:
            raise InputError(f"{f}: column {missing[0]}: missing; {allowed}")
        for col, dtype in IMPACT_COLUMNS.items():
            try:
                cast = df[col].cast(dtype, strict=True)
            except Exception:              # polars' InvalidOperationError and kin
                kind = {pl.Int64: "whole numbers", pl.Float64: "numbers"}.get(dtype, "text")
                raise InputError(f"{f}: column {col}: not all {kind}; {allowed}") from None
            if cast.null_count():
                raise InputError(f"{f}: column {col}: empty values; {allowed}")
            df = df.with_columns(cast)
        bad = df.filter(~pl.col("verdict").is_in(VERDICTS))
        if bad.height:
            raise InputError(f"{f}: column verdict: {bad['verdict'][0]!r}; allowed: {', '.join(VERDICTS)}")
        frames.append(df.select(list(IMPACT_COLUMNS)))
    return pl.concat(frames) if frames else None


@dataclass
class Run:
    """A run's store, read: the manifest, the cells (a row each: its manifest
    entry, a column per game parameter) and the games as a LazyFrame.
    ``damaged`` names the chunks left out, and why; ``files`` are the chunks read."""
    dir: Path
    manifest: dict
    games: pl.LazyFrame
    cells: pl.DataFrame
    partial: bool
    damaged: dict = field(default_factory=dict)
    files: list = field(default_factory=list)

    @property
    def n_games(self) -> int:
        """Games stored (a game of more seats has a row per entrant)."""
        return self.games.select(pl.struct("cell", "game").n_unique()).collect().item()

    @property
    def parameters(self) -> list[str]:
        """The names of the ruleset's game parameters: a column of ``cells``."""
        return [p["name"] for p in self.manifest["ruleset"]["parameters"]]

    @property
    def swept(self) -> list[str]:
        """The parameters that take two or more values across the cells: those
        a heading names (the others are the same in every cell)."""
        return [p for p in self.parameters if self.cells[p].n_unique() > 1]


def load_run(run_dir) -> Run:
    """Open a run directory for analysis (polars lazy scans over its verified
    chunks).  Damaged chunks are left out, named in a StoreWarning, and make the
    run PARTIAL; nothing in the store is changed."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    check = check_chunks(run_dir, manifest)
    files = [run_dir / CHUNKS / name for name in sorted(check.good)]
    if not files:
        damage = f" ({describe_damage(check.damaged)})" if check.damaged else ""
        raise InputError(f"{run_dir}: the run has no finished games yet{damage}; "
                         f"allowed: a run with at least one finished chunk (run 'balance run' again to resume)")
    if check.damaged:
        warnings.warn(StoreWarning(f"{run_dir}: {describe_damage(check.damaged)}; left out, the rest is "
                                   f"reported as PARTIAL ('balance run' again sets them aside and replays them)"),
                      stacklevel=2)
    read_impact(run_dir)
    cells = pl.DataFrame([{k: v for k, v in c.items() if k not in ("overrides", "readings", "params") and v is not None}
                          | c["params"]
                          | {"overrides": json.dumps(c["overrides"]), "reading": reading_label(c["readings"])}
                          for c in manifest["experiment"]["cells"]])
    games = pl.scan_parquet(files)
    partial = len(files) < manifest["chunks_planned"]
    return Run(run_dir, manifest, games, cells, partial, check.damaged, files)
