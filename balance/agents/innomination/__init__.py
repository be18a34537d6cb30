"""Innomination's agents (DESIGN §10): scripted styles, random, and a search over Main Phase actions."""
