"""``balance tune``: propose card cost (or other numeric field) changes that
bring chosen matchups toward a target score for deck A (DESIGN §7, "Tune").

Search: successive halving (a bandit that spends its games where they are
informative), in three stages of a third of the budget each: screen every
allowed (card, field) by its largest step each way; refine the best few
cards over every step -max_step..+max_step; then try pairs of the best single
changes.  Every candidate plays the same seeds, so candidates are ranked on
common random numbers.  Each round keeps the best third and gives them more
games.
The objective is the mean distance of deck A's score from the target, plus a
price on change: PRICE_CARD per changed card and PRICE_STEP per unit changed,
so a bigger or wider change must buy real accuracy -- but a distance beyond
half the tolerance counts MISS_WEIGHT times over, so that no price keeps the
search from a change that lands within it.  Half, because the confirmation's
own games add noise (about 0.8 points at 4,000 games).  The proposal is then
confirmed on fresh seeds, against the baseline on the same fresh seeds.
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from ..cards.compile import STAT_FIELDS, override_fields
from ..cards.schema import did_you_mean
from ..errors import InputError
from ..runner.experiment import load_experiment
from ..runner.run import play_winners, prepare_cell, prepare_cells
from .compare import Change
from .intervals import shown, wilson
from .sprt import game_scores

PRICE_CARD = 0.005      # half a win-rate point per changed card
PRICE_STEP = 0.002      # 0.2 points per unit of change
MISS_WEIGHT = 10        # a point beyond half the tolerance weighs as ten points of price
ETA = 3                 # successive halving keeps 1/ETA of the candidates each round
CONFIRM_SEED_OFFSET = 1_000_003
FIELDS = ("cost", "lifespan", *STAT_FIELDS)     # what overrides may change (compile.override_fields)


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

    def __add__(self, other: "Candidate") -> "Candidate":
        return Candidate(tuple(sorted(self.changes + other.changes)))


@dataclass
class Plan:
    """What may change and what counts."""
    target: float
    tolerance: float = 0.02                   # how near the target the confirmation should land
    cards: list[str] | None = None            # None: every card with an allowed field
    fields: tuple[str, ...] = ("cost",)
    max_step: int = 3
    budget: int = 60_000                      # games in the search, all candidates and matchups
    confirm_games: int = 4_000                # per matchup, on fresh seeds
    top_pairs: int = 4                        # best single changes combined in pairs

    def check(self) -> None:
        if not 0 <= self.target <= 1:
            raise InputError(f"--target: {self.target:g}: must be a win rate from 0 to 1")
        if not 0 < self.tolerance <= 1:
            raise InputError(f"--tolerance: {self.tolerance:g}: "
                             "must be a win-rate difference above 0, at most 1")
        for name in self.fields:
            if name not in FIELDS:
                raise InputError(f"--fields: {name!r}: not a numeric card field; allowed: {', '.join(FIELDS)}")
        for name, v, low in (("--budget", self.budget, 2), ("--confirm-games", self.confirm_games, 2),
                             ("--max-step", self.max_step, 1)):
            if v < low:
                raise InputError(f"{name}: {v}: must be >= {low}")


def tune(spec, plan: Plan, jobs: int = 1, log=print) -> dict:
    """Search, then confirm; returns the proposal and the before/after scores."""
    plan.check()
    exp = load_experiment(spec)
    cards = allowed_cards(exp, plan)
    singles = single_changes(cards, plan)
    if not singles:
        raise InputError(f"{exp.source}: no card of the experiment has a field in {', '.join(plan.fields)}; "
                         f"allowed: --fields from cost, lifespan, <realm>_attack, <realm>_hits")
    search = Search(exp, jobs, log)
    third = plan.budget // 3
    screened = search.halve([Candidate()] + extremes(singles), third, plan)
    keep = {c.changes[0][:2] for c in distinct_cards([c for c in screened if c.changes], plan.top_pairs)}
    refined = search.halve([Candidate()] + [c for c in singles if c.changes[0][:2] in keep], third, plan)
    best_singles = distinct_cards([c for c in refined if c.changes], plan.top_pairs)
    pairs = [a + b for a, b in itertools.combinations(best_singles, 2)]
    ranked = search.halve(refined[:ETA] + pairs, plan.budget - search.spent, plan)
    best = ranked[0]
    log(f"search: {search.spent} games; best {best.describe()}")
    return {"proposal": best, "search": search.estimate(best), "baseline_search": search.estimate(Candidate()),
            "confirmation": search.confirm(best, plan.confirm_games)}


def extremes(singles: list[Candidate]) -> list[Candidate]:
    """The largest step each way of every (card, field): the screening round."""
    out: dict = {}
    for c in singles:
        card, fname, old, new = c.changes[0]
        key = (card, fname, new > old)
        if key not in out or abs(new - old) > abs(out[key].changes[0][3] - old):
            out[key] = c
    return list(out.values())


def allowed_cards(exp, plan: Plan) -> dict:
    """{card name: Card} of the experiment's decks that the search may change."""
    decks = [d for m in prepare_cells(exp, exp.cells) for d in m.ab.decks]
    known = {name: card for d in decks for name, card in d.cards.items()}
    if plan.cards is None:
        return {n: c for n, c in sorted(known.items()) if set(plan.fields) & set(override_fields(c))}
    for name in plan.cards:
        if name not in known:
            raise InputError(f"--cards: {name!r}: not a card of the experiment's decks{did_you_mean(name, known)}; "
                             f"allowed: a card in {exp.source}'s decks")
    return {n: known[n] for n in plan.cards}


def single_changes(cards: dict, plan: Plan) -> list[Candidate]:
    """One field of one card moved by 1..max_step either way (costs stay >= 0, hits and lifespans >= 1)."""
    out = []
    for name, card in cards.items():
        for fname in plan.fields:
            if fname not in override_fields(card):
                continue
            old = current_value(card, fname)
            low = 0 if fname == "cost" or fname.endswith("_attack") else 1
            out += [Candidate(((name, fname, old, old + d),))
                    for d in range(-plan.max_step, plan.max_step + 1) if d and old + d >= low]
    return out


def current_value(card, fname: str) -> int:
    """A card's value of an overridable field, as written in its file."""
    if fname in ("cost", "lifespan"):
        return getattr(card, fname)
    realm, part = fname.split("_")
    index = ("celestial", "ethereal", "corporeal").index(realm)
    return card.stats[index][0 if part == "attack" else 1]


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


class Search:
    """Candidates played on common seeds; games are kept and extended."""

    def __init__(self, exp, jobs, log):
        self.exp, self.jobs, self.log = exp, jobs, log
        self.games: dict = {}            # (candidate, cell) -> winners of games 0..n-1
        self.spent = 0

    def matchups(self, cand: Candidate) -> dict:
        """{(candidate, cell): Matchup} with the candidate's changes applied."""
        change = Change(overrides=cand.overrides())
        return {(cand, c.index): prepare_cell(self.exp, change.apply(c)) for c in self.exp.cells}

    def extend(self, cands: list[Candidate], n: int) -> None:
        """Play each candidate's games up to n per matchup (the same seeds for all)."""
        by_start: dict = {}
        for c in cands:
            have = len(self.games.get((c, self.exp.cells[0].index), ()))
            if have < n:
                by_start.setdefault(have, {}).update(self.matchups(c))
        for start, jobs in by_start.items():
            for key, w in play_winners(jobs, self.exp.seed, start, n - start, self.jobs).items():
                self.games[key] = np.concatenate([self.games.get(key, np.empty(0, np.int64)), w])
                self.spent += len(w)

    def objective(self, cand: Candidate, plan: Plan) -> float:
        """Mean distance from the target, a miss beyond half the tolerance
        weighed MISS_WEIGHT times over, plus the candidate's price."""
        miss = float(np.mean([abs(game_scores(self.games[(cand, c.index)]).mean() - plan.target)
                              for c in self.exp.cells]))
        return miss + MISS_WEIGHT * max(0.0, miss - plan.tolerance / 2) + cand.price

    def halve(self, cands: list[Candidate], budget: int, plan: Plan) -> list[Candidate]:
        """Successive halving within ``budget`` games; returns every candidate,
        the last survivors first, each round's drop-outs after them, best first."""
        cells = len(self.exp.cells)
        rounds = max(1, math.ceil(math.log(len(cands), ETA)))
        alive, dropped, n = list(cands), [], 0
        for r in range(rounds):
            share = budget // rounds // (len(alive) * cells)
            n = max(n + 2, n + share - share % 2)
            self.extend(alive, n)
            alive.sort(key=lambda c: (self.objective(c, plan), c.price, c.describe()))
            self.log(f"round {r + 1}: {len(alive)} candidates at {n} games; best {alive[0].describe()} "
                     f"(objective {self.objective(alive[0], plan):.4f})")
            if r < rounds - 1:
                cut = max(1, math.ceil(len(alive) / ETA))
                alive, dropped = alive[:cut], alive[cut:] + dropped
        return alive + dropped

    def estimate(self, cand: Candidate) -> list[dict]:
        """Deck A's score per matchup in the search's games."""
        return [score_row(self.exp.cells[i].index, self.games[(cand, i)]) for i in range(len(self.exp.cells))]

    def confirm(self, cand: Candidate, games: int) -> list[dict]:
        """Baseline and proposal on fresh seeds: deck A's score with Wilson intervals."""
        seed = self.exp.seed + CONFIRM_SEED_OFFSET
        jobs = {**self.matchups(Candidate()), **self.matchups(cand)}
        w = play_winners(jobs, seed, 0, games, self.jobs)
        return [{"cell": c.index, "seed": seed, "baseline": score_row(c.index, w[(Candidate(), c.index)]),
                 "proposal": score_row(c.index, w[(cand, c.index)])} for c in self.exp.cells]


def score_row(cell: int, winners: np.ndarray) -> dict:
    """Deck A's score, win rate with its Wilson 95% interval, and draws."""
    wins, draws, n = int((winners == 0).sum()), int((winners < 0).sum()), len(winners)
    low, high = wilson(wins, n)
    return {"cell": cell, "games": n, "score": (wins + draws / 2) / n, "win_rate": wins / n,
            "low": low, "high": high, "draws": draws}


def lines(result: dict, plan: Plan) -> list[str]:
    """The proposal, the search's estimates and the confirmation, as text."""
    out = [f"proposal: {result['proposal'].describe()}",
           f"target: deck A's score {plan.target:.1%}"]
    for row in result["confirmation"]:
        b, p = row["baseline"], row["proposal"]
        out.append(f"cell {row['cell']}: confirmation on fresh seeds (root {row['seed']}, {p['games']} games): "
                   f"baseline win rate {shown(b['win_rate'], b['low'], b['high'])}, "
                   f"proposal {shown(p['win_rate'], p['low'], p['high'])}; "
                   f"score {b['score']:.1%} -> {p['score']:.1%}")
    return out
