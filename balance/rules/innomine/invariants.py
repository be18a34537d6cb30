"""What every In Nomine game keeps, turn by turn, checked by ``check_ruleset``
(rules/conformance.py) and the Hypothesis tests (tests/test_invariants.py):
cards are conserved -- every instance is in exactly one zone, and the deck
buffers, Souls, attachments and in-play lists agree with it -- Essence is never
negative, and the game ends within its turn cap with a declared end reason."""
import numpy as np

from . import state as S
from .matchup import Matchup
from .turn import next_turn
from .setup import setup

ZONES = {S.Z_UNUSED, S.Z_REPO, S.Z_EVENTS, S.Z_HAND, S.Z_PLAY, S.Z_DISCARD, S.Z_SOUL, S.Z_REMOVED, S.Z_FACEDOWN}


def check_conservation(s) -> None:
    """Every instance is in one zone, and each zone's bookkeeping agrees."""
    I, N = s.I, s.I.shape[0]
    zone = I[:, S.F_ZONE]
    assert set(np.unique(zone)) <= ZONES
    m = s.decks.shape[2]
    for p in range(s.S.shape[0]):
        for which, z in ((S.REPOSITORY, S.Z_REPO), (S.EVENTS, S.Z_EVENTS)):
            head, cnt = s.S[p, S.S_REPO_HEAD + 2 * which], s.S[p, S.S_REPO_CNT + 2 * which]
            in_buffer = sorted(s.decks[p, which, (head + k) % m] for k in range(cnt))
            assert in_buffer == sorted(np.flatnonzero((zone == z) & (I[:, S.F_OWNER] == p)))
        souls = (zone == S.Z_SOUL) & (I[:, S.F_LOC] == S.loc_realm(s, p))
        assert souls.sum() == s.S[p, S.S_SOULS]
    for i in range(N):
        holder = I[i, S.F_ATT]
        if holder >= 0:
            assert zone[i] == S.Z_PLAY and zone[holder] == S.Z_PLAY
            assert i in I[holder, S.F_ATTS:S.F_ATTS + I[holder, S.F_NATT]]
        for c in I[i, S.F_ATTS:S.F_ATTS + I[i, S.F_NATT]]:
            assert I[c, S.F_ATT] == i
    listed = set(s.live[0, 1:s.live[0, 0] + 1]) | set(s.live[1, 1:s.live[1, 0] + 1])
    assert set(np.flatnonzero(zone == S.Z_PLAY)) <= listed


def check_turns(s, turn, cap: int) -> None:
    """Play the game set up in ``s`` to its end with ``turn()`` (one turn each
    call, False once the game is over), checking the invariants after every turn."""
    check_conservation(s)
    turns = 0
    while turn():
        turns += 1
        check_conservation(s)
        assert (s.S[:, S.S_ESSENCE] >= 0).all(), "Essence below 0"
        assert turns <= cap, "the game outlived its turn cap"
    check_conservation(s)
    assert s.g[S.G_END] in (S.END_THRESHOLD, S.END_TURN_CAP, S.END_DECK_OUT)
    assert (s.g[S.G_WINNER] >= 0) == (s.g[S.G_END] == S.END_THRESHOLD)


def check_game(m: Matchup, root_seed: int, game: int) -> int:
    """Play game ``game`` of matchup ``m`` (scripted or random agents) as
    ``play_range`` would, checking the invariants after every turn; returns
    its turn count, as its record gives it."""
    sab, kab, sba, kba = m.kernel_args()
    s, t = (sba, kba) if game & 1 else (sab, kab)
    setup(s, t, root_seed, game >> 1, m.threshold, m.turn_cap, m.variant, m.readings)
    check_turns(s, lambda: next_turn(s, t), m.turn_cap)
    return int(s.g[S.G_TURN])
