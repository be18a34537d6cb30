"""Solium Infernum's contested readings (docs/solium.md, "Readings"): each a
named switch with a documented default, packed into the kernel's reading bits
(battle.py and single_combat.py read their own bit)."""
from ..ruleset import Reading
from .battle import EQUAL_DAMAGE_DEFENDER_RETREATS
from .single_combat import LUCK_SKULL_SHIELD_ONLY

READINGS = {
    "equal_damage_retreat": Reading("equal_damage_retreat", EQUAL_DAMAGE_DEFENDER_RETREATS, "S1",
                                    ("attacker", "defender"), "attacker"),
    "luck_defends": Reading("luck_defends", LUCK_SKULL_SHIELD_ONLY, "S2", ("always", "skull_shield_moves"),
                            "always"),
}
