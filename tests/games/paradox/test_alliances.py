"""Alliances (docs/rules/paradox.md, section 13): an optional module of five tokens, one per
colour, claimed with a resource, used in a later turn as a resource, broken by rivals, and
worth 1 VP at the end.

Resources come from Matrices built with ``one_swap_strand``: swapping r5c3 and r4c3 makes a
Strand of the wanted colour in row 5 (a 4-Strand earns 1 resource, a 5-Strand 2).
"""

from __future__ import annotations

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.state import ALLOCATE, MATRIX

from .builders import (
    card,
    check,
    end,
    give,
    mat_card,
    matrix_phase,
    new,
    one_swap_strand,
    set_matrix,
    swap,
    to_mat,
    world,
)

RED, BLACK = G.RED, G.BLACK


def game(**options: object):
    return new(2, alliances=True, auto_forced=False, **options)


def strand(s, colour: str, length: int = 4, seat: int = 0) -> None:
    set_matrix(s, seat, *one_swap_strand(colour, length))
    swap(s, "r5c3", "r4c3")


def holding(s, seat: int, colour: int, since: int = 1) -> None:
    """``seat`` claimed the Alliance of ``colour`` in turn ``since``."""
    s.ally_holder[colour] = seat
    s.ally_since[colour] = since


# PX-ALLY-1, PX-OPT-4
def test_alliances_are_left_out_unless_chosen() -> None:
    s = new(2, auto_forced=False)
    matrix_phase(s, 0)
    strand(s, "R")
    assert A.ALLOC_ALLIANCE not in s.legal_actions()
    assert s.observation(0)["alliances"] is None


# PX-ALLY-1
def test_the_five_tokens_start_beside_the_wormhole() -> None:
    s = game()
    assert s.ally_holder == [-1] * 5 and s.ally_on_card == [False] * 5
    shown = s.observation(1)["alliances"]
    assert [a["colour"] for a in shown] == list(G.COLOURS)
    assert all(a["holder"] == -1 and not a["on_card"] for a in shown)


# PX-ALLY-2
def test_one_resource_claims_the_token_of_its_colour() -> None:
    s = game()
    matrix_phase(s, 0)
    strand(s, "K")
    assert s.action_label(A.ALLOC_ALLIANCE, s.current_player) == "Spend black on the black Alliance"
    give(s, "alliance")
    assert s.ally_holder == [-1, -1, -1, 0, -1] and s.ally_since[BLACK] == s.turn
    strand(s, "K")
    assert A.ALLOC_ALLIANCE not in s.legal_actions()  # it is already seat 0's
    check(s)


# PX-ALLY-3
def test_a_token_is_not_usable_in_the_turn_it_was_claimed() -> None:
    s = game()
    to_mat(s, 0, "Alphoria Present")  # 2 red
    matrix_phase(s, 0, turn=3)
    strand(s, "R")
    give(s, "alliance")
    assert A.USE_ALLIANCE + RED not in s.legal_actions()
    matrix_phase(s, 0, turn=4)
    assert A.USE_ALLIANCE + RED in s.legal_actions()


# PX-ALLY-3
def test_a_token_needs_somewhere_to_go() -> None:
    s = game()
    holding(s, 0, RED)
    matrix_phase(s, 0, turn=2)
    assert A.USE_ALLIANCE + RED not in s.legal_actions()  # no card on the mat wants red
    to_mat(s, 0, "Alphoria Present")
    matrix_phase(s, 0, turn=2)
    assert A.USE_ALLIANCE + RED in s.legal_actions()


# PX-ALLY-3
def test_on_a_timeline_the_token_stays_until_the_card_is_repaired() -> None:
    s = game()
    holding(s, 0, RED)
    future = to_mat(s, 0, "Alphoria Future")  # 1 red, 1 yellow
    matrix_phase(s, 0, turn=2)
    s.apply(A.USE_ALLIANCE + RED)  # not an action: the phase keeps its two
    assert (s.phase, s.pending) == (ALLOCATE, [100 + RED])
    give(s, "Alphoria Future")  # the red is paid, the yellow still missing
    assert future.allies == [RED] and s.ally_on_card[RED] and s.ally_holder[RED] == -1
    assert s.actions_left == 2 and s.phase == MATRIX
    assert future.discs == [] and card("Alphoria Future") not in s.score[0]
    strand(s, "Y")
    quake = s.quake
    give(s, "Alphoria Future")  # repaired: the token returns beside the Wormhole
    assert card("Alphoria Future") in s.score[0] and s.quake == (quake + 1) % 15
    assert s.ally_on_card[RED] is False and s.ally_holder[RED] == -1
    check(s)


# PX-ALLY-3
def test_a_token_on_a_lost_card_returns_beside_the_wormhole() -> None:
    s = game()
    holding(s, 0, RED)
    to_mat(s, 0, "Alphoria Future", space_=3)  # on Danger!
    matrix_phase(s, 0, turn=2)
    s.apply(A.USE_ALLIANCE + RED)
    give(s, "Alphoria Future")
    s.apply(A.END_PHASE)
    assert card("Alphoria Future") in s.discard
    assert s.ally_on_card[RED] is False and s.ally_holder[RED] == -1
    check(s)


# PX-ALLY-3
def test_used_on_a_world_the_token_returns_at_once() -> None:
    s = game()
    holding(s, 0, BLACK)
    matrix_phase(s, 0, turn=2)
    bag = len(s.bag)
    s.apply(A.USE_ALLIANCE + BLACK)
    give(s, "Null Beta")
    assert s.world_shield[world("Null Beta")] == 0
    assert s.ally_holder[BLACK] == -1 and not s.ally_on_card[BLACK]
    assert len(s.bag) == bag and s.mat_discard[0] == []  # a token is not a disc
    check(s)


# PX-ALLY-4
def test_one_resource_breaks_another_players_alliance() -> None:
    s = game()
    holding(s, 1, RED)
    matrix_phase(s, 0)
    strand(s, "R")
    give(s, "alliance")
    assert s.ally_holder[RED] == -1
    assert any(e.kind == "alliance_broken" and e.data["holder"] == 1 for e in s.events)


# PX-ALLY-4
def test_two_resources_break_it_and_take_it() -> None:
    s = game()
    holding(s, 1, RED)
    matrix_phase(s, 0)
    strand(s, "R", length=5)
    give(s, "alliance")
    give(s, "alliance")
    assert s.ally_holder[RED] == 0 and s.ally_since[RED] == s.turn
    check(s)


# PX-ALLY-4
def test_a_token_placed_on_a_card_cannot_be_broken() -> None:
    s = game()
    holding(s, 1, RED)
    to_mat(s, 1, "Alphoria Future")
    matrix_phase(s, 1, turn=2)
    s.apply(A.USE_ALLIANCE + RED)
    give(s, "Alphoria Future")
    s.apply(A.END_PHASE)
    assert s.mover == 0 and mat_card(s, 1, "Alphoria Future").allies == [RED]
    strand(s, "R")
    assert A.ALLOC_ALLIANCE not in s.legal_actions()


# PX-ALLY-5
def test_each_token_held_at_the_end_is_worth_one_vp() -> None:
    s = game(preset="training")
    holding(s, 0, RED)
    holding(s, 0, BLACK)
    holding(s, 1, 2)
    to_mat(s, 1, "Alphoria Future").allies = [G.YELLOW]  # in use on a card: not held
    s.ally_on_card[G.YELLOW] = True
    end(s)
    assert [f["alliances"] for f in s.final] == [2, 1]
    assert s.outcome().scores == (2.0, 1.0)
