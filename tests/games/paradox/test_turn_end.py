"""The end of a player's Matrix phase: cards shift right, cards pushed off Danger! are Lost,
and the mat's discard pile goes back into the bag (docs/rules/paradox.md, section 7).

3 players, seat 0 is the Chief Scientist, so seat 1 plays the first Matrix phase of a turn.
"""

from __future__ import annotations

from collections import Counter

from ludoverse.games.paradox.state import MATRIX

from .helpers import (
    NEUTRAL,
    act,
    check,
    disc,
    finish_turn,
    mat,
    mat_card,
    matrix_phase,
    names,
    new_game,
    put_on_mat,
    set_matrix,
    space,
)


def seat1(*cards: tuple[str, str, str]):
    """Seat 1's Matrix phase with these (card, mat space, discs on it)."""
    s = new_game()
    for name, where, placed in cards:
        put_on_mat(s, 1, name, where, placed=placed)
    set_matrix(s, 1, *NEUTRAL)
    check(s)
    matrix_phase(s, 1)
    return s


# PX-LOST-5, PX-LOST-2
def test_elysium_past_shifts_while_faridae_past_is_lost() -> None:
    # The rulebook's example: Elysium's Past Timeline moves one space right; Faridae's Past,
    # already on Danger!, leaves the mat, and its one resource disc is discarded.
    s = seat1(("Elysium Past", "Past", ""), ("Faridae Past", "Danger!", "Bh"))
    faridae = mat_card(s, 1, "Faridae Past").card
    bag = Counter(s.bag)
    act(s, "End your Matrix phase")
    assert mat(s, 1) == {"Elysium Past": "Present"}
    assert s.discard[-1] == faridae  # the discard pile beside the Wormhole
    assert faridae not in s.score[1]
    # The blue disc went to the mat's discard pile, and from there into the bag.
    assert Counter(s.bag) - bag == Counter([disc("Bh")])
    assert s.mat_discard[1] == []
    check(s)


# PX-LOST-1
def test_every_card_on_the_mat_moves_one_space_right() -> None:
    s = seat1(("Alphoria Past", "Past", ""), ("Null Beta Present", "Present", "Yh"),
              ("Elysium Future", "Future", ""), ("Faridae Present", "Present", ""))
    act(s, "End your Matrix phase")
    assert mat(s, 1) == {"Alphoria Past": "Present", "Null Beta Present": "Future",
                         "Elysium Future": "Danger!", "Faridae Present": "Future"}
    assert [len(mc.discs) for mc in s.mats[1]] == [0, 1, 0, 0]  # resources travel along


# PX-LOST-1
def test_a_card_drafted_on_past_has_four_matrix_phases() -> None:
    s = new_game()
    put_on_mat(s, 1, "Elysium Past")  # drafted this turn
    seen = []
    for _ in range(4):
        seen.append(mat(s, 1).get("Elysium Past"))
        finish_turn(s)
    assert seen == ["Past", "Present", "Future", "Danger!"]
    assert "Elysium Past" not in mat(s, 1)
    assert "Elysium Past" in names(s, s.discard)


# PX-LOST-3
def test_a_lost_nexus_takes_its_shield_off_the_matrix() -> None:
    s = seat1(("Null Beta Nexus", "Danger!", ""))
    assert s.locks[1][space("r3c5")] >= 0 and s.shields_free() == 14
    act(s, "End your Matrix phase")
    assert mat(s, 1) == {} and "Null Beta Nexus" in names(s, s.discard)
    assert s.locks[1] == [-1] * 25 and s.shields_free() == 15
    check(s)


# PX-LOST-4, PX-SETUP-13
def test_the_mat_discard_pile_goes_into_the_bag_and_the_bag_passes_left() -> None:
    s = seat1()
    s.mat_discard[1] += [s.bag.pop(), s.bag.pop()]  # discs used in this phase
    before = len(s.bag)
    act(s, "End your Matrix phase")
    assert s.mat_discard[1] == [] and len(s.bag) == before + 2
    assert (s.phase, s.current_player) == (MATRIX, 2)  # the player on the left goes on
    check(s)
