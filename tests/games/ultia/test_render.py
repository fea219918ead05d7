"""The ULTIA terminal view: renders every phase for every viewer, shows what a player needs,
and never shows a card the viewer could not know."""

from __future__ import annotations

import io
import random
import re
from functools import cache

import pytest
from rich.console import Console

from ludoverse.games.ultia import GAME, UltiaState
from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia.content import PlanList, default_plans
from ludoverse.games.ultia.phases import NAMES, PLAY
from ludoverse.games.ultia.render import ENDED, render, trick_winner

WIDTH = 100
MAX_LINES = 40
SAMPLE = 0.06
"""Share of ordinary positions rendered; rare phases are always rendered."""
RARE = {"bid_trump", "reveal", "rock_paper_scissors", "over"}
CONFIGS = GAME.conformance_options()
GAMES = [(name, seed) for name in CONFIGS for seed in range(6)]
HUNT_SEEDS = 3000
"""Games searched per rare phase the sample missed (a rock-paper-scissors tie-break comes up
about once in 300 random games with the variant options)."""
HUNT_CONFIGS = ("variants", "overwork", "japanese", "rulebook")
CARD = re.compile(r"\b([DSPB][1-8])\b")
PLANS = {p.id: p for name in ("standard", "with_no_trump") for p in default_plans(name).plan}
"""Every shipped plan, by id (the shipped lists agree on the plans they share)."""

Snapshots = list[tuple[str, UltiaState]]


def random_game(name: str, seed: int, sample: float) -> Snapshots:
    """Snapshots of one random game: a ``sample`` share of positions plus every rare one."""
    s = GAME.new_game(players=3, seed=seed, options=CONFIGS[name])
    rng, sampler = random.Random(seed), random.Random(-seed)
    out = []
    while True:
        if NAMES[s.phase] in RARE or sampler.random() < sample:
            out.append((f"{name}-{seed}-{len(s.events)}", s.clone()))
        if s.is_terminal():
            return out
        s.apply(rng.choice(s.legal_actions()))


@cache
def positions() -> tuple[tuple[str, UltiaState], ...]:
    """A sample of random games, topped up with games that reach the phases it missed."""
    out: Snapshots = []
    for name, seed in GAMES:
        out += random_game(name, seed, SAMPLE)
    for phase in NAMES.values():
        if not reaches(out, phase):
            out += hunt(phase)
    return tuple(out)


def reaches(snaps: Snapshots, phase: str) -> bool:
    return any(NAMES[s.phase] == phase for _, s in snaps)


def hunt(phase: str) -> Snapshots:
    """The rare positions of the first random game (by seed) that reaches ``phase``."""
    for seed in range(HUNT_SEEDS):
        for name in HUNT_CONFIGS:
            game = random_game(name, seed, 0.0)
            if reaches(game, phase):
                return game
    return []


@cache
def text_of(label: str, seat: int | None) -> str:
    """The plain text of ``seat``'s view of a position (rich is slow; each is made once)."""
    state = dict(positions())[label]
    return text(render(state.observation(seat), seat, state.plans))


def text(renderable: object) -> str:
    console = Console(record=True, width=WIDTH, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_positions_cover_every_phase() -> None:
    assert len(dict(positions())) == len(positions())
    assert {NAMES[s.phase] for _, s in positions()} == set(NAMES.values())
    assert any(any(s.revealed) for _, s in positions())
    assert any(s.overwork for _, s in positions())


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_render_shows_the_key_facts(seat: int | None) -> None:
    for label, s in positions():
        obs = s.observation(seat)
        txt = text_of(label, seat)
        lines = txt.splitlines()
        assert len(lines) <= MAX_LINES, label
        assert max(map(len, lines)) <= WIDTH, label
        assert f"Year {s.round}" in txt, label
        for v in obs["progress"]:
            assert f"{v:g}%" in txt, label
        plan = obs["plan"] or obs["bidding"]["high_plan"]
        if plan:
            assert PLANS[plan].name in txt, label
        if obs["trump"]:
            assert obs["trump"] in txt, label
        if seat is None or obs["phase"] in ENDED:
            assert "Your hand" not in txt, label
        else:
            hand = re.search(r"Your hand:(.*?)(?:Your face-down|You know|Recent|╰)", txt, re.S)
            assert hand is not None, label
            assert sorted(CARD.findall(hand.group(1))) == sorted(obs["hand"]), label
            if obs["trump"] and any(c[0] == obs["trump"][0] for c in obs["hand"]):
                assert hand.group(1).split()[0] == obs["trump"], label  # trumps first
        if obs["main_surveyor"] is not None:
            assert "★ Main Surveyor" in txt, label
        if seat is not None:
            assert f"seat {seat} (you)" in txt, label
        if obs["phase"] == "over":
            assert "Winner:" in txt and "Final progress" in txt, label
        elif obs["phase"] not in ENDED:
            for card in obs.get("my_face_down", []):
                assert card in txt, label
        if obs["phase"] == "rock_paper_scissors":
            assert "Rock-paper-scissors" in txt, label


def hidden_from(s: UltiaState, seat: int | None) -> set[str]:
    """Cards whose place ``seat`` does not know: others' unrevealed hand cards and a
    face-down pair it did not discard, minus cards it tracked (its discards taken up)."""
    hidden = 0
    for p in range(s.n):
        if p != seat:
            hidden |= s.hands[p] & ~s.revealed[p]
    if s.talon_owner != seat or seat is None:
        hidden |= s.talon
    if seat is not None:
        for c in s.known[seat]:
            hidden &= ~(1 << c)
    return {C.code(c) for c in C.cards_of(hidden)}


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_render_never_shows_hidden_cards(seat: int | None) -> None:
    for label, s in positions():
        shown = set(CARD.findall(text_of(label, seat)))
        leaked = shown & hidden_from(s, seat)
        assert not leaked, f"{label}: seat {seat} sees {sorted(leaked)}"


def test_the_leak_check_can_fail() -> None:
    """Seat 1's view does show cards hidden from seat 0, so the check above has teeth."""
    assert any(set(CARD.findall(text_of(label, 1))) & hidden_from(s, 0)
               for label, s in positions())


def test_trick_winner_matches_the_rules() -> None:
    checked = 0
    for label, s in positions():
        if s.phase != PLAY or not s.trick:
            continue
        obs = s.observation(None)
        trump = C.SUIT_NAMES.index(obs["trump"]) if obs["trump"] else None
        best = trick_winner(obs["trick"], trump)
        assert best is not None
        assert obs["trick"][best] == [s.best_seat, C.code(s.best)]
        assert f"winning: {C.code(s.best)} by seat {s.best_seat}" in text_of(label, None)
        checked += 1
    assert checked > 20


def test_known_voids_are_true() -> None:
    for label, s in positions():
        for seat in (None, 0):
            for line in text_of(label, seat).splitlines():
                m = re.search(r"(seat \d).*void: ([DSPB ]+)", line)
                if m:
                    p = int(m.group(1)[-1])
                    for letter in m.group(2).split():
                        suit = C.SUIT_LETTERS.index(letter)
                        assert not s.hands[p] & C.SUIT_MASK[suit], label


def test_plans_missing_from_the_list_still_render() -> None:
    """A record made with a user's own plan list may name plans the given list lacks."""
    one = PlanList(plan=(default_plans().plan[0],))
    for label, s in positions()[::10]:
        for seat in (None, s.current_player if s.current_player >= 0 else 0):
            out = text(render(s.observation(seat), seat, one))
            plan = s.observation(None)["plan"]
            assert plan is None or plan in out or PLANS[plan].name in out, label
