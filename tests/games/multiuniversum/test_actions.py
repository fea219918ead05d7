"""The five row actions of an action card: Search, Transformer ability, Move, Seal Portal and
Recycle (docs/rules/multiuniversum.md, section 3), the deck rebuilt in the middle of a Search
(MU-DECK-5) and deactivated transformers (MU-ABILITY-8).

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-01: Search, Move, ability, Seal, Recycle
- red-02: ability, Recycle, Seal, Move, Search
- red-03: Recycle, Seal, Search, ability, Move
- red-04: Move, ability, Recycle, Search, Seal
- red-05: Seal, Search, Move, Recycle, ability
- red-06: Move, Recycle, Search, ability, Seal

Portals used: Tidal Gate (blue), Ember Door (red), Magma Vent (red + yellow), Deep Current
(blue + green), Sun Forge (red + yellow + green).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import default_content
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
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
    portal_names,
    prepare,
    recycle,
    spend,
    table,
    tools,
)


def plays(s: MultiuniversumState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()
            if A.info(a)["kind"] == "play"]


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


def snapshot(s: MultiuniversumState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def refused(s: MultiuniversumState, action: int) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


def table_with(content: dict[str, Any], players: int = 3) -> MultiuniversumState:
    """Like ``builders.table`` but with changed content."""
    s = GAME.new_game(players=players, seed=0, content=content,
                      options={"first_player": "seat0", "auto_forced": False})
    for q in range(players):
        s.deck.extend(s.hands[q])
        s.hands[q] = []
    s.deck.extend(s.discard)
    s.discard = []
    s.deck.sort()
    s.events = []
    return s


def move_cards_to_lab(s: MultiuniversumState, lab: int, cards: list[int]) -> None:
    """Park cards out of the way, in a lab."""
    for c in cards:
        for where in (s.deck, s.discard):
            if c in where:
                where.remove(c)
        s.tools[lab].append(c)


# MU-ACTION-1
def test_a_played_card_lies_face_up_in_the_play_area_until_the_end_of_the_turn() -> None:
    s = table()
    give(s, 0, "red-04", "red-01", "red-03")
    play(s, "red-04")  # Move
    move(s, 4)
    assert names(s, s.hands[0]) == ["red-01", "red-03"]
    assert names(s, s.area[0]) == ["red-04"]
    for seat in (0, 1, 2, None):
        lab = s.observation(seat)["labs"][0]
        assert [c["name"] for c in lab["play_area"]] == ["red-04"]
    assert s.discard == []
    pass_turn(s)
    assert s.area[0] == []
    assert names(s, s.discard) == ["red-04"]


# MU-ACTION-1, MU-TURN-3
def test_the_action_carried_out_is_the_row_of_the_players_transformer() -> None:
    """red-06 moves on transformer 1 but rotates the stacks (ability 4) on transformer 4."""
    s = table()
    give(s, 0, "red-06")
    at(s, 0, 4)
    tops = [st[-1] for st in s.stacks]
    play(s, "red-06")
    assert s.phase == P.TURN
    assert [st[0] for st in s.stacks] == tops  # every top went to the bottom
    assert s.pos[0] == 3


# MU-ACTION-2
def test_search_draws_two_cards_from_the_deck() -> None:
    s = table()
    give(s, 0, "red-01")
    on_top(s, "blue-01", "blue-02", "blue-03")
    n = len(s.deck)
    play(s, "red-01")
    assert names(s, s.hands[0]) == ["blue-01", "blue-02"]
    assert names(s, [s.deck[-1]]) == ["blue-03"]
    assert len(s.deck) == n - 2
    assert [e.data["card"] for e in s.events if e.kind == "drew"] == [
        card(s, "blue-01"), card(s, "blue-02")]


# MU-ACTION-2, MU-DECK-5
def test_search_rebuilds_the_deck_after_its_first_card_and_draws_the_second_from_it() -> None:
    """One card in the deck, seven in the discard pile: the first card empties the deck, the
    pile becomes the new deck with 5 turned up, and the second card is drawn from it."""
    s = table()
    give(s, 0, "red-01")
    pile = ["green-01", "green-02", "green-03", "green-04", "green-05", "green-06", "green-07"]
    deck_only(s, "blue-01")
    move_cards_to_lab(s, 2, [c for c in s.discard])
    discard(s, *pile)
    tools(s, 1, "purple-01")  # a tool in a lab takes no part
    play(s, "red-01")
    hand = names(s, s.hands[0])
    assert hand[0] == "blue-01"
    assert hand[1] in pile
    assert len(s.discard) == 5
    assert len(s.deck) == 1
    assert sorted(names(s, [*s.discard, *s.deck, s.hands[0][1]])) == pile
    assert names(s, s.tools[1]) == ["purple-01"]
    assert names(s, s.area[0]) == ["red-01"]
    kinds = [e.kind for e in s.events if e.visible_to is None]
    assert kinds[kinds.index("played"):] == ["played", "drew_card", "deck_rebuilt", "drew_card"]


# MU-ACTION-2
def test_search_draws_what_there_is_when_no_second_card_can_be_had() -> None:
    s = table()
    give(s, 0, "red-01")
    deck_only(s, "blue-01")
    move_cards_to_lab(s, 2, list(s.discard))
    play(s, "red-01")
    assert names(s, s.hands[0]) == ["blue-01"]
    assert (s.deck, s.discard) == ([], [])
    assert s.phase == P.TURN and s.actions == 1


# MU-ACTION-2
def test_search_is_offered_when_only_the_discard_pile_holds_a_card() -> None:
    s = table()
    give(s, 0, "red-01")
    deck_only(s)
    move_cards_to_lab(s, 2, list(s.discard))
    assert plays(s) == []
    discard(s, "green-01", "green-02")
    assert plays(s) == ["Play red-01: Search"]
    play(s, "red-01")
    # the pile of 2 becomes a deck of 1 with 1 turned up; that card, drawn, empties the
    # deck again, and the pile of 1 becomes a deck of 1 with none turned up
    assert names(s, sorted(s.hands[0])) == ["green-01", "green-02"]
    assert (s.deck, s.discard) == ([], [])


# MU-ACTION-3
def test_the_ability_is_that_of_the_transformer_stood_on() -> None:
    s = table()
    give(s, 0, "red-02")  # ability on transformer 1: rearrange a stack
    assert plays(s) == ["Play red-02: Transformer ability: rearrange one portal stack in "
                        "secret"]
    play(s, "red-02")
    assert s.phase == P.STACK
    assert s.legal_actions() == [A.STACK + t for t in range(5)]


# MU-ACTION-3, MU-ABILITY-8
def test_the_ability_works_on_a_deactivated_transformer() -> None:
    """Transformer 4's stack is empty; from there red-03 still rotates every other stack."""
    s = table()
    layout(s, ("tidal_gate", "ember_door"), ("magma_vent", "cog_arch", "null_hatch"), (),
           (), ("deep_current",))
    at(s, 0, 4)
    give(s, 0, "red-03")
    assert plays(s) == ["Play red-03: Transformer ability: send every face-up portal to the "
                        "bottom of its stack"]
    play(s, "red-03")
    assert [portal_names(s, st[::-1]) for st in s.stacks] == [
        ["ember_door", "tidal_gate"], ["cog_arch", "null_hatch", "magma_vent"], [], [],
        ["deep_current"]]


# MU-ACTION-4
def test_move_goes_to_any_other_transformer() -> None:
    s = table()
    give(s, 0, "red-04")
    play(s, "red-04")
    assert s.phase == P.MOVE
    assert [s.action_label(a, s.current_player) for a in s.legal_actions()] == [
        "Move to transformer 2 (yellow)", "Move to transformer 3 (purple)",
        "Move to transformer 4 (blue)", "Move to transformer 5 (green)"]
    refused(s, A.MOVE + 0)
    move(s, 4)
    assert s.pos[0] == 3
    assert s.phase == P.TURN


# MU-ACTION-4, MU-ABILITY-8
def test_move_may_end_on_a_deactivated_transformer_where_others_stand() -> None:
    s = table()
    layout(s, ("tidal_gate",), ("ember_door",), (), ("magma_vent",), ("deep_current",))
    at(s, 1, 3)
    at(s, 2, 3)
    give(s, 0, "red-04")
    play(s, "red-04")
    assert A.MOVE + 2 in s.legal_actions()
    move(s, 3)
    assert s.pos == [2, 2, 2]
    assert s.observation(None)["transformers"][2]["scientists"] == [0, 1, 2]
    assert s.observation(None)["transformers"][2]["deactivated"] is True


# MU-ACTION-5
def test_seal_discards_one_tool_of_each_kind_the_portal_shows() -> None:
    """Magma Vent needs a red and a yellow tool; the blue tool is not spent."""
    s = table()
    layout(s, ("magma_vent", "tidal_gate"), ("ember_door",), ("cog_arch",), ("null_hatch",),
           ("deep_current",))
    give(s, 0, "red-05")  # Seal on transformer 1
    tools(s, 0, "red-01", "yellow-01", "blue-01")
    assert plays(s) == ["Play red-05: Seal Portal"]
    play(s, "red-05")
    assert portal_names(s, s.sealed[0]) == ["magma_vent"]
    assert names(s, s.tools[0]) == ["blue-01"]
    assert sorted(names(s, s.discard)) == ["red-01", "yellow-01"]
    assert s.phase == P.TURN


# MU-ACTION-5
def test_no_other_kind_can_stand_in_for_a_missing_tool() -> None:
    s = table()
    layout(s, ("magma_vent", "tidal_gate"), ("ember_door",), ("cog_arch",), ("null_hatch",),
           ("deep_current",))
    give(s, 0, "red-05")
    tools(s, 0, "red-01", "red-02", "blue-01", "green-01", "purple-01")
    assert plays(s) == []
    refused(s, A.PLAY + card(s, "red-05"))


# MU-ACTION-5
def test_a_kind_shown_twice_needs_two_tools_of_it() -> None:
    """In changed content Deep Current needs two blue tools."""
    content = default_content().model_dump(mode="json")
    content["portals"][5]["tools"] = ["blue", "blue"]
    s = table_with(content)
    layout(s, ("deep_current", "tidal_gate"), ("ember_door",), ("cog_arch",), ("null_hatch",),
           ("magma_vent",))
    give(s, 0, "red-05")
    tools(s, 0, "blue-01", "green-01")
    assert plays(s) == []
    tools(s, 0, "blue-02")
    assert plays(s) == ["Play red-05: Seal Portal"]
    play(s, "red-05")
    assert portal_names(s, s.sealed[0]) == ["deep_current"]
    assert names(s, s.tools[0]) == ["green-01"]
    assert sorted(names(s, s.discard)) == ["blue-01", "blue-02"]


# MU-ACTION-5
def test_seal_is_not_offered_where_there_is_no_face_up_portal() -> None:
    s = table()
    layout(s, (), ("ember_door",), ("cog_arch",), ("null_hatch",), ("magma_vent",))
    give(s, 0, "red-05")
    tools(s, 0, "red-01", "yellow-01", "blue-01", "green-01", "purple-01")
    assert plays(s) == []


# MU-ACTION-6
def test_with_more_tools_of_a_needed_kind_the_player_picks_which_goes() -> None:
    """Magma Vent needs red + yellow; the lab holds one yellow (spent at once) and three reds,
    so seat 0 picks the red one to give up."""
    s = table()
    layout(s, ("magma_vent", "tidal_gate"), ("ember_door",), ("cog_arch",), ("null_hatch",),
           ("deep_current",))
    give(s, 0, "red-05")
    tools(s, 0, "red-01", "red-02", "red-03", "yellow-01", "blue-01")
    play(s, "red-05")
    assert s.phase == P.SEAL and s.current_player == 0
    assert names(s, s.discard) == ["yellow-01"]
    assert [s.action_label(a, s.current_player) for a in s.legal_actions()] == [
        "Pay with the tool red-01 (Plasma Torch)", "Pay with the tool red-02 (Plasma Torch)",
        "Pay with the tool red-03 (Plasma Torch)"]
    assert s.observation(1)["seal"]["still_needed"] == {"red": 1}
    refused(s, A.SPEND + card(s, "blue-01"))
    spend(s, "red-02")
    assert s.phase == P.TURN
    assert portal_names(s, s.sealed[0]) == ["magma_vent"]
    assert names(s, s.tools[0]) == ["red-01", "red-03", "blue-01"]
    assert names(s, s.discard) == ["yellow-01", "red-02"]


# MU-ACTION-6
def test_spent_tools_are_in_the_discard_pile_at_once() -> None:
    """Later in the same turn the spent tool can be recycled."""
    s = table()
    layout(s, ("tidal_gate", "ember_door"), ("magma_vent",), ("cog_arch",), ("null_hatch",),
           ("deep_current",))
    give(s, 0, "red-05", "red-04", "red-01")
    tools(s, 0, "blue-01", "blue-02")
    play(s, "red-05")
    spend(s, "blue-02")
    play(s, "red-04")  # Move on transformer 1
    move(s, 5)
    assert "Play red-01: Recycle" in plays(s)
    play(s, "red-01")
    assert s.legal_actions() == [A.RECYCLE + card(s, "blue-02")]


# MU-ACTION-7
def test_the_sealed_portal_goes_to_the_lab_and_the_next_one_turns_face_up() -> None:
    s = table()
    layout(s, ("tidal_gate", "ember_door", "magma_vent"), ("cog_arch",), ("null_hatch",),
           ("deep_current",), ("sun_forge",))
    give(s, 0, "red-05")
    tools(s, 0, "blue-01")
    assert s.observation(1)["transformers"][0]["stack"][1] is None
    play(s, "red-05")
    ember = portal(s, "ember_door")
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        assert [p["name"] for p in obs["labs"][0]["sealed"]] == ["Tidal Gate"]
        assert obs["labs"][0]["sealed"][0]["dp"] == 2
        assert obs["labs"][0]["sealed"][0]["icon"] == "water"
        tr = obs["transformers"][0]
        assert tr["face_up"]["id"] == ember
        assert tr["stack_size"] == 2
        assert tr["stack"][0]["name"] == "Ember Door"
    event = next(e for e in s.events if e.kind == "sealed")
    assert event.data == {"seat": 0, "portal": portal(s, "tidal_gate"), "transformer": 1,
                          "face_up": ember}


# MU-ACTION-7, MU-ABILITY-8
def test_sealing_the_last_portal_deactivates_the_transformer_and_checks_the_end() -> None:
    """Two stacks are already empty in a 3-player game: the third empty stack ends it."""
    s = table()
    layout(s, ("tidal_gate",), ("cog_arch",), (), (), ("sun_forge", "ember_door"))
    give(s, 0, "red-05")
    tools(s, 0, "blue-01")
    play(s, "red-05")
    tr = s.observation(None)["transformers"][0]
    assert (tr["deactivated"], tr["face_up"], tr["stack"]) == (True, None, [])
    end = s.observation(None)["end"]
    assert end["empty_stacks"] == 3
    assert end["triggered"] is True
    assert [e.data["empty_stacks"] for e in s.events if e.kind == "end_triggered"] == [3]


# MU-ACTION-7
def test_emptying_a_stack_below_the_threshold_does_not_trigger_the_end() -> None:
    s = table()
    layout(s, ("tidal_gate",), ("cog_arch",), ("null_hatch",), (), ("sun_forge",))
    give(s, 0, "red-05")
    tools(s, 0, "blue-01")
    play(s, "red-05")
    assert s.observation(None)["end"] == {"empty_stacks": 2, "threshold": 3,
                                          "triggered": False, "last_turn_seat": None}


# MU-ACTION-8
def test_recycle_takes_any_card_of_the_discard_pile() -> None:
    s = table()
    give(s, 0, "red-03")  # Recycle on transformer 1
    discard(s, "green-01", "blue-05", "yellow-07")
    play(s, "red-03")
    assert s.phase == P.RECYCLE
    assert [s.action_label(a, s.current_player) for a in s.legal_actions()] == [
        "Take yellow-07 from the discard pile", "Take blue-05 from the discard pile",
        "Take green-01 from the discard pile"]
    recycle(s, "blue-05")
    assert names(s, s.hands[0]) == ["blue-05"]
    assert names(s, s.discard) == ["green-01", "yellow-07"]
    assert s.phase == P.TURN


# MU-ACTION-8
def test_a_card_played_this_turn_cannot_be_recycled_but_a_discarded_one_can() -> None:
    s = table()
    give(s, 0, "red-04", "red-06", "red-02")
    on_top(s, "green-10")
    play(s, "red-04")  # Move
    move(s, 2)  # red-02's row 2 is Recycle
    discard_draw(s, "red-06")
    assert names(s, s.area[0]) == ["red-04"]
    assert "Play red-02: Recycle" in plays(s)
    play(s, "red-02")
    assert s.legal_actions() == [A.RECYCLE + card(s, "red-06")]
    refused(s, A.RECYCLE + card(s, "red-04"))
    recycle(s, "red-06")  # the third action: the turn ends and the hand is refilled
    assert names(s, s.hands[0]) == ["green-10", "red-06", "green-09"]
    assert names(s, s.discard) == ["red-04", "red-02"]


# MU-ACTION-8
def test_recycle_is_not_offered_from_an_empty_pile() -> None:
    s = table()
    give(s, 0, "red-03", "red-01")
    assert s.discard == []
    assert plays(s) == ["Play red-01: Search"]
    prepare(s, "red-01")
    assert plays(s) == []


# MU-ABILITY-8
def test_every_row_action_but_seal_works_on_a_deactivated_transformer() -> None:
    """Transformer 2 (ability 2) is empty. red-01 moves there, red-02 recycles there, red-05
    searches there, red-04 draws 3 and keeps 2 there; red-03 would seal, which is not
    offered even with every kind of tool in the lab."""
    s = table()
    layout(s, ("tidal_gate",), (), ("cog_arch",), ("null_hatch",), ("sun_forge",))
    at(s, 0, 2)
    give(s, 0, "red-01", "red-02", "red-03", "red-04", "red-05")
    tools(s, 0, "red-10", "yellow-10", "purple-10", "blue-10", "green-10")
    discard(s, "green-01")
    assert plays(s) == ["Play red-01: Move", "Play red-02: Recycle",
                        "Play red-04: Transformer ability: draw 3 cards, then keep only 2 of "
                        "your whole hand", "Play red-05: Search"]
    play(s, "red-04")
    assert s.phase == P.KEEP
    assert len(s.hands[0]) == 7
