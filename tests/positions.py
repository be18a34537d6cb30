"""Building small positions by hand, for tests that the rulebook's text fixes.

A ``Board`` deals a real game of the starter decks (Belial in seat 0,
Gabriel in seat 1, unless other decks or cost overrides are asked for), then
lets a test take named cards out of the decks and put them where a rulebook
passage says they are: in play, on top of a deck, or in a hand.  ``peek``
reads the next roll of the engine's seeded streams without using it up;
``options`` lists the options the rules offered at the decision under way, and
``random_counts`` draws the random agent's choice among them many times.
"""
import re
import shutil

import numpy as np

from balance.agents.innomine.decide import decide
from balance.agents.kinds import A_KIND, RANDOM
from balance.agents.points import D_N
from balance.rules.innomine.cards import compile_tables, load_deck
from balance.rules.innomine import contested
from balance.rules.innomine import state as S
from balance.rules.innomine.combat import declare
from balance.rules.innomine.humans import enter_realm
from balance.rules.innomine.matchup import trace_lines
from balance.agents.innomine.policy_files import load_policy
from balance.rules.innomine.d666 import CLASSIC
from balance.rules.innomine.setup import setup
from balance.rules.innomine.tables import pack
from balance.rules.innomine.vocabulary import ANIMAL, ETHEREAL, HUMAN, SERVITOR

ROOT = S.__file__.rsplit("/balance/", 1)[0]
BELIAL, GABRIEL = 0, 1


def data_deck(tmp, deck, data, repo, events):
    """``deck``'s starter deck with copies of cards of tests/data/``data`` added
    (``repo`` and ``events``: name -> copies), written under ``tmp``."""
    lib = tmp / "cards"
    if not lib.exists():
        shutil.copytree(ROOT + "/decks/cards", lib)
    shutil.copy(f"{ROOT}/tests/data/{data}", lib / data)
    text = open(f"{ROOT}/decks/{deck}.toml").read()
    text = text.replace('library = "cards"', f'library = "{lib}"\nsheets = "{ROOT}/decks/superiors.toml"')
    added = "".join(f'"{n}" = {k}\n' for n, k in repo.items())
    text = text.replace("[repository]\n", "[repository]\n" + added)
    text = text.replace("[events]\n", "[events]\n" + "".join(f'"{n}" = {k}\n' for n, k in events.items()))
    text = re.sub(r'^name = ".*"$', f'name = "{deck} with {data}"', text, count=1, flags=re.M)
    path = tmp / f"{deck}.toml"
    path.write_text(text)
    return str(path)


def peek(s, roll):
    """What ``roll(s)`` (a draw from the engine's seeded streams) would give next,
    leaving the streams where they were."""
    saved = s.rng.copy()
    value = roll(s)
    s.rng[:] = saved
    return value


def options(s):
    """The options (a, b) offered at the decision under way."""
    return [tuple(row) for row in s.opt[:s.dec[D_N]].tolist()]


def random_counts(b, seat, kind, n_options, draws=3000):
    """How often the random agent takes each option of the decision offered;
    seat's agent stays the random one."""
    b.s.agent[seat, A_KIND] = RANDOM
    counts = np.zeros(n_options, dtype=int)
    for _ in range(draws):
        counts[decide(b.s, b.t, seat, kind)] += 1
    return counts


def declares(s, t, i, r, k=0):
    """What Being i declares, the round's k-th, in a combat of type r: the
    rules ask its controller's agent (combat.declare), as in a fight."""
    s.g[S.G_FIGHT_TYPE] = r
    return declare(s, t, i, r, k)


class Board:
    def __init__(self, seed=1, turn=10, decks=("belial", "gabriel"), overrides=None):
        """``decks``: starter deck names, or paths of deck files (tests/runs.planted_deck)."""
        decks = [load_deck(name if name.endswith(".toml") else f"{ROOT}/decks/{name}.toml") for name in decks]
        self.compiled = compile_tables(decks, overrides)
        self.t = pack(self.compiled.tables)
        w = np.stack([load_policy("influencer")] * 2)
        self.s = S.new_state(self.t, w, 100, trace_len=10_000)
        setup(self.s, self.t, seed, 0, 5, 200, CLASSIC, contested.pack({}))
        self.s.g[S.G_TURN] = turn
        self.N = self.s.I.shape[0]
        self.dealt = int(self.s.g[S.G_TRACE_N])

    def log(self):
        """The lines ``balance replay`` would print for what was traced since the
        deal (copies of a card numbered among those rows alone)."""
        return trace_lines(self.s, self.compiled, self.dealt)

    # -- places
    @property
    def earth(self):
        return S.loc_earth(self.s)

    def realm(self, seat):
        return S.loc_realm(self.s, seat)

    # -- cards
    def design(self, name):
        return self.compiled.names.index(name)

    def take(self, seat, name):
        """An instance of ``name`` from seat's decks or hand, removed from its deck."""
        I = self.s.I
        d = self.design(name)
        for i in range(self.N):
            if I[i, S.F_DESIGN] == d and I[i, S.F_OWNER] == seat and I[i, S.F_ZONE] in (S.Z_REPO, S.Z_EVENTS, S.Z_HAND):
                self._out_of_decks(seat, i)
                return i
        raise LookupError(f"no {name} left for seat {seat}")

    def _out_of_decks(self, seat, i):
        s = self.s
        for which in (S.REPOSITORY, S.EVENTS):
            h = S.S_REPO_HEAD + 2 * which
            head, cnt, m = s.S[seat, h], s.S[seat, h + 1], s.decks.shape[2]
            cards = [s.decks[seat, which, (head + k) % m] for k in range(cnt)]
            if i in cards:
                cards.remove(i)
                s.decks[seat, which, :len(cards)] = cards
                s.S[seat, h], s.S[seat, h + 1] = 0, len(cards)

    def on_top(self, seat, name, which=S.EVENTS):
        """Put an instance of ``name`` on top of seat's Events deck (or Repository)."""
        s = self.s
        i = self.take(seat, name)
        h = S.S_REPO_HEAD + 2 * which
        head, cnt, m = s.S[seat, h], s.S[seat, h + 1], s.decks.shape[2]
        cards = [i] + [s.decks[seat, which, (head + k) % m] for k in range(cnt)]
        s.decks[seat, which, :len(cards)] = cards
        s.S[seat, h], s.S[seat, h + 1] = 0, len(cards)
        s.I[i, S.F_ZONE] = S.Z_EVENTS if which == S.EVENTS else S.Z_REPO
        return i

    def to_hand(self, seat, name):
        """An instance of ``name`` into seat's hand."""
        i = self.take(seat, name)
        S.to_hand(self.s, self.t, seat, i)
        return i

    def hand(self, seat):
        I = self.s.I
        return [i for i in range(self.N) if I[i, S.F_ZONE] == S.Z_HAND and I[i, S.F_OWNER] == seat]

    def put(self, seat, name, loc, ctrl=None, inf_by=-1, entered=0):
        """Put a card into play at ``loc`` (controlled by ``ctrl``, default its owner
        for Servitors and Tethers, nobody for Humans)."""
        i = self.take(seat, name)
        ct = self.t.C[self.design(name), 0]
        S.enter_play(self.s, i, ct in (SERVITOR, HUMAN, ETHEREAL, ANIMAL))
        I = self.s.I
        I[i, S.F_LOC] = loc
        I[i, S.F_ENTERED] = entered
        I[i, S.F_CTRL] = (seat if ct != HUMAN else -1) if ctrl is None else ctrl
        I[i, S.F_INF_BY] = inf_by
        return i

    def soul(self, seat, name, realm_seat):
        """A Human already in a Superior's Realm (a Blessed or Damned Soul)."""
        i = self.take(seat, name)
        enter_realm(self.s, i, realm_seat)
        return i

    def clear_board(self):
        """Nothing in play: the Tethers dealt at setup go back out of play."""
        I = self.s.I
        for i in range(self.N):
            if I[i, S.F_ZONE] == S.Z_PLAY:
                I[i, S.F_ZONE] = S.Z_REMOVED
