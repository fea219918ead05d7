"""Playing through the page as a person would: create a table in the lobby, then click pieces
on the board (or the labelled action list) until the result screen shows."""

from __future__ import annotations

import random

from playwright.sync_api import Page

READY = "#actions button.action, #result:not([hidden])"


def create_table(page: Page, base: str, game: str, players: int, bots: str = "easy",
                 name: str = "Tester", seed: int = 1) -> str:
    """Through the lobby form: seat 1 for us, bots in the others, a fixed deal (so a test
    plays the same game every run). Returns the table id."""
    page.goto(base + "/")
    page.click(f"[data-create={game}]")
    page.select_option("select[name=players]", str(players))
    page.fill("input[name=name]", name)
    for i in range(1, players):
        page.select_option(f"select[name=seat{i}]", f"bot:{bots}")
    fix_seed(page, seed)
    page.click("form.create button[type=submit]")
    page.wait_for_url("**/table/*")
    page.wait_for_selector(READY + ", #actions p.muted")
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
        page.wait_for_selector(".table-page:not(.waiting)", timeout=120_000)
    raise AssertionError(f"no result after {max_moves} moves")


def fix_seed(page: Page, seed: int) -> None:
    """Fill the create form's seed, so the table deals the same game every run."""
    page.locator("form.create details.options").evaluate("d => d.open = true")
    page.fill("form.create input[name=seed]", str(seed))
