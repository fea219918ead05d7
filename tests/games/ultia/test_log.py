"""ULTIA's log reads as sentences for each viewer (issue 23): every event of random games, for
every seat allowed to see it, and a few exact entries checked against the rulebook's words."""

from __future__ import annotations

import random
import re

import pytest

from ludoverse.core.api import Event, Game
from ludoverse.games.ultia import GAME

BANNED = ("_", "[", "{", "None", "True", "False", " — ")


def generic(game: Game, event: Event, viewer: int | None) -> str:
    """What the core fallback would say: a game text must never be this."""
    return Game.event_text(game, event, viewer)


def played(seed: int, options: dict[str, object] | None = None) -> list[Event]:
    s = GAME.new_game(players=3, seed=seed, options=options)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s.events


@pytest.mark.parametrize("options", [None, {"overwork": "on", "plan_list": "with_no_trump",
                                            "talon": "main_surveyor"}])
def test_every_event_is_a_sentence_for_every_viewer(options: dict[str, object] | None) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        for e in played(seed, options):
            kinds.add(e.kind)
            for v in (None, 0, 1, 2):
                if not e.visible(v):
                    continue
                text = GAME.event_text(e, v)
                assert text and text[0].isupper(), (e, v, text)
                assert not any(b in text for b in BANNED), (e, v, text)
                assert text != generic(GAME, e, v)
                # Nobody but the viewer is called "you" (trump names its suit, not its namer).
                for key in ("seat", "main", "leader", "winner", "dealer"):
                    p = e.data.get(key)
                    if isinstance(p, int) and p != v and e.kind != "trump":
                        assert f"Seat {p + 1}" in text, (e, v, text)
                if v is None:
                    assert not re.search(r"\b[Yy]ou(r)?\b", text), (e, text)
    assert {"deal", "declare", "plan_adopted", "play", "trick", "report", "game_over"} <= kinds


def test_exact_sentences() -> None:
    """UL-SETUP-4, UL-BID-2, UL-BID-11, UL-PLAY-7, UL-KNOW-2: a few entries word for word."""
    deal = Event("deal", {"round": 1, "dealer": 1, "hand_sizes": [10, 12, 10]})
    assert GAME.event_text(deal, None) == (
        "Year 1 begins: Seat 2 deals. The dealer holds 12 cards and the others 10 each.")
    assert GAME.event_text(deal, 1).startswith("Year 1 begins: you deal.")
    declare = Event("declare", {"seat": 0, "plan": "survey", "progress": 10})
    assert GAME.event_text(declare, 0) == "You declare Survey (10%)."
    assert GAME.event_text(declare, 2) == "Seat 1 declares Survey (10%)."
    adopted = Event("plan_adopted", {"main": 2, "plan": "rich_vein", "progress": 18})
    assert GAME.event_text(adopted, 2) == "Rich Vein (18%) is adopted: you are the Main Surveyor."
    trick = Event("trick", {"number": 3, "winner": 1, "cards": ["D7", "S8", "D2"]})
    assert GAME.event_text(trick, 0) == "Seat 2 takes trick 3 (Drill 7, Scanner 8 and Drill 2)."
    play = Event("play", {"seat": 0, "card": "P7", "overwork": True})
    assert GAME.event_text(play, 0) == "You play Probe 7 and declare Overwork."
    secret = Event("discard_card", {"seat": 0, "card": "B5"}, frozenset({0}))
    assert GAME.event_text(secret, 0) == "Your card laid face down: Beacon 5."
    assert GAME.event_text(Event("discard", {"seat": 0}), 1) == "Seat 1 lays a card face down."


def test_report_and_end_read_like_the_rulebook() -> None:
    """UL-REPORT-3, UL-OW-5, UL-END-2: a failed plan pays each Sub Surveyor half the stake."""
    report = Event("report", {"main": 0, "plan": "survey", "success": False,
                              "failed": ["won 1 tricks, needed at least 5"], "overwork": 3,
                              "progress": 80, "gains": [0.0, 40.0, 40.0],
                              "totals": [0.0, 40.0, 40.0]})
    assert GAME.event_text(report, 1) == (
        "Seat 1's Survey fails: Seat 1 won 1 trick, needed at least 5. Seat 3 and you each "
        "gain 40% (Overwork raised the stake to 80%).")
    over = Event("game_over", {"winners": [2], "progress": [10.0, 20.0, 105.0]})
    assert GAME.event_text(over, 2) == "Game over: you win with 105%."
    assert GAME.event_text(over, None) == "Game over: Seat 3 wins with 105%."


def test_unknown_plan_ids_still_read() -> None:
    """A table playing its own plan list: ids that are not ours become words."""
    e = Event("declare", {"seat": 1, "plan": "grand_slam", "progress": 50})
    assert GAME.event_text(e, None) == "Seat 2 declares Grand Slam (50%)."


def test_rock_paper_scissors_sentences() -> None:
    """UL-END-7, UL-KNOW-8: a secret choice reads only to its chooser; a throw shows all."""
    choice = Event("rps_choice", {"seat": 0, "choice": "rock"}, frozenset({0}))
    assert GAME.event_text(choice, 0) == "You choose rock in secret."
    assert GAME.event_text(Event("rps_chosen", {"seat": 0}), 1) == "Seat 1 has chosen a sign."
    throw = Event("rps_throw", {"choices": {"0": "rock", "2": "paper"}, "winners": [2],
                                "points": {"0": 0, "2": 1}})
    assert GAME.event_text(throw, 0) == (
        "Rock-paper-scissors: you rock and Seat 3 paper. Seat 3 wins the throw. "
        "Points: you 0 and Seat 3 1.")
    tie = Event("rock_paper_scissors", {"seats": [0, 2]})
    assert GAME.event_text(tie, 2) == (
        "Still tied: Seat 1 and you play rock-paper-scissors, best of three.")
