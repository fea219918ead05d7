"""The post-game review page in Chromium, for each game: a finished game of bots, the review
started from the page, its progress, the plot (one point per decision), a flagged move
clicked and shown on the replay board with its row highlighted, the page on a 390-px phone,
and a screenshot for the README (``<game>-review.png``)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page
from tests.server.live import Server
from tests.web.conftest import shot

from ludoverse.review import FLAGGED
from ludoverse.server.config import Rates

# A cheap search (the review of a whole game takes seconds) and no rate in the way. The
# fewest players each game allows, but two for ULTRAMASSIVE, whose solo game against the
# deck gives this cheap search no flagged move to show.
CONFIG = {"rates": {name: "10000/second" for name in Rates.model_fields},
          "bots": {"pace_seconds": 0}, "reviews": {"bot": "ismcts:iters=10"}}
GAMES = [("ultia", 3, 1), ("paradox", 2, 2), ("ultramassive", 2, 1), ("universal_rule", 3, 2),
         ("multiuniversum", 1, 1)]


def toml(config: dict[str, dict[str, Any]]) -> str:
    """A server.toml of sections of plain values (JSON writes them as TOML reads them)."""
    return "".join(f"[{name}]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in values.items())
                   for name, values in config.items())


@pytest.fixture(scope="module")
def review_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where: Path = tmp_path_factory.mktemp("review-web")
    cfg = where / "server.toml"
    cfg.write_text(toml(CONFIG))
    s = Server(f"sqlite:///{where / 'web.db'}", config=str(cfg), log=str(where / "server.log"))
    s.start()
    yield s
    s.stop()


def finished_game(base: str, game: str, players: int, seed: int) -> str:
    """A table of random bots with a fixed deal, played to its end by the server."""
    with httpx.Client(base_url=base, timeout=30) as http:
        r = http.post("/api/tables", json={
            "game": game, "seed": seed, "seats": [{"kind": "bot", "bot": "random"}] * players})
        assert r.status_code == 201, r.text
        tid = str(r.json()["table"]["id"])
        deadline = time.monotonic() + 120
        while http.get(f"/api/tables/{tid}").json()["status"] != "finished":
            assert time.monotonic() < deadline, f"the bots did not finish {game}"
            time.sleep(0.2)
    return tid


def the_review(base: str, tid: str, seat: int) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{tid}/review", params={"seat": seat}, timeout=30)
    assert r.status_code == 200 and r.json()["status"] == "done", r.text
    return dict(r.json()["review"])


def fits(page: Page, width: int) -> None:
    """Nothing of the page reaches past ``width`` pixels (a board scrolls inside its box)."""
    over = page.evaluate(f"""() => [...document.querySelectorAll(
        '.review-page > *, #review-plot, #review-moves, .review-legend, .replay-controls')]
        .filter((n) => n.getBoundingClientRect().right > {width} + 0.5)
        .map((n) => n.id || n.className.baseVal || n.className)""")
    assert not over, f"cut off on a {width}-px screen: {over}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("game", "players", "seed"), GAMES, ids=[g for g, _, _ in GAMES])
def test_a_finished_game_is_reviewed_and_a_flagged_move_shown(
        page: Page, review_server: Server, game: str, players: int, seed: int) -> None:
    base = review_server.url
    tid = finished_game(base, game, players, seed)
    page.goto(f"{base}/review/{tid}?seat=0")
    page.click("#start-review")
    page.wait_for_selector("#review-progress")  # the progress shows while the server works
    page.wait_for_selector("#review-plot", timeout=120_000)
    rv = the_review(base, tid, 0)
    moves = rv["moves"]
    assert moves, "seat 0 made no decision"
    points = page.locator("#review-plot circle.pt")
    assert points.count() == len(moves)
    assert page.locator("#review-moves tbody tr").count() == len(moves)
    assert page.locator("#review-summary").inner_text().startswith(f"{len(moves)} decision")
    flagged = [m for m in moves if m["verdict"] in FLAGGED]
    assert page.locator("#review-plot circle.flagged").count() == len(flagged)
    # The worst of the flagged moves (or, with none, the worst move of all).
    target = max(flagged or moves, key=lambda m: (m["loss"], -m["step"]))
    step = target["step"]
    page.click(f"#review-plot circle[data-step='{step}']")
    page.wait_for_selector(f"#review-replay[data-step='{step}']")
    assert page.locator(".review-replay .counter").inner_text().startswith(f"move {step} of")
    assert page.locator("#review-replay input[type=range]").input_value() == str(step)
    current = page.locator("#review-moves tr.current")
    assert current.count() == 1 and current.get_attribute("data-step") == str(step)
    assert current.get_attribute("data-verdict") == target["verdict"]
    assert f"Before move {step + 1}" in page.locator("#review-caption").inner_text()
    assert page.locator("#board > *").count()  # the game's board drew that position
    shot(page, f"{game}-review")
    # A row jumps the board as well.
    other = next(m for m in moves if m["step"] != step) if len(moves) > 1 else target
    page.click(f"#review-moves tr[data-step='{other['step']}']")
    page.wait_for_selector(f"#review-replay[data-step='{other['step']}']")
    # On a phone the review is read from top to bottom, with nothing cut off.
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#review-plot")
    fits(page, 390)
    shot(page, f"{game}-review-phone")


def test_the_review_opens_from_the_result_and_the_replay(page: Page,
                                                          review_server: Server) -> None:
    base = review_server.url
    tid = finished_game(base, "ultia", 3, 4)
    page.goto(f"{base}/table/{tid}")
    page.click("#result a#review-game")
    page.wait_for_url(f"**/review/{tid}?seat=0")
    page.wait_for_selector(".review-page[data-seat='0'] #start-review")
    page.goto(f"{base}/replay/{tid}")
    page.click("#review-link")
    page.wait_for_url(f"**/review/{tid}?seat=0")
    # The seat chooser names the seats and reviews the one chosen.
    page.select_option("#review-seat", "2")
    page.wait_for_url(f"**/review/{tid}?seat=2")
    page.click(".review-page[data-seat='2'] #start-review")
    page.wait_for_selector("#review-plot", timeout=120_000)
    assert page.locator("#review-plot circle.pt").count() == len(the_review(base, tid, 2)["moves"])
    names = page.locator("#review-seat option").all_inner_texts()
    assert names == [s["name"] for s in httpx.get(f"{base}/api/tables/{tid}").json()["seats"]]
