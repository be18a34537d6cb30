"""Where a game's time goes, phase by phase, in CPU cycles (Gabriel vs Belial, threshold 5).

The kernel is numba-compiled and this machine has no hardware counters, so perf gives only a flat
profile of the functions LLVM did not inline.  This script reads cycle counters that
benchmarks/phase_profile.patch adds around the turn's phases, the parts of an action's choice, the
kinds of action done, the combat round's steps and End Turn's rules.  The patch is for measuring
only; never merge it.  From a clean checkout:

    git apply benchmarks/phase_profile.patch
    NUMBA_CACHE_DIR=/tmp/phase_cache .venv/bin/python benchmarks/phase_profile.py 8000
    git checkout balance && rm balance/rules/innomine/prof.py

Each counter costs a few cycles, so the total is a little above an unpatched kernel's.
"""
import sys
import time

from balance.rules.innomine.game import R_TURNS, record_arrays, simulate_pairs
from balance.rules.innomine.matchup import prepare

BASE = 18          # the counters live in State.g after the game scalars
TURN = ["start_turn", "draw", "gain", "age", "dissonance", "acts", "actions", "end_turn", "setup"]
CHOICE = {10: "rivals, free move and attack, every action offered", 11: "Wait scored (riders)",
          12: "attach (riders)", 13: "Influence", 14: "Choir resonances", 15: "attack", 16: "abilities",
          17: "moves", 18: "fledging, Ofanite, the chosen row found", 19: "doing the action"}
END = ("wait rites, first aid, location damage, Tether theft, 0-Hit checks, neglect, oaths, "
       "damage counters, ethereal, Tether calm, turns Influenced, dreamers, Seraphim, short Influence, "
       "discard").split(", ")
KINDS = ("wait resonate steal attack ability move attune de-attune protect view tear fledge attach "
         "go-home").split()
ROUND = {65: "round start (ward, Essence, engage)", 66: "order", 67: "Combat Acts", 68: "declarations",
         69: "resolutions", 70: "round end", 71: "gathering the sides", 73: "after the combat"}


def main(n):
    m = prepare("decks/gabriel.toml", "decks/belial.toml")
    sab, kab, sba, kba = m.kernel_args()

    def play(first, count):
        rows, gain, spent, masks = record_arrays(count, 2, m.own_turns)
        simulate_pairs(sab, kab, sba, kba, 1, first, count, m.threshold, m.turn_cap, m.variant,
                       m.readings, rows, gain, spent, masks)
        return rows

    play(0, 20)                                   # compile
    sab.g[BASE:] = 0
    sba.g[BASE:] = 0
    t0 = time.process_time()
    rows = play(0, n)
    dt = time.process_time() - t0
    g = sab.g[BASE:] + sba.g[BASE:]
    total = g[:9].sum()

    def line(name, k):
        print(f"  {name:42s} {100 * g[k] / total:5.1f}%  {g[k] / n:10,.0f} cycles/game")

    print(f"{n} games: {n / dt:,.0f} games per CPU second, {rows[:, R_TURNS].mean():.1f} turns, "
          f"{g[35] / n:.1f} actions chosen, {total / n:,.0f} cycles per game")
    for title, names in (("turn phases", dict(enumerate(TURN))), ("choosing and doing an action", CHOICE),
                         ("End Turn", {20 + k: name for k, name in enumerate(END)}), ("combat", ROUND)):
        print(title)
        for k, name in names.items():
            line(name, k)
    print(f"  {g[64] / max(1, g[36 + 3]):.2f} rounds a combat, "
          f"{g[72] / max(1, g[64]):.2f} declarations a round")
    print("actions done: how many a game, cycles each")
    for k, name in enumerate(KINDS):
        if g[36 + k]:
            print(f"  {name:12s} {g[36 + k] / n:6.1f}  {g[50 + k] / g[36 + k]:8,.0f}")
    a = g[35]
    print(f"per action chosen: {g[74] / a:.1f} rivals, {g[76] / a:.1f} of them in the actor's realm, "
          f"{g[77] / a:.1f} attackable; {g[75] / a:.1f} Beings listed in play; "
          f"actor a Human {100 * g[79] / a:.0f}%")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
