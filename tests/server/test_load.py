"""The load test: 50 tables at once (a scripted person and bots each) against a real server
on loopback play to the end with no error (``docs/performance.md``); and the pieces of the
capacity test (think time, several servers, the ramp), each in a few seconds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import httpx
import pytest
from tests.server.live import Server, free_port

from ludoverse.server import loadtest
from ludoverse.server.loadtest import (
    GAMES,
    Capacity,
    Meter,
    Step,
    _over,
    parse_ramp,
    parse_think,
    ramp,
    run,
)

LOAD = """
# 50 people on one address, playing as fast as their bots let them
[limits]
open_tables_per_address = 1000
[rates]
create = "1000/minute"
action = "1000/second"
read = "1000/second"
socket = "1000/minute"
socket_message = "1000/second"
[bots]
pace_seconds = 0
"""


def _server(directory: Path, name: str) -> Server:
    cfg = directory / "server.toml"
    cfg.write_text(LOAD)
    s = Server(f"sqlite:///{directory / name}", bot_workers=1, config=str(cfg))
    s.start()
    return s


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = _server(tmp_path, "load.db")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the short tests (their tables never reach the limits), warmed up: one
    game of each kind played to the end, so its bot worker has started and loaded them all."""
    s = _server(tmp_path_factory.mktemp("shared"), "shared.db")
    warm = asyncio.run(run(s.url, tables=len(GAMES), limit_s=120))
    assert warm.errors == [] and warm.finished == len(GAMES)
    yield s
    s.stop()


def test_fifty_tables_play_to_the_end_without_error(server: Server) -> None:
    report = asyncio.run(run(server.url, tables=50, bot="random", seed=1, limit_s=400))
    assert report.errors == []
    assert report.finished == 50
    assert report.actions > 5000 and len(report.latencies) > 1000


def test_think_time_spaces_a_persons_moves_and_is_not_latency(shared: Server) -> None:
    report = asyncio.run(run(shared.url, tables=3, think=(0.4, 0.6), duration_s=4.0))
    assert report.errors == []
    gaps = [b - a for sends in report.sends.values() for a, b in pairwise(sends)]
    assert len(gaps) >= 6  # about 6 moves a table in 4 s
    assert min(gaps) >= 0.4
    assert max(gaps) < 0.6 + 1.5  # the think, the server's answer and the bots' moves
    assert report.latencies and report.percentile(0.95) < 0.4  # the think is not counted


def test_tables_go_round_robin_over_several_servers(shared: Server, tmp_path: Path) -> None:
    other = _server(tmp_path, "other.db")  # its own SQLite file: a table lives where made
    try:
        report = asyncio.run(run([shared.url, other.url], tables=4, limit_s=120))
        assert report.errors == [] and report.finished == 4 and len(report.where) == 4
        for url in (shared.url, other.url):
            mine = [t for t, u in report.where.items() if u == url]
            elsewhere = other.url if url == shared.url else shared.url
            assert len(mine) == 2
            for tid in mine:
                here = httpx.get(f"{url}/api/tables/{tid}")
                assert here.status_code == 200 and here.json()["moves"] > 0  # played there
                assert httpx.get(f"{elsewhere}/api/tables/{tid}").status_code == 404
    finally:
        other.stop()


def test_a_tiny_ramp_reports_every_step_and_a_capacity(shared: Server) -> None:
    cap = asyncio.run(ramp(shared.url, 2, 2, 4, window_s=3.0, settle_s=0.5))
    assert [s.tables for s in cap.steps] == [2, 4]
    assert cap.stopped == "reached the ramp's maximum"
    for s in cap.steps:
        assert s.reached and s.errors == []
        assert s.live >= s.tables - 1  # a finished game is replaced at once
        assert 3.0 <= s.seconds < 5.0
        assert len(s.latencies) >= 5 and s.actions_per_second > 5
        assert s.actions > 1.2 * len(s.latencies)  # the bots' moves are counted too
        assert 0 < s.cpu["client"] < 2.5
    assert cap.capacity == max((s.tables for s in cap.steps if s.p95_ms < 100), default=0)
    assert cap.saturation == max(s.actions_per_second for s in cap.steps)
    assert cap.to_json()["steps"][1]["tables"] == 4 and len(cap.lines()) == 5  # head, 2 steps, 2


def test_a_person_whose_game_ends_starts_another_on_the_same_server(
        monkeypatch: pytest.MonkeyPatch) -> None:
    games: list[tuple[int, str, str, int]] = []

    async def short_game(http: object, url: str, slot: int, game: str, seed: int, bot: str,
                         think: tuple[float, float], meter: Meter, wait_s: float) -> bool:
        """A game of 10 moves in 50 ms: no server, so only the ramp itself is tested."""
        games.append((slot, url, game, seed))
        meter.live += 1
        meter.started.add(slot)
        try:
            await asyncio.sleep(0.05)
            meter.moves += 10
            meter.latencies.append((time.perf_counter(), 0.01))
            meter.finished += 1
            return True
        finally:
            meter.live -= 1

    monkeypatch.setattr(loadtest, "_game", short_game)
    urls = ["http://a.invalid", "http://b.invalid"]
    cap = asyncio.run(ramp(urls, 2, 2, 4, window_s=0.6, settle_s=0.0))
    assert [s.tables for s in cap.steps] == [2, 4] and cap.capacity == 4
    assert all(s.live > s.tables - 0.5 and s.finished >= s.tables for s in cap.steps)
    assert {slot for slot, *_ in games} == {0, 1, 2, 3}
    for slot in range(4):
        mine = [g for g in games if g[0] == slot]
        assert len(mine) >= 5  # one game after another
        assert {url for _, url, _, _ in mine} == {urls[slot % 2]}  # always its own server
        assert len({game for *_, game, _ in mine}) > 1  # the games take turns
    assert len({seed for *_, seed in games}) == len(games)  # every game a new deal


def test_the_ramp_stops_after_two_steps_over_the_limit(shared: Server) -> None:
    cap = asyncio.run(ramp(shared.url, 1, 1, 6, window_s=1.0, settle_s=0.0, limit_ms=0.001))
    assert [s.tables for s in cap.steps] == [1, 2]
    assert cap.capacity == 0 and "over the limit" in cap.stopped


def test_an_unreachable_server_is_reported_not_waited_for() -> None:
    dead = f"http://127.0.0.1:{free_port()}"
    t0 = time.perf_counter()
    report = asyncio.run(run(dead, tables=2, wait_s=2.0))
    cap = asyncio.run(ramp(dead, 1, 1, 5, window_s=0.5, settle_s=0.0, wait_s=1.0))
    assert time.perf_counter() - t0 < 15
    assert len(report.errors) == 2 and "ConnectError" in report.errors[0]
    assert [s.reached for s in cap.steps] == [False, False] and cap.capacity == 0
    assert cap.steps[0].errors


def _step(tables: int, p95_ms: float, errors: int = 0, aps: float = 100.0) -> Step:
    return Step(tables=tables, reached=True, live=tables, seconds=1.0, actions=int(aps),
                latencies=[p95_ms / 1000] * 20, errors=["x"] * errors, finished=0, cpu={})


def test_capacity_is_the_most_tables_held_and_saturation_the_best_throughput() -> None:
    cap = Capacity(urls=["u"], think=(2, 5), ramp=(10, 10, 50), window_s=1.0, steps=[
        _step(10, 20, aps=50), _step(20, 40, aps=90), _step(30, 99, errors=1, aps=120),
        _step(40, 150, aps=110), _step(50, 80, aps=100)])
    assert cap.capacity == 50  # a noisy step over the limit does not hide a later one
    assert cap.saturation == 120
    assert not _over(cap.steps[:3], 100, 2)  # 30 failed (an error) but 20 held
    assert _over(cap.steps[:4], 100, 2) and _over(cap.steps[:3], 100, 1)
    assert _over([_step(10, 20), _step(20, 200), _step(30, 300)], 100, 2)
    assert Capacity(urls=[], think=(0, 0), ramp=(1, 1, 1), window_s=1).capacity == 0


def test_think_and_ramp_arguments() -> None:
    assert parse_think("2-5") == (2.0, 5.0) and parse_think("0") == (0.0, 0.0)
    assert parse_ramp("20:20:200") == (20, 20, 200)
    for bad in ("5-2", "x", "-1"):
        with pytest.raises(ValueError):
            parse_think(bad)
    for bad in ("1:2", "0:1:5", "10:5:5", "a:b:c"):
        with pytest.raises(ValueError):
            parse_ramp(bad)
