"""Every board fits a 390-px phone all through a seeded game, not only at the moments
test_help.py happens to look: each game is played through by seeded random moves at its
largest player count, and its board module draws its positions (up to 200, each from the seat
to move, with its legal moves, and the end from every seat) into the table page's layout in
Chromium, where cut_off.js looks for anything past the screen's edge or hidden by a scrolling
box; some of them again with the longest names the lobby takes.

A board's stylesheet arrives after its first drawing (each board module adds its own ``<link>``),
so a table page shows the board unstyled for a moment, longer on a busy server: the test first
draws positions with that stylesheet held back, then again with it. (ULTRAMASSIVE's Pink
Channel plaque once ran to x=405 of 390 in that moment: its label was centred by the
stylesheet alone.)"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser, Route
from tests.web.conftest import watch
from tests.web.driver import decision_point
from tests.web.test_help import CUT_OFF, GAMES, PHONE

import ludoverse

SEED = 5
MOST = 200
"""At most this many positions of a game are drawn with its stylesheet (every position of the
shorter games, every other one of ULTRAMASSIVE's ~370 and Universal Rule's ~290): under a
minute a game on a busy two-core machine."""
EARLY = 16
"""How many positions are drawn before the board's stylesheet has arrived."""
LONG_NAMED = 40
"""How many positions are drawn again with every seat's name as long as the server allows
(40 characters, ``name_chars``), in one word and in several."""
LONG_NAMES = ["Maximiliana-Wolfeschlegelsteinhausenberg",
              "Maximiliana Wolfeschlegel Steinhausenber"]

# The table page's frame around the board (app.js tablePage): the same classes, so style.css
# gives the board the width it has there on a phone.
TABLE_PAGE = """(game) => {
  const main = document.querySelector("#main");
  const page = Object.assign(document.createElement("div"), {className: "table-page"});
  page.dataset.game = game;
  const play = Object.assign(document.createElement("div"), {className: "play"});
  const board = Object.assign(document.createElement("div"), {className: "board", id: "board"});
  play.append(board, Object.assign(document.createElement("aside"), {className: "side"}));
  page.append(play);
  main.replaceChildren(page);
}"""

# Draws each position in turn into #board, as the table page does, and runs cut_off.js on it:
# [[position's name, problems], ...] for the positions with problems.
SWEEP = """async ([game, positions, names]) => {
  const board = await import(`/static/js/boards/${game}.js`);
  const cutOff = (CUT_OFF);
  const box = document.querySelector("#board");
  const table = (status) => ({seats: names.map((name, seat) => ({seat, name})), status});
  const bad = [];
  for (const [name, point, status] of JSON.parse(positions)) {
    box.replaceChildren();
    board.render(box, {...point, table: table(status), act: () => {}, replay: false, view: {}});
    const cut = cutOff();
    if (cut.length) bad.push([name, cut]);
  }
  return bad;
}""".replace("CUT_OFF", CUT_OFF)


def positions(game: str) -> list[tuple[str, dict[str, Any], str]]:
    """The decisions of a seeded game of random moves at the largest player count (every one,
    or evenly spread when there are more than :data:`MOST`), from the deciding seat, then the
    end from every seat: (name, decision point, table status)."""
    g = ludoverse.load(game)
    state = g.new_game(g.max_players, SEED)
    rng = random.Random(SEED)
    found: list[tuple[str, dict[str, Any], str]] = []
    while not state.is_terminal():
        seat = state.current_player
        found.append((f"move {len(found)} (seat {seat + 1} to play)",
                      decision_point(state, seat), "playing"))
        state.apply(rng.choice(state.legal_actions()))
    found = found[::-(-len(found) // MOST)]
    for seat in range(g.max_players):
        found.append((f"the end (seen by seat {seat + 1})", decision_point(state, seat),
                      "finished"))
    return found


def report(when: str, bad: list[list[Any]]) -> str:
    return f"{len(bad)} positions {when} do not fit 390 px, e.g.: " + "; ".join(
        f"{name}: {cut[:3]}" for name, cut in bad[:4])


@pytest.mark.parametrize("game", GAMES)
def test_the_positions_of_a_seeded_game_fit_a_phone(
        server: Any, browser: Browser, game: str) -> None:
    every = positions(game)
    g = ludoverse.load(game)
    names = ["Tester"] + [f"Bot {seat + 1} (easy)" for seat in range(1, g.max_players)]
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1)
    errors: list[str] = []
    pg = watch(ctx.new_page(), errors)
    css = f"**/static/css/{game}.css"
    held: list[Route] = []
    try:
        pg.route(css, lambda route: held.append(route))
        pg.goto(server.url + "/")
        pg.wait_for_selector("[data-create]")
        pg.evaluate(TABLE_PAGE, game)

        step = max(1, len(every) // EARLY)
        early = every[::step] + every[-1:]
        bad = pg.evaluate(SWEEP, [game, json.dumps(early), names])
        for _ in range(100):
            if held:
                break
            pg.wait_for_timeout(50)
        assert held, f"the {game} board asked for no {game}.css"
        assert not bad, report(f"of {game}, before {game}.css arrives,", bad)

        for route in held:
            route.continue_()
        pg.unroute(css)
        pg.wait_for_function("href => [...document.styleSheets].some((s) => s.href && "
                             "s.href.endsWith(href))", arg=f"/static/css/{game}.css")
        bad = pg.evaluate(SWEEP, [game, json.dumps(every), names])
        assert not bad, report(f"of {len(every)} in {game}", bad)

        some = every[::max(1, len(every) // LONG_NAMED)] + every[-g.max_players:]  # the end
        for long in LONG_NAMES:
            names = [long[:-1] + str(seat + 1) for seat in range(g.max_players)]
            bad = pg.evaluate(SWEEP, [game, json.dumps(some), names])
            assert not bad, report(f"of {game} with seats named like {names[0]!r}", bad)
    finally:
        ctx.close()
    assert not errors, errors
