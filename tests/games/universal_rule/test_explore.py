"""Explore (docs/rules/universal_rule.md, section 4), the hand limit on drawing, and the free
Explore after a failed attack.

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn. The builder's deck is stacked with :func:`builders.on_top`.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import (
    attack,
    card,
    choose,
    commit,
    credits,
    fund,
    give,
    names,
    on_top,
    put,
    table,
)

RED, BLUE, GREEN = 0, 1, 2


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def failed_attack(s: UniversalRuleState, blue: int, green: int) -> None:
    """Red's Eremos (5) attacks Blue's Dravos (8), nobody commits cards, Blue commits ``blue``
    credits and Green backs the defence with ``green``: the attack fails."""
    attack(s, "eremos", "dravos")
    for _ in range(3):
        commit(s)
    fund(s, 0)
    fund(s, blue)
    fund(s, green, "defence")


# UR-EXPLORE-1
def test_red_pays_one_and_draws_the_top_card() -> None:
    s = table()
    on_top(s, "dravos", "solenne")
    choose(s, "explore")
    assert s.credits == [2, 3, 3]
    assert names(s, s.hands[RED]) == ["dravos"]
    assert len(s.deck) == 16 and s.deck[-1] == card(s, "solenne")
    assert s.phase == P.FOLLOW and s.current_player == BLUE


# UR-EXPLORE-1
def test_only_red_sees_the_card_drawn() -> None:
    s = table()
    on_top(s, "dravos")
    choose(s, "explore")
    assert [e.data["card"] for e in s.events_for(RED) if e.kind == "drew"] == [card(s, "dravos")]
    assert not [e for e in s.events_for(BLUE) if e.kind == "drew"]
    assert [e.data["seat"] for e in s.events_for(BLUE) if e.kind == "drew_card"] == [RED]
    assert s.observation(BLUE)["players_view"][RED]["hand_size"] == 1


# UR-EXPLORE-1
def test_red_with_no_credit_cannot_explore() -> None:
    s = table()
    credits(s, 0, 3, 3)
    assert "Explore" not in labels(s)


# UR-EXPLORE-1, UR-TURN-6
def test_explore_is_not_offered_with_an_empty_deck_and_discard_pile() -> None:
    s = table()
    s.deck = []
    assert s.discard == []
    assert labels(s) == ["Produce"]
    with pytest.raises(IllegalAction, match=r"choose action \(Explore\) is not legal now"):
        s.apply(A.CHOOSE + A.EXPLORE)


# UR-EXPLORE-1, UR-TURN-6
def test_explore_is_offered_when_only_the_discard_pile_has_cards() -> None:
    s = table()
    s.discard = [card(s, "dravos")]
    s.deck = []
    assert labels(s) == ["Explore", "Produce"]
    choose(s, "explore")
    assert names(s, s.hands[RED]) == ["dravos"]
    assert s.discard == []


# UR-EXPLORE-2
def test_followers_pay_the_follow_cost_to_red_and_one_to_the_bank() -> None:
    """Red (two planets) explores at follow cost 2. Blue follows: 5 - 2 - 1 = 2 and draws the
    next card; Green declines and takes the idle credit; Red collects 2."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    on_top(s, "dravos", "solenne", "velmora")
    credits(s, 3, 5, 3)
    choose(s, "explore", 2)
    assert labels(s) == ["Do not follow (+1 credit)", "Follow: explore (pay 2)"]
    s.apply(A.FOLLOW)
    assert names(s, s.hands[BLUE]) == ["solenne"]
    s.apply(A.PASS)
    assert s.credits == [4, 2, 4]
    assert s.hands[GREEN] == []
    assert s.deck[-1] == card(s, "velmora")


# UR-EXPLORE-2
def test_a_follower_needs_the_follow_cost_plus_one() -> None:
    """At follow cost 2, Blue with 2 credits cannot follow; Green with 3 can."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    credits(s, 3, 2, 3)
    choose(s, "explore", 2)
    assert s.legal_actions() == [A.PASS]
    s.apply(A.PASS)
    assert s.legal_actions() == [A.PASS, A.FOLLOW]
    s.apply(A.FOLLOW)
    assert s.credits == [4, 3, 0]


# UR-EXPLORE-2, UR-TURN-6
def test_no_one_can_follow_when_red_drew_the_very_last_card() -> None:
    s = table()
    s.deck = [card(s, "dravos")]
    choose(s, "explore")
    assert s.deck == [] and s.discard == []
    assert s.legal_actions() == [A.PASS]


# UR-EXPLORE-3, UR-LIMIT-5
def test_red_with_a_full_hand_draws_then_discards_a_card_of_their_choice() -> None:
    """Red holds Eremos, Tarsis and Velmora, draws Dravos and keeps Dravos, discarding
    Eremos."""
    s = table()
    give(s, RED, "eremos", "tarsis", "velmora")
    on_top(s, "dravos")
    choose(s, "explore")
    assert len(s.hands[RED]) == 4
    assert sorted(s.legal_actions()) == sorted(
        A.DISCARD + card(s, p) for p in ("eremos", "tarsis", "velmora", "dravos"))
    s.apply(A.DISCARD + card(s, "eremos"))
    assert names(s, s.hands[RED]) == ["dravos", "tarsis", "velmora"]
    assert s.discard == [card(s, "eremos")]
    assert [e.data["why"] for e in s.events if e.kind == "discarded"] == ["hand_limit_discard"]


# UR-EXPLORE-3, UR-LIMIT-5
def test_the_new_card_itself_may_be_discarded() -> None:
    s = table()
    give(s, RED, "eremos", "tarsis", "velmora")
    on_top(s, "dravos")
    choose(s, "explore")
    s.apply(A.DISCARD + card(s, "dravos"))
    assert names(s, s.hands[RED]) == ["eremos", "tarsis", "velmora"]


# UR-LIMIT-5
def test_a_hand_below_the_limit_keeps_every_card() -> None:
    s = table()
    give(s, RED, "eremos", "tarsis")
    on_top(s, "dravos")
    choose(s, "explore")
    assert names(s, s.hands[RED]) == ["dravos", "eremos", "tarsis"]
    assert s.current_player == BLUE and s.legal_actions() == [A.PASS, A.FOLLOW]


# UR-LIMIT-5
def test_myrrhon_raises_the_hand_limit() -> None:
    """Red's basic Myrrhon makes the limit 4: the fourth card stays."""
    s = table()
    put(s, RED, "myrrhon")
    give(s, RED, "eremos", "tarsis", "velmora")
    on_top(s, "dravos")
    choose(s, "explore")
    assert len(s.hands[RED]) == 4 and s.current_player == BLUE


# UR-EXPLORE-3, UR-TURN-6
def test_the_discard_pile_is_reshuffled_when_a_follower_empties_the_deck() -> None:
    """Two cards left, three in the discard pile: Red draws one, Blue draws the last one and
    the discard pile becomes the deck before Green is asked."""
    s = table()
    rest = [c for c in s.deck if c not in (card(s, "dravos"), card(s, "solenne"))]
    s.discard = rest[:3]
    s.deck = [card(s, "solenne"), card(s, "dravos")]
    choose(s, "explore")
    s.apply(A.FOLLOW)
    assert names(s, s.hands[BLUE]) == ["solenne"]
    assert sorted(s.deck) == sorted(rest[:3]) and s.discard == []
    s.apply(A.FOLLOW)
    assert len(s.hands[GREEN]) == 1 and s.hands[GREEN][0] in rest[:3]
    assert len(s.deck) == 2


# UR-BATTLE-5
def test_a_defence_supporter_takes_a_free_explore_after_a_failed_attack() -> None:
    """Green backs Blue's Dravos with 2 credits and the attack fails: Green draws Tarsis
    without paying the bank (3 - 2 = 1). Blue, the defender, draws nothing."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, BLUE, "velmora")
    put(s, GREEN, "solenne")
    on_top(s, "tarsis")
    failed_attack(s, blue=1, green=2)
    assert names(s, s.hands[GREEN]) == ["tarsis"]
    assert s.hands[BLUE] == []
    assert s.credits == [3, 2, 1]
    assert [e.data["free"] for e in s.events if e.kind == "explored"] == [True]
    assert s.active == BLUE


# UR-BATTLE-5
def test_a_supporter_who_committed_nothing_takes_no_free_explore() -> None:
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "solenne")
    failed_attack(s, blue=0, green=0)
    assert s.hands == [[], [], []]
    assert not [e for e in s.events if e.kind == "explored"]


# UR-BATTLE-5, UR-LIMIT-5
def test_a_free_explore_respects_the_hand_limit() -> None:
    """Green holds 3 cards: the free Explore brings a fourth, and Green discards one."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "solenne")
    give(s, GREEN, "aurelis", "korrath", "velmora")
    on_top(s, "tarsis")
    failed_attack(s, blue=0, green=1)
    assert len(s.hands[GREEN]) == 4
    assert s.current_player == GREEN and s.active == RED
    assert sorted(labels(s)) == ["Discard Aurelis", "Discard Korrath", "Discard Tarsis",
                                 "Discard Velmora"]
    s.apply(A.DISCARD + card(s, "korrath"))
    assert names(s, s.hands[GREEN]) == ["aurelis", "tarsis", "velmora"]
    assert card(s, "korrath") in s.discard
    assert s.active == BLUE


# UR-BATTLE-5
def test_a_free_explore_counts_as_exploring_for_a_glommer() -> None:
    """Blue's Cheroa pays Blue 1 when Green takes a free Explore."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, BLUE, "cheroa")
    put(s, GREEN, "solenne")
    credits(s, 3, 3, 3)
    failed_attack(s, blue=0, green=1)
    assert s.credits == [3, 4, 2]
