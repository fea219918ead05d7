"""The turn: choosing an action and a follow cost, following, the idle credit, the reshuffle
and the end of the turn (docs/rules/universal_rule.md, section 3).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState
from ludoverse.games.universal_rule.winning import vp

from .builders import (
    attack,
    card,
    choose,
    colonize,
    commit,
    credits,
    fund,
    give,
    names,
    new,
    on_top,
    play_out,
    put,
    table,
)

RED, BLUE, GREEN = 0, 1, 2


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def follow_costs(s: UniversalRuleState) -> list[int]:
    return [A.info(a)["cost"] for a in s.legal_actions()]


# UR-TURN-1
def test_with_nothing_on_the_table_red_can_explore_or_produce() -> None:
    s = table()
    assert labels(s) == ["Explore", "Produce"]


# UR-TURN-1
def test_produce_can_always_be_chosen() -> None:
    """Red has no credits, no cards and no planets: Produce is the only choice."""
    s = table()
    credits(s, 0, 3, 3)
    assert labels(s) == ["Produce"]


# UR-TURN-1
def test_all_five_actions_when_red_can_carry_each_out() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "aurelis")  # upgrade costs 6 - 3 = 3
    put(s, BLUE, "solenne")
    give(s, RED, "eremos")
    assert labels(s) == ["Explore", "Colonize", "Upgrade", "Produce", "Attack"]


# UR-TURN-1
def test_an_action_red_cannot_carry_out_is_not_offered() -> None:
    """Dravos in hand costs 4 but Red has 3; Red's Solenne upgrade costs 8; no opponent has a
    planet to attack."""
    s = table()
    put(s, RED, "solenne")
    give(s, RED, "dravos")
    assert labels(s) == ["Explore", "Produce"]
    with pytest.raises(IllegalAction, match=r"choose action \(Colonize\) is not legal now"):
        s.apply(A.CHOOSE + A.COLONIZE)
    with pytest.raises(IllegalAction, match=r"choose action \(Attack\) is not legal now"):
        s.apply(A.CHOOSE + A.ATTACK)


# UR-TURN-1
def test_exactly_one_action_is_chosen() -> None:
    s = table()
    s.apply(A.CHOOSE + A.PRODUCE)
    assert s.phase == P.COST
    with pytest.raises(IllegalAction, match="seat 0 is to decide: follow cost"):
        s.apply(A.CHOOSE + A.EXPLORE)


# UR-TURN-2
def test_the_follow_cost_ranges_from_one_to_the_planet_count() -> None:
    s = table()
    for planet in ("dravos", "solenne", "velmora"):
        put(s, RED, planet)
    s.apply(A.CHOOSE + A.PRODUCE)
    assert follow_costs(s) == [1, 2, 3]
    assert labels(s)[-1] == "Set the follow cost to 3"


# UR-TURN-2
def test_without_planets_the_follow_cost_is_one() -> None:
    s = table()
    s.apply(A.CHOOSE + A.EXPLORE)
    assert follow_costs(s) == [1]
    assert s.observation(RED)["max_follow_cost"] == 1


# UR-TURN-2
def test_a_follow_cost_above_the_planet_count_is_refused() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "solenne")
    s.apply(A.CHOOSE + A.PRODUCE)
    with pytest.raises(IllegalAction, match=r"follow cost \(Set the follow cost to 3\) is not "
                                            r"legal now"):
        s.apply(A.follow_cost(3))
    assert s.phase == P.COST and s.cost == 0
    s.apply(A.follow_cost(2))
    assert s.cost == 2


# UR-TURN-2
def test_the_follow_cost_counts_the_planets_before_the_action() -> None:
    """Red has one planet and colonizes a second: the follow cost may still be only 1."""
    s = table()
    put(s, RED, "dravos")
    give(s, RED, "eremos")
    s.apply(A.CHOOSE + A.COLONIZE)
    assert follow_costs(s) == [1]


# UR-TURN-3
def test_the_action_cost_goes_to_the_bank() -> None:
    """Red colonizes Dravos for 4: Red drops from 5 to 1 and no one else receives it."""
    s = table()
    put(s, RED, "eremos")
    give(s, RED, "dravos")
    credits(s, 5, 3, 3)
    choose(s, "colonize")
    s.apply(colonize(s, "dravos"))
    assert s.credits == [1, 3, 3]
    assert names(s, s.planets[RED]) == ["dravos", "eremos"]


# UR-TURN-4
def test_followers_are_asked_in_turn_order_from_the_active_player() -> None:
    s = table(active=BLUE)
    choose(s, "produce")
    assert s.current_player == GREEN
    s.apply(A.PASS)
    assert s.current_player == RED
    s.apply(A.PASS)
    assert s.active == GREEN and s.phase == P.CHOOSE


# UR-TURN-4
def test_a_follower_pays_the_follow_cost_to_red_and_the_card_cost_to_the_bank() -> None:
    """Red colonizes Eremos at follow cost 2; Blue follows with Tarsis (cost 2): Blue pays
    2 to Red and 2 to the bank."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "solenne")
    give(s, RED, "eremos")
    give(s, BLUE, "tarsis")
    credits(s, 4, 5, 3)
    choose(s, "colonize", 2)
    s.apply(colonize(s, "eremos"))
    assert s.credits == [2, 5, 3]
    s.apply(colonize(s, "tarsis"))
    assert s.credits == [4, 1, 3]
    assert names(s, s.planets[BLUE]) == ["tarsis"]


# UR-TURN-4
def test_a_follower_who_cannot_pay_both_costs_may_not_follow() -> None:
    """Blue has 3 credits: Tarsis (2) plus a follow cost of 2 is too much; Blue may only
    decline."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "solenne")
    give(s, RED, "eremos")
    give(s, BLUE, "tarsis")
    choose(s, "colonize", 2)
    s.apply(colonize(s, "eremos"))
    assert labels(s) == ["Do not follow (+1 credit)"]
    with pytest.raises(IllegalAction, match=r"colonize \(Colonize Tarsis \(basic side\)\) is "
                                            r"not legal now"):
        s.apply(colonize(s, "tarsis"))


# UR-TURN-4
def test_an_attack_cannot_be_followed() -> None:
    """Red declares an attack: no follow cost is set and the next decision is the fleet
    step, not following."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "lyzin")
    attack(s, "dravos", "lyzin")
    assert s.cost == 0
    assert s.phase == P.COMMIT and s.current_player == RED
    assert A.FOLLOW not in s.legal_actions()


# UR-TURN-5
def test_everyone_who_does_not_follow_gains_a_credit() -> None:
    """Red explores at cost 1; Blue follows (3 - 2 = 1), Green declines (3 + 1 = 4)."""
    s = table()
    choose(s, "explore")
    s.apply(A.FOLLOW)
    s.apply(A.PASS)
    assert s.credits == [3, 1, 4]


# UR-TURN-5
def test_the_idle_credit_goes_also_to_those_who_could_not_follow() -> None:
    s = table()
    credits(s, 3, 0, 0)
    choose(s, "explore")
    assert s.legal_actions() == [A.PASS]
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert s.credits == [2, 1, 1]


# UR-TURN-5, UR-OPT-1
def test_no_idle_credit_on_an_attack_turn() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "lyzin")
    attack(s, "dravos", "lyzin")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert s.active == BLUE
    assert s.credits == [3, 3, 3]
    assert not [e for e in s.events if e.kind in ("declined", "idle_credit")]


# UR-TURN-5, UR-OPT-1
def test_the_idle_credit_on_an_attack_turn_can_be_switched_on() -> None:
    s = table(attack_idle_credit=True)
    put(s, RED, "dravos")
    put(s, BLUE, "lyzin")
    attack(s, "dravos", "lyzin")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, "attack")
    assert s.credits == [3, 4, 4]


# UR-TURN-6
def test_the_deck_is_rebuilt_the_moment_it_runs_out() -> None:
    """Red draws the deck's last card, Dravos: the discard pile becomes the deck at once, so
    Blue, following, draws from it."""
    s = table()
    on_top(s, "dravos")
    s.discard = [c for c in s.deck if c != card(s, "dravos")]
    s.deck = [card(s, "dravos")]
    choose(s, "explore")
    assert names(s, s.hands[RED]) == ["dravos"]
    assert len(s.deck) == 16 and s.discard == []
    assert [e.data["deck"] for e in s.events if e.kind == "reshuffled"] == [16]
    s.apply(A.FOLLOW)
    assert len(s.hands[BLUE]) == 1 and len(s.deck) == 15


# UR-TURN-6
def test_a_draw_from_an_empty_deck_and_discard_pile_gives_nothing() -> None:
    """Every card is in play; Red's Eremos (5) attacks Blue's Dravos (8) and fails. Green
    backed the defence with 1 credit, so Green takes a free Explore, but there is nothing
    to draw."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    for i, c in enumerate(list(s.deck)):
        put(s, (RED, GREEN)[i % 2], s.content.planets[c].id)
    assert s.deck == [] and s.discard == []
    attack(s, "eremos", "dravos")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 1, "defence")
    assert s.hands[GREEN] == []
    assert [e.data["seat"] for e in s.events if e.kind == "nothing_to_draw"] == [GREEN]
    assert s.active == BLUE


# UR-TURN-7
def test_the_turn_passes_clockwise_after_the_last_follower() -> None:
    s = table(active=GREEN)
    choose(s, "produce")
    s.apply(A.PASS)  # Red
    assert s.active == GREEN and s.current_player == BLUE
    s.apply(A.PASS)  # Blue
    assert s.active == RED and s.phase == P.CHOOSE and s.turn == 1
    assert s.events[-1].kind == "turn" and s.events[-1].data == {"seat": RED, "turn": 2}


# UR-TURN-7
def test_the_win_check_waits_for_the_end_of_the_turn() -> None:
    """Red holds the Universal Rule card (6) and upgraded Solenne and Korrath (4 + 4): 14 VP.
    Producing 7 brings Red to 10 credits and 16 VP, but Red wins only once Blue and Green
    have answered."""
    s = table()
    put(s, RED, "solenne", "upgraded")
    put(s, RED, "korrath", "upgraded")
    s.holder = RED
    assert vp(s, RED) == 14
    choose(s, "produce")
    assert vp(s, RED) == 16
    assert not s.is_terminal() and s.current_player == BLUE
    s.apply(A.PASS)
    s.apply(A.PASS)
    assert s.is_terminal()
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (RED,)


# UR-SETUP-8
def test_turns_go_clockwise_from_a_random_first_player() -> None:
    seed = next(k for k in range(50) if new(seed=k, first_player="random").first == GREEN)
    s = new(seed=seed, first_player="random")
    for _ in range(3):
        s.apply(A.GIVE_UP + min(s.hands[s.current_player]))
    order = []
    for _ in range(4):
        order.append(s.active)
        play_out(s, lambda s, legal: A.CHOOSE + A.PRODUCE if s.phase == P.CHOOSE else legal[0])
    assert order == [GREEN, RED, BLUE, GREEN]


# UR-SETUP-8
def test_seat0_takes_the_first_turn_when_asked() -> None:
    s = new(first_player="seat0")
    for _ in range(3):
        s.apply(A.GIVE_UP + min(s.hands[s.current_player]))
    assert s.active == RED and s.phase == P.CHOOSE
