"""Contested readings of the rulebook, as named switches (docs/rules.md,
"Readings"): where two plausible texts disagree, each reading is a rule option
with two values, chosen per experiment (``readings = {name = "value"}``) or on
the command line (``--reading name=value``), and recorded in the manifest.

The kernel reads each as one bit (``readings``); which value is the default is
data here, so that the default can follow the literal text without renaming a
bit or recompiling the kernel.
"""
from dataclasses import dataclass

from ...errors import InputError
from .readings import R_AGEING, R_DEFEND, R_FIRST_TOOL, R_OVERDUE, R_PROTECTION, R_SAINTS, R_TETHER, R_UNCONTROLLED_HEAL


@dataclass(frozen=True)
class Reading:
    """One contested reading: ``values[0]`` is read with its bit clear,
    ``values[1]`` with it set; ``rule`` is its entry in docs/rules.md, which
    gives the passage and why ``default`` is the default."""
    name: str
    bit: int
    rule: str
    values: tuple[str, str]
    default: str


READINGS = {r.name: r for r in (
    Reading("defend", R_DEFEND, "I14", ("free", "spends_action"), "free"),
    Reading("overdue_note", R_OVERDUE, "I47", ("every_turn", "once"), "every_turn"),
    Reading("protection", R_PROTECTION, "I12", ("new_combat", "any_harm"), "any_harm"),
    Reading("uncontrolled_human_heals", R_UNCONTROLLED_HEAL, "I22", ("owners_turn", "never"), "never"),
    Reading("tether_relief", R_TETHER, "I24", ("end_of_turn", "whole_turn"), "end_of_turn"),
    Reading("saints_and_undead", R_SAINTS, "I57", ("as_humans", "not_humans"), "as_humans"),
    Reading("ageing", R_AGEING, "I5", ("arrival_turn", "next_turn"), "arrival_turn"),
    Reading("tinkerer_tool", R_FIRST_TOOL, "card text (Ed Holder)", ("chosen", "first"), "chosen"),
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
