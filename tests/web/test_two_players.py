"""Two people play ULTIA against each other (and a bot) from two browsers, the second invited
by a link. Neither page ever holds a card of the other's hand that it may not know: not in
any WebSocket message it receives, not in its DOM after any move. When the second player's
cards leave it one legal play (one card of the suit led), it is asked like any other seat:
the first page and its messages show nothing of it until the card is played, which the
second player's "play my only move by itself" setting does after its fixed delay. Played on
a server storing in SQLite, and again in PostgreSQL."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser, Page
from tests.server.live import Server
from tests.web.conftest import shot, watch
from tests.web.driver import fix_seed, listen

NOT_WHERE = {"cannot_hold"}
"""Fields that name cards only to say who does *not* hold them (public inferences from
revoking), which tells nobody where a card is."""


def strings(x: Any) -> set[str]:
    """Every string anywhere in a JSON value (but the fields of :data:`NOT_WHERE`)."""
    if isinstance(x, str):
        return {x}
    if isinstance(x, dict):
        return set().union(*(strings(v) for k, v in x.items() if k not in NOT_WHERE),
                           *(strings(k) for k in x))
    if isinstance(x, list):
        return set().union(*(strings(v) for v in x)) if x else set()
    return set()


def hand(obs: dict[str, Any]) -> set[str]:
    """A seat's hand as its own observation gives it (grouped by suit or flat)."""
    h = obs.get("hand") or []
    return strings(h)


def may_know(obs: dict[str, Any]) -> set[str]:
    """Cards of another hand a seat may legitimately know: shown to all, or known to it
    (cards it laid face down that the other took, and the like)."""
    return strings(obs.get("revealed")) | set((obs.get("known_elsewhere") or {}).keys())


def test_two_people_never_see_each_others_hand(db_server: Server, browser: Browser) -> None:
    ctx_a, ctx_b = browser.new_context(), browser.new_context()  # separate storage: two people
    ctx_b.add_init_script("localStorage.setItem('ludoverse:auto-only-move', '1')")
    errors: list[str] = []
    a, b = watch(ctx_a.new_page(), errors), watch(ctx_b.new_page(), errors)
    states = {"a": listen(a), "b": listen(b)}
    a.goto(db_server.url + "/")
    a.click("[data-create=ultia]")
    a.fill("input[name=name]", "Ada")
    a.select_option("select[name=seat1]", "human")
    a.select_option("select[name=seat2]", "bot:easy")
    fix_seed(a, 5)
    a.click("form.create button[type=submit]")
    a.wait_for_url("**/table/*")
    link = a.locator("input.invite").first.input_value()
    assert "/join/" in link
    b.on("dialog", lambda d: d.accept("Bo"))
    b.goto(link)
    b.wait_for_url("**/table/*")
    for p in (a, b):
        p.wait_for_selector(".seat.me")
    pages = {"a": a, "b": b}
    rng = random.Random(3)
    checked = forced = 0
    for _ in range(600):
        if a.locator("#result:not([hidden])").count() and \
                b.locator("#result:not([hidden])").count():
            break
        turn = next((k for k, p in pages.items()
                     if p.locator("#actions button.action").count()), None)
        if turn is None:
            a.wait_for_timeout(30)
            continue
        p = pages[turn]
        if checked == 4:
            shot(b, "ultia-two-players")
        if turn == "b" and p.locator("#actions button.action").count() == 1:
            forced += check_only_move_is_not_shown(a, states)
            moves = int(b.evaluate("document.querySelector('.table-page').dataset.moves"))
            b.wait_for_function("n => Number(document.querySelector('.table-page').dataset"
                                ".moves) > n", arg=moves, timeout=10_000)  # played by itself
            continue
        buttons = p.locator("#actions button.action")
        buttons.nth(rng.randrange(buttons.count())).click()
        p.wait_for_selector(".table-page:not(.waiting)")
        checked += check_no_leak(pages, states)
    assert a.locator("#result:not([hidden])").count(), "the game did not finish"
    assert checked > 20
    assert forced >= 1, "no decision of seat 1 was forced by its hidden cards"
    # every message each page got was for its own seat
    assert {m["seat"] for m in states["a"]} == {0}
    assert {m["seat"] for m in states["b"]} == {1}
    ctx_a.close()
    ctx_b.close()
    assert not errors, f"JavaScript errors or refusals on the pages: {errors}"


def check_no_leak(pages: dict[str, Page], states: dict[str, list[dict[str, Any]]]) -> int:
    """Compare each seat's current hand with everything the other page has received and
    shows. Returns 1 when a check was made."""
    if not states["a"] or not states["b"]:
        return 0
    for me, other in (("a", "b"), ("b", "a")):
        mine = hand(states[me][-1]["observation"])
        theirs = states[other][-1]["observation"]
        allowed = may_know(theirs) | hand(theirs)
        secret = mine - allowed
        for msg in states[other]:
            # Private log entries reach only the seats they are for; the log's public
            # entries name cards of earlier deals, so the current hand is compared with
            # the current position (observation, moves, table) only.
            seat = msg["seat"]
            assert all(seat in e.get("visible_to", [seat]) for e in msg["events"])
            if msg["table"]["moves"] == states[me][-1]["table"]["moves"]:
                now = {k: v for k, v in msg.items() if k != "events"}
                # judged by what that same position shows everyone: the other page's latest
                # frame may already be a later deal, with this year's reveals gone
                leaked = (secret - may_know(msg["observation"])) & strings(now)
                assert not leaked, f"seat {other} was sent {sorted(leaked)}: {where(now, leaked)}"
        # The page draws only what its own latest message holds (which the check above
        # cleared), so no card of the other hand can appear on it.
        page = pages[other]
        moves, cards = page.evaluate("""() => [
            Number(document.querySelector('.table-page').dataset.moves),
            [...document.querySelectorAll('.board [data-card]')].map(n => n.dataset.card)]""")
        drawn = [m for m in states[other] if m["table"]["moves"] == moves]
        if not drawn:  # the frame is still on its way to the test
            continue
        obs = drawn[-1]["observation"]
        shown = strings(obs) | strings(obs.get("cannot_hold"))
        assert set(cards) <= shown, f"seat {other}'s page shows {sorted(set(cards) - shown)}"
    return 1


def check_only_move_is_not_shown(a: Page, states: dict[str, list[dict[str, Any]]]) -> int:
    """Seat 1 (page b) has one legal move. If its hidden cards made it so (a trick card with
    more cards in hand), seat 0's page must show seat 1 asked like any other time: seat 1 to
    act, no moves for seat 0, and nothing played for seat 1 yet. Returns 1 when checked."""
    mine = states["b"][-1]
    obs = mine["observation"]
    if obs.get("phase") != "trick" or len(hand(obs)) < 2:
        return 0  # a public situation (bidding, a last card)
    moves = mine["table"]["moves"]
    a.wait_for_function("n => Number(document.querySelector('.table-page').dataset.moves) >= n",
                        arg=moves, timeout=10_000)
    theirs = [m for m in states["a"] if m["table"]["moves"] == moves]
    assert theirs, "seat 0 was not told of the position seat 1 decides in"
    for m in theirs:
        assert m["table"]["to_move"] == 1 and m["legal"] == []
        assert not (hand(obs) & strings(m["observation"]["trick"])), "seat 1's card is shown"
    assert a.locator('.seat.turn[data-seat="1"]').count() == 1
    return 1


def where(x: Any, needles: set[str], path: str = "") -> list[str]:
    """Paths in a JSON value at which any of ``needles`` occurs (for failure messages)."""
    if isinstance(x, str):
        return [path] if x in needles else []
    if isinstance(x, dict):
        return [w for k, v in x.items() for w in where(v, needles, f"{path}.{k}")]
    if isinstance(x, list):
        return [w for i, v in enumerate(x) for w in where(v, needles, f"{path}[{i}]")]
    return []
