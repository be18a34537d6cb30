"""A Solium Infernum matchup, ready to play: the roster compiled, the two
entrants (two armies: a battle; two Praetor programs: a duel) with their
agents, and the parameters; and playing a range of its games (the ruleset's
batched ``simulate``, DESIGN §5)."""
import hashlib
from dataclasses import dataclass

import numpy as np

from ...agents.kinds import A_KIND, SEARCH
from ...agents.solium.policy_files import load_agent
from ...errors import FieldError
from ..ruleset import Parameter, pack, parameter_values
from . import vocabulary as V
from .contested import READINGS
from .game import record_arrays, simulate_rotations
from .roster import Roster, load_roster
from .state import BATTLE, C_ENTRANT, DUEL, G_TRACE_N, make_tables, new_state
from .trace import line

SEATS = (2,)                            # attacker and defender
PARAMETERS = (                          # in the order of the kernel's parameters (state.G_ROUNDS ...)
    Parameter("rounds", "battle rounds", 2, 1, 20),
    Parameter("turn_cap", "round cap of a single combat (a draw beyond it)", 50, 1, 1000),
    Parameter("advantage", "Battlefield Advantage bonus", 1, 0, 20),
)
KINDS = ("battle", "duel")              # state.BATTLE, state.DUEL
UNIT = 5000                             # games per kernel call, so that a Ctrl-C is seen within a second or so
SEARCH_UNIT = 10                        # the same when an agent searches


@dataclass
class Matchup:
    """Entrant e fights with unit ``units[e]`` (an army or a program) and agent row ``agents[e]``."""
    roster: Roster
    tables: dict
    kind: int
    entrants: tuple[str, ...]
    units: np.ndarray
    defends: np.ndarray                 # 1: a Place of Power, which defends in every game
    pieces: np.ndarray                  # [entrant, (Legion or Place, Praetor)] indexes of the roster's names, -1 none
    held: np.ndarray                    # bit k: the entrant holds the roster's kind k
    code_bits: np.ndarray               # [kind, code]: the kind bit of each ability (battle) or move (duel) code
    agents: np.ndarray
    params: np.ndarray                  # PARAMETERS' values, then the readings' bits
    labels: tuple[str, ...]

    n_seats = 2

    @property
    def searches(self) -> bool:
        return bool((self.agents[:, A_KIND] == SEARCH).any())

    @property
    def names(self) -> tuple[str, ...]:
        return self.entrants

    @property
    def setting(self) -> str:
        """Its combat and parameters off their defaults, as a heading gives them."""
        off = [f"{p.name} {v}" for p, v in zip(PARAMETERS, self.params) if v != p.default]
        return ", ".join([KINDS[self.kind], *off])

    @property
    def turn_cap(self) -> int:
        """The most rounds a combat of it may last: a duel's cap, or a battle's
        rounds with every +1 Combat Round of both armies."""
        if self.kind == DUEL:
            return int(self.params[1])
        plus = self.tables["ability"][self.units, V.A_PLUS_ROUND].sum()
        return int(self.params[0] + plus)

    def card_names(self) -> set[str]:
        """What an override may name: the roster's Legions, Places of Power and Praetors."""
        return set(self.roster.units)

    def tunable(self) -> dict:
        return self.roster.tunable()

    def fingerprint(self) -> dict:
        """What makes its games: the roster's tables, the agents, the entrants and the parameters."""
        h = hashlib.sha256()
        for k in sorted(self.tables):
            h.update(k.encode() + self.tables[k].tobytes())
        return {"card tables": h.hexdigest(), "policies": self.agents.tolist(),
                "agents": {"units": self.units.tolist(), "kind": self.kind, "params": self.params.tolist()}}

    def describe(self) -> dict:
        """Its entrants and roster as a run's manifest lists them."""
        return {"labels": list(self.labels), "cards": self.roster.kinds, "legions": self.roster.legion_names,
                "praetors": self.roster.praetor_names}

    def state(self, trace_len=0, fixed=()):
        return new_state(self.turn_cap, trace_len, fixed)

    def kernel_tables(self):
        return make_tables(**self.tables)


def prepare(roster_file, entrants, policies, overrides=None, readings=None, swaps=None, **parameters) -> Matchup:
    """Load and check a matchup (raises DeckError / InputError): the roster
    file, two entrants (army or program names) and one agent each, unit
    overrides ({unit: {stat: n}}), the contested readings not at their
    defaults, kinds swapped for their blanks (Roster.swapped) and the
    parameters not at their defaults."""
    if len(entrants) != 2 or len(policies) != 2:
        raise FieldError("seats", f"{len(entrants)} entrants; allowed: two, an attacker and a defender, one agent "
                                  f"each")
    roster = load_roster(roster_file).swapped(swaps or {}).overridden(overrides)
    kind = combat_kind(roster, entrants)
    names = roster.army_names if kind == BATTLE else roster.program_names
    units = np.array([names.index(e) for e in entrants], dtype=np.int64)
    tables = roster.tables()
    defends = tables["unit"][units, V.U_PLACE] if kind == BATTLE else np.zeros(2, dtype=np.int64)
    if defends.all():
        raise FieldError("seats", f"{entrants[0]!r} and {entrants[1]!r} are both Places of Power; allowed: a "
                                  f"Legion's army to attack a Place (4.4: Places of Power never move)")
    return Matchup(roster, tables, kind, tuple(entrants), units, defends, pieces(roster, entrants, kind),
                   held_bits(roster, entrants), code_bits(roster), np.stack([load_agent(p) for p in policies]),
                   np.array([*parameter_values(PARAMETERS, parameters, "Solium Infernum"),
                             pack(READINGS, readings or {})], dtype=np.int64),
                   tuple(f"{e} ({p})" for e, p in zip(entrants, policies)))


def combat_kind(roster: Roster, entrants) -> int:
    """BATTLE for two armies, DUEL for two programs; anything else is refused."""
    for e in entrants:
        if e not in roster.army_names and e not in roster.program_names:
            allowed = ", ".join([*roster.army_names, *roster.program_names])
            raise FieldError("seats", f"{e!r}: not an army or program of {roster.source}; allowed: {allowed}")
    if all(e in roster.army_names for e in entrants):
        return BATTLE
    if all(e in roster.program_names for e in entrants):
        return DUEL
    raise FieldError("seats", f"{list(entrants)}: an army against a program; allowed: two armies (a battle) or "
                              f"two Praetor programs (a single combat)")


def pieces(roster: Roster, entrants, kind) -> np.ndarray:
    """[entrant, (its Legion or Place, its Praetor)] as indexes of the roster's names, -1 none."""
    out = np.full((2, 2), -1, dtype=np.int64)
    for e, name in enumerate(entrants):
        if kind == BATTLE:
            army = roster.armies[roster.army_names.index(name)]
            out[e, 0] = roster.legion_names.index(army.unit)
            out[e, 1] = roster.praetor_names.index(army.praetor) if army.praetor else -1
        else:
            out[e, 1] = roster.praetor_names.index(roster.programs[roster.program_names.index(name)].praetor)
    return out


def held_bits(roster: Roster, entrants) -> np.ndarray:
    """Bit k set for each of the roster's kinds (Roster.kinds) the entrant holds."""
    kinds = roster.kinds
    return np.array([sum(1 << kinds.index(k) for k in roster.held(e)) for e in entrants], dtype=np.int64)


def code_bits(roster: Roster) -> np.ndarray:
    """[BATTLE or DUEL, code]: the roster kind bit of each ability and move code (0 if not a kind)."""
    out = np.zeros((2, 64), dtype=np.int64)
    for k, name in enumerate(roster.kinds):
        if name in V.ABILITIES:
            out[BATTLE, V.ABILITIES[name][0]] |= 1 << k
        elif name in V.MOVES:
            out[DUEL, V.MOVES[name][0]] |= 1 << k
    return out


def play_range(m: Matchup, root_seed: int, first_game: int, n_games: int) -> dict:
    """Play games first_game..first_game+n_games-1 and return their records
    (rows, curves, masks: game.record_arrays)."""
    s, x, t = m.state(), m.state(), m.kernel_tables()
    rows, curves, masks = record_arrays(n_games, m.turn_cap)
    unit = SEARCH_UNIT if m.searches else UNIT
    for g in range(0, n_games, unit):
        k = min(unit, n_games - g)
        simulate(m, s, x, t, root_seed, first_game + g, k, rows[g:g + k], curves[g:g + k], masks[g:g + k])
    return {"rows": rows, "curves": curves, "masks": masks}


def simulate(m: Matchup, s, x, t, root_seed, first_game, n_games, rows, curves, masks):
    """The kernel over ``n_games`` games of ``m``."""
    simulate_rotations(s, x, t, root_seed, first_game, n_games, m.params, m.kind, m.units, m.defends, m.agents,
                       m.pieces, m.held, m.code_bits, rows, curves, masks)


def replay_lines(m: Matchup, root_seed: int, game: int, trace_len=10_000) -> list[str]:
    """One combat as a readable log (``balance replay``)."""
    s, t = m.state(trace_len), m.kernel_tables()
    simulate(m, s, m.state(), t, root_seed, game, 1, *record_arrays(1, m.turn_cap))
    names = [m.entrants[s.c[role, C_ENTRANT]] for role in range(2)]
    return [line(s.trace[i], m.kind, names) for i in range(int(s.g[G_TRACE_N]))]
