"""Attacks on a running server (``ludoverse serve`` on 127.0.0.1, bounded in count and time):
each limit of the configuration holds, and while each attack runs a normal table elsewhere
keeps playing and loses none of its moves.

The server trusts 127.0.0.1 as a reverse proxy, so each client here names its own address
in ``X-Forwarded-For``, as people behind a real proxy would be told apart.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
from tests.server.live import Server
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

BASE: dict[str, dict[str, Any]] = {
    "server": {"trusted_proxies": ["127.0.0.1"], "access_log": True},
    "limits": {"body_bytes": 4096, "upload_bytes": 65536, "open_tables_per_address": 6},
    "rates": {"create": "5/minute"},
    "bots": {"pace_seconds": 0},
}


def toml(config: dict[str, dict[str, Any]]) -> str:
    """A server.toml of sections of plain values (JSON writes them as TOML reads them)."""
    return "".join(f"[{name}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in
                                              values.items())
                   for name, values in config.items())


def as_address(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


@pytest.fixture
def public(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    """A server with small limits (and what a test's ``config`` mark changes)."""
    marker = request.node.get_closest_marker("config")
    merged = {k: dict(v) for k, v in BASE.items()}
    for section, values in (marker.args[0] if marker else {}).items():
        merged.setdefault(section, {}).update(values)
    cfg = tmp_path / "server.toml"
    cfg.write_text(toml(merged))
    s = Server(f"sqlite:///{tmp_path / 'public.db'}", config=str(cfg),
               log=str(tmp_path / "server.log"))
    s.start()
    yield s
    s.stop()


class Bystander:
    """Someone at a normal table (one person, two bots) who keeps playing through an attack;
    every move the server acknowledged must still be in the game afterwards."""

    def __init__(self, server: Server) -> None:
        self.http = httpx.Client(base_url=server.url, headers=as_address("10.9.9.9"),
                                 timeout=30)
        made = self.http.post("/api/tables", json={
            "game": "ultia", "seats": [{"name": "Bea"}, {"kind": "bot", "bot": "random"},
                                       {"kind": "bot", "bot": "random"}]}).json()
        self.table, self.token = made["table"]["id"], made["tokens"][0]
        self.acknowledged = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.play, daemon=True)

    def __enter__(self) -> Bystander:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.acknowledged:  # playing before the attack starts
            assert time.monotonic() < deadline, "the normal table does not start"
            time.sleep(0.1)
        self.before = self.moves()
        return self

    def moves(self) -> int:
        return int(self.http.get(f"/api/tables/{self.table}").json()["moves"])

    def play(self) -> None:
        while not self.stop.is_set():
            time.sleep(0.15)  # a person's pace, well inside the rates
            v = self.http.get(f"/api/tables/{self.table}/view", params={"token": self.token})
            if v.status_code != 200:
                continue
            view = v.json()
            if view["table"]["status"] == "finished":
                return
            if not view["legal"]:
                continue
            r = self.http.post(f"/api/tables/{self.table}/actions", json={
                "token": self.token, "action": view["legal"][0]["id"],
                "expect": view["table"]["moves"]})
            if r.status_code == 200:
                self.acknowledged = max(self.acknowledged, r.json()["moves"])

    def __exit__(self, *_: Any) -> None:
        time.sleep(1.0)  # it must still be playing: no attack may have stopped it
        self.stop.set()
        self.thread.join(30)
        summary = self.http.get(f"/api/tables/{self.table}").json()
        assert summary["moves"] >= self.acknowledged, "an acknowledged move was lost"
        assert summary["status"] == "finished" or summary["moves"] > self.before, \
            "the normal table stopped during the attack"


def test_a_burst_of_tables_meets_429_and_the_cap(public: Server) -> None:
    with Bystander(public):
        codes = []
        with httpx.Client(base_url=public.url, headers=as_address("10.0.0.1")) as c:
            for _ in range(40):
                r = c.post("/api/tables", json={"game": "ultia", "seats": [{}, {}, {}]})
                codes.append(r.status_code)
                if r.status_code == 429:
                    assert int(r.headers["Retry-After"]) >= 1
                    assert r.json()["error"] == "rate_limited"
        assert codes.count(201) == 5 and codes.count(429) == 35
        lobby = httpx.get(public.url + "/api/tables").json()
        assert len(lobby) == 5 + 1  # the attacker's 5 and the bystander's table
        # another address is not held back by the first one's burst
        r = httpx.post(public.url + "/api/tables", headers=as_address("10.0.0.2"),
                       json={"game": "ultia", "seats": [{}, {}, {}]})
        assert r.status_code == 201


@pytest.mark.config({"rates": {"create": "100/minute"}})
def test_one_address_cannot_hold_more_open_tables_than_its_cap(public: Server) -> None:
    with httpx.Client(base_url=public.url, headers=as_address("10.0.0.3")) as c:
        codes = [c.post("/api/tables", json={"game": "ultia", "seats": [{}, {}, {}]})
                 .status_code for _ in range(10)]
        assert codes == [201] * 6 + [429] * 4
        assert "finish or leave one" in c.post(
            "/api/tables", json={"game": "ultia", "seats": [{}, {}, {}]}).json()["message"]


def test_a_runaway_bot_spec_is_refused(public: Server) -> None:
    r = httpx.post(public.url + "/api/tables", json={"game": "ultia", "seats": [
        {}, {}, {"kind": "bot", "bot": "ismcts:iters=100000000"}]})
    assert r.status_code == 400 and "'hard'" in r.json()["message"]


@pytest.mark.config({"bots": {"allow_specs": True, "move_seconds": 1.0,
                                "grace_seconds": 2.0}})
def test_where_specs_are_allowed_a_runaway_bot_still_moves_within_its_budget(
        public: Server) -> None:
    with Bystander(public):
        made = httpx.post(public.url + "/api/tables", headers=as_address("10.0.0.4"), json={
            "game": "ultia", "seats": [{"kind": "bot", "bot": "ismcts:iters=100000000"}] * 3,
            "seed": 3}).json()
        tid = made["table"]["id"]
        t0 = time.monotonic()
        while httpx.get(f"{public.url}/api/tables/{tid}").json()["moves"] < 3:
            assert time.monotonic() - t0 < 3 * (1.0 + 2.0) + 5, "the bots' table hangs"
            time.sleep(0.2)


def test_an_oversized_upload_is_refused_before_it_is_read(public: Server) -> None:
    with Bystander(public):
        host, port = "127.0.0.1", int(public.url.rsplit(":", 1)[1])
        with socket.create_connection((host, port), timeout=10) as s:
            s.sendall(b"POST /api/records HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                      b"\r\nContent-Length: 20000000\r\n\r\n" + b"{" * 1000)
            answer = b""
            while b"too_large" not in answer:  # comes at once: the other 20 MB never sent
                part = s.recv(4096)
                if not part:
                    break
                answer += part
        assert answer.startswith(b"HTTP/1.1 413") and b"too_large" in answer
        # a body sent in chunks, with no length, is cut off when it passes the limit
        def chunks() -> Iterator[bytes]:
            for _ in range(100):
                yield b" " * 4096
        r = httpx.post(public.url + "/api/records", content=chunks(),
                       headers={"Content-Type": "application/json"})
        assert r.status_code == 413


def test_a_websocket_from_another_sites_page_is_refused(public: Server) -> None:
    made = httpx.post(public.url + "/api/tables", json={"game": "ultia",
                                                       "seats": [{}, {}, {}]}).json()
    ws_url = public.url.replace("http", "ws") + f"/ws/tables/{made['table']['id']}"
    with Bystander(public):
        for _ in range(20):
            with pytest.raises(InvalidStatus) as refused:
                connect(ws_url, origin="http://evil.example")  # type: ignore[arg-type]
            assert refused.value.response.status_code == 403
    with connect(ws_url, origin=public.url) as ws:  # type: ignore[arg-type]
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


@pytest.mark.config({"rates": {"socket_message": "5/second"}})
def test_a_flood_of_websocket_messages_is_refused_and_the_socket_stays_usable(
        public: Server) -> None:
    made = httpx.post(public.url + "/api/tables", json={"game": "ultia",
                                                       "seats": [{}, {}, {}]}).json()
    ws_url = public.url.replace("http", "ws") + f"/ws/tables/{made['table']['id']}"
    with Bystander(public), connect(ws_url) as ws:
        ws.recv(timeout=10)
        for _ in range(30):
            ws.send(json.dumps({"type": "sync"}))
        answers = [json.loads(ws.recv(timeout=10)) for _ in range(30)]
        assert sum(a.get("error") == "rate_limited" for a in answers) >= 20
        ws.send("x" * 100_000)  # over the frame limit: the connection is closed
        with pytest.raises(Exception):  # noqa: B017 - closed by the server
            for _ in range(5):
                ws.recv(timeout=10)


def test_pages_carry_security_headers_and_tokens_stay_out_of_the_logs(
        public: Server, tmp_path: Path) -> None:
    page = httpx.get(public.url + "/")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["referrer-policy"] == "no-referrer"
    made = httpx.post(public.url + "/api/tables", json={"game": "ultia",
                                                       "seats": [{}, {}, {}]}).json()
    tid, invite = made["table"]["id"], made["tokens"][1]
    httpx.get(f"{public.url}/join/{tid}/1/{invite}")
    httpx.get(f"{public.url}/api/tables/{tid}/view", params={"token": made["tokens"][0]})
    with connect(public.url.replace("http", "ws") +
                 f"/ws/tables/{tid}?token={made['tokens'][0]}") as ws:
        ws.recv(timeout=10)
    time.sleep(0.5)
    log = (tmp_path / "server.log").read_text()
    assert f"/api/tables/{tid}/view" in log  # the access log is on
    for token in made["tokens"]:
        if token:
            assert token not in log


@pytest.mark.config({"limits": {"idle_hours": 0.0005}})
def test_an_idle_table_is_closed_and_its_record_kept(public: Server) -> None:
    made = httpx.post(public.url + "/api/tables", json={"game": "ultia",
                                                       "seats": [{}, {}, {}]}).json()
    tid = made["table"]["id"]
    deadline = time.monotonic() + 20
    while httpx.get(f"{public.url}/api/tables/{tid}").json()["status"] != "abandoned":
        assert time.monotonic() < deadline, "the idle table was not closed"
        time.sleep(0.3)
    assert tid not in [t["id"] for t in httpx.get(f"{public.url}/api/tables").json()]
    rec = httpx.get(f"{public.url}/api/tables/{tid}/record")
    assert rec.status_code == 200 and rec.json()["actions"] == []
