"""The guided first games in Chromium: each tutorial is followed from its first step to the
end by doing what it says (the highlighted move, or Next), it is left in the middle and
resumed at the same step after a reload, every pointer highlights something visible, and
the page fits a phone's width."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from tests.server.live import Server
from tests.web.conftest import ARTIFACTS, watch

GAMES = ["ultia", "ultramassive", "paradox", "universal_rule", "multiuniversum"]
SETTLED = """() => {
  const p = document.querySelector('.learn-page');
  return p && p.dataset.kind && p.dataset.kind !== 'bot' && !p.classList.contains('waiting')
    && p.dataset.step !== window.__lastStep;
}"""


@pytest.fixture
def learner(browser: Browser) -> Iterator[Page]:
    """A 1280×800 page with short pauses before bot moves."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('ludoverse:learn-delay', '30')")
    errors: list[str] = []
    pg = watch(ctx.new_page(), errors)
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors or refusals on the page: {errors}"


def settle(page: Page) -> tuple[int, str]:
    """Wait for a step the learner acts on (not a bot move); its number and kind."""
    page.wait_for_function(SETTLED, timeout=20_000)
    step = page.get_attribute(".learn-page", "data-step")
    page.evaluate("s => { window.__lastStep = s; }", step)
    return int(step or 0), page.get_attribute(".learn-page", "data-kind") or ""


def pointed(page: Page) -> bool:
    """Whether the step's highlight is on at least one visible element."""
    return page.evaluate("""() => [...document.querySelectorAll('.learn-point')].some((n) => {
      const r = n.getBoundingClientRect(); return r.width > 0 && r.height > 0; })""")


def follow(page: Page, base: str, game: str) -> dict[str, int]:
    """Do what every step asks until the tutorial says it is complete; leave and come back
    once in the middle. Returns counts of what was done."""
    done = {"moves": 0, "pieces": 0, "next": 0, "missed_pointers": 0}
    left = False
    shot = False
    missed: list[str] = []
    for _ in range(400):
        k, kind = settle(page)
        if kind == "done":
            return done | {"missed_pointers": len(missed)}
        has_point = page.evaluate("() => document.querySelectorAll('.learn-point').length > 0")
        wants_point = page.evaluate(f"""async () => {{
          const info = await (await fetch('/api/learn/{game}')).json();
          return !!info.items.find((i) => i.k === {k}).point; }}""")
        if wants_point and not (has_point and pointed(page)):
            missed.append(f"step {k}")
        teaching = kind == "move" and page.locator("#learn-text").count() > 0
        if not shot and teaching and done["moves"] >= 3:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"{game}-tutorial.png"))
            shot = True
        if not left and done["moves"] >= 2:
            left = True
            page.click("#learn-leave")
            page.wait_for_selector(".game-list")
            page.goto(f"{base}/learn/{game}")
            page.evaluate("() => { window.__lastStep = null; }")
            again, again_kind = settle(page)
            assert (again, again_kind) == (k, kind), "resuming did not come back to the same step"
        if kind == "move":
            # The highlighted move is the one the step asks for.
            target = page.locator("#actions button.learn-point")
            assert target.count() == 1, f"step {k}: the expected move is not highlighted"
            assert target.inner_text() == page.inner_text("#learn-expected")
            action = target.get_attribute("data-action")
            piece = page.locator("#board [data-actions].learn-point")
            if done["moves"] % 2 and piece.count():
                # Every other move by clicking the highlighted piece on the board, as at a
                # table (a piece with several moves asks which one).
                # (dispatched: some pieces are SVG shapes whose centre is a hole)
                piece.first.dispatch_event("click")
                if page.locator(".chooser").count():
                    page.click(f".chooser button[data-action='{action}']")
                done["pieces"] += 1
            else:
                target.click()
            done["moves"] += 1
        else:
            page.click("#learn-next")
            done["next"] += 1
    raise AssertionError(f"{game}: the tutorial did not end")


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_played_to_the_end(server: Server, learner: Page, game: str) -> None:
    start = time.monotonic()
    learner.goto(f"{server.url}/")
    learner.click(f"article[data-game={game}] a[href='/learn/{game}']")
    learner.wait_for_url(f"**/learn/{game}")  # a new browser context: it starts at step 0
    done = follow(learner, server.url, game)
    assert done["missed_pointers"] == 0, f"{game}: pointers that highlight nothing visible"
    assert done["moves"] >= 10
    assert done["pieces"] >= 1, "moves can be made on the board, too"
    # The end: the result with scores, why the game ended, and where to go next.
    assert learner.locator("#learn-result:not([hidden]) table.scores").count() == 1
    assert "Why the game ended" in learner.inner_text("#learn-result")
    assert learner.locator(f"#learn-panel a[href='/rules/{game}']").count() == 1
    seconds = time.monotonic() - start
    print(f"{game}: {done} in {seconds:.1f} s")
    assert seconds < 90


def test_wrong_move_is_refused_kindly(server: Server, learner: Page) -> None:
    learner.goto(f"{server.url}/learn/universal_rule")
    settle(learner)  # the page has stored its step 0: now we may replace it
    learner.evaluate("() => localStorage.setItem('ludoverse:learn:universal_rule', '1')")
    learner.reload()
    k, kind = settle(learner)
    assert kind == "move"
    other = learner.locator("#actions button.action:not(.learn-point)").first
    other.click()
    learner.wait_for_selector(".learn-refusal")
    assert learner.inner_text(".learn-refusal").startswith("Not this time")
    assert learner.get_attribute(".learn-page", "data-step") == str(k)


@pytest.mark.parametrize("game", GAMES)
def test_fits_a_phone(server: Server, browser: Browser, game: str) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    errors: list[str] = []
    page = watch(ctx.new_page(), errors)
    try:
        page.goto(f"{server.url}/learn/{game}")
        settle(page)
        # A move step: the board with playable pieces and the action list.
        page.evaluate(f"""async () => {{
          const info = await (await fetch('/api/learn/{game}')).json();
          const k = info.items.filter((i) => i.kind === 'move')[3].k;
          localStorage.setItem('ludoverse:learn:{game}', String(k)); }}""")
        page.reload()
        page.evaluate("() => { window.__lastStep = null; }")
        assert settle(page)[1] == "move"
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"{game}: the page is {width} px wide on a 390-px phone"
        # The tutorial's own parts (the board is its game's) lie wholly on the screen.
        outside = page.evaluate("""() => [...document.querySelectorAll(
            '.learn-bar *, #learn-panel, #learn-panel *, #actions *, .learn-arrow')]
          .filter((n) => { const r = n.getBoundingClientRect();
            return r.width && (r.left < -0.5 || r.right > 390.5); })
          .map((n) => n.id || n.className || n.tagName)""")
        assert not outside, f"{game}: cut off on a phone: {outside}"
    finally:
        ctx.close()
    assert not errors


def test_rule_links_and_piece_details_open_in_the_tutorial(server: Server,
                                                             learner: Page) -> None:
    learner.goto(f"{server.url}/learn/universal_rule")
    settle(learner)
    link = learner.locator("#learn-panel .learn-rules a").first
    rule = link.inner_text()
    assert link.get_attribute("href") == f"/rules/universal_rule#{rule}"
    link.click()
    learner.wait_for_selector(f"dialog.rules-drawer[open] tr.focus[id='{rule}']")
    learner.keyboard.press("Escape")
    learner.click("#explain")
    piece = learner.locator("#board .ur-hand [data-component]").first
    key = piece.get_attribute("data-component")
    piece.dispatch_event("click")
    learner.wait_for_selector(f"dialog.detail[open][data-component='{key}']")
