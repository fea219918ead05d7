"""ULTRAMASSIVE in the browser: a whole game against bots through clicks on the board, the board
showing what the observation holds, every common decision playable from a board piece, and a
phone-sized page that does not scroll sideways."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page
from tests.web.conftest import shot
from tests.web.driver import (
    READY,
    board_ids,
    click_move,
    create_table,
    play_to_the_end,
    synced_view,
    token_of,
    view,
)

GAME = "ultramassive"
BOARD_KINDS = {
    "space", "draft", "gain_resource", "channel", "discover", "core_anomaly", "play_card",
    "use_effect", "activate_wormholes", "exchange", "wormhole", "discard", "remove",
    "remove_drafted", "resource_card",
}
"""Decision kinds whose every legal action must be on a board piece."""
LIST_ONLY = {"end_actions", "stop", "option", "confirm", "decline"}
"""Kinds with no piece: only in the labelled action list."""
COMMON = {"space", "draft", "gain_resource", "channel", "discover", "play_card",
          "activate_wormholes"}
"""Kinds every game reaches in its first round or two."""








SCAN = """root => {
  const spaces = {};
  for (const g of root.querySelectorAll('svg.um-bhboard g.um-space')) {
    const seat = g.closest('svg').dataset.seat;
    const key = `${seat}/${g.dataset.channel}/${g.dataset.space}`;
    spaces[key] = {
      tokens: [...g.querySelectorAll('.um-token')].map(t => t.dataset.token).sort(),
      rift: g.classList.contains('rift'), covered: g.classList.contains('covered'),
    };
  }
  const worms = [...root.querySelectorAll('svg.um-bhboard g.um-worm')].map(w =>
    `${w.closest('svg').dataset.seat}/${w.dataset.channel}/${w.dataset.space}`).sort();
  const cards = [...root.querySelectorAll('.um-hand .um-card')].map(c =>
    [Number(c.dataset.card), c.querySelector('.um-card-name').textContent]);
  const track = Object.fromEntries([...root.querySelectorAll('.um-smdisc')].map(d =>
    [d.dataset.seat, Number(d.dataset.sm)]));
  const sm = root.querySelector('.um-tracks [data-sm]')?.dataset.sm;
  const disc = root.querySelector('.um-tracks [data-disc]')?.dataset.disc;
  const draft = root.querySelector('.um-draft')?.innerText || '';
  return {spaces, worms, cards, track, sm: Number(sm), disc: Number(disc), draft,
          boards: [...root.querySelectorAll('svg.um-bhboard')]
            .map(s => Number(s.dataset.seat)).sort(),
          text: root.innerText};
}"""


def check_board(page: Page, obs: dict[str, Any]) -> None:
    """The key pieces of the observation are on the board: our hand card by card, the Solar
    Mass and Discovery tracks, every token and Wormhole of every board space by space, the
    Anomalies and the Resource Draft."""
    got = page.locator(".board").evaluate(SCAN)
    me = obs["players_view"][obs["seat"]]
    assert got["cards"] == [[c["id"], c["name"]] for c in me["hand"]]
    assert got["sm"] == me["solar_mass"] and got["disc"] == me["discovery"]
    views = obs["players_view"]
    assert got["track"] == {str(pv["seat"]): pv["solar_mass"] for pv in views}
    assert got["boards"] == [pv["seat"] for pv in views]
    worms = []
    for pv in views:
        for name, spaces in pv["channels"].items():
            for sp in spaces:
                shown = got["spaces"][f"{pv['seat']}/{name}/{sp['space']}"]
                want = {"tokens": sorted(sp["tokens"]), "rift": sp["rift"],
                        "covered": sp["covered"]}
                assert shown == want, (pv["seat"], name, sp)
                if sp["wormhole"]:
                    worms.append(f"{pv['seat']}/{name}/{sp['space']}")
        for a in pv["anomalies"] + pv["core_anomalies"]:
            assert a["name"] in got["text"], a
    assert got["worms"] == sorted(worms)
    for sset in obs["draft"]["sets"]:
        for sp in sset:
            assert sp["option"] in got["draft"].replace("\n", " ")


def test_whole_game_by_clicks(any_server: Any, page: Page) -> None:
    base = any_server.url
    table = create_table(page, base, GAME, 2, bots="easy")
    token = token_of(page, table)
    rng = random.Random(7)
    seen: set[str] = set()
    shot_taken = False
    moves = 0
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline and moves < 120:
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator("#result:not([hidden])").count():
            break
        v = synced_view(page, base, table, token)
        on_board = board_ids(page)
        for a in v["legal"]:
            kind = a["info"]["kind"]
            seen.add(kind)
            assert kind in BOARD_KINDS | LIST_ONLY, kind
            if kind in BOARD_KINDS:
                assert a["id"] in on_board, (a["label"], v["observation"]["prompt"])
        obs = v["observation"]
        if not shot_taken and obs["phase"] == "actions" and moves >= 6:
            check_board(page, obs)
            shot(page, "ultramassive-board", full_page=True)
            shot_taken = True
        if shot_taken and seen >= COMMON:
            break
        click_move(page, rng)
        moves += 1
    assert shot_taken, seen
    assert seen >= COMMON, f"decision kinds reached: {sorted(seen)}"
    play_to_the_end(page, seed=3)
    assert page.locator("#result:not([hidden])").count() == 1
    final = view(base, table, token)
    assert final["table"]["status"] == "finished"
    check_board(page, final["observation"])
    shot(page, "ultramassive-result", full_page=True)


def test_phone_width(server: Any, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    table = create_table(page, server.url, GAME, 3, bots="easy")
    token = token_of(page, table)
    rng = random.Random(1)
    for k in range(10):
        page.wait_for_selector(READY, timeout=60_000)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, k
        if page.locator("#result:not([hidden])").count():
            break
        if view(server.url, table, token)["observation"]["phase"] == "actions":
            break
        click_move(page, rng)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "ultramassive-phone", full_page=True)
