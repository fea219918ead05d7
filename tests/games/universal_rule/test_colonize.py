"""Colonize (docs/rules/universal_rule.md, section 5).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.winning import vp

from .builders import card, choose, colonize, credits, give, names, put, table

RED, BLUE, GREEN = 0, 1, 2
BASIC, UPGRADED = 0, 1


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


# UR-COLONIZE-1
def test_red_puts_a_card_from_hand_into_play_basic_side_up() -> None:
    """Red colonizes Eremos (basic cost 2): 3 - 2 = 1, the card leaves the hand."""
    s = table()
    give(s, RED, "eremos", "dravos")
    choose(s, "colonize")
    assert labels(s) == ["Colonize Eremos (basic side)"]  # Dravos (4) is too dear
    s.apply(colonize(s, "eremos"))
    assert s.credits == [1, 3, 3]
    assert names(s, s.planets[RED]) == ["eremos"]
    assert names(s, s.hands[RED]) == ["dravos"]
    assert s.side[card(s, "eremos")] == BASIC and s.owner[card(s, "eremos")] == RED
    assert s.phase == P.FOLLOW


# UR-COLONIZE-1
def test_colonize_needs_a_card_in_hand_red_can_pay_for() -> None:
    s = table()
    give(s, RED, "dravos")
    assert "Colonize" not in labels(s)
    credits(s, 4, 3, 3)
    assert "Colonize" in labels(s)


# UR-COLONIZE-1
def test_a_card_not_in_hand_cannot_be_colonized() -> None:
    s = table()
    give(s, RED, "eremos")
    choose(s, "colonize")
    with pytest.raises(IllegalAction, match=r"colonize \(Colonize Tarsis \(basic side\)\) is "
                                            r"not legal now"):
        s.apply(colonize(s, "tarsis"))
    assert s.planets[RED] == [] and s.credits[RED] == 3


# UR-COLONIZE-2
def test_red_may_colonize_the_upgraded_side_directly() -> None:
    """With two planets (limit 10) and 7 credits Red can pay Aurelis's upgraded cost of 6 and
    puts it into play upgraded: 7 - 6 = 1, and it is worth 2 VP at once."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    give(s, RED, "aurelis")
    credits(s, 7, 3, 3)
    choose(s, "colonize")
    assert labels(s) == ["Colonize Aurelis (basic side)", "Colonize Aurelis (upgraded side)"]
    s.apply(colonize(s, "aurelis", "upgraded"))
    assert s.credits[RED] == 1
    assert s.side[card(s, "aurelis")] == UPGRADED
    assert vp(s, RED) == 1 + 1 + 2


# UR-COLONIZE-2
def test_the_upgraded_side_is_refused_when_red_cannot_pay_for_it() -> None:
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    give(s, RED, "aurelis")
    credits(s, 5, 3, 3)
    choose(s, "colonize")
    with pytest.raises(IllegalAction, match=r"Colonize Aurelis \(upgraded side\)"):
        s.apply(colonize(s, "aurelis", "upgraded"))
    s.apply(colonize(s, "aurelis"))
    assert s.credits[RED] == 2 and s.side[card(s, "aurelis")] == BASIC


# UR-COLONIZE-3
def test_a_follower_colonizes_from_their_own_hand() -> None:
    """Red colonizes Eremos at follow cost 1; Blue follows with Tarsis (2): 5 - 1 - 2 = 2.
    Green has no card and may only decline."""
    s = table()
    put(s, RED, "dravos")
    give(s, RED, "eremos")
    give(s, BLUE, "tarsis", "solenne")
    credits(s, 3, 5, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "eremos"))
    assert labels(s) == ["Do not follow (+1 credit)", "Colonize Tarsis (basic side)",
                         "Colonize Solenne (basic side)"]
    s.apply(colonize(s, "tarsis"))
    assert s.legal_actions() == [A.PASS]
    s.apply(A.PASS)
    assert s.credits == [2, 2, 4]
    assert names(s, s.planets[BLUE]) == ["tarsis"]
    assert names(s, s.hands[BLUE]) == ["solenne"]


# UR-COLONIZE-3
def test_a_follower_may_colonize_the_upgraded_side() -> None:
    """Blue (two planets, 9 credits) follows at cost 1 with Aurelis upgraded: 9 - 1 - 6 = 2."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "eremos")
    put(s, BLUE, "tarsis")
    give(s, RED, "velmora")
    give(s, BLUE, "aurelis")
    credits(s, 3, 9, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "velmora"))
    assert labels(s) == ["Do not follow (+1 credit)", "Colonize Aurelis (basic side)",
                         "Colonize Aurelis (upgraded side)"]
    s.apply(colonize(s, "aurelis", "upgraded"))
    assert s.credits[:2] == [1, 2]
    assert s.side[card(s, "aurelis")] == UPGRADED


# UR-COLONIZE-3
def test_a_follower_cannot_take_the_upgraded_side_without_the_follow_cost_too() -> None:
    """Blue has exactly 6, Aurelis's upgraded cost, but the follow cost of 1 comes first."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "eremos")
    put(s, BLUE, "tarsis")
    give(s, RED, "velmora")
    give(s, BLUE, "aurelis")
    credits(s, 3, 6, 3)
    choose(s, "colonize", 1)
    s.apply(colonize(s, "velmora"))
    assert labels(s) == ["Do not follow (+1 credit)", "Colonize Aurelis (basic side)"]
    with pytest.raises(IllegalAction, match=r"Colonize Aurelis \(upgraded side\)"):
        s.apply(colonize(s, "aurelis", "upgraded"))


# UR-COLONIZE-4
def test_red_colonizes_lyzin_and_makes_blue_pay_one_per_planet() -> None:
    """Red colonizes Lyzin (3 - 2 = 1) and picks Blue, who has two planets: Blue pays 2."""
    s = table()
    put(s, BLUE, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "eremos")
    give(s, RED, "lyzin")
    choose(s, "colonize")
    s.apply(colonize(s, "lyzin"))
    assert s.current_player == RED
    assert labels(s) == ["Collect from Seat 2", "Collect from Seat 3"]
    with pytest.raises(IllegalAction, match="thug target"):
        s.apply(A.THUG_TARGET + RED)
    s.apply(A.THUG_TARGET + BLUE)
    assert s.credits == [3, 1, 3]
    assert s.current_player == BLUE and s.phase == P.FOLLOW


# UR-COLONIZE-4
def test_lyzin_colonized_upgraded_makes_every_opponent_pay() -> None:
    """Red (two planets, 8 credits) colonizes Lyzin upgraded (6): Blue pays 2 for two planets
    and Green 1 for one, with no choice asked."""
    s = table()
    put(s, RED, "velmora")
    put(s, RED, "tarsis")
    put(s, BLUE, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "eremos")
    give(s, RED, "lyzin")
    credits(s, 8, 3, 3)
    choose(s, "colonize")
    s.apply(colonize(s, "lyzin", "upgraded"))
    assert s.credits == [5, 1, 2]
    assert s.current_player == BLUE and s.phase == P.FOLLOW


# UR-COLONIZE-4
def test_colonizing_destroys_a_basic_nevenell() -> None:
    s = table()
    put(s, RED, "nevenell")
    give(s, RED, "eremos")
    choose(s, "colonize")
    s.apply(colonize(s, "eremos"))
    assert names(s, s.planets[RED]) == ["eremos"]
    assert s.discard == [card(s, "nevenell")]


# UR-COLONIZE-4
def test_blue_s_quysin_pays_for_each_opponent_who_colonizes() -> None:
    """Red colonizes: Blue's Quysin pays Blue 1 (3 -> 4). Blue declines (idle credit, 5). Green
    follows: Quysin pays again, but Blue, with one planet, is already at the limit of 5."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "quysin")
    give(s, RED, "eremos")
    give(s, GREEN, "tarsis")
    choose(s, "colonize", 1)
    s.apply(colonize(s, "eremos"))
    assert s.credits[BLUE] == 4
    s.apply(A.PASS)  # Blue: the idle credit
    assert s.credits[BLUE] == 5
    s.apply(colonize(s, "tarsis"))
    assert s.credits[BLUE] == 5
    assert [e.data["lost"] for e in s.events if e.kind == "glommer"] == [0, 1]
