"""Solium Infernum's two combat systems as a ruleset (``balance.rules.ruleset``,
DESIGN §5): Legion battles (4.16) and Praetor single combat (4.17), each a
two-sided combat of an attacker and a defender; an entrant is an army or a
Praetor's program of a roster; Hit Points over rounds."""
from pathlib import Path

from ..ruleset import Ruleset
from .baselines import baselines
from .contested import READINGS
from .game import R_BLOCK, R_END, R_FIRST, R_GAME, R_ROTATION, R_TURNS, R_WINNER
from .invariants import check_game
from .matchup import PARAMETERS, SEATS, play_range, prepare, replay_lines
from .records import records_frame
from .roster import validate_main
from .state import END_REASONS

ROSTER = Path(__file__).resolve().parents[3] / "decks" / "solium" / "pandemonium.toml"
EXAMPLES = ("Furfur", "Decarabia")             # 4.17's duel: the conformance example


def example(policy: str, seats: int):
    """4.17's Furfur against Decarabia, ``policy`` on both sides."""
    return prepare(str(ROSTER), list(EXAMPLES), [policy] * seats)


def prepare_cell(cell, swaps=()):
    """A grid cell's matchup (runner/experiment.Cell); ``swaps`` holds each
    entrant's kinds swapped for their blanks, everywhere in the roster
    (baselines.py)."""
    every = {name: card for swap in swaps for name, card in swap.items()}
    return prepare(cell.cards, list(cell.entrants), list(cell.policies), cell.overrides, cell.readings, every,
                   **cell.params)


RULESET = Ruleset(
    name="solium",
    title="Solium Infernum combat",
    seats=SEATS,
    parameters=PARAMETERS,
    variants=("combat",),
    readings=READINGS,
    resources=("Hit Points",),
    curves={"hp_by_round": "Hit Points"},
    shortage=None,
    pieces={"legion": ("Legion", "legions"), "praetor": ("Praetor", "praetors")},
    end_reasons=END_REASONS,
    kernels=("balance.rules.solium.game",),
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
    seeding="game g of every cell: game seed g // 2 (its block), entrant e in role (e + g) mod 2 (0 attacks), "
            "a Place of Power defending in both; streams per game for dice, policy draws and a search's own",
    entrants="seats",
    validate=validate_main,
    card_set=str(ROSTER),
    example=example,
    roles=("attacker", "defender"),
    turn="round",
    holding=("held", "used"),
    lineup=EXAMPLES,
)
