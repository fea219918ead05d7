"""The battle's result (docs/rules/universal_rule.md, section 9, and the reveal of UR-ATTACK-8).

Seats 0, 1, 2 and 3 are Red, Blue, Green and Yellow; every position starts at the beginning of
Red's turn unless a test says otherwise, with empty hands, no planets and 3 credits each.
Planets used for their numbers (basic military = fleet): Aurelis 2, Tarsis 3, Solenne 4,
Velmora 4, Eremos 5, Korrath 6 (+1 when engaged), Dravos 8; upgraded Solenne 6, Dravos 10;
every upgraded side has fleet 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.games.universal_rule import actions as A
from ludoverse.games.universal_rule import phases as P
from ludoverse.games.universal_rule.state import UniversalRuleState

from .builders import attack, card, commit, credits, fund, give, names, on_top, put, table

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
CENTRE = -1


def no_cards(s: UniversalRuleState) -> None:
    for _ in range(s.n):
        commit(s)


def funds(s: UniversalRuleState, amounts: dict[int, int], sides: dict[int, str]) -> None:
    """The funds step: each seat commits ``amounts[seat]`` (0 if absent); each supporter backs
    ``sides[seat]``."""
    for _ in range(s.n):
        q = s.asked
        fund(s, amounts.get(q, 0), None if s.sides[q] >= 0 else sides[q])


def revealed(s: UniversalRuleState) -> dict[str, Any]:
    return next(e.data for e in reversed(s.events) if e.kind == "battle_revealed")


def explorers(s: UniversalRuleState) -> list[int]:
    return [e.data["seat"] for e in s.events if e.kind == "explored" and e.data["free"]]


# UR-BATTLE-1, UR-ATTACK-8
def test_each_total_is_planet_plus_credits_plus_fleet_of_cards() -> None:
    """Red's Eremos (5) attacks Blue's Dravos (8). Red commits Solenne (fleet 4) and 3
    credits, Green backs the attack with Aurelis (2) and 2 credits: 5 + 4 + 3 + 2 + 2 = 16.
    Blue commits Korrath (6) and 2 credits: 8 + 6 + 2 = 16."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    put(s, BLUE, "dravos")
    put(s, BLUE, "quysin")
    put(s, GREEN, "velmora")
    give(s, RED, "solenne")
    give(s, BLUE, "korrath")
    give(s, GREEN, "aurelis")
    credits(s, 5, 5, 5)
    attack(s, "eremos", "dravos")
    commit(s, "solenne")
    commit(s, "korrath")
    commit(s, "aurelis")
    funds(s, {RED: 3, BLUE: 2, GREEN: 2}, {GREEN: "attack"})
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (16, 16)


# UR-BATTLE-1
def test_a_committed_card_counts_its_basic_fleet() -> None:
    """Dravos committed from hand adds its basic fleet, 8, whatever its upgraded side says."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "solenne", "upgraded")
    give(s, RED, "dravos")
    attack(s, "eremos", "solenne")
    commit(s, "dravos")
    commit(s)
    commit(s)
    funds(s, {}, {GREEN: "defence"})
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (5 + 8, 6)


# UR-BATTLE-1
def test_the_defending_side_adds_its_supporters_like_the_attacking_side() -> None:
    """Red's Dravos (8) attacks Blue's Solenne (4); Green backs the defence with Eremos
    (fleet 5) and Tarsis in play (3 credits): 4 + 5 + 3 = 12."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "tarsis")
    give(s, GREEN, "eremos")
    attack(s, "dravos", "solenne")
    commit(s)
    commit(s)
    commit(s, "eremos")
    funds(s, {GREEN: 3}, {GREEN: "defence"})
    assert (revealed(s)["attack"], revealed(s)["defence"]) == (8, 12)
    assert revealed(s)["success"] is False


# UR-BATTLE-2
@pytest.mark.parametrize(("red_credits", "success"), [(2, False), (3, False), (4, True)])
def test_the_attack_needs_strictly_more_and_the_defender_wins_ties(
        red_credits: int, success: bool) -> None:
    """Red's Eremos (5) attacks Blue's Dravos (8): 5 + 3 = 8 is a tie, which Blue wins;
    5 + 4 = 9 succeeds."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "solenne")
    put(s, BLUE, "dravos")
    credits(s, 5, 3, 3)
    attack(s, "eremos", "dravos")
    no_cards(s)
    funds(s, {RED: red_credits}, {GREEN: "defence"})
    assert revealed(s)["success"] is success
    assert (card(s, "dravos") in s.planets[BLUE]) is not success


# UR-BATTLE-2
def test_a_tie_of_cards_and_credits_on_both_sides_is_a_defence() -> None:
    """16 against 16 (the first example of UR-BATTLE-1): Blue's Dravos stays in play."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    put(s, BLUE, "dravos")
    put(s, BLUE, "quysin")
    put(s, GREEN, "velmora")
    give(s, RED, "solenne")
    give(s, BLUE, "korrath")
    give(s, GREEN, "aurelis")
    credits(s, 5, 5, 5)
    attack(s, "eremos", "dravos")
    commit(s, "solenne")
    commit(s, "korrath")
    commit(s, "aurelis")
    funds(s, {RED: 3, BLUE: 2, GREEN: 2}, {GREEN: "attack"})
    assert revealed(s)["success"] is False
    assert s.planets[BLUE] == [card(s, "dravos"), card(s, "quysin")]
    assert s.side[card(s, "dravos")] == 0


# UR-BATTLE-3
def test_a_successful_attack_downgrades_an_upgraded_planet() -> None:
    """Red's Dravos (8) beats Blue's upgraded Solenne (6): Solenne turns to its basic side and
    stays Blue's."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne", "upgraded")
    attack(s, "dravos", "solenne")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert revealed(s)["success"] is True
    assert s.planets[BLUE] == [card(s, "solenne")]
    assert s.side[card(s, "solenne")] == 0
    assert s.discard == []


# UR-BATTLE-3
def test_a_successful_attack_destroys_a_basic_planet_to_the_discard_pile() -> None:
    """Red's Dravos (8) beats Blue's basic Solenne (4): Solenne leaves play for the discard
    pile."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    put(s, BLUE, "tarsis")
    attack(s, "dravos", "solenne")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert s.planets[BLUE] == [card(s, "tarsis")]
    assert s.discard == [card(s, "solenne")]
    assert s.owner[card(s, "solenne")] == -1
    assert card(s, "solenne") not in s.hands[BLUE]


# UR-BATTLE-3
@pytest.mark.parametrize("side", ["basic", "upgraded"])
def test_a_failed_attack_leaves_the_defending_planet_alone(side: str) -> None:
    """Red's Tarsis (3) cannot beat Blue's Solenne (4 or 6)."""
    s = table()
    put(s, RED, "tarsis")
    put(s, BLUE, "solenne", side)
    attack(s, "tarsis", "solenne")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert revealed(s)["success"] is False
    assert s.planets[BLUE] == [card(s, "solenne")]
    assert s.side[card(s, "solenne")] == (0 if side == "basic" else 1)


# UR-BATTLE-4
def test_a_lone_attacker_takes_the_universal_rule_card_from_the_centre() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    assert s.holder == CENTRE
    attack(s, "dravos", "solenne")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert s.holder == RED


# UR-BATTLE-4
def test_a_supporter_who_committed_more_than_the_attacker_takes_the_card() -> None:
    """Red's Eremos (5) commits nothing more; Green backs the attack with 6 credits from its
    Wim Star (fleet 6): Green's 6 beats Red's 5."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "wim_star")
    credits(s, 3, 3, 6)
    attack(s, "eremos", "solenne")
    no_cards(s)
    funds(s, {GREEN: 6}, {GREEN: "attack"})
    assert revealed(s)["success"] is True
    assert s.holder == GREEN


# UR-BATTLE-4
def test_committed_cards_count_towards_committing_the_most() -> None:
    """Red: Eremos (5) + 2 credits = 7. Green: no credit but Dravos (fleet 8) = 8."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    put(s, BLUE, "solenne")
    give(s, GREEN, "dravos")
    attack(s, "eremos", "solenne")
    commit(s)
    commit(s)
    commit(s, "dravos")
    funds(s, {RED: 2}, {GREEN: "attack"})
    assert s.holder == GREEN


# UR-BATTLE-4
def test_the_attacking_planet_counts_for_the_attacker() -> None:
    """Red: Eremos (5) + 1 credit = 6. Green: 5 credits. Counting credits alone Green would
    have committed more; with the attacking planet Red has."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "tarsis")
    put(s, BLUE, "solenne")
    put(s, GREEN, "velmora")
    put(s, GREEN, "aurelis")
    credits(s, 3, 3, 5)
    attack(s, "eremos", "solenne")
    no_cards(s)
    funds(s, {RED: 1, GREEN: 5}, {GREEN: "attack"})
    assert s.holder == RED


# UR-BATTLE-4
@pytest.mark.parametrize("holder", [CENTRE, RED, BLUE, GREEN])
def test_on_a_tie_for_the_most_the_card_stays_where_it_is(holder: int) -> None:
    """Red: Eremos (5). Green: 5 credits. The attack succeeds, but Red and Green tie, so the
    card stays in the centre or with whoever holds it, even the defender."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "solenne")
    put(s, GREEN, "velmora")
    put(s, GREEN, "aurelis")
    credits(s, 3, 3, 5)
    s.holder = holder
    attack(s, "eremos", "solenne")
    no_cards(s)
    funds(s, {GREEN: 5}, {GREEN: "attack"})
    assert revealed(s)["success"] is True
    assert s.holder == holder


# UR-BATTLE-4
def test_the_card_is_taken_from_the_defender_by_the_single_top_attacker() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    s.holder = BLUE
    attack(s, "dravos", "solenne")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert s.holder == RED


# UR-BATTLE-4
def test_what_the_defending_side_committed_does_not_compete_for_the_card() -> None:
    """Red's Dravos (8) beats Blue's Aurelis (2) backed by Green's 5 credits: Green committed
    less than Red on a losing side, and Red, the only attacker, takes the card."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "aurelis")
    put(s, GREEN, "eremos")
    credits(s, 3, 3, 5)
    s.holder = GREEN
    attack(s, "dravos", "aurelis")
    no_cards(s)
    funds(s, {GREEN: 5}, {GREEN: "defence"})
    assert revealed(s)["success"] is True
    assert s.holder == RED


# UR-BATTLE-4
def test_the_card_does_not_move_on_a_failed_attack_by_a_supporter_who_committed_the_most(
) -> None:
    """Green commits more than Red on the attacking side, but the attack fails: no one takes
    the card."""
    s = table()
    put(s, RED, "tarsis")
    put(s, BLUE, "dravos")
    put(s, GREEN, "eremos")
    credits(s, 3, 3, 4)
    attack(s, "tarsis", "dravos")
    no_cards(s)
    funds(s, {GREEN: 4}, {GREEN: "attack"})
    assert revealed(s)["success"] is False
    assert s.holder == CENTRE


# UR-BATTLE-5
def test_defending_supporters_explore_free_in_turn_order_from_the_attacker() -> None:
    """Four players. Green attacks Blue's Dravos with Eremos and fails. Yellow backed the
    defence with a card only, Red with 1 credit, and Blue (the defender) with 1 credit:
    Yellow then Red draw a card each without paying; Blue draws nothing."""
    s = table(4, active=GREEN)
    put(s, GREEN, "eremos")
    put(s, BLUE, "dravos")
    put(s, BLUE, "tarsis")
    put(s, RED, "solenne")
    put(s, YELLOW, "velmora")
    give(s, YELLOW, "oruun")
    on_top(s, "aurelis", "myrrhon")
    attack(s, "eremos", "dravos")
    commit(s)  # Green
    commit(s, "oruun")  # Yellow
    commit(s)  # Red
    commit(s)  # Blue
    funds(s, {RED: 1, BLUE: 1}, {YELLOW: "defence", RED: "defence"})
    assert revealed(s)["success"] is False
    assert explorers(s) == [YELLOW, RED]
    assert names(s, s.hands[YELLOW]) == ["aurelis"]
    assert names(s, s.hands[RED]) == ["myrrhon"]
    assert s.hands[BLUE] == []
    assert s.credits == [2, 2, 3, 3]  # only the committed credits are gone
    assert s.active == YELLOW


# UR-BATTLE-5
def test_supporters_who_committed_nothing_or_backed_the_attack_get_no_free_explore() -> None:
    """Red's Eremos (5) fails against Blue's Dravos (8). Green backed the defence with nothing;
    Yellow backed the attack with 2 credits. No one explores."""
    s = table(4)
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "solenne")
    put(s, YELLOW, "velmora")
    deck = list(s.deck)
    attack(s, "eremos", "dravos")
    no_cards(s)
    funds(s, {YELLOW: 2}, {GREEN: "defence", YELLOW: "attack"})
    assert revealed(s)["success"] is False
    assert explorers(s) == []
    assert s.hands == [[], [], [], []]
    assert s.deck == deck


# UR-BATTLE-5
def test_a_successful_attack_gives_no_free_explore() -> None:
    """Green backed the defence with 3 credits, but Red's Dravos (8) still beats Blue's
    Aurelis (2 + 3)."""
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "aurelis")
    put(s, GREEN, "tarsis")
    attack(s, "dravos", "aurelis")
    no_cards(s)
    funds(s, {GREEN: 3}, {GREEN: "defence"})
    assert revealed(s)["success"] is True
    assert explorers(s) == []
    assert s.hands[GREEN] == []


# UR-BATTLE-5
def test_a_free_explore_respects_the_hand_limit() -> None:
    """Green holds 3 cards and backed the failed defence with 1 credit: Green draws a fourth
    card and discards one of its choice."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "tarsis")
    give(s, GREEN, "velmora", "aurelis", "oruun")
    on_top(s, "solenne")
    attack(s, "eremos", "dravos")
    no_cards(s)
    funds(s, {GREEN: 1}, {GREEN: "defence"})
    assert s.current_player == GREEN
    assert names(s, s.hands[GREEN]) == ["aurelis", "oruun", "solenne", "velmora"]
    s.apply(A.DISCARD + card(s, "aurelis"))
    assert names(s, s.hands[GREEN]) == ["oruun", "solenne", "velmora"]
    assert card(s, "aurelis") in s.discard


# UR-BATTLE-6
def test_an_attacker_holding_the_card_returns_it_to_the_centre_on_a_failure() -> None:
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    s.holder = RED
    attack(s, "eremos", "dravos")
    no_cards(s)
    funds(s, {}, {GREEN: "defence"})
    assert revealed(s)["success"] is False
    assert s.holder == CENTRE


# UR-BATTLE-6
@pytest.mark.parametrize(("holder", "green_side"), [(BLUE, "defence"), (GREEN, "attack"),
                                                    (GREEN, "defence")])
def test_any_other_holder_keeps_the_card_on_a_failure(holder: int, green_side: str) -> None:
    """The defender, a supporter of the attack or one of the defence keeps it."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    s.holder = holder
    attack(s, "eremos", "dravos")
    no_cards(s)
    funds(s, {}, {GREEN: green_side})
    assert revealed(s)["success"] is False
    assert s.holder == holder


# UR-BATTLE-7
@pytest.mark.parametrize(("red_credits", "success"), [(1, False), (4, True)])
def test_committed_credits_go_to_the_bank_and_cards_to_the_discard_pile_win_or_lose(
        red_credits: int, success: bool) -> None:
    """Red's Eremos (5) with Korrath (6) and ``red_credits`` against Blue's upgraded Dravos
    (10) with 1 credit; Green backs the defence with Aurelis (2) and 1 credit: 12 or 15
    against 14."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "solenne")
    put(s, BLUE, "dravos", "upgraded")
    put(s, BLUE, "tarsis")
    put(s, GREEN, "velmora")
    give(s, RED, "korrath")
    give(s, GREEN, "aurelis")
    credits(s, 5, 5, 5)
    attack(s, "eremos", "dravos")
    commit(s, "korrath")
    commit(s)
    commit(s, "aurelis")
    funds(s, {RED: red_credits, BLUE: 1, GREEN: 1}, {GREEN: "defence"})
    assert revealed(s)["success"] is success
    assert s.credits == [5 - red_credits, 4, 4]
    assert names(s, s.discard) == ["aurelis", "korrath"]
    assert s.committed == [[], [], []]


# UR-BATTLE-7
def test_committed_credits_leave_at_the_reveal_and_cards_are_discarded_after_the_explores(
) -> None:
    """Green holds 3 cards and backed the failed defence with 1 credit and nothing else; Blue
    committed Korrath. While Green, exploring free, discards down to 3, the credits have
    left their owners but Korrath is not yet in the discard pile."""
    s = table()
    put(s, RED, "eremos")
    put(s, RED, "solenne")
    put(s, BLUE, "dravos")
    put(s, GREEN, "tarsis")
    give(s, BLUE, "korrath")
    give(s, GREEN, "velmora", "aurelis", "oruun")
    on_top(s, "myrrhon")
    attack(s, "eremos", "dravos")
    commit(s)
    commit(s, "korrath")
    commit(s)
    funds(s, {RED: 2, GREEN: 1}, {GREEN: "defence"})
    assert s.pending and s.current_player == GREEN
    assert s.credits == [1, 3, 2]
    assert s.observation(RED)["players_view"][GREEN]["credits"] == 2
    assert card(s, "korrath") not in s.discard
    s.apply(A.DISCARD + card(s, "oruun"))
    assert s.discard == [card(s, "oruun"), card(s, "korrath")]


# UR-BATTLE-7
def test_committed_cards_are_not_yet_there_for_a_free_explore_to_draw() -> None:
    """Deck and discard pile are empty. Green backed the failed defence with Aurelis: its free
    Explore finds nothing, and only then are the committed cards discarded."""
    s = table()
    put(s, RED, "eremos")
    put(s, BLUE, "dravos")
    put(s, GREEN, "tarsis")
    give(s, GREEN, "aurelis")
    give(s, RED, "solenne")
    s.deck = []
    attack(s, "eremos", "dravos")
    commit(s, "solenne")
    commit(s)
    commit(s, "aurelis")
    funds(s, {}, {GREEN: "defence"})
    assert explorers(s) == [GREEN]
    assert s.hands[GREEN] == []
    assert names(s, s.discard) == ["aurelis", "solenne"]
    assert s.phase == P.CHOOSE and s.active == BLUE


# UR-BATTLE-7
def test_a_destroyed_planet_reaches_the_discard_pile_before_the_committed_cards() -> None:
    s = table()
    put(s, RED, "dravos")
    put(s, BLUE, "solenne")
    give(s, RED, "eremos")
    attack(s, "dravos", "solenne")
    commit(s, "eremos")
    commit(s)
    commit(s)
    funds(s, {}, {GREEN: "defence"})
    assert s.discard == [card(s, "solenne"), card(s, "eremos")]
