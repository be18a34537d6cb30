"""Kamigami Battles: Rise of the Old Ones (../shared/seeds/003), Free for All for
2 to 6 players; ``ruleset.RULESET`` is what the registry hands out."""
