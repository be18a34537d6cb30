"""Solium Infernum's combats (../shared/seeds/002, 4.16 and 4.17): Legion
battles and Praetor single combat; ``ruleset.RULESET`` is what the registry hands out."""
