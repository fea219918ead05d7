"""Multiuniversum's log reads as sentences for each viewer (issue 23): every event of random
games at every player count (the solo game included), for every seat allowed to see it, and
exact entries."""

from __future__ import annotations

import random
import re

import pytest

from ludoverse.core.api import Event, Game
from ludoverse.games.multiuniversum import GAME

BANNED = ("_", "[", "{", "None", "True", "False", " — ")


def played(players: int, seed: int, options: dict[str, object] | None = None) -> list[Event]:
    s = GAME.new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s.events


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_every_event_is_a_sentence_for_every_viewer(players: int) -> None:
    kinds: set[str] = set()
    options = [None, {"variant": "deadly_portals", "set_assignment": "player_choice"}]
    for seed in range(3):
        for e in played(players, seed, options[seed % 2]):
            kinds.add(e.kind)
            for v in (None, *range(players)):
                if not e.visible(v):
                    continue
                text = GAME.event_text(e, v)
                assert text and text[0].isupper() and text.endswith("."), (e, v, text)
                assert not any(b in text for b in BANNED), (e, v, text)
                assert text != Game.event_text(GAME, e, v)
                p = e.data.get("seat")
                if isinstance(p, int) and p != v:
                    # Another seat is named, never "you"; the solo game's virtual scientist
                    # is named as such.
                    who = "virtual scientist" if p >= players else f"Seat {p + 1}"
                    assert who in text, (e, v, text)
                if v is None:
                    assert not re.search(r"\b[Yy]ou(r)?\b", text), (e, text)
    assert {"setup", "turn_start", "played", "game_over"} <= kinds


def test_exact_sentences() -> None:
    """MU-SETUP-9, MU-ACTION-1, MU-ACTION-7, MU-TOOL-1: a few entries word for word."""
    setup = Event("setup", {"players": 3, "first_player": 2, "stacks": [4] * 5,
                            "face_up": [0, 1, 2, 3, 4], "discard": [], "variant": "standard"})
    assert GAME.event_text(setup, 2) == (
        "Three players. You start. Face up: Tidal Gate on transformer 1, Ember Door on "
        "transformer 2, Null Hatch on transformer 3, Cog Arch on transformer 4 and Looking "
        "Glass on transformer 5.")
    played = Event("played", {"seat": 0, "card": 0, "transformer": 3, "action": 1})
    assert GAME.event_text(played, 1) == (
        "Seat 1 plays red-01 on transformer 3: Transformer ability (Portal Switch).")
    sealed = Event("sealed", {"seat": 1, "portal": 0, "transformer": 1, "face_up": -1})
    assert GAME.event_text(sealed, 1) == (
        "You seal Tidal Gate on transformer 1; its stack is empty and the transformer is "
        "deactivated.")
    tool = Event("prepared_tool", {"seat": 1, "card": 0, "tool": 0})
    assert GAME.event_text(tool, None) == "Seat 2 prepares red-01 as a tool (Plasma Torch)."


def test_the_solo_game_names_the_virtual_scientist() -> None:
    """MU-SOLO-1, MU-SOLO-3: the virtual scientist's seal reads as its own, not a seat's."""
    solo = Event("setup", {"players": 1, "first_player": 0, "stacks": [4] * 5,
                           "face_up": [], "discard": [], "variant": "short_game"})
    assert GAME.event_text(solo, 0) == (
        "A solo game against the virtual scientist. You start. Variant: Short Game (3 portals "
        "a stack).")
    sealed = Event("sealed", {"seat": 1, "portal": 5, "transformer": 2, "face_up": 6,
                              "virtual": True})
    assert GAME.event_text(sealed, 0) == (
        "The virtual scientist seals Deep Current on transformer 2; Rain Spiral is face up "
        "there now.")
    events = [e for seed in range(4) for e in played(1, seed) if e.kind == "sealed"]
    assert events and all(bool(e.data.get("virtual")) == (e.data["seat"] == 1) for e in events)


def test_unknown_indexes_still_read() -> None:
    """A content file of one's own with more cards than ours still gives a sentence."""
    assert GAME.event_text(Event("recycled", {"seat": 0, "card": 99}), 1) == (
        "Seat 1 takes a card from the discard pile.")
