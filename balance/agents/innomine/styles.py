"""``balance styles``: a scripted play style's weights tuned for one deck by
self-play against an experiment's field (issue 23, "Tuned play styles").

Field: every cell of the experiment that plays deck D against another deck,
with D's own agent left out -- the other deck, its agent, the threshold, rule
variant, turn cap and card overrides of the cell; cells that differ only in
D's agent are one opponent.  A style's score against the field is D's mean
score (win 1, draw 1/2) over the field's matchups.

Start: D's shipped styles are the scripted agents the experiment gives D (its
``policies`` axis); each is played against the field on the search's seeds,
and the search starts from the best.

Search: CMA-ES (the ``cma`` package) over the weights of ``RANGES``, each
within its range, the whole-number ones (switches, levels and counts the rules
compare with a threshold or use as a count) rounded, the others to
``DECIMALS`` places, so that a weight vector is played and written exactly as
it is. ``random`` stays the start's, and the d666 spends are searched only
when a field cell plays the d666 variant. Every weight vector of every
generation plays the same games (the experiment's root seed, games 0..n-1 of
each matchup, --games split evenly over the field's matchups in whole seed
pairs: common random numbers), so candidates are ranked on their differences,
not on the luck of their seeds. The tuned style is the search distribution's
mean after the last generation (``xfavorite``, CMA-ES's own estimate of the
optimum under noise), not its luckiest candidate.

Confirmation: on fresh seeds (root seed + ``tune.CONFIRM_SEED_OFFSET``, never
used by the search) the tuned style and every shipped style play
--confirm-games games, split over the field's matchups as in the search. Each score
against the field has a pair-aware Wilson 95% interval
(``intervals.pair_wilson``), and the difference tuned - shipped a paired
t-interval (``sprt.paired_difference``) over seed pairs: a seed pair's value
is D's mean score over the field's matchups in games 2k and 2k+1, so the unit
of independence is the seed pair, never the game. The headline compares the
tuned style with the shipped style that scores best on these same seeds.
"""
from __future__ import annotations

import dataclasses
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path

import cma
import numpy as np

from ...analysis.intervals import pair_wilson, shown
from ...analysis.sprt import pair_scores, paired_difference, seen_from
from ...analysis.tune import CONFIRM_SEED_OFFSET, CommonSeeds
from ...errors import InputError
from ...runner.experiment import Cell, load_experiment
from ...runner.impact import deck_sides
from ...runner.run import prepare_cell
from ...runner.store import check_out, write_atomic
from .policies import WEIGHTS
from .policy_files import Agent, load_agent

# What the search may change: (low, high, whole number).  The whole-number weights are compared
# with a threshold by the rules or used as a count: gang (0.5, 1.5), combat_acts (0.5), reserve
# (Essence), trade_discord (notes), the d666 spends (Essence).
RANGES = {
    "reserve": (0, 5, True), "servitor": (0, 3, False), "attach": (0, 3, False),
    "influence": (0, 3, False), "court": (0, 3, False), "attack_servitor": (0, 3, False),
    "attack_human": (0, 3, False), "descend": (0, 3, False), "hold_tether": (0, 3, False),
    "gang": (0, 2, True), "retreat": (0, 2, False), "trade_discord": (3, 8, True),
    "defend": (0, 2, False), "wait": (0, 1, False), "combat_acts": (0, 1, True),
    "d666_before": (0, 4, True), "d666_after": (0, 8, True),
}
KEPT = ("random",)                      # the start's value, never searched
D666_ONLY = ("d666_before", "d666_after")
DECIMALS = 3
SIGMA = 0.25                            # CMA-ES's first step, as a share of each weight's range
MARK = "Tuned by balance styles"        # a written file's description begins so
BETTER, NOT_SHOWN, WORSE = "BETTER", "NOT SHOWN BETTER", "WORSE"


@dataclass(frozen=True)
class Style:
    """A scripted style: a name and its weights in ``policies.WEIGHTS`` order."""
    name: str
    weights: tuple[float, ...]

    def table(self) -> dict:
        return dict(zip(WEIGHTS, self.weights))


@dataclass(frozen=True)
class Budget:
    """How much the search and the confirmation play."""
    generations: int = 10
    population: int | None = None       # weight vectors a generation (None: CMA-ES's own)
    games: int = 240                    # per weight vector, over the field's matchups, on the search's seeds
    confirm_games: int = 4000           # per style, over the field's matchups, on fresh seeds
    seed: int = 1                       # of CMA-ES's sampling

    def check(self) -> None:
        for name, v, low in (("--generations", self.generations, 1), ("--population", self.population, 2)):
            if v is not None and v < low:
                raise InputError(f"{name}: {v}: must be >= {low}")
        if not 1 <= self.seed < 2**32:
            raise InputError(f"--seed: {self.seed}: must be from 1 to {2**32 - 1} (CMA-ES seeds numpy with it)")

    def per_matchup(self, matchups: int) -> tuple[int, int]:
        """(search, confirmation) games of each field matchup: --games and
        --confirm-games split evenly over the matchups, in whole seed pairs."""
        out = []
        for name, total in (("--games", self.games), ("--confirm-games", self.confirm_games)):
            if total < 2 * matchups:
                raise InputError(f"{name}: {total}: less than a seed pair (2 games) for each of the field's "
                                 f"{matchups} matchups; allowed: at least {2 * matchups}")
            out.append(total // matchups // 2 * 2)
        return out[0], out[1]


@dataclass(frozen=True)
class Opponent:
    """One matchup of the field: a cell of the experiment and deck D's side in it (0 = deck A)."""
    cell: Cell
    side: int

    def label(self) -> str:
        """The opponent as printed: deck file stem, agent, threshold, and a variant or overrides if any."""
        c = self.cell
        deck, agent = c.entrants[1 - self.side], c.policies[1 - self.side]
        extra = [x for x in (c.variant, c.label) if x not in ("classic", "baseline")]
        extra += [f"{k}={v}" for k, v in c.readings.items()]
        return ", ".join([f"{Path(deck).stem} ({agent}), threshold {c.params['threshold']}", *extra])


def field_of(exp, deck: str) -> list[Opponent]:
    """The experiment's cells that play ``deck`` against another deck, one per opponent."""
    out: dict = {}
    for index, side in deck_sides(exp, deck):
        c = exp.cells[index]
        if Path(c.entrants[0]).resolve() == Path(c.entrants[1]).resolve():
            continue
        other = (c.entrants[1 - side], c.policies[1 - side])
        key = (side, *other, c.params["threshold"], c.variant, c.turn_cap, json.dumps(c.overrides, sort_keys=True),
               json.dumps(c.readings, sort_keys=True))
        out.setdefault(key, Opponent(c, side))
    if not out:
        raise InputError(f"--deck: {deck}: no cell of {exp.source} plays it against another deck, so there is no "
                         f"field to tune against; allowed: an experiment whose pairs or round_robin give the deck "
                         f"an opponent")
    return list(out.values())


def shipped_styles(exp, field: list[Opponent]) -> dict[str, Agent]:
    """{name: Agent} of the scripted agents the experiment gives deck D in its field."""
    names = sorted({o.cell.policies[o.side] for o in field})
    agents = {n: load_agent(n) for n in names}
    scripted = {n: a for n, a in agents.items() if is_scripted(a)}
    if not scripted:
        raise InputError(f"{exp.source}: grid.policies: the deck plays only {', '.join(names)}, no scripted style "
                         f"to start from; allowed: a policies axis that gives the deck a scripted style "
                         f"(e.g. influencer, warmonger, tether_holder, or a file of [weights])")
    return scripted


def is_scripted(agent: Agent) -> bool:
    """A scripted style: its own weights choose (not random-legal, not a search)."""
    return agent.kind == "scripted" and agent.weights[list(WEIGHTS).index("random")] <= 0.5


class FieldPlay(CommonSeeds):
    """Styles of deck D played against the field on the common seeds of one root seed."""

    def __init__(self, ruleset, field: list[Opponent], matchups: list, row: np.ndarray, seed, jobs, log):
        super().__init__(seed, jobs, log)
        self.ruleset, self.field, self.prepared, self.row = ruleset, field, matchups, row

    def matchups(self, style: Style) -> dict:
        """{(style, k): the k-th field matchup with deck D played by ``style``}."""
        agent = Agent(style.name, self.row, np.array(style.weights), {})
        out = {}
        for k, (o, m) in enumerate(zip(self.field, self.prepared)):
            agents = list(m.agents)
            agents[o.side] = agent
            out[(style, k)] = dataclasses.replace(m, agents=tuple(agents))
        return out

    def pairs(self, style: Style) -> np.ndarray:
        """[field matchup, seed pair]: deck D's score in each seed pair of each matchup."""
        return np.stack([pair_scores(seen_from(self.games[(style, k)], o.side)) for k, o in enumerate(self.field)])

    def score(self, style: Style) -> float:
        """Deck D's mean score against the field."""
        return float(self.pairs(style).mean())

    def evaluate(self, styles: list[Style], games: int) -> list[float]:
        """Each style's score against the field over ``games`` games of each matchup."""
        self.extend(styles, games)
        return [self.score(s) for s in styles]


def field_score(pairs: np.ndarray) -> dict:
    """The score against the field with its pair-aware Wilson 95% interval: a seed
    pair holds 2 games of each matchup, clustered as one unit."""
    matchups, n = pairs.shape
    score, low, high = pair_wilson(2 * pairs.sum(axis=0), np.full(n, 2 * matchups))
    return {"score": score, "low": low, "high": high, "pairs": n}


def difference(a: np.ndarray, b: np.ndarray) -> dict:
    """Style a minus style b against the field, paired by seed pair (a t-interval)."""
    mean, low, high, _ = paired_difference(a.mean(axis=0) - b.mean(axis=0))
    return {"mean": mean, "low": low, "high": high, "pairs": a.shape[1]}


class Coder:
    """Weight vectors to and from CMA-ES's search space: the searched weights in
    their own units, within their ranges."""

    def __init__(self, start: Style, names: list[str]):
        self.start = start
        self.index = [list(WEIGHTS).index(n) for n in names]
        self.low = np.array([RANGES[n][0] for n in names], float)
        self.high = np.array([RANGES[n][1] for n in names], float)
        self.whole = [i for i, n in enumerate(names) if RANGES[n][2]]

    def encode(self, style: Style) -> np.ndarray:
        """The searched weights of ``style``, clipped into their ranges (CMA-ES's start)."""
        return np.clip(np.array(style.weights)[self.index], self.low, self.high)

    def decode(self, x, name: str) -> Style:
        """The style ``x`` names: within the ranges, whole numbers rounded, others to DECIMALS places."""
        x = np.clip(np.asarray(x, float), self.low, self.high)
        w = list(self.start.weights)
        for k, i in enumerate(self.index):
            w[i] = float(round(x[k])) if k in self.whole else round(float(x[k]), DECIMALS)
        return Style(name, tuple(w))

    def options(self, budget: Budget) -> dict:
        """CMA-ES's options: bounds, a first step of SIGMA of each range, the
        whole-number weights as integers, the budget's seed; quiet, no files."""
        opts = {"bounds": [self.low.tolist(), self.high.tolist()],
                "CMA_stds": (SIGMA * (self.high - self.low)).tolist(), "integer_variables": self.whole,
                "seed": budget.seed, "maxiter": budget.generations, "verbose": -9, "verb_log": 0, "verb_disp": 0}
        if budget.population:
            opts["popsize"] = budget.population
        return opts


def searched_weights(field: list[Opponent]) -> list[str]:
    """The weights the search changes: those of RANGES, the d666 spends only if the field plays d666."""
    d666 = any(o.cell.variant == "d666" for o in field)
    return [n for n in RANGES if d666 or n not in D666_ONLY]


def cma_search(search: FieldPlay, start: Style, budget: Budget, games: int) -> tuple[Style, list]:
    """CMA-ES from ``start``, every weight vector scored on the same ``games``
    games of each matchup; returns the search distribution's mean as a style
    and every (style, score) played."""
    coder = Coder(start, searched_weights(search.field))
    es = cma.CMAEvolutionStrategy(coder.encode(start), 1.0, coder.options(budget))
    history = []
    for g in range(budget.generations):
        xs = es.ask()
        styles = [coder.decode(x, f"g{g + 1}c{k + 1}") for k, x in enumerate(xs)]
        scores = search.evaluate(styles, games)
        es.tell(xs, [-s for s in scores])
        history += list(zip(styles, scores))
        search.log(f"generation {g + 1} of {budget.generations}: {len(xs)} weight vectors, best "
                   f"{100 * max(scores):.1f}%, median {100 * float(np.median(scores)):.1f}% against the field")
    return coder.decode(es.result.xfavorite, "tuned"), history


def tune_style(spec, deck: str, budget: Budget, jobs: int = 1, name: str = "tuned", log=print) -> dict:
    """Start from deck D's best shipped style, search, confirm on fresh seeds;
    returns the search's record and the confirmation (``confirmation``)."""
    budget.check()
    exp = load_experiment(spec)
    field = field_of(exp, deck)
    shipped = shipped_styles(exp, field)
    games, confirm_games = budget.per_matchup(len(field))
    matchups = [prepare_cell(exp, o.cell) for o in field]
    row = next(iter(shipped.values())).row
    styles = [Style(a.name, tuple(map(float, a.weights))) for a in shipped.values()]
    search = FieldPlay(exp.ruleset, field, matchups, row, exp.seed, jobs, log)
    start_scores = dict(zip(styles, search.evaluate(styles, games)))
    start = max(styles, key=lambda s: (start_scores[s], s.name))
    log(f"start: {start.name}, {100 * start_scores[start]:.1f}% against the field of {len(field)} matchup(s)")
    tuned, history = cma_search(search, start, budget, games)
    confirm = FieldPlay(exp.ruleset, field, matchups, row, exp.seed + CONFIRM_SEED_OFFSET, jobs, log)
    return {"experiment": exp, "deck": deck, "field": field, "budget": budget, "start": start,
            "start_scores": start_scores, "searched": searched_weights(field), "history": history,
            "population": len(history) // budget.generations, "games": games, "search_games": search.spent,
            **confirmation(confirm, dataclasses.replace(tuned, name=name), styles, confirm_games)}


def confirmation(confirm: FieldPlay, tuned: Style, shipped: list[Style], games: int) -> dict:
    """The tuned and the shipped styles on ``confirm``'s seeds: each one's score
    against the field, the tuned style minus each shipped one, and minus the
    best of them (on these seeds) matchup by matchup."""
    confirm.extend([tuned, *shipped], games)
    pairs = {s: confirm.pairs(s) for s in [tuned, *shipped]}
    best = max(shipped, key=lambda s: (pairs[s].mean(), s.name))
    return {"tuned": tuned, "best": best, "confirm_seed": confirm.seed, "confirm_per_matchup": games,
            "confirm_games": confirm.spent,
            "scores": {s: field_score(p) for s, p in pairs.items()},
            "differences": {s: difference(pairs[tuned], pairs[s]) for s in shipped},
            "by_matchup": [difference(pairs[tuned][k:k + 1], pairs[best][k:k + 1])
                           for k in range(len(confirm.field))]}


def verdict(d: dict) -> str:
    """BETTER when the difference's interval lies above 0, WORSE below, else NOT SHOWN BETTER."""
    return BETTER if d["low"] > 0 else WORSE if d["high"] < 0 else NOT_SHOWN


def points(d: dict) -> str:
    """A difference in win-rate points with its 95% interval."""
    return f"{100 * d['mean']:+.1f} points (95% CI {100 * d['low']:+.1f} to {100 * d['high']:+.1f})"


def lines(result: dict) -> list[str]:
    """The verdict first, then the scores on fresh seeds, the search and the weights changed, as text."""
    tuned, best, exp, budget = result["tuned"], result["best"], result["experiment"], result["budget"]
    d = result["differences"][best]
    field = result["field"]
    out = [f"{verdict(d)}: the tuned style {tuned.name} minus {best.name}, the best shipped style on fresh seeds, "
           f"scores {points(d)} against the field, {d['pairs']} seed pairs",
           f"deck {result['deck']} against the field of {exp.source}: {len(field)} matchup(s)",
           f"on fresh seeds (root {result['confirm_seed']}, {result['confirm_per_matchup']} games per matchup and style), "
           f"score against the field (win 1, draw 1/2):"]
    for s, row in result["scores"].items():
        vs = "" if s == tuned else f"; {tuned.name} - {s.name} {points(result['differences'][s])}"
        out.append(f"  {s.name}: {shown(row['score'], row['low'], row['high'])}{vs}")
    out.append(f"by matchup, {tuned.name} - {best.name}:")
    out += [f"  against {o.label()}: {points(row)}" for o, row in zip(field, result["by_matchup"])]
    out.append(f"search: CMA-ES from {result['start'].name} over {len(result['searched'])} weights, "
               f"{budget.generations} generations of {result['population']}, each weight vector on the same "
               f"{result['games']} games per matchup (root seed {exp.seed}, CMA-ES seed {budget.seed}); "
               f"{result['search_games']:,} games")
    changed = [f"{k} {a:g} -> {b:g}" for k, a, b in zip(WEIGHTS, result["start"].weights, tuned.weights) if a != b]
    out.append(f"weights changed from {result['start'].name}: {'; '.join(changed) or 'none'}")
    return out


def description(result: dict) -> str:
    """The written file's description: how it was tuned and what the confirmation found."""
    exp, best, budget = result["experiment"], result["best"], result["budget"]
    d = result["differences"][best]
    return (f"{MARK} for {Path(result['deck']).stem} against the field of {exp.name} ({exp.source}, "
            f"{len(result['field'])} matchups), from {result['start'].name}: CMA-ES, {budget.generations} "
            f"generations, {result['games']} games per matchup. On fresh seeds, minus {best.name}: {points(d)}.")


def out_file(out, deck: str) -> Path:
    """Where the tuned style is written: ``out`` if it names a .toml file, else
    <out>/<deck file stem>_tuned.toml.  Checked before any game is played: the
    folder can be written, and a file already there was written by this command."""
    path = Path(out)
    if path.suffix != ".toml":
        path = path / f"{Path(deck).stem}_tuned.toml"
    check_out(path.parent)
    if path.is_dir() or (path.exists() and not written_here(path)):
        what = "is a folder" if path.is_dir() else "exists and was not written by balance styles"
        raise InputError(f"--out: {path}: {what}; allowed: a new .toml path, one written by balance styles, "
                         f"or a folder")
    return path


def written_here(path: Path) -> bool:
    """A policy file that ``balance styles`` wrote (its description begins with MARK)."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False
    return str(raw.get("description", "")).startswith(MARK)


def write_style(path: Path, style: Style, text: str) -> None:
    """``style`` as a policy file (policies/*.toml's format: name, description, [weights]), atomically.
    JSON's string syntax (non-ASCII kept) is TOML's basic string."""
    body = "\n".join([f"name = {json.dumps(style.name, ensure_ascii=False)}",
                      f"description = {json.dumps(text, ensure_ascii=False)}", "[weights]",
                      *(f"{k} = {v!r}" for k, v in style.table().items())]) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, lambda tmp: tmp.write_text(body, encoding="utf-8"))
