"""Kamigami Battles' rules against the rulebook's worked examples (exact values),
and its games against the ruleset interface (check_ruleset runs in test_ruleset.py).

Each example sets a game up, then lays out the hands it needs, and lets the
scripted agent play: it plays every card it can and every React it is offered
but a Protect (agents/kamigami/scripted.py), so that where the example leaves
no choice, none is made."""
import numpy as np
import pytest
from cli import ROOT

from balance.rules.kamigami.attack import END_ENERGY
from balance.rules.kamigami.banish import banish
from balance.rules.kamigami.chaining import chain, may_chain
from balance.rules.kamigami.decisions import GOD
from balance.rules.kamigami.hall_of_heroes import buy
from balance.rules.kamigami.matchup import prepare
from balance.rules.kamigami.setup import setup
from balance.rules.kamigami.state import (DECK, G_CHAIN, G_CHAIN_LEN, G_END, G_WINNER, H_WARRIORS, HAND,
                                          NETHERWORLD, PLAY, S_ENERGY, S_FAITH, S_GOD_ACT, push, shared, zone)
from balance.rules.kamigami.turn import _offer_acts, end_phase, play_phase, play_turn
from balance.rules.kamigami.vocabulary import COLORS

CARD_SET = str(ROOT / "decks/kamigami/old_ones.toml")


class Table:
    """A game of ``gods`` (scripted agents, no Temples) set up, with helpers to
    lay out hands and name cards."""

    def __init__(self, gods, seed=1, **parameters):
        self.m = prepare(CARD_SET, gods, ["scripted"] * len(gods), temples=0, **parameters)
        self.s, self.t = self.m.state(), self.m.kernel_tables()
        setup(self.s, self.t, seed, 0, self.m.params, 0, self.m.gods, self.m.agents)

    def acted(self, p):
        """Seat p's God has used its Act this turn (so that the examples play cards only)."""
        self.s.S[p, S_GOD_ACT] = 1

    def kind(self, name):
        return self.m.cards.names.index(name)

    def hand(self, p, *names):
        """Seat p's hand is exactly ``names`` (the cards it held go back on its deck)."""
        h = zone(self.s, p, HAND)
        for _ in range(self.s.zn[h]):
            self.s.zn[h] -= 1
            push(self.s, zone(self.s, p, DECK), self.s.Z[h, self.s.zn[h]])
        for name in names:
            push(self.s, h, self.kind(name))

    def cards(self, p, which):
        z = zone(self.s, p, which)
        return [self.m.cards.names[k] for k in self.s.Z[z, :self.s.zn[z]]]

    def colors(self):
        return {COLORS[c] for c in range(len(COLORS)) if (self.s.g[G_CHAIN] >> c) & 1}


def test_jack_daltons_4_against_elder_things_2_costs_the_god_2_energy():
    """Play Example: "Jack Dalton usually has an Attack Value of 4. Ian Reacts by
    playing an Elder Things ... Defense Value of 2 ... Ian reduces his God's Energy by 2"."""
    g = Table(["Dagon", "Hastur"])       # Hastur has no React of his own
    g.acted(0)
    g.hand(0, "Jack Dalton")
    g.hand(1, "Elder Things")
    play_phase(g.s, g.t, 0)
    assert g.s.S[1, S_ENERGY] == 15 - 2
    assert g.cards(1, PLAY) == ["Elder Things"] and g.cards(0, PLAY) == ["Jack Dalton"]


def test_the_chain_of_the_play_example():
    """Jack Dalton (red) chains green and yellow: Anna Stewart (yellow) may follow,
    and after her only a blue or green card."""
    g = Table(["Hastur", "Dagon"])
    s, t = g.s, g.t
    assert may_chain(s, t, g.kind("Shoggoth")), "the first Warrior of a turn is free of color"
    chain(s, t, g.kind("Jack Dalton"))
    assert g.colors() == {"green", "yellow"}
    by_color = {COLORS[c]: [k for k in range(t.card.shape[0]) if t.card[k, 2] == c] for c in range(len(COLORS))}
    for color, kinds in by_color.items():
        assert all(may_chain(s, t, k) == (color in ("green", "yellow")) for k in kinds), color
    assert may_chain(s, t, g.kind("Anna Stewart"))
    chain(s, t, g.kind("Anna Stewart"))
    assert g.colors() == {"blue", "green"} and s.g[G_CHAIN_LEN] == 2


def test_a_disciple_leaves_the_chaining_colors_unchanged():
    """Special Rule: "Anja plays Jack Dalton ... and then plays 2 Cultist cards. At this
    point, yellow and green ... are the only Colors" she may play."""
    g = Table(["Dagon", "Hastur"])
    g.acted(0)
    chain(g.s, g.t, g.kind("Jack Dalton"))
    g.hand(0, "Cultist", "Cultist", "Shoggoth")     # Shoggoth is red: it may not follow Jack Dalton
    play_phase(g.s, g.t, 0)
    assert g.cards(0, PLAY) == ["Cultist", "Cultist"] and g.s.S[0, S_FAITH] == 2
    assert g.colors() == {"green", "yellow"} and g.s.g[G_CHAIN_LEN] == 1
    assert g.cards(0, HAND) == ["Shoggoth"]


def test_six_faith_buys_a_cultist_and_a_dimensional_shambler():
    """Recruit Phase example: 6 Faith Points buy "a Cultist Disciple and a Dimensional
    Shambler"; bought cards go on top of the Draw Deck."""
    g = Table(["Hastur", "Dagon"])
    s, t = g.s, g.t
    s.hall[H_WARRIORS] = (g.kind("Dimensional Shambler"), 1)
    s.S[0, S_FAITH] = 6
    cultists = int(np.flatnonzero(s.hall[:, 0] == g.kind("Cultist"))[-1])
    buy(s, t, 0, H_WARRIORS)
    buy(s, t, 0, cultists)
    assert s.S[0, S_FAITH] == 0
    assert g.cards(0, DECK)[-2:] == ["Dimensional Shambler", "Cultist"]
    assert s.hall[H_WARRIORS, 0] != g.kind("Dimensional Shambler") and s.hall[H_WARRIORS, 1] == 1, \
        "the emptied pile is refilled at once with a new kind"


def test_cthulhus_act_once_per_turn_and_its_react_each_time():
    """God Abilities: "The Stars are Right (ACT) ... may be used once during a player's
    turn"; "Even Death May Die (REACT) ... may be used whenever a card is Banished"."""
    g = Table(["Cthulhu", "Yog-Sothoth", "Hastur"])
    s, t = g.s, g.t
    g.hand(0, "Jack Dalton", "Shoggoth")
    chain(s, t, g.kind("Jack Dalton"))
    _offer_acts(s, t, 0)
    assert (GOD, 0) in [tuple(r) for r in s.opt[:s.dec[0]]]
    play_phase(s, t, 0)
    assert s.S[0, S_GOD_ACT] == 1
    _offer_acts(s, t, 0)
    assert (GOD, 0) not in [tuple(r) for r in s.opt[:s.dec[0]]], "the Act twice in one turn"
    end_phase(s, 0)
    chain(s, t, g.kind("Jack Dalton"))
    _offer_acts(s, t, 0)
    assert (GOD, 0) in [tuple(r) for r in s.opt[:s.dec[0]]], "the Act again on the next turn"
    # seat 2 Banishes twice; seat 1 (Yog-Sothoth: "The Gate is Shut", a ward for 1 Energy) wards
    # each time, and Cthulhu's React cancels each ward
    g.hand(2, "Cultist", "Cultist")
    g.hand(0)
    g.hand(1)
    before = s.S[1, S_ENERGY]
    banish(s, t, 2, 2)
    assert s.S[1, S_ENERGY] == before - 2, "two wards"
    nether = shared(s, NETHERWORLD)
    assert s.zn[nether] == 2 and g.cards(2, HAND) == []


def test_the_win_is_immediate_at_25_energy():
    """End of the Game: "if any player's God reaches 25 Energy. As soon as this happens,
    that player wins": the rest of the turn is not played."""
    g = Table(["Dagon", "Hastur"])
    s, t = g.s, g.t
    g.acted(0)
    s.S[0, S_ENERGY] = 23
    g.hand(0, "Herbert West", "Jack Dalton")     # Energy 2 (played first), Attack 4
    deck = g.cards(0, DECK)
    play_turn(s, t, 0)
    assert s.g[G_WINNER] == 0 and s.g[G_END] == END_ENERGY and s.S[0, S_ENERGY] == 25
    assert g.cards(0, HAND) == ["Jack Dalton"] and s.S[1, S_ENERGY] == 15, "play went on after the win"
    assert g.cards(0, DECK) == deck, "the turn's Recruit, Discard or End Phase was played"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_of_2_4_and_6_players_end_with_a_declared_winner_or_a_draw(players):
    from balance.rules import get
    rs = get("kamigami")
    m = rs.example("scripted", players)
    rows = rs.play_range(m, 7, 0, 4 * players)["rows"]
    assert (rows[:, rs.columns["turns"]] >= 1).all()
    assert np.isin(rows[:, rs.columns["winner"]], np.arange(-1, players)).all()


def test_gigi_lamore_redirects_the_attack_without_drawing():
    """Play Example: "Another player is attacking Isabella so she can play her Gigi Lamore:
    She can force the Attacker to attack a different God. She does not get to use Gigi
    Lamore's Act Ability to draw a card." """
    g = Table(["Dagon", "Hastur", "Azathoth"])      # Hastur and Azathoth have no React of their own
    s, t = g.s, g.t
    g.acted(0)
    s.S[1, S_ENERGY] = 16                          # the leader: the scripted Attacker's target
    g.hand(0, "Jack Dalton")
    g.hand(1, "Gigi Lamore")
    g.hand(2)
    play_phase(s, t, 0)
    assert s.S[1, S_ENERGY] == 16 and s.S[2, S_ENERGY] == 15 - 4
    assert g.cards(1, PLAY) == ["Gigi Lamore"] and g.cards(1, HAND) == []


# ------------------------------------------------------------------ the search agent
def test_a_redeal_keeps_every_card_and_what_the_seat_sees():
    """information.resample_unseen: each seat's hand and deck keep their sizes and
    together their cards, the searching seat's hand and every public zone stay."""
    from balance.rules.kamigami.information import resample_unseen
    from balance.rules.kamigami.invariants import check_conservation
    from balance.rules.kamigami.state import DISCARD
    from balance.rules.kamigami.turn import next_turn
    g = Table(["Cthulhu", "Hastur", "Dagon"])
    s, t = g.s, g.t
    for _ in range(5):
        next_turn(s, t)
    mine = g.cards(0, HAND)
    pooled = [sorted(g.cards(q, HAND) + g.cards(q, DECK)) for q in range(3)]
    public = [g.cards(q, DISCARD) for q in range(3)], s.hall.copy()
    sizes = [(len(g.cards(q, HAND)), len(g.cards(q, DECK))) for q in range(3)]
    resample_unseen(s, t, 0)
    assert g.cards(0, HAND) == mine and [g.cards(q, DISCARD) for q in range(3)] == public[0]
    assert (s.hall == public[1]).all()
    assert [sorted(g.cards(q, HAND) + g.cards(q, DECK)) for q in range(3)] == pooled
    assert [(len(g.cards(q, HAND)), len(g.cards(q, DECK))) for q in range(3)] == sizes
    check_conservation(s, t)


def test_the_search_agent_does_not_peek():
    """Two games that differ only in what the searching seat cannot see -- the
    other players' hands and decks -- give the search the same first choice of
    its turn, and the same value for each of its options (before anything the
    others hold could show), until five of its turns had rollouts it won."""
    from balance.agents.kamigami.search import searched_turn
    from balance.agents.points import D_FORCED, N_DEC
    from balance.rules.kamigami.state import GAME_FIELDS, G_ACTIVE
    from balance.rules.kamigami.turn import next_turn
    m = prepare(CARD_SET, ["dealt"] * 3, ["search", "scripted", "scripted"])
    s, t, x, y = m.state(1000), m.kernel_tables(), m.state(), m.state()     # traced: the option values are kept
    s2, x2, y2 = m.state(1000), m.state(), m.state()
    rng, searched, game, more = np.random.default_rng(1), 0, 0, False
    while searched < 5:
        if not more:                                 # a new game once one ends
            setup(s, t, 11, game, m.params, 0, m.gods, m.agents)
            game, more = game + 1, True
        if s.g[G_ACTIVE] != 0:
            more = next_turn(s, t)
            continue
        for name in (*GAME_FIELDS, "agent"):
            getattr(s2, name)[:] = getattr(s, name)
        for q in (1, 2):                          # the others' hands and decks dealt otherwise
            hand, deck = zone(s2, q, HAND), zone(s2, q, DECK)
            cards = np.concatenate([s2.Z[hand, :s2.zn[hand]], s2.Z[deck, :s2.zn[deck]]])
            rng.shuffle(cards)
            s2.Z[hand, :s2.zn[hand]], s2.Z[deck, :s2.zn[deck]] = cards[:s2.zn[hand]], cards[s2.zn[hand]:]
        more = searched_turn(s, x, y, t)
        searched_turn(s2, x2, y2, t)
        if s.dec[D_FORCED]:
            assert s2.dec[D_FORCED] > 0 and s2.dec[N_DEC] == s.dec[N_DEC]
            assert np.array_equal(s2.vals[0], s.vals[0])
            searched += bool(s.vals[0].any())         # a turn whose rollouts were not all lost


def test_a_game_with_a_search_agent_is_the_same_whatever_the_chunks_and_beats_the_scripted_style():
    """Chunks and repeats give the same records; searching, entrant 0 wins more
    than its fair share (a quarter) against three scripted Gods: the 95% interval
    over its 100 seat-rotation blocks lies above it."""
    from balance.analysis.intervals import pair_wilson
    from balance.rules import get
    rs = get("kamigami")
    m = prepare(CARD_SET, ["dealt"] * 4, ["search", "scripted", "scripted", "scripted"])
    whole = rs.play_range(m, 5, 0, 400)
    parts = [rs.play_range(m, 5, 0, 6), rs.play_range(m, 5, 6, 2)]
    for k in whole:
        assert np.array_equal(whole[k][:8], np.concatenate([p[k] for p in parts]))
    won = (whole["rows"][:, rs.columns["winner"]] == 0).reshape(-1, 4).sum(axis=1)
    rate, low, _ = pair_wilson(won, np.full(len(won), 4))
    assert low > 0.25, rate


def test_a_search_game_is_the_same_with_the_jit_off():
    """One 2-player game with a search agent, played compiled here and as plain
    Python in a subprocess (NUMBA_DISABLE_JIT=1): the same records."""
    import os
    import subprocess
    import sys

    from balance.rules import get
    from balance.rules.conformance import digest
    code = ("from balance.rules import get; from balance.rules.conformance import digest; rs = get('kamigami'); "
            f"m = rs.prepare({CARD_SET!r}, ['dealt', 'dealt'], ['search', 'scripted']); "
            "print(digest(rs.play_range(m, 9, 0, 1)))")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "NUMBA_DISABLE_JIT": "1"},
                         capture_output=True, text=True, timeout=1800)
    assert out.returncode == 0, out.stderr
    rs = get("kamigami")
    m = rs.prepare(CARD_SET, ["dealt", "dealt"], ["search", "scripted"])
    assert out.stdout.strip() == digest(rs.play_range(m, 9, 0, 1))
