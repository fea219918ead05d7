"""The Attack: declaration, the fleet step, the funds step and the reveal
(docs/rules/universal_rule.md, section 8).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn unless a test says otherwise, with empty hands, no planets and 3 credits each. With the
default ``fleet_value`` a basic side's fleet equals its military and an upgraded side's fleet
is 0; a card committed from hand counts its basic side.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import attack, card, choose, commit, credits, fund, give, names, put, table

RED, BLUE, GREEN = 0, 1, 2


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def most_credits(s: UniversalRuleState) -> int:
    """The largest amount the player asked in the funds step may commit."""
    return max(a - A.FUNDS for a in s.legal_actions() if a >= A.FUNDS)


def no_cards(s: UniversalRuleState) -> None:
    """Every player passes in the fleet step."""
    for _ in range(s.n):
        commit(s)


def revealed(s: UniversalRuleState) -> dict[str, Any]:
    return next(e.data for e in reversed(s.events) if e.kind == "battle_revealed")


# UR-ATTACK-1
def test_a_player_without_a_planet_in_play_cannot_attack() -> None:
    """Red holds Dravos in hand but has no planet in play; Blue has Solenne in play."""
    s = table()
    give(s, RED, "dravos")
    put(s, BLUE, "solenne")
    assert "Attack" not in labels(s)
    with pytest.raises(IllegalAction):
        s.apply(A.CHOOSE + A.ATTACK)


# UR-ATTACK-1
def test_attack_needs_an_opponents_planet_to_attack() -> None:
    """Red has Dravos in play: no opponent has a planet, so no Attack; once Green colonizes
    Solenne, Red may attack."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    assert "Attack" not in labels(s)
    put(s, GREEN, "solenne")
    assert "Attack" in labels(s)


# UR-ATTACK-1
def test_an_attack_cannot_be_followed() -> None:
    """Red's Dravos destroys Blue's Solenne. No one is asked to follow or takes the idle
    credit: Blue's turn begins straight after the battle."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    attack(s, "dravos", "solenne")
    assert s.cost == 0
    no_cards(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "defence")
    assert s.active == BLUE and s.phase == P.CHOOSE
    assert not [e for e in s.events if e.kind in ("followed", "declined")]
    assert s.credits == [3, 3, 3]


# UR-ATTACK-2
def test_the_attacking_planet_is_one_of_red_s_planets_in_play() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    give(s, RED, "korrath")
    put(s, BLUE, "solenne")
    choose(s, "attack")
    assert s.phase == P.ACT
    assert sorted(labels(s)) == ["Attack with Dravos", "Attack with Eremos"]


# UR-ATTACK-2
def test_the_defending_planet_is_any_opponents_planet_in_play() -> None:
    """Red attacks with Dravos and may name Blue's Solenne or Green's Tarsis, but not Red's own
    Eremos."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    choose(s, "attack")
    s.apply(A.ATTACK_WITH + card(s, "dravos"))
    assert s.phase == P.TARGET
    assert sorted(labels(s)) == ["Attack Solenne (Seat 2)", "Attack Tarsis (Seat 3)"]
    with pytest.raises(IllegalAction):
        s.apply(A.ATTACK_TARGET + card(s, "eremos"))


# UR-ATTACK-2
def test_the_defending_planets_owner_is_the_defender() -> None:
    """Red's Dravos attacks Green's Tarsis: Green is the defender and Blue a supporter."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    attack(s, "dravos", "tarsis")
    battle = s.observation(BLUE)["battle"]
    assert battle["attacker"] == RED and battle["defender"] == GREEN
    assert battle["attacking_planet"]["key"] == "dravos"
    assert battle["defending_planet"]["key"] == "tarsis"
    no_cards(s)
    fund(s, 0)
    assert labels(s) == ["Support the attack", "Support the defence"]  # Blue supports
    fund(s, 0, "attack")
    assert labels(s) == ["Commit 0 credits"]  # Green defends, no side to pick


# UR-ATTACK-3
@pytest.mark.parametrize(("red_side", "blue_side", "attack_value", "defence_value"), [
    ("basic", "basic", 8, 4),
    ("upgraded", "basic", 10, 4),
    ("basic", "upgraded", 8, 6),
    ("upgraded", "upgraded", 10, 6),
])
def test_the_values_start_at_the_military_of_the_sides_in_play(
        red_side: str, blue_side: str, attack_value: int, defence_value: int) -> None:
    """Dravos is 8 basic, 10 upgraded; Solenne 4 basic, 6 upgraded. With nothing committed
    the totals are the two military values."""
    s = table()
    put(s, RED, "dravos", red_side)
    put(s, BLUE, "solenne", blue_side)
    attack(s, "dravos", "solenne")
    battle = s.observation(GREEN)["battle"]
    assert battle["attacking_planet"]["military"] == attack_value
    assert battle["defending_planet"]["military"] == defence_value
    no_cards(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (attack_value, defence_value)


# UR-ATTACK-4
def test_the_fleet_step_goes_in_turn_order_from_the_attacker() -> None:
    """Blue attacks Red: Blue commits first, then Green, then Red."""
    s = table(active=BLUE)
    put(s, BLUE, "dravos")
    put(s, RED, "solenne")
    attack(s, "dravos", "solenne")
    asked = []
    while s.phase == P.COMMIT:
        asked.append(s.current_player)
        commit(s)
    assert asked == [BLUE, GREEN, RED]
    assert s.phase == P.FUNDS


# UR-ATTACK-4
def test_any_number_of_cards_may_be_committed_face_down_or_none() -> None:
    """Red commits two cards, Blue none, Green one of its two."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    give(s, RED, "eremos", "tarsis")
    give(s, GREEN, "velmora", "aurelis")
    attack(s, "dravos", "solenne")
    commit(s, "eremos", "tarsis")
    assert labels(s) == ["Commit no more cards"]  # Blue has nothing in hand
    commit(s)
    assert sorted(labels(s)) == ["Commit Aurelis face down", "Commit Velmora face down",
                                 "Commit no more cards"]
    commit(s, "velmora")
    assert names(s, s.committed[RED]) == ["eremos", "tarsis"] and s.hands[RED] == []
    assert s.committed[BLUE] == []
    assert names(s, s.committed[GREEN]) == ["velmora"]
    assert names(s, s.hands[GREEN]) == ["aurelis"]


# UR-ATTACK-4
def test_later_players_see_how_many_cards_were_committed() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    give(s, RED, "eremos", "tarsis")
    attack(s, "dravos", "solenne")
    commit(s, "eremos", "tarsis")
    assert s.current_player == BLUE
    assert s.observation(BLUE)["battle"]["cards_committed"] == [2, 0, 0]
    counts = [e.data for e in s.events_for(BLUE) if e.kind == "committed_face_down"]
    assert counts == [{"seat": RED, "cards": 1}, {"seat": RED, "cards": 2}]


# UR-ATTACK-5
@pytest.mark.parametrize(("red_credits", "most"), [(20, 11), (11, 11), (7, 7), (0, 0)])
def test_funds_are_bounded_by_the_fleet_of_non_engaged_planets_and_by_credits(
        red_credits: int, most: int) -> None:
    """Red attacks with Eremos and also has Dravos (fleet 8) and Tarsis (fleet 3): at most 11
    credits, and never more than Red holds."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "dravos")
    put(s, RED, "tarsis")
    put(s, BLUE, "solenne")
    credits(s, red_credits, 3, 3)
    attack(s, "eremos", "solenne")
    no_cards(s)
    assert s.current_player == RED
    assert most_credits(s) == most
    assert s.observation(RED)["battle"]["my_fleet_capacity"] == 11


# UR-ATTACK-5
def test_the_engaged_planets_give_no_funds() -> None:
    """Blue's only planet is the defending Solenne: Blue may commit nothing, whatever Blue
    holds. Red's attacking Dravos does not count for Red either."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    credits(s, 5, 5, 5)
    attack(s, "dravos", "solenne")
    no_cards(s)
    assert most_credits(s) == 0
    fund(s, 0)
    assert most_credits(s) == 0


# UR-ATTACK-5
def test_an_upgraded_planet_has_no_fleet_to_bring_funds() -> None:
    """Green's upgraded Solenne has no wings (fleet 0): Green may commit nothing; with basic
    Solenne (fleet 4) Green may commit 4."""
    for side, most in (("upgraded", 0), ("basic", 4)):
        s = table()
        put(s, RED, "dravos")
        put(s, BLUE, "tarsis")
        put(s, GREEN, "solenne", side)
        credits(s, 5, 5, 5)
        attack(s, "dravos", "tarsis")
        no_cards(s)
        fund(s, 0)
        fund(s, 0)
        s.apply(A.SIDE + 0)
        assert most_credits(s) == most


# UR-ATTACK-5
def test_committed_cards_do_not_raise_the_funds_limit() -> None:
    """Green has Tarsis (fleet 3) in play and commits Dravos (fleet 8) from hand: Green may
    still commit at most 3 credits."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    give(s, GREEN, "dravos")
    credits(s, 3, 3, 10)
    attack(s, "eremos", "solenne")
    commit(s)
    commit(s)
    commit(s, "dravos")
    fund(s, 0)
    fund(s, 0)
    s.apply(A.SIDE + 0)
    assert most_credits(s) == 3
    with pytest.raises(IllegalAction):
        s.apply(A.FUNDS + 4)


# UR-ATTACK-6
def test_every_supporter_must_pick_a_side_before_committing() -> None:
    """Green is offered only the two sides: no credits and no "pass" before a side."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    attack(s, "dravos", "solenne")
    no_cards(s)
    fund(s, 0)
    fund(s, 0)
    assert s.current_player == GREEN
    assert s.legal_actions() == [A.SIDE + 0, A.SIDE + 1]
    for a in (A.PASS, A.FUNDS + 0):
        with pytest.raises(IllegalAction):
            s.apply(a)
    s.apply(A.SIDE + 1)
    assert s.legal_actions() == [A.FUNDS + k for k in range(4)]


# UR-ATTACK-6
def test_the_attacker_and_defender_are_on_their_own_sides() -> None:
    """Red and Blue are asked only for an amount; in the reveal Red attacks and Blue defends,
    while Green chose the attack."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    put(s, BLUE, "tarsis")
    attack(s, "dravos", "solenne")
    no_cards(s)
    assert all(a >= A.FUNDS for a in s.legal_actions())
    fund(s, 0)
    assert all(a >= A.FUNDS for a in s.legal_actions())
    with pytest.raises(IllegalAction):
        s.apply(A.SIDE + 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert revealed(s)["sides"] == ["attack", "defence", "attack"]


# UR-ATTACK-6
def test_everyone_takes_part_in_the_funds_step_even_with_nothing() -> None:
    """No one has any spare fleet or credit: all three are still asked and commit 0."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    credits(s, 0, 0, 0)
    attack(s, "dravos", "solenne")
    no_cards(s)
    for seat in (RED, BLUE, GREEN):
        assert s.phase == P.FUNDS and s.current_player == seat
        fund(s, 0, "defence" if seat == GREEN else None)
    assert [e.data["seat"] for e in s.events if e.kind == "funds_chosen"] == [RED, BLUE, GREEN]


# UR-ATTACK-7
def test_the_funds_step_asks_in_turn_order_from_the_attacker() -> None:
    """Green attacks Blue: Green, then Red, then Blue choose."""
    s = table(active=GREEN)
    put(s, GREEN, "dravos")
    put(s, BLUE, "solenne")
    attack(s, "dravos", "solenne")
    no_cards(s)
    asked = []
    while s.phase == P.FUNDS:
        asked.append(s.current_player)
        fund(s, 0, "attack" if s.sides[s.current_player] < 0 else None)
    assert asked == [GREEN, RED, BLUE]


# UR-ATTACK-7
def test_no_one_sees_a_funds_choice_until_all_have_chosen() -> None:
    """Red commits 3 credits and Blue 2; Green, choosing last, sees only that they chose."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, BLUE, "tarsis")
    put(s, GREEN, "velmora")
    attack(s, "eremos", "solenne")
    no_cards(s)
    fund(s, 3)
    fund(s, 2)
    battle = s.observation(GREEN)["battle"]
    assert battle["funds_chosen"] == [True, True, False]
    assert battle["my_credits"] is None and battle["my_side"] is None
    seen = [e for e in s.events_for(GREEN) if e.kind == "credits_committed"]
    assert seen == []
    assert [p["credits"] for p in s.observation(GREEN)["players_view"]] == [3, 3, 3]


# UR-ATTACK-8
def test_the_reveal_shows_every_credit_side_and_card_to_all() -> None:
    """Red commits Korrath and 2 credits, Blue 1 credit, Green backs the defence with Aurelis
    and 3 credits: after the reveal every seat sees it all."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, BLUE, "tarsis")
    put(s, GREEN, "velmora")
    give(s, RED, "korrath")
    give(s, GREEN, "aurelis")
    attack(s, "eremos", "solenne")
    commit(s, "korrath")
    commit(s)
    commit(s, "aurelis")
    fund(s, 2)
    fund(s, 1)
    fund(s, 3, "defence")
    for seat in (RED, BLUE, GREEN, None):
        seen = [e.data for e in s.events_for(seat) if e.kind == "battle_revealed"]
        assert len(seen) == 1
        assert seen[0]["sides"] == ["attack", "defence", "defence"]
        assert seen[0]["credits"] == [2, 1, 3]
        assert seen[0]["cards"] == [[card(s, "korrath")], [], [card(s, "aurelis")]]


# UR-ATTACK-8
def test_a_supporters_credits_and_cards_count_for_the_side_they_picked() -> None:
    """Eremos (5) against Solenne (4). Green backs the attack with Aurelis (fleet 2) and 3
    credits: 5 + 2 + 3 = 10 against 4. Backing the defence instead: 5 against 4 + 5 = 9."""
    for side, totals in (("attack", (10, 4)), ("defence", (5, 9))):
        s = table()
        put(s, RED, "eremos")
        put(s, BLUE, "solenne")
        put(s, GREEN, "velmora")
        give(s, GREEN, "aurelis")
        attack(s, "eremos", "solenne")
        commit(s)
        commit(s)
        commit(s, "aurelis")
        fund(s, 0)
        fund(s, 0)
        fund(s, 3, side)
        assert (revealed(s)["attack"], revealed(s)["defence"]) == totals
