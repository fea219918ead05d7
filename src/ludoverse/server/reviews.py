"""Post-game reviews on the server: for one seat of a finished game (or an uploaded record),
each decision against the move a search prefers, with estimated win shares and a verdict
(``ludoverse.review``, ``docs/review.md``).

A review is a job. It is judged one decision per call in the bots' worker processes
(``BotPool.run``), by one runner per server that takes the jobs in turn, a decision each:
so progress is counted per decision, a short review is not queued behind a long one, and a
table's bot move waits for at most one review decision, never for a whole review. Each
decision's search is capped in time (``[reviews] decision_seconds``); the number of jobs
queued or running is capped (``jobs``), and finished reviews are kept in memory, the least
recently asked for forgotten first (``kept``).

The review's seed is fixed, so the same game, seat and configured bot give the same review,
and one job answers everyone who asks for the same seat of the same game. A finished game's
record is public (its seed is shown once it is over), so any seat's review may be shown to
anyone who may see its replay.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict, deque
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.orm import Session, sessionmaker

from ludoverse.bots.ismcts import ISMCTSBot
from ludoverse.core.records import GameRecord
from ludoverse.core.registry import load
from ludoverse.core.words import name_seats
from ludoverse.review.engine import (
    MoveReview,
    Review,
    ReviewError,
    decisions,
    review_bot,
    review_position,
)
from ludoverse.review.verdicts import DEFAULT_THRESHOLDS
from ludoverse.server.botpool import BotPool
from ludoverse.server.config import ServerConfig
from ludoverse.server.db import finished_record
from ludoverse.server.errors import TableError, too_many

log = logging.getLogger("ludoverse.server")

SEED = 0
"""Every server review uses this review seed: the same game and seat give the same review."""

Status = Literal["queued", "running", "done", "failed"]


class ReviewIn(BaseModel):
    """Which seat of the game to review."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7, description="the seat to review, counted from 0")


class ReviewOut(BaseModel):
    """A review job: its progress, then the review (``ludoverse review --json``'s shape)."""

    table: str
    seat: int
    status: Status
    done: int = Field(description="decisions judged so far")
    total: int = Field(description="decisions of the seat with more than one legal move")
    review: dict[str, Any] | None = Field(None, description="the review, once done")
    error: str | None = Field(None, description="why the review failed")


@cache
def _search(game: str, spec: str) -> ISMCTSBot:
    return review_bot(spec, load(game))


def review_decision(game: str, state_json: dict[str, Any], action: int, spec: str, seed: int,
                    step: int, cap_ms: float | None) -> MoveReview:
    """One decision's review (runs in a bot worker): the true state is rebuilt here and
    determinised for the seat to move by ``review_position`` before the search sees it."""
    state = load(game).state_from_json(state_json)
    return review_position(state, action, _search(game, spec), seed, step, cap_ms=cap_ms)


@dataclass
class Job:
    """One seat's review of one game, from the queue to the result."""

    table: str
    seat: int
    game: str
    title: str
    players: int
    bot: str
    finished: bool
    forced: int
    outcome: dict[str, Any] | None
    names: list[str]
    todo: list[tuple[int, dict[str, Any], int]]
    """``(step, true state before it as JSON, action played)`` per decision to judge."""
    total: int = 0
    moves: list[MoveReview] = field(default_factory=list)
    status: Status = "queued"
    error: str | None = None
    seconds: float = 0.0

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def result(self) -> dict[str, Any]:
        """The review as ``Review.to_json()`` gives it, seats named as the table names them
        (``you`` stays the reviewed seat: the labels are worded as that seat saw its moves)."""
        out = Review(game=self.game, title=self.title, seat=self.seat, players=self.players,
                     bot=self.bot, seed=SEED, thresholds=DEFAULT_THRESHOLDS,
                     finished=self.finished, forced=self.forced, moves=self.moves,
                     outcome=self.outcome, seconds=self.seconds).to_json()
        for m in out["moves"]:
            m["played"] = name_seats(m["played"], self.names)
            m["best"] = name_seats(m["best"], self.names)
        out["names"] = self.names
        return out

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "seat": self.seat, "status": self.status,
                "done": len(self.moves), "total": self.total,
                "review": self.result() if self.status == "done" else None,
                "error": self.error}


class Reviews:
    """The server's review jobs: started on request, judged a decision at a time in the bot
    workers, kept for a while when done."""

    def __init__(self, db: sessionmaker[Session], bots: BotPool, config: ServerConfig) -> None:
        self.db = db
        self.bots = bots
        self.config = config
        self.jobs: OrderedDict[tuple[str, int], Job] = OrderedDict()
        self._turns: deque[Job] = deque()
        self._runner: asyncio.Task[None] | None = None

    @property
    def limit_seconds(self) -> float:
        """How long one decision may take in the workers before it is stopped: its own cap,
        the grace bots get, and a bot move that may be ahead of it in the queue."""
        b = self.config.bots
        return self.config.reviews.decision_seconds + b.grace_seconds + b.move_seconds

    async def start(self, table_id: str, seat: int) -> tuple[Job, bool]:
        """The review of ``seat`` at ``table_id``, and whether it was started now (an earlier
        request's job is shared; a failed one is started again)."""
        key = (table_id, seat)
        job = self._existing(key)
        if job is not None:
            return job, False
        self._check_room()
        rec, names = await asyncio.to_thread(self._record, table_id)
        if not 0 <= seat < rec.players:
            raise TableError(422, "no_such_seat", f"this game has seats 1 to {rec.players}, "
                                                  f"so there is no seat {seat + 1} to review")
        job = await asyncio.to_thread(self._prepare, table_id, seat, rec, names)
        again = self._existing(key)  # someone asked for the same while the record was read
        if again is not None:
            return again, False
        self._check_room()
        self.jobs[key] = job
        if job.total:
            self._turns.append(job)
            if self._runner is None or self._runner.done():
                self._runner = asyncio.get_running_loop().create_task(self._run())
        else:
            job.status = "done"
            self._forget()
        return job, True

    def get(self, table_id: str, seat: int) -> Job:
        """The job for ``seat`` at ``table_id`` (404 if nobody asked for it, or it was
        forgotten)."""
        job = self.jobs.get((table_id, seat))
        if job is None:
            raise TableError(404, "not_found", f"there is no review of seat {seat + 1} of this "
                                               "game yet (or it was forgotten): start one")
        self.jobs.move_to_end((table_id, seat))
        return job

    def close(self) -> None:
        if self._runner is not None:
            self._runner.cancel()

    # Inside -------------------------------------------------------------------------------------

    def _existing(self, key: tuple[str, int]) -> Job | None:
        job = self.jobs.get(key)
        if job is None or job.status == "failed":
            return None
        self.jobs.move_to_end(key)
        return job

    def _check_room(self) -> None:
        cap = self.config.reviews.jobs
        if sum(j.active for j in self.jobs.values()) >= cap:
            raise too_many(f"the server is already reviewing {cap} game"
                           f"{'s' if cap != 1 else ''}: try again when one is done")

    def _record(self, table_id: str) -> tuple[GameRecord, list[str]]:
        with self.db() as s:
            rec, seats = finished_record(s, table_id)  # 404, or 409 while the game is on
        return rec, [x.name for x in seats]

    def _prepare(self, table_id: str, seat: int, rec: GameRecord, names: list[str]) -> Job:
        """Replay the record once: the positions to judge, sent to the workers as JSON."""
        try:
            game = load(rec.game)
            spec = _search(game.name, self.config.reviews.bot).spec
            found, forced, finished = decisions(rec, seat)
        except (KeyError, ReviewError) as exc:
            raise TableError(422, "bad_record", f"this game cannot be reviewed: {exc}") from None
        todo = []
        for step, state, action in found:
            state.events = []  # the log plays no part in a decision and grows all game long
            todo.append((step, state.to_json(), action))
        return Job(table=table_id, seat=seat, game=game.name, title=game.title,
                   players=rec.players, bot=spec, finished=finished, forced=forced,
                   outcome=rec.outcome if finished else None, names=names, todo=todo,
                   total=len(todo))

    async def _run(self) -> None:
        """Judge one decision of each waiting job in turn, until none waits."""
        cap_ms = self.config.reviews.decision_seconds * 1000
        limit = self.limit_seconds
        while self._turns:
            job = self._turns.popleft()
            job.status = "running"
            step, state_json, action = job.todo[len(job.moves)]
            started = time.perf_counter()
            try:
                move = await self.bots.run(review_decision, job.game, state_json, action,
                                           job.bot, SEED, step, cap_ms, timeout=limit)
            except TimeoutError:
                self._fail(job, f"a decision took more than {limit:g} s and was stopped")
                continue
            except BrokenProcessPool:
                self._fail(job, "the worker judging a decision stopped (out of memory or "
                                "killed)")
                continue
            except Exception as exc:  # one bad review must not stop the others
                first = (str(exc).strip().splitlines() or [""])[0][:200]
                self._fail(job, f"judging move {step + 1} failed ({type(exc).__name__}: {first})")
                continue
            job.seconds += time.perf_counter() - started
            job.moves.append(move)
            if len(job.moves) < job.total:
                self._turns.append(job)
            else:
                job.status, job.todo = "done", []
                self._forget()

    def _fail(self, job: Job, why: str) -> None:
        log.warning("review of seat %d at table %s failed: %s", job.seat, job.table, why)
        job.status, job.error, job.todo = "failed", why, []
        self._forget()

    def _forget(self) -> None:
        """Keep at most ``kept`` finished reviews: the least recently asked for go first."""
        ended = [k for k, j in self.jobs.items() if not j.active]
        for key in ended[: max(0, len(ended) - self.config.reviews.kept)]:
            del self.jobs[key]
