"""What every Kamigami game keeps, turn by turn, checked by ``check_ruleset``
(rules/conformance.py): every card of the box is in exactly one place (a zone or
a Hall of Heroes pile), Energy and Faith are never negative, and the game ends
within its turn cap with a declared end reason."""
import numpy as np

from .attack import END_CAP, END_REASONS
from .matchup import Matchup
from .setup import setup
from .state import G_END, G_TURN, G_WINNER, S_ENERGY, S_FAITH, S_TEMPLE_ENERGY
from .turn import next_turn
from .vocabulary import C_COPIES


def check_conservation(s, t) -> None:
    """Each kind's cards, counted over every zone and pile, are the box's."""
    kinds = t.card.shape[0]
    held = np.zeros(kinds, dtype=np.int64)
    for z in range(s.Z.shape[0]):
        held += np.bincount(s.Z[z, :s.zn[z]], minlength=kinds)
    for kind, n in s.hall:
        if n > 0:
            held[kind] += n
    assert (held == t.card[:, C_COPIES]).all(), f"cards not conserved: {held} against {t.card[:, C_COPIES]}"


def check_game(m: Matchup, root_seed: int, game: int) -> int:
    """Play game ``game`` of ``m`` as ``play_range`` would, checking the
    invariants after every turn; returns its turn count, as its record gives it."""
    s, t = m.state(), m.kernel_tables()
    P = m.n_seats
    setup(s, t, root_seed, game // P, m.params, game % P, m.gods, m.agents)
    check_conservation(s, t)
    while next_turn(s, t):
        check_conservation(s, t)
        for field in (S_ENERGY, S_TEMPLE_ENERGY, S_FAITH):
            assert (s.S[:, field] >= 0).all(), "Energy or Faith below 0"
        assert s.g[G_TURN] <= m.turn_cap, "the game outlived its turn cap"
    check_conservation(s, t)
    assert s.g[G_END] in END_REASONS
    assert (s.g[G_WINNER] >= 0) == (s.g[G_END] != END_CAP)
    return int(s.g[G_TURN])
