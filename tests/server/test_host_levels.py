"""Bot levels a host publishes (``[bots] levels``), e.g. a trained policy: people choose them
by name, never see the spec, and a broken one stops the server at start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

import ludoverse
from ludoverse.core.records import GameRecord
from ludoverse.rl.policy import policy_meta, save_policy
from ludoverse.server import create_app
from ludoverse.server.config import ConfigError, Rates, ServerConfig, load_config

GAME = "multiuniversum"


def zero_policy(path: Path) -> Path:
    """A network whose logits are all 0: it plays the first legal move."""
    game = ludoverse.load(GAME)
    meta = policy_meta(game, 2, None)
    meta["activation"] = "tanh"
    w = np.zeros((8, meta["observation_size"]), np.float32)
    head = np.zeros((game.num_actions, 8), np.float32)
    return save_policy(path, meta, [(w, np.zeros(8, np.float32))],
                       (head, np.zeros(game.num_actions, np.float32)))


def config(levels: dict) -> ServerConfig:
    return ServerConfig(rates=Rates(**{n: "10000/second" for n in Rates.model_fields}),
                        bots={"levels": levels})


@pytest.fixture
def client(db: str, tmp_path: Path) -> Iterator[TestClient]:
    policy = zero_policy(tmp_path / "secret-name.npz")
    cfg = config({GAME: {"trained": f"policy:{policy}"}})
    with TestClient(create_app(db, config=cfg, bot_workers=0, bot_pace=0)) as c:
        yield c


def test_the_lobby_offers_the_level_by_name_and_hides_its_file(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert games[GAME]["levels"]["trained"] == "policy"
    assert "secret-name" not in client.get("/api/games").text
    assert "trained" not in games["ultia"]["levels"]


def test_a_table_with_the_published_level_plays_the_policy(client: TestClient,
                                                           tmp_path: Path) -> None:
    r = client.post("/api/tables", json={"game": GAME, "seed": 3, "seats": [
        {"kind": "bot", "bot": "trained"}, {"kind": "bot", "bot": "random"}]})
    assert r.status_code == 201, r.text
    tid = r.json()["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        while ws.receive_json()["table"]["status"] != "finished":
            pass
    rec = GameRecord.model_validate(client.get(f"/api/tables/{tid}/record").json())
    assert rec.seats[0] == "trained" and "secret-name" not in str(rec.model_dump())
    # the zero network plays the first legal move at each of its decisions
    state = ludoverse.load(GAME).new_game(2, 3)
    for a in rec.actions:
        if state.current_player == 0:
            assert a == state.legal_actions()[0]
        state.apply(a)


def test_a_person_cannot_name_a_policy_file_on_a_public_server(client: TestClient,
                                                               tmp_path: Path) -> None:
    r = client.post("/api/tables", json={"game": GAME, "seats": [
        {"kind": "bot", "bot": f"policy:{tmp_path / 'secret-name.npz'}"}, {}]})
    assert r.status_code == 400
    assert "trained" in r.json()["message"]


@pytest.mark.parametrize("levels, message", [
    ({"chess": {"x": "random"}}, "unknown game 'chess'"),
    ({GAME: {"Trained!": "random"}}, "is not 1-24 lower-case"),
    ({GAME: {"easy": "random"}}, "'easy' is a level already"),
    ({GAME: {"trained": "policy:/no/such/file.npz"}}, "cannot read policy file"),
    ({GAME: {"trained": "robot"}}, "unknown bot 'robot'"),
])
def test_a_broken_published_level_stops_the_server_with_the_reason(
        tmp_path: Path, levels: dict, message: str) -> None:
    lines = []
    for game, named in levels.items():
        lines.append(f"[bots.levels.{game}]")
        lines += [f'"{k}" = "{v}"' for k, v in named.items()]
    path = tmp_path / "server.toml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ConfigError, match=message):
        load_config(path)
