"""The credit limit and the hand limit (docs/rules/universal_rule.md, section 2).

Seats 0, 1 and 2 are Red, Blue and Green; every position starts at the beginning of Red's
turn unless a test says otherwise.
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
    colonize,
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
SIX = ("dravos", "solenne", "velmora", "tarsis", "eremos", "aurelis")


def labels(s: UniversalRuleState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def lost(s: UniversalRuleState, kind: str) -> list[int]:
    """The credits lost to the limit, entry by entry, by log entries of one kind."""
    return [e.data["lost"] for e in s.events if e.kind == kind]


def win_battle(s: UniversalRuleState, attacking: str, defending: str, side: str) -> None:
    """Red attacks with no cards and no credits committed; Green supports ``side``."""
    attack(s, attacking, defending)
    commit(s)
    commit(s)
    commit(s)
    fund(s, 0)
    fund(s, 0)
    fund(s, 0, side)


# UR-LIMIT-1
def test_a_player_without_planets_may_hold_five() -> None:
    """Red, with no planets and 4 credits, produces 2: one of them goes back to the bank."""
    s = table()
    credits(s, 4, 3, 3)
    choose(s, "produce")
    assert s.credits[RED] == 5
    assert lost(s, "produced") == [1]


# UR-LIMIT-1
def test_the_limit_is_five_per_planet() -> None:
    """Red, with Dravos and Solenne (limit 10) and 8 credits, produces 1 + 3 and keeps 10."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "solenne")
    credits(s, 8, 3, 3)
    choose(s, "produce")
    assert s.credits[RED] == 10
    assert s.observation(RED)["players_view"][RED]["credit_limit"] == 10


# UR-LIMIT-1
@pytest.mark.parametrize(("planets", "limit"), [(0, 5), (1, 5), (2, 10), (3, 15), (4, 20)])
def test_the_limit_grows_with_the_planets(planets: int, limit: int) -> None:
    s = table()
    for planet in SIX[:planets]:
        put(s, BLUE, planet)
    credits(s, 3, 30, 3)
    choose(s, "explore")
    s.apply(A.PASS)  # Blue takes the idle credit and keeps only the limit
    assert s.credits[BLUE] == limit


# UR-LIMIT-2
def test_no_one_holds_more_than_25() -> None:
    """Blue, with six planets (5 x 6 = 30) and 20 credits, produces 12 and keeps 25."""
    s = table(active=BLUE)
    for planet in SIX:
        put(s, BLUE, planet)
    credits(s, 3, 20, 3)
    choose(s, "produce")
    assert s.credits[BLUE] == 25
    assert lost(s, "produced") == [7]


# UR-LIMIT-2
def test_without_the_cap_six_planets_hold_30() -> None:
    s = table(active=BLUE, credit_limit="per_planet")
    for planet in SIX:
        put(s, BLUE, planet)
    credits(s, 3, 20, 3)
    choose(s, "produce")
    assert s.credits[BLUE] == 30


# UR-LIMIT-3, UR-PRODUCE-2
def test_the_limit_applies_to_produced_income() -> None:
    s = table()
    put(s, RED, "solenne")
    credits(s, 4, 3, 3)
    choose(s, "produce")
    assert s.credits[RED] == 5


# UR-LIMIT-3
def test_the_limit_applies_to_the_idle_credit() -> None:
    """Blue, with no planets and 5 credits, does not follow Red's Explore: the idle credit is
    lost at once."""
    s = table()
    credits(s, 3, 5, 3)
    choose(s, "explore")
    s.apply(A.PASS)
    assert s.credits[BLUE] == 5
    assert lost(s, "declined") == [1]


# UR-LIMIT-3
def test_the_limit_applies_to_follow_costs_received() -> None:
    """Red, with one planet, explores (5 -> 4) at a follow cost of 1; Blue and Green follow:
    Red receives 2 but may hold only 5."""
    s = table()
    put(s, RED, "dravos")
    credits(s, 5, 3, 3)
    choose(s, "explore", 1)
    assert s.credits[RED] == 4
    s.apply(A.FOLLOW)
    s.apply(A.FOLLOW)
    assert s.credits == [5, 1, 1]
    assert lost(s, "paid_follow_cost") == [0, 1]


# UR-LIMIT-3
def test_the_limit_applies_to_a_glommer() -> None:
    """Blue's Cheroa pays 1 when Red explores, but Blue is already at the limit."""
    s = table()
    put(s, BLUE, "cheroa")
    credits(s, 3, 5, 3)
    choose(s, "explore")
    assert s.credits[BLUE] == 5
    assert lost(s, "glommer") == [1]


# UR-LIMIT-3, UR-PLANET-6
def test_the_limit_applies_to_a_thug_payment() -> None:
    """Red (Dravos, 10 credits) colonizes Lyzin (cost 2, 10 -> 8, limit now 10) and makes Blue,
    with four planets, pay 4: Red keeps 10 and Blue still loses all 4."""
    s = table()
    put(s, RED, "dravos")
    for planet in ("solenne", "velmora", "tarsis", "eremos"):
        put(s, BLUE, planet)
    give(s, RED, "lyzin")
    credits(s, 10, 9, 3)
    choose(s, "colonize")
    s.apply(colonize(s, "lyzin"))
    assert s.credits[RED] == 8
    s.apply(A.THUG_TARGET + BLUE)
    assert s.credits[:2] == [10, 5]
    assert lost(s, "thug_paid") == [2]


# UR-LIMIT-3
def test_excess_is_kept_until_the_next_gain() -> None:
    """Blue holds 15 with three planets; Red destroys Blue's Lyzin, so Blue's limit falls to
    10, yet Blue keeps 15. On Blue's turn Blue explores (15 -> 14, no gain) and when Red pays
    the follow cost Blue drops to 10."""
    s = table()
    put(s, RED, "dravos")
    for planet in ("lyzin", "solenne", "velmora"):
        put(s, BLUE, planet)
    credits(s, 3, 15, 3)
    win_battle(s, "dravos", "lyzin", "attack")
    assert names(s, s.planets[BLUE]) == ["solenne", "velmora"]
    assert s.active == BLUE and s.credits[BLUE] == 15
    assert s.observation(BLUE)["players_view"][BLUE]["credit_limit"] == 10
    choose(s, "explore", 1)
    assert s.credits[BLUE] == 14
    s.apply(A.PASS)  # Green
    s.apply(A.FOLLOW)  # Red pays Blue 1
    assert s.credits[BLUE] == 10


# UR-LIMIT-3, UR-PLANET-6
def test_a_thug_payment_of_nothing_is_no_gain() -> None:
    """Red holds 22 with two planets (lost planets left Red above the limit). Red colonizes
    Lyzin (22 - 2 = 20, limit 15) and picks Blue, who has no planets and pays nothing: no
    credit arrives, so Red keeps 20."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    give(s, RED, "lyzin")
    credits(s, 22, 3, 3)
    choose(s, "colonize")
    s.apply(colonize(s, "lyzin"))
    s.apply(A.THUG_TARGET + BLUE)
    assert s.credits == [20, 3, 3]


# UR-LIMIT-4
def test_a_player_with_no_credits_cannot_explore() -> None:
    s = table()
    give(s, RED, "eremos")
    credits(s, 0, 3, 3)
    assert labels(s) == ["Produce"]
    with pytest.raises(IllegalAction, match=r"choose action \(Explore\) is not legal now"):
        s.apply(A.CHOOSE + A.EXPLORE)
    assert s.credits[RED] == 0 and s.phase == P.CHOOSE


# UR-LIMIT-4
def test_a_follower_must_cover_the_whole_cost() -> None:
    """Red explores at follow cost 2; Blue has 2 credits, 1 short of 2 + 1, so Blue may not
    follow and cannot go into debt."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "solenne")
    credits(s, 3, 2, 3)
    choose(s, "explore", 2)
    assert s.legal_actions() == [A.PASS]
    with pytest.raises(IllegalAction,
                       match=r"follow \(Follow: explore \(pay 2\)\) is not legal now"):
        s.apply(A.FOLLOW)
    s.apply(A.PASS)
    assert s.credits[BLUE] == 3


# UR-LIMIT-4, UR-PLANET-6
def test_a_thug_victim_who_cannot_pay_pays_what_they_have() -> None:
    """Green owes 3 for three planets but holds 1: Green pays 1 and ends at 0."""
    s = table()
    for planet in ("solenne", "velmora", "tarsis"):
        put(s, GREEN, planet)
    give(s, RED, "lyzin")
    credits(s, 3, 3, 1)
    choose(s, "colonize")
    s.apply(colonize(s, "lyzin"))
    s.apply(A.THUG_TARGET + GREEN)
    assert s.credits == [2, 3, 0]


# UR-LIMIT-5
def test_a_fourth_card_is_drawn_then_one_is_discarded_by_choice() -> None:
    """Red holds Eremos, Tarsis and Velmora and explores onto Dravos: Red may discard any of the
    four, and keeps the new card."""
    s = table()
    give(s, RED, "eremos", "tarsis", "velmora")
    on_top(s, "dravos")
    choose(s, "explore")
    assert names(s, s.hands[RED]) == ["dravos", "eremos", "tarsis", "velmora"]
    assert s.current_player == RED and s.phase == P.FOLLOW  # the followers wait
    assert labels(s) == ["Discard Eremos", "Discard Tarsis", "Discard Velmora",
                         "Discard Dravos"]
    s.apply(A.DISCARD + card(s, "tarsis"))
    assert names(s, s.hands[RED]) == ["dravos", "eremos", "velmora"]
    assert s.discard == [card(s, "tarsis")]
    assert s.current_player == BLUE


# UR-LIMIT-5
def test_only_a_card_in_hand_can_be_discarded() -> None:
    s = table()
    give(s, RED, "eremos", "tarsis", "velmora")
    on_top(s, "dravos")
    choose(s, "explore")
    with pytest.raises(IllegalAction, match=r"discard \(Discard Solenne\) is not legal now"):
        s.apply(A.DISCARD + card(s, "solenne"))


# UR-LIMIT-5
def test_a_fallen_hand_limit_is_enforced_at_the_next_draw() -> None:
    """Blue's upgraded Myrrhon (hand limit 5) is downgraded by Red's attack (limit 4): Blue
    keeps all 5 cards, then explores and discards 2 of the 6."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "myrrhon", "upgraded")
    put(s, BLUE, "solenne")
    give(s, BLUE, "eremos", "tarsis", "velmora", "aurelis", "korrath")
    win_battle(s, "dravos", "myrrhon", "defence")
    assert s.side[card(s, "myrrhon")] == 0
    assert s.active == BLUE and len(s.hands[BLUE]) == 5
    on_top(s, "lyzin")
    choose(s, "explore")
    assert len(s.hands[BLUE]) == 6
    s.apply(A.DISCARD + card(s, "eremos"))
    assert s.current_player == BLUE
    s.apply(A.DISCARD + card(s, "tarsis"))
    assert names(s, s.hands[BLUE]) == ["aurelis", "korrath", "lyzin", "velmora"]
    assert s.current_player == GREEN


# UR-LIMIT-6
def test_a_cockroach_planet_goes_to_the_discard_pile_when_the_hand_is_full() -> None:
    """Blue's upgraded Nevenell would return the destroyed Lyzin to Blue's hand, but Blue
    already holds 3 cards."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "lyzin")
    put(s, BLUE, "nevenell", "upgraded")
    give(s, BLUE, "eremos", "tarsis", "velmora")
    win_battle(s, "dravos", "lyzin", "attack")
    assert s.discard == [card(s, "lyzin")]
    assert names(s, s.hands[BLUE]) == ["eremos", "tarsis", "velmora"]


# UR-LIMIT-6
def test_a_cockroach_planet_returns_to_a_hand_with_room() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "lyzin")
    put(s, BLUE, "nevenell", "upgraded")
    give(s, BLUE, "eremos", "tarsis")
    win_battle(s, "dravos", "lyzin", "attack")
    assert s.discard == []
    assert names(s, s.hands[BLUE]) == ["eremos", "lyzin", "tarsis"]


# UR-EXPLORE-3
def test_explore_draws_respect_the_hand_limit_for_followers_too() -> None:
    """Blue holds 3 cards and follows Red's Explore: Blue draws a 4th and must discard before
    Green is asked."""
    s = table()
    give(s, BLUE, "eremos", "tarsis", "velmora")
    on_top(s, "dravos", "solenne")
    choose(s, "explore")
    s.apply(A.FOLLOW)
    assert names(s, s.hands[BLUE]) == ["eremos", "solenne", "tarsis", "velmora"]
    assert s.current_player == BLUE
    assert labels(s)[0].startswith("Discard ")
    s.apply(A.DISCARD + card(s, "solenne"))
    assert s.current_player == GREEN
    assert s.discard == [card(s, "solenne")]


# UR-EXPLORE-3
def test_explore_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    s = table()
    on_top(s, "dravos")
    keep = card(s, "dravos")
    s.discard = [c for c in s.deck if c != keep]
    s.deck = [keep]
    choose(s, "explore")
    assert names(s, s.hands[RED]) == ["dravos"]
    assert len(s.deck) == 16 and s.discard == []


# UR-PRODUCE-2
def test_a_produce_follower_is_limited_before_paying_the_follow_cost() -> None:
    """Blue (Solenne, income 3, 4 credits) follows Red's Produce at cost 2: 4 + 3 = 7 is cut to
    5 first, then Blue pays 2 and has 3 (not 5)."""
    s = table()
    put(s, RED, "dravos")
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    credits(s, 3, 4, 3)
    choose(s, "produce", 2)
    s.apply(A.FOLLOW)
    assert s.credits[:2] == [7, 3]
