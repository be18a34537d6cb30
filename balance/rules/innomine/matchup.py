"""One matchup, ready to play: compiled decks for both seatings, policies,
threshold and turn cap; and playing a range of its games (the ruleset's
batched ``simulate``, DESIGN §5).
"""
from dataclasses import dataclass

import numpy as np

from ...cards import CompiledDecks, check_threshold, compile_tables, load_deck
from ...errors import InputError
from .d666 import CLASSIC, VARIANTS
from .game import record_arrays, simulate_pairs
from .policy_files import load_policy
from .state import G_TRACE_N, new_state
from .tables import pack
from .trace import decode

DEFAULT_TURN_CAP = 200


@dataclass
class Matchup:
    """Deck A against deck B.  Seat order alternates game by game (see
    game.simulate_pairs); ``ab`` has A in seat 0, ``ba`` has B in seat 0."""
    ab: CompiledDecks
    ba: CompiledDecks
    weights: np.ndarray      # [2, N_WEIGHTS]: deck A's policy, deck B's
    threshold: int
    turn_cap: int
    labels: tuple[str, str]
    variant: int = CLASSIC   # d666.VARIANTS

    @property
    def own_turns(self) -> int:
        return (self.turn_cap + 1) // 2

    def kernel_args(self, trace_len=0):
        """(state, tables) for both seatings, allocated once per chunk."""
        kab, kba = pack(self.ab.tables), pack(self.ba.tables)
        sab = new_state(kab, self.weights, self.own_turns, trace_len)
        sba = new_state(kba, self.weights[::-1].copy(), self.own_turns, trace_len)
        return sab, kab, sba, kba


def prepare(deck_a, deck_b, policy_a="influencer", policy_b="influencer", threshold=5,
            turn_cap=DEFAULT_TURN_CAP, overrides=None, variant="classic", blanks=((), ())) -> Matchup:
    """Load, validate and compile a matchup (raises DeckError / InputError);
    ``overrides`` of cards neither deck holds are left out (an experiment's
    override applies to the cells whose decks have the card; the runner checks
    that each overridden card is in some deck); ``blanks`` = (deck A's, deck
    B's) cards to swap for blanks (compile_tables)."""
    if turn_cap < 1:
        raise InputError(f"--turn-cap: {turn_cap}: must be a whole number >= 1")
    if variant not in VARIANTS:
        raise InputError(f"--variant: {variant!r}: unknown rule variant; allowed: {', '.join(VARIANTS)}")
    a, b = load_deck(deck_a), load_deck(deck_b)
    check_threshold([a, b], threshold)
    if isinstance(overrides, dict):
        overrides = {card: fields for card, fields in overrides.items() if card in a.cards or card in b.cards}
    weights = np.stack([load_policy(policy_a), load_policy(policy_b)])
    return Matchup(ab=compile_tables([a, b], overrides, list(blanks)),
                   ba=compile_tables([b, a], overrides, list(blanks)[::-1]),
                   weights=weights, threshold=threshold, turn_cap=turn_cap,
                   labels=(f"{a.name} ({policy_a})", f"{b.name} ({policy_b})"), variant=VARIANTS[variant])


def play_range(m: Matchup, root_seed: int, first_game: int, n_games: int) -> dict:
    """Play games first_game..first_game+n_games-1 and return their records."""
    sab, kab, sba, kba = m.kernel_args()
    rows, gain, spent, masks = record_arrays(n_games, 2, m.own_turns)
    simulate_pairs(sab, kab, sba, kba, root_seed, first_game, n_games, m.threshold, m.turn_cap, m.variant,
                   rows, gain, spent, masks)
    return {"rows": rows, "gain": gain, "spent": spent, "masks": masks}


def replay_lines(m: Matchup, root_seed: int, game: int, trace_len=200_000) -> list[str]:
    """One game as a readable log (``balance replay``)."""
    sab, kab, sba, kba = m.kernel_args(trace_len)
    swap = game & 1
    s, k, compiled = (sba, kba, m.ba) if swap else (sab, kab, m.ab)
    rows, gain, spent, masks = record_arrays(1, 2, m.own_turns)
    simulate_pairs(sab, kab, sba, kba, root_seed, game, 1, m.threshold, m.turn_cap, m.variant,
                   rows, gain, spent, masks)
    lines = trace_lines(s, compiled)
    if s.g[G_TRACE_N] >= s.trace.shape[0]:
        lines.append(f"(trace truncated at {s.g[G_TRACE_N]} events)")
    return lines


def trace_lines(s, compiled, start=0) -> list[str]:
    """The log of what State ``s`` (of ``compiled``'s decks) traced so far, from row ``start`` on."""
    seat_names = [d.superior.name for d in compiled.decks]
    n = int(s.g[G_TRACE_N])
    return decode(s.trace[start:], n - start, compiled.names, s.I[:, 0], s.I.shape[0], seat_names)
