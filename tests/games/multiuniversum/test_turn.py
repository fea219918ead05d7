"""The turn: up to 3 actions, the row given by the transformer, which actions are offered, and
the end of the turn (docs/rules/multiuniversum.md, section 2; passing, MU-TOOL-4; the first
player, MU-SETUP-9).

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-01: Search, Move, ability, Seal, Recycle
- red-02: ability, Recycle, Seal, Move, Search
- red-03: Recycle, Seal, Search, ability, Move
- red-04: Move, ability, Recycle, Search, Seal
- red-05: Seal, Search, Move, Recycle, ability
- red-06: Move, Recycle, Search, ability, Seal
"""

from __future__ import annotations

import json

import pytest

from ludoverse.core.api import TERMINAL, IllegalAction
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    at,
    card,
    deck_only,
    discard,
    discard_draw,
    give,
    move,
    names,
    on_top,
    pass_turn,
    play,
    portal,
    prepare,
    stack,
    table,
    tools,
)


def labels(s: MultiuniversumState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def plays(s: MultiuniversumState) -> list[str]:
    """The row actions offered, as labels."""
    return [s.action_label(a, s.current_player) for a in s.legal_actions()
            if A.info(a)["kind"] == "play"]


def abilities(s: MultiuniversumState) -> list[str]:
    return [lbl for lbl in plays(s) if "Transformer ability" in lbl]


def keep_tool(s: MultiuniversumState, name: str) -> None:
    s.apply(A.KEEP_TOOL + card(s, name))


def layout(s: MultiuniversumState, *stacks: tuple[str, ...]) -> None:
    """Set the five stacks, each top first; every other portal leaves the game."""
    for t, names_ in enumerate(stacks):
        s.stacks[t] = [portal(s, n) for n in reversed(names_)]
    on_table = {q for st in s.stacks for q in st}
    s.removed = [q for q in range(A.PORTALS) if q not in on_table]
    s.removed_from = [0] * len(s.removed)
    for st in s.stacks:
        if st:
            s.pknow[st[-1]] = P.PUBLIC
    s.edited()


def snapshot(s: MultiuniversumState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def refused(s: MultiuniversumState, action: int) -> None:
    """``action`` raises IllegalAction and the position is unchanged."""
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


# MU-TURN-1
def test_the_turn_offers_row_actions_tools_discards_and_a_pass() -> None:
    """Seat 0 on transformer 1 holds red-01 (Search there), red-04 (Move there) and red-05
    (Seal there, but the lab is empty)."""
    s = table()
    give(s, 0, "red-01", "red-04", "red-05")
    assert labels(s) == [
        "Play red-01: Search", "Play red-04: Move",
        "Prepare red-01 as a tool (Plasma Torch)", "Prepare red-04 as a tool (Plasma Torch)",
        "Prepare red-05 as a tool (Plasma Torch)",
        "Discard red-01 and draw a card", "Discard red-04 and draw a card",
        "Discard red-05 and draw a card",
        "Pass (end the turn)"]


# MU-TURN-1
def test_three_actions_then_the_turn_ends() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    prepare(s, "red-01")
    assert (s.current_player, s.actions) == (0, 1)
    prepare(s, "red-02")
    assert (s.current_player, s.actions) == (0, 2)
    prepare(s, "red-03")
    assert s.current_player == 1
    assert names(s, s.tools[0]) == ["red-01", "red-02", "red-03"]


# MU-TURN-1
def test_the_same_kind_of_action_may_be_repeated_in_any_order() -> None:
    """A Move, a discard, then a second Move: red-01's row on transformer 2 is Move."""
    s = table()
    give(s, 0, "red-04", "red-03", "red-01")
    play(s, "red-04")  # Move, on transformer 1
    move(s, 2)
    discard_draw(s, "red-03")
    assert "Play red-01: Move" in plays(s)
    play(s, "red-01")
    move(s, 5)
    assert s.pos[0] == 4
    assert s.current_player == 1
    assert names(s, s.discard) == ["red-03", "red-04", "red-01"]


# MU-TURN-2
def test_passing_after_one_action_ends_the_turn() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    prepare(s, "red-01")
    pass_turn(s)
    assert s.current_player == 1
    assert names(s, s.tools[0]) == ["red-01"]
    assert len(s.hands[0]) == 3  # two left, refilled by one


# MU-TURN-2
def test_after_the_third_action_no_pass_is_needed() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03", "red-04")
    for name in ("red-01", "red-02", "red-03"):
        assert s.current_player == 0
        prepare(s, name)
    assert (s.current_player, s.actions) == (1, 0)
    assert [e.kind for e in s.events].count("passed") == 0
    assert names(s, s.hands[0]) == ["red-04", "green-10", "green-09"]


# MU-TURN-3
def test_a_card_gives_the_row_of_the_transformer_its_player_stands_on() -> None:
    s = table()
    give(s, 0, "red-01")
    for transformer, action in ((1, "Search"), (2, "Move"),
                                (3, "Transformer ability: swap two face-up portals"),
                                (5, "Recycle")):
        at(s, 0, transformer)
        discard(s, "blue-01")
        assert plays(s) == [f"Play red-01: {action}"]


# MU-TURN-3
def test_after_a_move_later_cards_use_the_new_row() -> None:
    """On transformer 1 red-01 would Search; after red-04 moves seat 0 to transformer 3 it
    swaps portals (ability 3)."""
    s = table()
    give(s, 0, "red-04", "red-01")
    assert plays(s) == ["Play red-01: Search", "Play red-04: Move"]
    play(s, "red-04")
    move(s, 3)
    assert plays(s) == ["Play red-01: Transformer ability: swap two face-up portals"]
    play(s, "red-01")
    assert s.phase == P.SWAP
    assert len(s.deck) == 48  # no Search happened


# MU-TURN-4
def test_seal_is_not_offered_without_the_tools() -> None:
    """Transformer 1 shows Tidal Gate, which needs one blue tool; red-05 seals there."""
    s = table()
    stack(s, 1, "tidal_gate", "ember_door")
    give(s, 0, "red-05")
    tools(s, 0, "red-01")
    assert plays(s) == []
    refused(s, A.PLAY + card(s, "red-05"))
    tools(s, 0, "blue-01")
    assert plays(s) == ["Play red-05: Seal Portal"]


# MU-TURN-4
def test_recycle_is_not_offered_from_an_empty_discard_pile() -> None:
    s = table()
    give(s, 0, "red-03")  # Recycle on transformer 1
    assert s.discard == []
    assert plays(s) == []
    refused(s, A.PLAY + card(s, "red-03"))
    discard(s, "green-01")
    assert plays(s) == ["Play red-03: Recycle"]


# MU-TURN-4
def test_search_is_not_offered_with_no_card_to_draw() -> None:
    s = table()
    give(s, 0, "red-01")  # Search on transformer 1
    deck_only(s)
    for c in list(s.discard):
        s.discard.remove(c)
        s.tools[1].append(c)
    assert (s.deck, s.discard) == ([], [])
    assert plays(s) == []
    refused(s, A.PLAY + card(s, "red-01"))
    discard(s, "green-01")  # a rebuild can now give a card
    assert plays(s) == ["Play red-01: Search"]


# MU-TURN-4
def test_swapping_portals_is_not_offered_with_a_single_face_up_portal() -> None:
    s = table()
    at(s, 0, 3)
    give(s, 0, "red-01")  # ability on transformer 3
    layout(s, (), (), ("tidal_gate", "ember_door", "null_hatch"), (), ())
    assert plays(s) == []
    layout(s, (), ("cog_arch",), ("tidal_gate", "ember_door", "null_hatch"), (), ())
    assert plays(s) == ["Play red-01: Transformer ability: swap two face-up portals"]


# MU-TURN-4
def test_rearranging_and_rotating_are_not_offered_without_a_stack_of_two() -> None:
    s = table()
    give(s, 0, "red-02", "red-03")  # abilities on transformers 1 and 4
    layout(s, ("tidal_gate",), ("ember_door",), (), (), ())
    at(s, 0, 1)
    assert abilities(s) == []
    at(s, 0, 4)
    assert abilities(s) == []
    layout(s, ("tidal_gate",), ("ember_door",), (), (), ("null_hatch", "cog_arch"))
    assert abilities(s) == ["Play red-03: Transformer ability: send every face-up portal to "
                            "the bottom of its stack"]
    at(s, 0, 1)
    assert abilities(s) == ["Play red-02: Transformer ability: rearrange one portal stack in "
                            "secret"]


DRAW_KEEP = ("Play red-04: Transformer ability: draw 3 cards, then keep only 2 of your whole "
             "hand")


def no_card_to_draw(s: MultiuniversumState) -> None:
    for c in list(s.deck):
        s.deck.remove(c)
        s.tools[1].append(c)
    assert (s.deck, s.discard) == ([], [])


# MU-TURN-4
def test_draw_three_keep_two_is_not_offered_with_nothing_to_draw_and_one_card_left() -> None:
    """On transformer 2 red-04 is ability 2; with no card to draw and only red-01 left in
    hand once red-04 is played, it would do nothing."""
    s = table()
    at(s, 0, 2)
    give(s, 0, "red-04", "red-01")
    no_card_to_draw(s)
    assert abilities(s) == []


# MU-TURN-4
def test_draw_three_keep_two_is_not_offered_with_nothing_to_draw_and_two_cards_left() -> None:
    """Once red-04 is played, red-01 and red-02 are left: there is nothing to draw and
    nothing to discard, so the ability would do nothing."""
    s = table()
    at(s, 0, 2)
    give(s, 0, "red-04", "red-01", "red-02")
    no_card_to_draw(s)
    assert abilities(s) == []


# MU-TURN-4
def test_draw_three_keep_two_is_offered_with_three_cards_left_and_nothing_to_draw() -> None:
    """Once red-04 is played, three cards are left: one of them must go."""
    s = table()
    at(s, 0, 2)
    give(s, 0, "red-04", "red-01", "red-02", "red-03")
    no_card_to_draw(s)
    assert abilities(s) == [DRAW_KEEP]
    play(s, "red-04")
    assert s.phase == P.KEEP
    assert s.legal_actions() == [A.KEEP + card(s, n) for n in ("red-01", "red-02", "red-03")]


# MU-TURN-4
def test_a_move_to_the_own_transformer_is_not_offered() -> None:
    s = table()
    give(s, 0, "red-04")
    play(s, "red-04")
    assert s.legal_actions() == [A.MOVE + t for t in (1, 2, 3, 4)]
    refused(s, A.MOVE + 0)


# MU-TURN-4
def test_a_card_not_in_hand_cannot_be_played_and_nothing_changes() -> None:
    s = table()
    give(s, 0, "red-01")
    give(s, 1, "red-04")
    refused(s, A.PLAY + card(s, "red-04"))
    refused(s, A.PREPARE + card(s, "red-04"))
    refused(s, A.DISCARD + card(s, "green-10"))


# MU-TURN-5
def test_the_end_of_the_turn_keeps_then_discards_then_refills_then_passes_on() -> None:
    """On transformer 5 seat 0 plays red-05 for ability 5, red-02 to Search, and prepares
    red-03; then keeps red-02 as a tool."""
    s = table()
    at(s, 0, 5)
    give(s, 0, "red-05", "red-02", "red-03")
    on_top(s, "green-01", "green-02", "green-03")
    play(s, "red-05")
    play(s, "red-02")
    assert names(s, s.hands[0]) == ["red-03", "green-01", "green-02"]
    prepare(s, "red-03")
    assert s.phase == P.KEEP_TOOL and s.current_player == 0
    assert s.legal_actions() == [A.KEEP_TOOL + card(s, "red-02"),
                                 A.KEEP_TOOL + card(s, "red-05")]
    n = len(s.events)
    keep_tool(s, "red-02")
    assert [e.kind for e in s.events[n:] if e.visible_to is None] == [
        "kept_as_tool", "played_cards_discarded", "drew_card", "turn_start"]
    assert names(s, s.tools[0]) == ["red-03", "red-02"]
    assert names(s, s.discard) == ["red-05"]
    assert s.area[0] == []
    assert names(s, s.hands[0]) == ["green-01", "green-02", "green-03"]
    assert s.current_player == 1


# MU-TURN-5
def test_the_next_player_clockwise_follows_the_last_seat() -> None:
    s = table(3, active=2)
    pass_turn(s)
    assert s.current_player == 0
    assert len(s.hands[2]) == 3


# MU-TURN-5
def test_the_end_is_checked_after_the_refill() -> None:
    """The round limit of 1 round ends the game after seat 1's turn; seat 1 had refilled its
    empty hand first (the hand counts in the ties)."""
    s = table(2, round_limit=1)
    pass_turn(s)
    assert s.current_player == 1
    pass_turn(s)
    assert s.current_player == TERMINAL
    assert [len(h) for h in s.hands] == [3, 3]
    assert s.end_reason == "round_limit"


# MU-TOOL-4
def test_a_player_may_pass_before_the_first_action() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03", "red-04")
    assert A.PASS in s.legal_actions()
    pass_turn(s)
    assert s.current_player == 1
    assert names(s, s.hands[0]) == ["red-01", "red-02", "red-03", "red-04"]
    assert s.tools[0] == [] and s.discard == []


# MU-TOOL-4
def test_with_no_other_legal_action_only_a_pass_is_left() -> None:
    s = table()
    assert s.hands[0] == []
    assert labels(s) == ["Pass (end the turn)"]
    refused(s, A.PLAY + card(s, "red-01"))


# MU-TOOL-4
def test_a_forced_pass_is_played_automatically_with_auto_forced() -> None:
    """Seat 1 holds nothing, so after seat 0's pass seat 1's pass is played for it."""
    s = table(3, auto_forced=True)
    give(s, 0, "red-01")
    give(s, 2, "red-02")
    pass_turn(s)
    assert s.current_player == 2
    assert len(s.hands[1]) == 3


# MU-SETUP-9
def test_turns_go_clockwise_from_a_first_player_who_is_not_seat_zero() -> None:
    s = table(5, active=3)
    s.first = 3
    seen = []
    for _ in range(6):
        seen.append(s.current_player)
        pass_turn(s)
    assert seen == [3, 4, 0, 1, 2, 3]
