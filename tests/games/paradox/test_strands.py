"""Time Strands: what a Strand is, what it earns, and when it resolves (docs/rules/paradox.md,
section 4).

Every example is seat 1's Matrix phase in a 3-player game (seat 0 is the Chief Scientist, so
seat 1 plays first). Matrices are written top row first; row 5 is the bottom row.
"""

from __future__ import annotations

from ludoverse.games.paradox.state import ALLOCATE, MATRIX

from .helpers import (
    act,
    check,
    colours,
    labels,
    matrix_phase,
    new_game,
    pending,
    put_on_mat,
    set_matrix,
    set_quake,
    show,
    stack_bag,
    strands,
    swap,
    world_ahead,
)

RED_ROW = (
    "Rh Bs Wr Yh Ks",
    "Yh Ks Rr Bh Ws",
    "Bh Ws Yr Kh Rs",
    "Kh Rs Br Wh Ys",
    "Rh Rs Rr Wh Bs",
)
"""Row 5 holds three reds. Swapping its white Helix (r5c4) with the red Helix at r1c1 makes a
red 4-Strand; swapping its blue Star (r5c5) with the red Star at r3c5 first makes room for a
5-Strand."""


def red_row(**options: object):
    s = new_game(**options)
    set_matrix(s, 1, *RED_ROW)
    check(s)
    matrix_phase(s, 1)
    assert strands(s, 1) == []
    return s


def strand_events(s) -> list[dict]:
    return [e.data for e in s.events if e.kind == "strand"]


# PX-STRAND-1
def test_a_four_run_earns_one_resource_of_its_colour() -> None:
    s = red_row()
    swap(s, "r5c4", "r1c1")
    assert s.phase == ALLOCATE
    assert pending(s) == ["red"]
    assert [(e["colour"], e["resources"]) for e in strand_events(s)] == [("red", 1)]
    # The four discs left the Matrix at once: one is the resource, three are discarded.
    assert show(s, 1)[4] == "-- -- -- -- Bs"
    assert len(s.mat_discard[1]) == 3


# PX-STRAND-1
def test_no_action_has_to_make_a_strand() -> None:
    s = red_row()
    swap(s, "r5c5", "r3c5")  # a red Star into row 5: four reds, but not in a run
    assert (s.phase, s.actions_left) == (MATRIX, 1)
    assert s.pending == [] and strand_events(s) == []
    assert show(s, 1)[4] == "Rh Rs Rr Wh Rs"


# PX-STRAND-3, PX-STRAND-1
def test_a_run_of_five_is_one_five_strand_worth_two() -> None:
    s = red_row()
    swap(s, "r5c5", "r3c5")
    swap(s, "r5c4", "r1c1")
    assert pending(s) == ["red", "red"]
    events = strand_events(s)
    assert len(events) == 1  # never two overlapping 4-Strands (they would earn 2 as well)
    assert events[0]["resources"] == 2
    assert show(s, 1)[4] == "-- -- -- -- --"
    assert len(s.mat_discard[1]) == 3  # five discs: two resources, three discarded


# PX-STRAND-5
def test_a_strand_resolves_at_once_even_with_a_five_in_reach() -> None:
    # The red Star at r3c5 could have made row 5 a 5-Strand next action; swapping the red
    # Helix in first makes a 4-Strand that resolves now, for one resource.
    s = red_row()
    swap(s, "r5c4", "r1c1")
    assert s.phase == ALLOCATE and pending(s) == ["red"]
    assert not [x for x in labels(s) if "Resolve" in x or "Swap" in x]  # no holding it back


L_SHAPE = (
    "Yh Bs Wr Rh Ks",
    "Rh Ks Yr Bh Ws",
    "Rh Ws Br Kh Ys",
    "Rh Ys Kr Wh Bs",
    "Wh Rs Rr Rh Bs",
)
"""Column 1 holds three red Helixes above a white one, row 5 three reds beside it: a red
Helix swapped into r5c1 completes both at once, an L."""


# PX-STRAND-2
def test_an_l_makes_two_strands_at_once_and_earns_both() -> None:
    s = new_game()
    set_matrix(s, 1, *L_SHAPE)
    matrix_phase(s, 1)
    swap(s, "r5c1", "r1c4")
    assert len(strand_events(s)) == 2
    assert pending(s) == ["red", "red"]  # 1 + 1: each Strand earns its own resource
    # Seven discs left (the corner is shared and leaves once): two resources, five discarded.
    assert show(s, 1) == [
        "Yh Bs Wr Wh Ks",
        "-- Ks Yr Bh Ws",
        "-- Ws Br Kh Ys",
        "-- Ys Kr Wh Bs",
        "-- -- -- -- Bs",
    ]
    assert len(s.mat_discard[1]) == 5


T_SHAPE = (
    "Yh Bs Wr Kh Rs",
    "Bh Rs Yr Wh Ks",
    "Wh Rs Br Kh Ys",
    "Kh Rs Kr Bh Ws",
    "Rh Ws Rr Rh Bs",
)
"""Column 2 holds three red Stars above a white one, row 5 three reds around it: a red Star
swapped into r5c2 completes both, a T (upside down)."""


# PX-STRAND-2
def test_a_t_makes_two_strands_at_once_and_earns_both() -> None:
    s = new_game()
    set_matrix(s, 1, *T_SHAPE)
    matrix_phase(s, 1)
    swap(s, "r5c2", "r1c5")
    assert len({e["shape"] for e in strand_events(s)}) == 2  # a column and a row
    assert pending(s) == ["red", "red"]
    assert show(s, 1) == [
        "Yh Bs Wr Kh Ws",
        "Bh -- Yr Wh Ks",
        "Wh -- Br Kh Ys",
        "Kh -- Kr Bh Ws",
        "-- -- -- -- Bs",
    ]
    assert len(s.mat_discard[1]) == 5


TWO_COLOURS = (
    "Rh Bs Br Bh Ws",
    "Yh Ks Wr Kh Ys",
    "Bh Ws Yr Wh Rs",
    "Kh Ys Kr Yh Bs",
    "Rh Rs Rr Bh Ks",
)
"""Row 1 is three blues beside a red Helix, row 5 three reds beside a blue Helix."""


# PX-STRAND-2, PX-STRAND-4
def test_one_swap_can_make_strands_of_two_colours() -> None:
    s = new_game()
    set_matrix(s, 1, *TWO_COLOURS)
    matrix_phase(s, 1)
    swap(s, "r1c1", "r5c4")
    assert sorted(e["colour"] for e in strand_events(s)) == ["blue", "red"]
    assert pending(s) == ["red", "blue"]  # decided in colour order (PX-ALLOC-1)
    assert show(s, 1)[0] == "-- -- -- -- Ws" and show(s, 1)[4] == "-- -- -- -- Ks"


REFILL = (
    "Yh Bs Wr Rh Ks",
    "Yh Ks Rr Bh Ws",
    "Yh Ws Br Kh Rs",
    "Kh Rs Yr Wh Ys",
    "Rh Rs Rr Wh Bs",
)
"""Row 5 needs the red Helix of r1c4 to be a 4-Strand. Column 1 holds three yellow Helixes at
the top: once row 5 is gone they drop one space, and a yellow disc refilled at r1c1 makes a
yellow column as well as (with three more yellows) a yellow row 1."""


def refill_makes_an_l():
    s = new_game()
    set_matrix(s, 1, *REFILL)
    matrix_phase(s, 1)
    stack_bag(s, "Yh", "Ys", "Yr", "Yh")  # the refill of row 1, left to right
    swap(s, "r5c4", "r1c4")
    assert pending(s) == ["red"]
    act(s, "Let the red resource go")
    return s


# PX-STRAND-6
def test_strands_made_by_a_refill_wait_for_an_action() -> None:
    s = refill_makes_an_l()
    assert show(s, 1) == [
        "Yh Ys Yr Yh Ks",
        "Yh Bs Wr Wh Ws",
        "Yh Ks Rr Bh Rs",
        "Yh Ws Br Kh Ys",
        "Kh Rs Yr Wh Bs",
    ]
    assert strands(s, 1) == ["yellow 4-Strand in column 1", "yellow 4-Strand in row 1"]
    # Nothing resolved by itself: the player is back to their second action.
    assert (s.phase, s.actions_left, s.pending) == (MATRIX, 1, [])
    assert "Resolve the waiting 4-Strand in row 1" in labels(s)
    assert "Resolve the waiting 4-Strand in column 1" in labels(s)


# PX-STRAND-6, PX-MATRIX-5
def test_one_action_resolves_a_waiting_l_made_by_a_refill() -> None:
    s = refill_makes_an_l()
    act(s, "Resolve the waiting 4-Strand in column 1")
    assert s.actions_left == 0  # resolving spent the action
    assert len(strand_events(s)) == 3  # the red row earlier, now the yellow column and row
    assert pending(s) == ["yellow", "yellow"]  # the row that shares r1c1 came along
    assert show(s, 1)[0] == "-- -- -- -- Ks"
    assert [row.split()[0] for row in show(s, 1)] == ["--", "--", "--", "--", "Kh"]


# PX-STRAND-6
def test_a_waiting_strand_of_another_colour_stays_waiting() -> None:
    s = new_game()
    set_matrix(s, 1,
               "Yh Bs Wr Rh Ks",
               "Rh Ks Rr Bh Ws",
               "Bh Ws Yr Kh Rs",
               "Kh Rs Br Wh Ys",
               "Bh Bs Br Bh Ks")  # a blue 4-Strand left by an earlier refill
    matrix_phase(s, 1)
    assert strands(s, 1) == ["blue 4-Strand in row 5"]
    swap(s, "r1c1", "r3c4")  # an unrelated swap (no Strand): the blue row keeps waiting
    assert (s.phase, s.actions_left) == (MATRIX, 1)
    assert strands(s, 1) == ["blue 4-Strand in row 5"]
    act(s, "Resolve the waiting 4-Strand in row 5")
    assert pending(s) == ["blue"]


GROWABLE = (
    "Rh Bs Wr Yh Ks",
    "Yh Ks Yr Bh Ws",
    "Bh Ws Yr Kh Rs",
    "Kh Ys Br Wh Ys",
    "Rh Rs Rr Rh Bs",
)
"""A red 4-Strand waits in row 5 (left there by a refill); the red Star at r3c5 can grow it."""


# PX-STRAND-7, PX-STRAND-4
def test_a_waiting_four_grown_to_five_by_a_swap_resolves_as_a_five() -> None:
    s = new_game()
    set_matrix(s, 1, *GROWABLE)
    matrix_phase(s, 1)
    assert strands(s, 1) == ["red 4-Strand in row 5"]
    swap(s, "r5c5", "r3c5")
    assert [(e["colour"], e["resources"]) for e in strand_events(s)] == [("red", 2)]
    assert pending(s) == ["red", "red"]
    assert show(s, 1)[4] == "-- -- -- -- --"


# PX-STRAND-4
def test_cutting_a_waiting_five_down_to_four_makes_nothing_new() -> None:
    # The 4 left in the row was already complete before the swap: it keeps waiting, and
    # resolving it later takes an action of its own (engine fix, see matrix._strand_keys).
    s = new_game()
    set_matrix(s, 1,
               "Rh Bs Wr Yh Ks",
               "Yh Ks Yr Bh Ws",
               "Bh Ws Yr Kh Bs",
               "Kh Ys Br Wh Ys",
               "Rh Rs Rr Rh Rs")
    matrix_phase(s, 1)
    assert strands(s, 1) == ["red 5-Strand in row 5"]
    swap(s, "r5c5", "r3c5")  # the blue Star in, the red Star out
    assert (s.phase, s.actions_left, s.pending) == (MATRIX, 1, [])
    assert strands(s, 1) == ["red 4-Strand in row 5"]
    act(s, "Resolve the waiting 4-Strand in row 5")
    assert pending(s) == ["red"] and s.actions_left == 0


# PX-STRAND-8, PX-QUAKE-2
def test_within_an_action_allocation_comes_before_the_quake_and_the_refill() -> None:
    s = new_game()
    put_on_mat(s, 1, "Alphoria Present")  # 2 red
    set_matrix(s, 1, *RED_ROW)
    matrix_phase(s, 1)
    set_quake(s, "Elysium", before=3)
    quake = s.quake
    swap(s, "r5c5", "r3c5")
    swap(s, "r5c4", "r1c1")
    # Resolved: the discs are off the Matrix, the non-resource ones already discarded.
    assert show(s, 1)[4] == "-- -- -- -- --" and len(s.mat_discard[1]) == 3
    act(s, "Put red on Alphoria Present")
    assert (s.phase, s.quake, show(s, 1)[4]) == (ALLOCATE, quake, "-- -- -- -- --")
    stack_bag(s, "Wh", "Ys", "Kr", "Rh", "Bs")
    act(s, "Put red on Alphoria Present")  # the last resource: repaired
    # Then the Quake (3 for a Present), the discs of the card to the discard, drop, refill.
    assert world_ahead(s, 0) == "Elysium"
    assert len(s.mat_discard[1]) == 5
    assert show(s, 1) == [
        "Wh Ys Kr Rh Bs",
        "Wh Bs Wr Yh Ks",
        "Yh Ks Rr Bh Ws",
        "Bh Ws Yr Kh Bs",
        "Kh Rs Br Wh Ys",
    ]
    assert (s.phase, s.actions_left) == (MATRIX, 0)
    assert colours(s.mat_discard[1]).count("red") == 5
