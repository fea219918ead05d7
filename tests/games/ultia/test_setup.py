"""Components, set-up and the yearly cycle (docs/rules/ultia.md, section 1)."""

from __future__ import annotations

import pytest

from ludoverse.games.ultia import GAME
from ludoverse.games.ultia import cards as C

from .helpers import bid, finish_year, new_game, new_round, pass_bid


# UL-SETUP-1
def test_the_deck_has_four_suits_of_eight_ranks() -> None:
    deck = [C.code(c) for c in range(C.NUM_CARDS)]
    assert len(set(deck)) == 32
    for letter in C.SUIT_LETTERS:
        assert sorted(code for code in deck if code[0] == letter) == [
            f"{letter}{rank}" for rank in range(1, 9)
        ]
    assert {C.parse(code) for code in deck} == set(range(32))


# UL-SETUP-2
def test_exactly_three_players_each_starting_at_zero_percent() -> None:
    assert GAME.min_players == GAME.max_players == 3
    for players in (2, 4):
        with pytest.raises(ValueError):
            GAME.new_game(players=players, seed=1)
    s = GAME.new_game(players=3, seed=1)
    assert s.observation(None)["progress"] == [0, 0, 0]


# UL-SETUP-3, UL-OPT-12
def test_the_first_dealer_is_drawn_at_random_unless_seat_0_is_asked_for() -> None:
    # Nobody at the table knows who sits closest to the sun, so by default a draw decides.
    drawn = {GAME.new_game(players=3, seed=seed).dealer for seed in range(40)}
    assert drawn == {0, 1, 2}
    fixed = {
        GAME.new_game(players=3, seed=seed, options={"first_dealer": "seat0"}).dealer
        for seed in range(10)
    }
    assert fixed == {0}


# UL-SETUP-4
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_dealer_gets_twelve_cards_and_the_others_ten(dealer: int) -> None:
    s = new_round(dealer=dealer)
    sizes = [h.bit_count() for h in s.hands]
    assert sizes[dealer] == 12
    assert sorted(sizes) == [10, 10, 12]
    everything = s.hands[0] | s.hands[1] | s.hands[2]
    assert everything == C.ALL_CARDS  # all 32 cards dealt, none twice, none face down yet
    assert s.talon == 0


# UL-SETUP-4
def test_every_year_is_a_fresh_shuffle() -> None:
    s = new_game(seed=3)
    first_deal = list(s.hands)
    finish_year(s)
    assert s.round == 2
    assert s.hands != first_deal
    assert sum(h.bit_count() for h in s.hands) == 32


# UL-SETUP-5
def test_a_year_is_declaration_then_exploration_then_reporting() -> None:
    s = new_game(seed=5)
    seen: list[str] = []
    while s.round == 1:
        phase = s.observation(None)["phase"]
        if not seen or seen[-1] != phase:
            seen.append(phase)
        s.apply(min(s.legal_actions()))
    # Bidding phases first, then naming trump, then the tricks; Reporting closes the year.
    assert seen[0] == "declare_plan"
    assert seen.index("name_trump") > seen.index("bidding")
    assert seen[-1] == "trick"
    assert s.round_results[0]["round"] == 1
    assert s.observation(None)["phase"] == "declare_plan"  # year 2 starts with a new deal


# UL-SETUP-6, UL-OPT-1
def test_the_deal_passes_to_the_right_each_year() -> None:
    s = new_game(seed=11)
    dealers = [s.dealer]
    for _ in range(3):
        finish_year(s)
        dealers.append(s.dealer)
    assert dealers == [0, 1, 2, 0]
    assert s.hands[0].bit_count() == 12  # the new dealer deals themselves 12


# UL-SETUP-6, UL-OPT-1
def test_with_dealer_rotation_left_the_deal_passes_to_the_left() -> None:
    s = new_game(seed=11, dealer_rotation="left")
    dealers = [s.dealer]
    for _ in range(3):
        finish_year(s)
        dealers.append(s.dealer)
    assert dealers == [0, 2, 1, 0]
    assert s.hands[2].bit_count() == 10 and s.hands[0].bit_count() == 12


# UL-SETUP-7
def test_turns_always_move_to_the_right_that_is_seat_plus_one() -> None:
    s = new_round(dealer=2)
    bid(s, "survey")
    assert s.current_player == 0  # right of seat 2
    pass_bid(s)
    assert s.current_player == 1
