"""A server killed with SIGKILL in the middle of a game loses no acknowledged move: it is
restarted on the same database and the game goes on from the last acknowledged action."""

from __future__ import annotations

import threading
import time

import pytest

httpx = pytest.importorskip("httpx")

from tests.server.live import Server  # noqa: E402

import ludoverse  # noqa: E402


def test_sigkill_loses_no_acknowledged_move(db_server: Server) -> None:
    seed = 17
    r = httpx.post(db_server.url + "/api/tables", json={
        "game": "ultia", "seed": seed, "seats": [{"kind": "human"}] * 3})
    tid, tokens = r.json()["table"]["id"], r.json()["tokens"]
    for i in range(3):
        httpx.post(f"{db_server.url}/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    game = ludoverse.load("ultia")
    shadow = game.new_game(3, seed)  # the same game, played alongside to choose moves
    acked: list[int] = []
    stop = threading.Event()

    def player() -> None:
        """Plays as fast as the server answers, until the server dies."""
        while not stop.is_set() and not shadow.is_terminal():
            a = shadow.legal_actions()[-1]
            seat = shadow.current_player
            try:
                resp = httpx.post(f"{db_server.url}/api/tables/{tid}/actions", timeout=5,
                                  json={"token": tokens[seat], "action": a,
                                        "expect": len(acked)})
            except httpx.TransportError:
                return
            assert resp.status_code == 200, resp.text
            acked.append(a)
            shadow.apply(a)

    t = threading.Thread(target=player)
    t.start()
    while len(acked) < 25:
        assert t.is_alive(), "the player stopped before 25 moves (see its error above)"
        time.sleep(0.01)
    db_server.kill()  # mid-request, most likely
    stop.set()
    t.join()
    db_server.start()
    summary = httpx.get(f"{db_server.url}/api/tables/{tid}").json()
    stored = summary["moves"]
    # every acknowledged move is there; at most the one in flight was also stored
    assert len(acked) <= stored <= len(acked) + 1
    replayed = game.new_game(3, seed)
    for a in acked:
        replayed.apply(a)
    if stored > len(acked):
        replayed.apply(replayed.legal_actions()[-1])
    mover = replayed.current_player
    view = httpx.get(f"{db_server.url}/api/tables/{tid}/view",
                     params={"token": tokens[mover]}).json()
    assert view["observation"] == httpx.Response(
        200, json=replayed.observation(mover)).json()
    # and the game goes on from there
    a = replayed.legal_actions()[0]
    ok = httpx.post(f"{db_server.url}/api/tables/{tid}/actions",
                    json={"token": tokens[mover], "action": a, "expect": stored})
    assert ok.status_code == 200 and ok.json()["moves"] == stored + 1
