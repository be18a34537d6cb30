"""What every Solium Infernum combat keeps, checked by ``check_ruleset``
(rules/conformance.py) on its trace, event by event: rounds run from 1 up to
the matchup's round cap without going back, a side's Hit Points at a round's
end never exceed its start; and at its end, damage and Prestige are never
negative, the end reason is declared and there is a winner exactly when the
combat did not end in a draw."""
from .game import play_game
from .matchup import Matchup
from .state import C_DAMAGE, C_HP_START, C_PRESTIGE, END_BOTH, END_CAP, END_REASONS, G_END, G_TRACE_N, G_WINNER


def check_game(m: Matchup, root_seed: int, game: int) -> int:
    """Play game ``game`` of ``m`` as ``play_range`` would, traced, and check
    the invariants (module doc); returns its rounds, as its record gives them."""
    s, x, t = m.state(trace_len=100_000), m.state(), m.kernel_tables()
    rounds = play_game(s, x, t, root_seed, game // 2, m.params, game % 2, m.kind, m.units, m.defends, m.agents)
    events = s.trace[:s.g[G_TRACE_N]]
    assert ((events[:, 0] >= 1) & (events[:, 0] <= m.turn_cap)).all(), "an event outside rounds 1..the cap"
    assert (events[1:, 0] >= events[:-1, 0]).all(), "the rounds went back"
    assert (s.curve[:, :rounds] <= s.c[:, C_HP_START, None]).all(), "Hit Points above their start"
    assert (s.c[:, C_DAMAGE] >= 0).all() and (s.c[:, C_PRESTIGE] >= 0).all(), "negative damage or Prestige"
    assert s.g[G_END] in END_REASONS, "no declared end reason"
    assert (s.g[G_WINNER] >= 0) == (s.g[G_END] not in (END_BOTH, END_CAP)), "a winner in a draw, or none in a win"
    return int(rounds)
