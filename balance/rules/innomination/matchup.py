"""An Innomination matchup, ready to play: the card file's pool, a deck per
entrant with its agent, the parameters and readings; and playing a range of
its games (the ruleset's ``play_range``, DESIGN §5)."""
from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass

from ...agents.innomination.policy_files import load_agent
from ...errors import FieldError, InputError
from ..ruleset import Parameter, pack, parameter_values
from . import vocabulary as V
from .cards import TUNABLE, Card
from .contested import READINGS
from .decks import Pool, load_pool
from .game import play, record, record_arrays, setup

SEATS = (2, 3, 4)
PARAMETERS = (Parameter("turn_cap", "turn cap (every player's turns; a draw beyond it)", 200, 1, 10_000),)


@dataclass
class Matchup:
    """Entrant e plays deck ``decks[e]`` (its cards ``cards[e]``, swaps applied) with agent ``agents[e]``."""
    pool: Pool
    decks: tuple
    cards: tuple                        # per entrant: name -> Card
    agents: tuple
    policies: tuple
    params: dict
    readings: int
    labels: tuple

    @property
    def n_seats(self) -> int:
        return len(self.decks)

    @property
    def searches(self) -> bool:
        return any(getattr(a, "searches", False) for a in self.agents)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.decks)

    @property
    def setting(self) -> str:
        off = [f"{p.name} {self.params[p.name]}" for p in PARAMETERS if self.params[p.name] != p.default]
        return ", ".join(off) or "the rulebook's parameters"

    @property
    def turn_cap(self) -> int:
        return self.params["turn_cap"]

    @property
    def own_turns(self) -> int:
        return self.turn_cap // self.n_seats + 1

    def card_names(self) -> set[str]:
        return set(self.pool.kinds)

    def tunable(self) -> dict:
        """{card: {"cost": (its Aether Cost, the least it may take: its elemental part)}} (``tune``)."""
        return {c.name: {"cost": (c.total_cost, c.total_cost - c.cost.get(V.ANY, 0))} for c in self.pool.masked}

    def fingerprint(self) -> dict:
        """What makes its games: the cards each entrant plays, its deck, agents, parameters, readings."""
        h = hashlib.sha256(repr([sorted((n, repr(c)) for n, c in cards.items()) for cards in self.cards]).encode())
        return {"card tables": h.hexdigest(), "policies": list(self.policies),
                "agents": {"decks": [repr(d) for d in self.decks], "params": self.params, "readings": self.readings}}

    def describe(self) -> dict:
        """Its entrants and pool as a run's manifest lists them (pieces: deck, Leader, Nation)."""
        return {"labels": list(self.labels), "cards": self.pool.kinds, "decks": self.pool.deck_names,
                "leaders": self.pool.leader_names(), "nations": list(V.NATIONS)}

    def pieces(self, entrant: int) -> tuple[int, int, int]:
        """Its deck, Leader and Nation, as indexes of the manifest's lists (game.E_DECK ...)."""
        deck = self.decks[entrant]
        return (self.pool.deck_names.index(deck.name), self.pool.leader_names().index(deck.leader),
                V.NATIONS.index(self.pool.cards[deck.leader].nation))

    def held(self, entrant: int) -> int:
        """The mask of the Main Deck and named cards its deck holds."""
        return sum(1 << self.pool.cards[n].index for n in self.decks[entrant].cards())


def prepare(card_file, entrants, policies, overrides=None, readings=None, swaps=None, **parameters) -> Matchup:
    """Load and check a matchup (raises DeckError / InputError): the card file,
    a deck name and an agent per entrant, cost overrides ({card: {"cost": n}}),
    the readings off their defaults, each entrant's cards swapped for their
    blanks ({card: None}, baselines.py) and the parameters off their defaults."""
    if len(entrants) not in SEATS or len(policies) != len(entrants):
        raise FieldError("seats", f"{len(entrants)} deck(s) and {len(policies)} agent(s); "
                                  f"allowed: {SEATS[0]} to {SEATS[-1]} decks, one agent each")
    pool = load_pool(card_file)
    for e in entrants:
        if e not in pool.deck_names:
            raise FieldError("seats", f"{e!r}: not a deck of {card_file}; allowed: {', '.join(pool.deck_names)}")
    cards = overridden(pool, overrides or {})
    swaps = list(swaps or []) + [{}] * len(entrants)
    return Matchup(pool, tuple(pool.deck(e) for e in entrants),
                   tuple({**cards, **{n: blank(cards[n]) for n in swaps[k]}} for k in range(len(entrants))),
                   tuple(load_agent(p) for p in policies), tuple(policies),
                   dict(zip([p.name for p in PARAMETERS], parameter_values(PARAMETERS, parameters, "Innomination"))),
                   pack(READINGS, readings or {}), tuple(f"{e} ({p})" for e, p in zip(entrants, policies)))


def overridden(pool: Pool, overrides: dict) -> dict:
    """The pool's cards with {card: {"cost": n}} written over them: n is the
    whole Aether Cost, its Neutral part moving (``tune``)."""
    cards = dict(pool.cards)
    for name, fields in overrides.items():
        card = cards.get(name)
        if card is None or card.index < 0:
            raise InputError(f"overrides: {name!r}: not a Main Deck or named card of {pool.source}; allowed: "
                             f"{', '.join(pool.kinds)}")
        for key, v in fields.items():
            least = card.total_cost - card.cost.get(V.ANY, 0)
            if key not in TUNABLE or type(v) is not int or v < least:
                raise InputError(f"overrides: {name}.{key}: {v!r}; allowed: cost, a whole number from {least}")
            card = dataclasses.replace(card, cost={**card.cost, V.ANY: v - least} if v > least else
                                       {e: n for e, n in card.cost.items() if e != V.ANY})
        cards[name] = card
    return cards


def blank(card: Card) -> Card:
    """A card's blank: its type, cost and stats, without traits or effects (``balance impact``)."""
    return dataclasses.replace(card, traits={}, effects=(), spell=())


def play_range(m: Matchup, root_seed: int, first_game: int, n_games: int) -> dict:
    """Play games first_game..first_game+n_games-1 and return their records."""
    rows, curves, masks = record_arrays(n_games, m.n_seats, m.own_turns)
    for k in range(n_games):
        g = play(setup(m, root_seed, first_game + k), m.turn_cap)
        record(g, m, first_game + k, rows[k], curves[k], masks[k])
    return {"rows": rows, "curves": curves, "masks": masks}


def replay_lines(m: Matchup, root_seed: int, game: int) -> list[str]:
    """One game as a readable log (``balance replay``)."""
    trace: list[str] = []
    play(setup(m, root_seed, game, trace), m.turn_cap)
    return trace

