"""The In Nomine kernel in parts that separate processes compile at once on a
cold cache (``balance.compiling.warm_up``): the Actions phase, whose call graph
holds most of the rules (combat included), and every other phase.  Each part
is cached as it compiles; the entry point ``ENTRY`` then loads them, so a
2-core machine compiles in little more than the larger part's time."""
from numba import typeof, types

from .acts import acts_phase
from .actions import actions_phase
from .dissonance import dissonance_phase
from .draw import draw_phase
from .end_turn import end_turn
from .essence import gain_essence
from .game import simulate_pairs
from .humans import age_mortals
from .setup import setup

ENTRY = simulate_pairs
SEAT = types.int64             # a seat index as play_turn passes it
UNITS = (
    ((actions_phase, ()),),
    ((setup, (types.int64,) * 6), (acts_phase, (SEAT,)), (end_turn, (SEAT,)), (dissonance_phase, (SEAT,)),
     (draw_phase, (SEAT,)), (gain_essence, (SEAT,)), (age_mortals, ())),
)


def unit_args(matchup) -> tuple[str, ...]:
    """What ``compile_unit`` needs of ``matchup``: its two deck files."""
    return tuple(d.path for d in matchup.ab.decks)


def compile_unit(k: int, *decks: str) -> None:
    """Compile part ``k`` for the argument types of a matchup of ``decks``'s
    kernel (two deck files; the types do not depend on the cards), and cache it."""
    from .matchup import prepare
    s, t, _, _ = prepare(*decks).kernel_args()
    for dispatcher, rest in UNITS[k]:
        dispatcher.compile((typeof(s), typeof(t), *rest))
