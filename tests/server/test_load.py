"""The load test: 50 tables at once (a scripted person and bots each) against a real server
on loopback play to the end with no error (``docs/performance.md``)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server.live import Server

from ludoverse.server.loadtest import run

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


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    cfg = tmp_path / "server.toml"
    cfg.write_text(LOAD)
    s = Server(f"sqlite:///{tmp_path / 'load.db'}", bot_workers=1, config=str(cfg))
    s.start()
    yield s
    s.stop()


def test_fifty_tables_play_to_the_end_without_error(server: Server) -> None:
    report = asyncio.run(run(server.url, tables=50, bot="random", seed=1, limit_s=400))
    assert report.errors == []
    assert report.finished == 50
    assert report.actions > 5000 and len(report.latencies) > 1000
