"""Building small positions by hand, for tests that the rulebook's text fixes.

A ``Board`` deals a real game of the starter decks (Belial in seat 0,
Gabriel in seat 1), then lets a test take named cards out of the decks and
put them where a rulebook passage says they are.
"""
import numpy as np

from balance.cards import compile_tables, load_deck
from balance.rules.innomine import state as S
from balance.rules.innomine.humans import enter_realm
from balance.rules.innomine.policy_files import load_policy
from balance.rules.innomine.setup import setup
from balance.rules.innomine.tables import pack
from balance.rules.innomine.vocabulary import HUMAN, ETHEREAL, SERVITOR

ROOT = S.__file__.rsplit("/balance/", 1)[0]
BELIAL, GABRIEL = 0, 1


class Board:
    def __init__(self, seed=1, turn=10):
        decks = [load_deck(f"{ROOT}/decks/belial.toml"), load_deck(f"{ROOT}/decks/gabriel.toml")]
        self.compiled = compile_tables(decks)
        self.t = pack(self.compiled.tables)
        w = np.stack([load_policy("influencer")] * 2)
        self.s = S.new_state(self.t, w, 100, trace_len=10_000)
        setup(self.s, self.t, seed, 0, 5, 200)
        self.s.g[S.G_TURN] = turn
        self.N = self.s.I.shape[0]

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

    def put(self, seat, name, loc, ctrl=None, inf_by=-1, entered=0):
        """Put a card into play at ``loc`` (controlled by ``ctrl``, default its owner
        for Servitors and Tethers, nobody for Humans)."""
        i = self.take(seat, name)
        ct = self.t.C[self.design(name), 0]
        S.enter_play(self.s, i, ct in (SERVITOR, HUMAN, ETHEREAL))
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
