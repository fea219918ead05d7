"""Several server processes on one database (issue 26, first part): a change is accepted by
at most one of them from any one position, and SQLite refuses a second process."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")

from tests.server.live import Server, unhurried  # noqa: E402
from tests.server.pg import fresh_pg_url  # noqa: E402

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


def test_a_process_that_missed_a_move_refuses_a_move_on_its_stale_copy_then_catches_up(
        two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    made = httpx.post(a.url + "/api/tables", json={
        "game": "paradox", "seed": 3, "seats": [{"kind": "human"}] * 2}).json()
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(2):
        httpx.post(f"{a.url}/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    b.start()
    shadow = ludoverse.load("paradox").new_game(2, 3)
    seat, first = shadow.current_player, shadow.legal_actions()[0]
    ok = httpx.post(f"{a.url}/api/tables/{tid}/actions",
                    json={"token": tokens[seat], "action": first, "expect": 0})
    assert ok.status_code == 200, ok.text
    shadow.apply(first)
    # B has not heard of that move: it refuses the same move again rather than store it twice
    again = httpx.post(f"{b.url}/api/tables/{tid}/actions",
                       json={"token": tokens[seat], "action": first})
    assert again.status_code == 409 and again.json()["error"] == "stale", again.text
    # ... and now stands where the game is, so the next move goes through B
    seat, second = shadow.current_player, shadow.legal_actions()[0]
    ok = httpx.post(f"{b.url}/api/tables/{tid}/actions",
                    json={"token": tokens[seat], "action": second, "expect": 1})
    assert ok.status_code == 200 and ok.json()["moves"] == 2, ok.text


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
