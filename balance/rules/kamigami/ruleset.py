"""Kamigami Battles: Rise of the Old Ones as a ruleset (``balance.rules.ruleset``,
DESIGN §5): a Free for All of 2 to 6 Gods, won at 25 Energy or as the last God
standing; Faith and Energy curves."""
from pathlib import Path

from ..ruleset import Ruleset
from .attack import END_REASONS
from .baselines import baselines
from .cards import validate_main
from .contested import READINGS
from .game import R_END, R_FIRST, R_GAME, R_BLOCK, R_ROTATION, R_TURNS, R_WINNER
from .invariants import check_game
from .matchup import DEALT, PARAMETERS, SEATS, play_range, prepare, replay_lines
from .records import records_frame

CARD_SET = Path(__file__).resolve().parents[3] / "decks" / "kamigami" / "old_ones.toml"


def example(policy: str, seats: int):
    """``seats`` dealt Gods of the shipped card set, ``policy`` on every seat."""
    return prepare(str(CARD_SET), [DEALT] * seats, [policy] * seats)


def prepare_cell(cell, swaps=()):
    """A grid cell's matchup (runner/experiment.Cell): its card set, entrants,
    policies, overrides, readings and parameters; ``swaps`` holds each
    entrant's cards swapped for their baselines, made for every player, since
    all recruit from one Hall of Heroes (baselines.py)."""
    every = {name: card for swap in swaps for name, card in swap.items()}
    return prepare(cell.cards, list(cell.entrants), list(cell.policies), cell.overrides, cell.readings, every,
                   **cell.params)


RULESET = Ruleset(
    name="kamigami",
    title="Kamigami Battles",
    seats=SEATS,
    parameters=PARAMETERS,
    variants=("free_for_all",),
    readings=READINGS,
    resources=("Faith", "Energy"),
    curves={"faith": "Faith gained", "spent": "Faith spent", "energy_by_turn": "Energy"},
    shortage=None,
    pieces={"god": ("God", "gods"), "temple": ("Temple", "temples")},
    end_reasons=END_REASONS,
    kernels=("balance.rules.kamigami.game", "balance.agents.kamigami.search"),
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
    seeding="game g of every cell of P players: game seed g // P (its seat-rotation block), entrant e in seat "
            "(e + g) mod P; streams per game for shuffles, dice and policy tie-breaks",
    entrants="seats",
    validate=validate_main,
    card_set=str(CARD_SET),
    example=example,
)
