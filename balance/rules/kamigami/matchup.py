"""A Kamigami matchup, ready to play: the card set compiled, each entrant's God
(or a dealt one) and agent, the game parameters; and playing a range of its
games (the ruleset's batched ``simulate``, DESIGN §5).
"""
import hashlib
from dataclasses import dataclass

import numpy as np

from ...agents.kamigami.policy_files import load_agent
from ...agents.kamigami.search import simulate_searched_rotations
from ...agents.kinds import A_KIND, SEARCH
from ...errors import FieldError
from ..ruleset import Parameter, pack, parameter_values
from .cards import TUNABLE, CardSet, load_set
from .contested import READINGS
from .game import record_arrays, simulate_rotations
from .state import G_TRACE_N, S_GOD, S_TEMPLE, make_tables, new_state
from .trace import line

SEATS = (2, 3, 4, 5, 6)                 # Free for All: 2 to 6 players
DEALT = "dealt"                         # an entrant whose God is dealt (Setup 1: two dealt, one kept)
PARAMETERS = (                          # in the order of the kernel's params (state.G_WIN_ENERGY ...)
    Parameter("win_energy", "Energy that wins", 25, 1, 999),
    Parameter("god_energy", "a God's starting Energy", 15, 1, 999),
    Parameter("temple_energy", "a Temple's starting Energy", 5, 1, 999),
    Parameter("temples", "Temples in play (1) or not (0)", 1, 0, 1),
    Parameter("catch_up_energy", "Energy more for each later place in turn order", 0, 0, 99),
    Parameter("turn_cap", "turn cap (every player's turns)", 400, 1, 65_535),
)
UNIT = 500                              # games per kernel call, so that a Ctrl-C is seen within a second or so
SEARCH_UNIT = 1                         # the same when an agent searches


@dataclass
class Matchup:
    """Entrant e plays God ``gods[e]`` (-1: dealt) with agent row ``agents[e]``."""
    cards: CardSet
    tables: dict
    gods: np.ndarray
    agents: np.ndarray
    params: np.ndarray                  # PARAMETERS' values, then the readings' bits
    labels: tuple[str, ...]

    @property
    def n_seats(self) -> int:
        return len(self.gods)

    @property
    def searches(self) -> bool:
        return bool((self.agents[:, A_KIND] == SEARCH).any())

    @property
    def names(self) -> tuple[str, ...]:
        """Each entrant by name: its God's, or dealt."""
        return tuple(DEALT if g < 0 else self.cards.god_names[g] for g in self.gods)

    @property
    def setting(self) -> str:
        """Its game parameters off their defaults, as a heading gives them."""
        off = [f"{p.name} {v}" for p, v in zip(PARAMETERS, self.params) if v != p.default]
        return ", ".join(off) or "the rulebook's parameters"

    @property
    def turn_cap(self) -> int:
        return int(self.params[len(PARAMETERS) - 1])

    @property
    def own_turns(self) -> int:
        return self.turn_cap // self.n_seats + 1

    def card_names(self) -> set[str]:
        return set(self.cards.names)

    def tunable(self) -> dict:
        """{card: {field: (its value, the least it may take)}}: every card kind's
        tunable fields (cards.TUNABLE: its cost) (tune)."""
        return {k.name: {f: (getattr(k, f), 0) for f in TUNABLE} for k in self.cards.kinds}

    def fingerprint(self) -> dict:
        """What makes its games: the card tables, the agents, the Gods given and the parameters."""
        h = hashlib.sha256()
        for k in sorted(self.tables):
            h.update(k.encode() + self.tables[k].tobytes())
        return {"card tables": h.hexdigest(), "policies": self.agents.tolist(),
                "agents": {"gods": self.gods.tolist(), "params": self.params.tolist()}}

    def describe(self) -> dict:
        """Its entrants and card set as a run's manifest lists them."""
        return {"labels": list(self.labels), "cards": self.cards.names, "gods": self.cards.god_names,
                "temples": self.cards.temple_names}

    def state(self, trace_len=0):
        return new_state(self.n_seats, self.tables, self.own_turns, trace_len)

    def kernel_tables(self):
        return make_tables(**self.tables)


def prepare(card_set, gods, policies, overrides=None, readings=None, swaps=None, **parameters) -> Matchup:
    """Load and check a matchup (raises DeckError / InputError): the card set
    file, one God name (or ``dealt``) and one agent (``scripted``, ``random``)
    per entrant, card overrides ({card: {"cost": n}}), the contested readings
    not at their defaults, cards swapped for their baselines (CardSet.swapped)
    and the game parameters not at their defaults."""
    if len(gods) not in SEATS or len(policies) != len(gods):
        raise FieldError("seats", f"{len(gods)} players; allowed: Kamigami Battles is played by {SEATS[0]} to "
                                  f"{SEATS[-1]}, one agent each")
    cards = load_set(card_set).swapped(swaps or {})
    return Matchup(cards, cards.tables(overrides), _gods(cards, gods), np.stack([load_agent(p) for p in policies]),
                   np.array([*parameter_values(PARAMETERS, parameters, "Kamigami"), pack(READINGS, readings or {})],
                            dtype=np.int64),
                   tuple(f"{g} ({p})" for g, p in zip(gods, policies)))


def _gods(cards: CardSet, gods) -> np.ndarray:
    """Each entrant's God (-1: dealt), checked: enough Gods left to deal two to each dealt seat."""
    names = cards.god_names
    for g in gods:
        if g != DEALT and g not in names:
            raise FieldError("seats", f"{g!r}: not a God of {cards.source}; allowed: {DEALT}, {', '.join(names)}")
    given = {g for g in gods if g != DEALT}
    dealt = sum(g == DEALT for g in gods)
    if 2 * dealt > len(names) - len(given):
        raise FieldError("seats", f"{dealt} dealt seats need {2 * dealt} Gods, {len(names) - len(given)} are left; "
                                  f"allowed: fewer dealt seats")
    return np.array([-1 if g == DEALT else names.index(g) for g in gods], dtype=np.int64)


def play_range(m: Matchup, root_seed: int, first_game: int, n_games: int) -> dict:
    """Play games first_game..first_game+n_games-1 and return their records
    (rows, curves, masks: game.record_arrays)."""
    s, t = m.state(), m.kernel_tables()
    rows, curves, masks = record_arrays(n_games, m.n_seats, m.own_turns)
    unit = SEARCH_UNIT if m.searches else UNIT
    for g in range(0, n_games, unit):
        k = min(unit, n_games - g)
        _simulate(m, s, t, root_seed, first_game + g, k, rows[g:g + k], curves[g:g + k], masks[g:g + k])
    return {"rows": rows, "curves": curves, "masks": masks}


def _simulate(m: Matchup, s, t, root_seed, first_game, n_games, rows, curves, masks):
    """The kernel for the matchup's agents: with the search's turns if one searches."""
    if m.searches:
        simulate_searched_rotations(s, m.state(), m.state(), t, root_seed, first_game, n_games, m.params, m.gods,
                                    m.agents, rows, curves, masks)
    else:
        simulate_rotations(s, t, root_seed, first_game, n_games, m.params, m.gods, m.agents, rows, curves, masks)


def replay_lines(m: Matchup, root_seed: int, game: int, trace_len=100_000) -> list[str]:
    """One game as a readable log (``balance replay``)."""
    s, t = m.state(trace_len), m.kernel_tables()
    _simulate(m, s, t, root_seed, game, 1, *record_arrays(1, m.n_seats, m.own_turns))
    c = m.cards
    names = {"kinds": c.names, "gods": c.god_names, "temples": c.temple_names}
    seats = [(c.god_names[s.S[p, S_GOD]], c.temple_names[s.S[p, S_TEMPLE]] if s.S[p, S_TEMPLE] >= 0
              else "no Temple") for p in range(m.n_seats)]
    n = int(s.g[G_TRACE_N])
    lines = [line(s.trace[i], names, seats) for i in range(n)]
    if n >= s.trace.shape[0]:
        lines.append(f"(trace truncated at {n} events)")
    return lines
