"""Several server processes on one PostgreSQL database: any of them serves any table, a
change is accepted by at most one of them from any one position, every client hears of every
change, a process or bot worker can die mid-game and the others carry on; SQLite refuses a
second process."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")

from tests.server.live import Server, Worker, unhurried  # noqa: E402
from tests.server.pg import fresh_pg_url  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

import ludoverse  # noqa: E402


@pytest.fixture
def two_servers(pg_cluster, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    url = fresh_pg_url(pg_cluster)
    config = unhurried(tmp_path)
    a = Server(url, config=config)
    b = Server(url, config=config)
    a.start()
    yield a, b
    a.stop()
    b.stop()


def test_the_same_move_sent_to_two_processes_at_once_is_accepted_exactly_once(
        two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    seed = 5
    made = httpx.post(a.url + "/api/tables", json={
        "game": "ultia", "seed": seed, "seats": [{"kind": "human"}] * 3}).json()
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(3):
        httpx.post(f"{a.url}/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    b.start()  # B loads the table as it is now, then both serve it
    shadow = ludoverse.load("ultia").new_game(3, seed)
    for index in range(30):
        seat, action = shadow.current_player, shadow.legal_actions()[0]
        body = {"token": tokens[seat], "action": action, "expect": index}
        answers: dict[str, httpx.Response] = {}
        go = threading.Barrier(2)

        def send(name: str, server: Server, body: dict = body, go: threading.Barrier = go,
                 answers: dict[str, httpx.Response] = answers) -> None:
            go.wait()
            answers[name] = httpx.post(f"{server.url}/api/tables/{tid}/actions", json=body,
                                       timeout=30)

        threads = [threading.Thread(target=send, args=(n, s)) for n, s in (("a", a), ("b", b))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        codes = sorted(r.status_code for r in answers.values())
        assert codes == [200, 409], {n: r.text for n, r in answers.items()}
        refused = next(r for r in answers.values() if r.status_code == 409)
        assert refused.json()["error"] == "stale", refused.text
        shadow.apply(action)
    # Each move is stored once, and both processes now stand at the same position.
    for server in (a, b):
        assert httpx.get(f"{server.url}/api/tables/{tid}").json()["moves"] == 30
        seat = shadow.current_player
        view = httpx.get(f"{server.url}/api/tables/{tid}/view",
                         params={"token": tokens[seat]}).json()
        assert view["observation"] == httpx.Response(
            200, json=shadow.observation(seat)).json()


def _table(server: Server, seats: list[dict], seed: int) -> tuple[str, list[str | None]]:
    """A table made on ``server`` with every human seat taken by its invite token."""
    made = httpx.post(server.url + "/api/tables", json={"game": "ultia", "seed": seed,
                                                        "seats": seats}).json()
    tid, tokens = made["table"]["id"], made["tokens"]
    for i, token in enumerate(tokens):
        if token is not None:
            httpx.post(f"{server.url}/api/tables/{tid}/join", json={"seat": i, "token": token})
    return tid, tokens


def _socket(server: Server, tid: str, token: str | None = None) -> str:
    query = f"?token={token}" if token else ""
    return server.url.replace("http", "ws", 1) + f"/ws/tables/{tid}{query}"


def _person(url: str, seed: int, seen: list[int]) -> dict:
    """A person at one WebSocket: plays a random legal move whenever it is their turn, until
    the game is over; ``seen`` gets the move count of every position shown."""
    rng = random.Random(seed)
    asked = -1
    with connect(url, max_size=2**24) as ws:
        while True:
            msg = json.loads(ws.recv(timeout=60))
            if msg["type"] != "state":
                continue
            table = msg["table"]
            seen.append(table["moves"])
            if table["status"] == "finished":
                return table
            if msg["legal"] and table["moves"] != asked:
                asked = table["moves"]
                move = rng.choice(msg["legal"])["id"]
                ws.send(json.dumps({"type": "act", "action": move, "expect": asked}))


def test_two_people_each_on_their_own_process_play_a_game_together_to_the_end(
        two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    b.start()
    tid, tokens = _table(a, [{"kind": "human"}, {"kind": "human"},
                             {"kind": "bot", "bot": "random"}], seed=11)
    seen: dict[str, list[int]] = {"a": [], "b": []}
    ends: dict[str, dict] = {}

    def play(name: str, server: Server, seat: int) -> None:
        ends[name] = _person(_socket(server, tid, tokens[seat]), seat, seen[name])

    people = [threading.Thread(target=play, args=("a", a, 0)),
              threading.Thread(target=play, args=("b", b, 1))]
    for p in people:
        p.start()
    for p in people:
        p.join(120)
    assert set(ends) == {"a", "b"}, "a person's game did not end"
    assert ends["a"]["moves"] == ends["b"]["moves"] > 20
    assert ends["a"]["outcome"] == ends["b"]["outcome"] is not None
    # Each person was shown the game move by move, whichever process the move came through.
    for name in ("a", "b"):
        assert seen[name] == sorted(seen[name]) and len(set(seen[name])) > 10
    record = httpx.get(f"{b.url}/api/tables/{tid}/record").json()
    assert len(record["actions"]) == ends["a"]["moves"]


def test_a_move_made_through_one_process_reaches_a_client_of_the_other_at_once(
        two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    b.start()
    tid, tokens = _table(a, [{"kind": "human"}] * 3, seed=4)
    shadow = ludoverse.load("ultia").new_game(3, 4)
    with connect(_socket(b, tid), max_size=2**24) as watcher:  # a spectator on B
        assert json.loads(watcher.recv(timeout=10))["table"]["moves"] == 0
        seat, move = shadow.current_player, shadow.legal_actions()[0]
        sent = time.monotonic()
        ok = httpx.post(f"{a.url}/api/tables/{tid}/actions",
                        json={"token": tokens[seat], "action": move, "expect": 0})
        assert ok.status_code == 200, ok.text
        while True:
            msg = json.loads(watcher.recv(timeout=5))
            if msg["type"] == "state" and msg["table"]["moves"] == 1:
                break
        assert time.monotonic() - sent < 2.0
        shadow.apply(move)
        assert msg["observation"] == httpx.Response(200, json=shadow.observation(None)).json()


@pytest.mark.parametrize("signal", ["SIGKILL", "SIGTERM"])
def test_a_process_stopped_mid_game_loses_no_acknowledged_move_and_the_game_ends_on_another(
        two_servers: tuple[Server, Server], signal: str) -> None:
    """A rolling restart (SIGTERM) or a crash (SIGKILL, with its bots' processes): the
    table plays on through the other process at once."""
    a, b = two_servers
    b.start()
    tid, tokens = _table(a, [{"kind": "human"}, {"kind": "human"},
                             {"kind": "bot", "bot": "random"}], seed=21)
    rng = random.Random(3)
    acknowledged: dict[int, int] = {}
    server, killed = a, False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if len(acknowledged) >= 8 and not killed:
            if signal == "SIGKILL":  # perhaps while its bot worker thinks: B carries on
                a.kill()
            else:
                a.stop()
            server, killed = b, True
        try:
            for seat in (0, 1):
                view = httpx.get(f"{server.url}/api/tables/{tid}/view",
                                 params={"token": tokens[seat]}, timeout=10).json()
                if view["table"]["status"] == "finished" or not view["legal"]:
                    continue
                index = view["table"]["moves"]
                move = rng.choice(view["legal"])["id"]
                r = httpx.post(f"{server.url}/api/tables/{tid}/actions", timeout=10,
                               json={"token": tokens[seat], "action": move, "expect": index})
                if r.status_code == 200:
                    acknowledged[index] = move
        except httpx.TransportError:
            server = b  # the page reconnects to another process
        if view["table"]["status"] == "finished":
            break
        time.sleep(0.02)
    assert killed and view["table"]["status"] == "finished"
    record = httpx.get(f"{b.url}/api/tables/{tid}/record").json()
    assert all(record["actions"][i] == move for i, move in acknowledged.items())
    after_kill = [i for i in acknowledged if i > max(list(acknowledged)[:8])]
    assert after_kill, "no move was made through the other process"


def test_a_bot_worker_killed_mid_search_leaves_its_move_to_another(
        pg_cluster, tmp_path: Path) -> None:
    url = fresh_pg_url(pg_cluster)
    slow = tmp_path / "slow.toml"  # a search that would think for a minute
    slow.write_text("[bots]\nallow_specs = true\nmove_seconds = 60\nworkers = 1\n")
    quick = tmp_path / "quick.toml"  # the same bot, stopped after a second
    quick.write_text("[bots]\nallow_specs = true\nmove_seconds = 1\nworkers = 1\n")
    server = Server(url, config=str(slow), extra=("--no-bot-worker",))
    first = Worker(url, tmp_path / "first.log", str(slow))
    second = Worker(url, tmp_path / "second.log", str(quick))
    server.start()
    try:
        first.start()
        tid, _ = _table(server, [{"kind": "bot", "bot": "ismcts:iters=100000000"}] * 3, seed=2)
        first.wait_for(f"table {tid}: bot ismcts:iters=100000000 thinks (seat")
        first.kill()
        assert httpx.get(f"{server.url}/api/tables/{tid}").json()["moves"] == 0
        second.start()
        second.wait_for(f"table {tid}: bot ismcts:iters=100000000 thinks (seat", 30)
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/api/tables/{tid}").json()["moves"] < 1:
            assert time.monotonic() < deadline, second.log.read_text()
            time.sleep(0.1)
        assert "move 0)" in second.log.read_text()
    finally:
        first.stop()
        second.stop()
        server.stop()


def test_a_bot_worker_of_its_own_refuses_sqlite(tmp_path: Path) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "ludoverse", "bot-worker", "--db",
                           f"sqlite:///{tmp_path / 'x.db'}"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "need PostgreSQL" in done.stderr


def test_a_second_process_on_one_sqlite_file_is_refused_clearly(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    first = Server(url)
    second = Server(url, log=str(tmp_path / "second.log"))
    first.start()
    try:
        with pytest.raises(RuntimeError) as info:
            second.start()
        assert "another Ludoverse process" in str(info.value)
        assert "run several processes on PostgreSQL" in str(info.value)
        assert httpx.get(first.url + "/api/games").status_code == 200  # the first goes on
    finally:
        second.stop()
        first.stop()
    second.start()  # once the first has stopped, the file is free
    second.stop()
