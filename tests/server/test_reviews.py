"""Post-game reviews on the server (``server/reviews.py``, ``docs/review.md``): a finished
game's or an uploaded record's seat is reviewed in the bot workers a decision at a time,
with progress; identical requests share one job; refusals are clear; the configured caps
(jobs, decision time, rate) hold; a failure marks the job failed with its reason."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient
from tests.server.live import Server

import ludoverse
from ludoverse.core.records import GameRecord
from ludoverse.review import VERDICTS, review, review_position
from ludoverse.review.engine import decisions
from ludoverse.server import create_app, reviews
from ludoverse.server.config import Rates, load_config
from ludoverse.sim import play

RATES = {name: "10000/second" for name in Rates.model_fields}
CHEAP = "ismcts:iters=20"
FAST: dict[str, dict[str, Any]] = {"rates": RATES, "reviews": {"bot": CHEAP},
                                   "bots": {"pace_seconds": 0}}


def toml(config: dict[str, dict[str, Any]]) -> str:
    """A server.toml of sections of plain values (JSON writes them as TOML reads them)."""
    return "".join(f"[{name}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in values.items())
                   for name, values in config.items())


def serve(tmp: Path, config: dict[str, dict[str, Any]]) -> Server:
    cfg = tmp / "server.toml"
    cfg.write_text(toml(config))
    s = Server(f"sqlite:///{tmp / 'reviews.db'}", config=str(cfg), log=str(tmp / "server.log"))
    s.start()
    return s


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = serve(tmp_path_factory.mktemp("reviews"), FAST)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def http(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def finished_table(http: httpx.Client, game: str = "ultia", players: int = 3,
                   seed: int = 5) -> str:
    """A table of random bots, played to its end by the server."""
    r = http.post("/api/tables", json={"game": game, "seed": seed,
                                       "seats": [{"kind": "bot", "bot": "random"}] * players})
    assert r.status_code == 201, r.text
    tid = str(r.json()["table"]["id"])
    deadline = time.monotonic() + 120
    while http.get(f"/api/tables/{tid}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)
    return tid


@pytest.fixture(scope="module")
def finished(http: httpx.Client) -> str:
    return finished_table(http)


def poll(http: httpx.Client, tid: str, seat: int, seconds: float = 120,
         every: float = 0.05) -> list[dict[str, Any]]:
    """Every answer of the review's status until it is done or failed."""
    seen = []
    deadline = time.monotonic() + seconds
    while True:
        r = http.get(f"/api/tables/{tid}/review", params={"seat": seat})
        assert r.status_code == 200, r.text
        seen.append(r.json())
        if seen[-1]["status"] in ("done", "failed"):
            return seen
        assert time.monotonic() < deadline, f"the review is still {seen[-1]}"
        time.sleep(every)


def record(http: httpx.Client, tid: str) -> GameRecord:
    r = http.get(f"/api/tables/{tid}/record")
    assert r.status_code == 200, r.text
    return GameRecord.model_validate(r.json())


# A review, from the request to the result --------------------------------------------------


def test_a_finished_game_is_reviewed_one_decision_at_a_time(http: httpx.Client,
                                                            finished: str) -> None:
    r = http.post(f"/api/tables/{finished}/review", json={"seat": 0})
    assert r.status_code == 202, r.text
    first = r.json()
    todo, forced, _ = decisions(record(http, finished), 0)
    assert first == {"table": finished, "seat": 0, "status": "queued", "done": 0,
                     "total": len(todo), "review": None, "error": None}
    seen = [first, *poll(http, finished, 0)]
    done = [s["done"] for s in seen]
    assert done == sorted(done) and done[0] == 0 and done[-1] == len(todo)
    assert len(set(done)) > 2  # progress shows between the start and the end
    assert all(s["total"] == len(todo) for s in seen)
    assert all(s["review"] is None for s in seen[:-1])
    last = seen[-1]
    assert last["status"] == "done" and last["error"] is None
    rv = last["review"]
    assert rv["game"] == "ultia" and rv["seat"] == 0 and rv["bot"] == CHEAP and rv["seed"] == 0
    assert [m["step"] for m in rv["moves"]] == [step for step, _, _ in todo]
    for m in rv["moves"]:
        assert m["verdict"] in VERDICTS and m["seat"] == 0
        assert 0 <= m["played_share"] <= m["best_share"] <= 1
        assert m["played"] and m["best"]
    assert rv["summary"]["decisions"] == len(todo) and rv["summary"]["forced"] == forced
    assert sum(rv["summary"]["counts"].values()) == len(todo)
    assert set(rv["thresholds"]) == {"best", "good", "inaccuracy", "mistake"}
    assert rv["finished"] is True and rv["outcome"] is not None
    assert rv["names"] == [s["name"] for s in http.get(f"/api/tables/{finished}").json()["seats"]]


def test_the_server_review_is_the_review_of_the_record(http: httpx.Client,
                                                       finished: str) -> None:
    """Judged in the workers a decision at a time, with the fixed seed 0, a review is the
    one ``ludoverse review`` gives for the same record, seat and bot."""
    http.post(f"/api/tables/{finished}/review", json={"seat": 2})
    got = poll(http, finished, 2)[-1]["review"]
    want = review(record(http, finished), 2, CHEAP, seed=0).to_json()
    keys = ("step", "played_action", "best_action", "played_share", "best_share", "verdict")
    assert [{k: m[k] for k in keys} for m in got["moves"]] == \
        [{k: m[k] for k in keys} for m in want["moves"]]
    assert got["summary"] == want["summary"]


def test_the_same_request_twice_shares_one_job(http: httpx.Client, finished: str) -> None:
    one = http.post(f"/api/tables/{finished}/review", json={"seat": 1})
    two = http.post(f"/api/tables/{finished}/review", json={"seat": 1})
    assert (one.status_code, two.status_code) == (202, 200)
    assert two.json()["total"] == one.json()["total"]
    poll(http, finished, 1)
    again = http.post(f"/api/tables/{finished}/review", json={"seat": 1})
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert again.json()["review"]["moves"]


def test_an_uploaded_record_can_be_reviewed(http: httpx.Client, finished: str) -> None:
    rec = http.get(f"/api/tables/{finished}/record").json()
    up = http.post("/api/records", json=rec)
    assert up.status_code == 201, up.text
    rid = up.json()["id"]
    assert http.post(f"/api/tables/{rid}/review", json={"seat": 0}).status_code == 202
    last = poll(http, rid, 0)[-1]
    assert last["status"] == "done" and last["review"]["moves"]
    assert last["review"]["names"][0].startswith("Seat 1")


# Refusals ------------------------------------------------------------------------------------


def test_a_review_is_refused_with_a_clear_message(http: httpx.Client, finished: str) -> None:
    r = http.post("/api/tables", json={"game": "ultia", "seats": [
        {"name": "Ann"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]})
    open_table = r.json()["table"]["id"]
    cases = [
        (open_table, {"seat": 0}, 409, "not_finished", "not over yet"),
        (finished, {"seat": 3}, 422, "no_such_seat", "seats 1 to 3"),
        ("0123456789abcdef", {"seat": 0}, 404, "not_found", "game not found"),
        (finished, {"seat": -1}, 400, "bad_request", "seat"),
        (finished, {"seat": 0, "bot": "hard"}, 400, "bad_request", "bot"),
    ]
    for tid, body, status, code, words in cases:
        r = http.post(f"/api/tables/{tid}/review", json=body)
        assert (r.status_code, r.json()["error"]) == (status, code), (body, r.text)
        assert words in r.json()["message"]
    r = http.get(f"/api/tables/{finished}/review", params={"seat": 9})
    assert r.status_code == 400
    r = http.get(f"/api/tables/{open_table}/review", params={"seat": 0})
    assert r.status_code == 404 and "start one" in r.json()["message"]


# Limits --------------------------------------------------------------------------------------

SLOW: dict[str, dict[str, Any]] = {
    "server": {"trusted_proxies": ["127.0.0.1"]},
    "rates": {**RATES, "review": "2/minute"},
    "bots": {"pace_seconds": 0},
    # A budget no decision finishes: the time cap ends every search.
    "reviews": {"bot": "ismcts:iters=10000000", "decision_seconds": 0.3, "jobs": 1},
}


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = serve(tmp_path_factory.mktemp("slow-reviews"), SLOW)
    yield s
    s.stop()


def test_the_caps_on_jobs_decision_time_and_rate_hold(slow: Server) -> None:
    def client(address: str) -> httpx.Client:
        return httpx.Client(base_url=slow.url, timeout=30,
                            headers={"X-Forwarded-For": address})

    with client("10.0.0.1") as a, client("10.0.0.2") as b, client("10.0.0.3") as c:
        tid = finished_table(a)
        t0 = time.monotonic()
        assert a.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 202
        # Another seat would be a second job: one is the cap.
        r = b.post(f"/api/tables/{tid}/review", json={"seat": 1})
        assert r.status_code == 429 and r.json()["error"] == "too_many"
        assert "try again when one is done" in r.json()["message"]
        assert "Retry-After" not in r.headers  # a cap, not a rate: waiting alone does not do
        # Ten million iterations a decision, yet each stops at its 0.3 s cap.
        while (now := a.get(f"/api/tables/{tid}/review", params={"seat": 0}).json())["done"] < 4:
            assert time.monotonic() - t0 < 15, now
            time.sleep(0.1)
        assert now["status"] == "running"
        # The same job is shared, but each request counts against the address's rate.
        assert c.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 200
        assert c.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 200
        r = c.post(f"/api/tables/{tid}/review", json={"seat": 0})
        assert r.status_code == 429 and r.json()["error"] == "rate_limited"
        assert int(r.headers["Retry-After"]) > 0 and "reviews" in r.json()["message"]
        # Polling is a read, not a review request.
        assert c.get(f"/api/tables/{tid}/review", params={"seat": 0}).status_code == 200


def test_a_decision_capped_in_time_stops_and_an_uncapped_cap_changes_nothing() -> None:
    state = ludoverse.load("ultia").new_game(3, seed=2)
    played = state.legal_actions()[0]
    t0 = time.monotonic()
    capped = review_position(state, played, "ismcts:iters=10000000", cap_ms=300)
    assert time.monotonic() - t0 < 2.0
    assert capped.verdict in VERDICTS
    assert review_position(state, played, CHEAP, seed=3, step=7, cap_ms=60_000) == \
        review_position(state, played, CHEAP, seed=3, step=7)


# Failures (in process, with the worker function replaced) -----------------------------------


@pytest.fixture
def local(tmp_path: Path) -> Iterator[tuple[TestClient, str]]:
    cfg = load_config(rates=RATES, reviews={"bot": CHEAP, "decision_seconds": 0.1, "kept": 1},
                      bots={"move_seconds": 0.1, "grace_seconds": 2.0})
    rec, _ = play("ultia", seats=["random"] * 3, seed=4)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'r.db'}", config=cfg,
                               bot_workers=0)) as c:
        r = c.post("/api/records", json=json.loads(rec.model_dump_json()))
        yield c, r.json()["id"]


def wait_end(c: TestClient, tid: str, seat: int, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        j = c.get(f"/api/tables/{tid}/review", params={"seat": seat}).json()
        if j["status"] in ("done", "failed"):
            return dict(j)
        time.sleep(0.05)
    raise AssertionError(f"the review did not end: {j}")


def test_a_failing_or_overrunning_review_is_marked_failed_with_the_reason(
        local: tuple[TestClient, str], monkeypatch: pytest.MonkeyPatch) -> None:
    c, tid = local
    real = reviews.review_decision

    def broken(*args: Any) -> Any:
        raise RuntimeError("the search fell over")

    monkeypatch.setattr(reviews, "review_decision", broken)
    assert c.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 202
    j = wait_end(c, tid, 0)
    assert j["status"] == "failed" and j["review"] is None
    assert "RuntimeError: the search fell over" in j["error"] and "move" in j["error"]

    def stuck(*args: Any) -> Any:
        time.sleep(3.0)
        return real(*args)

    monkeypatch.setattr(reviews, "review_decision", stuck)
    assert c.post(f"/api/tables/{tid}/review", json={"seat": 1}).status_code == 202
    j = wait_end(c, tid, 1)
    assert j["status"] == "failed" and "took more than 2.2 s" in j["error"]

    # A failed review is started again by the next request.
    monkeypatch.setattr(reviews, "review_decision", real)
    assert c.post(f"/api/tables/{tid}/review", json={"seat": 0}).status_code == 202
    assert wait_end(c, tid, 0)["status"] == "done"


def test_finished_reviews_are_kept_up_to_the_configured_number(
        local: tuple[TestClient, str]) -> None:
    c, tid = local
    for seat in (0, 2):
        assert c.post(f"/api/tables/{tid}/review", json={"seat": seat}).status_code == 202
        assert wait_end(c, tid, seat)["status"] == "done"
    assert c.get(f"/api/tables/{tid}/review", params={"seat": 2}).status_code == 200
    assert c.get(f"/api/tables/{tid}/review", params={"seat": 0}).status_code == 404
