"""PARADOX in the browser: a whole game against bots by clicking the board, the board's pieces
checked against the observation, every kind of decision playable from a piece, and the phone
layout."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Page
from tests.web.conftest import shot
from tests.web.driver import READY, click_move, create_table, decision_point, pieces_drawn

import ludoverse
from ludoverse.games.paradox import actions as A

GAME = ludoverse.load("paradox")

# Every decision kind has a piece on the board (the shell still lists them all as well).
PIECE_KINDS = {kind for _, _, kind in A._RANGES}


def kind_of(action: int) -> str:
    return A.split(action)[0]


def observe(page: Page, table: str) -> dict[str, Any]:
    """The table's state as this browser's seat sees it, from a second socket on the page."""
    return page.evaluate(
        """(id) => new Promise((resolve, reject) => {
            const token = localStorage.getItem(`ludoverse:${id}`);
            const ws = new WebSocket(`ws://${location.host}/ws/tables/${id}?token=${token}`);
            ws.onmessage = (ev) => { const m = JSON.parse(ev.data);
                if (m.type === "state") { ws.close(); resolve(m); } };
            ws.onerror = () => reject(new Error("socket failed"));
        })""", table)


def board_ids(page: Page) -> set[int]:
    ids: list[str] = page.eval_on_selector_all(
        ".board [data-actions]", "ns => ns.map(n => n.dataset.actions)")
    return {int(x) for s in ids for x in s.split(",")}


def list_ids(page: Page) -> set[int]:
    return {int(x) for x in page.eval_on_selector_all(
        "#actions button.action", "ns => ns.map(n => n.dataset.action)")}


def check_board(page: Page, view: dict[str, Any]) -> None:
    """The board shows the key pieces of the observation."""
    obs = view["observation"]
    seat = view["seat"]
    board = page.locator(".board")
    for section in ("stable", "unstable"):
        for slot, card in enumerate(obs[section]):
            if card is not None:
                face = board.locator(f"[data-slot='{section}-{slot}']")
                assert card["name"].rsplit(" ", 1)[0] in face.inner_text()
    # the Multiverse: every World by name, Fractured ones marked, the Quake on its space
    ring = board.locator(".px-ring")
    for i, w in enumerate(obs["ring"]):
        node = ring.locator(f".px-world[data-space='{i}']")
        assert node.locator(".px-world-name").text_content() == w["name"]
        assert ("fractured" in (node.get_attribute("class") or "")) == w["fractured"]
    assert ring.locator(".px-quake").get_attribute("data-space") == str(obs["quake"])
    assert ring.locator(".px-anomaly-disc").count() == len(obs["anomaly"])
    # my Matrix disc by disc, my mat and the other players' areas
    me = board.locator(f".px-player.mine[data-seat='{seat}']")
    discs = me.locator(".px-matrix .px-disc")
    assert discs.count() == 25
    for r, row in enumerate(obs["players_view"][seat]["matrix"]):
        for c, d in enumerate(row):
            if d is not None:
                node = me.locator(f".px-disc[data-space='r{r + 1}c{c + 1}']")
                assert node.get_attribute("data-colour") == d["colour"]
                assert node.get_attribute("data-symbol") == d["symbol"]
    mat = obs["players_view"][seat]["mat"]
    assert me.locator(".px-mat .px-card").count() == len(mat)
    for mc in mat:
        space = me.locator(f".px-mat-space[data-space='{mc['space']}']")
        assert space.locator(f".px-card[data-card='{mc['id']}']").count() == 1
    pile = obs["players_view"][seat]["score_pile"]
    assert f"{len(pile)} card" in me.locator(".px-score-title").inner_text()
    assert board.locator(".px-player.other").count() == obs["players"] - 1
    hand = obs["research_hand"]
    shown = len(hand) if isinstance(hand, list) else hand
    assert board.locator(".px-hand [data-hand]").count() == shown
    for g in obs["research_goals"]:
        assert g["name"] in board.locator(f".px-goal[data-goal='{g['id']}']").inner_text()


def test_complete_game_by_clicking_the_board(any_server: Any, page: Page) -> None:
    """A human seat plays a whole game against easy bots; at every decision the board's pieces
    carry every legal move, and mostly the move is made by clicking a piece."""
    table = create_table(page, any_server.url, "paradox", 3, bots="easy")
    rng = random.Random(7)
    seen: dict[str, int] = {}
    checked = False
    for moves in range(600):
        page.wait_for_selector(READY, timeout=60_000)
        if page.locator("#result:not([hidden])").count():
            break
        legal = list_ids(page)
        on_board = board_ids(page)
        missing = {a for a in legal - on_board if kind_of(a) in PIECE_KINDS}
        assert not missing, f"no piece for {[(a, kind_of(a)) for a in sorted(missing)]}"
        for a in legal:
            seen[kind_of(a)] = seen.get(kind_of(a), 0) + 1
        if moves == 6 and not checked:
            view = observe(page, table)
            shot(page, "paradox-board", full_page=True)
            check_board(page, view)
            checked = True
        click_move(page, rng, piece_share=0.8)
    assert page.locator("#result:not([hidden])").count(), "the game did not finish"
    assert checked
    assert {"draft", "swap", "end_matrix_phase"} <= set(seen)
    view = observe(page, table)
    assert view["observation"]["phase"] == "over"
    assert "VP" in page.locator(".board .px-final").first.inner_text()
    shot(page, "paradox-result", full_page=True)


# Decision points of every kind, from games played here with a greedy policy ------------------

OPTION_SETS = ({"deck_scenario": "flare", "triggered_scenario": "maelstrom", "alliances": True},
               {"preset": "training", "deck_scenario": "parallel_universe"},
               {})


def _policy(s: Any, rng: random.Random) -> int:
    """Random, but prefers swaps that make a Strand, so resources and Strands show up."""
    la = s.legal_actions()
    swaps = [a for a in la if kind_of(a) in ("swap", "swap_with_anomaly")]
    if swaps and rng.random() < 0.9:
        rng.shuffle(swaps)
        for a in swaps[:40]:
            c = s.clone()
            c.apply(a)
            if c.pending or c.phase != s.phase:
                return a
    keep = [a for a in la if kind_of(a) not in
            ("end_matrix_phase", "let_resource_go", "take_nothing", "flare_decline")]
    return rng.choice(keep or la)


def decision_points() -> dict[str, dict[str, Any]]:
    """One decision per action kind: the deciding seat's observation and its legal list."""
    found: dict[str, dict[str, Any]] = {}
    games = [(3, k, o) for k, o in enumerate(OPTION_SETS)] + [(2, 5, {})]
    for players, seed, opts in games:
        s = GAME.new_game(players, seed, options=opts)
        rng = random.Random(seed)
        turns = 3 if players == 2 else 12
        while not s.is_terminal() and s.turn <= turns:
            la = s.legal_actions()
            new = {kind_of(a) for a in la} - set(found)
            if new:
                point = decision_point(s, s.current_player)
                for k in new:
                    found[k] = point
            s.apply(_policy(s, rng))
    return found


def test_every_decision_kind_has_pieces(server: Any, page: Page) -> None:
    """For one decision point of each kind met in play, every legal action of that kind is on
    a piece of the board (the shell wires pieces generically; the full game test clicks them)."""
    points = decision_points()
    page.goto(server.url + "/")
    page.wait_for_selector("[data-create=paradox]")
    covered: set[str] = set()
    for kind, point in sorted(points.items()):
        ids = pieces_drawn(page, "paradox", point)
        want = {a["id"] for a in point["legal"] if a["info"]["kind"] == kind}
        assert want <= ids, f"{kind}: no piece for {sorted(want - ids)}"
        covered.add(kind)
    common = {"draft", "take_from_hand", "take_nothing", "draw_research_hand", "swap",
              "swap_with_anomaly", "end_matrix_phase", "allocate_to_card", "allocate_to_world",
              "let_resource_go", "resolve_strand", "breakthrough_extra_action",
              "breakthrough_wipe"}
    assert common <= covered, f"never met in play: {sorted(common - covered)}"


def test_phone_layout(server: Any, page: Page) -> None:
    """At 390×844 the page never scrolls sideways, in the draft and in the Matrix phase."""
    page.set_viewport_size({"width": 390, "height": 844})
    create_table(page, server.url, "paradox", 4, bots="easy")
    page.wait_for_selector(".board .px-matrix")
    width = "document.documentElement.scrollWidth"
    assert page.evaluate(width) <= 390
    shot(page, "paradox-phone", full_page=True)
    for _ in range(4):
        page.wait_for_selector(READY, timeout=60_000)
        page.locator("#actions button.action").first.click()
        page.wait_for_selector(".table-page:not(.waiting)", timeout=60_000)
        assert page.evaluate(width) <= 390
    shot(page, "paradox-phone-matrix", full_page=True)
