"""Universal Rule's log reads as sentences for each viewer (issue 23): every event of random
games at 3, 4 and 5 players, for every seat allowed to see it, and exact entries."""

from __future__ import annotations

import random
import re

import pytest

from ludoverse.core.api import Event, Game
from ludoverse.games.universal_rule import GAME
from ludoverse.games.universal_rule.views import label

BANNED = ("_", "[", "{", "None", "True", "False", " — ")
SEAT_KEYS = ("seat", "to", "defender", "victim", "by", "holder", "first_player")


def played(players: int, seed: int, options: dict[str, object] | None = None) -> list[Event]:
    s = GAME.new_game(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s.events


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_event_is_a_sentence_for_every_viewer(players: int) -> None:
    kinds: set[str] = set()
    for seed in range(3):
        for e in played(players, seed, {"edge_of_war": seed % 2 == 1}):
            kinds.add(e.kind)
            for v in (None, *range(players)):
                if not e.visible(v):
                    continue
                text = GAME.event_text(e, v)
                assert text and text[0].isupper() and text.endswith("."), (e, v, text)
                assert not any(b in text for b in BANNED), (e, v, text)
                assert text != Game.event_text(GAME, e, v)
                for key in SEAT_KEYS:
                    p = e.data.get(key)
                    if isinstance(p, int) and p >= 0 and p != v:
                        assert f"Seat {p + 1}" in text, (e, v, text)
                if v is None:
                    assert not re.search(r"\b[Yy]ou(r)?\b", text), (e, text)
    assert {"setup", "turn", "action_chosen", "colonized", "explored", "produced"} <= kinds


def test_exact_sentences() -> None:
    """UR-SETUP-5, UR-SETUP-8, UR-TURN-5, UR-COLONIZE-1, UR-ATTACK-2: entries word for word."""
    setup = Event("setup", {"players": 4, "first_player": 1, "deck": 9, "edge_of_war": False})
    assert GAME.event_text(setup, None) == (
        "Four players. Seat 2 starts. Everyone is dealt 3 cards, keeps 2 and gives 1 up.")
    assert GAME.event_text(setup, 1).startswith("Four players. You start.")
    chosen = Event("action_chosen", {"seat": 0, "action": "explore", "follow_cost": 2})
    assert GAME.event_text(chosen, 0) == "You choose Explore, with a follow cost of 2."
    declined = Event("declined", {"seat": 2, "lost": 1})
    assert GAME.event_text(declined, 0) == (
        "Seat 3 does not follow and gains 1 credit (1 lost to the credit limit).")
    colonized = Event("colonized", {"seat": 1, "card": 2, "side": "basic"})
    assert GAME.event_text(colonized, 3) == "Seat 2 colonizes Lyzin, basic side up."
    attack = Event("attack_declared", {"seat": 0, "attacking": 0, "defending": 2, "defender": 1})
    assert GAME.event_text(attack, 1) == "Seat 1 attacks your Lyzin with Nevenell."
    paid = Event("paid_follow_cost", {"seat": 2, "to": 0, "credits": 1, "lost": 0})
    assert GAME.event_text(paid, 0) == "Seat 3 pays you the follow cost of 1 credit."


def test_secret_events_read_only_to_their_owner() -> None:
    """UR-KNOW-2, UR-KNOW-3: a secret entry speaks to its owner; the public twin says less."""
    assert GAME.event_text(Event("side_chosen", {"seat": 2, "side": "defence"},
                                 frozenset({2})), 2) == "You support the defence in secret."
    assert GAME.event_text(Event("funds_chosen", {"seat": 2}), 0) == (
        "Seat 3 has chosen a side and credits in secret.")
    assert GAME.event_text(Event("drew_card", {"seat": 2}), None) == "Seat 3 draws a card."


def test_battle_and_end() -> None:
    """UR-BATTLE-2 (the defender wins ties), UR-WIN-1, UR-SNEAK-5."""
    battle = Event("battle_revealed", {
        "attacker": 0, "defender": 1, "attacking": 0, "defending": 2,
        "sides": ["attack", "defence", "attack"], "credits": [0, 2, 3],
        "cards": [[], [], [5]], "attack": 9, "defence": 9, "success": False})
    assert GAME.event_text(battle, 2) == (
        "The battle is revealed: Seat 2's defence (9) holds against Seat 1's attack (9). Seat 2 "
        "backs the defence with 2 credits; you back the attack with 3 credits and 1 card.")
    won = Event("game_won", {"seat": 1, "vp": 13, "reason": "Sneak Attack Victory"})
    assert GAME.event_text(won, None) == "Seat 2 wins with 13 VP by a Sneak Attack Victory."


def test_unknown_planets_still_read() -> None:
    """A content file with more planets than ours: an index we cannot name reads "a planet"."""
    assert GAME.event_text(Event("upgraded", {"seat": 0, "card": 40}), 1) == (
        "Seat 1 upgrades a planet.")


def test_labels_name_seats_from_one_and_the_viewer_as_you() -> None:
    """UR-ATTACK-2: a target's owner is "Seat N" (counted from 1), or "yours"."""
    from ludoverse.games.universal_rule import actions as A

    for seed in range(6):
        s = GAME.new_game(players=4, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                kind, i = A.split(a)
                if kind in ("defending_planet", "instigate"):
                    owner = s.owner[i]
                    text = label(s, a, s.current_player)
                    want = "yours" if owner == s.current_player else f"Seat {owner + 1}"
                    assert text.endswith(f"({want})"), text
                if kind == "thug_target":
                    assert label(s, a, s.current_player) == f"Collect from Seat {i + 1}"
            s.apply(rng.choice(s.legal_actions()))
