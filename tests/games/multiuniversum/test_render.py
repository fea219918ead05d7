"""The terminal view of a Multiuniversum observation, checked on positions from real games
(random players who seal whenever they can) at 1 to 4 players with the options that change
what is shown, for every seat and a spectator: the transformer circle, the viewer's hand with
the action of each card where the viewer stands, the labs with their sets and scores, the
decision panels and the outcome, and above all that no hidden card or portal is shown."""

from __future__ import annotations

import copy
import io
import random
import re
from functools import cache
from typing import Any

from rich.console import Console

import ludoverse
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState
from ludoverse.games.multiuniversum.views import label

from . import builders as B

GAME = ludoverse.load("multiuniversum")
WIDTH = 120
SAMPLE_EVERY = 40
GAMES = ((3, 0, {}), (2, 2, {"set_assignment": "player_choice"}),
         (3, 3, {"variant": "deadly_portals"}), (3, 1, {"portal_visibility": "all_face_up"}),
         (1, 0, {}), (4, 0, {"variant": "short_game"}))
"""Players, seed and options: together they meet every phase, empty stacks, lost portals,
best and formed sets, recycled cards, the solo game and each way a game ends."""
ACTIONS = {"search": "Search", "ability": "Ability", "move": "Move", "seal": "Seal",
           "recycle": "Recycle"}
BOX = re.compile(r"[│╭╮╰╯─┬┴┼├┤]+")


def pick(s: MultiuniversumState, rng: random.Random) -> int:
    """A random legal action, but a Seal whenever one is offered (so labs fill up)."""
    legal = s.legal_actions()
    seals = [a for a in legal if ": Seal" in label(s, a, s.current_player)]
    return rng.choice(seals or legal)


def play(n: int, seed: int, options: dict[str, Any], met: set[str]) -> list[MultiuniversumState]:
    """Snapshots of one game: every ``SAMPLE_EVERY`` decisions, the first time each phase is
    met in any game, and the end."""
    s = GAME.new_game(players=n, seed=seed, options={"first_player": "seat0", **options})
    rng = random.Random(seed)
    out, k = [], 0
    while not s.is_terminal():
        phase = P.PHASES[s.phase]
        if k % SAMPLE_EVERY == 0 or phase not in met:
            out.append(s.clone())
            met.add(phase)
        s.apply(pick(s, rng))
        k += 1
    out.append(s)
    return out


@cache
def positions() -> tuple[tuple[str, MultiuniversumState], ...]:
    met: set[str] = set()
    return tuple((f"{n}p-seed{seed}-{'-'.join(map(str, opts.values()))}-{k}", s)
                 for n, seed, opts in GAMES for k, s in enumerate(play(n, seed, opts, met)))


def text(obs: dict[str, Any], seat: int | None, width: int = WIDTH) -> str:
    console = Console(record=True, width=width, color_system=None, file=io.StringIO())
    console.print(GAME.render(obs, seat))
    return console.export_text()


@cache
def obs_of(label_: str, seat: int | None) -> dict[str, Any]:
    return dict(positions())[label_].observation(seat)


@cache
def text_of(label_: str, seat: int | None) -> str:
    """A position's view, rendered once (several tests read each view)."""
    return text(obs_of(label_, seat), seat)


@cache
def flat_of(label_: str, seat: int | None) -> str:
    return flat(text_of(label_, seat))


def seats(s: MultiuniversumState) -> list[int | None]:
    return [*range(s.n), None]


def viewer(s: MultiuniversumState) -> int:
    return s.current_player if s.current_player >= 0 else 0


def flat(txt: str) -> str:
    """The text without box lines and with single spaces, so wrapped phrases can be found."""
    return " ".join(BOX.sub(" ", txt).split())


def render_built(s: MultiuniversumState, seat: int | None) -> str:
    return flat(text(s.observation(seat), seat))


def test_positions_cover_every_phase_and_case() -> None:
    states = [s for _, s in positions()]
    assert {P.PHASES[s.phase] for s in states} == set(P.PHASES)
    assert sum(s.is_terminal() for s in states) == len(GAMES)
    assert any(s.empty_stacks() for s in states)
    assert any(s.lost[q] for s in states for q in range(s.labs))
    assert any(s.revealed[c] for s in states for h in s.hands for c in h)
    assert any(s.removed for s in states)


def test_every_view_renders_within_the_width() -> None:
    for label_, s in positions():
        for seat in seats(s):
            lines = text_of(label_, seat).splitlines()
            assert max(map(len, lines)) <= WIDTH, (label_, seat)
            assert f"MULTIUNIVERSUM · Turn {s.turn + 1} · Round " in lines[0], label_
    s = dict(positions())[positions()[5][0]]
    for width in (80, 100):
        assert max(map(len, text(s.observation(0), 0, width).splitlines())) <= width


def test_the_viewer_sees_their_hand_and_not_the_others() -> None:
    # MU-KNOW-1: a hand only to its owner; recycled cards known to all
    hidden = known = 0
    for label_, s in positions():
        for seat in seats(s):
            txt = text_of(label_, seat)
            obs = obs_of(label_, seat)
            for lab in obs["labs"][: s.n]:
                if lab["seat"] == seat:
                    assert "Your hand" in txt, label_
                    for c in lab["hand"]:
                        assert c["name"] in txt, (label_, c["name"])
                    continue
                shown = {c["name"] for c in lab["known_hand"]}
                for c in lab["known_hand"]:
                    assert c["name"] in txt, label_
                    known += 1
                own = obs_of(label_, lab["seat"])["labs"][lab["seat"]]["hand"]
                for c in own:
                    if c["name"] not in shown:
                        assert c["name"] not in txt, (label_, seat, c["name"])
                        hidden += 1
    assert hidden > 500 and known


def test_each_hand_card_shows_the_action_on_the_current_transformer() -> None:
    # MU-TURN-3: a card gives the action of the row of the viewer's transformer
    checked = 0
    for label_, s in positions():
        seat = viewer(s)
        obs = obs_of(label_, seat)
        lab = obs["labs"][seat]
        here = lab["transformer"]
        lines = [" ".join(x.split()) for x in text_of(label_, seat).splitlines()]
        assert any(f"you stand on transformer {here} (" in x for x in lines), label_
        for c in lab["hand"]:
            row = next(x for x in lines if x.startswith(f"│ {c['name']} ")).replace(" ✓kept", "")
            action = ACTIONS[c["rows"][here - 1]]
            assert f"{c['name']} {c['tool']} ▶ {action} " in row, (label_, row)
            rows = " · ".join(("▶" if k == here else "") + f"{k} {ACTIONS[r]}"
                              for k, r in enumerate(c["rows"], start=1))
            assert rows in row, (label_, row)
            checked += 1
    assert checked > 50


def circle_cells(txt: str) -> list[str]:
    """The five columns of the transformer circle, each as one line of single spaces."""
    cols: list[list[str]] = []
    inside = False
    for line in txt.splitlines():
        inner = line[2:-2]
        if inner.startswith("╭") and "┬" in inner:
            inside = True
        elif inner.startswith("╰") and "┴" in inner:
            break
        elif inside and inner.startswith("│"):
            cells = inner.strip("│").split("│")
            cols = cols or [[] for _ in cells]
            for col, cell in zip(cols, cells, strict=True):
                col.append(cell)
    return [" ".join(" ".join(col).split()) for col in cols]


def test_the_circle_shows_every_transformer_in_clockwise_order() -> None:
    # MU-SETUP-3, MU-KNOW-5: transformers, face-up portals and scientists are public
    for label_, s in positions():
        for seat in (viewer(s), None):
            obs = obs_of(label_, seat)
            cells = circle_cells(text_of(label_, seat))
            assert "Transformers ↻ clockwise 1→2→3→4→5→1" in text_of(label_, seat), label_
            assert len(cells) == 5, label_
            for cell, t in zip(cells, obs["transformers"], strict=True):
                arrow = "→1" if t["number"] == 5 else "→"
                assert cell.startswith(f"{t['number']} {t['colour']} {arrow}"), (label_, cell)
                assert f"{t['name']} " in cell, label_
                assert f"stack {t['stack_size']}" in cell, label_
                top = t["face_up"]
                if top:
                    assert (f"▲ {top['name']} {top['dp']} DP {top['icon']} {top['tier']} "
                            f"needs {' '.join(top['tools'])}") in cell, (label_, cell)
                else:
                    assert "DEACTIVATED" in cell, label_
                on = ["you" if q == seat else "virtual" if q >= s.n else f"s{q}"
                      for q in t["scientists"]]
                assert (f"● {', '.join(on)}" in cell) == bool(on), (label_, cell)
                assert ("▶you" in cell) == (seat is not None and seat in t["scientists"])


def test_an_empty_stack_is_deactivated() -> None:
    # MU-ABILITY-8
    s = B.table(3)
    B.empty(s, 2, 4)
    body = render_built(s, 0)
    assert body.count("DEACTIVATED") == 2
    assert "End: 2 of 3 stacks empty" in body
    seen = 0
    for label_, st in positions():
        n = st.empty_stacks()
        assert flat_of(label_, None).count("DEACTIVATED") == n, label_
        seen += n
    assert seen


def test_hidden_portals_stay_hidden_and_known_ones_are_listed() -> None:
    # MU-KNOW-3, MU-KNOW-4, MU-KNOW-5
    hidden = listed = 0
    for label_, s in positions():
        for seat in seats(s):
            body = flat_of(label_, seat)
            for t in obs_of(label_, seat)["transformers"]:
                stack = s.stacks[t["number"] - 1][::-1]
                for k, (q, p) in enumerate(zip(stack, t["stack"], strict=True)):
                    name = s.content.portals[q].name
                    if p is None:
                        assert name not in body, (label_, seat, name)
                        hidden += 1
                    elif k:
                        assert f"{k + 1}. {name} " in body, (label_, seat, name)
                        listed += 1
    assert hidden > 200 and listed > 50


def test_the_labs_show_tools_sealed_portals_and_score() -> None:
    for label_, s in positions():
        seat = viewer(s)
        body = flat_of(label_, seat)
        for lab in obs_of(label_, seat)["labs"]:
            head = "virtual scientist" if lab["virtual"] else (
                f"seat {lab['seat']} (you)" if lab["seat"] == seat else f"seat {lab['seat']}")
            assert (f"{head} · {lab['colour']} · on transformer {lab['transformer']} · "
                    f"score {lab['score']} DP") in body, label_
            assert f"Tools {len(lab['tools'])}:" in body, label_
            for p in lab["sealed"]:
                assert f"{p['name']} {p['dp']} DP {p['icon']}" in body, label_
            if lab["lost"]:
                assert "Lost (Deadly Portals):" in body, label_
            assert f"Score {lab['score']} DP = " in body, label_


def test_best_sets_and_score_of_a_built_lab() -> None:
    # MU-SCORE-1 to MU-SCORE-4
    s = B.table(3)
    B.sealed(s, 1, "tidal_gate", "deep_current", "rain_spiral", "ember_door", "prism_hall",
             "null_hatch", "cog_arch", "looking_glass")
    B.tools(s, 1, "red-01", "red-02", "blue-01")
    obs = s.observation(0)
    body = render_built(s, 0)
    assert obs["labs"][1]["score"] == 23 - 3 + 18
    assert "seat 1 · yellow · on transformer 2 · score 38 DP" in body
    assert "Tools 3: red ×2 · blue ×1" in body
    assert "Best sets: Specialisation water×3 +9 (" in body
    assert "Omni +9 (" in body
    assert "Score 38 DP = 23 portal DP − 3 unused tools + 18 sets" in body
    for name in ("Tidal Gate", "Deep Current", "Rain Spiral", "Looking Glass"):
        assert f"{name} " in body
    basic = B.table(3, variant="basic_scoring")
    B.sealed(basic, 1, "tidal_gate", "deep_current")
    body = render_built(basic, 0)
    assert "Best sets" not in body and "no set bonuses in this variant" in body


def test_the_solo_virtual_scientist_appears() -> None:
    # MU-SOLO-1, MU-SOLO-5
    for label_, s in positions():
        if s.n != 1:
            continue
        body = flat(text_of(label_, 0))
        assert "virtual scientist · yellow · on transformer" in body, label_
        assert re.search(r"● (you, )?virtual", body), label_
        if s.sealed[1]:
            assert "its unused tools cost nothing" in body, label_


def test_the_decision_panels() -> None:
    seen: set[str] = set()
    for label_, s in positions():
        obs = obs_of(label_, viewer(s))
        body = flat_of(label_, viewer(s))
        other = flat_of(label_, None)
        if "seal" in obs:
            assert "seals " in body and "still to pay" in body, label_
            seen.add("seal")
        if "reorder" in obs:
            t = obs["reorder"]["transformer"]
            assert f"rearranges the stack of transformer {t}" in body, label_
            assert "Still to place:" in body and "Still to place:" not in other, label_
            seen.add("reorder")
        if "keep_two" in obs:
            assert "keeps 2 cards of the whole hand" in body, label_
            for c in obs["labs"][s.active]["hand"]:
                if c["id"] in obs["keep_two"]["cards"]:
                    assert f"{c['name']} ✓kept" in body, label_
            seen.add("keep_two")
        if "keep_tool" in obs:
            assert "keeps one played card as a tool" in body, label_
            seen.add("keep_tool")
        if "form_sets" in obs:
            assert f"seat {obs['form_sets']['seat']} (you) forms sets" in body, label_
            assert "Sets formed:" in body, label_
            seen.add("form_sets")
    assert seen == {"seal", "reorder", "keep_two", "keep_tool", "form_sets"}


def test_the_header_turn_deck_discard_and_end() -> None:
    for label_, s in positions():
        obs = obs_of(label_, None)
        body = flat_of(label_, None)
        assert f"Deck {obs['deck']} card" in body, label_
        assert f"Discard ({len(obs['discard'])}):" in body, label_
        for c in obs["discard"]:
            assert c["name"].split("-")[1] in body, label_
        if obs["phase"] not in ("form_sets", "over"):
            left = obs["actions_left"]
            assert f"turn of seat {s.active} · {left} action{'' if left == 1 else 's'} left" \
                in body, label_
        if obs["end"]["triggered"]:
            assert "END TRIGGERED" in body, label_
        else:
            assert f"End: {s.empty_stacks()} of {obs['end']['threshold']}" in body, label_


def test_a_finished_game_shows_the_outcome() -> None:
    for label_, s in positions():
        if not s.is_terminal():
            continue
        out = s.outcome()
        assert out is not None
        for seat in seats(s):
            body = flat_of(label_, seat)
            assert "Game over" in body and out.reason in body, label_
            if s.n == 1:
                assert ("You won" if out.winners else "You lost") in body, label_
            else:
                assert f"Winner: seat {out.winners[0]}" in body, label_
            for line in out.tiebreak_trace:
                assert line in body, label_


def test_a_tie_shows_its_trace() -> None:
    # MU-TIE-5
    s = B.table(2)
    s.phase = P.OVER
    body = render_built(s, 0)
    assert "tie-break: tied on seat 0, seat 1: fewest tools used 0, 0" in body


def test_spectators_see_no_hand_and_no_you() -> None:
    for label_, _ in positions():
        body = text_of(label_, None)
        assert "Your hand" not in body and "(you)" not in body, label_
        assert "▶you" not in body, label_


def test_names_are_never_read_as_markup() -> None:
    s = next(s for _, s in positions() if s.n == 3 and any(s.sealed))
    obs = copy.deepcopy(s.observation(0))
    obs["labs"][0]["hand"][0]["name"] = "[bold]Odd[/bold]"
    obs["transformers"][0]["name"] = "[red]Sly"
    txt = text(obs, 0)
    assert "[bold]Odd[/bold]" in txt and "[red]Sly" in txt
