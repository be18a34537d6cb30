"""Reading the fields of a TOML data file -- a deck, a card set, an experiment --
with one-line errors (DESIGN §8): ``<file>: <card or section>: <field>:
<problem>; allowed: <...>``, for any game."""
from __future__ import annotations

import difflib
import re
import tomllib
from dataclasses import dataclass

INT_MAX = 999                # every number of a card (cost, stats, effect amounts, copies): the rulebooks'
                             # are below 20, and the records keep per-turn curves as int16
_MISSING = object()


class DeckError(Exception):
    """Bad card or deck data, told in one line (DESIGN §8: "one clear message
    naming the file and field"):
    ``<file>: <card or section>: <field>: <problem>; allowed: <...>``."""

    PROBLEM_MAX = 160   # the problem quotes the file's value, which may be a whole table

    def __init__(self, source, where, field, problem, allowed):
        self.source, self.where, self.field = str(source), where, field
        problem = " ".join(str(problem).split())
        if len(problem) > self.PROBLEM_MAX:
            problem = problem[:self.PROBLEM_MAX - 1] + "…"
        self.problem, self.allowed = problem, allowed
        text = f"{source}: {where}: {field}: {problem}; allowed: {allowed}"
        super().__init__(" ".join(text.split()))


@dataclass(frozen=True)
class Site:
    """Where a value was read: the file and the card or section within it."""
    source: str
    where: str

    def error(self, field, problem, allowed) -> DeckError:
        return DeckError(self.source, self.where, field, problem, allowed)


def choices(names) -> str:
    """The allowed names, comma-separated."""
    return ", ".join(names)


def did_you_mean(name, names) -> str:
    """' (did you mean X?)' when a close name exists, for unknown card names."""
    close = difflib.get_close_matches(name, list(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def check_keys(site, table, allowed, prefix=""):
    """Reject a key the schema does not know: a typo must not be silently ignored."""
    for key in table:
        if key not in allowed:
            raise site.error(prefix + key, "unknown key", choices(allowed))


def want_str(site, table, key, default=_MISSING, label=None) -> str:
    """A non-empty string field."""
    v = table.get(key, default)
    if v is _MISSING:
        raise site.error(label or key, "missing required field", "a string")
    if not isinstance(v, str) or not v.strip():
        raise site.error(label or key, f"{v!r} is not a non-empty string", "a string")
    return v


def want_int(site, table, key, low, default=_MISSING, label=None, high=INT_MAX) -> int:
    """An integer field from ``low`` to ``high`` (TOML booleans are not
    integers); ``high`` defaults to INT_MAX, the bound of every card number."""
    v = table.get(key, default)
    allowed = f"an integer from {low} to {high}"
    if v is _MISSING:
        raise site.error(label or key, "missing required field", allowed)
    if type(v) is not int or not low <= v <= high:
        shown = repr(v) if type(v) is not int or abs(v) < 10**30 else f"{str(v)[:12]}... ({len(str(v))} digits)"
        raise site.error(label or key, f"{shown} is not {allowed}", allowed)
    return v


def want_name(site, table, key, names, default=_MISSING, label=None) -> str:
    """A string field that must be one of ``names``."""
    if key not in table and default is _MISSING:
        raise site.error(label or key, "missing required field", choices(names))
    v = want_str(site, table, key, default, label)
    if v not in names:
        raise site.error(label or key, f"unknown value {v!r}", choices(names))
    return v


def named_table(source, raw, key, index, keys, quote=repr) -> tuple[Site, str]:
    """The ``index``-th ``[[key]]`` table of a file: its Site (by its name,
    written by ``quote``, once read) and its name, with keys outside ``keys`` refused."""
    site = Site(source, f"{key} #{index + 1}")
    if not isinstance(raw, dict):
        raise site.error(key, f"{raw!r} is not a table", f"[[{key}]] tables")
    name = want_str(site, raw, "name")
    site = Site(source, f"{key} {quote(name)}")
    check_keys(site, raw, keys)
    return site, name


def presence(site, table, key, wanted, who) -> bool:
    """A field required on some card types and forbidden on the others."""
    if wanted and key not in table:
        raise site.error(key, "missing required field", f"required on {who} cards")
    if not wanted and key in table:
        raise site.error(key, "not used by this card type", f"only on {who} cards")
    return wanted


def read_toml(path) -> dict:
    """Parse one TOML file; unreadable or malformed files become a DeckError."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise DeckError(path, "file", "path", f"cannot read it ({e.strerror})",
                        "an existing TOML file") from None
    except UnicodeDecodeError:
        raise DeckError(path, "file", "encoding", "not UTF-8 text", "a UTF-8 TOML file") from None
    except tomllib.TOMLDecodeError as e:
        line = re.search(r"line (\d+)", str(e))
        where = f"line {line.group(1)}" if line else "file"
        raise DeckError(path, where, "syntax", f"malformed TOML ({e})",
                        "valid TOML (https://toml.io)") from None
