"""Phase 2, the Matrix: whose phase it is, swaps, shields, drops and refills, the Nebula, and
the locked-board rebuild (docs/rules/paradox.md, sections 3 and 8).

Unless said otherwise it is seat 1's Matrix phase in a 3-player game with seat 0 as Chief
Scientist. Matrices are written top row first; row 5 is the bottom row, where discs fall to.
"""

from __future__ import annotations

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.state import ALLOCATE, DRAFT, MATRIX

from .helpers import (
    NEUTRAL,
    act,
    check,
    code,
    colours,
    finish_draft,
    labels,
    mat,
    matrix_phase,
    new_game,
    put_on_mat,
    set_anomaly,
    set_matrix,
    show,
    space,
    stack_bag,
    swap,
    swap_anomaly_id,
    swap_id,
    to_nebula,
)

REBUILD = "Rebuild your locked Matrix"


def neutral(players: int = 3, **options: object):
    s = new_game(players=players, **options)
    set_matrix(s, 1, *NEUTRAL)
    set_anomaly(s, "Kh", "Rs", "Yr")
    check(s)
    assert not s.nebulas
    matrix_phase(s, 1)
    return s


def swaps(s) -> list[tuple[str, str]]:
    """The legal swaps as pairs of disc codes (an Anomaly swap names the Anomaly disc)."""
    g = s.matrices[s.mover]
    out = []
    for a in s.legal_actions():
        if A.SWAP <= a < A.SWAP_ANOMALY:
            i, j = A.PAIRS[a - A.SWAP]
            out.append((code(g[i]), code(g[j])))
        elif A.SWAP_ANOMALY <= a < A.RESOLVE:
            i = a - A.SWAP_ANOMALY
            out.append((code(g[i]), code(s.anomaly[G.symbol_of(g[i])])))
    return out


# PX-MATRIX-1, PX-SETUP-13
def test_matrix_phases_go_left_from_the_chief_scientist_who_plays_last() -> None:
    s = new_game(players=4)
    finish_draft(s)
    movers = []
    while s.phase == MATRIX:
        assert s.actions_left == 2  # two actions each
        movers.append(s.current_player)
        s.apply(A.END_PHASE)
    assert movers == [1, 2, 3, 0]
    assert (s.phase, s.turn, s.cs) == (DRAFT, 2, 1)


# PX-MATRIX-1
def test_only_the_player_whose_phase_it_is_draws_from_the_bag() -> None:
    # The bag runs dry: the refill goes on with the discs on the mover's own discard pile,
    # never with another player's.
    s = new_game()
    set_matrix(s, 1,
               "Rh Bs Wr Yh Ks",
               "Yh Ks Rr Bh Ws",
               "Bh Ws Yr Kh Rs",
               "Kh Rs Br Wh Ys",
               "Rh Rs Rr Wh Bs")
    matrix_phase(s, 1)
    s.mat_discard[2] += s.bag  # seat 2 has not yet put its discards back
    s.bag = []
    swap(s, "r5c4", "r1c1")
    act(s, "Let the red resource go")
    assert show(s, 1)[0].split()[:4] == ["Rh", "Rs", "Rr", "Rh"]  # its own four red discs
    assert s.mat_discard[1] == [] and s.bag == []
    check(s)


# PX-MATRIX-2
def test_a_swap_exchanges_two_discs_of_the_same_symbol() -> None:
    s = neutral()
    pairs = swaps(s)
    assert pairs and all(a[1] == b[1] for a, b in pairs)
    with pytest.raises(IllegalAction):
        swap(s, "r5c1", "r5c2")  # a Helix and a Star
    swap(s, "r5c1", "r5c4")  # white Helix and red Helix
    assert show(s, 1)[4] == "Rh Ys Kr Wh Bs"
    assert s.actions_left == 1


# PX-MATRIX-2
def test_a_swap_with_the_anomaly_takes_its_disc_of_that_symbol() -> None:
    s = neutral()
    assert s.anomaly == [G.disc(G.BLACK, 0), G.disc(G.RED, 1), G.disc(G.YELLOW, 2)]
    act(s, "Swap r5c1 with the Anomaly")
    assert show(s, 1)[4] == "Kh Ys Kr Rh Bs"
    assert code(s.anomaly[0]) == "Wh"  # the white Helix now lies on the Anomaly
    assert s.actions_left == 1


# PX-MATRIX-3
def test_identical_discs_are_never_offered_as_a_swap() -> None:
    s = neutral()
    assert show(s, 1)[0].startswith("Rh") and show(s, 1)[4].split()[3] == "Rh"
    assert swap_id("r1c1", "r5c4") not in s.legal_actions()
    assert all(a != b for a, b in swaps(s))
    set_anomaly(s, "Rh", "Rs", "Yr")
    assert swap_anomaly_id("r1c1") not in s.legal_actions()  # a red Helix for a red Helix
    assert swap_anomaly_id("r2c1") in s.legal_actions()


# PX-MATRIX-4, PX-WORM-4
def test_a_shielded_disc_cannot_be_swapped() -> None:
    s = new_game()
    put_on_mat(s, 1, "Null Beta Nexus")  # its Shield token lies on r3c5
    set_matrix(s, 1, *NEUTRAL)
    set_anomaly(s, "Kh", "Ws", "Yr")
    matrix_phase(s, 1)
    assert s.locks[1][space("r3c5")] >= 0
    shielded = space("r3c5")
    for a in s.legal_actions():
        if A.SWAP <= a < A.SWAP_ANOMALY:
            assert shielded not in A.PAIRS[a - A.SWAP]
    assert swap_anomaly_id("r3c5") not in s.legal_actions()
    assert swap_id("r3c5", "r1c5") not in s.legal_actions()  # two Stars, one shielded


SHIELDED_COLUMN = (
    "Rh Bs Wr Yh Ks",
    "Yh Ks Rr Bh Ws",
    "Bh Ws Yr Kh Ys",
    "Kh Ys Br Wh Bs",
    "Rh Rs Rr Wh Rs",
)
"""Null Beta's Shield lies on r3c5. Row 5 becomes a red 5-Strand when the red Helix of r1c1
takes the place of the white Helix at r5c4."""


# PX-MATRIX-9, PX-MATRIX-4, PX-MATRIX-8
def test_a_shield_splits_its_column_when_the_matrix_drops() -> None:
    s = new_game()
    put_on_mat(s, 1, "Null Beta Nexus")
    set_matrix(s, 1, *SHIELDED_COLUMN)
    matrix_phase(s, 1)
    stack_bag(s, "Kr", "Yr", "Bh", "Kh", "Wr")
    swap(s, "r5c4", "r1c1")
    act(s, "Let the red resource go", "Let the red resource go")
    # Columns 1-4 fall one space. In column 5 the discs above the shield stay where they
    # are, the disc below it falls, and the space it left (r4c5) is refilled first: row 4
    # comes before row 1 in the refill order.
    assert show(s, 1) == [
        "Yr Bh Kh Wr Ks",
        "Wh Bs Wr Yh Ws",
        "Yh Ks Rr Bh Ys",
        "Bh Ws Yr Kh Kr",
        "Kh Ys Br Wh Bs",
    ]
    assert s.locks[1][space("r3c5")] >= 0  # still shielded, the same Yellow Star beneath
    check(s)


L_SHAPE = (
    "Yh Bs Wr Rh Ks",
    "Rh Ks Yr Bh Ws",
    "Rh Ws Br Kh Ys",
    "Rh Ys Kr Wh Bs",
    "Wh Rs Rr Rh Bs",
)


# PX-MATRIX-7
def test_strand_discs_leave_at_once_then_the_columns_drop_in_order() -> None:
    s = new_game()
    set_matrix(s, 1, *L_SHAPE)
    matrix_phase(s, 1)
    swap(s, "r5c1", "r1c4")  # a red L: column 1 from row 2 down, row 5 from column 1
    assert s.phase == ALLOCATE
    # All seven discs are off the Matrix before anything drops; one per resource is held
    # for allocation, the other five are on the mat's discard pile.
    assert show(s, 1) == [
        "Yh Bs Wr Wh Ks",
        "-- Ks Yr Bh Ws",
        "-- Ws Br Kh Ys",
        "-- Ys Kr Wh Bs",
        "-- -- -- -- Bs",
    ]
    assert len(s.pending) == 2 and colours(s.mat_discard[1]) == ["red"] * 5
    stack_bag(s, "Bh", "Wh", "Kh", "Rs", "Yr", "Bs", "Wr")
    act(s, "Let the red resource go", "Let the red resource go")
    rows = show(s, 1)
    assert [r.split()[1] for r in rows] == ["Yr", "Bs", "Ks", "Ws", "Ys"]  # same order
    assert rows[4] == "Yh Ys Kr Wh Bs"  # the yellow Helix fell from row 1 to row 5


# PX-MATRIX-8
def test_the_refill_goes_left_to_right_and_bottom_to_top() -> None:
    s = new_game()
    set_matrix(s, 1, *L_SHAPE)
    matrix_phase(s, 1)
    # Seven spaces are empty after the drop: r4c1, r3c1, r2c1 and r1c1-r1c4. The discs
    # drawn fill row 4 first, then row 3, row 2, and row 1 from left to right.
    stack_bag(s, "Bh", "Wh", "Kh", "Rs", "Yr", "Bs", "Wr")
    swap(s, "r5c1", "r1c4")
    act(s, "Let the red resource go", "Let the red resource go")
    assert show(s, 1) == [
        "Rs Yr Bs Wr Ks",
        "Kh Bs Wr Wh Ws",
        "Wh Ks Yr Bh Ys",
        "Bh Ws Br Kh Bs",
        "Yh Ys Kr Wh Bs",
    ]
    check(s)


# PX-MATRIX-8
def test_with_nothing_left_to_draw_a_space_stays_empty() -> None:
    s = new_game()
    put_on_mat(s, 1, "Alphoria Future")  # takes the red resource
    set_matrix(s, 1,
               "Rh Bs Wr Yh Ks",
               "Yh Ks Rr Bh Ws",
               "Bh Ws Yr Kh Rs",
               "Kh Rs Br Wh Ys",
               "Rh Rs Rr Wh Bs")
    matrix_phase(s, 1)
    s.mat_discard[2] += s.bag
    s.bag = []
    swap(s, "r5c4", "r1c1")
    act(s, "Put red on Alphoria Future")
    # Three discarded discs come back from the mat's discard pile; the fourth space waits.
    assert show(s, 1)[0].split()[3] == "--"
    assert "--" not in " ".join(show(s, 1)[1:])
    check(s)


# PX-MATRIX-5
def test_a_player_may_end_their_phase_early() -> None:
    s = neutral()
    assert "End your Matrix phase" in labels(s)  # even before the first action
    swap(s, "r5c1", "r5c4")
    act(s, "End your Matrix phase")  # the second action is forgone
    assert (s.phase, s.current_player, s.actions_left) == (MATRIX, 2, 2)


# PX-MATRIX-5
def test_with_no_action_left_only_ending_the_phase_remains() -> None:
    s = neutral()
    swap(s, "r5c1", "r5c4")
    swap(s, "r5c1", "r5c4")
    assert labels(s) == ["End your Matrix phase"]


# PX-MATRIX-6
def test_a_nebula_on_the_anomaly_blocks_every_anomaly_swap() -> None:
    s = neutral()
    assert [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]
    to_nebula(s, "Nebula 1")
    assert not [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]
    assert s.observation(1)["anomaly_blocked"]
    # Swaps inside the Matrix are not affected.
    assert swap_id("r5c1", "r5c4") in s.legal_actions()


# PX-MATRIX-6
def test_with_nebula_effect_none_a_nebula_blocks_nothing() -> None:
    s = neutral(nebula_effect="none")
    to_nebula(s, "Nebula 1")
    assert [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]


LOCKED = (
    "Rh Ws Br Kh Ys",
    "Ws Br Kh Ys Br",
    "Br Kh Ys Br Rh",
    "Kh Ys Br Rh Ws",
    "Ys Br Rh Ws Br",
)
"""Every run of four spaces holds all three symbols, but each colour keeps to one symbol
(Helix: red and black, Star: yellow and white, Ring: blue), so no colour can ever fill a
run: with this Anomaly (black Helix, white Star, blue Ring) the Matrix is locked."""


def locked_board(**options: object):
    s = new_game(players=4, **options)  # 9 discs of each kind: enough blue Rings
    set_matrix(s, 1, *LOCKED)
    set_anomaly(s, "Kh", "Ws", "Br")
    check(s)
    return s


# PX-LOCK-1
def test_a_locked_matrix_may_be_rebuilt_at_the_start_of_the_phase() -> None:
    s = locked_board()
    matrix_phase(s, 1)
    assert REBUILD in labels(s)
    bag = len(s.bag)
    act(s, REBUILD)
    # All 25 discs went back into the bag and 25 were drawn; no action was spent.
    assert (s.phase, s.current_player, s.actions_left) == (MATRIX, 1, 2)
    assert len(s.bag) == bag and "--" not in " ".join(show(s, 1))
    assert show(s, 1) != list(LOCKED)
    check(s)


# PX-LOCK-1
def test_a_rebuild_keeps_the_nexus_lock_on_the_new_disc_there() -> None:
    s = locked_board()
    nexus = put_on_mat(s, 1, "Alphoria Nexus")  # its Shield lies on r1c3
    matrix_phase(s, 1)
    act(s, REBUILD)
    assert s.locks[1][space("r1c3")] == nexus.card
    assert show(s, 1)[0].split()[2] != "--"
    assert mat(s, 1) == {"Alphoria Nexus": "Present"}


# PX-LOCK-1
def test_the_rebuild_is_offered_only_before_the_first_action() -> None:
    s = locked_board()
    matrix_phase(s, 1)
    swap(s, "r1c1", "r1c4")  # red Helix and black Helix
    assert REBUILD not in labels(s)


# PX-LOCK-1, PX-OPT-15
def test_no_rebuild_when_a_strand_is_in_reach_or_the_check_is_off() -> None:
    s = neutral()
    assert REBUILD not in labels(s)  # a Strand is three swaps away: not locked
    s = locked_board(locked_board_reset="off")
    matrix_phase(s, 1)
    assert REBUILD not in labels(s)


# PX-LOCK-1, PX-MATRIX-6
@pytest.mark.parametrize("nebula", [False, True])
def test_the_locked_check_counts_the_anomaly_only_when_usable(nebula: bool) -> None:
    # A red Ring replaces the blue Ring at r5c5. Row 1 (Helix, Star, Ring, Helix) can then
    # turn red in three swaps, one of them taking the Anomaly's red Star: no red Star lies in
    # the Matrix. Under a Nebula that swap is impossible, and the Matrix is locked.
    s = new_game(players=4)
    set_matrix(s, 1, *LOCKED[:4], "Ys Br Rh Ws Rr")
    set_anomaly(s, "Kh", "Rs", "Br")
    if nebula:
        to_nebula(s, "Nebula 1")
    matrix_phase(s, 1)
    assert (REBUILD in labels(s)) == nebula
