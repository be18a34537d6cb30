"""Innomination's closed vocabulary (Prototype 4): Nations (1g), Aether's
elements (1d), card types (1e), the 36 keywords and traits of section 4, the
phase hooks of 1h, and the operations, targets and requirements card effects
are built from.  A card file may use these names only (cards.py refuses any
other in one line)."""
import re

NATIONS = ("Sectonia", "Vesuvion", "Verivusin", "Lastaesha", "Asweigald", "Kalua", "Neutral")
NEUTRAL = "Neutral"
# 1d prints the elements as icons the text does not name; these names are invented (docs/innomination.md).
ELEMENTS = ("fire", "water", "earth", "wind", "light", "dark", "neutral")
ANY = "neutral"                       # "Any element of Aether can be used to pay for Neutral Aether" (1d)

CARD_TYPES = ("creature", "spell", "attachment", "chain")      # 1e's Main Deck types
MAX_SLOTS = 3                         # 6a: "Every card is limited to 3 slots"

# Section 4, KEYWORDS: activated card effects.  Value: whether X is required (True), optional (None) or absent.
KEYWORDS = {"ACT": False, "ARISE": False, "AURA": False, "CHAIN": False, "CONTACT": False, "COUNT": True,
            "COST": None, "DEATH": False, "ENTER": False, "EXPEDITE": False, "RESERVE": False, "SUMMON": False,
            "TIMER": True}
# Section 4, TRAITS: passive card effects.
TRAITS = {"ACTIONS": True, "ARMOR": True, "BLITZ": False, "BLOCK": False, "BURST": None, "CORPOREAL": False,
          "EVASIVE": False, "HIDDEN": False, "INDESTRUCTIBLE": False, "INITIATIVE": False, "INVINCIBLE": False,
          "MULTISTRIKE": True, "PRODUCE": False, "QUICK": False, "REGENERATE": False, "RESTRAINT": False,
          "SENSE": False, "SHIELD": True, "SLAYER": False, "TAUNT": False, "UNTARGETABLE": False,
          "UNCHAINED": False, "WARD": False}
assert len(KEYWORDS) + len(TRAITS) == 36
HOOKS = ("START OF TURN", "END OF TURN")    # 1h: phase effects, not section 4 keywords
PLAY, ALWAYS = "PLAY", "ALWAYS"             # not keywords: a spell's text as played; a passive always on
TIMINGS = (*KEYWORDS, *HOOKS, PLAY, ALWAYS)
# RESERVE: no rule of Prototype 4 says how a card enters a Reserve Zone, so a card using it is refused.
UNMODELLED = ("RESERVE",)
ACTIONS_X = (2, 3)                          # "(X) ACTIONS ... X can be 2 or 3"
COUNTS = ("own turn", "creature destroyed", "spell played")

# Operations: name -> (required arguments, optional arguments).
OPS = {"damage": (("amount", "target"), ()), "restore": (("amount", "target"), ()), "draw": (("amount",), ()),
       "discard": (("amount",), ()), "destroy": (("target",), ()), "banish": (("target",), ()),
       "stat": (("attack", "life", "target"), ("until",)),
       "tokens": (("token", "amount"), ("low_life", "low_amount")),
       "search": (("card_type", "amount"), ()), "negate": (("scope", "target"), ("to_graveyard",)),
       "replace": (("with", "target"), ()),
       "name": (("target",), ()), "revive": (("card",), ("enter",)), "produce": (("amount", "element"), ()),
       "grant": (("effect", "target"), ()),
       "summon_from_hand": (("card_type", "max_cost"), ("tribe",)), "discard_self": ((), ()),
       "break_chain": ((), ()), "ready": (("target",), ())}
NEGATE_SCOPES = ("card", "destroy", "damage")
UNTIL = ("end of turn",)
SEARCH_TYPES = (*CARD_TYPES, "any")

# Targets: who an operation affects.  "chosen ..." is a decision of the effect's controller.
TARGETS = ("self", "your leader", "enemy leader", "all leaders", "attached", "chosen creature",
           "chosen enemy creature", "chosen allied creature", "all creatures", "all enemy creatures",
           "allied creatures", "opposing creature", "chosen enemy", "chain effect", "own creature")
REQUIREMENTS = ("leader_life_at_most", "allied_creatures_at_least", "graveyard_at_least", "turn_at_least")
ATTACH = ("ally", "enemy")

_PRINTED = re.compile(r"^(?:\((\d+)\) (ACTIONS)|([A-Z]+)(?:\((\d+|N)\))?)$")


def parse(text: str, known: dict) -> tuple[str, int | None] | str:
    """A printed keyword or trait (``TIMER(5)``, ``(2) ACTIONS``, ``COST(N)``)
    as (name, X; -1 for N), or the reason it is not one of ``known``."""
    m = _PRINTED.match(text.strip()) if isinstance(text, str) else None
    if not m:
        return f"{text!r} is not a keyword as printed"
    name = m.group(2) or m.group(3)
    raw = m.group(1) or m.group(4)
    if name not in known:
        return f"unknown keyword {text!r}"
    if known[name] is True and raw is None:
        return f"{name} is missing its X"
    if known[name] is False and raw is not None:
        return f"{name} takes no X"
    if raw == "N" and name != "COST":
        return f"{name}(N): only COST takes N"
    if name == "ACTIONS" and int(raw) not in ACTIONS_X:
        return "(X) ACTIONS: X can be 2 or 3"
    return name, (-1 if raw == "N" else None if raw is None else int(raw))
