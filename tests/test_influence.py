"""Influence Resonances against their closed-form success probabilities.

For a d6 roll with modifier m against Hits H the chance is #{r in 1..6 :
r + m >= H} / 6 (Mercurians, Balseraphs) or #{r + m > H} / 6 (Elohim,
Impudites, Habbalah).  The engine's rate over many seeded rolls must fall in
the 99.9% Wilson interval around that exact value.
"""
import pytest
from scipy.stats import binomtest

from balance.rules.innomine import state as S
from balance.rules.innomine.resonances import influence_roll, p_success, resonance_stat, OP_GE
from balance.rules.innomine.vocabulary import (MERCURIAN, ELOHITE, BALSERAPH, IMPUDITE, HABBALITE,
                                               CELESTIAL, ETHEREAL_REALM)

from positions import Board

ROLLS = 4000
KINDS = {MERCURIAN: (ETHEREAL_REALM, True), ELOHITE: (ETHEREAL_REALM, False),
         BALSERAPH: (CELESTIAL, True), IMPUDITE: (CELESTIAL, False), HABBALITE: (ETHEREAL_REALM, False)}


def exact(hits, modifier, at_least):
    return sum((r + modifier >= hits) if at_least else (r + modifier > hits) for r in range(1, 7)) / 6


def servitor_of_kind(b, kind):
    """A starter-deck Servitor of ``kind`` with no game text (so no modifier)."""
    for seat in (0, 1):
        for name in sorted(b.compiled.decks[seat].repository):
            d = b.design(name)
            if b.t.C[d, 1] == kind and not b.t.eff[d, :, 0].any():
                return seat, name
    raise LookupError(kind)


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("resist", [0, 1, 2])
def test_resonance_rate_matches_closed_form(kind, resist):
    b = Board(seed=7 + kind + 10 * resist)
    b.clear_board()
    seat, name = servitor_of_kind(b, kind)
    actor = b.put(seat, name, b.earth)
    target = b.put(1 - seat, "Leslie Hamerson", b.earth)
    b.s.I[target, S.F_RESIST] = resist
    stat, op = resonance_stat(kind)
    want_stat, at_least = KINDS[kind]
    assert stat == want_stat and (op == OP_GE) == at_least
    hits = b.t.C[b.design("Leslie Hamerson"), 9 + stat]
    p = exact(hits, -resist, at_least)
    assert p_success(b.s, b.t, actor, target, stat, op) == pytest.approx(p)
    wins = sum(influence_roll(b.s, b.t, actor, target, stat, op)[0] for _ in range(ROLLS))
    ci = binomtest(wins, ROLLS).proportion_ci(confidence_level=0.999, method="wilson")
    assert ci.low <= p <= ci.high, (wins / ROLLS, p)
