"""Help and hints through the server: the rules in our words and every piece's detail, log
entries as sentences naming the players, and hints — for whom, what they say, that they are
kept in the record, and that they come from the asking seat's knowledge only."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

import ludoverse
from ludoverse.core.records import GameRecord
from ludoverse.core.registry import games as game_names
from ludoverse.server import create_app
from ludoverse.server.config import Bots, Rates, ServerConfig
from ludoverse.server.hints import rank_moves

QUICK = ServerConfig(rates=Rates(**{name: "10000/second" for name in Rates.model_fields}),
                     bots=Bots(workers=0, pace_seconds=0, move_seconds=0.4))
DOCS = Path(__file__).parents[2] / "docs" / "rules"
ALONE = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "easy"},
         {"kind": "bot", "bot": "easy"}]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'h.db'}", config=QUICK)) as c:
        yield c


def new_table(c: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    r = c.post("/api/tables", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def my_turn(c: TestClient, tid: str, token: str) -> dict[str, Any]:
    with c.websocket_connect(f"/ws/tables/{tid}?token={token}") as ws:
        while True:
            m = ws.receive_json()
            if m["legal"] or m["table"]["status"] == "finished":
                return m


# The rules and the pieces -------------------------------------------------------------------


@pytest.mark.parametrize("game", game_names())
def test_the_rules_panel_holds_every_rule_of_the_game_s_page(client: TestClient,
                                                             game: str) -> None:
    r = client.get(f"/api/games/{game}/rules")
    assert r.status_code == 200
    data = r.json()
    text = (DOCS / f"{game}.md").read_text()
    ids = set(re.findall(r"^\| ([A-Z]{2}-[A-Z0-9]+-\d+[a-z]?) \|", text, re.M))
    assert ids and {x["id"] for x in data["rules"]} == ids
    html = "".join(s["html"] for s in data["sections"])
    for rule in ids:  # each rule row is anchored by its ID, for links from tutorials
        assert f'<tr id="{rule}">' in html
    rows = re.findall(r"<tr id=.*?</tr>", html, re.S)
    assert "<th>Tests</th>" not in html  # the test column is for developers, not players
    assert not any(".py" in row for row in rows)
    assert "<script" not in html


def test_an_unknown_game_s_rules_are_refused(client: TestClient) -> None:
    assert client.get("/api/games/chess/rules").status_code == 400


@pytest.mark.parametrize("game", game_names())
def test_every_piece_has_an_effect_and_a_provenance(client: TestClient, game: str) -> None:
    pieces = client.get(f"/api/games/{game}/components").json()
    assert pieces
    assert len({p["key"] for p in pieces}) == len(pieces)
    for p in pieces:
        assert p["name"] and p["kind"] and p["text"], p
        assert p["provenance"] in ("rulebook", "public", "reconstructed")
        assert p["provenance"] != "public" or p["source"]


def test_a_table_with_its_own_cards_explains_its_own_cards(client: TestClient) -> None:
    src = Path(ludoverse.__file__).parent / "games" / "multiuniversum" / "data"
    text = next(src.glob("multiuniversum.toml")).read_text()
    changed = text.replace('name = "Stack Shuffler"', 'name = "Our Own Shuffler"', 1)
    assert changed != text
    made = new_table(client, "multiuniversum", [{"kind": "human"}, {"kind": "bot"}],
                     content_toml=changed)
    names = {p["name"] for p in client.get(
        f"/api/tables/{made['table']['id']}/components").json()}
    assert any(n.endswith("Our Own Shuffler") for n in names)
    assert not any("Stack Shuffler" in n for n in names)


def test_log_entries_are_sentences_that_name_the_players(client: TestClient) -> None:
    made = new_table(client, "ultia", ALONE, seed=5)
    tid, token = made["table"]["id"], made["tokens"][0]
    m = my_turn(client, tid, token)
    texts = [e["text"] for e in m["events"]]
    assert texts and all(t and t[0].isupper() for t in texts)
    assert not any(re.search(r"\bSeat [1-3]\b", t) for t in texts)  # names instead
    spectator = client.get(f"/api/tables/{tid}/view").json()
    assert not any("you" in e["text"].lower().split() for e in spectator["events"])


# Hints ----------------------------------------------------------------------------------------


def test_a_player_alone_with_bots_gets_a_hint_and_the_game_is_marked(client: TestClient) -> None:
    made = new_table(client, "ultia", ALONE, seed=5)
    tid, token = made["table"]["id"], made["tokens"][0]
    m = my_turn(client, tid, token)
    r = client.post(f"/api/tables/{tid}/hint", json={"token": token})
    assert r.status_code == 200, r.text
    h = r.json()
    legal = {a["id"]: a["label"] for a in m["legal"]}
    assert h["action"] in legal and h["label"] == legal[h["action"]]
    assert h["step"] == m["table"]["moves"] and h["seat"] == 0
    assert 0 <= h["share"] <= 1 and h["moves"][0]["action"] == h["action"]
    assert h["label"] in h["line"] and "%" in h["line"]
    again = client.post(f"/api/tables/{tid}/hint", json={"token": token}).json()
    assert again == h  # one search per decision: asking again changes nothing
    assert client.get(f"/api/tables/{tid}").json()["hinted"] == 1


def test_a_hint_is_for_your_own_turn_only(client: TestClient) -> None:
    made = new_table(client, "universal_rule", [{"kind": "human"}] * 3)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i, tok in enumerate(tokens[1:], 1):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tok})
    # three people who did not agree to hints: nobody may ask
    for tok in tokens:
        r = client.post(f"/api/tables/{tid}/hint", json={"token": tok})
        assert r.status_code == 403 and "agreed" in r.json()["message"]
    made = new_table(client, "universal_rule", [{"kind": "human"}] * 3, hints=True)
    tid, tokens = made["table"]["id"], made["tokens"]
    for i, tok in enumerate(tokens[1:], 1):
        client.post(f"/api/tables/{tid}/join", json={"seat": i, "token": tok})
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["hints_allowed"] is True
    mover = summary["to_move"]
    assert client.post(f"/api/tables/{tid}/hint",
                       json={"token": tokens[mover]}).status_code == 200
    other = tokens[(mover + 1) % 3]
    r = client.post(f"/api/tables/{tid}/hint", json={"token": other})
    assert r.status_code == 409 and r.json()["error"] == "not_your_turn"
    assert client.post(f"/api/tables/{tid}/hint", json={"token": "x" * 20}).status_code == 403


def test_hints_are_kept_in_the_record_and_in_an_uploaded_replay(client: TestClient) -> None:
    made = new_table(client, "ultia", ALONE, seed=9)
    tid, token = made["table"]["id"], made["tokens"][0]
    hinted = 0
    while True:
        m = my_turn(client, tid, token)
        if m["table"]["status"] == "finished":
            break
        if hinted < 2:
            hinted += client.post(f"/api/tables/{tid}/hint", json={"token": token}).is_success
        r = client.post(f"/api/tables/{tid}/actions",
                        json={"token": token, "action": m["legal"][0]["id"]})
        assert r.status_code == 200, r.text
    rec = client.get(f"/api/tables/{tid}/record").json()
    assert len(rec["hints"]) == hinted == 2
    assert GameRecord.model_validate(rec).hints == rec["hints"]
    up = client.post("/api/records", json=rec)
    assert up.status_code == 201
    assert client.get(f"/api/replays/{up.json()['id']}").json()["hinted"] == 2


def test_a_hint_depends_only_on_what_the_seat_knows() -> None:
    """Two positions the seat cannot tell apart give the same hint with the same seed."""
    g = ludoverse.load("ultia")
    state = g.new_game(3, 4)
    while state.current_player != 0 or len(state.legal_actions()) < 2:
        state.apply(random.Random(len(state.events)).choice(state.legal_actions()))
    other = state.determinize(0, random.Random(99))
    assert other.to_json() != state.to_json()
    spec = "ismcts:iters=60"
    a = rank_moves("ultia", state.to_json(), 0, spec, 7, None)
    b = rank_moves("ultia", other.to_json(), 0, spec, 7, None)
    assert a == b and a[0][0] in state.legal_actions()
