"""The server's table rules, through its HTTP API and WebSockets: creating, joining and
leaving tables, who may move, refusals that leak nothing, storage before acknowledgement,
restart by replay, bots in live tables, undo, records and replays."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi import FastAPI
from fastapi.testclient import TestClient

import ludoverse
from ludoverse.core.records import GameRecord, replay
from ludoverse.core.words import told
from ludoverse.server import create_app
from ludoverse.server.botworker import BotWorker
from ludoverse.server.config import Rates, ServerConfig
from ludoverse.server.db import actions_of

# These tests are about the table rules, not the rates (tests/server/test_public.py): a test
# answers faster than any person, and all its requests come from one address.
UNHURRIED = ServerConfig(rates=Rates(**{name: "10000/second" for name in Rates.model_fields}))


def app(db: str, bot_pace: float = 0) -> FastAPI:
    return create_app(db, config=UNHURRIED, bot_workers=0, bot_pace=bot_pace)


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(app(db)) as c:
        yield c


def new_table(c: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    r = c.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def humans(n: int) -> list[dict[str, Any]]:
    return [{"kind": "human", "name": f"P{i}"} for i in range(n)]


def view(c: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    r = c.get(f"/api/tables/{tid}/view", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def act(c: TestClient, tid: str, token: str, action: int, expect: int | None = None):
    return c.post(f"/api/tables/{tid}/actions",
                  json={"token": token, "action": action, "expect": expect})


# Creating tables --------------------------------------------------------------------------------


@pytest.mark.parametrize(("body", "message"), [
    ({"game": "chess", "seats": [{}]}, "'ultia'"),  # the message lists the games
    ({"game": "ultia", "seats": [{}]}, "at least 3 items"),
    ({"game": "ultia", "seats": [{}] * 3, "options": {"no_such": 1}}, "options.no_such"),
    ({"game": "ultia", "seats": [{}, {}, {"kind": "bot", "bot": "robot"}]}, "'medium'"),
    ({"game": "ultia", "seats": [{}, {}, {"kind": "alien"}]}, "'human' or 'bot'"),
    ({"game": "ultia", "seats": [{"name": "x" * 41}, {}, {}]}, "at most 40 characters"),
])
def test_a_bad_table_is_refused_with_a_clear_message(client: TestClient, body: dict,
                                                     message: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400
    assert message in r.json()["message"]
    assert client.get("/api/tables").json() == []


def test_a_table_waits_for_its_people_then_plays(client: TestClient) -> None:
    made = new_table(client, "ultia", [{"kind": "human", "name": "Ada"},
                                       {"kind": "human"}, {"kind": "bot", "bot": "easy"}])
    tid, tokens = made["table"]["id"], made["tokens"]
    assert made["table"]["status"] == "open" and tokens[2] is None
    assert "seed" not in made["table"]  # the seed would reveal every hand
    assert act(client, tid, tokens[0], 0).json()["error"] == "not_started"
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Bo",
                                                      "token": tokens[1]})
    assert r.status_code == 200
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "playing"
    assert [s["name"] for s in summary["seats"]][:2] == ["Ada", "Bo"]


def test_a_free_seat_of_an_open_table_can_be_taken_without_an_invite(client: TestClient) -> None:
    made = new_table(client, "ultia", [{"kind": "human", "name": "Ada"},
                                       {"kind": "human"}, {"kind": "human"}])
    tid = made["table"]["id"]
    r = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Cy"})
    assert r.status_code == 200
    token = r.json()["token"]
    assert view(client, tid, token)["seat"] == 1
    again = client.post(f"/api/tables/{tid}/join", json={"seat": 1, "name": "Eve"})
    assert again.status_code == 409 and again.json()["error"] == "seat_taken"


# Who may move -----------------------------------------------------------------------------------


def test_only_the_seat_to_move_may_move_and_only_legally(client: TestClient) -> None:
    made = new_table(client, "ultia", humans(3), seed=5)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(3):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    v = view(client, tid, tokens[0])
    mover = v["table"]["to_move"]
    other = (mover + 1) % 3
    legal = view(client, tid, tokens[mover])["legal"]
    assert legal and view(client, tid, tokens[other])["legal"] == []
    illegal = next(a for a in range(ludoverse.load("ultia").num_actions)
                   if a not in {x["id"] for x in legal})
    refusals = [
        (act(client, tid, tokens[other], legal[0]["id"]), 409, "not_your_turn"),
        (act(client, tid, tokens[mover], illegal), 409, "illegal"),
        (act(client, tid, tokens[mover], legal[0]["id"], expect=7), 409, "stale"),
        (act(client, tid, "a" * 24, legal[0]["id"]), 403, "forbidden"),
        (act(client, tid, "not a token!", legal[0]["id"]), 400, "bad_request"),
    ]
    for r, status, code in refusals:
        assert (r.status_code, r.json()["error"]) == (status, code)
        # a refusal names no card, seat or hidden fact
        assert set(r.json()) == {"error", "message"}
    assert client.get(f"/api/tables/{tid}").json()["moves"] == 0
    ok = act(client, tid, tokens[mover], legal[0]["id"], expect=0)
    assert ok.status_code == 200 and ok.json()["moves"] == 1


def test_a_spectator_sees_the_public_view_and_cannot_move(client: TestClient) -> None:
    made = new_table(client, "ultia", humans(3), seed=3)
    tid = made["table"]["id"]
    game = ludoverse.load("ultia")
    truth = game.new_game(3, 3)
    assert view(client, tid)["observation"] == json.loads(json.dumps(truth.observation(None)))
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        first = ws.receive_json()
        assert first["seat"] is None and first["legal"] == []
        ws.send_json({"type": "act", "action": 0})
        assert ws.receive_json()["error"] == "spectator"


# Storage ----------------------------------------------------------------------------------------


def test_every_acknowledged_move_is_stored_and_survives_a_restart(db: str) -> None:
    with TestClient(app(db)) as c:
        made = new_table(c, "paradox", humans(2), seed=11)
        tid, tokens = made["table"]["id"], made["tokens"]
        for i in range(2):
            c.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
        for _ in range(6):
            v = view(c, tid, tokens[0])
            mover = v["table"]["to_move"]
            legal = view(c, tid, tokens[mover])["legal"]
            assert act(c, tid, tokens[mover], legal[-1]["id"]).status_code == 200
        before = {p: view(c, tid, tokens[p])["observation"] for p in range(2)}
    with TestClient(app(db)) as c:
        assert client_moves(c, tid) == 6
        for p in range(2):
            assert view(c, tid, tokens[p])["observation"] == before[p]


def client_moves(c: TestClient, tid: str) -> int:
    return int(c.get(f"/api/tables/{tid}").json()["moves"])


def test_a_move_the_database_refuses_is_not_played(client: TestClient) -> None:
    made = new_table(client, "ultia", humans(3), seed=2)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(3):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(tid)
    before = table.state.to_json()
    mover = table.state.current_player

    def broken(*_args: Any) -> None:
        raise RuntimeError("disk full")

    hub._store_action = broken
    with pytest.raises(RuntimeError):
        act(client, tid, tokens[mover], table.state.legal_actions()[0])
    assert table.state.to_json() == before and table.actions == []


def test_options_that_do_not_fit_the_player_count_are_refused_by_name(
        client: TestClient) -> None:
    # found by the stateful fuzz run: Multiuniversum's ages give one age per seat
    r = client.post("/api/tables", json={"game": "multiuniversum", "seats": [{}, {}],
                                         "options": {"ages": [30, 40, 50]}})
    assert r.status_code == 422
    assert "3 ages for 2 players" in r.json()["message"]
    assert client.get("/api/tables").json() == []


# Bots -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["ultia", "paradox", "ultramassive", "universal_rule",
                                  "multiuniversum"])
def test_bots_play_a_live_table_to_the_end(client: TestClient, game: str) -> None:
    g = ludoverse.load(game)
    n = max(2, g.min_players)
    made = new_table(client, game, [{"kind": "bot", "bot": "random"}] * n, seed=4)
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        while True:
            m = ws.receive_json()
            if m["table"]["status"] == "finished":
                break
    rec = GameRecord.model_validate(client.get(f"/api/tables/{tid}/record").json())
    assert replay(rec).is_terminal()
    assert rec.outcome == m["table"]["outcome"]


def test_a_bot_move_whose_job_was_lost_is_queued_again_on_restart(db: str) -> None:
    """A database from before bot jobs (or one whose job row was lost) still gets its bots'
    moves: every process queues the move of a restored table that waits on a bot."""
    from sqlalchemy import delete, func, select

    from ludoverse.server.db import BotJobRow

    no_worker = create_app(db, config=UNHURRIED, bot_workers=0, bot_pace=0, bot_worker=False)
    with TestClient(no_worker) as c:
        made = new_table(c, "paradox", [{"kind": "bot", "bot": "random"}] * 2, seed=3)
        tid = made["table"]["id"]
        hub = c.app.state.hub  # type: ignore[attr-defined]
        with hub.db.begin() as s:  # queued with the table, but nobody takes it here
            assert s.scalar(select(func.count()).select_from(BotJobRow)) == 1
            s.execute(delete(BotJobRow))  # ... and lost
        assert client_moves(c, tid) == 0
    with TestClient(app(db)) as c:
        deadline = time.monotonic() + 20
        while client_moves(c, tid) < 5:
            assert time.monotonic() < deadline, "the bots never moved after the restart"
            time.sleep(0.05)


def test_a_bot_takes_the_same_least_time_for_every_move_at_a_table_with_people(
        db: str) -> None:
    """How long a bot thinks must not show its cards: a lone legal move would be answered at
    once and a real choice after a search, so at a table with people every bot move takes at
    least the pace (random bots answer at once, so without it the moves would come in ms).
    Measured by the stored time of each move, which the pace separates from the one
    before."""
    pace = 0.3
    with TestClient(app(db, bot_pace=pace)) as c:
        made = new_table(c, "ultia", [*humans(1), *[{"kind": "bot", "bot": "random"}] * 2],
                         seed=12)
        tid, token = made["table"]["id"], made["tokens"][0]
        with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
            while True:
                m = ws.receive_json()
                if m["type"] != "state":
                    continue
                if m["table"]["moves"] >= 12:
                    break
                if m["legal"]:
                    ws.send_json({"type": "act", "action": m["legal"][0]["id"],
                                  "expect": m["table"]["moves"]})
        hub = c.app.state.hub  # type: ignore[attr-defined]
        with hub.db() as s:
            rows = actions_of(s, tid)
        gaps = [(b.at - a.at).total_seconds() for a, b in pairwise(rows) if b.seat != 0]
        assert len(gaps) >= 5
        assert min(gaps) >= pace * 0.95


def test_a_player_who_leaves_is_replaced_by_a_bot(client: TestClient) -> None:
    made = new_table(client, "ultia", [*humans(2), {"kind": "bot", "bot": "easy"}], seed=9)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(2):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    assert client.post(f"/api/tables/{tid}/leave", json={"token": tokens[1]}).status_code == 200
    assert view(client, tid)["table"]["seats"][1]["joined"] is False
    assert act(client, tid, tokens[1], 0).json()["error"] == "forbidden"  # old token is void
    r = client.post(f"/api/tables/{tid}/seats/1/bot", json={"token": tokens[0], "bot": "easy"})
    assert r.status_code == 200
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "state" and m["table"]["status"] == "finished":
                break
            if m["type"] == "state" and m["legal"]:
                ws.send_json({"type": "act", "action": m["legal"][0]["id"],
                              "expect": m["table"]["moves"]})
    assert m["table"]["seats"][1]["kind"] == "bot"


# Hidden information -----------------------------------------------------------------------------


def test_each_seat_receives_only_its_own_observation(client: TestClient) -> None:
    """Two people at an ULTIA table: every message a seat receives is exactly that seat's
    observation, so it never holds the other's hand, and the events it is sent add up to
    exactly the log that seat may see."""
    made = new_table(client, "ultia", [*humans(2), {"kind": "bot", "bot": "random"}], seed=21)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(2):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.get(tid)
    with client.websocket_connect(f"/ws/tables/{tid}?token={tokens[0]}") as a, \
            client.websocket_connect(f"/ws/tables/{tid}?token={tokens[1]}") as b:
        socks = {0: a, 1: b}
        for _ in range(40):
            mover = table.state.current_player
            if mover not in socks:
                break
            legal = table.state.legal_actions()
            act(client, tid, tokens[mover], legal[0])
        for seat, ws in socks.items():
            last = None
            log: list[dict[str, Any]] = []
            while True:
                m = ws.receive_json()
                assert m["seat"] == seat
                assert m["events_start"] <= len(log)
                log[m["events_start"]:] = m["events"]
                last = m
                if m["table"]["moves"] == len(table.actions):
                    break
            assert last["observation"] == json.loads(json.dumps(table.state.observation(seat)))
            names = [s.name for s in table.seats]
            assert log == json.loads(json.dumps(
                [told(table.game, e, seat, names) for e in table.state.events_for(seat)]))
            assert all(e["text"] for e in log)  # every entry reads as a sentence for its seat
            assert any(e.visible_to for e in table.state.events)  # hands were dealt privately


# Undo -------------------------------------------------------------------------------------------


def test_undo_takes_back_only_your_own_unrevealing_decisions(client: TestClient) -> None:
    """Multiuniversum: preparing a tool reveals nothing and can be taken back; discarding to
    draw shows a new card, so it stays; the other player cannot undo your moves."""
    made = new_table(client, "multiuniversum", humans(2), seed=1,
                     options={"first_player": "seat0"})
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(2):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    g = ludoverse.load("multiuniversum")

    def legal_of(kind: str) -> int:
        return next(x["id"] for x in view(client, tid, tokens[0])["legal"]
                    if x["info"]["kind"] == kind)

    assert view(client, tid, tokens[0])["undo"] == 0
    prep = legal_of("prepare_tool")
    act(client, tid, tokens[0], prep)
    assert view(client, tid, tokens[0])["undo"] == 1
    r = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[1]})
    assert r.status_code == 409 and r.json()["error"] == "no_undo"
    r = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
    assert r.status_code == 200 and r.json()["moves"] == 0
    assert view(client, tid, tokens[0])["observation"] == json.loads(
        json.dumps(g.new_game(2, 1, {"first_player": "seat0"}).observation(0)))
    act(client, tid, tokens[0], legal_of("discard_draw"))
    assert view(client, tid, tokens[0])["undo"] == 0
    r = client.post(f"/api/tables/{tid}/undo", json={"token": tokens[0]})
    assert r.status_code == 409


# Records and replays ----------------------------------------------------------------------------


def test_records_download_upload_and_replay_step_by_step(client: TestClient) -> None:
    made = new_table(client, "ultia", [{"kind": "bot", "bot": "random"}] * 3, seed=8)
    tid = made["table"]["id"]
    assert client.get(f"/api/tables/{tid}/record").status_code in (200, 409)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        while ws.receive_json()["table"]["status"] != "finished":
            pass
    rec = client.get(f"/api/tables/{tid}/record").json()
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201
    rid = up.json()["id"]
    final = replay(GameRecord.model_validate(rec))
    last = client.get(f"/api/replays/{rid}", params={"step": 10_000}).json()
    assert last["step"] == last["steps"] == len(rec["actions"])
    assert last["observation"] == json.loads(json.dumps(final.observation(None)))
    assert last["outcome"] == rec["outcome"]
    three = replay(GameRecord.model_validate(dict(rec, actions=rec["actions"][:3],
                                                  outcome=None)))
    wrong = min(set(range(three.game.num_actions)) - set(three.legal_actions()))
    bad = dict(rec, actions=[*rec["actions"][:3], wrong])
    r = client.post("/api/records", json=bad)  # well-formed, but the game refuses it
    assert r.status_code == 422 and "illegal" in r.json()["message"]
    out_of_range = dict(rec, actions=[*rec["actions"][:3], 99999])
    assert client.post("/api/records", json=out_of_range).status_code == 400  # by the schema
    assert client.post("/api/records", json={"nope": 1}).status_code == 400


def test_the_api_is_described_by_openapi(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}/actions",
                 "/api/tables/{table_id}/undo", "/api/records", "/api/replays/{table_id}"):
        assert path in spec["paths"]


def test_a_table_can_use_a_content_file(client: TestClient) -> None:
    """Content given as the text of a TOML file (the lobby's upload) is validated and used;
    a broken file is refused with the reason."""
    src = Path(ludoverse.__file__).parent / "games" / "multiuniversum" / "data"
    text = (src / "multiuniversum.toml").read_text()
    made = new_table(client, "multiuniversum", humans(2), content_toml=text)
    assert made["table"]["custom_content"] is True
    r = client.post("/api/tables", json={"game": "multiuniversum", "seats": humans(2),
                                         "content_toml": text.replace("[[", "[[[", 1)})
    assert r.status_code == 422 and "TOML" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "multiuniversum", "seats": humans(2),
                                         "content_toml": "cards = 3"})
    assert r.status_code == 422 and "bad content" in r.json()["message"]


def test_a_seat_handed_to_a_bot_is_played_by_the_bot_only(client: TestClient) -> None:
    made = new_table(client, "ultia", humans(3), seed=6)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i in range(3):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tokens[i]})
    mover = view(client, tid)["table"]["to_move"]
    legal = view(client, tid, tokens[mover])["legal"]
    r = client.post(f"/api/tables/{tid}/seats/{mover}/bot",
                    json={"token": tokens[mover], "bot": "random"})
    assert r.status_code == 200
    r = act(client, tid, tokens[mover], legal[0]["id"])
    assert r.status_code == 409 and r.json()["error"] == "bot_seat"
    assert view(client, tid)["table"]["seats"][mover]["kind"] == "bot"


def test_a_chosen_deal_is_shown_to_everyone(client: TestClient) -> None:
    """A creator who picks the seed could know every hidden card: the table says so."""
    chosen = new_table(client, "ultia", humans(3), seed=12)["table"]
    dealt = new_table(client, "ultia", humans(3))["table"]
    assert chosen["chosen_deal"] is True and dealt["chosen_deal"] is False
    lobby = {t["id"]: t["chosen_deal"] for t in client.get("/api/tables").json()}
    assert lobby == {chosen["id"]: True, dealt["id"]: False}


def test_a_table_of_bots_only_is_closed_after_its_time_and_its_record_kept(
        client: TestClient) -> None:
    """Bots alone could otherwise keep a server busy forever; a table with a person is
    closed only when nobody has moved for the (much longer) idle time."""
    bots = new_table(client, "ultramassive", [{"kind": "bot", "bot": "hard"}] * 2, seed=1)
    people = new_table(client, "ultia", humans(3))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(minutes=31)  # bot_only_minutes is 30
    closed = client.portal.call(hub.sweep, later)  # type: ignore[union-attr]
    assert closed == [bots["table"]["id"]]
    assert bots["table"]["id"] not in [t["id"] for t in client.get("/api/tables").json()]
    assert client.get(f"/api/tables/{bots['table']['id']}").json()["status"] == "abandoned"
    record = client.get(f"/api/tables/{bots['table']['id']}/record")
    assert record.status_code == 200 and record.json()["outcome"] is None
    assert view(client, people["table"]["id"])["table"]["status"] == "open"


def test_card_data_the_game_refuses_is_422_even_when_its_shape_is_off(client: TestClient) -> None:
    """The game's own checks of card data (a published entry names its source) are more than
    JSON Schema can say, so any refusal inside ``content`` is the game's: 422, not 400."""
    plans = ludoverse.load("ultia").content_to_json(ludoverse.load("ultia").default_content())
    plans = json.loads(json.dumps(plans))
    entry = next(v for v in plans.values() if isinstance(v, list) and v)[0]
    entry.update(provenance="public", source=None)
    r = client.post("/api/tables", json={"game": "ultia", "seats": humans(3), "content": plans})
    assert r.status_code == 422 and "source" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "ultia", "seats": "three"})
    assert r.status_code == 400  # a malformed request is still 400


def test_a_bot_move_made_here_moves_the_live_table_on_without_a_replay(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move this process's bot worker stores is played on the table's live copy, and the
    next bot job starts from that copy: no bot move replays the game from the stored moves
    (a whole game's moves per bot move, the cost that once made one process three times
    slower per action)."""
    replayed: list[int] = []
    real = BotWorker._replay

    def counted(self: BotWorker, claim: Any) -> Any:
        replayed.append(claim.job.index)
        return real(self, claim)

    monkeypatch.setattr(BotWorker, "_replay", counted)
    with TestClient(app(db)) as c:
        tid = new_table(c, "ultia", [{"kind": "bot", "bot": "random"}] * 3, seed=6)["table"]["id"]
        with c.websocket_connect(f"/ws/tables/{tid}") as ws:
            while ws.receive_json()["table"]["status"] != "finished":
                pass
        moves = len(c.get(f"/api/tables/{tid}/record").json()["actions"])
    assert moves > 30 and replayed == []
