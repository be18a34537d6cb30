"""Shared Hypothesis strategies: random legal decks built from the card library."""
import atexit
import shutil
import tempfile
import tomllib
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
BASES = {"Gabriel": ROOT / "decks/gabriel.toml", "Belial": ROOT / "decks/belial.toml"}
# The card library, and the Objects and Ranks (tests/data/objects.toml), the
# Ethereals, Animals and Marches cards (tests/data/marches.toml), the
# Kyriotates and Shedim (tests/data/hosts.toml), the Malakim with oaths
# (tests/data/oaths.toml), the Bright Lilim, Redemption and Lilim
# (tests/data/redemption.toml) and the Speed Skill and Attack and Defense Acts
# (tests/data/combat.toml) no starter deck holds, so that random decks put
# every mechanic in play.
DATA = [ROOT / "tests/data/objects.toml", ROOT / "tests/data/marches.toml", ROOT / "tests/data/hosts.toml",
        ROOT / "tests/data/oaths.toml", ROOT / "tests/data/redemption.toml", ROOT / "tests/data/combat.toml"]
LIBRARY = Path(tempfile.mkdtemp(prefix="balance-library-"))
atexit.register(shutil.rmtree, LIBRARY, True)
for f in [*(ROOT / "decks/cards").glob("*.toml"), *DATA]:
    shutil.copy(f, LIBRARY / f.name)
_CARDS = {}
for f in LIBRARY.glob("*.toml"):
    for c in tomllib.loads(f.read_text())["card"]:
        _CARDS[c["name"]] = c
_SIDE = {"Gabriel": "heaven", "Belial": "hell"}
_DATA_CARDS = [c for f in DATA for c in tomllib.loads(f.read_text())["card"]]
EXTRA = {sup: sorted(c["name"] for c in _DATA_CARDS if "cost" in c and c.get("superiors", [sup]) == [sup])
         for sup in _SIDE}
EXTRA_EVENTS = sorted(c["name"] for c in _DATA_CARDS if "cost" not in c)
MAX_DISTINCT = 64     # balance.rules.innomine.cards.load: a deck's distinct cards are bits of one int64


def _kind(name):
    c = _CARDS[name]
    return c["type"], c.get("kind")


@st.composite
def deck_toml(draw, superior):
    """A legal deck for ``superior``: a random selection of its starter deck's
    cards and of the test Objects and Ranks it may use (0-3 copies), the test
    Ethereals, Animals and Marches cards (0-2 copies), at least 7 Repository
    cards, a Tether, some Humans, as many Divine as Infernal Interventions, and
    no more distinct cards than a deck may hold."""
    base = tomllib.loads(BASES[superior].read_text())
    repo = {n: draw(st.integers(0, 3)) for n in sorted(base["repository"]) + EXTRA[superior]}
    while sum(repo.values()) < 7:
        repo[draw(st.sampled_from(sorted(repo)))] += 1
    events = {}
    for n in sorted(base["events"]):
        t, k = _kind(n)
        if t != "intervention":
            events[n] = draw(st.integers(0, 2))
    tethers = [n for n in events if _kind(n)[0] == "tether"]
    humans = [n for n in events if _kind(n)[0] == "human"]
    events[tethers[0]] = max(1, events[tethers[0]])
    for n in humans[:3]:
        events[n] = max(1, events[n])
    for n in EXTRA_EVENTS:
        events[n] = draw(st.integers(0, 2))
    pairs = draw(st.integers(0, 2))
    distinct = sum(c > 0 for c in [*repo.values(), *events.values()]) + (2 if pairs else 0)
    for n in sorted(base["repository"], key=lambda n: -repo[n]):   # the base deck gives way
        if distinct <= MAX_DISTINCT:
            break
        if repo[n] > 0 and sum(repo.values()) - repo[n] >= 7:
            repo[n], distinct = 0, distinct - 1
    if pairs:
        events["Divine Intervention"] = pairs
        events["Infernal Intervention"] = pairs
    lines = [f'name = "random {superior}"', f'superior = "{superior}"',
             f'library = "{LIBRARY}"', f'sheets = "{ROOT / "decks/superiors.toml"}"', "[repository]"]
    lines += [f'"{n}" = {c}' for n, c in repo.items() if c > 0]
    lines += ["[events]"] + [f'"{n}" = {c}' for n, c in events.items() if c > 0]
    return "\n".join(lines) + "\n"
