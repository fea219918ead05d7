"""Universal Rule in the browser: a whole game against bots through clicks on the board, the
board showing what the observation holds (galaxies, credits, VP, hand, deck, discard, the
Universal Rule card), every decision playable from a board piece, and a phone-sized page that
does not scroll sideways."""

from __future__ import annotations

import random
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
    decision_point,
    pieces_drawn,
    play_to_the_end,
    synced_view,
    token_of,
)

DATABASE = "postgresql"
"""The whole game by clicks runs on PostgreSQL here (the other games' on SQLite)."""
GAME = "universal_rule"
BOARD_KINDS = {
    "give_up", "choose_action", "follow_cost", "follow", "pass", "colonize", "upgrade",
    "attacking_planet", "defending_planet", "instigate", "commit_card", "support_side",
    "commit_credits", "thug_target", "discard", "reveal",
}
"""Decision kinds whose every legal action must be on a board piece (all of them)."""
COMMON = {"give_up", "choose_action", "follow", "pass", "colonize"}
"""Kinds every game reaches in its first rounds (the follow cost is asked only of a player with
two planets or more, so a game may end before it)."""
WANTED = COMMON | {"commit_card", "support_side", "commit_credits"}
"""Met, the live test stops early (the rarer kinds are checked on sampled decisions)."""
BATTLE = {"commit_card", "support_side", "commit_credits", "attacking_planet",
          "defending_planet"}
"""Kinds of an Attack, which random play reaches in most games."""


def texts(page: Page, selector: str) -> list[str]:
    return [t.strip() for t in page.locator(selector).all_inner_texts()]


def card_ids(page: Page, selector: str) -> list[int]:
    return [int(x) for x in page.eval_on_selector_all(
        selector, "ns => ns.map(n => n.dataset.card)")]


def check_board(page: Page, obs: dict[str, Any]) -> None:
    """The key pieces of the observation are on the board."""
    seat = obs["seat"]
    me = obs["players_view"][seat]
    assert card_ids(page, ".ur-galaxy.me .ur-hand .ur-handcard") == [c["id"] for c in me["hand"]]
    for c in me["hand"]:
        card = page.locator(f".ur-galaxy.me .ur-hand [data-card='{c['id']}']")
        assert c["name"] in card.inner_text()
    for pv in obs["players_view"]:
        g = f".ur-galaxy[data-seat='{pv['seat']}']"
        assert texts(page, f"{g} .ur-vp b") == [str(pv["vp"])]
        assert texts(page, f"{g} .ur-credits b") == [str(pv["credits"])]
        assert texts(page, f"{g} .ur-handcount b") == [str(pv["hand_size"])]
        assert card_ids(page, f"{g} .ur-planets .ur-planet") == [c["id"] for c in pv["planets"]]
        for c in pv["planets"]:
            planet = page.locator(f"{g} .ur-planets [data-card='{c['id']}']")
            assert planet.get_attribute("data-side") == c["side"]
            assert c["name"] in planet.inner_text()
        crown = page.locator(f"{g} .ur-badge.rule").count()
        assert crown == (1 if pv["holds_universal_rule"] else 0)
        if pv["seat"] != seat:  # another player's hand: only a count and the known cards
            assert page.locator(f"{g} .ur-handcard").count() == 0
    assert texts(page, ".ur-deck .ur-pile-label b") == [str(obs["deck"])]
    assert texts(page, ".ur-discard .ur-pile-label b") == [str(len(obs["discard"]))]
    holder = page.locator(".ur-rule-holder").inner_text()
    assert ("centre" in holder) == (obs["universal_rule"] is None)
    assert f"{obs['universal_rule_vp']} VP" in page.locator(".ur-rulecard").inner_text()
    assert f"{obs['target_vp']} VP to win" in page.locator(".ur-status").inner_text()
    if obs.get("action"):
        assert page.locator(f".ur-action.chosen[data-action='{obs['action']}']").count() == 1
    assert page.locator(".ur-battle").count() == (1 if "battle" in obs else 0)


def test_complete_game_through_the_board(any_server: Any, page: Page) -> None:
    table = create_table(page, any_server.url, GAME, 3, bots="easy")
    token = token_of(page, table)
    rng = random.Random(1)
    for _ in range(4):  # a few moves, then the board against the observation
        page.wait_for_selector(READY, timeout=60_000)
        click_move(page, rng)
    page.wait_for_selector(READY, timeout=60_000)
    v = synced_view(page, any_server.url, table, token)
    check_board(page, v["observation"])
    shot(page, "universal_rule-board", full_page=True)
    moves = play_to_the_end(page, seed=3)
    assert moves > 0
    page.wait_for_selector("#result:not([hidden])")
    assert "wins" in page.locator("#result h2").inner_text() or \
        "win" in page.locator("#result").inner_text()
    shot(page, "universal_rule-result", full_page=True)
    page.click("#result a[href^='/replay/']")  # the replay viewer draws the same board
    page.wait_for_selector(".board .ur-galaxy")
    page.click("#last")
    page.wait_for_selector(".board .ur-status:has-text('Game over')")


def test_every_decision_on_the_board(server: Any, page: Page) -> None:
    """At every decision of a game (4 players) all the legal actions are board pieces."""
    # No Sneak Attack Victory, so that the game lasts until battles; we attack when we can.
    table = create_table(page, server.url, GAME, 4, seed=4, options={"sneak_attack": "off"})
    token = token_of(page, table)
    rng = random.Random(7)
    seen: set[str] = set()
    battle_shot = False
    for _ in range(250):
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator("#result:not([hidden])").count():
            break
        v = synced_view(page, server.url, table, token)
        by_kind: dict[str, set[int]] = {}
        for a in v["legal"]:
            by_kind.setdefault(a["info"]["kind"], set()).add(a["id"])
        on_board = board_ids(page)
        for kind, ids in by_kind.items():
            if kind in BOARD_KINDS:
                assert ids <= on_board, f"{kind}: {sorted(ids - on_board)} not on the board"
        seen |= set(by_kind)
        if "battle" in v["observation"] and not battle_shot:
            check_board(page, v["observation"])
            shot(page, "universal_rule-battle", full_page=True)
            battle_shot = True
        if seen >= WANTED:
            break
        attack = page.locator(".ur-action.playable[data-action='attack']")
        if attack.count() and rng.random() < 0.7:
            attack.click()
            page.wait_for_selector(".table-page:not(.waiting)", timeout=60_000)
        else:
            click_move(page, rng)
    print("decision kinds met:", sorted(seen))
    assert seen >= COMMON, f"decisions not met: {sorted(COMMON - seen)}"
    assert seen & BATTLE, "no battle decision met"


def decision_samples() -> dict[str, dict[str, Any]]:
    """One decision of each kind from random games (the expansion too, for the Instigator):
    the seat to move's observation and legal actions, as the server sends them."""
    import ludoverse

    game = ludoverse.load(GAME)
    samples: dict[str, dict[str, Any]] = {}
    for seed in range(60):
        options = {"edge_of_war": True} if seed % 2 else {}
        state = game.new_game(3 + seed % 3, seed, options)
        rng = random.Random(seed)
        while (legal := state.legal_actions()) and len(samples) < len(BOARD_KINDS):
            kinds = {game.action_info(a)["kind"] for a in legal}
            if kinds - samples.keys():
                ctx = decision_point(state, state.current_player)
                for kind in kinds - samples.keys():
                    samples[kind] = ctx
            state.apply(rng.choice(legal))
        if len(samples) == len(BOARD_KINDS):
            break
    return samples


def test_every_decision_kind_has_a_piece(server: Any, page: Page) -> None:
    """Every kind of decision, the rare ones too (upgrade, the follow cost, the Thug's victim,
    the Instigator, a discard, a Sneak Attack Victory reveal), drawn from a random game's
    observation: all its legal actions are board pieces."""
    samples = decision_samples()
    assert samples.keys() == BOARD_KINDS, sorted(BOARD_KINDS - samples.keys())
    page.goto(server.url + "/")
    for kind, ctx in sorted(samples.items()):
        on_board = pieces_drawn(page, GAME, ctx)
        ids = {a["id"] for a in ctx["legal"]}
        assert ids <= on_board, f"{kind}: {sorted(ids - on_board)} not on the board"


def test_phone_has_no_sideways_scroll(server: Any, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    create_table(page, server.url, GAME, 5, bots="easy")
    rng = random.Random(5)
    for k in range(12):
        page.wait_for_selector(READY, timeout=60_000)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page scrolls sideways ({width} px) at move {k}"
        if page.locator("#result:not([hidden])").count():
            break
        if k == 3:
            shot(page, "universal_rule-phone", full_page=True)
        click_move(page, rng)
