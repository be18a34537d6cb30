"""The headline numbers of a batch of games, with Wilson 95% intervals (DESIGN §7)."""
from dataclasses import dataclass

import numpy as np

from ..rules.innomine.game import R_END, R_FIRST, R_TURNS, R_WINNER
from .intervals import percent, shown, wilson


@dataclass
class Summary:
    games: int
    wins: tuple[int, int]        # deck A, deck B
    draws: int
    first_wins: int              # games won by the seat that went first
    decisive: int
    turns: int                   # summed over games
    end_reasons: dict[int, int]

    @classmethod
    def of(cls, rows: np.ndarray) -> "Summary":
        w = rows[:, R_WINNER]
        decisive = int((w >= 0).sum())
        return cls(games=len(rows), wins=(int((w == 0).sum()), int((w == 1).sum())),
                   draws=int((w < 0).sum()), first_wins=int(((w >= 0) & (w == rows[:, R_FIRST])).sum()),
                   decisive=decisive, turns=int(rows[:, R_TURNS].sum()),
                   end_reasons={int(k): int(v) for k, v in zip(*np.unique(rows[:, R_END], return_counts=True))})

    def __add__(self, other: "Summary") -> "Summary":
        reasons = dict(self.end_reasons)
        for k, v in other.end_reasons.items():
            reasons[k] = reasons.get(k, 0) + v
        return Summary(self.games + other.games, (self.wins[0] + other.wins[0], self.wins[1] + other.wins[1]),
                       self.draws + other.draws, self.first_wins + other.first_wins,
                       self.decisive + other.decisive, self.turns + other.turns, reasons)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.games if self.games else 0.0

    def lines(self, labels) -> list[str]:
        out = [f"games: {self.games}"]
        for d in range(2):
            rate = shown(self.wins[d] / self.games, *wilson(self.wins[d], self.games))
            out.append(f"{labels[d]}: win rate {rate}, {self.wins[d]} wins")
        out.append(f"draws: {shown(self.draws / self.games, *wilson(self.draws, self.games))}")
        fp = self.first_wins / self.decisive if self.decisive else float("nan")
        lo, hi = wilson(self.first_wins, self.decisive)
        out.append(f"first player wins {percent(fp)} of decisive games (95% CI {percent(lo)} to {percent(hi)})")
        out.append(f"mean turns: {self.mean_turns:.1f}")
        names = {0: "threshold reached", 1: "turn cap", 2: "deck-out"}
        out.append("end reasons: " + ", ".join(f"{names[k]} {v}" for k, v in sorted(self.end_reasons.items())))
        return out


def summarise(records: dict) -> Summary:
    """A chunk's records reduced to its Summary (picklable, for workers)."""
    return Summary.of(records["rows"])
