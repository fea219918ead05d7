"""Allocating resources and the Quake (docs/rules/paradox.md, sections 5 and 6).

Every example is seat 1's Matrix phase in a 3-player game (seat 0 is the Chief Scientist).
The Quake track of the shipped content is a ring of the 15 World spaces; tests stand the
Quake a few spaces before the World they are about.
"""

from __future__ import annotations

import pytest

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox.content import default_content
from ludoverse.games.paradox.state import ALLOCATE, MATRIX

from .helpers import (
    act,
    check,
    colours,
    fracture,
    is_fractured,
    is_shielded,
    labels,
    mat,
    mat_card,
    matrix_phase,
    names,
    new_game,
    pending,
    put_on_mat,
    set_matrix,
    set_quake,
    shield,
    swap,
    world,
    world_ahead,
)

RED_ROW = (
    "Rh Bs Wr Yh Ks",
    "Yh Ks Rr Bh Ws",
    "Bh Ws Yr Kh Rs",
    "Kh Rs Br Wh Ys",
    "Rh Rs Rr Wh Bs",
)
"""Swapping r5c4 with r1c1 makes a red 4-Strand in row 5; swapping r5c5 with r3c5 first
makes it a 5-Strand (2 red resources)."""

BLACK_ROW = (
    "Kh Bs Wr Yh Rs",
    "Yh Rs Kr Bh Ws",
    "Bh Ws Yr Rh Ks",
    "Rh Ks Br Wh Ys",
    "Kh Ks Kr Wh Bs",
)
"""The same in black."""

RED_AND_BLACK = (
    "Rh Ks Kr Kh Ws",
    "Yh Bs Wr Bh Ys",
    "Kh Ws Yr Wh Rs",
    "Bh Ys Br Yh Ks",
    "Rh Rs Rr Kh Bs",
)
"""Swapping r1c1 with r5c4 makes a black 4-Strand in row 1 and a red one in row 5."""


def seat1(rows: tuple[str, ...], *cards: tuple[str, str], **options: object):
    """Seat 1's Matrix phase with this Matrix and these (card, discs already on it)."""
    s = new_game(**options)
    for name, placed in cards:
        put_on_mat(s, 1, name, placed=placed)
    set_matrix(s, 1, *rows)
    check(s)
    matrix_phase(s, 1)
    return s


def red_five(s) -> None:
    swap(s, "r5c5", "r3c5")
    swap(s, "r5c4", "r1c1")
    assert pending(s) == ["red", "red"]


def black_five(s) -> None:
    swap(s, "r5c5", "r3c5")
    swap(s, "r5c4", "r1c1")
    assert pending(s) == ["black", "black"]


def quake_events(s) -> list[dict]:
    return [e.data for e in s.events if e.kind == "quake"]


# PX-ALLOC-1
def test_each_resource_is_its_own_decision_in_colour_order() -> None:
    s = seat1(RED_AND_BLACK, ("Alphoria Present", ""), ("Elysium Present", ""),
              alliances=True)
    swap(s, "r1c1", "r5c4")
    assert pending(s) == ["red", "black"]
    assert labels(s) == ["Put red on Alphoria Present", "Spend red on the red Alliance",
                         "Let the red resource go"]
    act(s, "Put red on Alphoria Present")
    assert pending(s) == ["black"]
    assert labels(s)[0] == "Shield Alphoria with black"  # every World, then the rest
    assert labels(s)[-2:] == ["Spend black on the black Alliance", "Let the black resource go"]
    assert "Put black on Elysium Present" not in labels(s)
    act(s, "Let the black resource go")
    assert s.phase == MATRIX


# PX-ALLOC-2
def test_a_timeline_colour_goes_only_on_a_card_still_lacking_it() -> None:
    s = seat1(RED_ROW, ("Alphoria Present", ""), ("Elysium Past", ""),
              ("Alphoria Future", "Rh"), ("Null Beta Nexus", ""))
    swap(s, "r5c4", "r1c1")
    # Alphoria Future (1 red, 1 yellow) has its red; Elysium Past wants yellow;
    # a Nexus takes no resources.
    assert labels(s) == ["Put red on Alphoria Present", "Let the red resource go"]


# PX-ALLOC-3
def test_black_stabilises_a_fractured_world_or_shields_a_stable_one() -> None:
    s = seat1(BLACK_ROW)
    fracture(s, "Elysium")
    shield(s, "Faridae", seat=2)
    set_quake(s, "Null Beta")  # standing on Null Beta does not stop a shield
    black_five(s)
    offered = labels(s)
    assert "Stabilise Elysium with black" in offered
    assert "Shield Null Beta with black" in offered
    assert not [x for x in offered if "Faridae" in x]  # one shield per World at most
    act(s, "Shield Null Beta with black")
    assert is_shielded(s, "Null Beta") and s.world_shield[world(s, "Null Beta")] == 1
    assert not [x for x in labels(s) if "Null Beta" in x]
    act(s, "Stabilise Elysium with black")
    assert not is_fractured(s, "Elysium") and not is_shielded(s, "Elysium")
    assert colours(s.mat_discard[1]).count("black") == 5  # 3 discarded + the 2 resources
    check(s)


# PX-ALLOC-3, PX-WORM-5
@pytest.mark.parametrize("supply", ["finite_15", "unlimited"])
def test_with_no_shield_token_free_a_world_can_only_be_stabilised(supply: str) -> None:
    s = seat1(BLACK_ROW, ("Alphoria Nexus", ""), shield_supply=supply)
    put_on_mat(s, 2, "Faridae Nexus")
    fracture(s, "Elysium")
    for w in s.content.worlds:
        if w.name not in ("Elysium", "Null Beta"):
            shield(s, w.name, seat=2)
    black_five(s)
    assert s.shields_free() == (0 if supply == "finite_15" else 15)
    worlds = [x for x in labels(s) if "with black" in x]
    if supply == "finite_15":
        assert worlds == ["Stabilise Elysium with black"]
    else:
        assert worlds == ["Shield Null Beta with black", "Stabilise Elysium with black"]


# PX-ALLOC-4, PX-QUAKE-1
def test_black_stands_in_for_anything_a_past_timeline_lacks() -> None:
    s = seat1(BLACK_ROW, ("Elysium Past", ""))  # costs 2 yellow
    set_quake(s, "Faridae", before=5)
    black_five(s)
    act(s, "Put black on Elysium Past", "Put black on Elysium Past")
    assert names(s, s.score[1]) == ["Elysium Past"]
    assert world_ahead(s, 0) == "Faridae" and is_fractured(s, "Faridae")  # 5 for a Past


# PX-ALLOC-4, PX-OPT-9
def test_under_printed_only_black_fills_only_black_in_the_cost() -> None:
    s = seat1(BLACK_ROW, ("Elysium Past", ""), ("Alphoria Past", ""),
              black_white_on_past="printed_only")
    black_five(s)
    cards = [x for x in labels(s) if x.startswith("Put")]
    assert cards == ["Put black on Alphoria Past"]  # red 1, black 1
    act(s, "Put black on Alphoria Past")
    assert not [x for x in labels(s) if x.startswith("Put")]  # its black is there


# PX-ALLOC-5
def test_a_resource_not_allocated_is_lost_to_the_mat_discard_pile() -> None:
    s = seat1(RED_ROW)
    swap(s, "r5c4", "r1c1")
    assert labels(s) == ["Let the red resource go"]  # nothing needs red
    act(s, "Let the red resource go")
    assert colours(s.mat_discard[1]) == ["red"] * 4
    assert (s.phase, s.pending) == (MATRIX, [])


# PX-ALLOC-5
def test_a_resource_stays_on_its_card_until_the_card_leaves() -> None:
    s = seat1(RED_ROW, ("Alphoria Future", ""), ("Alphoria Present", ""))
    swap(s, "r5c4", "r1c1")
    act(s, "Put red on Alphoria Future")
    act(s, "End your Matrix phase")
    assert mat(s, 1) == {"Alphoria Future": "Danger!", "Alphoria Present": "Future"}
    assert colours(mat_card(s, 1, "Alphoria Future").discs) == ["red"]
    assert mat_card(s, 1, "Alphoria Present").discs == []


# PX-ALLOC-6, PX-QUAKE-4
def test_alphoria_present_repaired_by_two_red_moves_the_quake_three() -> None:
    # The rulebook's example: Alphoria's Present Timeline costs 2 red. A red 5-Strand earns
    # both; the card goes to the score pile and the Quake moves 3 spaces.
    s = seat1(RED_ROW, ("Alphoria Present", ""))
    set_quake(s, "Null Beta", before=3)
    start = s.quake
    red_five(s)
    act(s, "Put red on Alphoria Present")
    assert s.quake == start and mat(s, 1) == {"Alphoria Present": "Present"}
    act(s, "Put red on Alphoria Present")
    assert names(s, s.score[1]) == ["Alphoria Present"] and mat(s, 1) == {}
    assert s.quake == (start + 3) % 15 and world_ahead(s, 0) == "Null Beta"
    assert quake_events(s)[-1]["steps"] == 3
    assert colours(s.mat_discard[1]) == ["red"] * 5  # 3 from the Strand, 2 from the card
    check(s)


QUAKE_EXAMPLE = (
    "Yh Bs Rs Wh Br",
    "Bh Wr Ks Yh Ws",
    "Wh Yr Bs Bh Yr",
    "Kh Ks Bs Kh Kr",
    "Rh Rs Ys Rh Rr",
)
"""Row 5 becomes a red 5-Strand with the red Star of r1c3; row 4, once it has fallen to
row 5, becomes a black one with the black Star of r2c3 (then at r3c3)."""


# PX-QUAKE-5, PX-QUAKE-3, PX-ALLOC-3
def test_null_beta_fractured_by_the_quake_then_stabilised_and_shielded() -> None:
    s = seat1(QUAKE_EXAMPLE, ("Alphoria Present", ""))
    set_quake(s, "Null Beta", before=3)
    swap(s, "r5c3", "r1c3")
    act(s, "Put red on Alphoria Present", "Put red on Alphoria Present")
    # The Quake stops on Null Beta, Stable and unshielded: it becomes Fractured.
    assert world_ahead(s, 0) == "Null Beta"
    assert is_fractured(s, "Null Beta") and quake_events(s)[-1]["effect"] == "fractured"
    swap(s, "r5c3", "r3c3")  # the black 5-Strand
    assert pending(s) == ["black", "black"]
    act(s, "Stabilise Null Beta with black")
    assert not is_fractured(s, "Null Beta") and not is_shielded(s, "Null Beta")
    act(s, "Shield Null Beta with black")
    assert not is_fractured(s, "Null Beta") and is_shielded(s, "Null Beta")
    assert len(quake_events(s)) == 1  # World resources never move the Quake
    check(s)


# PX-QUAKE-1
@pytest.mark.parametrize(("card", "placed", "steps"), [
    ("Alphoria Past", "Kh", 5),  # red 1, black 1
    ("Alphoria Present", "Rh", 3),  # red 2
    ("Alphoria Future", "Ys", 1),  # red 1, yellow 1
])
def test_the_quake_moves_five_three_or_one_by_era(card: str, placed: str, steps: int) -> None:
    s = seat1(RED_ROW, (card, placed))
    start = s.quake
    swap(s, "r5c4", "r1c1")
    act(s, f"Put red on {card}")
    assert names(s, s.score[1]) == [card]
    assert s.quake == (start + steps) % 15


# PX-QUAKE-2, PX-STRAND-8
def test_two_timelines_repaired_in_one_action_move_the_quake_once_by_the_sum() -> None:
    s = seat1(RED_ROW, ("Alphoria Present", "Rh"), ("Alphoria Past", "Kh"))
    set_quake(s, "Elysium", before=8)
    passed = [world_ahead(s, 3), world_ahead(s, 5)]
    red_five(s)
    act(s, "Put red on Alphoria Present")
    assert s.phase == ALLOCATE and world_ahead(s, 8) == "Elysium"  # not moved yet
    act(s, "Put red on Alphoria Past")
    assert [e["steps"] for e in quake_events(s)] == [8]  # 3 + 5, one move
    assert world_ahead(s, 0) == "Elysium" and is_fractured(s, "Elysium")
    assert not any(is_fractured(s, w) for w in passed)


# PX-QUAKE-2, PX-QUAKE-3
def test_a_shield_placed_in_the_same_action_already_protects() -> None:
    s = seat1(RED_AND_BLACK, ("Alphoria Present", "Rh"))
    set_quake(s, "Faridae", before=3)
    swap(s, "r1c1", "r5c4")
    act(s, "Put red on Alphoria Present")  # repaired: the Quake will move 3
    act(s, "Shield Faridae with black")
    assert world_ahead(s, 0) == "Faridae"
    assert not is_fractured(s, "Faridae") and not is_shielded(s, "Faridae")
    assert quake_events(s)[-1]["effect"] == "shield_broken"
    assert s.shields_free() == 15


# PX-QUAKE-3
@pytest.mark.parametrize(("before", "after", "effect"), [
    ("stable", "fractured", "fractured"),
    ("shielded", "stable", "shield_broken"),
    ("fractured", "fractured", "none"),
])
def test_only_the_world_where_the_quake_stops_is_affected(before: str, after: str,
                                                          effect: str) -> None:
    s = seat1(RED_ROW, ("Alphoria Present", "Rh"))
    set_quake(s, "Null Beta", before=3)
    passed = [world_ahead(s, 1), world_ahead(s, 2)]
    if before == "shielded":
        shield(s, "Null Beta", seat=2)
    elif before == "fractured":
        fracture(s, "Null Beta")
    swap(s, "r5c4", "r1c1")
    act(s, "Put red on Alphoria Present")
    state = "fractured" if is_fractured(s, "Null Beta") else "stable"
    assert (state, is_shielded(s, "Null Beta")) == (after, False)
    assert quake_events(s)[-1]["effect"] == effect
    assert not any(is_fractured(s, w) or is_shielded(s, w) for w in passed)
    check(s)


# PX-QUAKE-3
def test_a_track_space_without_a_world_is_unaffected() -> None:
    data = default_content().model_dump(mode="json")
    data["quake_track"] = {"spaces": 20, "start": 0, "provenance": "reconstructed",
                           "world_spaces": [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17]}
    s = new_game(content=data)
    put_on_mat(s, 1, "Alphoria Present", placed="Rh")
    set_matrix(s, 1, *RED_ROW)
    matrix_phase(s, 1)
    s.quake = 1  # three spaces before the empty space 4
    swap(s, "r5c4", "r1c1")
    act(s, "Put red on Alphoria Present")
    assert s.quake == 4 and s.world_at[4] == -1
    assert quake_events(s)[-1] == {"steps": 3, "space": 4, "world": -1, "effect": "none"}
    assert not any(s.fractured)


# PX-ALLOC-7, PX-QUAKE-1, PX-MATRIX-4
def test_a_strand_through_its_shield_repairs_a_nexus_without_moving_the_quake() -> None:
    s = seat1(("Rh Bs Wr Yh Ks",
               "Yh Ks Yr Bh Ws",
               "Bh Rs Rr Wh Rs",  # Null Beta's Shield lies on the red Star at r3c5
               "Kh Ys Br Kh Ys",
               "Wh Ys Kr Rh Bs"), ("Null Beta Nexus", ""))
    assert s.shields_free() == 14
    start = s.quake
    swap(s, "r3c4", "r1c1")  # row 3, columns 2-5: red, through the shielded disc
    assert names(s, s.score[1]) == ["Null Beta Nexus"] and mat(s, 1) == {}
    assert s.locks[1] == [-1] * 25 and s.shields_free() == 15
    assert pending(s) == ["red"]  # the Strand still earns its resource
    act(s, "Let the red resource go")
    assert s.quake == start and quake_events(s) == []
    check(s)


# PX-ALLOC-8, PX-QUAKE-1
def test_a_parallel_universe_takes_black_or_white_towards_three() -> None:
    s = seat1(BLACK_ROW, ("Parallel Universe 1", "Ws"), deck_scenario="parallel_universe")
    start = s.quake
    black_five(s)
    act(s, "Put black on Parallel Universe 1")
    assert mat(s, 1) == {"Parallel Universe 1": "Present"}
    act(s, "Put black on Parallel Universe 1")  # white + black + black: complete
    assert names(s, s.score[1]) == ["Parallel Universe 1"]
    assert K.is_parallel(s.score[1][0]) and s.quake == start  # not a Timeline


# PX-ALLOC-8
def test_a_parallel_universe_takes_no_red() -> None:
    s = seat1(RED_ROW, ("Parallel Universe 1", ""), deck_scenario="parallel_universe")
    swap(s, "r5c4", "r1c1")
    assert labels(s) == ["Let the red resource go"]
