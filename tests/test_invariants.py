"""Invariants of the engine, over random legal decks, agents (scripted, random
and search) and seeds (Hypothesis), checked after every turn of a game:
cards are conserved (every instance is in exactly one zone and the deck
buffers, hands and attachments agree with it), Essence is never negative,
every game ends, the same seed gives the same game (played again with every
scripted action looked up among the legal ones: agents.kinds.A_CHECK), and
the JIT on and off give identical records."""
import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from runs import planted_deck
from strategies import ROOT, deck_toml

from balance.rules.innomine.cards import compile_tables, load_deck
from balance.rules.innomine import state as S
from balance.rules.innomine import contested
from balance.rules.innomine.turn import next_turn
from balance.rules.innomine.matchup import play_range, prepare
from balance.agents.innomine.search import searched_turn
from balance.agents.kinds import A_CHECK
from balance.agents.innomine.policy_files import load_agent
from balance.rules.innomine.d666 import CLASSIC, D666
from balance.rules.innomine.invariants import check_turns
from balance.rules.innomine.setup import setup
from balance.rules.innomine.tables import pack
from balance.sim.structs import NoWrap

QUICK_SEARCH = str(ROOT / "tests/data/search_quick.toml")
ACTION_SEARCH = str(ROOT / "tests/data/search_actions.toml")
POLICIES = ["influencer", "warmonger", "tether_holder", "random", QUICK_SEARCH]


def play_checked(decks, pa, pb, seed, game, cap, variant, readings):
    """Play one game of ``decks`` turn by turn under the contested readings'
    bits ``readings`` (readings.pack), checking the invariants after each;
    then again with A_CHECK, where a scripted style must find each action it names
    among the rows the rules list (it raises if not), to the same end."""
    threshold = min(d.humans for d in decks)
    t = pack(compile_tables(decks).tables)
    agents = [load_agent(pa), load_agent(pb)]
    s, x, y = (S.new_state(t, np.stack([a.weights for a in agents]), (cap + 1) // 2,
                           agents=np.stack([a.row for a in agents])) for _ in range(3))
    searching = any(a.kind == "search" for a in agents)

    def turn():
        return searched_turn(s, x, y, t) if searching else next_turn(s, t)

    setup(s, t, seed, game, threshold, cap, variant, readings)
    check_turns(s, turn, cap)
    first = (s.I.copy(), s.S.copy(), s.curves.copy())
    s.agent[:, A_CHECK] = 1     # the same game, with every scripted action looked up among the legal ones
    setup(s, t, seed, game, threshold, cap, variant, readings)
    while turn():
        pass
    assert all(np.array_equal(a, b) for a, b in zip(first, (s.I, s.S, s.curves)))


# Any combination of the contested readings (docs/rules.md, "Readings"), each bit either way.
READINGS = st.integers(0, 2 ** len(contested.READINGS) - 1)


# No shrinking: each example plays a whole game, and shrinking one takes minutes;
# the failing example is printed as drawn.
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(gabriel=deck_toml("Gabriel"), belial=deck_toml("Belial"), pa=st.sampled_from(POLICIES),
       pb=st.sampled_from(POLICIES), seed=st.integers(0, 2**40), game=st.integers(0, 2**20),
       cap=st.integers(1, 150), readings=READINGS)
def test_every_turn_keeps_the_invariants(gabriel, belial, pa, pb, seed, game, cap, readings):
    with tempfile.TemporaryDirectory() as d:
        paths = [os.path.join(d, "g.toml"), os.path.join(d, "b.toml")]
        for path, text in zip(paths, (gabriel, belial)):
            with open(path, "w") as f:
                f.write(text)
        decks = [load_deck(p) for p in paths]
    play_checked(decks, pa, pb, seed, game, cap, CLASSIC, readings)


# The other four starter decks bring the Seraphim (Dominic) and Lilim (Nybbas) into
# play, which Gabriel's and Belial's cards do not, and their Superiors' sheets;
# Saminga's deck with Grave Tenant (tests/data/hosts.toml), a Shedite his sheet
# lets "stay in a dying host"; both ways of rolling.
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(heaven=st.sampled_from(["dominic", "michael"]), hell=st.sampled_from(["nybbas", "saminga"]),
       pa=st.sampled_from(POLICIES), pb=st.sampled_from(POLICIES), seed=st.integers(0, 2**40),
       game=st.integers(0, 2**20), cap=st.integers(1, 150), variant=st.sampled_from([CLASSIC, D666]),
       readings=READINGS)
def test_the_other_starter_decks_keep_the_invariants(heaven, hell, pa, pb, seed, game, cap, variant, readings):
    with tempfile.TemporaryDirectory() as d:
        paths = [ROOT / f"decks/{heaven}.toml", ROOT / f"decks/{hell}.toml"]
        if hell == "saminga":
            paths[1] = planted_deck(Path(d), {"Grave Tenant": 2}, deck="saminga", data="hosts.toml")
        decks = [load_deck(p) for p in paths]
    play_checked(decks, pa, pb, seed, game, cap, variant, readings)


def _records_digest(rec):
    h = hashlib.sha256()
    for k in sorted(rec):
        h.update(np.ascontiguousarray(rec[k]).tobytes())
    return h.hexdigest()


SCRIPT = """
import sys
sys.path.insert(0, {tests!r})
from balance.rules.innomine.matchup import play_range, prepare
from test_invariants import _records_digest
m = prepare({a!r}, {b!r}, {pa!r}, {pb!r}, 4, turn_cap={cap})
print(_records_digest(play_range(m, 11, 0, 4)))
"""


@pytest.mark.parametrize("pa,pb,cap", [("warmonger", "influencer", 200), (QUICK_SEARCH, "random", 16),
                                       (ACTION_SEARCH, "random", 6)])
def test_jit_on_and_off_give_identical_records(pa, pb, cap):
    a, b = str(ROOT / "decks/gabriel.toml"), str(ROOT / "decks/belial.toml")
    jit = _records_digest(play_range(prepare(a, b, pa, pb, 4, turn_cap=cap), 11, 0, 4))
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    script = SCRIPT.format(tests=str(ROOT / "tests"), a=a, b=b, pa=pa, pb=pb, cap=cap)
    out = subprocess.run([sys.executable, "-c", script],
                         env=env, capture_output=True, text=True, timeout=900, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == jit


def test_with_the_jit_off_the_kernels_arrays_refuse_a_negative_index():
    """The compiled kernel indexes its arrays without wraparound
    (balance/sim/structs.py), so their plain-Python twins refuse a negative
    index, which it would misread: the JIT-off games above run under this check."""
    a = np.arange(6).reshape(2, 3).view(NoWrap)
    assert a[1, 2] == 5 and list(a[1, 1:]) == [4, 5] and list(a[1]) == [3, 4, 5]
    a[0, 0] = 7
    for index in ((-1, 0), (0, -1), -1):
        with pytest.raises(IndexError):
            a[index]
        with pytest.raises(IndexError):
            a[index] = 0
    assert a[0, 0] == 7 and a.sum() == 7 + 1 + 2 + 3 + 4 + 5
