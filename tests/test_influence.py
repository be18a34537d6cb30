"""Influence Resonances against their closed-form success probabilities, and
the modifiers, reach and failures of the Choirs and Bands that Influence.

For a d6 roll with modifier m against Hits H the chance is #{r in 1..6 :
r + m >= H} / 6 (Mercurians, Balseraphs) or #{r + m > H} / 6 (Elohim,
Impudites, Habbalah).  The engine's rate over many seeded rolls must fall in
the 99.9% Wilson interval around that exact value.
"""
import pytest
from positions import BELIAL, GABRIEL, Board, peek
from scipy.stats import binomtest

from balance.rules.innomine import state as S
from balance.agents.innomine.chances import p_success
from balance.rules.innomine.beings import attach, leave_play
from balance.rules.innomine.d666 import D666, target_for_faces
from balance.rules.innomine.d666 import roll as d666_roll
from balance.agents.innomine.policies import W_D666_AFTER, W_D666_BEFORE
from balance.rules.innomine.tables import D_HITS
from balance.rules.innomine.resonances import (
    OP_GE,
    _other_side_human,
    _stamp,
    classic_faces,
    end_short_influence,
    in_reach,
    influence_roll,
    modifier,
    resonance_stat,
    resonate,
    steal_essence,
    steal_faces,
)
from balance.rules.innomine.vocabulary import (
    BALSERAPH,
    CELESTIAL,
    ELOHITE,
    ETHEREAL_REALM,
    HABBALITE,
    IMPUDITE,
    MERCURIAN,
)
from balance.sim.seeding import d6

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


# ------------------------------------------------------------------ modifiers, reach, failures

def next_d6(s, ok):
    """Advance the dice stream until the next d6 satisfies ``ok``."""
    while not ok(peek(s, lambda s: d6(s.rng))):
        d6(s.rng)
    return peek(s, lambda s: d6(s.rng))


def test_reach_balseraphs_anywhere_in_their_realm_the_others_at_their_location():
    """Balseraphs: "a target (in their Realm) Being"; the others Influence "Beings in
    their Location", Impudites' reach being "the usual" (I26)."""
    b = Board()
    b.clear_board()
    ny = b.put(BELIAL, "New York", b.earth, ctrl=-1)
    sis = b.put(BELIAL, "Sistrael", ny)
    imp = b.put(BELIAL, "Vashka", ny)
    near = b.put(GABRIEL, "Ed Holder", ny)
    far = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    soul = b.put(GABRIEL, "Sam Okafor", b.realm(BELIAL))
    assert in_reach(b.s, b.t, sis, near) and in_reach(b.s, b.t, sis, far)
    assert not in_reach(b.s, b.t, sis, soul)
    assert in_reach(b.s, b.t, imp, near) and not in_reach(b.s, b.t, imp, far)


def test_a_being_is_freed_when_the_being_influencing_it_leaves_play():
    """I82: a Human Influenced through another Human is freed of that Influence when
    its Influencer dies (and, as the rulebook says, when a celestial one is
    soul-dead); a Servitor so freed goes back to its own Superior.  The log says so."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    s.g[S.G_ACTIVE] = BELIAL
    ed = b.put(BELIAL, "Ed Holder", b.earth, ctrl=BELIAL)
    ines = b.put(GABRIEL, "Leslie Hamerson", b.earth, ctrl=BELIAL, inf_by=ed)
    azra = b.put(GABRIEL, "Azra", b.earth, ctrl=BELIAL, inf_by=ed)
    I[azra, S.F_ACTS] = 1
    leave_play(s, b.t, ed, S.Z_DISCARD)
    assert (I[ines, S.F_CTRL], I[ines, S.F_INF_BY]) == (-1, -1)
    assert (I[azra, S.F_CTRL], I[azra, S.F_INF_BY]) == (GABRIEL, -1)
    assert I[azra, S.F_ACTS] == 0                                   # no action for Gabriel in Belial's turn
    assert b.log() == ["game: Leslie Hamerson is freed of the Influence of Ed Holder, which left play",
                       "Gabriel: Azra is freed of the Influence of Ed Holder, which left play"]


def test_steal_essence_is_a_bare_roll_with_no_bonus_to_influence():
    """I85: "Make another resonance roll [...] If successful (greater than target's
    Celestial Hits)": Acting's "+1 to any attempt to Influence a Being" helps
    Vashka Influence Ed, not steal from him."""
    b = Board()
    b.clear_board()
    s = b.s
    vashka = b.put(BELIAL, "Vashka", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=vashka)
    attach(s, b.t, b.take(BELIAL, "Acting"), vashka, BELIAL)
    bare = 6 - int(b.t.C[b.design("Ed Holder"), D_HITS + CELESTIAL])
    stat, op = resonance_stat(IMPUDITE)
    assert steal_faces(s, b.t, vashka, ed) == bare
    assert classic_faces(s, b.t, vashka, ed, stat, op) == bare + 1


def test_a_sheets_bonus_against_a_human_a_prince_influences_spares_his_own_undead():
    """I57: Gabriel's Mercurians gain +1 "to Influence a Human Influenced by a
    [Demon Prince]": a Saint Belial has Tempted is one; The Charred Man, Belial's
    own Undead, whom no one Influences, is not."""
    b = Board()
    b.clear_board()
    s = b.s
    tamiel = b.put(GABRIEL, "Tamiel", b.earth)
    florian = b.put(GABRIEL, "Saint Florian", b.earth, ctrl=BELIAL)
    charred = b.put(BELIAL, "The Charred Man", b.earth)
    assert _other_side_human(s, b.t, tamiel, florian)
    assert not _other_side_human(s, b.t, tamiel, charred)


def test_mercurians_add_one_against_an_influenced_being_and_gabriels_one_more_against_hells():
    """Mercurians: "roll d6, plus 1 if the Being is already Influenced" -- by anyone
    (I27); Gabriel's Mercurians "gain a +1 in any attempt to Influence a Human
    Influenced by a [Demon Prince]".  An Elohite has neither."""
    b = Board()
    b.clear_board()
    s = b.s
    merc = b.put(GABRIEL, "Tamiel", b.earth)
    elo = b.put(GABRIEL, "Hadriel", b.earth)
    h = b.put(BELIAL, "Leslie Hamerson", b.earth)
    hits = b.t.C[b.design("Leslie Hamerson"), 9 + ETHEREAL_REALM]
    for ctrl, m in ((-1, 0), (GABRIEL, 1), (BELIAL, 2)):
        s.I[h, S.F_CTRL] = ctrl
        assert modifier(s, b.t, merc, h) == m
        assert p_success(s, b.t, merc, h, ETHEREAL_REALM, OP_GE) == pytest.approx(exact(hits, m, True))
        assert modifier(s, b.t, elo, h) == 0


def test_a_skill_adds_its_bonus_to_influence():
    """Acting, a Skill: "+1 to any attempt to Influence" by its holder."""
    b = Board()
    b.clear_board()
    s = b.s
    sis = b.put(BELIAL, "Sistrael", b.earth)
    h = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    hits = b.t.C[b.design("Leslie Hamerson"), 9 + CELESTIAL]
    assert p_success(s, b.t, sis, h, CELESTIAL, OP_GE) == pytest.approx(exact(hits, 0, True))
    attach(s, b.t, b.take(BELIAL, "Acting"), sis, BELIAL)
    assert p_success(s, b.t, sis, h, CELESTIAL, OP_GE) == pytest.approx(exact(hits, 1, True))


def test_a_balseraph_guards_its_being_against_every_other_and_fails_for_a_note():
    """Balseraphs may Resonate on a Being they Influence "to give -1 penalties to any
    future attempt to Influence that Being by any other Beings" -- repeatable, and
    against their own side too (I27); "Failure in any of these rolls inflicts a note
    of dissonance.\""""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    sis = b.put(BELIAL, "Sistrael", b.earth)
    other = b.put(BELIAL, "Velkaris", b.earth)
    elo = b.put(GABRIEL, "Hadriel", b.earth)
    h = b.put(GABRIEL, "Leslie Hamerson", b.earth, ctrl=BELIAL, inf_by=sis)
    need = b.t.C[b.design("Leslie Hamerson"), 9 + CELESTIAL]
    for k in (1, 2):
        r = next_d6(s, lambda r: r >= need)
        assert resonate(s, b.t, sis, h)
        assert b.log()[-1] == f"Belial: Sistrael reinforces its hold on Leslie Hamerson (roll {r})"
        assert I[h, S.F_GUARD] == k and I[h, S.F_GUARD_BY] == sis
        assert modifier(s, b.t, elo, h) == -k and modifier(s, b.t, other, h) == -k
        assert modifier(s, b.t, sis, h) == 0
    assert I[sis, S.F_DISS] == 0
    r = next_d6(s, lambda r: r < need)
    assert not resonate(s, b.t, sis, h) and I[sis, S.F_DISS] == 1 and I[h, S.F_GUARD] == 2
    assert b.log()[-2:] == [f"Belial: Sistrael fails to reinforce its hold on Leslie Hamerson (roll {r})",
                            "Belial: Sistrael takes a note of Dissonance (now 1): its Resonance failed"]
    free = b.put(GABRIEL, "Sam Okafor", b.earth)
    next_d6(s, lambda r: r < b.t.C[b.design("Sam Okafor"), 9 + CELESTIAL])
    assert not resonate(s, b.t, sis, free) and I[sis, S.F_DISS] == 2 and I[free, S.F_CTRL] == -1


def test_paranoia_takes_its_levels_off_a_balseraphs_rolls():
    """The Balseraph Discord, Paranoia: -1 per level to Resonance rolls."""
    b = Board(seed=3)
    b.clear_board()
    s, I = b.s, b.s.I
    sis = b.put(BELIAL, "Sistrael", b.earth)
    h = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    I[sis, S.F_DISCORD] = 2
    hits = b.t.C[b.design("Leslie Hamerson"), 9 + CELESTIAL]
    p = exact(hits, -2, True)
    assert p_success(s, b.t, sis, h, CELESTIAL, OP_GE) == pytest.approx(p)
    wins = sum(influence_roll(s, b.t, sis, h, CELESTIAL, OP_GE)[0] for _ in range(ROLLS))
    ci = binomtest(wins, ROLLS).proportion_ci(confidence_level=0.999, method="wilson")
    assert ci.low <= p <= ci.high, (wins / ROLLS, p)


def test_a_habbalite_influences_until_end_of_turn_and_its_failures():
    """Habbalah: "the Being is Influenced by you until the end of the current turn";
    on a failure "one of the following events occurs" (I28, the controller
    chooses): a roll on another untried Being in the Location, else a note of
    Dissonance, else (with two notes already) the Habbalite is Influenced by the
    other player until end of turn."""
    b = Board()
    b.clear_board()
    s, I = b.s, b.s.I
    nyx = b.put(BELIAL, "Nyx", b.earth)
    ed = b.put(GABRIEL, "Ed Holder", b.earth)
    leslie = b.put(GABRIEL, "Leslie Hamerson", b.earth)
    e_ed, e_les = (b.t.C[b.design(n), 9 + ETHEREAL_REALM] for n in ("Ed Holder", "Leslie Hamerson"))

    def two(s):
        return d6(s.rng), d6(s.rng)
    while not (peek(s, two)[0] <= e_ed and peek(s, two)[1] <= e_les):
        d6(s.rng)
    assert not resonate(s, b.t, nyx, ed)                  # Ed, then Leslie: both fail
    assert I[ed, S.F_TRIED] == I[leslie, S.F_TRIED] != 0
    assert I[nyx, S.F_DISS] == 1 and I[nyx, S.F_CTRL] == BELIAL
    s.g[S.G_TURN] += 1
    I[nyx, S.F_DISS] = 2
    next_d6(s, lambda r: r <= e_ed)
    I[leslie, S.F_TRIED] = _stamp(s, nyx)                 # Leslie already tried this turn
    assert not resonate(s, b.t, nyx, ed)
    assert I[nyx, S.F_CTRL] == GABRIEL and I[nyx, S.F_TEMP_CTRL] == 1 and I[nyx, S.F_DISS] == 2
    end_short_influence(s, b.t)
    assert I[nyx, S.F_CTRL] == BELIAL and I[nyx, S.F_TEMP_CTRL] == 0
    s.g[S.G_TURN] += 1
    next_d6(s, lambda r: r > e_ed)
    assert resonate(s, b.t, nyx, ed)
    assert I[ed, S.F_CTRL] == BELIAL and I[ed, S.F_INF_BY] == nyx and I[ed, S.F_TEMP_CTRL] == 1
    end_short_influence(s, b.t)
    assert I[ed, S.F_CTRL] == -1 and I[ed, S.F_INF_BY] == -1


def test_an_impudite_steals_essence_or_loses_it():
    """Impudites' Steal Essence: on a success "add the result in Essence", on a
    failure "lose the result ... up to whatever value you have" (I26: at its Location)."""
    b = Board()
    b.clear_board()
    s = b.s
    imp = b.put(BELIAL, "Vashka", b.earth)
    h = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=imp)
    need = b.t.C[b.design("Ed Holder"), 9 + CELESTIAL]
    r = next_d6(s, lambda r: r > need)
    assert steal_essence(s, b.t, imp, h) and s.S[BELIAL, S.S_ESSENCE] == 5 + r
    assert b.log()[-1] == f"Belial: Vashka steals {r} Essence from Ed Holder (roll {r})"     # one line a roll
    s.S[BELIAL, S.S_ESSENCE] = 5
    r = next_d6(s, lambda r: r <= need)
    assert not steal_essence(s, b.t, imp, h) and s.S[BELIAL, S.S_ESSENCE] == 5 - r
    line = f"Belial: Vashka fails to steal Essence from Ed Holder (roll {r}): loses {r} Essence"
    assert b.log()[-1] == line
    s.S[BELIAL, S.S_ESSENCE] = 1
    r = next_d6(s, lambda r: 2 <= r <= need)
    assert not steal_essence(s, b.t, imp, h) and s.S[BELIAL, S.S_ESSENCE] == 0
    assert b.log()[-1] == f"Belial: Vashka fails to steal Essence from Ed Holder (roll {r}): loses 1 Essence"
    assert not any("Influence" in line for line in b.log())


def test_a_d666_steal_traces_the_dice_total_and_the_check_digit_it_moves():
    """Under d666, Steal Essence succeeds on the dice total and moves the check
    digit in Essence (I-d666): its one log line gives both."""
    b = Board()
    b.clear_board()
    s = b.s
    s.g[S.G_VARIANT] = D666
    s.w[:, W_D666_BEFORE] = 0
    s.w[:, W_D666_AFTER] = 0
    imp = b.put(BELIAL, "Vashka", b.earth)
    h = b.put(GABRIEL, "Ed Holder", b.earth, ctrl=BELIAL, inf_by=imp)
    goal = target_for_faces(classic_faces(s, b.t, imp, h, *resonance_stat(IMPUDITE)))
    seen = set()
    for _ in range(60):
        s.S[BELIAL, S.S_ESSENCE] = 20
        ok, total, check = peek(s, lambda s: d666_roll(s.rng, goal))
        assert steal_essence(s, b.t, imp, h) == ok
        assert s.S[BELIAL, S.S_ESSENCE] == 20 + (check if ok else -check)
        line = (f"Belial: Vashka steals {check} Essence from Ed Holder (roll {total})" if ok else
                f"Belial: Vashka fails to steal Essence from Ed Holder (roll {total}): loses {check} Essence")
        assert b.log()[-1] == line
        seen.add((ok, total != check))
    assert {(True, True), (False, True)} <= seen
