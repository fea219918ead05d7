"""One-ply greedy play with the game's own evaluation (``Game.heuristics``)."""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import State


class GreedyBot:
    """Tries every legal action on a clone and keeps the best by the game's evaluation.

    Ties are broken at random so that greedy play is not predictable. A game without
    heuristics gets random play, which is the honest one-ply answer with no knowledge.
    """

    def __init__(self, noise: str | float = 0.0) -> None:
        self.noise = float(noise)
        self.spec = "greedy" if not self.noise else f"greedy:noise={self.noise:g}"

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        heur = getattr(state.game, "heuristics", None)
        if heur is None:
            return rng.choice(actions)
        policy = getattr(heur, "choose", None)
        if policy is not None:
            chosen = policy(state, seat, rng)
            if chosen is not None:
                return chosen
        best: list[int] = []
        best_value = float("-inf")
        for a in actions:
            child = state.search_clone()  # applies only its own legal actions
            child.apply(a)
            v = heur.evaluate(child, seat)
            if self.noise:
                v += rng.gauss(0.0, self.noise)
            if v > best_value + 1e-12:
                best_value, best = v, [a]
            elif abs(v - best_value) <= 1e-12:
                best.append(a)
        return rng.choice(best)
