"""The headline numbers of a batch of games with 95% intervals over seed pairs (DESIGN §7)."""
from dataclasses import dataclass

import numpy as np

from .intervals import Clustered, percent, shown


def per_pair(pair: np.ndarray, hit: np.ndarray, counted: np.ndarray) -> Clustered:
    """The sums of ``hit`` among ``counted`` games, clustered by seed pair."""
    _, which = np.unique(pair, return_inverse=True)
    return Clustered.of(np.bincount(which, hit & counted), np.bincount(which, counted))


@dataclass
class Summary:
    games: int
    wins: tuple[Clustered, ...]           # deck A, deck B (each entrant), over all games
    draws: Clustered
    first: Clustered                      # games won by the seat that went first, over decisive games
    turns: int                            # summed over games
    end_reasons: dict[int, int]

    @classmethod
    def of(cls, rows: np.ndarray, columns: dict[str, int], seats: int = 2) -> "Summary":
        """The Summary of ``rows`` (play_range's, of ``seats`` entrants), whose ``columns`` a Ruleset names."""
        w, pair = rows[:, columns["winner"]], rows[:, columns["pair"]]
        every = np.ones(len(rows), bool)
        ends = rows[:, columns["end"]]
        return cls(games=len(rows), wins=tuple(per_pair(pair, w == e, every) for e in range(seats)),
                   draws=per_pair(pair, w < 0, every), first=per_pair(pair, w == rows[:, columns["first"]], w >= 0),
                   turns=int(rows[:, columns["turns"]].sum()),
                   end_reasons={int(k): int(v) for k, v in zip(*np.unique(ends, return_counts=True))})

    def __add__(self, other: "Summary") -> "Summary":
        reasons = dict(self.end_reasons)
        for k, v in other.end_reasons.items():
            reasons[k] = reasons.get(k, 0) + v
        return Summary(self.games + other.games, tuple(a + b for a, b in zip(self.wins, other.wins)),
                       self.draws + other.draws, self.first + other.first, self.turns + other.turns, reasons)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    def lines(self, labels, end_reasons: dict[int, str]) -> list[str]:
        out = [f"games: {self.games}"]
        for d, wins in enumerate(self.wins):
            out.append(f"{labels[d]}: win rate {shown(*wins.interval())}, {wins.k:.0f} wins")
        out.append(f"draws: {shown(*self.draws.interval())}")
        fp, lo, hi = self.first.interval()
        out.append(f"first player wins {percent(fp)} of decisive games (95% CI {percent(lo)} to {percent(hi)})")
        out.append("(intervals count seed pairs: the two games of a pair share their seed)" if len(self.wins) == 2
                   else f"(intervals count seat-rotation blocks: the {len(self.wins)} games of a block share their "
                        f"seed)")
        out.append(f"mean turns: {self.mean_turns:.1f}")
        out.append("end reasons: " + ", ".join(f"{end_reasons[k]} {v}" for k, v in sorted(self.end_reasons.items())))
        return out


def summarise(columns: dict[str, int], seats: int, records: dict) -> Summary:
    """A chunk's records reduced to its Summary (picklable with its ruleset's
    ``columns`` and the seats bound by functools.partial, for workers)."""
    return Summary.of(records["rows"], columns, seats)
