"""``ludoverse serve`` as a child process on 127.0.0.1, for tests that need a real server."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``ludoverse serve`` as a child process on 127.0.0.1."""

    def __init__(self, db: str, bot_workers: int = 0, bot_pace: float = 0.0,
                 config: str | None = None, log: str | None = None) -> None:
        self.db = db
        self.bot_workers = bot_workers
        self.bot_pace = bot_pace
        self.config = config
        self.log = log
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        extra = ["--config", self.config] if self.config else []
        err = open(self.log, "wb") if self.log else subprocess.PIPE  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ludoverse", "serve", "--port", str(self.port),
             "--db", self.db, "--bot-workers", str(self.bot_workers),
             "--bot-pace", str(self.bot_pace), *extra],
            stdout=subprocess.DEVNULL, stderr=err)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                out = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(out or (Path(self.log).read_text() if self.log else ""))
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


UNHURRIED = "[rates]\n" + "".join(
    f'{name} = "10000/second"\n' for name in
    ("create", "join", "action", "upload", "read", "socket", "socket_message", "hint"))


def unhurried(directory: Path) -> str:
    """A server.toml whose rates no test of the game, storage or pages meets: their players
    answer as fast as the server does, all from one address. The rates have their own tests
    (test_public.py); every other limit and header stays as shipped."""
    path = directory / "unhurried.toml"
    path.write_text(UNHURRIED)
    return str(path)


@pytest.fixture
def db_server(db: str, tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, on each kind of database (``db``)."""
    s = Server(db, config=unhurried(tmp_path))
    s.start()
    yield s
    s.stop()
