"""Contested readings of the rulebook, as named switches (docs/rules.md,
"Readings"): where two plausible texts disagree, each reading is a rule option
with two values, chosen per experiment (``readings = {name = "value"}``) or on
the command line (``--reading name=value``), and recorded in the manifest.

The kernel reads each as one bit (``readings``); which value is the default is
data here, so that the default can follow the literal text without renaming a
bit or recompiling the kernel.
"""
from .. import ruleset
from ..ruleset import Reading
from .readings import R_AGEING, R_DEFEND, R_FIRST_TOOL, R_OVERDUE, R_PROTECTION, R_SAINTS, R_TETHER, R_UNCONTROLLED_HEAL


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



def pack(chosen: dict, where: str = "--reading") -> int:
    """The kernel's bits for In Nomine's readings ``chosen`` (ruleset.pack)."""
    return ruleset.pack(READINGS, chosen, where)
