"""The baseline cards of Kamigami's causal card test (``balance impact``,
DESIGN §7, runner/impact.py).

Every player recruits from the one Hall of Heroes, so a Draw Deck card kind
swapped is swapped for every God at the table: the test measures what the kind
is worth to one entrant (a God, not ``dealt`` beside other dealt ones) against
the others.  A God's own card is held by its entrant alone.  A card's baseline
is its blank -- the same card with no Abilities: a kind keeps its Cost, Colors
and copies, a God its Spheres, a Temple its Sphere -- or, for a Warrior or
Artifact, an average card: each of the ``AVERAGE_OF`` other kinds of its type
nearest in Cost, within ``COST_BAND``, in its pile (the same number of copies),
their win rates averaged game by game."""
from __future__ import annotations

import dataclasses

from ...errors import InputError
from ...fields import did_you_mean
from . import vocabulary as V
from .cards import CardSet, Kind, load_set
from .matchup import DEALT

AVERAGE_OF = 3
COST_BAND = 1


def baselines(cell, side: int, cards, baseline: str) -> dict[str, list]:
    """{card: its replacements, whose games are averaged} for ``cards`` of the
    cell's card set (default: every Warrior and Artifact kind, and entrant
    ``side``'s God if it is named): [None] (the blank) or comparable kinds."""
    card_set = load_set(cell.cards)
    own = [cell.entrants[side]] if cell.entrants[side] != DEALT else []
    names = list(cards) if cards else [k.name for k in card_set.kinds if k.type != V.DISCIPLE] + own
    known = [*card_set.names, *card_set.god_names, *card_set.temple_names]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise InputError(f"--cards: {unknown[0]!r}: not in {cell.cards}{did_you_mean(unknown[0], known)}; "
                         f"allowed: a card kind, God or Temple of the set")
    if baseline == "blank":
        return {n: [None] for n in names}
    return {n: comparable(card_set, n) for n in names}


def comparable(card_set: CardSet, name: str) -> list[Kind]:
    """The average card's members for Warrior or Artifact ``name``: the other
    kinds of its type within COST_BAND of its Cost, the AVERAGE_OF nearest
    (then in file order), each with the name and copies of ``name``'s pile."""
    kinds = {k.name: k for k in card_set.kinds}
    card = kinds.get(name)
    if card is None or card.type == V.DISCIPLE:
        raise InputError(f"--baseline average: {name}: not a Warrior or Artifact; allowed: --baseline blank "
                         f"for a Disciple, God or Temple")
    near = [k for k in card_set.kinds
            if k.name != name and k.type == card.type and abs(k.cost - card.cost) <= COST_BAND]
    if not near:
        raise InputError(f"--baseline average: {name}: no other {V.TYPES[card.type]} costs within {COST_BAND} of "
                         f"its {card.cost}; allowed: --baseline blank for this card")
    near = sorted(near, key=lambda k: abs(k.cost - card.cost))[:AVERAGE_OF]
    return [dataclasses.replace(k, name=card.name, copies=card.copies) for k in near]

