"""``balance compare``: a baseline and a candidate played on the same seeds,
matchup by matchup, until a sequential test says whether the candidate moved
deck A's score by the bound (or a fixed number of games is played).

A matchup is one cell of the baseline's grid: a *question* (entrant 0 -- deck
A -- against the others, with the cell's game parameters and rule variant when
they are not the ruleset's defaults, and its overrides' label when it has one)
asked under *conditions*: the agent pairing ("A's agent vs B's agent", from the
cell's policies) and the contested readings (``CONDITIONS``).  An
experiment whose grid has several pairings asks each question under each,
and the table has one row per question and pairing, named in the columns
``question`` and ``pairing``; ``by_question`` says per question under which
pairings it changed.

Each matchup ends "changed", "no change" or "inconclusive" (see ``sprt``).
The multiplicity of the m matchups of a run (every question under every
pairing) is handled in both modes, so that a run in which nothing changed
calls some matchup "changed" with probability at most alpha: the sequential
test runs each matchup at alpha/m (Bonferroni; its "changed" means it
accepted a shift of +-bound over none), and with ``--fixed`` "changed" needs
the change shown beyond the bound by the 1 - alpha/m interval.  "no change"
needs no adjustment: the run's "no change" needs every matchup's, so by the
intersection-union principle it is wrong with probability at most beta
(sequential, when some matchup moved by the bound) or alpha (``--fixed``,
TOST: equivalence within the bound shown).  An inconclusive matchup carries
the games per side a fixed-N decision would need (``sprt.games_needed``, with
the same m).  Exit codes: 0 = every matchup "no change", 1 = at least one
"changed", 3 = none changed but at least one "inconclusive" (2 = bad input,
raised as ``InputError``).

The candidate is a second experiment file with the same cells in the same
order, or the baseline with changes (card overrides, a rule variant, a policy)
applied to every cell; either way a row is named by the baseline's cell.  Both
play the baseline's root seed: game g of a matchup sees the same shuffles and
dice in both, so each seed pair's difference isolates the change (see
``sprt``).
"""
from __future__ import annotations

import dataclasses
import math
import tomllib
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from ..fields import Site, want_name
from ..errors import InputError
from ..rules.ruleset import Ruleset, departures, pack
from ..runner.experiment import Cell, Experiment, load_experiment, override_set
from ..runner.run import play_winners, prepare_cells
from ..runner.store import reading_label
from .sprt import (CHANGED, NO_CHANGE, UNDECIDED, Bounds, Sequential, fixed_test, games_needed, pair_scores,
                   paired_difference)


@dataclass
class Change:
    """What the candidate changes in every baseline cell (all optional)."""
    overrides: dict = field(default_factory=dict)     # {card: {field: value}}
    variant: str | None = None
    policy_a: str | None = None
    policy_b: str | None = None
    readings: dict = field(default_factory=dict)   # {reading: value}

    def check(self, ruleset: Ruleset) -> None:
        """Raise InputError if the variant or a reading is not the ruleset's."""
        if self.variant is not None:
            want_name(Site("--variant", "candidate"), {"variant": self.variant}, "variant", ruleset.variants)
        pack(ruleset.readings, self.readings)

    def apply(self, cell: Cell, ruleset: Ruleset) -> Cell:
        """``cell`` (of a game of ``ruleset``) with the change made: ``policy_a``
        is entrant 0's (deck A's) and ``policy_b`` every other's (deck B's)."""
        merged = {card: {**cell.overrides.get(card, {}), **fields} for card, fields in self.overrides.items()}
        first, rest = cell.policies[0], cell.policies[1:]
        return dataclasses.replace(
            cell, overrides={**cell.overrides, **merged}, variant=self.variant or cell.variant,
            policies=(self.policy_a or first, *(self.policy_b or p for p in rest)),
            readings=departures(ruleset.readings, {**cell.readings, **self.readings}))

    def describe(self) -> str:
        parts = [f"{card} {f} {v}" for card, fs in self.overrides.items() for f, v in fs.items()]
        parts += [f"{k.replace('_', ' ')} {v}" for k, v in (("variant", self.variant), ("policy_a", self.policy_a),
                                                             ("policy_b", self.policy_b)) if v]
        parts += [f"reading {k}={v}" for k, v in self.readings.items()]
        return ", ".join(parts) or "no change"

    def __bool__(self) -> bool:
        return bool(self.overrides or self.variant or self.policy_a or self.policy_b or self.readings)


@dataclass(frozen=True)
class Settings:
    bound: float = 0.02            # score points (0.02 = 2 win-rate points)
    alpha: float = 0.05
    beta: float = 0.05             # the sequential test's miss rate at the bound (unused with fixed)
    max_games: int = 40_000        # per matchup and side
    batch: int = 1_000             # games per matchup and side between two looks
    fixed: int | None = None       # play exactly this many games instead of testing sequentially

    def check(self) -> None:
        if not 0 < self.bound < 1:
            raise InputError(f"--bound: {self.bound * 100:g}: must be above 0 and below 100 (win-rate points)")
        for name, v in (("--alpha", self.alpha), ("--beta", self.beta)):
            if not 0 < v < 1:
                raise InputError(f"{name}: {v:g}: must be strictly between 0 and 1")
        if self.fixed and self.alpha >= 0.5:
            raise InputError(f"--alpha: {self.alpha:g}: must be below 0.5 with --fixed "
                             f"(no change is shown by the 1 - 2 alpha interval)")
        for name, v in (("--max-games", self.max_games), ("--batch", self.batch), ("--fixed", self.fixed)):
            if v is not None and v < 2:
                raise InputError(f"{name}: {v}: must be a number of games >= 2 (whole seat-swapped pairs, or "
                                 f"seat-rotation blocks)")

    def limits(self, m: int) -> Bounds:
        """The sequential test's stopping bounds for each of a run's m matchups:
        alpha/m each (Bonferroni), so that a false "changed" anywhere in the run
        has probability at most alpha; beta stays each matchup's own."""
        return Bounds.of(self.alpha / m, self.beta)


def pairing(cell: Cell) -> str:
    """The agents a cell's entrants play with: "A's vs B's", or one per seat."""
    return " vs ".join(cell.policies)


# What a question is asked under: each a table column, with its text for a cell.
CONDITIONS = {"pairing": pairing, "reading": lambda cell: reading_label(cell.readings)}


def question(cell: Cell, matchup, ruleset: Ruleset) -> str:
    """What a cell asks, whatever its conditions: entrant 0 against the others
    (``matchup.names``: deck A vs deck B), with the parameters and the rule
    variant where they are not the ruleset's defaults, and the overrides'
    label when there is one."""
    defaults = {p.name: p.default for p in ruleset.parameters}
    first, *others = matchup.names
    parts = [f"{first} vs {others[0]}" if len(others) == 1 else f"{first} against {', '.join(others)}"]
    parts += [f"{k} {v}" for k, v in cell.params.items() if v != defaults[k]]
    parts += [f"{cell.variant} rules"] if cell.variant != ruleset.variants[0] else []
    parts += [cell.label] if cell.label != "baseline" else []
    return ", ".join(parts)


def cell_names(cells: list[Cell], matchups: list, ruleset: Ruleset) -> list[dict]:
    """Each cell's question and conditions (``CONDITIONS``), as table columns."""
    return [{"question": question(c, m, ruleset), **{k: text(c) for k, text in CONDITIONS.items()}}
            for c, m in zip(cells, matchups)]


def check_askable(exp: Experiment) -> None:
    """Refuse a cell whose entrants are all alike (a mirror of one deck and
    agent, or one God and agent on every seat): entrant 0's score is its fair
    share by construction, whatever the change."""
    for c in exp.cells:
        if len(set(zip(c.entrants, c.policies))) == 1:
            raise InputError(f"{exp.source}: grid cell {c.index}: every entrant is {c.entrants[0]} "
                             f"({c.policies[0]}): compare asks whether entrant 0's score moved, and among alike "
                             f"entrants it cannot; allowed: cells whose first entrant differs from the others "
                             f"(its deck or God, or its policy)")


def under(row: dict) -> str:
    """The conditions a row's question was asked under, in words."""
    return " / ".join(row[k] for k in CONDITIONS)


def label(row: dict) -> str:
    """A row's name: its question under its conditions."""
    return f"{row['question']}, under {under(row)}"


@dataclass
class Matchups:
    """The baseline and candidate cells, compiled, side by side, with the
    baseline cells' names (``cell_names``)."""
    exp: Experiment
    names: list[dict]
    sides: list[tuple]          # (baseline's matchup, candidate's) per cell


def pair_up(baseline, candidate=None, change: Change | None = None) -> Matchups:
    """Load both sides; a candidate file must have as many cells as the baseline."""
    base = load_experiment(baseline)
    change = change or Change()
    change.check(base.ruleset)
    if candidate is None and not change:
        raise InputError("compare: no candidate; allowed: a CANDIDATE experiment file, or changes "
                         "(--set, --variant, --policy-a, --policy-b, --reading) applied to the baseline")
    if candidate is not None:
        cand = load_experiment(candidate)
        if cand.seed != base.seed:
            raise InputError(f"{cand.source}: seed: {cand.seed} differs from the baseline's {base.seed} in "
                             f"{base.source}; allowed: {base.seed}, the baseline's seed (compare plays both sides "
                             f"on the baseline's seeds)")
        if cand.ruleset != base.ruleset:
            raise InputError(f"{cand.source}: ruleset: {cand.ruleset.name!r} differs from the baseline's "
                             f"{base.ruleset.name!r} in {base.source}; allowed: {base.ruleset.name!r}, the same game")
        if len(cand.cells) != len(base.cells):
            raise InputError(f"{cand.source}: grid: mismatched experiments: {len(cand.cells)} cells against the "
                             f"baseline's {len(base.cells)} in {base.source}; allowed: the same grid shape, "
                             f"cell for cell")
        cand_cells = [change.apply(c, cand.ruleset) for c in cand.cells]
    else:
        cand = base
        cand_cells = [change.apply(c, base.ruleset) for c in base.cells]
    check_askable(base)
    sides = list(zip(prepare_cells(base, base.cells), prepare_cells(cand, cand_cells, "--set or grid.overrides")))
    return Matchups(base, cell_names(base.cells, [b for b, _ in sides], base.ruleset), sides)


def compare(baseline, candidate=None, change: Change | None = None, settings: Settings = Settings(),
            jobs: int = 1, progress=None) -> pl.DataFrame:
    """The comparison table: one row per matchup (see ``table``)."""
    settings.check()
    pairs = pair_up(baseline, candidate, change)
    n = len(pairs.sides)
    games = {(i, s): np.empty(0, np.int64) for i in range(n) for s in (0, 1)}
    tests = [Sequential(settings.bound, settings.limits(n)) for _ in range(n)]
    block = math.lcm(*(b.n_seats for b, _ in pairs.sides))
    if settings.fixed and settings.fixed % block:
        raise InputError(f"--fixed: {settings.fixed}: not a whole number of seat blocks; allowed: a multiple of "
                         f"{block} (every matchup's games come in seat-swapped pairs or rotation blocks)")
    limit = settings.fixed or max(block, settings.max_games // block * block)
    step = settings.fixed or max(block, settings.batch // block * block)
    played = 0
    while played < limit:
        todo = list(range(n)) if settings.fixed else [i for i in range(n) if tests[i].verdict == UNDECIDED]
        if not todo:
            break
        k = min(step, limit - played)
        sides = {(i, side): pairs.sides[i][side] for i in todo for side in (0, 1)}
        for key, w in play_winners(pairs.exp.ruleset, sides, pairs.exp.seed, played, k, jobs).items():
            games[key] = np.concatenate([games[key], w])
        played += k
        if not settings.fixed:
            for i in todo:
                tests[i].update(differences(games, i, pairs.sides[i][0].n_seats))
        if progress:
            progress(played, sum(t.verdict == UNDECIDED for t in tests))
    return table(pairs, games, tests, settings)


def differences(games: dict, i: int, seats: int = 2) -> np.ndarray:
    """Candidate minus baseline score of deck A (entrant 0), per seed pair or block."""
    return pair_scores(games[(i, 1)], seats) - pair_scores(games[(i, 0)], seats)


def table(pairs: Matchups, games: dict, tests: list[Sequential], settings: Settings) -> pl.DataFrame:
    """Per matchup, named by its question and conditions (``cell_names``):
    deck A's score on each side, the paired difference with its 95% interval
    and p-value, the evidence behind the verdict (the LLR, or with ``--fixed``
    the equivalence and change intervals), the games used, the verdict and,
    when inconclusive, the games per side needed."""
    m = len(pairs.names)
    rows = []
    for i, name in enumerate(pairs.names):
        seats = pairs.sides[i][0].n_seats
        d = differences(games, i, seats)
        mean, low, high, p = paired_difference(d)
        row = name | {"games": len(games[(i, 0)]),
                      "baseline": float(pair_scores(games[(i, 0)], seats).mean()),
                      "candidate": float(pair_scores(games[(i, 1)], seats).mean()),
                      "difference": mean, "low": low, "high": high, "p": p}
        if settings.fixed:
            test = fixed_test(d, settings.bound, settings.alpha, m)
            row |= {"equivalence_low": test.equivalence[0], "equivalence_high": test.equivalence[1],
                    "change_low": test.change[0], "change_high": test.change[1], "verdict": test.verdict}
        else:
            row |= {"llr": tests[i].llr, "verdict": tests[i].verdict}
        row["games_needed"] = (games_needed(d, settings.bound, settings.alpha, m)
                               if row["verdict"] == UNDECIDED else None)
        rows.append(row)
    return pl.DataFrame(rows, schema_overrides={"games_needed": pl.Int64})


def parse_set(texts: list[str]) -> dict:
    """``--set`` options, each a TOML line as in an experiment's overrides
    (``cost."Therkax" = 7``), merged into {card: {field: value}}."""
    merged: dict = {}
    for text in texts:
        try:
            table = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise InputError(f"--set: {text!r}: not a TOML assignment ({e}); allowed: e.g. cost.\"Therkax\" = 7") from None
        for card, fields in override_set(Site("--set", "candidate"), table)[1].items():
            merged.setdefault(card, {}).update(fields)
    return merged


def exit_code(result: pl.DataFrame) -> int:
    """0 when every matchup was shown unchanged; 1 when one changed; 3 when none
    changed but one is inconclusive (a gate fails closed, and says why)."""
    verdicts = set(result["verdict"])
    return 1 if CHANGED in verdicts else 3 if UNDECIDED in verdicts else 0


def needed(games: int | None) -> str:
    """An inconclusive matchup's games-needed estimate (``sprt.games_needed``: a
    fixed-N test's, in either mode), in words."""
    if games is None:
        return "estimate on the bound: cannot be decided at any practical size"
    return f"about {games:,} games per side would decide (--fixed {games})"


def evidence(r: dict, settings: Settings, m: int) -> str:
    """What the verdict rests on: the LLR, or the two intervals of the fixed-N test."""
    if not settings.fixed:
        return f"LLR {r['llr']:+.2f}"
    return (f"equivalence {100 * (1 - 2 * settings.alpha):.4g}% CI {r['equivalence_low'] * 100:+.2f} to "
            f"{r['equivalence_high'] * 100:+.2f}, change {100 * (1 - settings.alpha / m):.4g}% CI "
            f"{r['change_low'] * 100:+.2f} to {r['change_high'] * 100:+.2f}")


def overall(result: pl.DataFrame) -> str:
    """The overall verdict line: which matchups changed, which are inconclusive and what they need."""
    rows = list(result.iter_rows(named=True))
    changed = [label(r) for r in rows if r["verdict"] == CHANGED]
    undecided = [f"{label(r)}: {needed(r['games_needed'])}" for r in rows if r["verdict"] == UNDECIDED]
    if not changed and not undecided:
        return f"verdict: NO CHANGE in all {result.height} matchup(s)"
    parts = [f"{word} in {len(found)} of {result.height} matchup(s) ({'; '.join(found)})"
             for word, found in (("CHANGED", changed), ("INCONCLUSIVE", undecided)) if found]
    return "verdict: " + "; ".join(parts)


def by_question(result: pl.DataFrame) -> list[str]:
    """Per question, under which conditions it changed: "CHANGED under: ...",
    then those it was inconclusive and unchanged under; "NO CHANGE under every
    pairing" when it was shown unchanged under each."""
    out = []
    for (text,), rows in result.group_by("question", maintain_order=True):
        verdicts = rows["verdict"].to_list()
        if set(verdicts) == {NO_CHANGE}:
            out.append(f"{text}: NO CHANGE under every {' and '.join(CONDITIONS)}")
            continue
        parts = [f"{v.upper()} under: {', '.join(under(r) for r in rows.iter_rows(named=True) if r['verdict'] == v)}"
                 for v in (CHANGED, UNDECIDED, NO_CHANGE) if v in verdicts]
        out.append(f"{text}: {'; '.join(parts)}")
    return out


def lines(result: pl.DataFrame, settings: Settings) -> list[str]:
    """The comparison as text: one block per matchup, the verdict per question, then the overall verdict."""
    m = result.height
    test = (f"fixed N: TOST for no change, Bonferroni over {m} matchup(s) for changed" if settings.fixed else
            f"sequential test at alpha/m = {settings.alpha / m:.4g} for each of m = {m} matchup(s) (Bonferroni), "
            f"beta {settings.beta:g}")
    out = [f"bound {settings.bound * 100:g} points, alpha {settings.alpha:g}, {test}; "
           f"score = deck A's (entrant 0's) rate of wins, a draw counting one share in as many as there are "
           f"players; difference = candidate - baseline over seat-swapped seed pairs (seat-rotation blocks)"]
    for r in result.iter_rows(named=True):
        verdict = r["verdict"].upper() + (f" ({needed(r['games_needed'])})" if r["verdict"] == UNDECIDED else "")
        out.append(f"{label(r)}: baseline {r['baseline']:.1%}, candidate {r['candidate']:.1%}, "
                   f"difference {r['difference'] * 100:+.2f} points (95% CI {r['low'] * 100:+.2f} to "
                   f"{r['high'] * 100:+.2f}), {evidence(r, settings, m)}, "
                   f"{r['games']} games per side: {verdict}")
    return out + by_question(result) + [overall(result)]
