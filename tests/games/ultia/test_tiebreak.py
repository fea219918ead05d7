"""The end of the game, the winner and the tie-breakers (docs/rules/ultia.md, section 8).

Seat 0 is the Main Surveyor of the last year with Survey (10%, at least 5 tricks) and Drills
as trump. When Survey fails, both Sub Surveyors gain the same amount, which is how ties
between them arise.
"""

from __future__ import annotations

import random

import pytest

from ludoverse.core.api import TERMINAL, IllegalAction
from ludoverse.games.ultia import actions as A
from ludoverse.games.ultia import reporting

from .helpers import end_round, exploration_state, progress, set_progress

DEAL = [
    "D1 D2 D3 S1 S2 S3 P1 P2 B1 B2",
    "D4 D5 D6 S4 S5 S6 P3 P4 B3 B4",
    "D7 D8 S7 S8 P5 P6 P7 B5 B6 B7",
]
ROCK, PAPER, SCISSORS = A.RPS, A.RPS + 1, A.RPS + 2


def last_year(start: list[float], **options: object):
    s = exploration_state(DEAL, main=0, trump="D", **options)
    set_progress(s, start)
    return s


def tied_subs(**options: object):
    """Both Sub Surveyors reach 100% together and last year's figures cannot split them."""
    s = last_year([0, 95, 95], **options)
    end_round(s, tricks=[2, 4, 4], won=["", "S4 S5 S6 D4", "S7 S8 P5 D5"])
    return s


# UL-END-1
def test_reaching_one_hundred_percent_ends_the_game() -> None:
    s = last_year([90, 0, 0])
    end_round(s, tricks=[6, 2, 2])
    assert s.is_terminal() and s.current_player == TERMINAL
    out = s.outcome()
    assert out.winners == (0,) and out.scores == (100, 0, 0)
    assert "at or above 100%" in out.reason


# UL-END-1, UL-SETUP-6
def test_below_one_hundred_percent_a_new_year_begins() -> None:
    s = last_year([80, 0, 0])
    end_round(s, tricks=[6, 2, 2])
    assert not s.is_terminal()
    assert (s.round, s.dealer, progress(s)) == (2, 1, [90, 0, 0])


# UL-END-1, UL-OPT-2
def test_with_win_compare_exceed_exactly_one_hundred_is_not_enough() -> None:
    s = last_year([90, 0, 0], win_compare="exceed")
    end_round(s, tricks=[6, 2, 2])
    assert not s.is_terminal() and progress(s) == [100, 0, 0]
    t = last_year([95, 0, 0], win_compare="exceed")
    end_round(t, tricks=[6, 2, 2])
    assert t.is_terminal() and t.outcome().winners == (0,)


# UL-END-2
def test_when_several_pass_one_hundred_the_highest_wins() -> None:
    s = last_year([50, 98, 96])
    end_round(s, tricks=[3, 4, 3])  # Survey fails: +5 each Sub
    out = s.outcome()
    assert progress(s) == [50, 103, 101]
    assert out.winners == (1,) and out.ranking == (3, 1, 2)
    assert out.tiebreak_trace == ()


# UL-END-3, UL-END-8
def test_first_tie_breaker_most_tricks_last_year() -> None:
    s = last_year([0, 95, 95])
    end_round(s, tricks=[2, 5, 3])
    out = s.outcome()
    assert out.winners == (1,)
    assert out.tiebreak_trace == (
        "tied at 100%: seats 1, 2",
        "most tricks won in the last round: seat 1 5, seat 2 3 -> seats 1 stay",
    )


# UL-END-4
def test_second_tie_breaker_fewest_trumps_won_last_year() -> None:
    s = last_year([0, 95, 95])
    end_round(s, tricks=[2, 4, 4], won=["", "D4 D5 S4", "D7 S7 S8"])
    out = s.outcome()
    assert out.winners == (2,)
    assert out.tiebreak_trace[-1].startswith("fewest trump cards")


# UL-END-5
def test_third_tie_breaker_having_declared_overwork() -> None:
    s = last_year([0, 90, 90], overwork="on")
    end_round(s, tricks=[2, 4, 4], won=["", "D4 S4", "D7 S7"], overwork=(2,))
    out = s.outcome()
    assert progress(s) == [0, 100, 100]  # 10% doubled once, half each
    assert out.winners == (2,)
    assert out.tiebreak_trace[-1].startswith("declared Overwork")


# UL-END-6
def test_fourth_tie_breaker_most_ones_won_last_year() -> None:
    s = last_year([0, 95, 95])
    end_round(s, tricks=[2, 4, 4], won=["", "S1 P1 S4", "B1 S7 S8"])
    out = s.outcome()
    assert out.winners == (1,)
    assert out.tiebreak_trace[-1].startswith("most cards of rank 1")


# UL-END-7
def test_last_tie_breaker_rock_paper_scissors_best_of_three() -> None:
    s = tied_subs()
    assert not s.is_terminal()
    assert s.observation(None)["rock_paper_scissors"]["seats"] == [1, 2]
    assert s.current_player == 1 and s.legal_actions() == [ROCK, PAPER, SCISSORS]
    s.apply(ROCK)
    s.apply(SCISSORS)  # rock beats scissors: seat 1 leads 1-0
    s.apply(PAPER)
    s.apply(PAPER)  # a draw scores nothing
    assert s.observation(None)["rock_paper_scissors"]["points"] == {"1": 1, "2": 0}
    s.apply(SCISSORS)
    s.apply(ROCK)  # 1-1
    s.apply(PAPER)
    s.apply(ROCK)  # paper wraps rock: 2-1
    out = s.outcome()
    assert out.winners == (1,)
    assert out.tiebreak_trace[-1] == "rock-paper-scissors (best of three): seat 1 2, seat 2 1 " \
                                     "-> seat 1 wins"
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(ROCK)


# UL-END-7
def test_rock_paper_scissors_among_three_players() -> None:
    # Three players cannot tie on tricks won (10 tricks do not split three ways), so the
    # chain always leaves at most two; the game still handles three.
    s = last_year([0, 0, 0])
    s.progress = [200, 200, 200]
    reporting._start_rps(s, [0, 1, 2])
    for throw in (ROCK, PAPER, SCISSORS):  # all three differ: nobody scores
        s.apply(throw)
    assert s.rps_points == {0: 0, 1: 0, 2: 0}
    for _ in range(2):
        for throw in (ROCK, ROCK, SCISSORS):  # the two rocks score
            s.apply(throw)
    # Seats 0 and 1 reached two points together: they play on, from zero, without seat 2.
    assert s.rps_seats == [0, 1] and s.rps_points == {0: 0, 1: 0}
    for _ in range(2):
        s.apply(SCISSORS)
        s.apply(PAPER)
    assert s.outcome().winners == (0,)


# UL-END-7
def test_rock_paper_scissors_that_never_ends_is_a_shared_win_after_sixty_throws() -> None:
    s = tied_subs()
    for _ in range(59):
        s.apply(ROCK)
        s.apply(ROCK)
    assert not s.is_terminal()
    s.apply(ROCK)
    s.apply(ROCK)
    out = s.outcome()
    assert out.winners == (1, 2)
    assert "after 60 throws" in out.tiebreak_trace[-1]


# UL-KNOW-8
def test_a_choice_stays_secret_until_both_players_have_chosen() -> None:
    s = tied_subs()
    # The first throw is secret: only its maker reads which sign it is.
    assert s.action_label(PAPER, 1) == "Paper"
    for viewer in (0, 2, None):
        assert s.action_label(PAPER, viewer) == "Choose rock, paper or scissors in secret"
    s.apply(PAPER)  # seat 1's secret choice
    assert s.current_player == 2
    rival_view = s.observation(2)
    assert "my_rps_choice" not in rival_view
    assert rival_view["rock_paper_scissors"]["chosen"] == [1]  # only that seat 1 has chosen
    assert not [e for e in s.events_for(2) if e.kind == "rps_choice"]
    assert not [e for e in s.events_for(None) if e.kind == "rps_choice"]
    assert s.observation(1)["my_rps_choice"] == "paper"
    # A bot deciding for seat 2 sees a world where seat 1 might have chosen anything.
    guesses = {s.determinize(2, random.Random(k)).rps_choices[1] for k in range(30)}
    assert guesses == {0, 1, 2}
    # The last sign of a throw is shown with all the others at once, so anyone may read it.
    assert s.action_label(SCISSORS, 1) == s.action_label(SCISSORS, None) == "Scissors"
    s.apply(SCISSORS)
    throw = [e for e in s.events_for(2) if e.kind == "rps_throw"][-1]
    assert throw.data["choices"] == {"1": "paper", "2": "scissors"}
    assert throw.data["winners"] == [2]


# UL-END-8, UL-OPT-11
def test_with_tiebreak_shared_the_tied_players_share_the_win() -> None:
    s = last_year([0, 95, 95], tiebreak="shared")
    end_round(s, tricks=[2, 5, 3])  # the chain would have picked seat 1
    out = s.outcome()
    assert out.winners == (1, 2) and out.ranking == (3, 1, 1)
    assert "share" in out.reason
    assert out.tiebreak_trace[-1] == "shared win (option tiebreak=shared)"
