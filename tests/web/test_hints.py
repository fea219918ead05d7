"""A hint in the browser: at a table where every other seat is a bot, "Hint" shows the move
the hard bot would play and why in one line, marks that move, and the game is marked as
hinted — on the table, in its record once it is over, and in its replay."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import Page
from tests.web.conftest import shot
from tests.web.driver import create_table, play_to_the_end


def test_a_hint_appears_at_a_table_with_bots_and_is_kept_in_the_record(
        server: Any, page: Page) -> None:
    table = create_table(page, server.url, "ultia", 3, bots="easy", seed=4)
    page.wait_for_selector("#actions button.action")
    page.click("#hint")
    line = page.locator("#hint-line")
    line.wait_for(timeout=60_000)
    text = line.inner_text()
    assert "% to win" in text and "hard bot" in text
    hinted = page.locator("#actions button.action.hinted")
    assert hinted.count() == 1 and hinted.inner_text() in text
    page.wait_for_selector(".hinted-game")
    assert "1 hint" in page.locator(".hinted-game").inner_text()
    shot(page, "ultia-hint")

    moves = int(page.locator(".table-page").get_attribute("data-moves") or 0)
    hinted.click()  # play the suggested move, then the rest of the game
    page.wait_for_function(
        "n => Number(document.querySelector('.table-page').dataset.moves) > n", arg=moves)
    play_to_the_end(page, seed=1)
    rec = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=10).json()
    assert len(rec["hints"]) == 1
    assert rec["hints"][0]["seat"] == 0 and rec["hints"][0]["line"] == text.removeprefix("Hint: ")
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector(".hinted-game")
