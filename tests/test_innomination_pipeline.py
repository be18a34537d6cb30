"""Innomination through the whole pipeline (issue 28): the shipped pool's four
Standard decks load and pass their checks; a round robin runs, reports (with
the Nation matrix and the first naming, and never In Nomine's words), compares
and tunes; the causal test finds a card's worth against its blank; bad decks
and cards are refused in one line, with nothing stored touched."""
import json

import pytest
from cli import ROOT, balance, ok, one_line_error

from balance.rules.innomination.decks import load_pool

POOL = ROOT / "decks/innomination/prototype4.toml"
DECKS = ("Sectonia Swarm", "Vesuvion Vanguard", "Sectonia Hive Control", "Vesuvion Warband")


def experiment(tmp_path, games, seats, policies='"scripted"', cards=POOL, name="i"):
    path = tmp_path / f"{name}.toml"
    path.write_text(f'name = "{name}"\nruleset = "innomination"\nseed = 7\ngames = {games}\n[grid]\n'
                    f'cards = "{cards}"\nseats = {seats}\npolicies = {policies}\n')
    return path


def test_the_shipped_pool_holds_four_legal_standard_decks():
    """1a and 5: every deck is a Leader, 40-50 Main, 15 Source and 20 Named cards of its Nation or Neutral."""
    pool = load_pool(POOL)
    assert sorted(pool.deck_names) == sorted(DECKS)
    nations = set()
    for deck in pool.decks:
        leader = pool.cards[deck.leader]
        nations.add(leader.nation)
        assert 40 <= sum(deck.main.values()) <= 50 and sum(deck.source.values()) == 15
        assert sum(deck.named.values()) == 20
        assert all(pool.cards[c].nation in (leader.nation, "Neutral") for c in deck.cards())
    assert nations == {"Sectonia", "Vesuvion"}


def test_a_round_robin_runs_reports_compares_and_tunes(tmp_path):
    seats = json.dumps([[a, b] for i, a in enumerate(DECKS) for b in DECKS[i + 1:]])
    path = experiment(tmp_path, 8, seats)
    ok(balance("run", path, "--out", tmp_path / "run"))
    ok(balance("report", tmp_path / "run", "--out", tmp_path / "report"))
    page = (tmp_path / "report" / "index.html").read_text()
    summary = (tmp_path / "report" / "summary.md").read_text()
    assert "Head-to-head" in summary and "first naming" in page and "Aether" in page
    for word in ("Essence", "Humans", "essence", "humans"):
        assert word not in page and word not in summary
    small = experiment(tmp_path, 20, '[["Sectonia Swarm", "Vesuvion Vanguard"]]', name="c")
    proc = balance("compare", small, "--set", 'cost."Zerdian Hatchling" = 9', "--max-games", "40", "--batch", "20",
                   "--out", tmp_path / "cmp")
    assert proc.returncode in (0, 1, 3) and "Traceback" not in proc.stderr, proc.stderr
    assert "Sectonia Swarm vs Vesuvion Vanguard" in proc.stdout
    tuned = balance("tune", small, "--cards", "Zerdian Hatchling", "--budget", "160", "--confirm-games", "20",
                    "--out", tmp_path / "tune")
    assert "Traceback" not in tuned.stderr and (tmp_path / "tune" / "tune.json").is_file(), tuned.stderr
    assert "proposal: " in tuned.stdout


@pytest.mark.parametrize("card, verdict", [("Carrion Beetle", "CHANGED"), ("Hive Sentinel", "NO CHANGE")])
def test_compare_finds_a_planted_change_and_passes_a_placebo(tmp_path, card, verdict):
    """A planted effect: the Swarm's Carrion Beetle priced out of play (cost 12; measured, about -20 points of
    the Swarm's win rate); a placebo: Hive Sentinel, in neither deck, whose games are the same game for game."""
    path = experiment(tmp_path, 200, '[["Sectonia Swarm", "Vesuvion Vanguard"]]')
    proc = balance("compare", path, "--set", f'cost."{card}" = 12', "--fixed", "200", "--bound", "5",
                   "--out", tmp_path / "cmp")
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == (1 if verdict == "CHANGED" else 0), proc.stdout
    assert f": {verdict}" in proc.stdout


def test_impact_scores_each_card_against_its_blank(tmp_path):
    """balance impact: each chosen card of the Swarm blanked in its deck only (baselines.py), the
    other deck untouched, a row per card."""
    path = experiment(tmp_path, 20, '[["Sectonia Swarm", "Vesuvion Vanguard"]]')
    ok(balance("impact", path, "--deck", "Sectonia Swarm", "--cards", "Carrion Beetle", "Wither", "--games", "20",
               "--out", tmp_path / "impact"))
    table = (tmp_path / "impact" / "impact" / "Sectonia Swarm.csv").read_text()
    assert "Carrion Beetle" in table and "Wither" in table


BAD = [
    ('"Zerdian Hatchling" = 4', '"Zerdian Hatchling" = 5', ("main.Zerdian Hatchling", "5 copies", "at most 4")),
    ('"Pssspso, Praying Mantis" = 2', '"Pssspso, Praying Mantis" = 1', ("named", "19 cards", "20 cards")),
    ('keywords = ["DEATH"]', 'keywords = ["DEATHH"]', ("keywords", "DEATHH")),
    ('"TIMER(2)"', '"TIMER"', ("TIMER is missing its X",)),
    ('leader = "Brood Regent Kissith"', 'leader = "Field Marshal Vendrik"', ("a Sectonia card in a Vesuvion deck",)),
    ('"Praying Mantis" = 4', '"Hive Sentinel" = 4', ("named.Pssspso, Praying Mantis", "not in the Main Deck")),
]


@pytest.mark.parametrize("old, new, named", BAD)
def test_bad_decks_get_one_line_and_store_nothing(tmp_path, old, new, named):
    """Too many copies, a deck of the wrong size, an unknown keyword, a keyword
    missing its X, a Leader of another Nation in Standard, a named card naming
    a card not in the Main Deck: one line naming the file and field, exit 2; a
    run already stored is untouched."""
    text = POOL.read_text()
    assert old in text
    bad = tmp_path / "pool.toml"
    bad.write_text(text.replace(old, new, 1))
    one_line_error(balance("validate", "--ruleset", "innomination", bad), str(bad), *named)
    path = experiment(tmp_path, 4, '[["Sectonia Swarm", "Vesuvion Vanguard"]]', cards=bad)
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "kept.txt").write_text("stored")
    one_line_error(balance("run", path, "--out", tmp_path / "run"), str(bad))
    assert [p.name for p in (tmp_path / "run").iterdir()] == ["kept.txt"]


def test_the_command_line_plays_and_replays_a_game():
    ok(balance("simulate", "--ruleset", "innomination", "--games", "4", "--jobs", "1"))
    lines = ok(balance("replay", "--ruleset", "innomination", "--game", "0"))
    assert any("enters play" in line for line in lines)


def test_the_search_agent_plays_the_same_game_from_the_same_seed(tmp_path):
    """A search agent (one rollout per action, DESIGN §10) plays legal games that its seed decides
    (the conformance check plays random agents only)."""
    from balance.rules import get
    from balance.rules.conformance import digest
    budget = tmp_path / "quick.toml"
    budget.write_text('agent = "search"\n[budget]\nrollouts = 1\nsearched = ["main"]\nrollout_agent = "scripted"\n')
    rs = get("innomination")
    m = rs.prepare(str(POOL), ["Sectonia Swarm", "Vesuvion Vanguard"], [str(budget), "scripted"])
    first = rs.play_range(m, 3, 0, 2)
    assert digest(first) == digest(rs.play_range(m, 3, 0, 2))
    assert (first["rows"][:, rs.columns["winner"]] >= 0).all()


@pytest.mark.parametrize("text, named", [
    ('agent = "search"\n[budget]\nrollouts = 1\nsearched = ["block"]\nrollout_agent = "scripted"\n',
     ("budget.searched", "main")),
    ('agent = "scripted"\n[weights]\nsource = "lots"\n', ("weights.source", "a number")),
    ('agent = "scripted"\n[weights]\nsauce = 1\n', ("weights.sauce", "unknown field")),
])
def test_bad_agent_files_get_one_line(tmp_path, text, named):
    path = tmp_path / "agent.toml"
    path.write_text(text)
    exp = experiment(tmp_path, 4, '[["Sectonia Swarm", "Vesuvion Vanguard"]]', policies=f'"{path}"')
    one_line_error(balance("run", exp, "--out", tmp_path / "run"), str(path), *named)
