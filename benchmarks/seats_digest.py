"""SHA-256 prefixes of the records of the games of more seats: Kamigami Battles
(dealt Gods: scripted, random, a search) and Solium Infernum's combats
(battles scripted and random, a Place of Power, a reading, duels random and
searched) and Innomination (scripted styles, random, four players, both readings).
benchmarks/records_digest.py is In Nomine's.

A change meant not to change games must leave every line unchanged.  Run it
on the tree before and after:

    .venv/bin/python benchmarks/seats_digest.py [ruleset ...]
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from balance.rules import get  # noqa: E402  (this tree's balance)
from balance.rules.conformance import digest  # noqa: E402

CASES = {
    "kamigami": [(["dealt"] * 4, ["scripted"] * 4, {}, 5, 400), (["dealt"] * 6, ["random"] * 6, {}, 5, 120),
                 (["dealt"] * 3, ["search", "scripted", "random"], {}, 5, 6)],
    "solium": [(["Iron Maidens", "Bloody Hands"], ["scripted"] * 2, {}, 7, 20000),
               (["Brass Lancers", "Gore Hounds"], ["scripted"] * 2, {"equal_damage_retreat": "defender"}, 7, 20000),
               (["Bloody Hands", "Tower of Dis"], ["scripted"] * 2, {}, 7, 20000),
               (["Pit Wyrms", "Shrieking Choir"], ["random"] * 2, {}, 7, 20000),
               (["Furfur", "Decarabia"], ["random"] * 2, {"luck_defends": "skull_shield_moves"}, 7, 20000),
               (["Marchosias bleeder", "Vapula sorcery"], ["scripted", "search"], {}, 7, 400)],
    "innomination": [(["Sectonia Swarm", "Vesuvion Vanguard"], ["scripted"] * 2, {}, 7, 200),
                     (["Sectonia Hive Control", "Vesuvion Warband"], ["aggressive", "scripted"],
                      {"cost_uses": "per_turn"}, 7, 100),
                     (["Sectonia Swarm", "Vesuvion Vanguard", "Sectonia Hive Control", "Vesuvion Warband"],
                      ["random"] * 4, {"quick_attacks": "always"}, 7, 40)],
}


def main():
    for name, cases in CASES.items():
        if len(sys.argv) > 1 and name not in sys.argv[1:]:
            continue
        rs = get(name)
        out = []
        for entrants, policies, readings, seed, games in cases:
            m = rs.prepare(rs.card_set, entrants, policies, None, readings)
            out.append(digest(rs.play_range(m, seed, 0, games))[:16])
        print(name, " ".join(out))


if __name__ == "__main__":
    main()
