"""The agents' Kamigami choosers (rules/kamigami/decisions.py): ``decide``
dispatches on the seat's agent kind; ``scripted`` is the one scripted style."""
