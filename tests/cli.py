"""Running the real ``balance`` command in a subprocess, for the CLI tests."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "NUMBA_CACHE_DIR": os.environ.get("NUMBA_CACHE_DIR", str(ROOT / ".numba_cache"))}
TIMEOUT = 900            # a cold numba cache compiles the kernel first (~150 s)


def balance(*args, cwd=ROOT):
    """Run ``python -m balance ARGS`` from the repository root."""
    return subprocess.run([sys.executable, "-m", "balance", *map(str, args)], cwd=cwd, env=ENV,
                          capture_output=True, text=True, timeout=TIMEOUT)


def ok(proc):
    assert proc.returncode == 0, f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"
    assert "Traceback" not in proc.stdout + proc.stderr
    return proc.stdout.splitlines()


def one_line_error(proc, *named):
    """A bad-input exit: code 2, nothing on stdout, one stderr line naming ``named``."""
    assert "Traceback" not in proc.stdout + proc.stderr, proc.stderr
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    err = proc.stderr.splitlines()
    assert len(err) == 1, err
    for text in named:
        assert text in err[0], (text, err[0])
    return err[0]
