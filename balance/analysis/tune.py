"""``balance tune``: propose card cost (or other numeric field) changes that
bring chosen matchups toward a target score for deck A (DESIGN §7, "Tune").

Budget: --budget games in SHARES equal shares, one for each search stage and
one for the finalists' re-evaluation; the confirmation plays --confirm-games
per matchup on top of it, for the baseline and for each finalist it confirms.
A budget whose shares cannot give every candidate of a stage's first round one
seed pair per matchup is bad input (``minimum_budget``).

Search: successive halving (a bandit that spends its games where they are
informative), in three stages: screen every allowed (card, field) by its
largest step each way; refine the best few cards over every step
-max_step..+max_step; then try pairs of the best single changes.  Every
candidate plays the same seeds, so candidates are ranked on common random
numbers.  Each round keeps the best third and gives them more games.
The objective is the mean distance of deck A's score from the target over
the matchups, plus a price on change: PRICE_CARD per changed card and
PRICE_STEP per unit changed, so a bigger or wider change must buy real
accuracy -- but the worst matchup's distance beyond half the tolerance counts
MISS_WEIGHT times over, so that no price keeps the search from a change that
lands within it in every matchup, as the confirmation asks.  Half, because the
confirmation's own games add noise (about 0.8 points at 4,000 games).

Finalists: a candidate that survives the halving was picked for scoring well
on the very games that ranked it, so its search estimate flatters it (the
winner's curse: one pair of changes had the objective 0.02 at 752 games and
0.28 at 3,012).  The best FINALISTS candidates of the last stage are played
again, the last share of the budget split evenly among them, on seeds the
search never used (root seed + FINAL_SEED_OFFSET), and the proposal is the best
of them on these unbiased estimates.

Confirmation: the finalists, best first, are played on fresh seeds (root seed
+ CONFIRM_SEED_OFFSET), each on the same seeds and against the baseline on
them, until one lands within target ± tolerance in every matchup: "reached".
If none does, the closest is reported as "not reached".  Deck A's score has a
pair-aware Wilson 95% interval (``intervals.pair_wilson``) and the difference
proposal - baseline a paired t-interval (``sprt.paired_difference``): the seed
pair (games 2k and 2k+1), never the game, is the unit of independence.

Several pairings: a matchup is a cell of the experiment, so a grid whose
``policies`` axis lists several agent pairings asks each deck pair and
setting under each pairing, and tune holds a proposal to every one of them:
the objective's MISS_WEIGHT falls on the worst, and "reached" needs deck A's
score within target ± tolerance under each.  The confirmation names each
matchup by its question and pairing (``compare.cell_names``) and says whether
it landed within the tolerance.

A game of more seats (Kamigami): deck A is entrant 0, whose score counts a
draw as one share in as many as there are players; without --target it aims
at that fair share; a seed's block of games is its seat-rotation block, and a
cell whose entrants are all alike is refused (``compare.check_askable``).
"""
from __future__ import annotations

import itertools
import math
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..fields import did_you_mean
from ..errors import InputError
from ..runner.experiment import load_experiment
from ..runner.run import play_winners, prepare_cell, prepare_cells
from .compare import Change, cell_names, check_askable, label
from .intervals import pair_wilson, percent, shown
from .sprt import game_scores, pair_scores, paired_difference

PRICE_CARD = 0.005      # half a win-rate point per changed card
PRICE_STEP = 0.002      # 0.2 points per unit of change
MISS_WEIGHT = 10        # a point beyond half the tolerance weighs as ten points of price
ETA = 3                 # successive halving keeps 1/ETA of the candidates each round
SHARES = 4              # the budget's shares: screening, refining, pairs, finalists
FINALISTS = 3           # re-evaluated on fresh seeds, then confirmed in turn (<= ETA: one round)
FINAL_SEED_OFFSET = 2_000_003
CONFIRM_SEED_OFFSET = 1_000_003
REACHED, NOT_REACHED = "reached", "not reached"


@dataclass(frozen=True)
class Candidate:
    """A set of changes: (card, field, new value) triples, sorted."""
    changes: tuple[tuple[str, str, int, int], ...] = ()     # (card, field, old, new)

    def overrides(self) -> dict:
        out: dict = {}
        for card, fname, _, new in self.changes:
            out.setdefault(card, {})[fname] = new
        return out

    @property
    def price(self) -> float:
        cards = len({c for c, *_ in self.changes})
        return PRICE_CARD * cards + PRICE_STEP * sum(abs(new - old) for _, _, old, new in self.changes)

    def describe(self) -> str:
        return "; ".join(f"{c} {f} {old} -> {new}" for c, f, old, new in self.changes) or "no change"

    def as_json(self) -> list[dict]:
        """The changes as written to tune.json."""
        return [dict(zip(("card", "field", "from", "to"), c)) for c in self.changes]

    def __add__(self, other: "Candidate") -> "Candidate":
        return Candidate(tuple(sorted(self.changes + other.changes)))


@dataclass
class Plan:
    """What may change and what counts; ``target`` None: each matchup's fair
    share, one win in as many as it has players (0.5 for two)."""
    target: float | None
    tolerance: float = 0.02                   # how near the target the confirmation must land
    cards: list[str] | None = None            # None: every card with an allowed field
    fields: tuple[str, ...] = ("cost",)
    max_step: int = 3
    budget: int = 60_000                      # games of the search and the finalists, all matchups
    confirm_games: int = 4_000                # per matchup and confirmation, on fresh seeds
    top_pairs: int = 4                        # best single changes combined in pairs

    def check(self) -> None:
        if self.target is not None and not 0 <= self.target <= 1:
            raise InputError(f"--target: {self.target:g}: must be a win rate from 0 to 1")
        if not 0 < self.tolerance <= 1:
            raise InputError(f"--tolerance: {self.tolerance:g}: "
                             "must be a win-rate difference above 0, at most 1")
        for name, v, low in (("--confirm-games", self.confirm_games, 2), ("--max-step", self.max_step, 1)):
            if v < low:
                raise InputError(f"{name}: {v}: must be >= {low}")


def tune(spec, plan: Plan, jobs: int = 1, log=print) -> dict:
    """Search, re-evaluate the finalists, confirm them in turn; returns the
    status, the proposal (the confirmed one, or the closest) and the scores."""
    plan.check()
    exp = load_experiment(spec)
    check_askable(exp)
    matchups = prepare_cells(exp, exp.cells)
    singles = single_changes(allowed_cards(exp, matchups, plan), plan)
    if not singles:
        raise InputError(f"{exp.source}: no card of the experiment has a field in {', '.join(plan.fields)}; "
                         f"allowed: --fields from {', '.join(tunable_fields(matchups))}")
    least = minimum_budget(singles, len(exp.cells), plan, block(exp.cells))
    if plan.budget < least:
        raise InputError(f"--budget: {plan.budget}: too small to give every candidate one seed pair per matchup; "
                         f"allowed: at least {least} games for these cards, fields and --max-step")
    search = Search(exp, exp.seed, jobs, log)
    ranked = search_stages(search, singles, plan)
    finals = Search(exp, exp.seed + FINAL_SEED_OFFSET, jobs, log)
    finalists = finals.halve("finalists on fresh seeds", ranked[:FINALISTS], plan.budget - search.spent, plan)
    tried = confirm_in_turn(Search(exp, exp.seed + CONFIRM_SEED_OFFSET, jobs, log), finalists, plan)
    best = min(tried, key=lambda t: t["miss"])
    return {"status": REACHED if best["reached"] else NOT_REACHED, "reached": best["reached"],
            "target": plan.target, "tolerance": plan.tolerance, "proposal": best["proposal"],
            "confirmation": best, "confirmations": tried,
            "finalists": [{"proposal": c, "search": search.estimate(c), "fresh": finals.estimate(c)}
                          for c in finalists],
            "games": {"budget": plan.budget, "search": search.spent, "finalists": finals.spent}}


def search_stages(search: "Search", singles: list[Candidate], plan: Plan) -> list[Candidate]:
    """Screening, refining and pairs, a share of the budget each (the pairs
    stage also what the others left); the last stage's candidates, best first."""
    share = plan.budget // SHARES
    screened = search.halve("screening", [Candidate()] + extremes(singles), share, plan)
    keep = {c.changes[0][:2] for c in distinct_cards([c for c in screened if c.changes], plan.top_pairs)}
    refined = search.halve("refining", [Candidate()] + [c for c in singles if c.changes[0][:2] in keep],
                           share, plan)
    best_singles = distinct_cards([c for c in refined if c.changes], plan.top_pairs)
    pairs = [a + b for a, b in itertools.combinations(best_singles, 2)]
    return search.halve("pairs", refined[:ETA] + pairs, plan.budget - share - search.spent, plan)


def block(cells: list) -> int:
    """Games of a seed's block in every cell at once: a seat-swapped pair, or
    the least common multiple of the cells' seat-rotation blocks."""
    return math.lcm(*(c.n_seats for c in cells))


def minimum_budget(singles: list[Candidate], cells: int, plan: Plan, unit: int = 2) -> int:
    """The smallest --budget whose every share gives each candidate of its
    stage's first round one seed block (``unit`` games) per matchup (the
    refining and pairs stages counted at their most candidates); later rounds
    then get more."""
    per_field = Counter(c.changes[0][:2] for c in singles)
    stages = (1 + len(extremes(singles)), 1 + sum(sorted(per_field.values())[-plan.top_pairs:]),
              ETA + math.comb(plan.top_pairs, 2), FINALISTS)
    return SHARES * max(unit * cells * n * rounds(n) for n in stages)


def rounds(candidates: int) -> int:
    """Rounds of successive halving: enough to cut ``candidates`` down to about one."""
    r = 1
    while ETA ** r < candidates:
        r += 1
    return r


def confirm_in_turn(confirm: "Search", finalists: list[Candidate], plan: Plan) -> list[dict]:
    """Confirm the finalists, best first, until one lands within the tolerance
    in every matchup; returns every confirmation played."""
    tried = []
    for cand in finalists:
        tried.append(confirm.confirm(cand, plan))
        verdict = "within" if tried[-1]["reached"] else "beyond"
        confirm.log(f"confirmation {len(tried)}: {cand.describe()}: {100 * tried[-1]['miss']:.1f} points "
                    f"from the target, {verdict} the tolerance")
        if tried[-1]["reached"]:
            break
    return tried


def within(miss: float, tolerance: float) -> bool:
    """``miss`` <= ``tolerance``, forgiving float rounding (0.52 - 0.5 > 0.02)."""
    return miss <= tolerance + 1e-9


def extremes(singles: list[Candidate]) -> list[Candidate]:
    """The largest step each way of every (card, field): the screening round."""
    out: dict = {}
    for c in singles:
        card, fname, old, new = c.changes[0]
        key = (card, fname, new > old)
        if key not in out or abs(new - old) > abs(out[key].changes[0][3] - old):
            out[key] = c
    return list(out.values())


def tunable_fields(matchups: list) -> list[str]:
    """Every numeric field some card of the matchups has (``Matchup.tunable``)."""
    return sorted({f for m in matchups for fields in m.tunable().values() for f in fields})


def allowed_cards(exp, matchups: list, plan: Plan) -> dict:
    """{card name: {field: (value, least)}} of the experiment's cards that the
    search may change, in the fields it may change."""
    fields = tunable_fields(matchups)
    for name in plan.fields:
        if name not in fields:
            raise InputError(f"--fields: {name!r}: not a numeric card field; allowed: {', '.join(fields)}")
    known = {name: f for m in matchups for name, f in m.tunable().items()}
    for name in plan.cards or ():
        if name not in known:
            raise InputError(f"--cards: {name!r}: not a card of the experiment's decks{did_you_mean(name, known)}; "
                             f"allowed: a card in {exp.source}'s decks")
    chosen = sorted(known) if plan.cards is None else plan.cards
    return {n: {f: known[n][f] for f in plan.fields if f in known[n]} for n in chosen}


def single_changes(cards: dict, plan: Plan) -> list[Candidate]:
    """One field of one card moved by 1..max_step either way, never below its
    least value (costs 0, hits and lifespans 1)."""
    return [Candidate(((name, fname, old, old + d),)) for name, fields in cards.items()
            for fname, (old, low) in fields.items()
            for d in range(-plan.max_step, plan.max_step + 1) if d and old + d >= low]


def distinct_cards(ranked: list[Candidate], k: int) -> list[Candidate]:
    """The best ``k`` candidates that change different cards."""
    out, seen = [], set()
    for c in ranked:
        names = {n for n, *_ in c.changes}
        if not names & seen:
            out.append(c)
            seen |= names
        if len(out) == k:
            break
    return out


class CommonSeeds:
    """Candidates played on the common seeds of one root seed: games 0..n-1 of
    each of a candidate's matchups, kept and extended.  What a candidate's
    matchups are, and their game's ``ruleset``, are the subclass's."""

    def __init__(self, seed, jobs, log):
        self.seed, self.jobs, self.log = seed, jobs, log
        self.games: dict = {}            # (candidate, matchup key) -> winners of games 0..n-1
        self.played: dict = {}           # candidate -> n
        self.spent = 0

    def matchups(self, cand) -> dict:
        """{(candidate, matchup key): Matchup}: what the candidate plays."""
        raise NotImplementedError

    def extend(self, cands: list, n: int) -> None:
        """Play each candidate's games up to n per matchup (the same seeds for all)."""
        by_start: dict = {}
        for c in cands:
            have = self.played.get(c, 0)
            if have < n:
                by_start.setdefault(have, {}).update(self.matchups(c))
        for start, jobs in by_start.items():
            for key, w in play_winners(self.ruleset, jobs, self.seed, start, n - start, self.jobs).items():
                self.games[key] = np.concatenate([self.games.get(key, np.empty(0, np.int64)), w])
                self.spent += len(w)
        for c in cands:
            self.played[c] = max(n, self.played.get(c, 0))


class Search(CommonSeeds):
    """Card changes played on the common seeds of one root seed, in every cell of the experiment."""

    def __init__(self, exp, seed, jobs, log):
        super().__init__(seed, jobs, log)
        self.exp = exp

    @property
    def ruleset(self):
        return self.exp.ruleset

    def matchups(self, cand: Candidate) -> dict:
        """{(candidate, cell): Matchup} with the candidate's changes applied."""
        change = Change(overrides=cand.overrides())
        return {(cand, c.index): prepare_cell(self.exp, change.apply(c, self.exp.ruleset)) for c in self.exp.cells}

    @cached_property
    def names(self) -> list[dict]:
        """Each cell's question and pairing (``compare.cell_names``)."""
        return cell_names(self.exp.cells, prepare_cells(self.exp, self.exp.cells), self.exp.ruleset)

    def seats(self, cell: int) -> int:
        return self.exp.cells[cell].n_seats

    def target(self, cell: int, plan: Plan) -> float:
        """The score a cell aims at: the plan's, or the cell's fair share."""
        return plan.target if plan.target is not None else 1 / self.seats(cell)

    def score(self, cand: Candidate, cell: int) -> float:
        """Deck A's (entrant 0's) mean score in the candidate's games of a cell."""
        return float(game_scores(self.games[(cand, cell)], self.seats(cell)).mean())

    def objective(self, cand: Candidate, plan: Plan) -> float:
        """Mean distance from the target over the matchups, the worst one's
        beyond half the tolerance weighed MISS_WEIGHT times over, plus the
        candidate's price."""
        misses = [abs(self.score(cand, c.index) - self.target(c.index, plan)) for c in self.exp.cells]
        return float(np.mean(misses)) + MISS_WEIGHT * max(0.0, max(misses) - plan.tolerance / 2) + cand.price

    def halve(self, stage: str, cands: list[Candidate], budget: int, plan: Plan) -> list[Candidate]:
        """Successive halving within ``budget`` games; returns every candidate,
        the last survivors first, each round's drop-outs after them, best first.
        Each round plays what is left of the budget over the rounds left, so
        what a round saves on games its candidates already had goes to the next."""
        cells, start = len(self.exp.cells), self.spent
        total = rounds(len(cands))
        alive, dropped, n = list(cands), [], 0
        for r in range(total):
            share = (budget - (self.spent - start)) // (total - r) // (len(alive) * cells)
            n += share - share % block(self.exp.cells)
            self.extend(alive, n)
            alive.sort(key=lambda c: (self.objective(c, plan), c.price, c.describe()))
            self.log(f"{stage}, round {r + 1}: {len(alive)} candidates at {n} games; best {alive[0].describe()} "
                     f"(objective {self.objective(alive[0], plan):.4f})")
            if r < total - 1:
                cut = max(1, math.ceil(len(alive) / ETA))
                alive, dropped = alive[:cut], alive[cut:] + dropped
        return alive + dropped

    def estimate(self, cand: Candidate) -> list[dict]:
        """Deck A's score per matchup in this search's games."""
        return [score_row(c.index, self.games[(cand, c.index)], self.seats(c.index)) for c in self.exp.cells]

    def confirm(self, cand: Candidate, plan: Plan) -> dict:
        """``cand`` and the baseline on --confirm-games of this search's seeds
        (the baseline's kept for the next): per matchup deck A's score and the
        paired difference proposal - baseline, and whether it landed within the
        tolerance; the largest miss of the target, and "reached" when every
        matchup (each pairing) landed within."""
        games = max(1, plan.confirm_games // block(self.exp.cells)) * block(self.exp.cells)
        self.extend([Candidate(), cand], games)
        cells = [self.versus_baseline(cand, c.index, plan) for c in self.exp.cells]
        miss = max(abs(row["proposal"]["score"] - row["target"]) for row in cells)
        return {"proposal": cand, "seed": self.seed, "games": games, "miss": miss,
                "reached": all(row["within"] for row in cells), "cells": cells}

    def versus_baseline(self, cand: Candidate, cell: int, plan: Plan) -> dict:
        """One matchup, named by its question and pairing: the scores of the
        baseline and ``cand``, their paired difference over seed pairs (a
        t-interval), and whether ``cand`` lands within the tolerance."""
        base, prop = self.games[(Candidate(), cell)], self.games[(cand, cell)]
        seats, target = self.seats(cell), self.target(cell, plan)
        mean, low, high, _ = paired_difference(pair_scores(prop, seats) - pair_scores(base, seats))
        proposal = score_row(cell, prop, seats)
        return {"cell": cell, **self.names[cell], "target": target, "baseline": score_row(cell, base, seats),
                "proposal": proposal,
                "difference": {"mean": mean, "low": low, "high": high, "pairs": len(base) // seats},
                "within": within(abs(proposal["score"] - target), plan.tolerance)}


def score_row(cell: int, winners: np.ndarray, seats: int = 2) -> dict:
    """Deck A's (entrant 0's) score (win 1, draw one share in ``seats``) with
    its Wilson 95% interval over seed pairs (rotation blocks), its win rate and draws."""
    blocks = pair_scores(winners, seats)
    score, low, high = pair_wilson(seats * blocks, np.full(len(blocks), seats))
    wins, draws, n = int((winners == 0).sum()), int((winners < 0).sum()), len(winners)
    return {"cell": cell, "games": n, "score": score, "low": low, "high": high, "win_rate": wins / n,
            "draws": draws}


def lines(result: dict, plan: Plan) -> list[str]:
    """Whether the target was reached, the proposal and its confirmation, as text."""
    conf = result["confirmation"]
    worst = max(conf["cells"], key=lambda row: abs(row["proposal"]["score"] - row["target"]))
    p = worst["proposal"]
    where = f" in {label(worst)}" if len(conf["cells"]) > 1 else ""
    word, verdict = ("REACHED: the", "within") if result["reached"] else ("NOT REACHED: closest", "beyond")
    head = (f"{word} proposal lands at {shown(p['score'], p['low'], p['high'])}{where}, "
            f"{100 * conf['miss']:.1f} points from the target {percent(worst['target'])}, "
            f"{verdict} the tolerance {100 * plan.tolerance:.1f}")
    out = [head, f"proposal: {result['proposal'].describe()}",
           f"confirmed {len(result['confirmations'])} of {len(result['finalists'])} finalists on fresh seeds "
           f"(root {conf['seed']}, {conf['games']} games per matchup each)"]
    for row in conf["cells"]:
        b, p, d = row["baseline"], row["proposal"], row["difference"]
        two = b["games"] == 2 * d["pairs"]
        out.append(f"{label(row)}: {'deck A' if two else 'entrant 0'}'s score: baseline "
                   f"{shown(b['score'], b['low'], b['high'])}, proposal {shown(p['score'], p['low'], p['high'])}, "
                   f"{'within' if row['within'] else 'beyond'} the tolerance; proposal - baseline "
                   f"{100 * d['mean']:+.1f} points (95% CI {100 * d['low']:+.1f} to {100 * d['high']:+.1f}, "
                   f"{d['pairs']} {'seed pairs' if two else 'seat-rotation blocks'})")
    return out
