"""The benchmarks' measuring tools still fit the code they measure."""
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_phase_profile_patch_applies():
    """benchmarks/phase_profile.patch (RESULTS.md's cycle profile) applies to the
    rules as they are now: an edit of a rule it touches must refresh it."""
    proc = subprocess.run(["git", "apply", "--check", "benchmarks/phase_profile.patch"], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
