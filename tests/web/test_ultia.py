"""ULTIA's board in the browser: a person plays a whole game against easy bots by clicking
the board, every decision on the way can be made by clicking a piece, the board shows what
the observation holds, and the page fits a phone's width.

The observation each drawing is made from is read off the page's WebSocket (the ``state``
messages the server sends), so the assertions compare the board with the server's data, not
with itself."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page
from tests.server.live import Server
from tests.web.conftest import shot
from tests.web.driver import (
    create_table,
    listen,
    play_to_the_end,
    replay_ends_unclickable,
    wait_ready,
)

# The decisions a player meets in an ordinary year (rulebook options), by observation phase:
# declare a plan, name trump with the bid, lay cards face down, pass or take, name trump
# before Exploration, play to a trick.
DATABASE = "postgresql"
"""The whole game by clicks runs on PostgreSQL here (the other games' on SQLite)."""
COMMON = {"declare_plan", "bid_trump", "discard", "bidding", "name_trump", "trick"}


def create(page: Page, base: str, options: dict[str, str]) -> str:
    """Us in seat 1, easy bots in seats 2 and 3."""
    return create_table(page, base, "ultia", 3, seed=3, options=options, ready=".ultia")


def ids(page: Page, selector: str, attr: str) -> set[int]:
    values = page.eval_on_selector_all(selector, f"ns => ns.map(n => n.getAttribute('{attr}'))")
    return {int(x) for v in values for x in v.split(",")}


def current(states: list[dict[str, Any]]) -> dict[str, Any]:
    """The state the board shows now (our turn: no newer message is on its way)."""
    return states[-1]


def click_piece(page: Page, selector: str) -> None:
    page.locator(selector).first.click()
    if page.locator(".chooser button[data-action]").count():
        page.locator(".chooser button[data-action]").first.click()
    page.wait_for_selector(".table-page:not(.waiting)")


def check_board(page: Page, obs: dict[str, Any]) -> None:
    """The board shows the observation's key pieces."""
    me = obs["seat"]
    hand = page.eval_on_selector_all("#u-hand .ucard", "ns => ns.map(n => n.dataset.card)")
    assert sorted(hand) == sorted(obs["hand"]) and len(hand) == obs["hand_sizes"][me]
    for p in range(3):
        seat = page.locator(f".u-seat[data-seat='{p}']")
        assert seat.locator(f".tricks[data-seat='{p}']").inner_text().startswith(
            f"{obs['tricks_won'][p]} trick")
        value = page.locator(f"#u-progress .meter-row[data-seat='{p}'] .value").inner_text()
        assert value.startswith(f"{obs['progress'][p]:g}%")
        if p != me:
            assert seat.locator(".u-count").inner_text().startswith(f"{obs['hand_sizes'][p]} card")
            assert seat.locator(".fan .ucard.back").count() == obs["hand_sizes"][p]
    assert page.locator("#u-talon").get_attribute("data-count") == str(obs["face_down"])
    trick = page.eval_on_selector_all("#u-trick .ucard[data-card]",
                                      "ns => ns.map(n => n.dataset.card)")
    assert sorted(trick) == sorted(c for _, c in obs["trick"])
    if obs["trump"]:
        assert page.locator("#u-trump").get_attribute("data-trump") == obs["trump"]
    if obs["plan"]:
        assert page.locator("#u-plan .plan-tile").get_attribute("data-plan") == obs["plan"]
    main = obs["main_surveyor"]
    if main is not None:
        badge = page.locator(f".u-seat[data-seat='{main}'] .badge.main")
        assert "Main Surveyor" in badge.inner_text()


def steer(page: Page, phase: str, seen: set[str]) -> None:
    """Click a board piece, choosing so that every common decision comes up early: open with a
    plan whose trump is named with the bid, later take the cards and outbid everyone with the
    top plan, so that we name trump before Exploration."""
    if phase == "declare_plan":
        if "bid_trump" not in seen and page.locator("[data-plan=ultia].playable").count():
            return click_piece(page, "[data-plan=ultia].playable")
        return click_piece(page, "#u-plans .plan-tile.playable >> nth=-1")
    if phase == "bidding":
        take = page.locator("#u-take.playable").count()
        return click_piece(page, "#u-take" if take and "name_trump" not in seen else "#u-pass")
    click_piece(page, ".board [data-actions]")


def test_full_game_by_clicks(any_server: Server, page: Page) -> None:
    states = listen(page)
    create(page, any_server.url, {"first_dealer": "seat0"})
    seen: set[str] = set()
    trick_moves = 0
    moves = 0
    shot_taken = False
    while wait_ready(page) and not (seen >= COMMON and shot_taken) and moves < 200:
        obs = current(states)["observation"]
        phase = page.locator(".ultia").get_attribute("data-phase")
        assert phase == obs["phase"]
        legal = ids(page, "#actions button.action", "data-action")
        on_board = ids(page, ".board [data-actions]", "data-actions")
        assert legal == {a["id"] for a in current(states)["legal"]}
        assert legal <= on_board, f"{phase}: not on the board: {legal - on_board}"
        if phase == "bidding" and phase not in seen:
            shot(page, "ultia-bidding")
        seen.add(phase)
        if phase == "trick":
            check_board(page, obs)
            trick_moves += 1
            if trick_moves >= 3 and obs["trick"] and not shot_taken:
                shot(page, "ultia-board")
                shot_taken = True
        steer(page, phase, seen)
        moves += 1
    assert seen >= COMMON, f"decisions never met: {COMMON - seen}"
    assert shot_taken
    # The rest of the game: mostly board pieces, sometimes the action list.
    moves += play_to_the_end(page, seed=3)
    result = page.locator("#result")
    result.wait_for()
    assert "win" in result.locator("h2").inner_text()
    obs = current(states)["observation"]
    assert obs["phase"] == "over"
    shot(page, "ultia-result", full_page=True)
    replay_ends_unclickable(page, ".ultia")


def test_phone_width(server: Server, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    states = listen(page)
    create(page, server.url, {"overwork": "on"})
    seen_overwork = False
    width = "document.documentElement.scrollWidth"
    for _ in range(40):
        if not wait_ready(page):
            break
        assert page.evaluate(width) <= 390, page.locator(".ultia").get_attribute("data-phase")
        obs = current(states)["observation"]
        overwork = {a["id"] for a in current(states)["legal"] if a["info"].get("overwork")}
        if overwork:  # a card that can be played with or without Overwork offers both
            assert overwork <= ids(page, ".board [data-actions]", "data-actions")
            assert page.locator(".board [data-actions*=',']").count() >= len(overwork)
            seen_overwork = True
        if obs["phase"] == "trick" and obs["trick"] and seen_overwork:
            check_board(page, obs)
            break
        steer(page, obs["phase"], set())
    assert seen_overwork, "no Overwork decision met"
    assert page.evaluate(width) <= 390
    shot(page, "ultia-phone", full_page=True)
