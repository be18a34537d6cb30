"""Innomination Prototype 4 (../shared/seeds/004): the rules, one module per rule concept (docs/innomination.md)."""
