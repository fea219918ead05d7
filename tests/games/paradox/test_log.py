"""The PARADOX game log reads as sentences a player would say, for every viewer (issue 23):
no field dumps, no ids, "you" only for the viewer, and a hidden card named only for the
player who may see it."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ludoverse
from ludoverse import bots
from ludoverse.core.api import Event, Game
from ludoverse.games.paradox import log
from ludoverse.games.paradox.state import ParadoxState

GAME = ludoverse.load("paradox")
SOURCE = Path(log.__file__).parent
BAD = ("_", "[", "{", "None", "True", "False")
YOU = re.compile(r"\byou(r)?\b", re.IGNORECASE)
SCENARIOS = {"deck_scenario": "flare", "triggered_scenario": "maelstrom", "alliances": True}


def played(players: int, seed: int, options: dict | None = None,
           greedy: float = 0.0) -> ParadoxState:
    """A game to the end: random moves, or with share ``greedy`` the greedy bot's (on the
    true state: only to reach repairs, Quakes and Strands a random player rarely makes)."""
    s = GAME.new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    bot = bots.make("greedy")
    while not s.is_terminal():
        p = s.current_player
        smart = rng.random() < greedy
        s.apply(bot.choose(s, p, rng, None) if smart else rng.choice(s.legal_actions()))
    return s


def viewers(event: Event, players: int) -> list[int | None]:
    if event.visible_to is not None:
        return sorted(event.visible_to)
    return [None, *range(players)]


def check_sentence(event: Event, viewer: int | None) -> str:
    text = GAME.event_text(event, viewer)
    assert text and text[0].isupper() and text.endswith("."), (event, text)
    for bad in BAD:
        assert bad not in text, (bad, event, text)
    assert text != Game.event_text(GAME, event, viewer), f"generic fallback: {text}"
    assert not re.search(r"\bcard \d+\b", text), f"an unresolved card id: {text}"
    spectator = GAME.event_text(event, None)
    assert not YOU.search(spectator), f"a spectator is called you: {spectator}"
    if viewer is not None:
        me = f"Seat {viewer + 1}"
        assert not re.search(rf"\b{me}\b", text), f"the viewer is named by seat: {text}"
        if YOU.search(text):  # "you" stands exactly where a spectator reads this seat
            assert re.search(rf"\b{me}\b", spectator), (event, text)
    return text


@pytest.mark.parametrize(("players", "options", "greedy"), [
    (2, None, 0.0), (3, {"preset": "mad_scientist", "triggered_scenario": "matrix"}, 0.0),
    (4, SCENARIOS, 0.0), (3, SCENARIOS, 0.3), (2, {"preset": "training"}, 0.0),
])
def test_every_entry_of_games_is_a_sentence_for_every_viewer(
        players: int, options: dict | None, greedy: float) -> None:
    s = played(players, players + 1, options, greedy)
    kinds = set()
    for e in s.events:
        kinds.add(e.kind)
        for v in viewers(e, players):
            check_sentence(e, v)
    assert {"setup", "turn", "draft", "swap", "final_scores"} <= kinds
    if greedy:
        assert {"strand", "allocate", "repaired", "quake"} <= kinds


def test_every_event_the_engine_logs_has_a_sentence() -> None:
    logged = set()
    for path in SOURCE.glob("*.py"):
        logged |= set(re.findall(r"\blog\(\s*\"(\w+)\"", path.read_text()))
    assert len(logged) > 35
    assert logged <= set(log._TEXTS), logged - set(log._TEXTS)


def test_the_setup_entry_names_the_players_the_chief_scientist_and_the_goals() -> None:
    s = GAME.new_game(players=3, seed=4, options={"first_chief_scientist": "seat0"})
    setup = s.events[0]
    goals = [g.name for g in s.content.research_goals if g.id in setup.data["goals"]]
    text = GAME.event_text(setup, 1)
    # PX-SETUP-12, PX-SETUP-14
    assert text.startswith("Three players. Seat 1 is the first Chief Scientist. Research Goals: ")
    assert all(g in text for g in goals) and len(goals) == 3
    assert GAME.event_text(setup, 0).startswith("Three players. You are the first Chief Scientist.")


def test_moves_read_for_their_player_and_for_the_others() -> None:
    alphoria_present = 1  # the Timeline of World 0 (Alphoria), era 1
    draft = Event("draft", {"seat": 1, "card": alphoria_present, "source": "Stable 2"})
    assert GAME.event_text(draft, 1) == "You take Alphoria Present from Stable 2."
    assert GAME.event_text(draft, 0) == "Seat 2 takes Alphoria Present from Stable 2."
    # PX-QUAKE-5: the Quake stops on Null Beta, Stable and unshielded, which fractures
    quake = Event("quake", {"steps": 3, "space": 4, "world": 1, "effect": "fractured"})
    assert GAME.event_text(quake, None) == "The Quake moves 3 spaces to Null Beta, which fractures."
    broken = Event("alliance_broken", {"seat": 0, "colour": "red", "holder": 2})
    assert GAME.event_text(broken, 2) == "Seat 1 breaks your red Alliance."
    assert GAME.event_text(broken, 1) == "Seat 1 breaks Seat 3's red Alliance."


def test_the_research_hand_is_named_only_to_the_chief_scientist() -> None:
    s = played(3, 9)
    for e in s.events:
        if e.kind == "research_hand_cards":  # PX-KNOW-2
            assert e.visible_to is not None and len(e.visible_to) == 1
            (cs,) = e.visible_to
            assert GAME.event_text(e, cs).startswith("Your Research Hand: ")
        if e.kind in ("research_hand", "hand_returned"):
            assert e.visible_to is None
            assert not re.search(r"(Past|Present|Future|Nexus)\b", GAME.event_text(e, None))


def test_ids_the_shipped_content_does_not_know_still_read_well() -> None:
    e = Event("stabilised", {"seat": 0, "world": 40, "colour": "black"})
    assert GAME.event_text(e, 0) == "You stabilise World 41 with a black resource."
    e = Event("secret_objective", {"seat": 0, "goal": "my_goal"}, frozenset((0,)))
    assert GAME.event_text(e, 0) == "Your Secret Objective is My Goal."


def test_labels_call_only_the_mover_you() -> None:
    """A move's text for someone else names the mover's pieces by seat (PX-KNOW-8 texts are
    read by every viewer in a replay or review)."""
    s = GAME.new_game(players=3, seed=2)
    rng = random.Random(2)
    checked = 0
    while not s.is_terminal():
        mover = s.current_player
        if rng.random() < 0.5:
            s.apply(rng.choice(s.legal_actions()))
            continue
        for a in s.legal_actions():
            for v in (None, *range(3)):
                text = s.action_label(a, v)
                if v != mover:
                    assert not YOU.search(text), (v, mover, text)
                    assert f"Seat {v + 1}'s" not in text if v is not None else True
                checked += 1
            if s.action_label(a, mover) == "End your Matrix phase":
                other = (mover + 1) % 3
                assert s.action_label(a, other) == f"End Seat {mover + 1}'s Matrix phase"
        s.apply(rng.choice(s.legal_actions()))
    assert checked > 200
