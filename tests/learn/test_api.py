"""The tutorials' HTTP API: it lists the tutorials, serves the learner's view at any step,
accepts only the move a step asks for (and kindly refuses others), bounds every input, and
never shows the learner what another seat hides."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.live import unhurried

from ludoverse.learn.engine import tutorial
from ludoverse.learn.script import MoveRef, load_script
from ludoverse.server.app import create_app
from ludoverse.server.config import load_config

GAMES = ["multiuniversum", "paradox", "ultia", "ultramassive", "universal_rule"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    where = tmp_path_factory.mktemp("learn")
    config = load_config(unhurried(where))  # the rates have their own tests
    with TestClient(create_app(f"sqlite:///{where / 'learn.db'}", config=config)) as c:
        yield c


def first(game: str, kind: str) -> int:
    return next(i for i, st in enumerate(tutorial(game).steps) if st.kind == kind)


def test_lists_the_tutorials(client: TestClient) -> None:
    r = client.get("/api/learn")
    assert r.status_code == 200
    assert sorted(g["game"] for g in r.json()) == GAMES


def test_overview_has_texts_rule_links_and_pointers(client: TestClient) -> None:
    info = client.get("/api/learn/ultia").json()
    t = tutorial("ultia")
    assert info["steps"] == t.last
    # Other seats' moves are not listed ahead.
    assert [i["k"] for i in info["items"]] == [k for k, st in enumerate(t.steps)
                                                if st.kind != "bot"]
    assert info["ending"]
    rules = [r for item in info["items"] for r in item["rules"]]
    assert {"id": "UL-BID-1", "href": "/rules/ultia#UL-BID-1"} in rules
    assert any(item["point"] for item in info["items"])


@pytest.mark.parametrize("path", ["/api/learn/nope", "/api/learn/nope/at/0"])
def test_unknown_game_is_404(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404
    assert client.post("/api/learn/nope/at/0", json={"action": 1}).status_code == 404


@pytest.mark.parametrize("k", ["-1", "100001", "x"])
def test_malformed_step_is_refused(client: TestClient, k: str) -> None:
    assert client.get(f"/api/learn/ultia/at/{k}").status_code in (400, 422)


def test_step_past_the_end_is_not_found(client: TestClient) -> None:
    last = tutorial("ultia").last
    assert client.get(f"/api/learn/ultia/at/{last}").status_code == 200
    r = client.get(f"/api/learn/ultia/at/{last + 1}")
    assert r.status_code == 404
    assert "past the end" in r.json()["message"]


@pytest.mark.parametrize("body", [{}, {"action": -1}, {"action": "x"}, {"action": 1, "more": 2}])
def test_bad_bodies_are_refused(client: TestClient, body: dict[str, Any]) -> None:
    k = first("ultia", "move")
    assert client.post(f"/api/learn/ultia/at/{k}", json=body).status_code in (400, 422)


@pytest.mark.parametrize("game", GAMES)
def test_expected_move_advances_and_others_are_refused_kindly(client: TestClient,
                                                              game: str) -> None:
    k = first(game, "move")
    view = client.get(f"/api/learn/{game}/at/{k}").json()
    expected = view["step"]["expected"]["id"]
    assert expected in [a["id"] for a in view["legal"]]
    other = next((a["id"] for a in view["legal"] if a["id"] != expected), expected + 1)
    r = client.post(f"/api/learn/{game}/at/{k}", json={"action": other})
    assert r.status_code == 409
    assert r.json()["message"].startswith("Not this time: the tutorial needs")
    assert view["step"]["expected"]["label"] in r.json()["message"]
    r = client.post(f"/api/learn/{game}/at/{k}", json={"action": expected})
    assert r.status_code == 200 and r.json()["next"] == k + 1


def test_no_move_at_an_explanation(client: TestClient) -> None:
    k = first("ultia", "explain")
    r = client.post(f"/api/learn/ultia/at/{k}", json={"action": 0})
    assert r.status_code == 409 and r.json()["error"] == "no_move_here"


def test_the_end_shows_the_outcome(client: TestClient) -> None:
    t = tutorial("universal_rule")
    view = client.get(f"/api/learn/universal_rule/at/{t.last}").json()
    assert view["step"] is None and view["legal"] == []
    assert view["outcome"]["winners"] == [0]
    assert view["table"]["status"] == "finished"


def hidden_labels(game: str) -> set[str]:
    """The labels of other seats' moves that read differently to the learner: they name
    something the learner may not know (a card laid face down, a card committed ...).
    A label that is also one of the learner's own moves ("Commit 1 credit") names nothing
    a text could give away, so it is left out."""
    t = tutorial(game)
    s = load_script(game)
    state = t.new_state()
    out = set()
    own = set()
    for move, a, seat in zip(s.moves, t.actions, t.movers, strict=True):
        label = move.label if isinstance(move, MoveRef) else move
        if seat == s.learner:
            own.add(label)
        elif state.action_label(a, s.learner) != label:
            out.add(label)
        state.apply(a)
    return out - own


@pytest.mark.parametrize("game", GAMES)
def test_views_show_only_what_the_learner_may_see(client: TestClient, game: str) -> None:
    t = tutorial(game)
    me = t.script.learner
    secrets = hidden_labels(game)
    overview = json.dumps(client.get(f"/api/learn/{game}").json())
    assert not [x for x in secrets if x in overview]
    for k in range(t.last + 1):
        view = client.get(f"/api/learn/{game}/at/{k}").json()
        state = t.state_at(k)
        assert view["seat"] == me
        assert view["observation"] == json.loads(json.dumps(state.observation(me)))
        assert len(view["events"]) == len(state.events_for(me))
        assert all(me in e.get("visible_to", [me]) for e in view["events"])
        assert all(a["label"] == state.action_label(a["id"], me) for a in view["legal"])
        if view["step"] and view["step"]["kind"] != "move":
            # Another seat's action id could name a hidden card: it is never sent.
            assert "expected" not in view["step"]
        if view["step"] and "expected" in view["step"]:
            exp = view["step"]["expected"]
            assert exp["label"] == state.action_label(exp["id"], me)
        # The learner's own moves may read like another seat's secret one (both may lay
        # "Beacon 2" face down in different years): they are checked above, and the step's
        # hand-written texts with the overview, not here.
        own = {**view, "legal": []}
        if view["step"] and view["step"]["kind"] == "move":
            own["step"] = None
        text = json.dumps(own)
        leaked = [x for x in secrets if x in text]
        assert not leaked, f"step {k} shows another seat's secret move: {leaked}"


def test_hidden_labels_exist_where_games_hide_moves() -> None:
    # The leak check above is only as good as its secrets: ULTIA's face-down discards and
    # Universal Rule's fleet commitments are among them.
    assert any(x.startswith("Discard") and "face down" in x for x in hidden_labels("ultia"))
    assert any(x.startswith("Commit") for x in hidden_labels("universal_rule"))


def test_page_route_serves_the_front_end(client: TestClient) -> None:
    r = client.get("/learn/ultia")
    assert r.status_code == 200 and "app.js" in r.text
    assert Path(__file__).parents[2].joinpath("src/ludoverse/web/static/js/learn.js").is_file()
