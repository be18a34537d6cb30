"""Scripted play styles as TOML files (``policies/*.toml``).

A policy file has a ``name``, a ``description`` and a ``[weights]`` table
with exactly the weights of ``policies.WEIGHTS``.  A designer adds a style
by writing a new file; no code changes.
"""
import math
import tomllib
from pathlib import Path

import numpy as np

from ...errors import InputError
from .policies import WEIGHTS, weights_vector

POLICY_DIR = Path(__file__).resolve().parents[3] / "policies"


def policy_path(name_or_path: str) -> Path:
    """A policy given by name (``influencer``) or by path to a TOML file."""
    p = Path(name_or_path)
    if p.suffix == ".toml":
        return p
    return POLICY_DIR / f"{name_or_path}.toml"


def available() -> list[str]:
    return sorted(p.stem for p in POLICY_DIR.glob("*.toml"))


def load_policy(name_or_path: str) -> np.ndarray:
    """The weight vector of a policy file; InputError naming file and field if bad."""
    path = policy_path(name_or_path)
    if not path.is_file():
        raise InputError(f"{path}: no such policy; allowed: {', '.join(available())} or a path to a .toml file")
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{path}: malformed TOML: {e}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text; allowed: a UTF-8 TOML file") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read it ({e.strerror})") from None
    weights = raw.get("weights")
    if not isinstance(weights, dict):
        raise InputError(f"{path}: [weights]: missing table; allowed: {', '.join(WEIGHTS)}")
    for key in weights:
        if key not in WEIGHTS:
            raise InputError(f"{path}: weights.{key}: unknown weight; allowed: {', '.join(WEIGHTS)}")
    for key in WEIGHTS:
        v = weights.get(key)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            raise InputError(f"{path}: weights.{key}: must be a finite number ({WEIGHTS[key]})")
    return weights_vector(weights)
