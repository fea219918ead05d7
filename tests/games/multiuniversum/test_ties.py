"""Ties (docs/rules/multiuniversum.md, section 9, and MU-SOLO-6): among the players tied for the
highest score, fewest tools used, then most portals sealed, then most cards in hand, then the
oldest (by the ``ages`` option), then the lowest seat; the outcome names the deciding one.

Medium portals are worth 4 DP for 2 tools, basic ones 2 DP for 1 tool, advanced ones 7 DP for
3 tools (odd icons 1 DP more). Most positions are laid out at the end of a game and then
scored: the tie-breakers, not the way the game ended, are under test here; one test reaches
the end by a real Seal.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import Outcome
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import scoring, turn
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    cards_with,
    give,
    new,
    pass_turn,
    play,
    portal,
    sealed,
    table,
    tools,
)


def hold(s: MultiuniversumState, seat: int, count: int) -> None:
    """Give ``seat`` the next ``count`` cards of the deck."""
    for _ in range(count):
        s.hands[seat].append(s.deck.pop())


def finish(s: MultiuniversumState) -> Outcome:
    """End the game here and score it."""
    turn.game_over(s, "end")
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None
    return out


def decided_by(out: Outcome) -> str:
    """The last tie-breaker the outcome consulted: the one that decided."""
    assert out.tiebreak_trace, out
    return out.tiebreak_trace[-1]


# MU-TIE-1 ------------------------------------------------------------------------------------


# MU-TIE-1, MU-TIE-5
def test_fewest_tools_used_wins_first() -> None:
    """Seat 1 sealed sun_forge (7 DP, 3 tools). Seat 0 sealed deep_current and prism_hall
    (8 DP, 4 tools) and has one tool left (-1): 7 as well. Seat 0 also sealed more portals
    and holds more cards, but seat 1 used fewer tools and wins. Seat 2, with fewer DP, takes
    no part in the tie."""
    s = table(3)
    sealed(s, 0, "deep_current", "prism_hall")
    tools(s, 0, "red-01")
    sealed(s, 1, "sun_forge")
    sealed(s, 2, "tidal_gate")
    hold(s, 0, 5)
    out = finish(s)
    assert out.scores == (7.0, 7.0, 2.0)
    assert out.winners == (1,)
    assert out.ranking[1] == 1 and out.ranking[2] == 3
    assert "fewest tools used" in decided_by(out)
    assert len(out.tiebreak_trace) == 1
    assert "seat 2" not in out.tiebreak_trace[0]


# MU-TIE-1, MU-TIE-3
def test_tools_left_in_the_lab_are_not_tools_used() -> None:
    """Seat 0 sealed magma_vent (4 DP); seat 1 sealed thunder_eye (5 DP) and kept one tool
    (-1): 4 each, and each used 2 tools (the unused one does not count). Both sealed one
    portal, so the hands decide: seat 1 holds more."""
    s = table(2)
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "thunder_eye")
    tools(s, 1, "blue-01")
    hold(s, 0, 2)
    hold(s, 1, 3)
    assert scoring.tools_used(s, 0) == scoring.tools_used(s, 1) == 2
    out = finish(s)
    assert out.winners == (1,)
    assert "most cards in hand" in decided_by(out)


# MU-TIE-2 ------------------------------------------------------------------------------------


# MU-TIE-2, MU-TIE-5
def test_then_the_most_portals_sealed() -> None:
    """Seat 0 sealed magma_vent (4 DP, 2 tools); seat 1 sealed tidal_gate and ember_door
    (4 DP, 2 tools, no set). Seat 1 sealed more portals and wins, though seat 0 holds more
    cards."""
    s = table(2)
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "tidal_gate", "ember_door")
    hold(s, 0, 4)
    out = finish(s)
    assert out.scores == (4.0, 4.0)
    assert out.winners == (1,)
    assert "most portals sealed" in decided_by(out)
    assert "fewest tools used" in out.tiebreak_trace[0]


# MU-TIE-3 ------------------------------------------------------------------------------------


# MU-TIE-3, MU-TIE-5
def test_then_the_most_cards_in_hand() -> None:
    """Equal scores, tools and portals; seat 1 holds 4 cards, seat 0 (the older) 2."""
    s = table(2, ages=(80, 20))
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "silent_rift")
    hold(s, 0, 2)
    hold(s, 1, 4)
    out = finish(s)
    assert out.winners == (1,)
    assert "most cards in hand" in decided_by(out)
    assert len(out.tiebreak_trace) == 3


# MU-TIE-3
@pytest.mark.parametrize(("end_mode", "winner"), [("immediate", 1), ("finish_round", 0)])
def test_the_hands_at_the_end_decide_a_tie(end_mode: str, winner: int) -> None:
    """Seat 1 sealed cog_arch earlier (2 DP, 1 tool); seat 0 seals tidal_gate (2 DP, 1 tool)
    with its only card, emptying the third stack. Ending at once, seat 0 is not refilled and
    holds no card, so seat 1 wins on cards in hand; with the round played out every hand is
    refilled to 3 and the lowest seat, seat 0, wins."""
    s = table(3, end_mode=end_mode)
    s.stacks = [[portal(s, "tidal_gate")], [], [], [portal(s, "null_hatch")],
                [portal(s, "looking_glass")]]
    s.removed = [q for q in range(A.PORTALS) if q not in (portal(s, "tidal_gate"),
                 portal(s, "null_hatch"), portal(s, "looking_glass"))]
    s.removed_from = [0] * len(s.removed)
    for q in s.removed:
        s.pknow[q] = 0
    sealed(s, 1, "cog_arch")
    at(s, 0, 1)
    sealer = cards_with(s, "seal", 1)[0]
    give(s, 0, sealer)
    tools(s, 0, "blue-01")
    hold(s, 1, 3)
    play(s, sealer)
    while not s.is_terminal():
        pass_turn(s)
    out = s.outcome()
    assert out is not None
    assert out.scores[:2] == (2.0, 2.0)
    assert out.winners == (winner,)
    assert GAME.check_invariants(s) is None


# MU-TIE-4, MU-SETUP-10 ------------------------------------------------------------------------


def dead_even(s: MultiuniversumState, *seats: int) -> None:
    """Give these seats the same score, tools used, portals and hand size."""
    for seat, name in zip(seats, ("magma_vent", "silent_rift", "clock_tower"), strict=False):
        sealed(s, seat, name)
        hold(s, seat, 3)


# MU-TIE-4, MU-TIE-5, MU-SETUP-10
def test_then_the_oldest_player_by_the_ages_given() -> None:
    """Seats 0 and 1 are tied on everything; seat 1 is 50, seat 0 is 30. Seat 2 is the
    oldest at 60 but has a lower score, so its age does not matter."""
    s = table(3, ages="30,50,60")
    assert s.opts.ages == (30, 50, 60)
    dead_even(s, 0, 1)
    out = finish(s)
    assert out.winners == (1,)
    assert "oldest player" in decided_by(out)
    assert out.ranking[2] == 3


# MU-TIE-4, MU-TIE-5
def test_without_ages_the_lowest_seat_wins_a_complete_tie() -> None:
    s = table(3)
    dead_even(s, 1, 2)
    out = finish(s)
    assert out.winners == (1,)
    assert "lowest seat" in decided_by(out)


# MU-TIE-4
def test_between_equal_ages_the_lowest_seat_wins() -> None:
    s = table(3, ages=(20, 45, 45))
    dead_even(s, 1, 2)
    out = finish(s)
    assert out.winners == (1,)
    assert "lowest seat" in decided_by(out)
    s = table(3, ages=(20, 45, 46))
    dead_even(s, 1, 2)
    assert finish(s).winners == (2,)


# MU-SETUP-10
def test_ages_are_given_one_per_seat_at_set_up() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        new(3, ages=(30, 40))
    assert new(2, ages="31, 42").opts.ages == (31, 42)
    assert new(2).opts.ages == ()


# MU-SETUP-10, MU-TIE-4
def test_ages_count_only_in_the_last_tie_breaker() -> None:
    """The oldest player (seat 0) sealed fewer portals than seat 1 at an equal score: age
    never gets a say. Without a tie at all the ages play no part either."""
    s = table(2, ages=(90, 10))
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "tidal_gate", "ember_door")
    out = finish(s)
    assert out.winners == (1,)
    assert not any("oldest" in t for t in out.tiebreak_trace)
    s = table(2, ages=(90, 10))
    sealed(s, 1, "tidal_gate")
    out = finish(s)
    assert out.winners == (1,)
    assert out.tiebreak_trace == ()


# MU-TIE-5
def test_the_outcome_names_no_tie_breaker_without_a_tie() -> None:
    s = table(3)
    sealed(s, 2, "sun_forge")
    sealed(s, 0, "magma_vent")
    out = finish(s)
    assert out.winners == (2,)
    assert out.tiebreak_trace == ()
    assert "tie" not in out.reason


# MU-SOLO-6 -----------------------------------------------------------------------------------


def solo_end(s: MultiuniversumState) -> Outcome:
    out = finish(s)
    assert out.scores == (float(scoring.score(s, 0)),)
    return out


# MU-SOLO-6, MU-TIE-1
def test_solo_a_tie_is_broken_by_fewest_tools_used() -> None:
    """The player sealed umbral_crown (8 DP, 3 tools); the virtual scientist deep_current
    and prism_hall (8 DP, 4 tools). The player wins."""
    s = table(1)
    sealed(s, 0, "umbral_crown")
    sealed(s, 1, "deep_current", "prism_hall")
    out = solo_end(s)
    assert scoring.score(s, 1) == 8
    assert out.winners == (0,)
    assert "fewest tools used" in decided_by(out)


# MU-SOLO-6, MU-TIE-2
@pytest.mark.parametrize(("mine", "its", "won"), [
    (("tidal_gate", "ember_door"), ("magma_vent",), True),
    (("magma_vent",), ("tidal_gate", "ember_door"), False)])
def test_solo_then_the_most_portals_sealed(mine: tuple[str, ...], its: tuple[str, ...],
                                           won: bool) -> None:
    s = table(1)
    sealed(s, 0, *mine)
    sealed(s, 1, *its)
    out = solo_end(s)
    assert out.winners == ((0,) if won else ())
    assert "most portals sealed" in decided_by(out)


# MU-SOLO-6, MU-TIE-3
def test_solo_then_cards_in_hand_against_the_virtual_scientists_none() -> None:
    s = table(1)
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "silent_rift")
    hold(s, 0, 1)
    out = solo_end(s)
    assert out.winners == (0,)
    assert "most cards in hand" in decided_by(out)


# MU-SOLO-6
def test_solo_a_complete_tie_is_a_loss_whatever_the_players_age() -> None:
    s = table(1, ages=(99,))
    sealed(s, 0, "magma_vent")
    sealed(s, 1, "silent_rift")
    out = solo_end(s)
    assert out.winners == ()
    assert "virtual scientist wins a complete tie" in decided_by(out)
    assert "virtual scientist" in out.reason and "lost" in out.reason
