"""Raw engine throughput: how fast random legal play runs, with and without cloning.

These figures measure the rules engine alone (``legal_actions`` + ``apply``), without bots
or determinisation, so they are comparable with other engines' published random-play rates.
The clone figure clones the state before every action and continues from the clone, which is
the access pattern of tree search; the gap between the two is the price of ``clone()``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoverse.core import compiled
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


# Search speed ------------------------------------------------------------------------------

OPENSPIEL_PY_ISMCTS_HEARTS = (830.0, 1400.0)
"""OpenSpiel's Python ISMCTS on Hearts, simulations/s on a 2-core machine like ours
(shared/facts/peers.md, section 9)."""


def sample_positions(
    game: Game, count: int, seed: int = 0, options: Any = None, players: int | None = None
) -> list[Any]:
    """Positions with a real choice, spread evenly over greedy self-play games.

    Every decision point with more than one legal action is collected; ``count`` of them are
    then taken at even spacing, so early, middle and late positions (every phase) appear.
    """
    from ludoverse.bots.base import make

    bot = make("greedy", game)
    n = game.check_players(players)
    opts = game.make_options(options)
    found: list[Any] = []
    games = 0
    while (len(found) < 4 * count or games < 8) and games < 50:
        state = game.new_game(n, game_seed(seed, games), opts)
        rng = random.Random(game_seed(seed, games))
        while not state.is_terminal():
            if len(state.legal_actions()) > 1:
                found.append(state.clone())
            seat = state.current_player
            state.apply(bot.choose(state.determinize(seat, rng), seat, rng))
        games += 1
    step = max(1, len(found) // count)
    return found[::step][:count]


@dataclass(frozen=True, slots=True)
class SearchRate:
    spec: str
    positions: int
    iterations: int
    seconds: float

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else float("inf")


def search_rate(game: Game, spec: str, positions: list[Any], seed: int = 0) -> SearchRate:
    """ISMCTS iterations per second over ``positions`` (one search per position).

    Timing covers the whole search: a fresh determinisation, selection, expansion, rollout
    and backpropagation per iteration. The search is handed ``determinize(seat)`` of each
    position, as every bot is.
    """
    from ludoverse.bots.base import make

    bot = make(spec, game)
    search = getattr(bot, "search", None)
    if search is None:
        raise ValueError(f"{spec!r} is not a search bot")
    rng = random.Random(seed)
    iterations = 0
    seconds = 0.0
    for state in positions:
        seat = state.current_player
        result = search(state.determinize(seat, rng), seat, rng)
        iterations += result.iterations
        seconds += result.seconds
    return SearchRate(bot.spec, len(positions), iterations, seconds)


@dataclass(frozen=True, slots=True)
class MoveTimes:
    """A bot's thinking time per move, grouped by the phase the observation names."""

    spec: str
    by_phase: dict[str, tuple[int, float, float]]  # phase -> (moves, mean s, slowest s)


def move_times(game: Game, spec: str, positions: list[Any], seed: int = 0) -> MoveTimes:
    """Time ``spec``'s move (determinisation included) at each position."""
    from ludoverse.bots.base import make

    bot = make(spec, game)
    rng = random.Random(seed)
    acc: dict[str, list[float]] = {}
    for state in positions:
        seat = state.current_player
        phase = str(state.observation(seat).get("phase", "any"))
        t = time.perf_counter()
        bot.choose(state.determinize(seat, rng), seat, rng)
        acc.setdefault(phase, []).append(time.perf_counter() - t)
    return MoveTimes(
        bot.spec, {p: (len(v), sum(v) / len(v), max(v)) for p, v in acc.items()}
    )


# Everything at once -------------------------------------------------------------------------

BOT_LEVELS = ("easy", "medium", "hard")
HARD_MOVE_GOAL_SECONDS = 1.0
"""A ``hard`` move must come back within a second at a table (issue 25)."""


def bench_report(
    names: list[str],
    players: int | None = None,
    seconds: float = 3.0,
    seed: int = 0,
    positions: int = 30,
    search: bool = True,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Every figure ``ludoverse bench`` shows, as plain data (``--json`` prints it as is).

    ``engines``: random play and clone+apply per game, and which build ran (``build``). With
    ``search``: ``search`` (ISMCTS iterations/s of textbook ISMCTS and of the medium and hard
    levels, and their ratio to OpenSpiel's published Python ISMCTS), ``bot_moves`` (every
    level's move time per phase over ``2 * positions`` positions) and ``slowest_hard_move``.
    A game that fails to load is listed under ``errors`` and the others are still measured.
    """
    say = progress or (lambda _msg: None)
    low, high = OPENSPIEL_PY_ISMCTS_HEARTS
    report: dict[str, Any] = {
        "settings": {"seconds": seconds, "seed": seed, "positions": positions,
                     "players": players},
        "engines": [], "errors": [],
    }
    games: list[tuple[Game, int]] = []
    for name in names:
        try:
            g = load(name)
            n = g.check_players(players)
        except Exception as exc:  # a game still being written must not stop the others
            report["errors"].append({"game": name, "error": str(exc)})
            continue
        games.append((g, n))
        say(f"{name}: random play")
        row = bench_game(g, n, seconds, seed).to_json()
        # Compiled or plain Python (ludoverse.core.compiled): the figures depend on it.
        row["build"] = compiled.status(type(g).__module__.rpartition(".")[0])
        report["engines"].append(row)
    if not search:
        return report
    report["openspiel_reference"] = {
        "simulations_per_second": [low, high],
        "what": "OpenSpiel's Python ISMCTS on Hearts, shared/facts/peers.md section 9",
    }
    report["search"], report["bot_moves"] = [], []
    slowest: dict[str, Any] | None = None
    for g, n in games:
        say(f"{g.name}: search")
        sample = sample_positions(g, positions, seed, players=n)
        specs = dict.fromkeys(["ismcts:iters=500,rollout=random,cutoff=none",
                               g.bot_levels["medium"], g.bot_levels["hard"]])
        for spec in specs:
            if spec.startswith("ismcts"):
                rate = search_rate(g, spec, sample, seed).iterations_per_second
                report["search"].append({"game": g.name, "players": n, "spec": spec,
                                         "iterations_per_second": rate,
                                         "openspiel_ratio": rate / high})
        say(f"{g.name}: bot moves")
        sample = sample_positions(g, 2 * positions, seed, players=n)
        for level in BOT_LEVELS:
            times = move_times(g, g.bot_levels[level], sample, seed)
            for phase, (moves, mean, most) in times.by_phase.items():
                row = {"game": g.name, "players": n, "level": level, "spec": times.spec,
                       "phase": phase, "moves": moves, "mean_ms": 1000 * mean,
                       "slowest_ms": 1000 * most}
                report["bot_moves"].append(row)
                if level == "hard" and (slowest is None or row["slowest_ms"] > slowest["ms"]):
                    slowest = {"game": g.name, "phase": phase, "ms": row["slowest_ms"]}
    if slowest is not None:
        slowest["goal_ms"] = 1000 * HARD_MOVE_GOAL_SECONDS
        slowest["met"] = slowest["ms"] < slowest["goal_ms"]
    report["slowest_hard_move"] = slowest
    return report
