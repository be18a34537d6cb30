"""The rulesets, by the name an experiment file gives (``ruleset = "..."``, DESIGN §5).

Each maps to the module holding its ``RULESET`` (``ruleset.Ruleset``), imported
only when asked for: a game's rules and kernel load with it.
"""
import importlib

RULESETS = {"innomine": "balance.rules.innomine.ruleset", "kamigami": "balance.rules.kamigami.ruleset",
            "solium": "balance.rules.solium.ruleset", "innomination": "balance.rules.innomination.ruleset"}
DEFAULT = "innomine"


def get(name: str = DEFAULT):
    """The Ruleset registered as ``name`` (a KeyError names the allowed ones)."""
    if name not in RULESETS:
        raise KeyError(f"unknown ruleset {name!r}; allowed: {', '.join(RULESETS)}")
    return importlib.import_module(RULESETS[name]).RULESET
