"""In Nomine as a ruleset (``balance.rules.ruleset``, DESIGN §5): two Superiors,
the victory threshold in Humans, Essence curves."""
from pathlib import Path

from .cards import validate_main
from ..ruleset import Parameter, Ruleset
from .baselines import baselines
from .contested import READINGS
from .d666 import VARIANTS
from .invariants import check_game
from .game import R_END, R_FIRST, R_GAME, R_PAIR, R_SWAP, R_TURNS, R_WINNER
from .matchup import DEFAULT_TURN_CAP, play_counted, play_range, prepare, replay_lines
from .records import records_frame
from .trace import END_REASONS

DECKS = Path(__file__).resolve().parents[3] / "decks"


def example(policy: str, seats: int = 2):
    """Gabriel against Belial, ``policy`` on both seats."""
    return prepare(str(DECKS / "gabriel.toml"), str(DECKS / "belial.toml"), policy, policy)


def prepare_cell(cell, swaps=({}, {})):
    """A grid cell's matchup (runner/experiment.Cell): its two decks, their
    policies, threshold, turn cap, overrides, variant and readings, with
    ``swaps`` (deck A's and deck B's cards swapped for others or blanks)."""
    return prepare(*cell.entrants, *cell.policies, cell.params["threshold"], cell.params["turn_cap"], cell.overrides,
                   cell.variant, swaps, cell.readings)


RULESET = Ruleset(
    name="innomine",
    title="In Nomine",
    seats=(2,),
    parameters=(Parameter("threshold", "victory threshold (Humans)", 5, 1),
                Parameter("turn_cap", "turn cap", DEFAULT_TURN_CAP, 1, 65_535)),
    variants=tuple(VARIANTS),
    readings=READINGS,
    resources=("Essence",),
    curves={"gain": "Essence after gaining", "spent": "Essence spent"},
    shortage="short",
    pieces={},
    end_reasons=END_REASONS,
    kernels=("balance.rules.innomine.game", "balance.agents.innomine.search"),
    default_agent="influencer",
    prepare=prepare,
    prepare_cell=prepare_cell,
    baselines=baselines,
    play_range=play_range,
    records_frame=records_frame,
    replay_lines=replay_lines,
    columns={"game": R_GAME, "pair": R_PAIR, "swap": R_SWAP, "first": R_FIRST, "winner": R_WINNER,
             "turns": R_TURNS, "end": R_END},
    check_game=check_game,
    seeding="game g of every cell: game seed g >> 1, seats exchanged on odd g; streams per game for shuffles, "
            "dice and policy tie-breaks",
    entrants="decks",
    validate=validate_main,
    card_set=None,
    example=example,
    searched=play_counted,
)
