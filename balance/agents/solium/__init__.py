"""The agents' Solium Infernum choosers: a Praetor's moves for each round of
single combat (rules/solium/decisions.py).  A battle offers no choice: its
armies, attachments and support are the entrant's, and retreat is the rules'."""
