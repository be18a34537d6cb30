"""Solium Infernum's closed vocabulary for its two combat systems (DESIGN §4):
the combat attributes, the single-combat moves (4.17 and Appendix C), the
battle abilities (Appendices C, D and F) and the columns of the compiled
tables.

A roster file may use only these names (``roster.py`` rejects any other,
naming the file, the entry, the field and the allowed names); the kernels
dispatch on the integer codes.  Numbers the manual does not print (an exotic
move's Skull, Shield and Orb ranges) are invented and marked so in
docs/solium.md, "Invented numbers".
"""
import numpy as np

RANGED, MELEE, INFERNAL = range(3)                      # 4.16, "General Concept": the three combat attributes
ATTRIBUTES = ("ranged", "melee", "infernal")
CHALLENGE_ORDER = (RANGED, MELEE, INFERNAL)             # 4.16, "Start Rounds of Combat": the default order
MAX_CHALLENGES = 2 * len(CHALLENGE_ORDER)               # a round's challenges, every one Twice at most

# ---- single-combat moves (4.17 "Basic Combat Moves", Appendix C's "(Combat Move)" entries).
# MOVES[name] = (code, skulls (low, high), shields (low, high), orbs): what the move may be allotted;
# a range (0, 0) takes none of that kind.
(M_NONE, M_MELEE_ATTACK, M_MELEE_DEFENSE, M_GUARDED_ATTACK, M_INFERNAL_BURST,
 M_MIND_BURN, M_BLOOD_BOIL, M_VEIL_OF_SMOKE, M_PIERCING_LUNGE, M_CRIPPLING_STRIKE, M_IMPALE, M_BLEEDING_WOUND,
 M_BONE_BREAKER, M_SINEW_SLICE, M_LAVA_ORB, M_OBSIDIAN_SKIN, M_IMPENETRABLE_STANCE, M_DEMONIC_TRANCE,
 M_OATH_OF_RETRIBUTION, M_RAIN_OF_BRIMSTONE, M_TENTACLE_RUPTURE, M_VILE_OATH) = range(22)
MOVES = {
    "none": (M_NONE, (0, 0), (0, 0), 0),                          # an empty Combat Slot
    "melee_attack": (M_MELEE_ATTACK, (1, 5), (0, 0), 0),          # 4.17: one to five Skulls
    "melee_defense": (M_MELEE_DEFENSE, (0, 0), (1, 5), 0),        # one to five Shields
    "guarded_attack": (M_GUARDED_ATTACK, (1, 4), (1, 4), 0),      # one to four of each
    "infernal_burst": (M_INFERNAL_BURST, (0, 0), (0, 0), 3),      # three Orbs, 1d6 unblockable
    "mind_burn": (M_MIND_BURN, (0, 0), (0, 0), 3),                # exotic (Appendix C); costs invented
    "blood_boil": (M_BLOOD_BOIL, (0, 0), (0, 0), 3),
    "veil_of_smoke": (M_VEIL_OF_SMOKE, (0, 0), (0, 0), 3),
    "piercing_lunge": (M_PIERCING_LUNGE, (1, 5), (0, 0), 0),
    "crippling_strike": (M_CRIPPLING_STRIKE, (1, 5), (0, 0), 0),
    "impale": (M_IMPALE, (1, 5), (1, 6), 0),                      # Furfur's 3 Skulls and 6 Shields (4.17)
    "bleeding_wound": (M_BLEEDING_WOUND, (1, 5), (0, 0), 0),
    "bone_breaker": (M_BONE_BREAKER, (1, 5), (0, 0), 0),
    "sinew_slice": (M_SINEW_SLICE, (1, 5), (0, 0), 0),
    "lava_orb": (M_LAVA_ORB, (0, 0), (0, 0), 4),
    "obsidian_skin": (M_OBSIDIAN_SKIN, (0, 0), (0, 0), 4),
    "impenetrable_stance": (M_IMPENETRABLE_STANCE, (0, 0), (1, 5), 0),
    "demonic_trance": (M_DEMONIC_TRANCE, (0, 0), (0, 0), 4),
    "oath_of_retribution": (M_OATH_OF_RETRIBUTION, (0, 0), (0, 0), 4),
    "rain_of_brimstone": (M_RAIN_OF_BRIMSTONE, (0, 0), (0, 0), 6),
    "tentacle_rupture": (M_TENTACLE_RUPTURE, (0, 0), (0, 0), 3),
    "vile_oath_of_consumption": (M_VILE_OATH, (0, 0), (0, 0), 5),
}
(MV_SKULLS_LO, MV_SKULLS_HI, MV_SHIELDS_LO, MV_SHIELDS_HI, MV_ORBS) = range(5)
MOVE_RANGES = np.array([(*sk, *sh, orbs) for _, sk, sh, orbs in MOVES.values()], dtype=np.int64)   # by move code
BASIC_MOVES = ("none", "melee_attack", "melee_defense", "guarded_attack", "infernal_burst")   # every Praetor's
MOVE_NAMES = {code: name for name, (code, *_rest) in MOVES.items()}
SLOTS = 6                                               # 4.17: six numbered Combat Slots a round
# ---- a program's slot (Tables.program[program, slot]): the move and what is allotted to it
(SL_MOVE, SL_SKULLS, SL_SHIELDS, SL_ORBS) = range(4)
N_SLOT_COLS = 4
# ---- Praetor table (Tables.praetor): 4.6 "Praetor Attributes" and 4.17 "Luck"
(P_LEVEL, P_SKULLS, P_SHIELDS, P_ORBS, P_HP, P_LUCK) = range(6)
N_PRAETOR_COLS = 6

# ---- battle abilities (Appendices C, D and F).  ABILITIES[name] = (code, takes an X).
# Those marked OUTSIDE act on the map, the Bazaar or between turns: a roster may give them
# (they are printed), and a battle ignores them; UNMODELLED ones act in battle and are refused
# (docs/solium.md, "What a battle leaves out").
(A_CHARGE, A_RAGE, A_FIERCE, A_BLACK_LIGHTNING, A_FLAME_AURA,
 A_RANGED_RESIST, A_MELEE_RESIST, A_INFERNAL_RESIST, A_RANGED_VUL, A_MELEE_VUL, A_INFERNAL_VUL,
 A_PLUS_ROUND, A_MINUS_ROUND, A_MELEE_FIRST, A_INFERNAL_FIRST, A_RANGED_LAST, A_MELEE_LAST,
 A_RANGED_TWICE, A_MELEE_TWICE, A_INFERNAL_TWICE,
 A_RANGED_PLUS, A_MELEE_PLUS, A_INFERNAL_PLUS, A_LEVEL_ROLL, A_BLOCK_COMBAT_CARDS,
 A_POWER_OF_DAMNATION, A_SULFUROUS_BURNS, A_DARK_AURA, A_TRAMPLE, A_INFERNAL_BURST_ARTIFACT, A_STUNNING_BLOW,
 A_HIT_POINT_BONUS, A_HALF_INFERNAL, A_SIEGE_ENGINE, A_WALL_RAM, A_CENTER_OF_EVIL, A_SEAT_OF_COMMAND,
 A_PANIC, A_TOTEM_POWER, A_VAMPIRIC_REAPING, A_FLESH_REND, A_OBLIVION, A_OUTSIDE) = range(43)
N_ABILITIES = 43
ABILITIES = {
    # Appendix F, Legion special abilities
    "charge": (A_CHARGE, False), "rage": (A_RAGE, False), "fierce": (A_FIERCE, False),
    "black_lightning": (A_BLACK_LIGHTNING, False), "flame_aura": (A_FLAME_AURA, False),
    "ranged_resist": (A_RANGED_RESIST, True), "melee_resist": (A_MELEE_RESIST, True),
    "infernal_resist": (A_INFERNAL_RESIST, True), "ranged_vul": (A_RANGED_VUL, True),
    "melee_vul": (A_MELEE_VUL, True), "infernal_vul": (A_INFERNAL_VUL, True),
    "plus_combat_round": (A_PLUS_ROUND, False), "minus_combat_round": (A_MINUS_ROUND, False),
    "melee_last": (A_MELEE_LAST, False), "ranged_last": (A_RANGED_LAST, False), "melee_twice": (A_MELEE_TWICE, False),
    # Appendix C, Praetor special abilities (those for battle)
    "infernal_first": (A_INFERNAL_FIRST, False), "melee_first": (A_MELEE_FIRST, False),
    "ranged_twice": (A_RANGED_TWICE, False), "infernal_twice": (A_INFERNAL_TWICE, False),
    "ranged_plus": (A_RANGED_PLUS, True), "melee_plus": (A_MELEE_PLUS, True), "infernal_plus": (A_INFERNAL_PLUS, True),
    "level_roll": (A_LEVEL_ROLL, True), "block_combat_cards": (A_BLOCK_COMBAT_CARDS, False),
    # Appendix D, Artifact special abilities
    "power_of_damnation": (A_POWER_OF_DAMNATION, False), "sulfurous_burns": (A_SULFUROUS_BURNS, False),
    "dark_aura": (A_DARK_AURA, False), "trample": (A_TRAMPLE, False),
    "infernal_burst": (A_INFERNAL_BURST_ARTIFACT, False), "stunning_blow": (A_STUNNING_BLOW, False),
    "hit_point_bonus": (A_HIT_POINT_BONUS, True), "half_infernal_damage": (A_HALF_INFERNAL, False),
    "ranged_resistance": (A_RANGED_RESIST, True), "melee_resistance": (A_MELEE_RESIST, True),
    "siege_engine": (A_SIEGE_ENGINE, False), "wall_ram": (A_WALL_RAM, False),
    "center_of_evil": (A_CENTER_OF_EVIL, False), "seat_of_command": (A_SEAT_OF_COMMAND, False),
    "panic": (A_PANIC, False), "totem_power": (A_TOTEM_POWER, False), "vampiric_reaping": (A_VAMPIRIC_REAPING, False),
    "flesh_rend": (A_FLESH_REND, False), "oblivion": (A_OBLIVION, False),
    # printed, and acting outside a battle (OUTSIDE)
    **{name: (A_OUTSIDE, False) for name in (
        "flying", "mountain_walk", "swamp_walk", "recovery_specialists", "black_ring", "infernal_crusade",
        "collector_of_artifacts", "loyalty_plus", "swift", "ponderous", "no_fly", "demonic_salve",
        "infernal_dissipation")},
}
UNMODELLED = ("sound_of_doom", "leper_kings_curse")     # printed, act in battle, and not modelled: refused
OUTSIDE = tuple(n for n, (code, _) in ABILITIES.items() if code == A_OUTSIDE)
TWICE = {RANGED: A_RANGED_TWICE, MELEE: A_MELEE_TWICE, INFERNAL: A_INFERNAL_TWICE}
PLUS = {RANGED: A_RANGED_PLUS, MELEE: A_MELEE_PLUS, INFERNAL: A_INFERNAL_PLUS}
RESIST = {RANGED: A_RANGED_RESIST, MELEE: A_MELEE_RESIST, INFERNAL: A_INFERNAL_RESIST}
VUL = {RANGED: A_RANGED_VUL, MELEE: A_MELEE_VUL, INFERNAL: A_INFERNAL_VUL}
BONUS_DIE = {RANGED: A_BLACK_LIGHTNING, MELEE: A_FIERCE, INFERNAL: A_FLAME_AURA}    # +1d4 damage on a win
DOUBLER = {RANGED: A_SULFUROUS_BURNS, MELEE: A_STUNNING_BLOW, INFERNAL: A_POWER_OF_DAMNATION}   # x2 damage (App. D)

# ---- combatant table (Tables.unit: one row per army, its Legion or Place of Power with what is attached)
# U_RANGED..U_INFERNAL: printed, with the Praetor's and Artifacts' +X
(U_LEVEL, U_RANGED, U_MELEE, U_INFERNAL, U_HP, U_PLACE, U_LOYALTY,
 U_SUPPORT_RANGED, U_SUPPORT_MELEE, U_SUPPORT_INFERNAL,   # support from adjacent Legions (4.16), summed
 U_N_CARDS) = range(11)
N_UNIT_COLS = 11
# Tables.ability[unit, A_*]: the ability's X (1 for one that takes none; 0 absent), summed over what holds it
MAX_CARDS = 4                      # attachment slots at level 7+ (4.4, "Legion Attachments")
MAX_ELEMENTS = 3                   # a Combat Card's elements (Appendix H: 3 at Wrath 5)
# ---- Combat Card element (Tables.card[unit, card, element]): 4.12 "+3 to Ranged or -(1d6 + 2) to the enemy's
# Infernal"; the amount is CE_DICE d CE_SIDES + CE_PLUS, added to its own attribute (or Hit Points, Wrath 3) or
# taken from the enemy's (not below 0)
(CE_ON, CE_ATTRIBUTE, CE_DICE, CE_SIDES, CE_PLUS) = range(5)
N_ELEMENT_COLS = 5
NO_ELEMENT, OWN, ENEMY = -1, 0, 1                        # CE_ON
HIT_POINTS = 3                                          # CE_ATTRIBUTE: RANGED, MELEE, INFERNAL or HIT_POINTS
