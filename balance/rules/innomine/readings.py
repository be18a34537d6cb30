"""Contested readings of the rulebook, as named switches (docs/rules.md,
"Readings"): where two plausible texts disagree, each reading is a rule option
with two values, chosen per experiment (``readings = {name = "value"}``) or on
the command line (``--reading name=value``), and recorded in the manifest.

In the kernel a reading is one bit of ``State.g[G_READINGS]``: clear for its
first value, set for its second.  Which value is the default is data here, so
that the default can follow the literal text without renaming a bit.
"""
from dataclasses import dataclass

from numba import njit

from ...errors import InputError
from .state import G_READINGS

(R_DEFEND, R_OVERDUE, R_PROTECTION, R_UNCONTROLLED_HEAL, R_TETHER, R_SAINTS, R_AGEING) = range(7)


@dataclass(frozen=True)
class Reading:
    """One contested reading: ``values[0]`` is read with its bit clear,
    ``values[1]`` with it set; ``rule`` is its entry in docs/rules.md."""
    name: str
    bit: int
    rule: str
    values: tuple[str, str]
    default: str
    meaning: str


READINGS = {r.name: r for r in (
    Reading("defend", R_DEFEND, "I14", ("free", "spends_action"), "free",
            "Defend costs nothing, or only a Being that kept its action in its controller's last turn may Defend"),
    Reading("overdue_note", R_OVERDUE, "I47", ("every_turn", "once"), "every_turn",
            "Gabriel's and Michael's overdue Servitor takes a note every turn it stays overdue, or once, "
            "and its count starts again"),
    Reading("protection", R_PROTECTION, "I12", ("new_combat", "any_harm"), "new_combat",
            "a Being that has not spent an opponent's turn in its realm is only safe from being chosen as the "
            "target of a new combat, or safe from every blow, Song and Resonance of another seat"),
    Reading("uncontrolled_human_heals", R_UNCONTROLLED_HEAL, "I22", ("owners_turn", "never"), "owners_turn",
            "an uncontrolled Human removes a damage counter at its owner's turn end, or never (it has no "
            "controller)"),
    Reading("tether_relief", R_TETHER, "I24", ("end_of_turn", "whole_turn"), "end_of_turn",
            "a Servitor at its Superior's Tether loses a note at every turn end, or only after a whole turn there"),
    Reading("saints_and_undead", R_SAINTS, "I57", ("as_humans", "not_humans"), "as_humans",
            "Saints and Undead count as Humans for card text, or card text aimed at Humans reaches Human cards only"),
    Reading("ageing", R_AGEING, "I5", ("arrival_turn", "next_turn"), "arrival_turn",
            "a Human ages in the turn it is brought out, or from the next turn"),
)}


def problem(chosen: dict) -> tuple[str, str, str] | None:
    """The first thing wrong in ``chosen`` ({reading: value}) as (reading, what
    is wrong, what is allowed), or None."""
    for name, value in chosen.items():
        if name not in READINGS:
            return name, "unknown reading", ", ".join(READINGS)
        if value not in READINGS[name].values:
            return name, f"{value!r} is not a value of this reading", ", ".join(READINGS[name].values)
    return None


def departures(chosen: dict) -> dict:
    """The readings of ``chosen`` (checked) that are not at their defaults."""
    return {n: v for n, v in sorted(chosen.items()) if v != READINGS[n].default}


def pack(chosen: dict, where: str = "--reading") -> int:
    """The kernel's bits for the readings ``chosen`` ({reading: value}); the
    others take their defaults.  Raises InputError naming ``where``."""
    wrong = problem(chosen)
    if wrong:
        raise InputError(f"{where}: {wrong[0]}: {wrong[1]}; allowed: {wrong[2]}")
    values = {n: r.default for n, r in READINGS.items()} | chosen
    return sum(READINGS[n].values.index(v) << READINGS[n].bit for n, v in values.items())


@njit(cache=True)
def reads(s, bit):
    """Is reading ``bit`` switched to its second value in this game?"""
    return (s.g[G_READINGS] >> bit) & 1 == 1
