"""Tournaments between bots: who is stronger, by how much, and how sure can we be.

With rotation (the default), every deal is played once from each seat arrangement in turn
(seat lists rotated by one, ``n`` games per deal), so each bot meets the same cards from
every seat and the luck of the deal largely cancels. Intervals treat the ``n`` games of one
deal as one sample (see :mod:`ludoverse.sim.stats`).

A bot's *win share* is its seats' share of the win (a joint win of ``k`` seats gives each
``1/k``), averaged over its seats; with ``n`` seats the fair share is ``1/n``. The *pairwise*
score of bot A against bot B is how often a seat of A finishes above a seat of B in the same
game (ties count half); 0.5 means equal strength. Ratings are Bradley-Terry fits of the
pairwise results on the Elo scale.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoverse.bots.base import LEVELS, Bot, make
from ludoverse.core.api import Game, State
from ludoverse.core.registry import load
from ludoverse.sim.parallel import run_tasks
from ludoverse.sim.play import play
from ludoverse.sim.results import ResultsFile
from ludoverse.sim.simulate import game_seed, resolve_bot_seats
from ludoverse.sim.stats import Estimate, bootstrap_ratings, bradley_terry, cluster_mean_ci


class TimedBot:
    """Wraps a bot to measure its thinking time per decision."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.spec = bot.spec
        self.seconds = 0.0
        self.moves = 0
        self.slowest = 0.0

    def choose(self, state: State, seat: int, rng: Any, budget: Any = None) -> int:
        t = time.perf_counter()
        a = self.bot.choose(state, seat, rng, budget)
        dt = time.perf_counter() - t
        self.seconds += dt
        self.moves += 1
        self.slowest = max(self.slowest, dt)
        return a


@dataclass(frozen=True, slots=True)
class TournamentGame:
    """One game of a tournament: who sat where and how it ended."""

    index: int
    deal: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    think_seconds: tuple[float, ...]
    think_moves: tuple[int, ...]
    slowest_move: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "deal": self.deal, "seed": self.seed,
            "seats": list(self.seats), "scores": list(self.scores),
            "places": list(self.places), "winners": list(self.winners),
            "decisions": self.decisions, "think_seconds": list(self.think_seconds),
            "think_moves": list(self.think_moves), "slowest_move": list(self.slowest_move),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> TournamentGame:
        return cls(
            index=int(d["index"]), deal=int(d["deal"]), seed=int(d["seed"]),
            seats=tuple(d["seats"]), scores=tuple(d["scores"]), places=tuple(d["places"]),
            winners=tuple(d["winners"]), decisions=int(d["decisions"]),
            think_seconds=tuple(d["think_seconds"]), think_moves=tuple(d["think_moves"]),
            slowest_move=tuple(d["slowest_move"]),
        )


Seating = tuple[int, int, tuple[str, ...]]


def schedule(specs: Sequence[str], games: int, rotate: bool) -> list[Seating]:
    """``(index, deal, seats)`` for each game. Rotation plays each deal from all ``n`` seatings,
    so ``games`` is rounded up to a multiple of ``n``."""
    n = len(specs)
    out = []
    if not rotate:
        return [(i, i, tuple(specs)) for i in range(games)]
    deals = -(-games // n)
    for d in range(deals):
        for r in range(n):
            seats = tuple(specs[(k - r) % n] for k in range(n))
            out.append((d * n + r, d, seats))
    return out


def bot_name(game: Game, spec: str) -> str:
    """The concrete spec, so two spellings of one bot are one bot; a strength name keeps its
    name in front: ``"medium (ismcts:iters=300)"``."""
    concrete = make(spec, game).spec
    name = spec.strip().lower()
    return f"{name} ({concrete})" if name in LEVELS else concrete


def tournament_seats(game: Game, seats: Sequence[str]) -> list[str]:
    """Seat names (see :func:`bot_name`), checked: only bots, at least two different ones."""
    names = [bot_name(game, s) for s in resolve_bot_seats(game, seats, None)]
    if len({_spec_of(s) for s in names}) < 2:
        raise ValueError("a tournament needs at least two different bots")
    return names


def _spec_of(name: str) -> str:
    return name.split(" (")[-1].rstrip(")") if name.endswith(")") else name


def play_one(
    game_name: str, seats: tuple[str, ...], seed: int, index: int, deal: int,
    options: dict[str, Any] | None,
) -> TournamentGame:
    """Play one tournament game (the unit of work for the parallel runner)."""
    g = load(game_name)
    bots = [TimedBot(make(_spec_of(s), g)) for s in seats]
    record, out = play(g, bots, seed=seed, options=options)
    return TournamentGame(
        index=index, deal=deal, seed=seed, seats=seats, scores=tuple(out.scores),
        places=tuple(out.ranking), winners=tuple(out.winners), decisions=len(record.actions),
        think_seconds=tuple(b.seconds for b in bots), think_moves=tuple(b.moves for b in bots),
        slowest_move=tuple(b.slowest for b in bots),
    )


@dataclass(frozen=True, slots=True)
class BotStats:
    name: str
    seat_games: int
    win_share: Estimate
    score: Estimate
    rating: float
    rating_ci: float
    mean_move_ms: float
    slowest_move_ms: float


@dataclass
class TournamentResult:
    game: str
    seats: tuple[str, ...]
    seed: int
    rotate: bool
    options: dict[str, Any]
    games: list[TournamentGame]
    elapsed: float = 0.0
    resumed: int = 0
    """Games read back from the results file of an earlier, stopped run."""

    @property
    def bots(self) -> list[str]:
        """Distinct bots, in the order they were listed."""
        return list(dict.fromkeys(self.seats))

    def _clusters(self) -> dict[int, list[TournamentGame]]:
        by_deal: dict[int, list[TournamentGame]] = {}
        for g in sorted(self.games, key=lambda g: g.index):
            by_deal.setdefault(g.deal, []).append(g)
        return by_deal

    def _pair_clusters(self) -> list[list[tuple[str, str, float]]]:
        out = []
        for games in self._clusters().values():
            results = []
            for g in games:
                n = len(g.seats)
                for i in range(n):
                    for j in range(i + 1, n):
                        if g.seats[i] == g.seats[j]:
                            continue
                        pi, pj = g.places[i], g.places[j]
                        score = 1.0 if pi < pj else 0.5 if pi == pj else 0.0
                        results.append((g.seats[i], g.seats[j], score))
            out.append(results)
        return out

    def pairwise(self) -> dict[tuple[str, str], Estimate]:
        """``(a, b)`` -> how often a seat of ``a`` finished above a seat of ``b``."""
        bots = self.bots
        out = {}
        clusters = self._pair_clusters()
        for a in bots:
            for b in bots:
                if a == b:
                    continue
                per = []
                for c in clusters:
                    vals = [s if x == a else 1.0 - s for x, y, s in c if {x, y} == {a, b}]
                    per.append(vals)
                out[(a, b)] = cluster_mean_ci(per)
        return out

    def stats(self, bootstrap: int = 200) -> list[BotStats]:
        bots = self.bots
        clusters = self._clusters()
        pair_clusters = self._pair_clusters()
        ratings = bradley_terry(bots, [x for c in pair_clusters for x in c])
        cis = bootstrap_ratings(bots, pair_clusters, samples=bootstrap, seed=self.seed)
        out = []
        for b in bots:
            wins, scores = [], []
            seconds = moves = 0.0
            slowest = 0.0
            for games in clusters.values():
                w, s = [], []
                for g in games:
                    share = 1.0 / len(g.winners) if g.winners else 0.0
                    for k, spec in enumerate(g.seats):
                        if spec == b:
                            w.append(share if k in g.winners else 0.0)
                            s.append(g.scores[k])
                            seconds += g.think_seconds[k]
                            moves += g.think_moves[k]
                            slowest = max(slowest, g.slowest_move[k])
                wins.append(w)
                scores.append(s)
            out.append(BotStats(
                name=b, seat_games=sum(len(w) for w in wins), win_share=cluster_mean_ci(wins),
                score=cluster_mean_ci(scores), rating=ratings[b], rating_ci=cis[b],
                mean_move_ms=1000 * seconds / moves if moves else 0.0,
                slowest_move_ms=1000 * slowest,
            ))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "seats": list(self.seats), "seed": self.seed,
            "rotate": self.rotate, "options": self.options, "elapsed": self.elapsed,
            "bots": [
                {"name": s.name, "seat_games": s.seat_games,
                 "win_share": [s.win_share.mean, s.win_share.half_width],
                 "score": [s.score.mean, s.score.half_width],
                 "rating": [s.rating, s.rating_ci], "mean_move_ms": s.mean_move_ms,
                 "slowest_move_ms": s.slowest_move_ms}
                for s in self.stats()
            ],
            "pairwise": [
                {"a": a, "b": b, "score": e.mean, "half_width": e.half_width}
                for (a, b), e in self.pairwise().items()
            ],
            "games": [g.to_json() for g in sorted(self.games, key=lambda g: g.index)],
        }


def tournament(
    game: Game | str,
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    rotate: bool = True,
    options: Any = None,
    workers: int = 1,
    on_game: Callable[[TournamentGame], None] | None = None,
    out: Path | str | None = None,
    fresh: bool = False,
) -> TournamentResult:
    """Play a tournament; deal ``d`` uses seed ``game_seed(seed, d)`` for all its seatings.

    With ``out``, every game is written to that results file as it finishes, and games
    already in it (from an earlier, stopped run of the same tournament, or a shorter one) are
    not played again; ``fresh`` starts the file over. Game ``i`` always has the same deal and
    seating, so a resumed tournament equals an uninterrupted one."""
    g = load(game) if isinstance(game, str) else game
    if games < 1:
        raise ValueError("a tournament needs at least one game")
    specs = tournament_seats(g, seats)
    opts = g.make_options(options).model_dump(mode="json")
    store = None if out is None else ResultsFile(
        Path(out), tournament_header(g, specs, seed, rotate, opts), fresh)
    plan = schedule(specs, games, rotate)
    done = {} if store is None else {i: TournamentGame.from_json(e)
                                     for i, e in store.done.items()}
    done = {index: done[index] for index, deal, seating in plan
            if index in done and done[index].seats == seating and done[index].deal == deal}
    tasks = [
        (g.name, seating, game_seed(seed, deal), index, deal, opts)
        for index, deal, seating in plan if index not in done
    ]
    t0 = time.perf_counter()
    played = list(done.values())
    try:
        for result in run_tasks(play_one, tasks, workers):
            if store is not None:
                store.write({"kind": "game", **result.to_json()})
            played.append(result)
            if on_game is not None:
                on_game(result)
    finally:
        if store is not None:
            store.close()
    played.sort(key=lambda r: r.index)
    return TournamentResult(g.name, tuple(specs), seed, rotate, opts, played,
                            time.perf_counter() - t0, resumed=len(done))


def tournament_header(game: Game, specs: Sequence[str], seed: int, rotate: bool,
                      options: dict[str, Any]) -> dict[str, Any]:
    """What makes two runs the same tournament (the number of games may grow)."""
    return {"kind": TOURNAMENT_KIND, "game": game.name, "version": game.version,
            "seats": list(specs), "seed": seed, "rotate": rotate, "options": options}


TOURNAMENT_KIND = "ludoverse-tournament"
