"""Preparing tools, discarding a card to draw, and passing (docs/rules/multiuniversum.md,
section 4).

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-01: Search, Move, ability, Seal, Recycle
- red-02: ability, Recycle, Seal, Move, Search
- red-03: Recycle, Seal, Search, ability, Move
- red-05: Seal, Search, Move, Recycle, ability
"""

from __future__ import annotations

import json

import pytest

from ludoverse.core.api import IllegalAction
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
    names,
    on_top,
    pass_turn,
    play,
    portal,
    portal_names,
    prepare,
    table,
    tools,
)


def snapshot(s: MultiuniversumState) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def refused(s: MultiuniversumState, action: int) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


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


def kinds(s: MultiuniversumState) -> list[str]:
    return [A.info(a)["kind"] for a in s.legal_actions()]


def cards_named_in_choices(s: MultiuniversumState) -> set[int]:
    return {A.info(a)["card"] for a in s.legal_actions() if "card" in A.info(a)}


# MU-TOOL-1
@pytest.mark.parametrize("transformer", [1, 2, 3, 4, 5])
def test_a_card_is_prepared_as_a_tool_on_every_transformer(transformer: int) -> None:
    s = table()
    at(s, 0, transformer)
    give(s, 0, "blue-03", "red-01")
    assert A.PREPARE + card(s, "blue-03") in s.legal_actions()
    prepare(s, "blue-03")
    assert names(s, s.tools[0]) == ["blue-03"]
    assert names(s, s.hands[0]) == ["red-01"]
    assert s.area[0] == []
    assert s.actions == 1
    assert s.phase == P.TURN
    lab = s.observation(1)["labs"][0]
    assert [(c["name"], c["tool"]) for c in lab["tools"]] == [("blue-03", "blue")]


# MU-TOOL-1
@pytest.mark.parametrize("name", ["blue-03", "blue-06"])
def test_only_the_tool_kind_of_a_prepared_card_matters(name: str) -> None:
    """blue-03 and blue-06 have different rows; either pays Tidal Gate's blue tool."""
    s = table()
    layout(s, ("tidal_gate", "ember_door"), ("cog_arch",), ("null_hatch",), ("magma_vent",),
           ("sun_forge",))
    give(s, 0, name, "red-05")  # red-05 seals on transformer 1
    prepare(s, name)
    play(s, "red-05")
    assert portal_names(s, s.sealed[0]) == ["tidal_gate"]
    assert s.tools[0] == []
    assert names(s, s.discard) == [name]


# MU-TOOL-2
def test_a_tool_never_goes_back_to_the_hand() -> None:
    """No decision names a tool card except paying for a Seal."""
    s = table()
    give(s, 0, "red-01", "red-02")
    tools(s, 0, "blue-01", "green-01", "yellow-01")
    tool_ids = set(s.tools[0])
    assert not cards_named_in_choices(s) & tool_ids
    refused(s, A.PLAY + card(s, "blue-01"))
    refused(s, A.DISCARD + card(s, "blue-01"))
    refused(s, A.PREPARE + card(s, "blue-01"))
    pass_turn(s)
    assert set(s.tools[0]) == tool_ids


# MU-TOOL-2
def test_each_tool_left_in_the_lab_costs_one_dp() -> None:
    s = table()
    tools(s, 0, "blue-01", "green-01", "yellow-01")
    tools(s, 1, "red-01")
    labs = s.observation(None)["labs"]
    assert [lab["score"] for lab in labs] == [-3, -1, 0]


# MU-TOOL-2
def test_a_tool_stays_in_the_lab_until_a_seal_spends_it() -> None:
    """Seat 0's tools stay through a whole round; then Tidal Gate takes only the blue one."""
    s = table()
    layout(s, ("tidal_gate", "ember_door"), ("cog_arch",), ("null_hatch",), ("magma_vent",),
           ("sun_forge",))
    tools(s, 0, "blue-01", "red-10")
    for _ in range(3):
        pass_turn(s)
    assert s.current_player == 0
    assert names(s, s.tools[0]) == ["blue-01", "red-10"]
    s.hands[0] = []
    give(s, 0, "red-05")
    play(s, "red-05")
    assert names(s, s.tools[0]) == ["red-10"]
    assert "blue-01" in names(s, s.discard)
    assert card(s, "blue-01") not in s.hands[0]


# MU-TOOL-3
def test_discard_a_card_to_draw_one() -> None:
    s = table()
    give(s, 0, "red-01", "red-02")
    on_top(s, "green-07", "green-08")
    discard_draw(s, "red-02")
    assert names(s, s.discard) == ["red-02"]
    assert names(s, s.hands[0]) == ["red-01", "green-07"]
    assert names(s, [s.deck[-1]]) == ["green-08"]
    assert s.actions == 1
    assert s.area[0] == []


# MU-TOOL-3
def test_discarding_to_draw_is_offered_whenever_the_hand_is_not_empty() -> None:
    s = table()
    assert "discard_draw" not in kinds(s)
    give(s, 0, "red-03")  # Recycle on transformer 1: not offered, the pile is empty
    assert kinds(s) == ["prepare_tool", "discard_draw", "pass"]
    deck_only(s)
    for c in list(s.discard):  # no card anywhere to draw: discarding is still offered
        s.discard.remove(c)
        s.tools[1].append(c)
    assert kinds(s) == ["prepare_tool", "discard_draw", "pass"]


# MU-TOOL-3
def test_the_discarded_card_can_come_straight_back_when_the_deck_is_empty() -> None:
    """The deck is empty and so is the pile: the discard makes a pile of one, which becomes
    the new deck (none turned up) and is drawn at once."""
    s = table()
    give(s, 0, "red-02", "red-01")
    deck_only(s)
    for c in list(s.discard):
        s.discard.remove(c)
        s.tools[1].append(c)
    discard_draw(s, "red-02")
    assert names(s, s.hands[0]) == ["red-01", "red-02"]
    assert (s.deck, s.discard) == ([], [])


# MU-TOOL-4
def test_pass_is_offered_at_every_point_of_the_turn() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    discard(s, "green-01")
    assert A.PASS in s.legal_actions()
    prepare(s, "red-01")
    assert A.PASS in s.legal_actions()
    discard_draw(s, "red-02")
    assert A.PASS in s.legal_actions()
    assert [s.action_label(A.PASS, s.current_player)] == ["Pass (end the turn)"]


# MU-TOOL-4, MU-TURN-2
def test_after_a_pass_no_more_actions_that_turn() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03", "red-05")
    prepare(s, "red-01")
    pass_turn(s)
    assert s.current_player == 1
    assert names(s, s.tools[0]) == ["red-01"]
    refused(s, A.PREPARE + card(s, "red-02"))
    assert names(s, s.hands[0]) == ["red-02", "red-03", "red-05"]


# MU-TOOL-4
def test_an_empty_hand_can_only_pass() -> None:
    s = table()
    assert s.legal_actions() == [A.PASS]
    pass_turn(s)
    assert s.current_player == 1


# MU-TURN-2
def test_the_third_action_ends_the_turn_without_a_pass() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    prepare(s, "red-01")
    discard_draw(s, "red-02")
    assert s.current_player == 0
    prepare(s, "red-03")
    assert s.current_player == 1
    assert not [e for e in s.events if e.kind == "passed"]


# MU-TURN-2
def test_a_pass_before_the_first_action_takes_none() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    pass_turn(s)
    assert s.current_player == 1
    assert [e.data for e in s.events if e.kind == "passed"] == [{"seat": 0, "actions": 0}]


# MU-TOOL-5
def test_prepared_and_discarded_cards_never_enter_the_play_area() -> None:
    s = table()
    give(s, 0, "red-01", "red-02", "red-03")
    prepare(s, "red-01")
    discard_draw(s, "red-02")
    assert s.area[0] == []
    assert s.played == []


# MU-TOOL-5
def test_ability_5_cannot_keep_a_prepared_or_discarded_card() -> None:
    """On transformer 5 seat 0 prepares red-01, discards red-02 and plays red-05 for ability
    5: the only card it may keep is red-05."""
    s = table()
    at(s, 0, 5)
    give(s, 0, "red-01", "red-02", "red-05")
    prepare(s, "red-01")
    discard_draw(s, "red-02")
    play(s, "red-05")
    assert s.phase == P.KEEP_TOOL
    assert s.legal_actions() == [A.KEEP_TOOL + card(s, "red-05")]
    refused(s, A.KEEP_TOOL + card(s, "red-02"))
    refused(s, A.KEEP_TOOL + card(s, "red-01"))
    s.apply(A.KEEP_TOOL + card(s, "red-05"))
    assert names(s, s.tools[0]) == ["red-01", "red-05"]
    assert names(s, s.discard) == ["red-02"]
