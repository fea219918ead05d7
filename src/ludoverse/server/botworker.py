"""Bot workers: take the bot moves queued in the database, think, and store the move.

Every change that leaves a bot to move queues a job in the same transaction
(``db.BotJobRow``), so a job is never lost and never made twice. Any number of workers,
in the web processes (each starts one unless told not to) or on their own
(``ludoverse bot-worker``), take jobs from the one database:

- On PostgreSQL a worker locks its job (``FOR UPDATE SKIP LOCKED``) and keeps the lock while
  its bot thinks, then stores the move and drops the job in that same transaction. Other
  workers pass over a locked job; if the worker dies, its connection and lock go with it and
  the next worker takes the job at once.
- SQLite serves one process, whose worker keeps its jobs apart in memory.

A move is stored with the same version check as a person's: a job whose table moved on
meanwhile (an undo, a closed table) is dropped, never played on the wrong position.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, sessionmaker

from ludoverse.core.api import Game, State
from ludoverse.core.registry import load
from ludoverse.server.botpool import BotPool
from ludoverse.server.config import ServerConfig
from ludoverse.server.db import (
    BotJobRow,
    SeatRow,
    Stale,
    TableRow,
    actions_of,
    queue_next_bot,
    record_move,
    seats_of,
)
from ludoverse.sim.play import bot_seed

log = logging.getLogger("ludoverse.server")

Moved = Callable[[str, int, int, str, str | None], Awaitable[None]]
"""Told of each stored move: the table, its new revision, the move and its label, and any
notice for its players."""


@dataclass
class Claim:
    """A job this worker holds, with what it needs to play it."""

    session: Session | None
    """PostgreSQL: the open transaction that locks the job (the move is stored in it)."""
    job: BotJobRow
    table: TableRow
    seats: list[SeatRow]

    def close(self) -> None:
        if self.session is not None:
            self.session.close()  # rolls back whatever was not committed: the job is free
            self.session = None


def slots_for(workers: int) -> int:
    """Jobs taken at once: a few per thinking process, so that the round trips to the
    database (taking, storing) of one move overlap another's thinking and quick bots are
    not queued behind each other's commits; the processes still bound the thinking."""
    return 4 * max(1, workers)


class BotWorker:
    """Plays queued bot moves, ``slots`` at a time, with the bots of ``pool``."""

    def __init__(self, db: sessionmaker[Session], pool: BotPool, *, pace_seconds: float,
                 spec_of: Callable[[Game, str], str], slots: int = 1,
                 state_of: Callable[[str, int], Awaitable[State | None]] | None = None,
                 moved: Moved | None = None, poll_seconds: float = 1.0) -> None:
        self.db = db
        self.pool = pool
        self.pace_seconds = pace_seconds
        self.spec_of = spec_of
        self.slots = max(1, slots)
        self.state_of = state_of
        self.moved = moved
        self.poll_seconds = poll_seconds
        bind = db.kw.get("bind")
        self.locking = bind is not None and bind.dialect.name == "postgresql"
        self._held: set[tuple[str, int]] = set()
        self._wake = asyncio.Event()
        self._stopping = False

    def wake(self) -> None:
        """A job may be waiting (queued here, or announced by another process)."""
        self._wake.set()

    def stop(self) -> None:
        """Take no more jobs (a cancelled wait can be lost in Python 3.11's ``wait_for``, so
        cancelling alone might not end a slot)."""
        self._stopping = True
        self._wake.set()

    async def run(self) -> None:
        await asyncio.gather(*(self._slot() for _ in range(self.slots)))

    async def _slot(self) -> None:
        while not self._stopping:
            self._wake.clear()  # before looking, so a job queued meanwhile wakes us again
            try:
                claim = await asyncio.to_thread(self._claim)
            except Exception:  # the database is away: try again soon, never give up
                log.exception("bot worker: taking a job failed")
                await asyncio.sleep(self.poll_seconds)
                continue
            if claim is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.poll_seconds)
                continue
            key = (claim.job.table_id, claim.job.rev)
            failed = False
            try:
                await self._play(claim)
            except Exception:
                log.exception("bot worker: the move at table %s failed", key[0])
                failed = True
            finally:
                claim.close()
                self._held.discard(key)
            if failed:  # the job stays queued: try it (or another) again, but not in a spin
                await asyncio.sleep(self.poll_seconds)

    # Taking a job -------------------------------------------------------------------------------

    def _claim(self) -> Claim | None:
        """The oldest job nobody holds, if any (stale jobs met on the way are dropped)."""
        while True:
            s = self.db()
            try:
                q = select(BotJobRow).order_by(BotJobRow.created)
                if self.locking:
                    q = q.with_for_update(skip_locked=True).limit(1)
                else:
                    q = q.limit(len(self._held) + 1)
                job = next((j for j in s.scalars(q)
                            if (j.table_id, j.rev) not in self._held), None)
                if job is None:
                    s.close()
                    return None
                table = s.get(TableRow, job.table_id)
                if table is None or table.rev != job.rev or table.status != "playing" \
                        or table.version != load(table.game).version:
                    # the table moved on (an undo, closed) since it was queued, or its rules
                    # changed since (it is kept, not played: Hub.restore). Without row locks
                    # (SQLite) another slot may be dropping it at the same moment.
                    _delete(s, job.table_id, job.rev)
                    s.commit()
                    s.close()
                    continue
                claim = Claim(s if self.locking else None, job, table,
                              seats_of(s, job.table_id))
                self._held.add((job.table_id, job.rev))
                if not self.locking:
                    s.close()
                return claim
            except BaseException:
                s.close()
                raise

    # Playing it ---------------------------------------------------------------------------------

    def _replay(self, claim: Claim) -> State:
        """The table's position at the job's revision, from its stored moves."""
        row = claim.table
        game = load(row.game)
        content = None if row.content is None else game.load_content(row.content)
        state = game.new_game(row.players, row.seed, row.options, content)
        with contextlib.ExitStack() as stack:
            s = claim.session or stack.enter_context(self.db())
            for a in actions_of(s, row.id):
                state.apply(a.action)
        return state

    async def _play(self, claim: Claim) -> None:
        job, row = claim.job, claim.table
        state = await self.state_of(job.table_id, job.rev) if self.state_of else None
        if state is None:
            state = await asyncio.to_thread(self._replay, claim)
        state = state.clone()
        if state.is_terminal() or state.current_player != job.seat:
            log.error("bot job at table %s names seat %d, but the game waits on another",
                      row.id, job.seat)
            await asyncio.to_thread(self._drop, claim)
            return
        bare = state.clone()
        bare.events = []  # the log plays no part in a decision and grows all game long
        seed = bot_seed(row.seed, job.seat) ^ (job.index * 2654435761 & 0xFFFFFFFF)
        loop = asyncio.get_running_loop()
        started = loop.time()
        log.info("table %s: bot %s thinks (seat %d, move %d)", row.id, job.bot, job.seat,
                 job.index)
        move = await self.pool.move(job.game, bare.to_json(), state.legal_actions(), job.seat,
                                    job.bot, seed)
        notice = None
        if move.fallback:
            name = claim.seats[job.seat].name
            log.warning("bot %s at table %s %s twice; it played a random legal move",
                        job.bot, row.id, move.problem)
            notice = f"{name} {move.problem}, so it played a quick move instead"
        if job.paced:
            await asyncio.sleep(max(0.0, started + self.pace_seconds - loop.time()))
        label = state.action_label(move.action, job.seat)
        state.apply(move.action)
        stored = await asyncio.to_thread(self._store, claim, move.action, label, state, notice)
        if stored and self.moved is not None:
            await self.moved(row.id, job.rev + 1, move.action, label, notice)

    def _store(self, claim: Claim, action: int, label: str, after: State,
               notice: str | None) -> bool:
        """Store the move and drop the job, in one transaction; False if the table moved on
        meanwhile (the job is dropped all the same)."""
        tid, rev, game, seat, index = (claim.job.table_id, claim.job.rev, claim.job.game,
                                       claim.job.seat, claim.job.index)
        with contextlib.ExitStack() as stack:
            s = claim.session or stack.enter_context(self.db())
            try:
                record_move(s, tid, rev, index, action, seat, label, after, notice)
            except Stale:
                log.info("table %s moved on while its bot thought: the move is dropped", tid)
                s.rollback()
                _delete(s, tid, rev)
                s.commit()
                return False
            queue_next_bot(s, tid, load(game), claim.seats, after, rev + 1,
                           "finished" if after.is_terminal() else "playing", index + 1,
                           self.spec_of)
            _delete(s, tid, rev)
            s.commit()
        return True

    def _drop(self, claim: Claim) -> None:
        with contextlib.ExitStack() as stack:
            s = claim.session or stack.enter_context(self.db())
            _delete(s, claim.job.table_id, claim.job.rev)
            s.commit()


def _delete(s: Session, table_id: str, rev: int) -> None:
    s.execute(delete(BotJobRow).where(BotJobRow.table_id == table_id, BotJobRow.rev == rev))


async def work_alone(url: str, config: ServerConfig) -> None:
    """``ludoverse bot-worker``: play queued bot moves of every server on the PostgreSQL
    database at ``url`` until stopped (a stop mid-move leaves the move to another worker)."""
    from ludoverse.server import db as store
    from ludoverse.server.sync import Listener

    engine = store.connect(url)
    if engine.dialect.name != "postgresql":
        engine.dispose()
        raise ValueError("bot workers of their own need PostgreSQL: on SQLite the one server "
                         "process plays its bots itself")
    store.migrate(engine)
    b = config.bots
    pool = BotPool(b.workers, b.move_seconds, b.grace_seconds)
    worker = BotWorker(store.sessions(engine), pool, pace_seconds=b.pace_seconds,
                       spec_of=lambda game, bot: b.spec_of(game.name, bot),
                       slots=slots_for(b.workers))
    listener = Listener(engine, on_bot=worker.wake)
    try:
        await asyncio.gather(worker.run(), listener.run())
    finally:
        pool.close()
        engine.dispose()
