"""Innomination Prototype 4 as a ruleset (``balance.rules.ruleset``, DESIGN §5):
2 to 4 players, each a deck of the card file (a Leader, a Main, a Source and
a Named Deck), won by the last Leader standing; Aether and Leader life over
turns, the turn of the first naming, and a Nation matchup matrix."""
from pathlib import Path

from ..ruleset import Ruleset
from .baselines import baselines
from .contested import READINGS
from .decks import validate_main
from .game import R_BLOCK, R_END, R_FIRST, R_GAME, R_ROTATION, R_TURNS, R_WINNER
from .invariants import check_game
from .matchup import PARAMETERS, SEATS, play_range, prepare, replay_lines
from .records import records_frame
from .state import END_REASONS

POOL = Path(__file__).resolve().parents[3] / "decks" / "innomination" / "prototype4.toml"
LINEUP = ("Sectonia Swarm", "Vesuvion Vanguard", "Sectonia Hive Control", "Vesuvion Warband")


def example(policy: str, seats: int):
    """The shipped pool's first ``seats`` decks, ``policy`` on every seat."""
    return prepare(str(POOL), list(LINEUP[:seats]), [policy] * seats)


def prepare_cell(cell, swaps=()):
    """A grid cell's matchup (runner/experiment.Cell); ``swaps`` holds each
    entrant's cards swapped for their blanks, in its own deck (baselines.py)."""
    return prepare(cell.cards, list(cell.entrants), list(cell.policies), cell.overrides, cell.readings, swaps,
                   **cell.params)


RULESET = Ruleset(
    name="innomination",
    title="Innomination",
    seats=SEATS,
    parameters=PARAMETERS,
    variants=("standard",),
    readings=READINGS,
    resources=("Aether", "Leader life"),
    curves={"aether": "Aether at the start of the Main Phase", "life_by_turn": "Leader life at the turn's end"},
    shortage=None,
    pieces={"leader": ("Leader", "leaders"), "nation": ("Nation", "nations")},
    end_reasons=END_REASONS,
    kernels=("balance.rules.innomination.game", "balance.agents.innomination.search"),
    default_agent="scripted",
    prepare=prepare,
    prepare_cell=prepare_cell,
    baselines=baselines,
    play_range=play_range,
    records_frame=records_frame,
    replay_lines=replay_lines,
    columns={"game": R_GAME, "pair": R_BLOCK, "swap": R_ROTATION, "first": R_FIRST, "winner": R_WINNER,
             "turns": R_TURNS, "end": R_END},
    check_game=check_game,
    seeding="game g of every cell: block g // P, entrant e in seat (e + g) mod P, seat 0 first; shuffles per "
            "block and entrant (the same in every rotation), the agents' draws per game",
    entrants="seats",
    validate=validate_main,
    card_set=str(POOL),
    example=example,
    holding=("held", "played"),
    compiled=False,
    lineup=LINEUP[:2],
    matrix="nation",
    firsts={"first_naming": "first naming"},
)
