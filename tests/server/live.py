"""``ludoverse serve`` as a child process on 127.0.0.1, for tests that need a real server."""

from __future__ import annotations

import contextlib
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


class Child:
    """A child process in a session of its own, so that ending it ends its bots' processes
    too."""

    proc: subprocess.Popen[bytes] | None = None

    def kill(self) -> None:
        """SIGKILL, to the process and its bots' processes alike (as a machine's crash)."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        if self.proc is not None:
            self.kill()  # whatever it left behind


class Server(Child):
    """``ludoverse serve`` as a child process on 127.0.0.1."""

    def __init__(self, db: str, bot_workers: int = 0, bot_pace: float = 0.0,
                 config: str | None = None, log: str | None = None,
                 extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.extra = extra
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
             "--bot-pace", str(self.bot_pace), *extra, *self.extra],
            stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
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


class Worker(Child):
    """``ludoverse bot-worker`` as a child process, its log in a file."""

    def __init__(self, db: str, log: Path, config: str | None = None) -> None:
        self.db, self.log, self.config = db, log, config
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        extra = ["--config", self.config] if self.config else []
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "ludoverse", "bot-worker", "--db", self.db, *extra],
                stdout=out, stderr=out, start_new_session=True)

    def wait_for(self, text: str, seconds: float = 30) -> None:
        """Until ``text`` shows in the worker's log (it fails if the worker dies first)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in self.log.read_text(errors="replace"):
                return
            if self.proc is not None and self.proc.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"no {text!r} in the worker's log:\n{self.log.read_text()}")


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
