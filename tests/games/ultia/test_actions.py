"""Engine conventions: one decision per choice, clear refusals (docs/rules/ultia.md, section 10)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from ludoverse.core.api import TERMINAL, IllegalAction
from ludoverse.games.ultia import GAME, UltiaState, reporting
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import cards as C

from .helpers import (
    declare,
    end_round,
    exploration_state,
    finish_year,
    new_round,
    play_id,
    set_progress,
)

DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]


# UL-ACT-1
def test_every_choice_is_its_own_decision() -> None:
    s = new_round(dealer=0)
    declare(s, "declared")  # plan first ...
    assert {GAME.action_info(a)["kind"] for a in s.legal_actions()} == {"trump"}  # ... then trump
    s.apply(A.TRUMP)
    assert {GAME.action_info(a)["kind"] for a in s.legal_actions()} == {"discard"}
    assert len(s.legal_actions()) == 12  # one card at a time, from the whole hand


# UL-ACT-1, UL-OW-2
def test_overwork_is_declared_together_with_a_card() -> None:
    s = exploration_state(DEAL, main=0, trump="D", overwork="on")
    s.apply(play_id("S1"))
    info = GAME.action_info(play_id("S4", overwork=True))
    assert info == {"kind": "play", "card": "S4", "overwork": True}
    overwork = s.action_label(play_id("S4", overwork=True), s.current_player)
    assert overwork == "Play Scanner 4 and declare Overwork"
    assert GAME.action_info(play_id("S4")) == {"kind": "play", "card": "S4"}


# UL-ACT-3
def test_every_action_id_has_a_description_and_a_label() -> None:
    s = new_round()
    assert GAME.num_actions == A.NUM_ACTIONS == 169
    for a in range(GAME.num_actions):
        info = GAME.action_info(a)
        json.dumps(info)
        assert info["kind"] in {"pass", "take", "declare", "trump", "discard", "play", "reveal",
                                "rock_paper_scissors"}
        assert s.action_label(a, s.current_player)
    throws = [s.action_label(A.RPS + k, s.current_player) for k in range(3)]
    assert throws == ["Rock", "Paper", "Scissors"]
    with pytest.raises(ValueError):
        GAME.action_info(GAME.num_actions)


# UL-ACT-3
def test_legal_actions_are_sorted_and_only_empty_at_the_end() -> None:
    s = new_round(seed=8)
    s.progress = [190, 0, 0]
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and legal == sorted(legal)
        s.apply(legal[0])
    assert s.legal_actions() == [] and s.current_player == TERMINAL


def refusals() -> list[tuple[str, Callable[[], UltiaState], object, str]]:
    def opening() -> UltiaState:
        return new_round(dealer=0)

    def choosing() -> UltiaState:
        s = new_round(dealer=0)
        declare(s, "survey")
        for c in C.card_list(s.hands[0])[:2]:
            s.apply(A.DISCARD + c)
        return s

    def discarding() -> UltiaState:
        s = new_round(dealer=0)
        declare(s, "survey")
        return s

    def naming_bid_trump() -> UltiaState:
        s = new_round(dealer=0)
        declare(s, "declared")
        return s

    def naming_trump() -> UltiaState:
        return exploration_state(DEAL, main=0)

    def revealing() -> UltiaState:
        return exploration_state(DEAL, plan_id="scouted", main=0, trump="D")

    def playing() -> UltiaState:
        return exploration_state(DEAL, main=0, trump="D")

    def rock_paper_scissors() -> UltiaState:
        s = exploration_state(DEAL, main=0, trump="D")
        set_progress(s, [100, 100, 0])
        reporting._start_rps(s, [0, 1])
        return s

    def over() -> UltiaState:
        s = exploration_state(DEAL, main=0, trump="D")
        set_progress(s, [95, 0, 0])
        end_round(s, tricks=[6, 2, 2])
        return s

    return [
        ("a string", opening, "7", "an action is an int id, not str"),
        ("a bool", opening, True, "an action is an int id, not bool"),
        ("a negative id", opening, -1, "ULTIA has no action -1"),
        ("an id past the end", opening, 169, "ULTIA has no action 169"),
        ("a plan slot past the list", opening, A.DECLARE + 20,
         "declare one plan of the Exploration Plan List"),
        ("a card instead of a bid", choosing, play_id("D1"),
         "it is your bid: pass, or take the face-down cards"),
        ("a play while discarding", discarding, play_id("D1"), "discard 2 cards face down"),
        ("a pass while naming trump", naming_bid_trump, A.PASS,
         "name the trump suit for your plan"),
        ("a pass instead of trump", naming_trump, A.PASS, "name the trump suit"),
        ("a card of another hand", revealing, A.REVEAL + C.parse("D1"),
         "Drill 1 is not an unrevealed card of your hand"),
        ("a pass instead of a reveal", revealing, A.PASS, "choose a card of your hand"),
        ("somebody else's card", playing, play_id("D8"), "Drill 8 is not in your hand"),
        ("a pass instead of a card", playing, A.PASS, "play a card"),
        ("a card instead of a throw", rock_paper_scissors, play_id("D1"),
         "choose rock, paper or scissors"),
        ("anything after the end", over, A.PASS, "the game is over"),
    ]


# UL-ACT-2
@pytest.mark.parametrize(("case", "make", "action", "reason"), refusals(),
                         ids=[r[0] for r in refusals()])
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing(
    case: str, make: Callable[[], UltiaState], action: object, reason: str
) -> None:
    s = make()
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)  # type: ignore[arg-type]
    assert reason in err.value.reason
    assert s.to_json() == before
    assert "seat" not in err.value.reason  # a refusal never says who holds a card


# UL-ACT-2
def test_a_refused_action_can_be_followed_by_a_legal_one() -> None:
    s = exploration_state(DEAL, main=0, trump="D")
    with pytest.raises(IllegalAction):
        s.apply(play_id("D8"))
    s.apply(play_id("D1"))
    finish_year(s)
    assert s.round == 2
