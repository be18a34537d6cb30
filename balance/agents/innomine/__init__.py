"""The agents' In Nomine choosers: the scripted styles' values of each decision
kind (rules/innomine/decisions.py), and the search agent's rollouts.

The rules ask ``decide`` and the scripted choosers read the rules, so the two
packages import each other; each imports ``decide`` first (see its end).
"""
from . import decide  # noqa: F401
