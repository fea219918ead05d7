"""The ULTRAMASSIVE game log reads as sentences a player would say, for every viewer
(issue 23): no field dumps, no ids, "you" only for the viewer."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ludoverse
from ludoverse.core.api import Event, Game
from ludoverse.games.ultramassive import log
from ludoverse.games.ultramassive.content import default_content
from ludoverse.games.ultramassive.state import UltramassiveState

GAME = ludoverse.load("ultramassive")
SOURCE = Path(log.__file__).parent
BAD = ("_", "[", "{", "None", "True", "False")
YOU = re.compile(r"\byou(r)?\b", re.IGNORECASE)
QUOTED = re.compile(r"“[^”]*”")
"""A card's own text, quoted in an entry, speaks to whoever holds the card."""


def played(players: int, seed: int, options: dict | None = None) -> UltramassiveState:
    s = GAME.new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def viewers(event: Event, players: int) -> list[int | None]:
    if event.visible_to is not None:
        return sorted(event.visible_to)
    return [None, *range(players)]


def check_sentence(event: Event, viewer: int | None) -> str:
    text = GAME.event_text(event, viewer)
    assert text and text[0].isupper() and text.endswith((".", "!")), (event, text)
    for bad in BAD:
        assert bad not in text, (bad, event, text)
    assert text != Game.event_text(GAME, event, viewer), f"generic fallback: {text}"
    spectator = QUOTED.sub("", GAME.event_text(event, None))
    assert not YOU.search(spectator), f"a spectator is called you: {spectator}"
    if viewer is not None:
        me = f"Seat {viewer + 1}"
        assert not re.search(rf"\b{me}\b", text), f"the viewer is named by seat: {text}"
        # "you" stands exactly where a spectator reads this seat
        if YOU.search(QUOTED.sub("", text)):
            assert re.search(rf"\b{me}\b", spectator), (event, text)
    return text


@pytest.mark.parametrize(("players", "options"), [
    (1, None), (1, {"preset": "solo_hard"}), (2, None), (3, {"preset": "advanced"}),
    (4, {"preset": "advanced"}), (4, None),
])
def test_every_entry_of_random_games_is_a_sentence_for_every_viewer(
        players: int, options: dict | None) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        s = played(players, seed, options)
        for e in s.events:
            kinds.add(e.kind)
            for v in viewers(e, players):
                check_sentence(e, v)
    assert {"setup", "round", "game_over", "play", "orbit"} <= kinds


def test_every_event_the_engine_logs_has_a_sentence() -> None:
    logged = set()
    for path in SOURCE.glob("*.py"):
        logged |= set(re.findall(r"\blog\(\s*\"(\w+)\"", path.read_text()))
    assert len(logged) > 30
    assert logged <= set(log._TEXTS), logged - set(log._TEXTS)


def test_the_setup_entry_names_the_players_the_starter_and_the_challenges() -> None:
    s = GAME.new_game(players=2, seed=3, options={"starting_player": "seat0"})
    setup = s.events[0]
    assert GAME.event_text(setup, 0) == "Two players. You start."
    assert GAME.event_text(setup, 1) == "Two players. Seat 1 starts."
    solo = GAME.new_game(players=1, seed=3).events[0]
    names = [c.name for c in default_content().challenges
             if c.id in solo.data["challenges"]]
    text = GAME.event_text(solo, 0)
    assert text.startswith("A solo game. Solo challenges: ")  # UM-SOLO-2: three face up
    assert all(n in text for n in names) and len(names) == 3
    assert ", " in text and " and " in text


def test_a_move_reads_for_its_player_and_for_the_others() -> None:
    orbit = Event("orbit", {"seat": 1, "channel": "blue", "times": 2})
    assert GAME.event_text(orbit, 1) == "You Orbit the blue Channel twice."
    assert GAME.event_text(orbit, 0) == "Seat 2 Orbits the blue Channel twice."
    absorb = Event("absorb", {"seat": 0, "tokens": ["blue_giant", "blue_giant", "major"],
                              "solar_mass": 8})
    assert GAME.event_text(absorb, 0) == ("Your Black Hole absorbs 2 Blue Giant Stars and a "
                                          "Major Antimatter (+8 Solar Mass).")
    wormholes = Event("wormholes", {"seat": 2, "spaces": ["blue 1", "pink 7"]})
    assert GAME.event_text(wormholes, 0) == ("Seat 3 activates their Wormholes on blue space 1 "
                                             "and pink space 7.")


def test_the_cards_a_player_draws_are_named_only_in_their_own_entry() -> None:
    s = played(2, 5)
    drew = [e for e in s.events if e.kind in ("drew", "dealt")]
    assert drew and all(e.visible_to is not None for e in drew)  # UM-KNOW-1
    public = [e for e in s.events if e.kind == "draw"]
    for e in public:
        text = GAME.event_text(e, None)
        assert re.fullmatch(r"Seat \d draws \d Action Cards?\.", text), text


def test_ids_the_shipped_content_does_not_know_still_read_well() -> None:
    e = Event("setup", {"players": 1, "starting_player": 0, "challenges": ["my_own_card"],
                        "draft_tokens": []})
    assert GAME.event_text(e, 0) == "A solo game. Solo challenges: My own card."
    e = Event("resource_card", {"seat": 0, "card": "res_99"})
    assert GAME.event_text(e, 0) == "You keep the Resource card “Res 99”."
    e = Event("drew", {"seat": 0, "cards": [999]}, frozenset((0,)))
    assert GAME.event_text(e, 0) == "You draw Action Card 999."


def test_labels_and_prompts_never_call_another_seat_you() -> None:
    """Outside the words printed on a card or Draft space (which speak to whoever takes it)."""
    content = default_content()
    printed = [o.label for o in content.draft_options] + [r.text for r in content.resource_cards]

    def own_words(text: str) -> str:
        for p in printed:
            text = text.replace(p, "")
        return text

    s = GAME.new_game(players=3, seed=2)
    rng = random.Random(2)
    checked = 0
    while not s.is_terminal():
        mover = s.current_player
        if rng.random() < 0.8:
            s.apply(rng.choice(s.legal_actions()))
            continue
        for v in (None, *range(3)):
            assert not YOU.search(s.observation(v)["prompt"] or "")
            for a in s.legal_actions():
                if v != mover:
                    assert not YOU.search(own_words(s.action_label(a, v))), s.action_label(a, v)
                checked += 1
        s.apply(rng.choice(s.legal_actions()))
    assert checked > 200
