"""Multiuniversum's board in the browser: a person plays a whole game against an easy bot by
clicking the board, every decision met on the way can be made by clicking a piece, the board
shows what the observation holds, and the page fits a phone's width.

The observation each drawing is made from is read off the page's WebSocket (the ``state``
messages the server sends), so the assertions compare the board with the server's data."""

from __future__ import annotations

import random
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

# The decisions of an ordinary game (rulebook options), by observation phase. With
# auto_forced on, a decision with one choice plays itself, so a Seal asks which tool to pay
# only when the lab holds spare tools of a needed kind: it is checked when met, not required.
COMMON = {"turn", "move", "recycle", "reorder_stack", "reorder_place", "keep_two", "swap",
          "keep_tool"}
# The ability each transformer gives, as the decision it opens.
ABILITY_PHASE = {1: "reorder_stack", 2: "keep_two", 3: "swap", 5: "keep_tool"}



def create(page: Page, base: str, players: int = 2,
           options: dict[str, str] | None = None) -> None:
    """Us in seat 1 moving first, easy bots in the others."""
    create_table(page, base, "multiuniversum", players, seed=2, ready=".mu",
                 options={"first_player": "seat0", **(options or {})})



def ids(page: Page, selector: str, attr: str) -> set[int]:
    values = page.eval_on_selector_all(selector, f"ns => ns.map(n => n.getAttribute('{attr}'))")
    return {int(x) for v in values for x in v.split(",")}


def click_action(page: Page, action: int) -> None:
    """Play one legal action by clicking the board piece that carries it (and the chooser)."""
    index = page.eval_on_selector_all(
        ".board [data-actions]",
        f"ns => ns.findIndex(n => n.dataset.actions.split(',').includes('{action}'))")
    assert index >= 0, f"action {action} has no piece on the board"
    page.locator(".board [data-actions]").nth(index).click()
    chooser = page.locator(f".chooser button[data-action='{action}']")
    if chooser.count():
        chooser.click()
    page.wait_for_selector(".table-page:not(.waiting)")


def check_board(page: Page, obs: dict[str, Any]) -> None:
    """The board shows the observation's key pieces."""
    me = obs["labs"][obs["seat"]]
    hand = page.eval_on_selector_all("#mu-hand .mu-card", "ns => ns.map(n => +n.dataset.card)")
    assert sorted(hand) == sorted(c["id"] for c in me["hand"]) and len(hand) == me["hand_size"]
    # Each hand card shows its five rows, the row of our transformer highlighted.
    for c in me["hand"]:
        card = page.locator(f"#mu-hand .mu-card[data-card='{c['id']}']")
        assert card.locator(".mu-row").count() == 5
        row = card.locator(".mu-row.here")
        assert row.get_attribute("data-row") == str(me["transformer"])
        assert c["tool_name"] in card.inner_text()
    tools = page.eval_on_selector_all("#mu-tools [data-card]", "ns => ns.map(n => +n.dataset.card)")
    assert sorted(tools) == sorted(c["id"] for c in me["tools"])
    sealed = page.eval_on_selector_all("#mu-sealed .mu-portal",
                                       "ns => ns.map(n => +n.dataset.portal)")
    assert sorted(sealed) == sorted(p["id"] for p in me["sealed"])
    for q, lab in enumerate(obs["labs"]):
        score = page.locator(f".mu-lab[data-seat='{q}'] .mu-score")
        assert score.get_attribute("data-score") == str(lab["score"])
        if q != obs["seat"] and not lab["virtual"]:
            backs = page.locator(f".mu-lab[data-seat='{q}'] .mu-backs .mu-count")
            assert backs.inner_text() == str(lab["hand_size"])
    for tr in obs["transformers"]:
        box = page.locator(f".mu-tr[data-t='{tr['number']}']")
        assert box.locator(".mu-ssize").inner_text() == str(tr["stack_size"])
        text = box.inner_text()
        assert tr["name"] in text and f"Ability {tr['number']}" in text
        if tr["face_up"]:
            top = box.locator(".mu-portal.faceup")
            assert top.get_attribute("data-portal") == str(tr["face_up"]["id"])
            assert f"{tr['face_up']['dp']}" in top.locator(".mu-dp").inner_text()
            assert top.locator(".mu-tool").count() == len(tr["face_up"]["tools"])
        there = page.eval_on_selector_all(f".mu-tr[data-t='{tr['number']}'] .mu-sci",
                                          "ns => ns.map(n => +n.dataset.seat)")
        assert sorted(there) == sorted(tr["scientists"])
    pile = page.eval_on_selector_all(".mu-discard .mu-mini", "ns => ns.map(n => +n.dataset.card)")
    assert sorted(pile) == sorted(c["id"] for c in obs["discard"])
    assert page.locator(".mu-deck").get_attribute("data-count") == str(obs["deck"])


def choose(obs: dict[str, Any], legal: list[dict[str, Any]], seen: set[str],
           rng: random.Random) -> int:
    """Our move, steered so that every common decision comes up early: stand on the
    transformers whose abilities open a decision and use them, and Recycle once."""
    me = obs["labs"][obs["seat"]]
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_kind.setdefault(a["info"]["kind"], []).append(a)
    wanted = [t for t, ph in ABILITY_PHASE.items() if ph not in seen]
    if obs["phase"] == "move":
        for a in by_kind["move"]:
            if a["info"]["transformer"] in wanted:
                return int(a["id"])
    if obs["phase"] == "turn" and "play" in by_kind:
        here = me["transformer"]
        rows = {a["id"]: next(c["rows"][here - 1] for c in me["hand"]
                              if c["id"] == a["info"]["card"]) for a in by_kind["play"]}
        played = len(me["play_area"])
        plays = by_kind["play"]
        if here in wanted and (here != 5 or played or obs["actions_left"] >= 2):
            plays_ability = [a for a in plays if rows[a["id"]] == "ability"]
            if plays_ability:
                return int(plays_ability[0]["id"])
        if here == 5 and played and "keep_tool" not in seen:
            return int(plays[0]["id"])
        if "recycle" not in seen:
            plays_recycle = [a for a in plays if rows[a["id"]] == "recycle"]
            if plays_recycle:
                return int(plays_recycle[0]["id"])
        if wanted:
            plays_move = [a for a in plays if rows[a["id"]] == "move"]
            if plays_move:
                return int(plays_move[0]["id"])
        seals = [a for a in plays if rows[a["id"]] == "seal"]
        if seals:
            return int(seals[0]["id"])
    return int(rng.choice(legal)["id"])


def missing(portal: dict[str, Any] | None, tools: list[str]) -> int:
    """How many tools a portal still needs beyond the ``tools`` at hand (99: no portal)."""
    if portal is None:
        return 99
    spare = list(tools)
    short = 0
    for k in portal["tools"]:
        if k in spare:
            spare.remove(k)
        else:
            short += 1
    return short


def sealer(obs: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random) -> int:
    """A greedy sealer: Seal where possible, prepare the tools the portal here needs, else
    Move to the portal the lab and hand can pay soonest."""
    me = obs["labs"][obs["seat"]]
    tools = [c["tool"] for c in me["tools"]]
    kinds = {c["id"]: c for c in me.get("hand", [])}
    portal = {t["number"]: t["face_up"] for t in obs["transformers"]}
    here = me["transformer"]
    if obs["phase"] == "move":
        everything = tools + [c["tool"] for c in kinds.values()]
        best = min(legal, key=lambda a: missing(portal[a["info"]["transformer"]], everything))
        return int(best["id"])
    if obs["phase"] != "turn":
        return int(rng.choice(legal)["id"])
    row = {a["id"]: kinds[a["info"]["card"]]["rows"][here - 1]
           for a in legal if a["info"]["kind"] == "play"}
    for want in ("seal",):
        for a in legal:
            if row.get(a["id"]) == want:
                return int(a["id"])
    need = missing(portal[here], tools)
    if 0 < need < 99:
        for a in legal:
            if a["info"]["kind"] == "prepare_tool" and \
                    missing(portal[here], [*tools, kinds[a["info"]["card"]]["tool"]]) < need:
                return int(a["id"])
    for want in ("move", "search"):
        for a in legal:
            if row.get(a["id"]) == want:
                return int(a["id"])
    for a in legal:
        if a["info"]["kind"] == "discard_draw":
            return int(a["id"])
    return int(rng.choice(legal)["id"])


def test_full_game_by_clicks(any_server: Server, page: Page) -> None:
    states = listen(page)
    create(page, any_server.url)
    rng = random.Random(5)
    seen: set[str] = set()
    moves = 0
    checked = 0
    while wait_ready(page) and not (seen >= COMMON and checked >= 3) and moves < 250:
        state = states[-1]
        obs = state["observation"]
        phase = page.locator(".mu").get_attribute("data-phase")
        assert phase == obs["phase"]
        legal = ids(page, "#actions button.action", "data-action")
        assert legal == {a["id"] for a in state["legal"]}
        on_board = ids(page, ".board [data-actions]", "data-actions")
        assert legal <= on_board, f"{phase}: not on the board: {legal - on_board}"
        seen.add(phase)
        if phase == "turn" and obs["turn"] >= 3:
            check_board(page, obs)
            checked += 1
            if checked == 1:
                shot(page, "multiuniversum-board")
        click_action(page, choose(obs, state["legal"], seen, rng))
        moves += 1
    assert seen >= COMMON, f"decisions never met: {COMMON - seen}"
    assert checked >= 3
    # The rest of the game: mostly board pieces, sometimes the action list.
    moves += play_to_the_end(page, seed=3)
    result = page.locator("#result")
    result.wait_for()
    assert "win" in result.locator("h2").inner_text().lower()
    obs = states[-1]["observation"]
    assert obs["phase"] == "over"
    assert page.locator(".mu").get_attribute("data-phase") == "over"
    for q, lab in enumerate(obs["labs"]):
        score = page.locator(f".mu-lab[data-seat='{q}'] .mu-score")
        assert score.get_attribute("data-score") == str(lab["score"])
    shot(page, "multiuniversum-result", full_page=True)
    replay_ends_unclickable(page, ".mu")


def test_solo_forming_sets(server: Server, page: Page) -> None:
    """The solo game against the virtual scientist, with the players forming their own sets
    at the end: every decision, forming sets included, is made on the board."""
    states = listen(page)
    create(page, server.url, players=1,
           options={"set_assignment": "player_choice", "round_limit": "20"})
    rng = random.Random(1)
    seen: set[str] = set()
    while wait_ready(page):
        state = states[-1]
        obs = state["observation"]
        legal = {a["id"] for a in state["legal"]}
        on_board = ids(page, ".board [data-actions]", "data-actions")
        assert legal <= on_board, f"{obs['phase']}: not on the board: {legal - on_board}"
        seen.add(obs["phase"])
        if obs["phase"] == "form_sets" and "multiuniversum-sets" not in seen:
            seen.add("multiuniversum-sets")
            shot(page, "multiuniversum-sets")
        click_action(page, sealer(obs, state["legal"], rng))
    obs = states[-1]["observation"]
    assert "form_sets" in seen, [p["icon"] for p in obs["labs"][0]["sealed"]]
    virtual = page.locator(".mu-lab[data-seat='1'] .mu-score")
    assert virtual.get_attribute("data-score") == str(obs["labs"][1]["score"])


def test_phone_width(server: Server, page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    states = listen(page)
    create(page, server.url, players=3)
    rng = random.Random(2)
    width = "document.documentElement.scrollWidth"
    for _ in range(20):
        if not wait_ready(page):
            break
        assert page.evaluate(width) <= 390, page.locator(".mu").get_attribute("data-phase")
        state = states[-1]
        legal = {a["id"] for a in state["legal"]}
        assert legal <= ids(page, ".board [data-actions]", "data-actions")
        click_action(page, choose(state["observation"], state["legal"], set(), rng))
    wait_ready(page)
    check_board(page, states[-1]["observation"])
    assert page.evaluate(width) <= 390
    shot(page, "multiuniversum-phone", full_page=True)
