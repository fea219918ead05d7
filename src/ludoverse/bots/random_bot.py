"""Uniformly random legal play: the baseline every other bot must beat."""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import State


class RandomBot:
    spec = "random"

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int:
        return rng.choice(state.legal_actions())
