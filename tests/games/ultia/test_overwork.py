"""Overwork, the optional push-your-luck rule (docs/rules/ultia.md, section 6)."""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia.options import UltiaOptions

from .helpers import (
    end_round,
    exploration_state,
    finish_year,
    legal_cards,
    play,
    play_id,
    progress,
)

# Seat 0 holds every trump (Drills) and wins every trick whatever the others do.
STRONG_MAIN = [
    "D1 D2 D3 D4 D5 D6 D7 D8 S8 P8",
    "S1 S2 S3 S4 S5 S6 S7 P1 P2 P3",
    "P4 P5 P6 P7 B1 B2 B3 B4 B5 B6",
]


# UL-OW-1, UL-OPT-8, UL-ACT-2
def test_overwork_is_off_unless_the_table_chooses_it() -> None:
    assert UltiaOptions().overwork == "off"
    s = exploration_state(STRONG_MAIN, main=0, trump="D")
    play(s, "D1")
    assert legal_cards(s, overwork=True) == set()
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Overwork is not in play"):
        s.apply(play_id("S1", overwork=True))
    assert s.to_json() == before


# UL-OW-2
def test_subs_declare_with_their_first_card_and_main_with_their_second() -> None:
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    assert legal_cards(s, overwork=True) == set()  # Main's card in trick 1: no
    with pytest.raises(IllegalAction, match="Main Surveyor may declare Overwork only"):
        s.apply(play_id("D1", overwork=True))
    play(s, "D1")
    assert legal_cards(s, overwork=True) == legal_cards(s)  # Sub, trick 1: yes, with any card
    play(s, "S1")
    assert legal_cards(s, overwork=True) == legal_cards(s)
    play(s, "P4")
    assert s.current_player == 0 and legal_cards(s, overwork=True) == legal_cards(s)  # trick 2
    play(s, "D2")
    assert legal_cards(s, overwork=True) == set()  # Sub, trick 2: too late
    with pytest.raises(IllegalAction, match="Sub Surveyors may declare Overwork only"):
        s.apply(play_id("S2", overwork=True))
    play(s, "S2", "P5")
    assert legal_cards(s, overwork=True) == set()  # Main, trick 3: too late


# UL-OW-3
def test_several_players_may_declare_and_everyone_sees_it() -> None:
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    play(s, "D1", "S1!", "P4!", "D2!")
    assert s.observation(None)["overwork"] == [0, 1, 2]
    declared = [e for e in s.events if e.kind == "play" and e.data.get("overwork")]
    assert [e.data["seat"] for e in declared] == [1, 2, 0]
    assert all(e.visible_to is None for e in declared)
    # There is no action that withdraws or refuses a declaration: only cards to play.
    assert all(A.PLAY <= a < A.REVEAL for a in s.legal_actions())


# UL-OW-4
@pytest.mark.parametrize(("declarers", "expected"), [((), 10), ((1,), 20), ((1, 2), 40),
                                                    ((0, 1, 2), 80)])
def test_each_declaration_doubles_the_progress(declarers: tuple[int, ...], expected: int) -> None:
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    end_round(s, tricks=[6, 2, 2], overwork=declarers)  # Survey (10%) completed
    assert progress(s) == [expected, 0, 0]


# UL-OW-4
def test_overwork_counts_whoever_declared_it_and_whoever_wins() -> None:
    # Both Sub Surveyors declare, hoping to stop the plan; it succeeds anyway and the Main
    # Surveyor collects the doubled-twice progress.
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    play(s, "D1", "S1!", "P4!")
    finish_year(s)
    assert s.round_results[0]["success"] and progress(s) == [40, 0, 0]


# UL-OW-5
def test_the_rulebook_example_success_ten_becomes_eighty() -> None:
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    play(s, "D1", "S1!", "P4!", "D2!")  # all three declare: P = 3
    finish_year(s)
    result = s.round_results[0]
    assert (result["plan"], result["success"], result["overwork"]) == ("survey", True, 3)
    assert progress(s) == [80, 0, 0]  # 10 x 2^3


# UL-OW-5
def test_the_rulebook_example_failure_gives_each_sub_forty() -> None:
    s = exploration_state(STRONG_MAIN, main=0, trump="D", overwork="on")
    end_round(s, tricks=[3, 4, 3], overwork=(0, 1, 2))  # Survey needs 5 tricks
    assert progress(s) == [0, 40, 40]  # half of 80 each
