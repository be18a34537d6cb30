"""The ``balance`` command: run, compare, tune, styles, report, impact, simulate, replay, bench, validate.

Bad input (decks, policies, numbers) prints one line naming the file or option,
the field and what is allowed, and exits with code 2 -- never a traceback.
"""
import argparse
import os
import sys
import time
import warnings
from contextlib import nullcontext

from .analysis.cards import MIN_GAMES
from .fields import DeckError
from .errors import FieldError, InputError
from .rules.innomine.d666 import VARIANTS
from .rules.innomine.contested import READINGS
from .rules import DEFAULT, RULESETS
from .runner.experiment import MAX_GAMES, TURN_CAP_MAX

DEFAULT_A, DEFAULT_B = "decks/gabriel.toml", "decks/belial.toml"
LIMITS = {"--turn-cap": (TURN_CAP_MAX, "turns are recorded in 16 bits"), "--jobs": (1024, "worker processes"),
          "--threshold": (999, "Humans"), "--max-step": (999, "a card number's bound"),
          "--seed": (2**32 - 1, "CMA-ES seeds numpy's generator, which takes 32 bits"),
          "--generations": (10_000, "generations"), "--population": (10_000, "weight vectors")}

BENCH_CHUNK = 500


def _positive(name):
    """A whole number from 1 to its limit (LIMITS; games: MAX_GAMES, as games are numbered in 32 bits)."""
    hi, why = LIMITS.get(name, (MAX_GAMES, "games are numbered in 32 bits"))

    def parse(text):
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name}: {text[:40]!r} is not a whole number") from None
        if v < 1:
            raise argparse.ArgumentTypeError(f"{name}: {v}: must be >= 1")
        if v > hi:
            raise argparse.ArgumentTypeError(f"{name}: {str(v)[:40]}: must be at most {hi:,} ({why})")
        return v
    return parse


def _int64(name, lo=-2**63):
    """A whole number the kernel can take as a 64-bit seed, from ``lo`` up."""
    hi = 2**63 - 1

    def parse(text):
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name}: {text!r} is not a whole number") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{name}: {v}: must be from {lo} to {hi}")
        return v
    return parse


def _points(name):
    """Win-rate points above 0 and below 100."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name}: {text!r} is not a number") from None
        if not 0 < v < 100:
            raise argparse.ArgumentTypeError(f"{name}: {v:g}: must be above 0 and below 100 (win-rate points)")
        return v
    return parse


def _jobs_arg(p):
    p.add_argument("--jobs", type=_positive("--jobs"), default=os.cpu_count() or 1,
                   help="worker processes (default: all cores, %(default)s)")


def _help(cmd):
    """A command's docstring as argparse help (which %-formats help strings)."""
    return cmd.__doc__.replace("%", "%%")


def _matchup_args(p, several=False):
    p.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT,
                   help=f"the game: {', '.join(RULESETS)} (default %(default)s; docs/rulesets.md)")
    p.add_argument("--deck-a", default=DEFAULT_A, help="deck file of the first deck (default %(default)s)")
    p.add_argument("--deck-b", default=DEFAULT_B, help="deck file of the second deck (default %(default)s)")
    p.add_argument("--policy-a", default="influencer",
                   help="agent of deck A: a scripted style, random or search, by its name in policies/ "
                        "or a .toml path (default %(default)s; docs/agents.md)")
    p.add_argument("--policy-b", default="influencer", help="agent of deck B (default %(default)s)")
    p.add_argument("--threshold", type=_positive("--threshold"), default=5,
                   help="Humans in a Realm that win the game (default %(default)s)")
    p.add_argument("--turn-cap", type=_positive("--turn-cap"), default=200,
                   help="turns (both players') after which a game is a draw (default %(default)s)")
    p.add_argument("--seed", type=_int64("--seed"), default=1, help="root seed of the games (default %(default)s)")
    p.add_argument("--variant", choices=VARIANTS, default=["classic"] if several else "classic",
                   nargs="+" if several else None,
                   metavar="VARIANT", help=f"rule variant{'s, each reported' if several else ''}: "
                                           f"{', '.join(VARIANTS)} (default classic)")
    _reading_arg(p, "a contested reading of the rulebook")
    seats = p.add_argument_group("a game of more seats (--ruleset kamigami, solium)")
    seats.add_argument("--seats", nargs="+", metavar="ENTRANT",
                       help="one entrant per seat: a God, or dealt (default: --players dealt entrants); for "
                            "solium, two armies or two Praetor programs (default: Furfur Decarabia)")
    seats.add_argument("--players", type=_positive("--players"), default=4,
                       help="players, each dealt two Gods to keep one of (default %(default)s)")
    seats.add_argument("--policy", nargs="+", default=["scripted"], metavar="AGENT",
                       help="agent of every seat, or one per seat: scripted or random (default %(default)s)")
    seats.add_argument("--cards", help="card set or roster file (default: the ruleset's own, "
                                       "decks/kamigami/old_ones.toml, decks/solium/pandemonium.toml)")
    seats.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                       help="a game parameter instead of its default (repeatable; e.g. win_energy=30; "
                            "docs/kamigami.md)")


def _reading_arg(p, what):
    p.add_argument("--reading", action="append", default=[], metavar="NAME=VALUE",
                   help=f"{what}, instead of its default (repeatable; docs/rules.md, \"Readings\"): "
                        + "; ".join(f"{r.name}={'|'.join(r.values)}" for r in READINGS.values()))


def _readings(texts: list[str], option: str = "--reading", example: str = "protection=any_harm") -> dict:
    """``--reading NAME=VALUE`` options as {name: value} (checked by readings.pack)."""
    chosen = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq:
            raise InputError(f"{option}: {text!r}: not NAME=VALUE; allowed: e.g. {example}")
        chosen[name.strip()] = value.strip()
    return chosen


def _params(texts: list[str]) -> dict:
    """``--param NAME=VALUE`` options as {name: whole number} (checked by the ruleset's prepare)."""
    chosen = _readings(texts, "--param", "win_energy=30")
    for name, value in chosen.items():
        try:
            chosen[name] = int(value)
        except ValueError:
            raise InputError(f"--param: {name}={value!r}: not a whole number; allowed: e.g. win_energy=30") from None
    return chosen


def _prepare(args, variant=None):
    """The matchup the options name, of the game ``--ruleset`` names."""
    from .rules import get
    rs = get(args.ruleset)
    if rs.entrants == "seats":
        seats = args.seats or list(rs.lineup) or ["dealt"] * args.players
        policies = args.policy * len(seats) if len(args.policy) == 1 else args.policy
        try:
            return rs.prepare(args.cards or rs.card_set, seats, policies, None, _readings(args.reading),
                              **_params(args.param))
        except FieldError as e:
            raise e.named({"seats": "--seats" if args.seats else "--players", "policies": "--policy"}) from None
    if args.seats or args.param or args.cards:
        raise InputError(f"--seats, --param, --cards: not options of {rs.title}; allowed: --deck-a, --deck-b, "
                         f"--threshold, --turn-cap (or --ruleset kamigami)")
    return rs.prepare(args.deck_a, args.deck_b, args.policy_a, args.policy_b, args.threshold, args.turn_cap,
                      variant=variant or args.variant, readings=_readings(args.reading))


def cmd_simulate(args):
    """Play N games of one matchup and print win rates with Wilson 95% intervals."""
    from functools import partial

    from .analysis.summary import summarise
    from .compiling import warm_up
    from .rules import get
    from .runner.run import check_memory
    from .sim.batch import map_chunks
    rs = get(args.ruleset)
    for variant in args.variant if rs.entrants == "decks" else rs.variants[:1]:
        m = _prepare(args, variant)
        check_memory(min(args.chunk, args.games), m.turn_cap, args.jobs, what="--games, --chunk, --turn-cap, --jobs")
        warm_up(rs, m, args.seed)
        t0 = time.perf_counter()
        parts = map_chunks(rs.play_range, m, args.seed, args.games, args.jobs, args.chunk,
                           reduce=partial(summarise, rs.columns, m.n_seats))
        dt = time.perf_counter() - t0
        chosen = "".join(f", {r}" for r in args.reading)
        print(f"{' vs '.join(m.labels)}, {m.setting}, seed {args.seed}, {variant} rules{chosen}")
        for line in sum(parts[1:], parts[0]).lines(m.labels, rs.end_reasons):
            print(line)
        print(f"speed: {per_second(args.games / dt)} games/s on {args.jobs} worker(s)")
    return 0


def cmd_replay(args):
    """Print one game as a readable log, turn by turn and phase by phase."""
    from .compiling import announced
    from .rules import get
    m, rs = _prepare(args), get(args.ruleset)
    with announced() if rs.compiled else nullcontext():
        lines = rs.replay_lines(m, args.seed, args.game)
    for line in lines:
        print(line)
    return 0


def cmd_bench(args):
    """Games per second on one and on two cores for the default matchup; with a
    search agent, its searched decisions per second too."""
    from .compiling import warm_up
    from .rules import get
    from .runner.run import check_memory
    from .sim.batch import map_chunks
    m = _prepare(args)
    check_memory(_bench_chunk(args.games, 1), m.turn_cap, 2, what="--games, --turn-cap")
    rs = get(args.ruleset)
    play_range = rs.play_range
    warm_up(rs, m, args.seed)
    rates = {}
    for jobs in (1, 2):
        map_chunks(play_range, m, args.seed, 2 * jobs, jobs, 2, reduce=_played)  # warm the workers
        t0 = time.perf_counter()
        played = sum(map_chunks(play_range, m, args.seed, args.games, jobs, _bench_chunk(args.games, jobs),
                                reduce=_played))
        rates[jobs] = played / (time.perf_counter() - t0)
        print(f"{jobs} core(s): {per_second(rates[jobs])} games/s ({args.games} games, {' vs '.join(m.labels)}, "
              f"{m.setting})")
    print(f"two-core speed-up: {rates[2] / rates[1]:.2f}x; per core: {per_second(rates[1])} games/s "
          f"(machine: {os.cpu_count()} cores)")
    counted = get(args.ruleset).searched
    if getattr(m, "searches", False) and counted:
        n = min(args.games, 20)
        t0 = time.perf_counter()
        _, decided = counted(m, args.seed, 0, n)
        print(f"search: {decided / (time.perf_counter() - t0):,.0f} searched decisions/s on one core "
              f"({decided / n:,.0f} a game, {n} games)")
    return 0


def per_second(rate: float) -> str:
    """A speed as a line gives it: whole numbers, or three digits below 10 a second (a search's games)."""
    return f"{rate:,.0f}" if rate >= 10 else f"{rate:.3g}"


def _played(records: dict) -> int:
    """How many games a worker played: all ``bench`` takes back, so that it times
    the play and not the shipping of records (``run`` sends compact frames)."""
    return len(records["rows"])


def _bench_chunk(games, jobs):
    """Games per work unit of ``bench``: a quarter of each worker's share, at
    most BENCH_CHUNK, so that a Ctrl-C, seen between units, stops it within a
    second or so at scripted speed."""
    return max(1, min(games // (4 * jobs), BENCH_CHUNK))


def cmd_run(args):
    """Play every cell of an experiment file into a resumable Parquet store (runs/<name>/).

    Kill it at any point and run the same command again: it resumes from the
    finished chunks. Records are bit-identical for any --jobs, chunk size and backend."""
    from .runner import run_experiment
    run_dir = run_experiment(args.experiment, out=args.out, jobs=args.jobs, games=args.games, fresh=args.fresh,
                             backend=args.backend, scheduler=args.scheduler)
    print(f"run stored in {run_dir}")
    return 0


def cmd_compare(args):
    """Did a change move the balance?  Baseline and candidate play the same seeds
    (the baseline's: a candidate file must have the same seed), seats swapped in
    pairs, and each matchup -- a question (deck A vs deck B at a threshold)
    under one agent pairing of the grid's policies -- ends CHANGED, NO CHANGE or
    INCONCLUSIVE.  A sequential probability ratio test (fishtest's GSPRT,
    two-sided) stops each matchup as soon as it accepts a shift of +-bound
    (CHANGED) or none (NO CHANGE), and calls it INCONCLUSIVE at --max-games;
    each of the m matchups is tested at --alpha/m (Bonferroni), so a false
    CHANGED anywhere has probability at most --alpha.  With --fixed N, NO
    CHANGE needs equivalence within --bound shown (TOST at --alpha) and CHANGED
    a change shown beyond it (Bonferroni over the matchups).  An INCONCLUSIVE
    matchup comes with the games per side a decision would need.  Per question,
    the summary says under which pairings it CHANGED, or NO CHANGE under every
    pairing.

    Exit code 0: every matchup NO CHANGE; 1: at least one CHANGED; 3: none
    changed, at least one INCONCLUSIVE; 2: bad input."""
    from pathlib import Path

    from .analysis.compare import Change, Settings, compare, exit_code, lines, parse_set
    from .report.compare import write_compare
    from .runner.store import check_out
    check_out(args.out)                      # before any game is played
    settings = Settings(bound=args.bound / 100, alpha=args.alpha, beta=args.beta, max_games=args.max_games,
                        batch=args.batch, fixed=args.fixed)
    change = Change(parse_set(args.set), args.variant, args.policy_a, args.policy_b, _readings(args.reading))
    result = compare(args.baseline, args.candidate, change, settings, jobs=args.jobs,
                     progress=lambda n, left: print(f"  {n} games per side played, {left} matchup(s) undecided",
                                                    file=sys.stderr))
    for line in lines(result, settings):
        print(line)
    what = f"Baseline {args.baseline} against " + (args.candidate or f"the baseline with {change.describe()}")
    index = write_compare(result, settings, Path(args.out), what)
    print(f"report written to {index} (table: {index.parent / 'compare.csv'})")
    return exit_code(result)


def cmd_tune(args):
    """Propose cost (or other numeric field) changes that bring an experiment's
    matchups toward a target win rate for deck A, preferring fewer and smaller
    changes.  Candidates are played on common seeds and searched by successive
    halving; the best few are played again on seeds the search never used,
    then confirmed in turn on fresh seeds, against the baseline on the same
    seeds, until one lands within --tolerance of the target in every matchup
    (each cell: a grid with several agent pairings holds it to each of them).

    Exit code 0: the target was reached; 1: not reached (the closest proposal
    is reported, marked NOT REACHED); 2: bad input."""
    import json
    from pathlib import Path

    from .analysis.tune import Candidate, Plan, lines, tune
    from .runner.store import check_out
    check_out(args.out)                      # before any game is played
    plan = Plan(target=args.target, tolerance=args.tolerance, cards=args.cards, fields=tuple(args.fields),
                max_step=args.max_step, budget=args.budget, confirm_games=args.confirm_games)
    result = tune(args.experiment, plan, jobs=args.jobs, log=lambda text: print(text, file=sys.stderr))
    for line in lines(result, plan):
        print(line)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "tune.json").write_text(json.dumps(result, indent=1, default=Candidate.as_json), encoding="utf-8")
    print(f"written to {out / 'tune.json'}")
    return 0 if result["reached"] else 1


def cmd_styles(args):
    """Tune a scripted play style's weights for one deck by self-play against
    the experiment's field: the cells that play the deck against another deck,
    with their opponents' agents.  CMA-ES starts from the deck's best shipped
    style (the scripted agents the experiment gives it) and plays every weight
    vector on the same games (common random numbers).  The tuned style is then
    confirmed on fresh seeds against every shipped style, with a 95% interval
    of the difference over seed pairs, and written as a policy file that any
    --policy-a/-b, an experiment's policies axis or a search's rollout_agent
    takes by its path.

    Exit code 0: the tuned style is shown better than the best shipped style;
    1: not shown better (the file is written all the same); 2: bad input."""
    from .agents.innomine.styles import BETTER, Budget, description, lines, out_file, tune_style, verdict, write_style
    path = out_file(args.out, args.deck)     # before any game is played
    budget = Budget(generations=args.generations, population=args.population, games=args.games,
                    confirm_games=args.confirm_games, seed=args.seed)
    result = tune_style(args.experiment, args.deck, budget, jobs=args.jobs, name=path.stem,
                        log=lambda text: print(text, file=sys.stderr))
    for line in lines(result):
        print(line)
    write_style(path, result["tuned"], description(result))
    print(f"written to {path}")
    return 0 if verdict(result["differences"][result["best"]]) == BETTER else 1


def cmd_report(args):
    """Write the balance report of a run: index.html (one self-contained page), summary.md, figures/, tables/.

    A half-finished run is reported on what finished, marked PARTIAL. Results of
    'balance impact' stored with the run (RUN_DIR/impact/*.csv) are included."""
    from .report import REPORTS_DIR, write_report
    from .runner.store import check_out, read_manifest
    check_out(args.out or REPORTS_DIR / read_manifest(args.run_dir)["experiment"]["name"])
    index = write_report(args.run_dir, out=args.out, min_games=args.min_games)
    print(f"report written to {index}")
    return 0


def cmd_impact(args):
    """Causal card impact: replay an experiment's seeds with each card of a deck swapped for a baseline card, paired against the deck as built.

    In Nomine: the baseline is the card's blank (same type, kind, cost and
    side, no effects; a Being blank has Attack 0 and Hits 1 in every realm),
    or an average card (the win rates with each of up to 3 library cards of
    the same type within 1 Essence of its cost, averaged). Kamigami: --deck
    names a God that plays once in a cell; a card kind is swapped in the Hall
    of Heroes for every player (its blank has no Abilities; an average card
    is up to 3 kinds of its type within 1 Faith of its Cost), a God or Temple
    is blanked. Each card's verdict: helps, hurts (shown, Benjamini-Yekutieli
    adjusted p < 0.05), negligible (shown within +/- --bound) or undecided.
    Writes RUN_DIR/impact/<deck file name>[-average].csv, which 'balance
    report RUN_DIR' shows."""
    from .runner.impact import card_impact
    path = card_impact(args.experiment, args.deck, cards=args.cards, games=args.games, jobs=args.jobs, out=args.out,
                       baseline=args.baseline, bound=args.bound / 100)
    print(f"impact written to {path}")
    return 0


def cmd_validate(args):
    """Check deck files (or a game's card set files) against the rulebook's deck rules."""
    from .rules import get
    return get(args.ruleset).validate(args.decks)


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad option or argument as one line (naming the command
    and pointing to its help) instead of the usage text and a second line."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parser():
    top = _Parser(prog="balance", description="Monte Carlo balance analysis for card games: In Nomine, "
                                                "Kamigami Battles.")
    sub = top.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("run", help=_help(cmd_run), description=cmd_run.__doc__)
    p.add_argument("experiment", help="experiment file (experiments/*.toml)")
    p.add_argument("--out", help="run directory (default runs/<experiment name>)")
    p.add_argument("--jobs", type=_positive("--jobs"), default=os.cpu_count() or 1,
                   help="worker processes, or Dask workers of a local cluster (default: all cores, %(default)s)")
    p.add_argument("--games", type=_positive("--games"),
                   help="games per cell (default: the experiment file's 'games'; even, or whole seat-rotation "
                        "blocks of a game of more seats)")
    p.add_argument("--fresh", action="store_true", help="delete the stored games of this run and start over (default off: resume)")
    p.add_argument("--backend", choices=("loky", "dask"), default="loky", metavar="BACKEND",
                   help="loky = local processes (default); dask = a Dask cluster (pip install 'balance[cluster]')")
    p.add_argument("--scheduler", help="with --backend dask: the scheduler address, e.g. tcp://127.0.0.1:8786 "
                                       "(default: start a local cluster of --jobs workers)")
    p.set_defaults(run=cmd_run)
    p = sub.add_parser("compare", help=_help(cmd_compare), description=cmd_compare.__doc__)
    p.add_argument("baseline", help="baseline experiment file")
    p.add_argument("candidate", nargs="?", help="candidate experiment file with the same grid shape "
                                                "(default: the baseline with the changes below)")
    p.add_argument("--set", action="append", default=[], metavar="TOML",
                   help='candidate card override as in an experiment file, e.g. --set \'cost."Therkax" = 7\' '
                        "(repeatable) (default none)")
    p.add_argument("--variant", help="candidate rule variant (default: the baseline's)")
    p.add_argument("--policy-a", help="candidate agent of deck A (default: the baseline's)")
    p.add_argument("--policy-b", help="candidate agent of deck B (default: the baseline's)")
    _reading_arg(p, "a candidate reading")
    p.add_argument("--bound", type=float, default=2.0,
                   help="smallest change that matters, in win-rate points (default %(default)s)")
    p.add_argument("--alpha", type=float, default=0.05,
                   help="false-alarm rate of the whole run, split over its matchups (Bonferroni) "
                        "(default %(default)s)")
    p.add_argument("--beta", type=float, default=0.05,
                   help="rate of missing a change of --bound, sequential test only (default %(default)s)")
    p.add_argument("--max-games", type=_positive("--max-games"), default=40_000,
                   help="games per matchup and side before the sequential test gives up: INCONCLUSIVE "
                        "(default %(default)s; rounded down to whole seat-swapped pairs or rotation blocks)")
    p.add_argument("--batch", type=_positive("--batch"), default=1_000,
                   help="games per matchup and side between two looks at the test (default %(default)s; "
                        "rounded down likewise)")
    p.add_argument("--fixed", type=_positive("--fixed"),
                   help="play exactly N games per matchup and side and decide once: TOST for NO CHANGE, "
                        "Bonferroni over the matchups for CHANGED (default: sequential); whole seat-swapped "
                        "pairs (or rotation blocks of a game of more seats)")
    _jobs_arg(p)
    p.add_argument("--out", default="reports/compare",
                   help="folder for the report page index.html and compare.csv (default %(default)s)")
    p.set_defaults(run=cmd_compare)
    p = sub.add_parser("tune", help=_help(cmd_tune), description=cmd_tune.__doc__)
    p.add_argument("experiment", help="experiment file whose matchups to tune")
    p.add_argument("--target", type=float,
                   help="deck A's (entrant 0's) target win rate, 0 to 1 (default: the fair share, one win in as "
                        "many as there are players: 0.5 for two)")
    p.add_argument("--tolerance", type=float, default=0.02,
                   help="how near the target the confirmation must land, as a win-rate difference, above 0; "
                        "the search aims within half of it and pays any price to get there (default %(default)s)")
    p.add_argument("--cards", nargs="+", metavar="CARD",
                   help="cards the search may change (default: every card with an allowed field)")
    p.add_argument("--fields", nargs="+", default=["cost"],
                   help="numeric fields it may change: cost, lifespan, <realm>_attack, <realm>_hits (default cost)")
    p.add_argument("--max-step", type=_positive("--max-step"), default=3,
                   help="largest change of one field (default %(default)s)")
    p.add_argument("--budget", type=_positive("--budget"), default=60_000,
                   help="games of the search (three quarters) and of the finalists' re-evaluation (a quarter), "
                        "all candidates and matchups together; too small to give every candidate one seed pair "
                        "per matchup is an error that names the minimum (default %(default)s)")
    p.add_argument("--confirm-games", type=_positive("--confirm-games"), default=4_000,
                   help="games per matchup of each confirmation on fresh seeds: the baseline's, then each "
                        "finalist's in turn until one reaches the target (default %(default)s; rounded down to whole "
                        "seat-swapped pairs or rotation blocks)")
    _jobs_arg(p)
    p.add_argument("--out", default="reports/tune", help="folder for tune.json (default %(default)s)")
    p.set_defaults(run=cmd_tune)
    p = sub.add_parser("styles", help=_help(cmd_styles), description=cmd_styles.__doc__)
    p.add_argument("experiment", help="experiment file whose cells with the deck make the field")
    p.add_argument("--deck", required=True, help="deck file of the deck whose style is tuned, as the experiment "
                                                 "names it (default: none, it is required)")
    p.add_argument("--generations", type=_positive("--generations"), default=10,
                   help="CMA-ES generations (default %(default)s)")
    p.add_argument("--population", type=_positive("--population"),
                   help="weight vectors per generation, at least 2 (default: CMA-ES's own choice for the weights searched, "
                        "18 for the 15 of a field without the d666 variant)")
    p.add_argument("--games", type=_positive("--games"), default=240,
                   help="games per weight vector, split evenly over the field's matchups in seed pairs, the same "
                        "seeds for all; at least 2 per matchup (default %(default)s)")
    p.add_argument("--confirm-games", type=_positive("--confirm-games"), default=4000,
                   help="games per style on fresh seeds, split over the matchups likewise: the tuned style's and "
                        "each shipped style's (default %(default)s)")
    p.add_argument("--seed", type=_positive("--seed"), default=1,
                   help="seed of CMA-ES's sampling; the games play the experiment's seeds (default %(default)s)")
    p.add_argument("--jobs", type=_positive("--jobs"), default=1, help="worker processes (default %(default)s)")
    p.add_argument("--out", default="reports/styles",
                   help="the policy file to write (a .toml path) or a folder for <deck>_tuned.toml "
                        "(default %(default)s)")
    p.set_defaults(run=cmd_styles)
    p = sub.add_parser("report", help=_help(cmd_report), description=cmd_report.__doc__)
    p.add_argument("run_dir", help="run directory written by 'balance run' (runs/<experiment name>)")
    p.add_argument("--out", help="report folder (default reports/<experiment name>)")
    p.add_argument("--min-games", type=_positive("--min-games"), default=MIN_GAMES,
                   help="card impact: fewest games in hand and never seen for a card to be judged; rarer cards "
                        "are shown as too rare to judge (default %(default)s)")
    p.set_defaults(run=cmd_report)
    p = sub.add_parser("impact", help=_help(cmd_impact), description=cmd_impact.__doc__)
    p.add_argument("experiment", help="experiment file (experiments/*.toml) whose seeds and cells are replayed")
    p.add_argument("--deck", required=True,
                   help="deck file of the deck whose cards are blanked, as the experiment names it; Kamigami: the "
                        "God whose win rate is measured (default: none, it is required)")
    p.add_argument("--cards", nargs="+", metavar="CARD",
                   help="card names to blank, one at a time (default: every Repository card of the deck; Kamigami: "
                        "every Warrior and Artifact, and the God)")
    p.add_argument("--games", type=_positive("--games"),
                   help="games per cell, whole pairs or seat-rotation blocks (default: the experiment file's 'games')")
    _jobs_arg(p)
    p.add_argument("--baseline", choices=("blank", "average"), default="blank",
                   help="what each card is swapped for: its blank, or an average card of its type and cost band "
                        "(default %(default)s)")
    p.add_argument("--bound", type=_points("--bound"), default=2.0,
                   help="win-rate points within which an impact shown is negligible (default %(default)s)")
    p.add_argument("--out", help="run directory whose impact/ folder receives the CSV (default runs/<experiment name>)")
    p.set_defaults(run=cmd_impact)
    p = sub.add_parser("simulate", help=_help(cmd_simulate), description=cmd_simulate.__doc__)
    _matchup_args(p, several=True)
    p.add_argument("--games", type=_positive("--games"), default=10_000, help="games to play (default %(default)s)")
    p.add_argument("--jobs", type=_positive("--jobs"), default=1, help="worker processes (default %(default)s)")
    p.add_argument("--chunk", type=_positive("--chunk"), default=2000, help="games per work unit (default %(default)s)")
    p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("replay", help=_help(cmd_replay), description=cmd_replay.__doc__)
    _matchup_args(p)
    p.add_argument("--game-seed", dest="game", type=_int64("--game-seed", lo=0), default=0,
                   help="index of the game to replay; even = deck A in seat 0, odd = seats swapped (default %(default)s)")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("bench", help=_help(cmd_bench), description=cmd_bench.__doc__)
    _matchup_args(p)
    p.add_argument("--games", type=_positive("--games"), default=4000, help="games per measurement (default %(default)s)")
    p.set_defaults(run=cmd_bench)
    p = sub.add_parser("validate", help=_help(cmd_validate), description=cmd_validate.__doc__)
    p.add_argument("decks", nargs="+", help="deck files (card set files of --ruleset kamigami)")
    p.add_argument("--ruleset", choices=list(RULESETS), default=DEFAULT,
                   help=f"the game: {', '.join(RULESETS)} (default %(default)s)")
    p.set_defaults(run=cmd_validate)
    return top


INTERRUPTED = {      # what each command keeps when Ctrl-C stops it
    "run": "finished chunks are kept (each recorded with its checksum); run the same command to resume",
    "impact": "no impact table was written (it is written whole once every game is played); "
              "run the same command to start again",
    "report": "the run is untouched; the report folder may be half-written: run the same command to write it again",
    "compare": "nothing was kept (verdicts and report are written at the end); run the same command to start again",
    "tune": "nothing was kept (tune.json is written at the end); run the same command to start again",
    "styles": "nothing was kept (the policy file is written at the end); run the same command to start again",
}


def _show_warning(message, category, filename, lineno, file=None, line=None):
    """A store's warning (damaged chunks) as one ``balance: warning:`` line; others as Python shows them."""
    from .runner.store import StoreWarning
    if issubclass(category, StoreWarning):
        print(f"balance: warning: {message}", file=sys.stderr)
    else:
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def main(argv=None):
    args = parser().parse_args(argv)
    warnings.showwarning = _show_warning
    try:
        return args.run(args)
    except (DeckError, InputError) as e:
        print(f"balance: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        kept = INTERRUPTED.get(args.command, "nothing was kept; run the same command to start again")
        print(f"balance: {args.command} interrupted; {kept}", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
