"""Group commit: every write queued while one transaction is being made durable goes into
the next transaction together, so fifty busy tables share fsyncs instead of queueing for
them one by one. A write's caller resumes only once its transaction is committed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.orm import Session, sessionmaker

Write = Callable[[Session], None]


class Writer:
    def __init__(self, db: sessionmaker[Session]) -> None:
        self.db = db
        self._queue: list[tuple[Write, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="ludoverse-db")

    async def write(self, fn: Write) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.append((fn, done))
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._drain())
        await done

    async def _drain(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                await loop.run_in_executor(self._thread, self._commit, [fn for fn, _ in batch])
                results: list[BaseException | None] = [None] * len(batch)
            except Exception:  # one bad write must not sink the others: retry one by one
                results = []
                for fn, _ in batch:
                    try:
                        await loop.run_in_executor(self._thread, self._commit, [fn])
                        results.append(None)
                    except Exception as exc:
                        results.append(exc)
            for (_, fut), exc in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if exc is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(exc)

    def _commit(self, fns: list[Write]) -> None:
        with self.db.begin() as s:
            for fn in fns:
                fn(s)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
