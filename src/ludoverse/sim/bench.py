"""Raw engine throughput: how fast random legal play runs, with and without cloning.

These figures measure the rules engine alone (``legal_actions`` + ``apply``), without bots
or determinisation, so they are comparable with other engines' published random-play rates.
The clone figure clones the state before every action and continues from the clone, which is
the access pattern of tree search; the gap between the two is the price of ``clone()``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ludoverse.core.api import Game
from ludoverse.core.registry import load
from ludoverse.sim.simulate import game_seed

MAX_ACTIONS_PER_GAME = 1_000_000
"""A game that runs longer than this is a bug in the game; fail instead of hanging."""


@dataclass(frozen=True, slots=True)
class Rate:
    """Complete random games played in one timed run."""

    games: int
    actions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else float("inf")


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    players: int
    plain: Rate
    cloned: Rate

    @property
    def clone_cost(self) -> float:
        """Fraction of action throughput lost by cloning before every action."""
        if self.plain.actions_per_second in (0.0, float("inf")):
            return 0.0
        return 1.0 - self.cloned.actions_per_second / self.plain.actions_per_second

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "games_per_second": self.plain.games_per_second,
            "actions_per_second": self.plain.actions_per_second,
            "clone_games_per_second": self.cloned.games_per_second,
            "clone_actions_per_second": self.cloned.actions_per_second,
        }


def random_play_rate(
    game: Game,
    players: int | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    clone: bool = False,
    options: Any = None,
) -> Rate:
    """Play whole random games until ``seconds`` have passed (at least one game).

    Game setup (``new_game``) is inside the timing: a games/s figure without it would flatter.
    """
    opts = game.make_options(options)
    n = game.check_players(players)
    choice = random.Random(seed).choice
    clock = time.perf_counter
    games = actions = 0
    t0 = clock()
    while True:
        state = game.new_game(n, game_seed(seed, games), opts)
        limit = actions + MAX_ACTIONS_PER_GAME
        if clone:
            while not state.is_terminal():
                a = choice(state.legal_actions())
                state = state.clone()
                state.apply(a)
                actions += 1
                if actions > limit:
                    raise RuntimeError(f"{game.name} game {games} did not end")
        else:
            while not state.is_terminal():
                state.apply(choice(state.legal_actions()))
                actions += 1
                if actions > limit:
                    raise RuntimeError(f"{game.name} game {games} did not end")
        games += 1
        elapsed = clock() - t0
        if elapsed >= seconds:
            return Rate(games, actions, elapsed)


def bench_game(
    game: Game | str,
    players: int | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    options: Any = None,
) -> BenchResult:
    """Random-play and clone+apply throughput of one game, ``seconds`` of timing each."""
    g = load(game) if isinstance(game, str) else game
    n = g.check_players(players)
    plain = random_play_rate(g, n, seconds, seed, clone=False, options=options)
    cloned = random_play_rate(g, n, seconds, seed, clone=True, options=options)
    return BenchResult(g.name, n, plain, cloned)
