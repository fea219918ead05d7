"""The ULTRAMASSIVE terminal view: rendered from real games of 1 to 4 players, it shows every
board space by space, each player's tracks and Anomalies, the draft or the solo Challenges,
and never a card the viewer could not know."""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from typing import Any

import pytest
from rich.console import Console

import ludoverse
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.state import UltramassiveState

GAME = ludoverse.load("ultramassive")
WIDTH = 100
SAMPLE_EVERY = 19
"""Decisions between snapshots of a random game (a game is 200-400 decisions)."""
GAMES = ((1, 1, {}), (1, 4, {"preset": "solo_hard"}), (2, 0, {}), (2, 7, {}),
         (3, 2, {"advanced_draft": True}), (4, 5, {}))
"""Players, seed and options of the games sampled (seed 0 at 2 players reaches Stellar)."""
SHORT = {"blue_giant": "BG2", "supergiant": "SG3", "primordial": "PBH4", "major": "MAJ",
         "minor": "min"}
OPEN, CLOSED = "◎W", "⊘W"
BOX = re.compile(r"[│╭╮╰╯─]+")


def play(n: int, seed: int, options: dict[str, Any]) -> list[UltramassiveState]:
    """Snapshots of one random game: every ``SAMPLE_EVERY`` decisions, at the first decision
    of each Draft (or solo Resource card) phase, and at the end."""
    s = GAME.new_game(players=n, seed=seed, options=options)
    rng = random.Random(seed)
    out, k, phase = [], 0, s.phase
    while not s.is_terminal():
        drafting = s.phase != phase and s.phase in (S.DRAFT, S.SOLO_RESOURCE)
        if k % SAMPLE_EVERY == 0 or drafting:
            out.append(s.clone())
        phase = s.phase
        s.apply(rng.choice(s.legal_actions()))
        k += 1
    out.append(s)
    return out


@cache
def positions() -> tuple[tuple[str, UltramassiveState], ...]:
    return tuple((f"{n}p-seed{seed}-{k}", s) for n, seed, opts in GAMES
                 for k, s in enumerate(play(n, seed, opts)))


def text(renderable: object) -> str:
    console = Console(record=True, width=WIDTH, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def view(s: UltramassiveState, seat: int | None) -> str:
    return text(GAME.render(s.observation(seat), seat))


@cache
def text_of(label: str, seat: int | None) -> str:
    """A position's view, rendered once (several tests read each view)."""
    return view(dict(positions())[label], seat)


def viewer(s: UltramassiveState) -> int:
    """The seat deciding now, or seat 0 once the game is over."""
    return s.current_player if s.current_player >= 0 else 0


def flat(txt: str) -> str:
    """The text without box lines and with single spaces, so wrapped phrases can be found."""
    return " ".join(BOX.sub(" ", txt).split())


def panels(txt: str) -> dict[int, list[str]]:
    """Each player's panel as its inner lines (outer and panel borders stripped), by seat."""
    out: dict[int, list[str]] = {}
    current: list[str] | None = None
    for line in txt.splitlines():
        inner = line[2:-2] if line.startswith("│ ") else line
        m = re.match(r"╭─ seat (\d+)", inner)
        if m:
            current = out.setdefault(int(m.group(1)), [])
        elif inner.startswith("╰"):
            current = None
        elif current is not None:
            current.append(inner[2:-2].rstrip())
    return out


def columns(lines: list[str], starts: list[int]) -> list[str]:
    """The flat text of each column of some lines, cut at the given offsets, so a phrase a
    narrow column wraps can be found whole."""
    ends = [*starts[1:], None]
    return [flat("\n".join(r[a:b] for r in lines)) for a, b in zip(starts, ends, strict=True)]


def side(rows: list[str]) -> str:
    """The tracks beside a board: the column starting at "Solar Mass", down to the Anomalies."""
    at = rows[0].index("Solar Mass")
    end = next(k for k, r in enumerate(rows) if r.startswith("Anomal"))
    return columns(rows[:end], [0, at])[1]


def draft_columns(txt: str) -> list[str]:
    """Set 1, its takers, Set 2, its takers: each column's flat text."""
    lines = [line[2:-2] for line in txt.splitlines() if line.startswith("│ ")]
    top = next(k for k, r in enumerate(lines) if r.startswith("Set 1"))
    end = next(k for k, r in enumerate(lines) if r.startswith("╭"))
    head = lines[top]
    s2 = head.index("Set 2")
    starts = [0, head.index("taken by"), s2, head.index("taken by", s2)]
    return columns(lines[top + 1:end], starts)


def cell(space: dict[str, Any]) -> str:
    """What a board space must read: Wormhole mark, then the stack's short names."""
    parts = []
    if space["wormhole"] is not None:
        parts.append(OPEN if space["wormhole"]["open"] else CLOSED)
    parts += [SHORT[t] for t in space["tokens"]]
    if parts:
        return " ".join(parts)
    return "▒ Black Hole" if space["covered"] else "·"


def test_positions_cover_the_interesting_cases() -> None:
    states = [s for _, s in positions()]
    assert {s.n for s in states} == {1, 2, 3, 4}
    assert sum(s.is_terminal() for s in states) == len(GAMES)
    assert any(max(s.size) > 0 for s in states)
    assert any(4 in st or 3 in st for s in states for b in s.boards for st in b)
    assert any(not o for s in states for w in s.worm_open for o in w)
    assert any(t >= 0 for s in states for t in s.taken)
    assert any(s.resource_offer for s in states)
    assert any(s.pending[p] for s in states for p in range(s.n))


@pytest.mark.parametrize("who", ["player", "spectator"])
def test_every_position_renders_within_the_width(who: str) -> None:
    for label, s in positions():
        seat = viewer(s) if who == "player" else None
        lines = text_of(label, seat).splitlines()
        assert max(map(len, lines)) <= WIDTH, label
        assert f"Round {s.round}/6" in lines[0], label


def test_each_board_is_shown_space_by_space() -> None:
    covered = 0
    for label, s in positions():
        txt = text_of(label, viewer(s))
        obs = s.observation(viewer(s))
        found = panels(txt)
        assert sorted(found) == list(range(s.n)), label
        for p, pv in enumerate(obs["players_view"]):
            rows = found[p]
            blue, pink = pv["channels"]["blue"], pv["channels"]["pink"]
            for b, k in zip(blue, pink, strict=True):
                tag = " Rift" if b["rift"] else " (BH)" if b["covered"] else ""
                want = re.compile(rf"^{b['space']}{re.escape(tag)} +{re.escape(cell(b))} +"
                                  rf"{re.escape(cell(k))}(  |$)")
                assert any(want.match(r) for r in rows), (label, p, b["space"], cell(b),
                                                          cell(k))
                covered += b["covered"]
            board = "\n".join(rows)
            assert board.count("3 Rift") == 1, label
            assert any(r.startswith("Black Hole ") for r in rows), label
            placed = [w for w in pv["wormholes"] if w["space"] is not None]
            assert board.count(OPEN) == sum(w["open"] for w in placed), label
            assert board.count(CLOSED) == sum(not w["open"] for w in placed), label
    assert covered


def test_each_player_shows_tracks_and_anomalies() -> None:
    for label, s in positions():
        seat = viewer(s)
        found = panels(text_of(label, seat))
        for p, pv in enumerate(s.observation(seat)["players_view"]):
            body = flat("\n".join(found[p]))
            tracks = side(found[p])
            assert tracks.startswith(f"Solar Mass {pv['solar_mass']} "), label
            assert f"Discovery {pv['discovery']}/10" in tracks, label
            assert f"Black Hole {pv['size']}" in tracks, label
            assert f"Disc. spent {pv['discovery_spent']} on Anomalies" in tracks, label
            for a in pv["anomalies"]:
                state = "used this round" if a["used_this_round"] else "ready"
                assert f"{a['name']} {a['type']} {a['tier']} {state}" in body, label
            for c in pv["played"]:
                assert f"{c['name']} ({c['type']}, Power {c['power']})" in tracks, label
            if pv["drafted"]:
                assert "Drafted " + "; ".join(pv["drafted"]) in tracks, label


def test_used_and_passive_anomalies_are_marked() -> None:
    s = next(GAME.new_game(players=2, seed=k) for k in range(50)
             if 1 in GAME.new_game(players=2, seed=k).cores_drawn[0])
    s.cores_owned[0].append(1)  # Beta — Relativistic Jet: a Passive, no Effect
    s.owned[0].append(0)
    s.cooldown[0][0] = True
    body = flat("\n".join(panels(view(s, 0))[0]))
    beta = s.content.core_order[1].name
    assert f"{beta} Core passive only" in body
    assert f"{s.content.anomaly_order[0].name} siphon 1 used this round" in body
    assert f"{s.content.core_order[1].text}" in body  # the viewer reads their own texts


def test_the_viewer_comes_first_and_spectators_see_the_player_to_act() -> None:
    for label, s in positions():
        seat = viewer(s)
        assert next(iter(panels(text_of(label, seat)))) == seat, label
        assert f"seat {seat} (you)" in text_of(label, seat), label
        if s.current_player >= 0:
            assert next(iter(panels(text_of(label, None)))) == s.current_player, label


def test_the_prompt_and_who_acts_are_shown() -> None:
    for label, s in positions():
        if s.is_terminal():
            continue
        seat = viewer(s)
        txt = flat(text_of(label, seat))
        assert f"to act: seat {seat} (you) — {s.observation(seat)['prompt']}" in txt, label
        other = (seat + 1) % s.n
        if other != seat:
            assert f"to act: seat {seat} —" in flat(view(s, other)), label


def hidden_names(s: UltramassiveState, seat: int | None) -> set[str]:
    """Card and Core names held only by other seats: in none of the viewer's observation."""
    shown = json.dumps(s.observation(seat), ensure_ascii=False)
    names = {s.content.deck[c].name for p in range(s.n) if p != seat for c in s.hands[p]}
    names |= {s.content.core_order[c].name for p in range(s.n) if p != seat
              for c in s.cores_drawn[p] if c not in s.cores_owned[p]}
    return {x for x in names if x not in shown}


def test_hands_and_cores_only_for_their_owner() -> None:
    # UM-KNOW-1, UM-KNOW-2
    checked = 0
    for label, s in positions():
        seat = viewer(s)
        txt = text_of(label, seat)
        body = flat(txt)
        for c in s.hands[seat]:
            assert s.content.deck[c].name in body, label
            assert s.content.deck[c].text in body, label
        if s.hands[seat]:
            assert "Your hand" in txt, label
        for c in s.cores_drawn[seat]:
            if c not in s.cores_owned[seat]:
                assert s.content.core_order[c].name in body, label
        for p in range(s.n):
            if p != seat:
                assert f"Hand {len(s.hands[p])} cards (hidden)" in body, label
        for who in (seat, None):
            hidden = hidden_names(s, who)
            view_text = text_of(label, who)
            assert not any(x in view_text for x in hidden), (label, who, hidden)
            checked += len(hidden)
    assert checked > 50


def test_spectators_see_no_hand_and_no_you() -> None:
    for label, s in positions():
        txt = text_of(label, None)
        assert "(you)" not in txt, label
        assert "Your hand" not in txt and "Your Core" not in txt, label
        body = flat(txt)
        for p in range(s.n):
            assert f"Hand {len(s.hands[p])} cards (hidden)" in body, label


def test_card_texts_are_never_read_as_markup() -> None:
    for label, s in positions():
        seat = viewer(s)
        if any("[Empowered:" in s.content.deck[c].text for c in s.hands[seat]):
            txt = text_of(label, seat)
            assert "[Empowered:" in txt and "\\[" not in txt, label
            return
    raise AssertionError("no hand with an Empowered text")


def test_the_draft_shows_options_and_who_took_them() -> None:
    seen = 0
    for label, s in positions():
        if s.n == 1:
            continue
        txt = text_of(label, viewer(s))
        body = flat(txt)
        size = len(obs_sets := s.observation(viewer(s))["draft"]["sets"][0])
        assert len(obs_sets) in (5, 7), label
        assert f"{size if s.n == 4 else size - 1} spaces per set in play" in body, label
        assert body.count("(4 players only)") == 2, label
        obs = s.observation(viewer(s))
        cols = draft_columns(txt)
        for j, options in enumerate(obs["draft"]["sets"]):
            assert " ".join(f"{o['space']} {o['option']}" for o in options) in cols[2 * j] \
                or all(o["option"] in cols[2 * j] for o in options), label
            takers = []
            for o in options:
                if o["taken_by"] is not None and o["taken_by"] >= 0:
                    you = " (you)" if o["taken_by"] == viewer(s) else ""
                    takers.append(f"✓ seat {o['taken_by']}{you}")
            assert cols[2 * j + 1] == " ".join(takers), label
            seen += len(takers)
        assert body.count("✓ seat") == len(" ".join(cols[1::2]).split("✓")) - 1, label
        if obs["draft"]["tokens"]:
            assert "Draft tokens:" in body, label
    assert seen


def test_solo_shows_challenges_goal_and_the_resource_offer() -> None:
    # UM-KNOW-3: the Resource cards offered are seen by the solo player only
    offers = 0
    for label, s in positions():
        if s.n != 1:
            continue
        solo = s.observation(0)["solo"]
        body = flat(text_of(label, 0))
        goal = solo["goal"]
        assert f"goal: {goal['challenges']} Challenges and {goal['solar_mass']} Solar Mass" \
            in body, label
        done = sum(c["completed"] for c in solo["challenges"])
        assert f"completed {done}/{len(solo['challenges'])}" in body, label
        for c in solo["challenges"]:
            mark = "✓" if c["completed"] else "·"
            assert f"{mark} {c['name']} +{c['reward']} SM" in body, label
        assert "Set 1" not in body and "spaces per set" not in body, label
        if s.resource_offer:
            offers += 1
            texts = [s.content.resource_cards[r].text for r in s.resource_offer]
            assert all(t in body for t in texts), label
            spectator = flat(text_of(label, None))
            assert f"Resource card offer: {len(texts)} cards (hidden)" in spectator, label
            assert not any(t in spectator for t in texts), label
    assert offers


def test_a_finished_game_shows_the_outcome() -> None:
    for label, s in positions():
        if not s.is_terminal():
            continue
        out = s.outcome()
        assert out is not None
        for seat in (0, None, s.n - 1):
            body = flat(text_of(label, seat) if seat in (0, None) else view(s, seat))
            assert "Game over" in body and out.reason in body, label
            if s.n == 1:
                assert ("Solo game WON" if out.winners else "Solo game LOST") in body, label
                continue
            assert "Final result" in body, label
            for p in range(s.n):
                star = "★ " if p in out.winners else ""
                you = " (you)" if p == seat else ""
                assert f"{star}seat {p}{you} {s.sm[p]} {out.ranking[p]}" in body, (label, p)
