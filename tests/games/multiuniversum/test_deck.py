"""The deck and the discard pile: the end-of-turn discard and refill, no hand limit, and
rebuilding the deck, also in the middle of a draw (docs/rules/multiuniversum.md, section 5;
MU-SETUP-8, MU-TURN-5, MU-ACTION-2, MU-TOOL-3 and MU-ABILITY-2 where they draw).

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-01: Search, Move, ability, Seal, Recycle
- red-03: Recycle, Seal, Search, ability, Move
- red-04: Move, ability, Recycle, Search, Seal
- red-05: Seal, Search, Move, Recycle, ability
- red-06: Move, Recycle, Search, ability, Seal
- red-10: Search, Seal, Recycle, Move, ability
"""

from __future__ import annotations

import pytest

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    discard,
    discard_draw,
    give,
    move,
    names,
    on_top,
    pass_turn,
    play,
    recycle,
    table,
    tools,
)

GREENS = [f"green-{i:02}" for i in range(1, 11)]
BLUES = [f"blue-{i:02}" for i in range(1, 11)]


def clear_deck_and_pile(s: MultiuniversumState, lab: int = 2) -> None:
    """Park every card of the deck and of the discard pile in ``lab``'s lab."""
    for where in (s.deck, s.discard):
        s.tools[lab].extend(where)
        where.clear()


def set_deck_and_pile(s: MultiuniversumState, deck: list[str], pile: list[str]) -> None:
    """Only these cards in the deck (the first on top) and in the discard pile."""
    clear_deck_and_pile(s)
    on_top(s, *deck)
    discard(s, *pile)


def keep(s: MultiuniversumState, name: str) -> None:
    s.apply(A.KEEP + card(s, name))


def keep_tool(s: MultiuniversumState, name: str) -> None:
    s.apply(A.KEEP_TOOL + card(s, name))


# MU-SETUP-8
def test_five_cards_start_the_discard_pile_face_up() -> None:
    s = GAME.new_game(players=4, seed=11)
    assert len(s.discard) == 5
    assert len(s.deck) == 50 - 12 - 5
    assert s.events[0].data["discard"] == s.discard
    assert [c["id"] for c in s.observation(2)["discard"]] == sorted(s.discard)


# MU-SETUP-8, MU-DECK-5
def test_a_rebuild_turns_five_cards_up_as_at_set_up() -> None:
    s = table()
    give(s, 0, "red-01")
    set_deck_and_pile(s, ["green-01"], BLUES)
    play(s, "red-01")  # Search
    assert len(s.discard) == 5
    assert len(s.deck) == 4
    event = next(e for e in s.events if e.kind == "deck_rebuilt")
    assert event.visible_to is None
    assert event.data == {"deck": 5, "discard": s.discard}


# MU-TURN-5, MU-DECK-2, MU-DECK-3
def test_played_cards_reach_the_pile_before_the_refill_draws() -> None:
    """The deck and the pile are empty: the refill can only draw red-04, played this turn,
    because it was discarded first (a pile of 1 makes a deck of 1, none turned up)."""
    s = table()
    give(s, 0, "red-04", "red-06")
    clear_deck_and_pile(s)
    play(s, "red-04")  # Move
    move(s, 4)
    pass_turn(s)
    assert names(s, s.hands[0]) == ["red-06", "red-04"]
    assert (s.deck, s.discard, s.area[0]) == ([], [], [])


# MU-ACTION-2, MU-DECK-5, MU-DECK-6
def test_search_goes_on_through_two_rebuilds() -> None:
    """Deck: green-01. Pile: six blues. The first card empties the deck: 5 of the 6 blues are
    turned up and 1 is the deck; the second card empties it again: 4 of the 5 are turned up
    and 1 is the deck."""
    s = table()
    give(s, 0, "red-01")
    set_deck_and_pile(s, ["green-01"], BLUES[:6])
    play(s, "red-01")
    hand = names(s, s.hands[0])
    assert hand[0] == "green-01"
    assert hand[1] in BLUES[:6]
    assert (len(s.deck), len(s.discard)) == (1, 4)
    assert sorted(names(s, [*s.deck, *s.discard, s.hands[0][1]])) == BLUES[:6]
    assert [e.data["deck"] for e in s.events if e.kind == "deck_rebuilt"] == [1, 1]


# MU-TOOL-3, MU-DECK-5
def test_discarding_the_last_card_to_draw_rebuilds_the_deck() -> None:
    """Deck: green-01. Pile: nine blues. red-01 is discarded (a pile of 10), green-01 is
    drawn, and the empty deck is rebuilt at once from the 10."""
    s = table()
    give(s, 0, "red-01")
    set_deck_and_pile(s, ["green-01"], BLUES[:9])
    discard_draw(s, "red-01")
    assert names(s, s.hands[0]) == ["green-01"]
    assert (len(s.deck), len(s.discard)) == (5, 5)
    assert sorted(names(s, [*s.deck, *s.discard])) == sorted([*BLUES[:9], "red-01"])


# MU-DECK-1
def test_the_discard_pile_is_public_and_unordered() -> None:
    """The pile shows the same cards, in card order, to every seat, whatever the order they
    were discarded in; the deck shows only its size."""
    s = table()
    give(s, 0, "red-03", "red-01", "blue-07")
    discard(s, "green-09", "green-02")
    discard_draw(s, "blue-07")
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        assert [c["name"] for c in obs["discard"]] == ["blue-07", "green-02", "green-09"]
        assert obs["deck"] == len(s.deck)
    play(s, "red-03")  # Recycle: any card, not only the last discarded
    assert s.legal_actions() == [A.RECYCLE + card(s, n)
                                 for n in ("blue-07", "green-02", "green-09")]
    recycle(s, "green-09")
    assert names(s, sorted(s.discard)) == ["blue-07", "green-02"]


# MU-DECK-2
def test_at_the_end_of_the_turn_every_played_card_goes_to_the_pile() -> None:
    s = table()
    give(s, 0, "red-04", "red-05", "red-10")
    play(s, "red-04")  # Move
    move(s, 2)
    play(s, "red-05")  # Search on transformer 2
    assert names(s, s.area[0]) == ["red-04", "red-05"]
    pass_turn(s)
    assert s.area[0] == []
    assert names(s, s.discard) == ["red-04", "red-05"]


# MU-DECK-2
def test_a_card_kept_by_ability_5_does_not_go_to_the_pile() -> None:
    s = table()
    at(s, 0, 5)
    give(s, 0, "red-05", "red-10", "red-03")
    play(s, "red-05")  # ability 5
    play(s, "red-10")  # ability 5 again
    play(s, "red-03")  # Move on transformer 5
    move(s, 1)
    assert s.phase == P.KEEP_TOOL
    keep_tool(s, "red-10")
    keep_tool(s, "red-03")
    assert names(s, s.tools[0]) == ["red-10", "red-03"]
    assert names(s, s.discard) == ["red-05"]


# MU-DECK-3
@pytest.mark.parametrize(("held", "drawn"), [(0, 3), (1, 2), (2, 1), (3, 0), (4, 0)])
def test_the_hand_is_refilled_to_three(held: int, drawn: int) -> None:
    s = table()
    give(s, 0, *BLUES[:held])
    deck = len(s.deck)
    pass_turn(s)
    assert len(s.hands[0]) == max(3, held)
    assert len(s.deck) == deck - drawn


# MU-DECK-3, MU-DECK-6
def test_the_refill_stops_when_no_card_can_be_had() -> None:
    s = table()
    give(s, 0, "red-01")
    clear_deck_and_pile(s)
    pass_turn(s)
    assert names(s, s.hands[0]) == ["red-01"]
    assert [e.data for e in s.events if e.kind == "nothing_to_draw"] == [{"seat": 0}]
    assert s.current_player == 1


# MU-DECK-4
def test_there_is_no_hand_limit() -> None:
    """Seat 0 searches twice and ends the turn with 7 cards, and keeps them all."""
    s = table()
    give(s, 0, "red-01", "red-10", *BLUES[:3])
    play(s, "red-01")
    play(s, "red-10")
    assert len(s.hands[0]) == 7
    pass_turn(s)
    assert len(s.hands[0]) == 7
    assert s.discard == [card(s, "red-01"), card(s, "red-10")]
    pass_turn(s)
    pass_turn(s)
    assert s.current_player == 0
    assert len(s.hands[0]) == 7


# MU-DECK-5
def test_the_rebuild_uses_only_the_discard_pile() -> None:
    """Cards in play areas, labs and hands stay where they are."""
    s = table()
    at(s, 0, 2)  # red-05 Searches here and red-06 Recycles
    give(s, 0, "red-06", "red-05", "red-03")
    give(s, 1, "purple-01", "purple-02")
    tools(s, 1, "yellow-01")
    set_deck_and_pile(s, ["green-01", "green-02"], BLUES[:7])
    play(s, "red-06")  # Recycle
    recycle(s, "blue-01")
    play(s, "red-05")  # Search: green-01, green-02, and the deck is rebuilt
    assert names(s, s.area[0]) == ["red-06", "red-05"]
    assert names(s, s.hands[1]) == ["purple-01", "purple-02"]
    assert names(s, s.tools[1]) == ["yellow-01"]
    assert sorted(names(s, [*s.deck, *s.discard])) == BLUES[1:7]
    assert (len(s.deck), len(s.discard)) == (1, 5)


# MU-DECK-5
def test_the_new_deck_is_shuffled() -> None:
    piles = set()
    for seed in range(6):
        s = table(seed=seed)
        give(s, 0, "red-01")
        set_deck_and_pile(s, ["green-01"], BLUES)
        play(s, "red-01")
        piles.add(tuple(sorted(s.discard)))
    assert len(piles) > 1


# MU-DECK-6
@pytest.mark.parametrize(("pile", "turned_up"), [(6, 5), (5, 4), (2, 1), (1, 0)])
def test_a_small_pile_turns_up_one_card_fewer_than_it_holds(pile: int, turned_up: int) -> None:
    """red-01 is discarded onto ``pile - 1`` blues and the last card of the deck is drawn."""
    s = table()
    give(s, 0, "red-01")
    set_deck_and_pile(s, ["green-01"], BLUES[:pile - 1])
    discard_draw(s, "red-01")
    assert names(s, s.hands[0]) == ["green-01"]
    assert (len(s.discard), len(s.deck)) == (turned_up, pile - turned_up)


# MU-DECK-6
def test_with_the_pile_empty_too_a_draw_gives_nothing_and_is_tried_again_later() -> None:
    s = table()
    give(s, 0, "red-01", "red-04", "red-10")
    clear_deck_and_pile(s)
    play(s, "red-04")  # Move: nothing to draw yet
    move(s, 2)
    assert (s.deck, s.discard) == ([], [])
    assert "Play red-01: Move" in [s.action_label(a, s.current_player) for a in s.legal_actions()]
    discard_draw(s, "red-10")  # now the pile holds red-10: the draw rebuilds and takes it
    assert names(s, s.hands[0]) == ["red-01", "red-10"]
    assert (s.deck, s.discard) == ([], [])


# MU-ABILITY-2, MU-DECK-5
def test_draw_three_rebuilds_the_deck_mid_draw_then_keeps_two() -> None:
    """On transformer 2, red-04 draws 3: two from the deck, which empties it, and one from
    the rebuilt deck; seat 0 then keeps 2 of its 4 cards and discards the other 2."""
    s = table()
    at(s, 0, 2)
    give(s, 0, "red-04", "red-01")
    set_deck_and_pile(s, ["green-01", "green-02"], BLUES[:7])
    play(s, "red-04")
    assert s.phase == P.KEEP
    hand = names(s, s.hands[0])
    assert hand[:3] == ["red-01", "green-01", "green-02"]
    assert hand[3] in BLUES[:7]
    assert (len(s.deck), len(s.discard)) == (1, 5)
    assert s.legal_actions() == [A.KEEP + c for c in sorted(s.hands[0])]
    keep(s, "green-02")
    keep(s, "red-01")
    assert names(s, s.hands[0]) == ["red-01", "green-02"]
    assert "green-01" in names(s, s.discard) and hand[3] in names(s, s.discard)
    assert len(s.discard) == 7
    assert s.phase == P.TURN
