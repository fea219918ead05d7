"""Bots in live tables think in worker processes, so a search never blocks the event loop
(Python threads would share one core through the GIL).

A worker gets the true state as JSON and determinises it itself for the bot's seat: the bot
still never sees hidden information, and nothing hidden leaves the server.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import cache
from typing import Any

from ludoverse.bots.base import Bot, make
from ludoverse.core.registry import load


@cache
def _bot(game: str, spec: str) -> Bot:
    return make(spec, load(game))


def think(game: str, state_json: dict[str, Any], seat: int, spec: str, seed: int) -> int:
    """One bot decision (runs in a worker)."""
    g = load(game)
    state = g.state_from_json(state_json)
    rng = random.Random(seed)
    view = state.determinize(seat, rng)
    return _bot(game, spec).choose(view, seat, rng)


class BotPool:
    """Worker processes for bot decisions; ``workers=0`` thinks in a thread instead (tests)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
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
        loop = asyncio.get_running_loop()
        for attempt in (0, 1):
            try:
                return await loop.run_in_executor(
                    self._executor(), think, game, state_json, seat, spec, seed)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
                self._pool = None
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
