"""Upgrade (docs/rules/universal_rule.md, section 6).

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

from .builders import attack, card, choose, commit, credits, fund, put, table, upgrade

RED, BLUE, GREEN = 0, 1, 2
BASIC, UPGRADED = 0, 1


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


# UR-UPGRADE-1
def test_red_pays_the_cost_difference_to_upgrade() -> None:
    """Aurelis costs 3 basic and 6 upgraded: Red pays 3 (5 -> 2) and Aurelis now counts its
    upgraded side (2 VP instead of 1)."""
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "eremos")
    credits(s, 5, 3, 3)
    assert vp(s, RED) == 3  # 2 planets + 5 credits
    choose(s, "upgrade")
    s.apply(upgrade(s, "aurelis"))
    assert s.credits == [2, 3, 3]
    assert s.side[card(s, "aurelis")] == UPGRADED
    assert vp(s, RED) == 2 + 1
    assert s.phase == P.FOLLOW


# UR-UPGRADE-1
def test_only_basic_planets_red_can_pay_for_are_offered() -> None:
    """Red holds 4: Aurelis (+3) can be upgraded, Dravos (+5) cannot, Solenne is already
    upgraded."""
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "dravos")
    put(s, RED, "solenne", "upgraded")
    credits(s, 4, 3, 3)
    choose(s, "upgrade")
    assert labels(s) == ["Upgrade Aurelis"]
    with pytest.raises(IllegalAction, match=r"upgrade \(Upgrade Dravos\) is not legal now"):
        s.apply(upgrade(s, "dravos"))


# UR-UPGRADE-1
def test_upgrade_is_not_offered_when_red_cannot_pay_any_difference() -> None:
    s = table()
    put(s, RED, "aurelis")
    credits(s, 2, 3, 3)
    assert "Upgrade" not in labels(s)
    with pytest.raises(IllegalAction, match=r"choose action \(Upgrade\) is not legal now"):
        s.apply(A.CHOOSE + A.UPGRADE)


# UR-UPGRADE-1, UR-PLANET-7
def test_upgrading_lyzin_makes_every_opponent_pay() -> None:
    """Red upgrades Lyzin (6 - 2 = 4, 6 -> 2): Blue pays 1 for one planet, Green 2 for two."""
    s = table()
    put(s, RED, "lyzin")
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "solenne")
    put(s, GREEN, "velmora")
    credits(s, 6, 3, 3)
    choose(s, "upgrade")
    s.apply(upgrade(s, "lyzin"))
    assert s.credits == [5, 2, 1]


# UR-UPGRADE-2
def test_a_follower_upgrades_their_own_basic_planet() -> None:
    """Red upgrades Aurelis at follow cost 2; Blue follows by upgrading Myrrhon (1 -> 6, +5):
    8 - 2 - 5 = 1, and Red collects 2. Blue's Tarsis (+8) is too dear to be offered."""
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "dravos")
    put(s, BLUE, "myrrhon")
    put(s, BLUE, "tarsis")
    credits(s, 5, 8, 3)
    choose(s, "upgrade", 2)
    s.apply(upgrade(s, "aurelis"))
    assert labels(s) == ["Do not follow (+1 credit)", "Upgrade Myrrhon"]
    s.apply(upgrade(s, "myrrhon"))
    assert s.credits[:2] == [4, 1]
    assert s.side[card(s, "myrrhon")] == UPGRADED
    assert s.side[card(s, "tarsis")] == BASIC
    assert s.current_player == GREEN and s.legal_actions() == [A.PASS]


# UR-UPGRADE-2
def test_a_follower_cannot_upgrade_someone_else_s_planet() -> None:
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "eremos")
    put(s, BLUE, "myrrhon")
    credits(s, 5, 9, 3)
    choose(s, "upgrade")
    s.apply(upgrade(s, "aurelis"))
    with pytest.raises(IllegalAction, match=r"upgrade \(Upgrade Eremos\) is not legal now"):
        s.apply(upgrade(s, "eremos"))
    assert s.side[card(s, "eremos")] == BASIC


# UR-UPGRADE-2
def test_a_follower_needs_the_difference_plus_the_follow_cost() -> None:
    """Blue has 5, exactly Myrrhon's difference, but the follow cost of 1 comes on top."""
    s = table()
    put(s, RED, "aurelis")
    put(s, RED, "eremos")
    put(s, BLUE, "myrrhon")
    put(s, BLUE, "tarsis")
    credits(s, 5, 5, 3)
    choose(s, "upgrade", 1)
    s.apply(upgrade(s, "aurelis"))
    assert s.legal_actions() == [A.PASS]
    s.apply(A.PASS)
    assert s.credits[BLUE] == 6


# UR-UPGRADE-3
def test_there_is_no_downgrade_action() -> None:
    kinds = {A.split(a)[0] for a in range(A.NUM_ACTIONS)}
    assert not [k for k in kinds if "downgrade" in k]
    assert "upgrade" in kinds


# UR-UPGRADE-3
def test_an_upgraded_planet_cannot_be_chosen_again() -> None:
    """With every planet upgraded Red has nothing to upgrade and no way to turn a planet
    back."""
    s = table()
    put(s, RED, "aurelis", "upgraded")
    put(s, RED, "myrrhon", "upgraded")
    credits(s, 10, 3, 3)
    assert labels(s) == ["Explore", "Produce"]
    with pytest.raises(IllegalAction, match=r"choose action \(Upgrade\) is not legal now"):
        s.apply(A.CHOOSE + A.UPGRADE)


# UR-UPGRADE-3
def test_upgraded_planets_stay_upgraded_through_the_turns() -> None:
    s = table()
    put(s, RED, "aurelis", "upgraded")
    put(s, BLUE, "myrrhon", "upgraded")
    for _ in range(3):
        choose(s, "produce")
        s.apply(A.PASS)
        s.apply(A.PASS)
    assert s.active == RED
    assert s.side[card(s, "aurelis")] == s.side[card(s, "myrrhon")] == UPGRADED


# UR-UPGRADE-3
def test_a_successful_attack_downgrades_without_anyone_choosing() -> None:
    """Red's Dravos (8) beats Blue's upgraded Myrrhon (5): Myrrhon turns basic."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "myrrhon", "upgraded")
    attack(s, "dravos", "myrrhon")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert s.side[card(s, "myrrhon")] == BASIC
    assert s.planets[BLUE] == [card(s, "myrrhon")]
