"""Bots in live tables think in worker processes, so a search never blocks the event loop
(Python threads would share one core through the GIL).

A worker gets the true state as JSON and determinises it itself for the bot's seat: the bot
still never sees hidden information, and nothing hidden leaves the server.

Every move has a time budget: a search stops at it and plays its best move so far. A bot
that fails, or overruns its budget by more than the grace (its worker is then killed), is
tried once more; if that fails too the seat plays a random legal move, so a table never
hangs on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from ludoverse.bots.base import Bot, make
from ludoverse.core.registry import load

log = logging.getLogger("ludoverse.server")
T = TypeVar("T")


@cache
def _bot(game: str, spec: str) -> Bot:
    return make(spec, load(game))


def think(game: str, state_json: dict[str, Any], seat: int, spec: str, seed: int,
          cap_ms: float | None = None) -> int:
    """One bot decision (runs in a worker); a search stops after ``cap_ms``."""
    g = load(game)
    state = g.state_from_json(state_json)
    rng = random.Random(seed)
    view = state.determinize(seat, rng)
    budget = None if cap_ms is None else {"cap_ms": cap_ms}
    return _bot(game, spec).choose(view, seat, rng, budget)


@dataclass(frozen=True)
class Move:
    """A bot's move, and whether it is the fallback after the bot failed twice."""

    action: int
    fallback: bool = False
    problem: str = ""


class BotPool:
    """Worker processes for bot decisions; ``workers=0`` thinks in a thread instead (tests)."""

    def __init__(self, workers: int = 1, move_seconds: float | None = None,
                 grace_seconds: float = 5.0) -> None:
        self.workers = workers
        self.move_seconds = move_seconds
        self.grace_seconds = grace_seconds
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            if self.workers <= 0:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="ludoverse-bot")
            else:
                ctx = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx)
        return self._pool

    async def choose(self, game: str, state_json: dict[str, Any], seat: int, spec: str,
                     seed: int) -> int:
        """One decision within the budget and grace; raises if the bot fails or overruns."""
        loop = asyncio.get_running_loop()
        cap = None if self.move_seconds is None else self.move_seconds * 1000
        pool = self._executor()
        future = loop.run_in_executor(pool, think, game, state_json, seat, spec, seed, cap)
        limit = None if self.move_seconds is None else self.move_seconds + self.grace_seconds
        try:
            return await asyncio.wait_for(future, limit)
        except TimeoutError:
            self._stop(pool)  # its worker is stuck in the search: the next call starts anew
            raise
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            if self._pool is pool:
                self._pool = None
            raise

    async def call(self, fn: Any, *args: Any) -> Any:
        """Any other search (a hint) in the same workers, within the move budget and grace."""
        limit = None if self.move_seconds is None else self.move_seconds + self.grace_seconds
        return await self.run(fn, *args, timeout=limit)

    async def run(self, fn: Callable[..., T], *args: Any, timeout: float | None = None) -> T:
        """``fn(*args)`` in the bots' workers (``fn`` and its arguments must pickle), so other
        work that searches (a post-game review) shares the cores the server gives its bots.
        Past ``timeout`` seconds its worker is stopped like an overrunning bot's and
        ``TimeoutError`` is raised; a dead worker raises ``BrokenProcessPool``."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        future = loop.run_in_executor(pool, fn, *args)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            self._stop(pool)
            raise
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
            raise

    async def move(self, game: str, state_json: dict[str, Any], legal: list[int], seat: int,
                   spec: str, seed: int) -> Move:
        """The bot's move, tried twice; else a random legal move (``legal``: the seat's)."""
        problem = ""
        for _ in range(2):
            try:
                action = await self.choose(game, state_json, seat, spec, seed)
            except TimeoutError:
                problem = f"took more than {self.move_seconds:g} s"
            except Exception as exc:  # a crash in a bot must not stop the table
                problem = f"failed ({type(exc).__name__}: {exc})"
            else:
                if action in legal:
                    return Move(action)
                problem = f"chose an illegal move ({action})"
        return Move(random.Random(seed).choice(legal), fallback=True, problem=problem)

    def _stop(self, pool: Executor) -> None:
        if self._pool is pool:
            self._pool = None
        if isinstance(pool, ProcessPoolExecutor):
            kill = getattr(pool, "kill_workers", None)  # Python 3.14
            if kill is not None:
                kill()
            else:
                for p in list(getattr(pool, "_processes", {}).values()):
                    p.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
