"""Hearing what other processes did: PostgreSQL's ``LISTEN/NOTIFY``.

Every transaction that changes a table announces the table and its new revision on
``db.CHANNEL`` (and that a bot's move was queued, when it was); PostgreSQL delivers the
announcement to every listening connection when, and only if, the transaction commits. Each
web process listens to bring its copy of the table up to date and tell its WebSocket clients;
each bot worker listens to wake. The database a deployment already runs is the message bus:
there is no second system to run, secure or keep consistent with it
(``docs/decisions/web-platform.md``).

Announcements are a prompt, never the truth: a process that lost its connection for a while
catches up from the stored revisions when it is back (``on_reconnect``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable

from sqlalchemy.engine import Engine

from ludoverse.server.db import CHANNEL

log = logging.getLogger("ludoverse.server")

OnTable = Callable[[str, int, str | None], Awaitable[None]]


class Listener:
    """One connection that listens on ``CHANNEL`` and hands each announcement on.

    Announcements of one table are handled in order and folded together while one is being
    handled, so a busy table costs one catch-up at a time, whatever the rate of its moves.
    """

    def __init__(self, engine: Engine, *, on_table: OnTable | None = None,
                 on_bot: Callable[[], None] | None = None,
                 on_reconnect: Callable[[], Awaitable[None]] | None = None) -> None:
        self.url = engine.url.set(drivername="postgresql").render_as_string(
            hide_password=False)
        self.on_table = on_table
        self.on_bot = on_bot
        self.on_reconnect = on_reconnect
        self.listening = asyncio.Event()
        self._pending: dict[str, tuple[int, list[str]]] = {}
        self._running: dict[str, asyncio.Task[None]] = {}

    async def run(self) -> None:
        import psycopg

        delay = 0.2
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                        self.url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    delay = 0.2
                    if self.on_reconnect is not None:  # whatever was said while we were away
                        await self.on_reconnect()
                    if self.on_bot is not None:
                        self.on_bot()
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # PostgreSQL restarting, a network blip: listen again
                log.warning("listening to PostgreSQL failed (%s); again in %.1f s", exc, delay)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(delay * 2, 5.0)

    def _heard(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            table_id, rev = str(note["t"]), int(note["rev"])
        except (ValueError, KeyError, TypeError):
            log.warning("an announcement that is not ours: %.80r", payload)
            return
        if note.get("bot") and self.on_bot is not None:
            self.on_bot()
        if self.on_table is None:
            return
        old_rev, notices = self._pending.get(table_id, (rev, []))
        if note.get("notice"):
            notices.append(str(note["notice"]))
        self._pending[table_id] = (max(rev, old_rev), notices)
        if table_id not in self._running:
            self._running[table_id] = asyncio.get_running_loop().create_task(
                self._catch_up(table_id))

    async def _catch_up(self, table_id: str) -> None:
        assert self.on_table is not None
        try:
            while table_id in self._pending:
                rev, notices = self._pending.pop(table_id)
                try:
                    await self.on_table(table_id, rev, " ".join(notices) or None)
                except Exception:  # one table's trouble must not stop the others' news
                    log.exception("catching up with table %s failed", table_id)
        finally:
            self._running.pop(table_id, None)

    async def close(self) -> None:
        for task in list(self._running.values()):
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
