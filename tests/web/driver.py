"""Playing through the page as a person would: create a table in the lobby, then click pieces
on the board (or the labelled action list) until the result screen shows."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from playwright.sync_api import Page

READY = "#actions button.action, #result:not([hidden])"


def create_table(page: Page, base: str, game: str, players: int, bots: str = "easy",
                 name: str = "Tester", seed: int = 1, options: dict[str, str] | None = None,
                 ready: str = READY + ", #actions p.muted") -> str:
    """Through the lobby form: seat 1 for us, bots in the others, rule ``options`` set in the
    form's fields, a fixed deal (so a test plays the same game every run). Waits for
    ``ready`` on the table page and returns the table id."""
    page.goto(base + "/")
    page.click(f"[data-create={game}]")
    page.select_option("select[name=players]", str(players))
    page.fill("input[name=name]", name)
    for i in range(1, players):
        page.select_option(f"select[name=seat{i}]", f"bot:{bots}")
    page.locator("form.create details.options").evaluate("d => d.open = true")
    for option, value in (options or {}).items():
        field = page.locator(f"form.create [name={option}]")
        if field.evaluate("n => n.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    fix_seed(page, seed)
    page.click("form.create button[type=submit]")
    page.wait_for_url("**/table/*")
    page.wait_for_selector(ready)
    return page.url.rsplit("/", 1)[-1]


def play_to_the_end(page: Page, seed: int = 0, max_moves: int = 4000,
                    piece_share: float = 0.7) -> int:
    """Make moves until the result shows: mostly by clicking a playable piece on the board
    (answering its chooser when it offers several moves), otherwise from the action list.
    Returns the number of moves made."""
    rng = random.Random(seed)
    for moves in range(max_moves):
        page.wait_for_selector(READY, timeout=120_000)
        if page.locator("#result:not([hidden])").count():
            return moves
        click_move(page, rng, piece_share)
    raise AssertionError(f"no result after {max_moves} moves")


def fix_seed(page: Page, seed: int) -> None:
    """Fill the create form's seed, so the table deals the same game every run."""
    page.locator("form.create details.options").evaluate("d => d.open = true")
    page.fill("form.create input[name=seed]", str(seed))


def listen(page: Page) -> list[dict[str, Any]]:
    """Every ``state`` message the page receives, newest last: the data each drawing of the
    board is made from, so tests compare the board with the server, not with itself."""
    states: list[dict[str, Any]] = []

    def frame(payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "state":
            states.append(msg)

    page.on("websocket", lambda ws: ws.on("framereceived", frame))
    return states


def wait_ready(page: Page) -> bool:
    """Wait until it is our turn (True) or the game is over (False)."""
    page.wait_for_selector(READY, timeout=60_000)
    return not page.locator("#result:not([hidden])").count()


def token_of(page: Page, table: str) -> str:
    return str(page.evaluate(f"localStorage.getItem('ludoverse:{table}')"))


def view(base: str, table: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{base}/api/tables/{table}/view", params={"token": token}, timeout=10)
    r.raise_for_status()
    return dict(r.json())


def list_ids(page: Page) -> set[int]:
    """The actions of the labelled list."""
    ids = page.eval_on_selector_all(
        "#actions button.action", "bs => bs.map(b => Number(b.dataset.action))")
    return set(ids)


def board_ids(page: Page) -> set[int]:
    """The actions the board's pieces play."""
    got = page.eval_on_selector_all(
        ".board [data-actions]", "ns => ns.flatMap(n => n.dataset.actions.split(',').map(Number))")
    return set(got)


def synced_view(page: Page, base: str, table: str, token: str) -> dict[str, Any]:
    """The server's view of our seat once it matches the action list the page shows."""
    for _ in range(50):
        v = view(base, table, token)
        if {a["id"] for a in v["legal"]} == list_ids(page):
            return v
        time.sleep(0.1)
    raise AssertionError("the page and the server disagree on the legal actions")


def click_move(page: Page, rng: random.Random, piece_share: float = 0.85) -> None:
    """One move: a random playable piece (and a random choice in its chooser), or a random
    entry of the action list."""
    pieces = page.locator(".board [data-actions]")
    n = pieces.count()
    if n and rng.random() < piece_share:
        pieces.nth(rng.randrange(n)).click()
        chooser = page.locator(".chooser button[data-action]")
        if chooser.count():
            chooser.nth(rng.randrange(chooser.count())).click()
    else:
        buttons = page.locator("#actions button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
    page.wait_for_selector(".table-page:not(.waiting)", timeout=60_000)


def decision_point(state: Any, seat: int) -> dict[str, Any]:
    """What the server would send ``seat`` now: its observation and legal actions, as JSON."""
    game = state.game
    return json.loads(json.dumps({
        "seat": seat, "observation": state.observation(seat),
        "legal": [{"id": a, "label": state.action_label(a, seat), "info": game.action_info(a)}
                  for a in state.legal_actions()]}))


_DRAW = """async ([game, point, names]) => {
  const m = await import(`/static/js/boards/${game}.js`);
  const root = document.createElement("div");
  root.className = "board";
  document.body.append(root);
  const table = {seats: names.map((name, seat) => ({seat, name})), status: "playing"};
  m.render(root, {...point, table, act: () => {}, replay: false, view: {}});
  const ids = [...root.querySelectorAll("[data-actions]")]
    .flatMap((n) => n.dataset.actions.split(",").map(Number));
  root.remove();
  return ids;
}"""


def pieces_drawn(page: Page, game: str, point: dict[str, Any]) -> set[int]:
    """The actions the board's pieces play when ``game``'s board draws ``point`` (a
    :func:`decision_point`), drawn off-screen in a page of the app."""
    names = [f"P{i + 1}" for i in range(point["observation"]["players"])]
    return set(page.evaluate(_DRAW, [game, point, names]))


def replay_ends_unclickable(page: Page, board: str) -> None:
    """From the result screen, the replay viewer draws the same ``board`` (a CSS class) at
    the game's end, with nothing to click."""
    page.click("#result a.button[href^='/replay/']")
    page.wait_for_selector(f".replay {board}")
    page.click("#last")
    page.wait_for_selector(f".replay {board}[data-phase=over]")
    assert page.locator(".board [data-actions]").count() == 0
