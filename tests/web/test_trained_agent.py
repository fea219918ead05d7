"""Playing the trained agent in the browser (docs/rl.md, section 5): the host publishes
``examples/ultia-ppo.npz`` as the bot level "trained", a person picks it in the lobby and plays
a whole game against it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page
from tests.server.live import UNHURRIED, Server
from tests.web.conftest import shot
from tests.web.driver import create_table, play_to_the_end

AGENT = Path(__file__).resolve().parents[2] / "examples" / "ultia-ppo.npz"


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("agent")
    config = where / "server.toml"
    config.write_text(UNHURRIED + f'\n[bots.levels.ultia]\ntrained = "policy:{AGENT}"\n')
    s = Server(f"sqlite:///{where / 'web.db'}", config=str(config))
    s.start()
    yield s
    s.stop()


def test_a_person_plays_a_whole_game_against_the_trained_agent(host: Any, page: Page) -> None:
    page.goto(host.url + "/")
    page.click("[data-create=ultia]")
    offered = page.locator("select[name=seat1] option").all_inner_texts()
    assert "Bot, trained" in offered
    table = create_table(page, host.url, "ultia", 3, bots="trained", seed=2)
    shot(page, "ultia-trained-agent")
    play_to_the_end(page, seed=2)
    rec = httpx.get(f"{host.url}/api/tables/{table}/record", timeout=10).json()
    assert rec["seats"][1:] == ["trained", "trained"]
    assert str(AGENT) not in str(rec)
