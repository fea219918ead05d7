"""A bot in a live table is bounded: its search stops at the move's time budget, a bot that
fails or overruns is asked once more, and then the seat plays a random legal move, so a
table never hangs on a bot."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest

pytest.importorskip("fastapi")
import ludoverse
from ludoverse.server import botpool
from ludoverse.server.botpool import BotPool


def position() -> tuple[dict[str, Any], list[int], int]:
    state = ludoverse.load("ultia").new_game(3, seed=2)
    return state.to_json(), state.legal_actions(), state.current_player


def test_a_runaway_search_stops_at_the_budget() -> None:
    snapshot, legal, seat = position()
    pool = BotPool(workers=0, move_seconds=0.3, grace_seconds=5)
    t0 = time.monotonic()
    move = asyncio.run(pool.move("ultia", snapshot, legal, seat, "ismcts:iters=100000000", 1))
    assert time.monotonic() - t0 < 3
    assert move.action in legal and not move.fallback
    pool.close()


def test_a_bot_that_overruns_twice_is_replaced_by_a_legal_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot, legal, seat = position()
    calls = []

    def stuck(*args: Any) -> int:
        calls.append(args)
        time.sleep(1.0)
        return legal[0]

    monkeypatch.setattr(botpool, "think", stuck)
    pool = BotPool(workers=0, move_seconds=0.05, grace_seconds=0.05)
    t0 = time.monotonic()
    move = asyncio.run(pool.move("ultia", snapshot, legal, seat, "medium", 1))
    assert time.monotonic() - t0 < 1.0  # nobody waited for the stuck bot
    assert move.fallback and move.action in legal and "took more than" in move.problem
    assert len(calls) == 2  # asked once more before giving up
    pool.close()


def test_a_bot_that_fails_is_asked_again_then_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    snapshot, legal, seat = position()

    def broken(*_: Any) -> int:
        raise RuntimeError("out of ideas")

    monkeypatch.setattr(botpool, "think", broken)
    pool = BotPool(workers=0, move_seconds=1, grace_seconds=1)
    move = asyncio.run(pool.move("ultia", snapshot, legal, seat, "medium", 1))
    assert move.fallback and "out of ideas" in move.problem and move.action in legal
    pool.close()


def test_stopping_a_pool_kills_its_stuck_worker() -> None:
    pool = BotPool(workers=1)
    executor = pool._executor()
    assert isinstance(executor, ProcessPoolExecutor)
    executor.submit(time.sleep, 60)
    time.sleep(0.5)
    workers = list(multiprocessing.active_children())
    assert workers
    pool._stop(executor)
    deadline = time.monotonic() + 10
    while any(p.is_alive() for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(p.is_alive() for p in workers)
    assert pool._pool is None  # the next move starts a fresh worker
