"""Produce (docs/rules/universal_rule.md, section 7).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import choose, credits, put, table

RED, BLUE, GREEN = 0, 1, 2


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def kinds(s: UniversalRuleState, *wanted: str) -> list[tuple[str, int]]:
    return [(e.kind, e.data["seat"]) for e in s.events if e.kind in wanted]


# UR-PRODUCE-1
def test_red_gains_the_income_of_every_planet() -> None:
    """Solenne (3) + Dravos (1) + upgraded Nevenell (1) = 5: Red goes from 3 to 8."""
    s = table()
    put(s, RED, "solenne")
    put(s, RED, "dravos")
    put(s, RED, "nevenell", "upgraded")
    choose(s, "produce")
    assert s.credits == [8, 3, 3]
    assert [e.data["credits"] for e in s.events if e.kind == "produced"] == [5]


# UR-PRODUCE-1
def test_the_income_is_that_of_the_side_in_play() -> None:
    """Upgraded Solenne earns 5, not its basic 3 (Red has two planets, limit 10)."""
    s = table()
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "dravos")
    credits(s, 0, 3, 3)
    choose(s, "produce")
    assert s.credits[RED] == 6


# UR-PRODUCE-1
def test_red_without_planets_gains_two() -> None:
    s = table()
    choose(s, "produce")
    assert s.credits == [5, 3, 3]


# UR-PRODUCE-1
def test_red_with_no_credits_can_still_produce() -> None:
    s = table()
    credits(s, 0, 3, 3)
    assert labels(s) == ["Produce"]
    choose(s, "produce")
    assert s.credits[RED] == 2


# UR-PRODUCE-2
def test_a_follower_gains_their_own_income_and_then_pays() -> None:
    """Red (two planets) produces at follow cost 2. Blue, with Solenne (3) and 1 credit,
    follows: 1 + 3 - 2 = 2, and Red collects 2."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    credits(s, 3, 1, 3)
    choose(s, "produce", 2)
    assert s.credits[RED] == 5
    s.apply(A.FOLLOW)
    assert s.credits[:2] == [7, 2]
    assert kinds(s, "produced", "paid_follow_cost")[-2:] == [("produced", BLUE),
                                                            ("paid_follow_cost", BLUE)]


# UR-PRODUCE-2
def test_a_follower_with_no_credits_can_follow_on_their_income() -> None:
    """Blue has 0 credits; Solenne's 3 pays the follow cost of 2 and leaves 1."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    credits(s, 3, 0, 3)
    choose(s, "produce", 2)
    assert labels(s) == ["Do not follow (+1 credit)", "Follow: produce (pay 2)"]
    s.apply(A.FOLLOW)
    assert s.credits[:2] == [7, 1]


# UR-PRODUCE-2
def test_a_follower_whose_income_cannot_cover_the_cost_may_not_follow() -> None:
    """Blue has 0 credits and Dravos (income 1): at follow cost 2 Blue may only decline."""
    s = table()
    put(s, RED, "velmora")
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    credits(s, 3, 0, 3)
    choose(s, "produce", 2)
    assert s.legal_actions() == [A.PASS]
    with pytest.raises(IllegalAction, match=r"follow \(Follow: produce \(pay 2\)\) is not "
                                            r"legal now"):
        s.apply(A.FOLLOW)
    s.apply(A.PASS)
    assert s.credits[BLUE] == 1


# UR-PRODUCE-2
def test_the_limit_is_applied_before_the_follow_cost() -> None:
    """Blue (Solenne, limit 5) has 4 credits: 4 + 3 is cut to 5, then Blue pays 1 and keeps
    4, not 6."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    credits(s, 3, 4, 3)
    choose(s, "produce", 1)
    s.apply(A.FOLLOW)
    assert s.credits[:2] == [5, 4]
    assert [e.data["lost"] for e in s.events if e.kind == "produced"] == [0, 2]


# UR-PRODUCE-2
def test_a_follower_may_spend_their_whole_income_on_the_follow_cost() -> None:
    """Red has three planets and sets the follow cost at 3; Blue (Solenne, 0 credits) follows
    and ends at 0. Green, with no planets and 2 credits, cannot pay 3 and may only decline."""
    s = table()
    for planet in ("dravos", "eremos", "tarsis"):
        put(s, RED, planet)
    put(s, BLUE, "solenne")
    credits(s, 3, 0, 2)
    choose(s, "produce", 3)
    s.apply(A.FOLLOW)
    assert s.credits[BLUE] == 0
    assert s.legal_actions() == [A.PASS]


# UR-PRODUCE-2, UR-LIMIT-3
def test_income_lost_to_the_limit_cannot_pay_the_follow_cost() -> None:
    """Red has six planets and sets the follow cost at 6. Blue (Solenne, limit 5) holds 4:
    4 + 3 would be 7, but it is cut to 5 before paying, so Blue cannot follow."""
    s = table()
    for planet in ("dravos", "eremos", "tarsis", "velmora", "aurelis", "korrath"):
        put(s, RED, planet)
    put(s, BLUE, "solenne")
    credits(s, 3, 4, 3)
    choose(s, "produce", 6)
    assert s.legal_actions() == [A.PASS]


# UR-PRODUCE-3
def test_a_follower_without_planets_gains_nothing_by_default() -> None:
    """Red produces; Blue and Green have no planets, so following brings them nothing. Blue
    follows anyway and only pays; Green declines and takes the idle credit."""
    s = table()
    put(s, RED, "dravos")
    choose(s, "produce")
    s.apply(A.FOLLOW)
    s.apply(A.PASS)
    assert s.credits == [3 + 1 + 1, 3 - 1, 4]
    produced = [(e.data["seat"], e.data["credits"]) for e in s.events if e.kind == "produced"]
    assert produced == [(RED, 1), (BLUE, 0)]


# UR-PRODUCE-3, UR-TURN-4
def test_a_follower_without_planets_may_follow_and_gains_nothing() -> None:
    """Blue has no planets and follows anyway at cost 1: Blue gains 0 and pays 1 (3 -> 2),
    and Green's Oruun (Produce glommer) pays Green 1."""
    s = table()
    put(s, RED, "dravos")
    put(s, GREEN, "oruun")
    choose(s, "produce")
    assert A.FOLLOW in s.legal_actions()
    s.apply(A.FOLLOW)
    assert s.credits == [5, 2, 5]


# UR-PRODUCE-3, UR-OPT-2
def test_with_the_option_a_follower_without_planets_gains_two() -> None:
    """With produce_follow_no_planets=two, Blue follows at cost 1: 3 + 2 - 1 = 4."""
    s = table(produce_follow_no_planets="two")
    put(s, RED, "dravos")
    choose(s, "produce")
    assert s.legal_actions() == [A.PASS, A.FOLLOW]
    s.apply(A.FOLLOW)
    s.apply(A.PASS)
    assert s.credits == [5, 4, 4]


# UR-PRODUCE-3, UR-OPT-2
def test_with_the_option_a_follower_with_no_credits_pays_from_the_two() -> None:
    s = table(produce_follow_no_planets="two")
    put(s, RED, "dravos")
    credits(s, 3, 0, 3)
    choose(s, "produce")
    s.apply(A.FOLLOW)
    assert s.credits[:2] == [5, 1]
