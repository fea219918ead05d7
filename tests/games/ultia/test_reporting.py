"""Phase 3, Reporting, and how plan conditions are judged (docs/rules/ultia.md, sections 2 and 7).

Seat 0 is the Main Surveyor throughout, with Drills (D) as trump.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.games.ultia import cards as C
from ludoverse.games.ultia import reporting
from ludoverse.games.ultia.content import Plan

from .helpers import end_round, exploration_state, mask, plan, progress, set_progress

DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]


def judge(
    conditions: dict[str, Any],
    won_tricks: list[int],
    cards: str = "",
    last_trick: str | None = None,
) -> list[str]:
    """Judge a plan for Main Surveyor seat 0, who won the trick numbers ``won_tricks`` (1-10)
    holding the won ``cards``; ``last_trick`` lists trick 10's cards from its leader, seat 0."""
    s = exploration_state(DEAL, main=0, trump="D")
    s.trick_winners = [0 if t in won_tricks else 1 for t in range(1, 11)]
    s.tricks = [len(won_tricks), 10 - len(won_tricks), 0]
    s.won = [mask(cards), 0, 0]
    if last_trick is not None:
        s.last_trick = [C.parse(c) for c in last_trick.split()]
        s.last_trick_leader = 0
    return reporting.check_plan(s, Plan.model_validate(plan("judged", 10, **conditions)))


# UL-PLAN-4, UL-REPORT-1
@pytest.mark.parametrize(
    ("conditions", "won_tricks", "cards", "failures"),
    [
        ({"tricks_min": 5}, [1, 2, 3, 4, 5], "", []),
        ({"tricks_min": 5}, [1, 2, 3, 4], "", ["won 4 tricks, needed at least 5"]),
        ({"tricks_max": 0}, [], "", []),
        ({"tricks_max": 0}, [7], "", ["won 1 tricks, allowed at most 0"]),
        ({"win_tricks": [1, 10]}, [1, 10], "", []),
        ({"win_tricks": [1, 10]}, [1, 9], "", ["did not win trick 10"]),
        ({"high_cards": {"rank_min": 7, "count": 5}}, [1], "D7 D8 S7 P8 B7 S1", []),
        ({"high_cards": {"rank_min": 7, "count": 5}}, [1], "D7 D8 S7 P8 B6 S1",
         ["won 4 cards of rank 7+, needed 5"]),
        ({"points_min": 20}, [1], "D8 S8 P4", []),
        ({"points_min": 20}, [1], "D8 S8 P3", ["won 19 card points, needed 20"]),
        ({"trumps_won_min": 3}, [1], "D1 D5 D8 S8", []),
        ({"trumps_won_min": 3}, [1], "D1 D8 S8", ["won 2 trumps, needed 3"]),
    ],
)
def test_each_kind_of_condition(
    conditions: dict[str, Any], won_tricks: list[int], cards: str, failures: list[str]
) -> None:
    assert judge(conditions, won_tricks, cards) == failures


# UL-PLAN-4
def test_winning_the_last_trick_with_the_one_of_trumps() -> None:
    ultia = {"last_trick_card": {"rank": 1}}
    assert judge(ultia, [10], last_trick="D1 S4 P5") == []  # seat 0 led D1 and won
    assert judge(ultia, [10], last_trick="D2 S4 P5") == ["did not win the last trick with Drill 1"]
    # Seat 0 played D1, but seat 1 won the trick (a higher trump): not good enough.
    assert judge(ultia, [9], last_trick="D1 D4 P5") == ["did not win the last trick with Drill 1"]


# UL-PLAN-4, UL-REPORT-1
def test_every_condition_of_a_plan_must_hold() -> None:
    last_light = {"tricks_min": 5, "win_tricks": [10]}
    assert judge(last_light, [1, 2, 3, 4, 10]) == []
    assert judge(last_light, [1, 2, 3, 4, 5]) == ["did not win trick 10"]
    assert judge(last_light, [10]) == ["won 1 tricks, needed at least 5"]


# UL-REPORT-2
def test_a_completed_plan_moves_the_main_surveyor_by_its_progress() -> None:
    s = exploration_state(DEAL, plan_id="rich_vein", main=0, trump="D")
    set_progress(s, [30, 20, 10])
    end_round(s, tricks=[6, 2, 2], won=["D7 D8 S7 S8 P7 B7", "", ""])
    assert progress(s) == [50, 20, 10]  # Rich Vein is worth 20%
    assert s.round_results[0]["success"] is True


# UL-REPORT-3
def test_a_failed_plan_moves_each_sub_surveyor_by_half() -> None:
    s = exploration_state(DEAL, plan_id="rich_vein", main=0, trump="D")
    set_progress(s, [30, 20, 10])
    end_round(s, tricks=[6, 2, 2], won=["D7 D8 S7 S8 P1 B1", "", ""])
    assert progress(s) == [30, 30, 20]
    report = [e for e in s.events if e.kind == "report"][-1]
    assert report.data["failed"] == ["won 4 cards of rank 7+, needed 5"]


# UL-REPORT-3, UL-OPT-9
@pytest.mark.parametrize(("rounding", "half"), [("exact", 7.5), ("floor", 7), ("ceil", 8)])
def test_half_of_an_odd_progress(rounding: str, half: float) -> None:
    s = exploration_state(DEAL, plan_id="odd_survey", main=0, trump="D",
                          sub_reward_rounding=rounding)
    end_round(s, tricks=[2, 4, 4])  # Odd Survey (15%) needs 5 tricks
    assert progress(s) == [0, half, half]
    assert s.outcome() is None  # the game goes on, with scores kept in half-percents


# UL-REPORT-4, UL-OPT-10
@pytest.mark.parametrize(("talon", "success"), [("nobody", False), ("main_surveyor", True),
                                               ("sub_surveyors", False)])
def test_the_face_down_pair_counts_for_nobody_by_default(talon: str, success: bool) -> None:
    # Rich Vein needs 5 cards of rank 7+. Seat 0 won four; the 8 of Probes lies face down.
    s = exploration_state(DEAL, plan_id="rich_vein", main=0, trump="D", talon=talon)
    assert s.talon == mask("P8 B8")
    end_round(s, tricks=[6, 2, 2], won=["D7 D8 S7 S8 P1 B1", "", ""])
    assert s.round_results[0]["success"] is success


# UL-REPORT-4, UL-OPT-10, UL-KNOW-4
def test_talon_for_the_subs_counts_in_both_sub_surveyors_won_cards() -> None:
    deal = ["P8 D2 D3 S1 S2 S3 B8 P2 B1 B2", DEAL[1], DEAL[2]]  # D1 and P1 lie face down
    s = exploration_state(deal, main=0, trump="D", talon="sub_surveyors")
    assert s.talon == mask("D1 P1")
    end_round(s, tricks=[2, 4, 4], won=["", "S4 S5 S6", "S7 S8 B1"])
    # Last year's tie-break figures per seat: tricks, trumps won, Overwork, rank-1 cards.
    assert s.last_round == [[2, 0, 0, 0], [4, 1, 0, 2], [4, 1, 0, 3]]
    shown = [e for e in s.events if e.kind == "talon"]
    assert shown[-1].data == {"cards": ["D1", "P1"]} and shown[-1].visible_to is None
    # The pair is turned up before the year's result, which it helps decide.
    kinds = [e.kind for e in s.events]
    assert kinds.index("talon") < kinds.index("report")
