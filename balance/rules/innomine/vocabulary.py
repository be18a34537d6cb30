"""The closed vocabulary of In Nomine card data (DESIGN §4).

Every name a card file may use -- card types, Choir/Band kinds, Human counters,
effect primitives and their parameters -- is declared here once.  The loader in
``cards`` (this package's) validates TOML against these tables and compiles names to the
integer codes below; the numba kernel dispatches on the same codes.  A name that
is not here is rejected at load time with the list of valid names.
"""

# ---------------------------------------------------------------- card types
# Rulebook, "Types of Cards": Repository cards, then Event cards.
SERVITOR, SONG, OBJECT, RANK, SKILL, RITE, COMBAT_ACT, PERSONAL_ACT = range(8)
HUMAN, ETHEREAL, TOOL, TETHER, LOCATION, INTERVENTION, NATURE = range(8, 15)
# "Animals are Beings [...] Animals have lifespans, with Destinies and Fates"
# (rulebook, "Beings in Detail"); like Humans, they come from the Events deck.
ANIMAL = 15

CARD_TYPES = {
    "servitor": SERVITOR, "song": SONG, "object": OBJECT, "rank": RANK,
    "skill": SKILL, "rite": RITE, "combat_act": COMBAT_ACT, "personal_act": PERSONAL_ACT,
    "human": HUMAN, "ethereal": ETHEREAL, "tool": TOOL, "tether": TETHER,
    "location": LOCATION, "intervention": INTERVENTION, "nature": NATURE, "animal": ANIMAL,
}
REPOSITORY_TYPES = frozenset(range(SERVITOR, PERSONAL_ACT + 1))
EVENTS_TYPES = frozenset(range(HUMAN, ANIMAL + 1))
ATTACHMENT_TYPES = frozenset({SONG, OBJECT, RANK, SKILL, RITE, TOOL})
BEING_TYPES = frozenset({SERVITOR, HUMAN, ETHEREAL, ANIMAL})
MORTAL_TYPES = frozenset({HUMAN, ANIMAL})     # a lifespan, a Destiny and a Fate

# ---------------------------------------------------------------- places
# Where an Events card comes into play: "the Earth, unless otherwise specified,
# such as the Marches for Ethereals"; Tethers "are actually two Locations, one on
# Earth or the Marches and one 'everywhere' in your Realm".
ON_EARTH, IN_MARCHES = 0, 1
PLACES = {"earth": ON_EARTH, "marches": IN_MARCHES}
PLACED_TYPES = frozenset({TETHER, LOCATION})   # the cards that say where they are

# ---------------------------------------------------------------- sides
HEAVEN, HELL = 0, 1
SIDES = {"heaven": HEAVEN, "hell": HELL}

# ---------------------------------------------------------------- kinds
# Servitor kinds: the Choirs and Bands, and the other Heavenly/Infernal agents.
NO_KIND = 0
(SERAPH, CHERUB, OFANITE, ELOHITE, MALAKITE, KYRIOTATE, MERCURIAN, BRIGHT_LILIM,
 RELIEVER, SAINT) = range(1, 11)
(BALSERAPH, DJINN, CALABITE, HABBALITE, LILIM, SHEDITE, IMPUDITE,
 DEMONLING, UNDEAD) = range(11, 20)
# Object kinds (rulebook, "Objects"), Rank kinds ("Ranks"), Intervention kinds.
RELIC, RELIQUARY, TALISMAN, ARTIFACT = range(20, 24)
DISTINCTION, SENESCHAL, WORD = range(24, 27)
DIVINE, INFERNAL = range(27, 29)

SERVITOR_KINDS = {
    "seraph": SERAPH, "cherub": CHERUB, "ofanite": OFANITE, "elohite": ELOHITE,
    "malakite": MALAKITE, "kyriotate": KYRIOTATE, "mercurian": MERCURIAN,
    "bright_lilim": BRIGHT_LILIM, "reliever": RELIEVER, "saint": SAINT,
    "balseraph": BALSERAPH, "djinn": DJINN, "calabite": CALABITE, "habbalite": HABBALITE,
    "lilim": LILIM, "shedite": SHEDITE, "impudite": IMPUDITE, "demonling": DEMONLING,
    "undead": UNDEAD,
}
HEAVEN_KINDS = frozenset(range(SERAPH, SAINT + 1))
HELL_KINDS = frozenset(range(BALSERAPH, UNDEAD + 1))
OBJECT_KINDS = {"relic": RELIC, "reliquary": RELIQUARY, "talisman": TALISMAN, "artifact": ARTIFACT}
RANK_KINDS = {"distinction": DISTINCTION, "seneschal": SENESCHAL, "word": WORD}
# Distinction ladders (rulebook, "Ranks"): "either angelic -- Vassal, Friend, and
# Master -- or demonic -- Knight, Captain, and Baron"; title: (side, rung).  A
# Distinction of rung n > 1 attaches only to a Being holding one of rung n - 1.
DISTINCTIONS = {
    "vassal": (HEAVEN, 1), "friend": (HEAVEN, 2), "master": (HEAVEN, 3),
    "knight": (HELL, 1), "captain": (HELL, 2), "baron": (HELL, 3),
}
INTERVENTION_KINDS = {"divine": DIVINE, "infernal": INFERNAL}
KINDS_BY_TYPE = {
    SERVITOR: SERVITOR_KINDS, OBJECT: OBJECT_KINDS, RANK: RANK_KINDS,
    INTERVENTION: INTERVENTION_KINDS,
}

# ---------------------------------------------------------------- realms / stats
# Stat triples are written (Ce/E/Co) in the rulebook; index 0, 1, 2 here.
CELESTIAL, ETHEREAL_REALM, CORPOREAL = 0, 1, 2
REALMS = {"celestial": CELESTIAL, "ethereal": ETHEREAL_REALM, "corporeal": CORPOREAL}

# ---------------------------------------------------------------- Human counters
# Destiny and Fate are conditions over these counters (rulebook, "Humans";
# the sample game's Ed Holder, Leslie Hamerson, Pen Quinn and Mark Walden).
(C_TOOLS_BROUGHT,      # Tools brought into play by this Human's actions
 C_BEINGS_HEALED,      # distinct Beings this Human has healed
 C_DAMAGE_DEALT,       # damage counters this Human has caused
 C_DAMAGE_HEALED,      # damage counters this Human has removed
 C_INFLUENCED_HEAVEN,  # Humans this Human Influenced for Heaven
 C_INFLUENCED_HELL,    # Humans this Human Influenced for Hell
 C_LOCATIONS_HEAVEN,   # Locations brought into play for an Archangel
 C_LOCATIONS_HELL,     # Locations brought into play for a Demon Prince
 C_TURNS_HEAVEN,       # whole turns ended while Influenced for Heaven
 C_TURNS_HELL,         # whole turns ended while Influenced for Hell
 ) = range(10)
COUNTERS = {
    "tools_brought": C_TOOLS_BROUGHT, "beings_healed": C_BEINGS_HEALED,
    "damage_dealt": C_DAMAGE_DEALT, "damage_healed": C_DAMAGE_HEALED,
    "influenced_heaven": C_INFLUENCED_HEAVEN, "influenced_hell": C_INFLUENCED_HELL,
    "locations_heaven": C_LOCATIONS_HEAVEN, "locations_hell": C_LOCATIONS_HELL,
    "turns_heaven": C_TURNS_HEAVEN, "turns_hell": C_TURNS_HELL,
}
# Each "_heaven" counter is followed by its "_hell" twin: see humans.side_counter.
N_COUNTERS = len(COUNTERS)
# Condition operators: {counter, at_least = n} | {counter, at_most = n} | {counter, more_than = "other"}
COND_NONE, COND_AT_LEAST, COND_AT_MOST, COND_MORE_THAN = range(4)
CONDITION_OPS = {"at_least": COND_AT_LEAST, "at_most": COND_AT_MOST, "more_than": COND_MORE_THAN}

# ---------------------------------------------------------------- effects
# Each effect compiles to (code, a, b, c, d).  PARAMS lists, in slot order, the
# parameter name, its allowed values (a dict of names -> ints, "int" for a whole
# number >= 0, or "signed" for one that may be negative), and its default
# (None = required).
E_NONE = 0
# Abilities: "this Being may take an action to ..." (some also as a combat round choice).
E_INFLUENCE, E_HEAL, E_SEARCH_TOOL, E_SEARCH_LOCATION, E_ROLL_DAMAGE = 1, 2, 3, 4, 5
E_DAMAGE_LOCATION, E_DESTROY_OBJECT, E_TOKEN_TOOL, E_SEARCH_SKILL, E_COMBAT_BOOST = 6, 7, 8, 9, 10
# Always-on game text.
E_INFLUENCE_BONUS, E_COST_DISCOUNT, E_WAIT_ESSENCE, E_COMBAT_ESSENCE = 11, 12, 13, 14
E_LEAVE_PLAY_ESSENCE, E_END_TURN_DAMAGE, E_RETREAT_STAY, E_FREE_MOVE = 15, 16, 17, 18
E_LEADER, E_FIRST_AID, E_RESTRICT_INFLUENCED, E_NATURE_IMMUNE, E_SHARE_RANKS = 19, 20, 21, 22, 23
E_ATTACK_BONUS, E_OATH = 24, 25
# Objects (rulebook, "Objects"): Reliquaries' Essence toward action costs, Talismans' skill-roll bonus.
E_RELIQUARY, E_SKILL_BONUS = 26, 27
# Combat types (rulebook, phase 6a): "ethereal attacks may be undertaken with certain
# Objects or Abilities" on Earth, "ethereal combat [...] with certain Relics or
# Abilities" in Realms.  Animals: "No cards other than those explicitly stating
# otherwise may be attached to Animals" -- this effect is that statement.
E_COMBAT_TYPE, E_ATTACHES_TO_ANIMALS = 28, 29
# Immediate: Personal Acts, Interventions, Nature.
E_GAIN_ESSENCE, E_CONVERT_HUMAN, E_EXTRA_ACTION, E_STEAL_TETHER = 30, 31, 32, 33
E_RELEASE_TRAUMA, E_DAMAGE_ALL, E_DESTROY_TETHER = 34, 35, 36
# Combat Acts.
E_REINFORCE, E_REMOVE_FROM_COMBAT = 40, 41
# Bright Lilim "never enter play except via Redemption (special play effect) of a
# Lilim demon in play" (rulebook, Bright Lilim; redemption.py).
E_REDEEM = 42
# The combat order (rulebook, phase 6a): "Some cards or abilities, such as Speed or
# the Ofanite of War Attunement, may affect this order" (I58).
E_SPEED = 43
# Defense Acts: "celestial combat is difficult to initiate witout specialized
# Attack or Defense Acts" (I59; an Attack Act is a Combat Act with `combat_type`).
E_DEFENSE_TYPE = 44
# Superior-sheet Choir/Band abilities (rulebook, "Game Play" and the sample's
# sheets; decks/superiors.toml): each changes what one kind's Resonance or
# Attunement does, so it is allowed only on a sheet ability of that kind
# (SHEET_EFFECT_KINDS).
E_FORFEIT_ACTIONS, E_DISABLE_OBJECT, E_RESONANCE_DAMAGE, E_FREE_ATTACK = 45, 46, 47, 48
E_ATTUNE_TETHER, E_DEFEND_ANYWHERE, E_STAY_IN_DYING_HOST, E_REACH_EARTH = 49, 50, 51, 52
# Phase 7: "Players discard cards in their hand above 7, modified by any cards in
# play" (I23).
E_HAND_SIZE = 53
# Soldekai: "all angels controlled by Gabriel gain the game text 'Objects attached to this
# Servitor may be attached to a different Servitor of Fire during the Acts phase.'"
E_MOVE_OBJECTS = 54

_OP = {"ge": 0, "gt": 1}
_TARGETS = {"humans": 0, "beings": 1, "servitors": 2, "enemies": 3}
_APPLIES = {"objects": 0, "actions": 1}
_WHERE = {"anywhere": 0, "own_tether": 1}
AGAINST_ANY, AGAINST_OTHER_SIDE_HUMANS = 0, 1
_AGAINST = {"any": AGAINST_ANY,   # Gabriel's Mercurians: Humans a Demon Prince Influences
            "other_side_humans": AGAINST_OTHER_SIDE_HUMANS}
_SIDE_ANY = {"heaven": HEAVEN, "hell": HELL, "any": 2}
# A Malakite's oath (rulebook, Malakim: "a condition written in their game text"):
# what it swore never to do.  The first four are single acts, each violation one
# note; a continuous condition costs "each round" it is broken (dissonance.keep_oaths).
OATH_WAIT, OATH_RETREAT, OATH_USE_TOOLS, OATH_HARM_HUMANS = 1, 2, 3, 4
OATH_SUFFER_DEMONS = 5   # continuous: never suffer a demon at its Location
_NEVER = {"wait": OATH_WAIT, "retreat": OATH_RETREAT, "use_tools": OATH_USE_TOOLS, "harm_humans": OATH_HARM_HUMANS,
          "suffer_demons": OATH_SUFFER_DEMONS}

EFFECTS = {
    # name: (code, [(param, allowed, default), ...])   -- at most 4 params (a, b, c, d)
    "influence": (E_INFLUENCE, [("stat", REALMS, "ethereal"), ("op", _OP, "ge"), ("targets", _TARGETS, "humans")]),
    "heal": (E_HEAL, [("realm", REALMS, "corporeal"), ("divisor", "int", 2)]),
    "search_tool": (E_SEARCH_TOOL, []),
    "search_location": (E_SEARCH_LOCATION, [("depth", "int", 6)]),
    "roll_damage": (E_ROLL_DAMAGE, [("realm", REALMS, "corporeal"), ("divisor", "int", 2)]),
    "damage_location": (E_DAMAGE_LOCATION, [("realm", REALMS, "corporeal"), ("amount", "int", None), ("essence", "int", 0)]),
    "destroy_object": (E_DESTROY_OBJECT, [("min_roll", "int", 5)]),
    "token_tool": (E_TOKEN_TOOL, []),
    "search_skill": (E_SEARCH_SKILL, []),
    "combat_boost": (E_COMBAT_BOOST, [("realm", REALMS, "corporeal"), ("amount", "int", 1), ("essence", "int", 0), ("reflect", "int", 0)]),
    "influence_bonus": (E_INFLUENCE_BONUS, [("amount", "int", 1), ("against", _AGAINST, "any")]),
    "cost_discount": (E_COST_DISCOUNT, [("amount", "int", 1), ("applies", _APPLIES, "actions"), ("where", _WHERE, "anywhere"), ("per_turn", "int", 0)]),
    "wait_essence": (E_WAIT_ESSENCE, [("amount", "int", 1), ("needs_tether", "int", 1)]),
    "combat_essence": (E_COMBAT_ESSENCE, [("every", "int", 3), ("amount", "int", 1)]),
    "leave_play_essence": (E_LEAVE_PLAY_ESSENCE, [("amount", "int", 1)]),
    "end_turn_damage": (E_END_TURN_DAMAGE, [("realm", REALMS, "corporeal"), ("amount", "int", 1), ("targets", _TARGETS, "humans")]),
    "retreat_stay": (E_RETREAT_STAY, []),
    "free_move": (E_FREE_MOVE, []),
    "leader": (E_LEADER, []),
    "first_aid": (E_FIRST_AID, [("amount", "int", 1)]),
    "restrict_influenced": (E_RESTRICT_INFLUENCED, []),
    "nature_immune": (E_NATURE_IMMUNE, []),
    "share_ranks": (E_SHARE_RANKS, []),
    "move_objects": (E_MOVE_OBJECTS, []),
    "attack_bonus": (E_ATTACK_BONUS, [("realm", REALMS, "corporeal"), ("amount", "int", 1)]),
    "reliquary": (E_RELIQUARY, [("amount", "int", None)]),
    "skill_bonus": (E_SKILL_BONUS, [("amount", "int", 1)]),
    "combat_type": (E_COMBAT_TYPE, [("realm", REALMS, None)]),
    "attaches_to_animals": (E_ATTACHES_TO_ANIMALS, []),
    "oath": (E_OATH, [("never", _NEVER, None)]),
    "gain_essence": (E_GAIN_ESSENCE, [("amount", "int", None)]),
    "convert_human": (E_CONVERT_HUMAN, []),
    "extra_action": (E_EXTRA_ACTION, [("amount", "int", 1)]),
    "steal_tether": (E_STEAL_TETHER, []),
    "release_trauma": (E_RELEASE_TRAUMA, [("side", _SIDE_ANY, "any")]),
    "destroy_tether": (E_DESTROY_TETHER, []),
    "damage_all": (E_DAMAGE_ALL, [("realm", REALMS, "corporeal"), ("amount", "int", 1), ("targets", _TARGETS, "humans")]),
    "reinforce": (E_REINFORCE, []),
    "remove_from_combat": (E_REMOVE_FROM_COMBAT, []),
    "redeem": (E_REDEEM, []),
    "speed": (E_SPEED, [("amount", "int", 1)]),
    "defense_type": (E_DEFENSE_TYPE, [("realm", REALMS, None)]),
    "forfeit_actions": (E_FORFEIT_ACTIONS, [("hits", REALMS, "corporeal")]),
    "disable_object": (E_DISABLE_OBJECT, []),
    "resonance_damage": (E_RESONANCE_DAMAGE, [("factor", "int", 2)]),
    "free_attack": (E_FREE_ATTACK, []),
    "attune_tether": (E_ATTUNE_TETHER, [("attack", "int", 2)]),
    "defend_anywhere": (E_DEFEND_ANYWHERE, []),
    "stay_in_dying_host": (E_STAY_IN_DYING_HOST, []),
    "reach_earth": (E_REACH_EARTH, []),
    "hand_size": (E_HAND_SIZE, [("amount", "signed", None)]),
}
# The sheet-only effects and the one kind whose Resonance or Attunement each
# changes (a card naming one, or a sheet ability of another kind, is rejected):
# Belial's Habbalah "make a Resonance roll in combat, but instead of Influence,
# [...] cause the target to forfeit a number of actions equal to the demon's
# Corporeal Hits" (I68); his Balseraphs "may, in combat, cause any Object to be
# nonfunctioning for the remainder of combat" (I68); "His Calabim double damage
# from a Resonance roll"; Gabriel's Cherubim "may take one free action per turn
# to attack Impudites or Humans who hold Influence over any Being for a Demon
# Prince" (I69); Michael's "may Attune to a Tether Michael controls and add +2 to
# their Attack while defending it", Dominic's "may Attune to a Human Influenced
# for Heaven and defend it anywhere on Earth" (I70); Saminga's Shedim "may stay
# in a dying host until the end of the turn", Nybbas's Lilim "may read the Need
# of any Human shown on a screen, wherever it is on Earth" (I71).
SHEET_EFFECT_KINDS = {
    "forfeit_actions": "habbalite", "disable_object": "balseraph", "resonance_damage": "calabite",
    "free_attack": "cherub", "attune_tether": "cherub", "defend_anywhere": "cherub",
    "stay_in_dying_host": "shedite", "reach_earth": "lilim",
}
MAX_EFFECTS = 4          # effects per card design
EFFECT_WIDTH = 5         # (code, a, b, c, d)

# ---------------------------------------------------------------- Superior sheets
# Dissonance conditions a Superior sheet may name (rulebook, "Sample Game":
# Belial's and Gabriel's sheets).
SUPERIOR_DISSONANCE = {
    "none": 0,
    "damaged_by_own_location": 1,   # Belial
    "must_engage_demons": 2,        # Gabriel
    "never_retreat": 3,             # Dominic (invented, I88)
    "never_wait": 4,                # Nybbas (invented, I88)
}
