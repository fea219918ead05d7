"""Help on every board, in Chromium: the rules panel (searchable, linked by rule ID), a
piece's detail view with its provenance, and every board fitting a 390-px phone — during
play and at the end, at the largest player count — with nothing cut off."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page
from tests.web.conftest import shot, watch
from tests.web.driver import create_table

import ludoverse

GAMES = ["ultia", "paradox", "ultramassive", "universal_rule", "multiuniversum"]
SEARCH = {"ultia": "trump", "paradox": "Quake", "ultramassive": "Solar Mass",
          "universal_rule": "Sneak Attack", "multiuniversum": "portal"}
PHONE = {"width": 390, "height": 844}

CUT_OFF = "\n".join(line for line in (Path(__file__).parent / "cut_off.js").read_text()
                    .splitlines() if not line.startswith("//"))



def finished_table(base: str, game: str) -> str:
    """A game of bots at the largest player count, played to its end through the API."""
    g = ludoverse.load(game)
    seats = [{"kind": "bot", "bot": "easy"}] * g.max_players
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, "seed": 3},
                   timeout=30)
    r.raise_for_status()
    tid = r.json()["table"]["id"]
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/tables/{tid}", timeout=30).json()["status"] == "finished":
            return str(tid)
        time.sleep(0.5)
    raise AssertionError(f"the {game} bots did not finish in time")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_panel_and_a_piece_s_detail_open_on_the_board(
        server: Any, page: Page, game: str) -> None:
    create_table(page, server.url, game, ludoverse.load(game).min_players or 1, seed=2)
    page.click("#open-rules")
    drawer = page.locator("dialog.rules-drawer[open]")
    drawer.wait_for()
    total = drawer.locator("tbody tr:not([hidden])").count()
    page.fill("dialog.rules-drawer .rules-search", SEARCH[game])
    found = drawer.locator("tbody tr:not([hidden])")
    assert 0 < found.count() < total
    assert SEARCH[game].lower() in found.first.inner_text().lower()
    drawer.locator("button.close").click()

    pieces = page.locator("#board [data-component]")
    assert pieces.count() > 0, "the board marks no piece with its component"
    page.click("#explain")
    pieces.first.click()
    detail = page.locator("dialog.detail[open]")
    detail.wait_for()
    key = pieces.first.get_attribute("data-component")
    known = httpx.get(f"{server.url}/api/games/{game}/components", timeout=10).json()
    piece = next(c for c in known if c["key"] == key)
    assert piece["name"] in detail.inner_text()
    provenance = detail.locator(".provenance").inner_text()
    assert {"rulebook": "rulebook", "public": "Published",
            "reconstructed": "Designed by the Ludoverse team"}[piece["provenance"]] in provenance
    shot(page, f"{game}-detail")
    detail.locator("button.close").click()
    page.click("#explain")  # off again: pieces play moves as before


def test_a_rule_link_opens_the_rules_page_at_that_rule(server: Any, page: Page) -> None:
    page.goto(f"{server.url}/rules/universal_rule#UR-SETUP-1")
    row = page.locator("tr.focus")
    row.wait_for()
    assert row.get_attribute("id") == "UR-SETUP-1"
    assert row.is_visible()


@pytest.mark.parametrize("game", GAMES)
def test_every_board_fits_a_phone_during_play_and_at_the_end(
        server: Any, browser: Browser, game: str) -> None:
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1)
    errors: list[str] = []
    pg = watch(ctx.new_page(), errors)
    try:
        g = ludoverse.load(game)
        create_table(pg, server.url, game, g.max_players, seed=5)
        cut = pg.evaluate(CUT_OFF)
        assert not cut, f"{game} during play, at 390 px: {cut}"
        tid = finished_table(server.url, game)
        pg.goto(f"{server.url}/table/{tid}")
        pg.wait_for_selector("#result:not([hidden])")
        cut = pg.evaluate(CUT_OFF)
        assert not cut, f"{game} at the end, at 390 px: {cut}"
    finally:
        ctx.close()
    assert not errors, errors
