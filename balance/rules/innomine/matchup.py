"""One matchup, ready to play: compiled decks for both seatings, agents,
threshold and turn cap; and playing a range of its games (the ruleset's
batched ``simulate``, DESIGN §5).
"""
from dataclasses import dataclass

import numpy as np

from .cards import CompiledDecks, check_threshold, compile_tables, load_deck
from .cards.compile import current_value, lowest, override_fields
from ...errors import InputError
from .d666 import VARIANTS
from ...agents.innomine.search import simulate_searched_pairs
from ...agents.kinds import A_KIND, SEARCH
from ...agents.points import D_DECIDED
from .game import record_arrays, simulate_pairs
from . import contested
from ...agents.innomine.policy_files import Agent, load_agent
from .state import G_TRACE_N, new_state
from .tables import pack
from .trace import decode

DEFAULT_TURN_CAP = 200
UNIT = 500               # games of scripted or random play per kernel call (play_counted)
SEARCH_UNIT = 1          # games per kernel call when an agent searches (a second or two each)


@dataclass
class Matchup:
    """Deck A against deck B.  Seat order alternates game by game (see
    game.simulate_pairs); ``ab`` has A in seat 0, ``ba`` has B in seat 0."""
    ab: CompiledDecks
    ba: CompiledDecks
    agents: tuple[Agent, Agent]   # deck A's, deck B's
    threshold: int
    turn_cap: int
    labels: tuple[str, str]
    variant: int             # d666.VARIANTS
    readings: int            # the contested readings' bits (contested.pack)

    @property
    def n_seats(self) -> int:
        return 2

    @property
    def names(self) -> tuple[str, ...]:
        """Each entrant by name: its deck's."""
        return tuple(d.name for d in self.ab.decks)

    @property
    def setting(self) -> str:
        """Its game parameters, as a heading gives them."""
        return f"threshold {self.threshold}"

    @property
    def own_turns(self) -> int:
        return (self.turn_cap + 1) // 2

    @property
    def weights(self) -> np.ndarray:
        """[2, N_WEIGHTS]: the weights deck A's and deck B's agents read."""
        return np.stack([a.weights for a in self.agents])

    @property
    def searches(self) -> bool:
        return any(a.row[A_KIND] == SEARCH for a in self.agents)

    def card_names(self) -> set[str]:
        """The cards of both decks (an experiment's override must name one of some cell)."""
        return {name for deck in self.ab.decks for name in deck.cards}

    def tunable(self) -> dict:
        """{card: {field: (its value, the least it may take)}} of both decks' numeric fields (tune)."""
        return {name: {f: (current_value(card, f), lowest(f)) for f in override_fields(card)}
                for deck in self.ab.decks for name, card in deck.cards.items()}

    def fingerprint(self) -> dict:
        """What makes its games: the card tables of both seatings, the weights and the agents."""
        return {"card tables": [self.ab.hash, self.ba.hash], "policies": self.weights.tolist(),
                "agents": [a.describe() for a in self.agents]}

    def describe(self) -> dict:
        """Its decks as a run's manifest lists them."""
        decks = self.ab.decks
        return {"labels": list(self.labels), "cards_a": decks[0].distinct(), "cards_b": decks[1].distinct(),
                "superiors": [decks[0].superior.name, decks[1].superior.name]}

    def kernel_args(self, trace_len=0):
        """(state, tables) for both seatings, allocated once per chunk."""
        kab, kba = pack(self.ab.tables), pack(self.ba.tables)
        return self._state(kab, (0, 1), trace_len), kab, self._state(kba, (1, 0), trace_len), kba

    def spare_states(self, kab, kba):
        """A search's spare States (rollout, snapshot) for each seating."""
        return (self._state(kab, (0, 1)), self._state(kab, (0, 1)),
                self._state(kba, (1, 0)), self._state(kba, (1, 0)))

    def _state(self, tables, order, trace_len=0):
        agents = [self.agents[k] for k in order]
        return new_state(tables, np.stack([a.weights for a in agents]), self.own_turns, trace_len,
                         np.stack([a.row for a in agents]))


def prepare(deck_a, deck_b, policy_a="influencer", policy_b="influencer", threshold=5,
            turn_cap=DEFAULT_TURN_CAP, overrides=None, variant="classic", blanks=((), ()),
            readings=None) -> Matchup:
    """Load, validate and compile a matchup (raises DeckError / InputError);
    ``readings`` = {reading: value} for the contested readings not at their
    defaults (readings.READINGS);
    ``overrides`` of cards neither deck holds are left out (an experiment's
    override applies to the cells whose decks have the card; the runner checks
    that each overridden card is in some deck); ``blanks`` = (deck A's, deck
    B's) cards to swap for blanks (compile_tables)."""
    if turn_cap < 1:
        raise InputError(f"--turn-cap: {turn_cap}: must be a whole number >= 1")
    if variant not in VARIANTS:
        raise InputError(f"--variant: {variant!r}: unknown rule variant; allowed: {', '.join(VARIANTS)}")
    bits = contested.pack(readings or {})
    a, b = load_deck(deck_a), load_deck(deck_b)
    check_threshold([a, b], threshold)
    if isinstance(overrides, dict):
        overrides = {card: fields for card, fields in overrides.items() if card in a.cards or card in b.cards}
    return Matchup(ab=compile_tables([a, b], overrides, list(blanks)),
                   ba=compile_tables([b, a], overrides, list(blanks)[::-1]),
                   agents=(load_agent(policy_a), load_agent(policy_b)), threshold=threshold, turn_cap=turn_cap,
                   labels=(f"{a.name} ({policy_a})", f"{b.name} ({policy_b})"), variant=VARIANTS[variant],
                   readings=bits)


def play_range(m: Matchup, root_seed: int, first_game: int, n_games: int) -> dict:
    """Play games first_game..first_game+n_games-1 and return their records."""
    return play_counted(m, root_seed, first_game, n_games)[0]


def play_counted(m: Matchup, root_seed: int, first_game: int, n_games: int) -> tuple[dict, int]:
    """``play_range``'s records, and how many decisions a search decided by
    rollouts.  The kernel plays them a unit at a time, about a second of play,
    since Python sees a Ctrl-C only between two kernel calls; each game's
    records depend on its index alone (game.simulate_pairs)."""
    sab, kab, sba, kba = m.kernel_args()
    arrays = record_arrays(n_games, 2, m.own_turns)
    unit = SEARCH_UNIT if m.searches else UNIT
    for g in range(0, n_games, unit):
        k = min(unit, n_games - g)
        _simulate(m, sab, kab, sba, kba, root_seed, first_game + g, k, *(a[g:g + k] for a in arrays))
    records = dict(zip(("rows", "gain", "spent", "short", "masks"), arrays))
    return records, int(sab.dec[D_DECIDED] + sba.dec[D_DECIDED])


def _simulate(m: Matchup, sab, kab, sba, kba, root_seed, first_game, n_games, rows, gain, spent, short, masks):
    """The kernel for the matchup's agents: with the search's turns if one searches."""
    if m.searches:
        simulate_searched_pairs(sab, kab, sba, kba, *m.spare_states(kab, kba), root_seed, first_game, n_games,
                                m.threshold, m.turn_cap, m.variant, m.readings, rows, gain, spent, short, masks)
    else:
        simulate_pairs(sab, kab, sba, kba, root_seed, first_game, n_games, m.threshold, m.turn_cap, m.variant,
                       m.readings, rows, gain, spent, short, masks)


def replay_lines(m: Matchup, root_seed: int, game: int, trace_len=200_000) -> list[str]:
    """One game as a readable log (``balance replay``)."""
    sab, kab, sba, kba = m.kernel_args(trace_len)
    swap = game & 1
    s, k, compiled = (sba, kba, m.ba) if swap else (sab, kab, m.ab)
    _simulate(m, sab, kab, sba, kba, root_seed, game, 1, *record_arrays(1, 2, m.own_turns))
    lines = trace_lines(s, compiled)
    if s.g[G_TRACE_N] >= s.trace.shape[0]:
        lines.append(f"(trace truncated at {s.g[G_TRACE_N]} events)")
    return lines


def trace_lines(s, compiled, start=0) -> list[str]:
    """The log of what State ``s`` (of ``compiled``'s decks) traced so far, from row ``start`` on."""
    seat_names = [d.superior.name for d in compiled.decks]
    n = int(s.g[G_TRACE_N])
    return decode(s.trace[start:], n - start, compiled.names, s.I[:, 0], s.I.shape[0], seat_names)
