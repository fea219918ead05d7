"""Play many games between bots and summarise who wins, by how much, and how long games last.

Every game of a run is reproducible on its own: game ``i`` of a run with base seed ``S`` uses
seed :func:`game_seed` ``(S, i) = S * 1_000_003 + i``, so a designer can pull any single game
out of a batch and replay or watch it with ``ludoverse play GAME --seed <that seed>``. The
work is split into :func:`run_game` (one picklable unit) and :func:`summarize` (pure
aggregation in game order) so that a parallel runner can plug in without changing results.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludoverse.bots.base import SpecError, make
from ludoverse.core.api import Game, Outcome
from ludoverse.core.registry import load
from ludoverse.sim.parallel import run_tasks
from ludoverse.sim.play import play_game
from ludoverse.sim.results import ResultsFile, make_header

SEED_STRIDE = 1_000_003
"""A prime larger than any sensible batch, so seeds of different base seeds do not collide."""

HUMAN = "human"


def game_seed(seed: int, index: int) -> int:
    """Seed of game ``index`` in a run with base ``seed`` (``seed * 1_000_003 + index``)."""
    return seed * SEED_STRIDE + index


def resolve_seats(
    game: Game, seats: Sequence[str] | None, players: int | None, fill: str = "greedy"
) -> list[str]:
    """Seat specs for a game: ``seats`` if given (checked against ``players``), else ``fill``.

    Every spec other than ``human`` must build a bot, so a typo fails before any game starts.
    """
    if seats:
        specs = [s.strip() for s in seats]
        if players is not None and players != len(specs):
            raise ValueError(f"--players {players} but {len(specs)} seats were given")
    else:
        specs = [fill] * game.check_players(players)
    game.check_players(len(specs))
    for spec in specs:
        if not spec:
            raise SpecError("empty seat in the seat list")
        if spec.lower() != HUMAN:
            make(spec, game)
    return specs


def resolve_bot_seats(game: Game, seats: Sequence[str] | None, players: int | None) -> list[str]:
    """Like :func:`resolve_seats` (greedy by default), but every seat must be a bot."""
    specs = resolve_seats(game, seats, players)
    if any(s.lower() == HUMAN for s in specs):
        raise SpecError("simulate plays bots only; use 'ludoverse play' for human seats")
    return specs


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a batch keeps from one game."""

    index: int
    seed: int
    outcome: Outcome
    decisions: int
    legal_total: int = 0
    metrics: dict[str, float] = field(default_factory=dict)
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": "game",
            "index": self.index,
            "seed": self.seed,
            "decisions": self.decisions,
            "legal_total": self.legal_total,
            "outcome": self.outcome.to_json(),
            "metrics": self.metrics,
            "tables": self.tables,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> GameResult:
        return cls(int(d["index"]), int(d["seed"]), Outcome.from_json(d["outcome"]),
                   int(d["decisions"]), int(d.get("legal_total", 0)), dict(d.get("metrics", {})),
                   dict(d.get("tables", {})))


@dataclass
class SimSummary:
    """Per-seat results of a batch. A game won jointly by ``k`` seats gives each ``1/k`` win."""

    game: str
    players: int
    seats: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    games: int
    wins: tuple[float, ...]
    mean_scores: tuple[float, ...]
    mean_decisions: float
    reasons: dict[str, int] = field(default_factory=dict)
    elapsed: float = 0.0
    resumed: int = 0
    """Games read back from the results file rather than played in this run."""
    results: list[GameResult] = field(default_factory=list, repr=False)
    """Every game, in game order (for :func:`ludoverse.sim.metrics.compute`)."""

    @property
    def win_rates(self) -> tuple[float, ...]:
        return tuple(w / self.games for w in self.wins) if self.games else self.wins

    @property
    def games_per_second(self) -> float:
        """Speed of the games played in this run (resumed ones took no time)."""
        played = self.games - self.resumed
        return played / self.elapsed if self.elapsed > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seats": list(self.seats),
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
            "wins": list(self.wins),
            "win_rates": list(self.win_rates),
            "mean_scores": list(self.mean_scores),
            "mean_decisions": self.mean_decisions,
            "reasons": self.reasons,
        }


def run_game(
    game: Game,
    seats: Sequence[str],
    seed: int,
    index: int,
    options: Any = None,
    content: Any = None,
) -> GameResult:
    """Play game ``index`` of a run with base ``seed``; the unit of work for any runner."""
    s = game_seed(seed, index)
    played = play_game(game, list(seats), seed=s, options=options, content=content)
    return GameResult(index, s, played.outcome, played.decisions, played.legal_total,
                      game.game_metrics(played.final), game.game_tables(played.final))


def run_games_task(
    game_name: str, seats: Sequence[str], seed: int, indexes: Sequence[int],
    options: dict[str, Any], content: dict[str, Any] | None,
) -> list[GameResult]:
    """:func:`run_game` for a batch of games, from picklable arguments (a worker's job)."""
    g = load(game_name)
    return [run_game(g, seats, seed, i, options, content) for i in indexes]


def batch_size(todo: int, workers: int) -> int:
    """Games per job: big enough to hide process overhead, small enough that progress
    moves and little is lost when a run is stopped."""
    return 1 if workers <= 1 else max(1, min(50, todo // (workers * 40)))


def summarize(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: dict[str, Any],
    results: Sequence[GameResult],
    elapsed: float = 0.0,
) -> SimSummary:
    """Aggregate results in game order, so the numbers never depend on who finished first."""
    n = len(seats)
    wins = [0.0] * n
    scores = [0.0] * n
    decisions = 0
    reasons: Counter[str] = Counter()
    for r in sorted(results, key=lambda r: r.index):
        share = 1.0 / len(r.outcome.winners) if r.outcome.winners else 0.0
        for w in r.outcome.winners:
            wins[w] += share
        for s in range(n):
            scores[s] += r.outcome.scores[s]
        decisions += r.decisions
        reasons[r.outcome.reason] += 1
    g = len(results)
    return SimSummary(
        game=game.name,
        players=n,
        seats=tuple(seats),
        seed=seed,
        options=options,
        games=g,
        wins=tuple(wins),
        mean_scores=tuple(x / g for x in scores) if g else tuple(scores),
        mean_decisions=decisions / g if g else 0.0,
        reasons=dict(sorted(reasons.items())),
        elapsed=elapsed,
        results=sorted(results, key=lambda r: r.index),
    )


def simulate(
    game: Game | str,
    games: int,
    seats: Sequence[str] | None = None,
    players: int | None = None,
    seed: int = 0,
    options: Any = None,
    content: Any = None,
    workers: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
    out: Path | str | None = None,
    fresh: bool = False,
    backend: str = "local",
    address: str | None = None,
) -> SimSummary:
    """Play ``games`` games between bots on ``workers`` processes and summarise them.

    ``seats`` defaults to greedy bots in every seat. ``on_game`` sees each new result as it
    finishes (progress bars). With ``out``, every game is written to that results file as it
    finishes, and games already in it (from an earlier, stopped run of the same job) are not
    played again; ``fresh`` starts the file over. ``backend="ray"`` plays on a Ray cluster
    (``address``) or a private local Ray instance; the results are the same as locally.
    """
    g = load(game) if isinstance(game, str) else game
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    specs = resolve_bot_seats(g, seats, players)
    opts = g.make_options(options)
    opts_json = opts.model_dump(mode="json")
    content_json = None if content is None else g.content_to_json(g.load_content(content))
    store = None
    if out is not None:
        header = make_header(g.name, g.version, specs, seed, opts_json, content_json)
        store = ResultsFile(Path(out), header, fresh)
    done = {} if store is None else {
        i: GameResult.from_json(e) for i, e in store.done.items() if i < games
    }
    todo = [i for i in range(games) if i not in done]
    size = batch_size(len(todo), workers if backend == "local" else max(2, workers))
    tasks = [(g.name, specs, seed, todo[k : k + size], opts_json, content_json)
             for k in range(0, len(todo), size)]
    results = list(done.values())
    t0 = time.perf_counter()
    try:
        for batch in run_tasks(run_games_task, tasks, workers, backend, address):
            for r in batch:
                if store is not None:
                    store.write(r.to_json())
                results.append(r)
                if on_game is not None:
                    on_game(r)
    finally:
        if store is not None:
            store.close()
    elapsed = time.perf_counter() - t0
    summary = summarize(g, specs, seed, opts_json, results, elapsed)
    summary.resumed = len(done)
    return summary
