"""Innomination's search agent (DESIGN §10): at a Main Phase decision it
scores each candidate action -- its rollout agent's own choice, then others
drawn from its own stream -- by rollouts of a copy of the game to the end,
every seat played by the rollout agent, and takes the best mean unless it
beats the rollout agent's choice by less than ``margin``.  Every option of one
decision is scored on the same futures (common random numbers).  Other
decisions, and all of them in a rollout, are its rollout agent's."""
from __future__ import annotations

import copy

from ...rules.innomination import game as games
from ...rules.innomination.state import Game, GameOver

CANDIDATES = 8                  # options scored at one decision, the rollout agent's choice among them


class Search:
    searches = True

    def __init__(self, name: str, budget: dict, rollout):
        self.label, self.rollout = name, rollout
        self.rollouts, self.searched = budget["rollouts"], set(budget["searched"])
        self.margin = budget.get("margin", 0.0)

    def choose(self, game: Game, seat: int, decision: str, options: list) -> int:
        own = self.rollout.choose(game, seat, decision, options)
        if decision not in self.searched or len(options) == 1:
            return own
        rng = game.search_rng
        others = [k for k in range(len(options)) if k != own]
        rng.shuffle(others)
        candidates = [own, *others[:CANDIDATES - 1]]
        salt = rng.getrandbits(64)
        means = [self.score(game, seat, options[k], salt) for k in candidates]
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best] if means[best] > means[0] + self.margin else own

    def score(self, game: Game, seat: int, option, salt: int) -> float:
        """Mean result for ``seat`` (1 a win, 1/2 a draw) of rollouts from ``option``."""
        total = 0.0
        for r in range(self.rollouts):
            g, first = copy.deepcopy((game, option))
            g.trace, g.agents = None, [self.rollout] * len(g.players)
            g.rng, g.policy_rng = games.stream(salt, r, "game"), games.stream(salt, r, "policy")
            try:
                games.resume(g, seat, first)
            except GameOver:
                pass
            total += 0.5 if g.winner < 0 else float(g.winner == seat)
        return total / self.rollouts
