"""Phase 1, the Wormhole: the Research Hand, the draft from the Chief Scientist's left, where
drafted cards go, Nexus shields, and the Chief Scientist's last pick (docs/rules/paradox.md,
section 2).

Seat 0 is the Chief Scientist of turn 1. A pick is written as its label, "Take Alphoria Past
(Stable 1)".
"""

from __future__ import annotations

import pytest

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox.state import DRAFT, MATRIX

from .helpers import (
    act,
    card,
    finish_draft,
    finish_matrix_phases,
    labels,
    mat,
    names,
    new_game,
    set_hand,
    set_wormhole,
    shield,
    space,
    stack_deck,
)

TOP = ("Cindralis Past", "Cindralis Present", "Cindralis Future", "Halcyon Reach Past",
       "Halcyon Reach Present", "Halcyon Reach Future", "Myrrhine Past", "Myrrhine Present")
"""Cards still in the deck after the first draft, to put on top of it."""


def take(s, name: str) -> None:
    """Take the named card from wherever the current picker is offered it."""
    for label in labels(s):
        if label.startswith(f"Take {name} (") or label == f"Take {name} from the Research Hand":
            act(s, label)
            return
    raise AssertionError(f"{name} is not offered: {labels(s)}")


def offered(s) -> list[str]:
    """The cards the current picker may take, by name."""
    out = []
    for label in labels(s):
        if label.startswith("Take ") and label != "Take no (more) cards":
            out.append(label[5:].split(" (")[0].removesuffix(" from the Research Hand"))
    return out


# PX-WORM-1
def test_the_chief_scientist_draws_the_top_four_cards_as_a_research_hand() -> None:
    s = new_game()
    assert s.turn == 1 and len(s.hand) == 4
    finish_draft(s)
    stack_deck(s, *TOP)  # four to refill the Stable section, four for turn 2's hand
    finish_matrix_phases(s)
    assert (s.turn, s.cs, s.phase) == (2, 1, DRAFT)
    assert names(s, s.hand) == list(TOP[4:])


# PX-WORM-2, PX-SETUP-13
def test_the_draft_starts_on_the_chief_scientists_left_and_goes_left() -> None:
    s = new_game(players=4)
    pickers = []
    while s.current_player != s.cs:
        pickers.append(s.current_player)
        # Exactly one Wormhole card: no passing, no Research Hand.
        assert A.TAKE_NOTHING not in s.legal_actions()
        assert all(a < A.HAND for a in s.legal_actions())
        cards = sum(c >= 0 for c in s.stable + s.unstable)
        s.apply(min(s.legal_actions()))
        assert sum(c >= 0 for c in s.stable + s.unstable) == cards - 1
    assert pickers == [1, 2, 3] and s.current_player == 0 and s.phase == DRAFT


# PX-WORM-3
@pytest.mark.parametrize(("option", "nexus_space"), [("present", "Present"), ("past", "Past")])
def test_a_drafted_card_goes_on_its_starting_space(option: str, nexus_space: str) -> None:
    s = new_game(players=4, nexus_start_space=option)
    set_wormhole(s, ["Alphoria Past", "Null Beta Present", "Elysium Future", "Faridae Nexus"],
                 ["Breakthrough 1", "Cindralis Past", "Cindralis Present", "-"])
    take(s, "Alphoria Past")  # seat 1
    take(s, "Breakthrough 1")  # seat 2
    take(s, "Elysium Future")  # seat 3
    take(s, "Null Beta Present")  # seat 0, the Chief Scientist, takes two
    take(s, "Faridae Nexus")
    assert mat(s, 1) == {"Alphoria Past": "Past"}
    assert mat(s, 2) == {"Breakthrough 1": "Danger!"}
    assert mat(s, 3) == {"Elysium Future": "Future"}
    assert mat(s, 0) == {"Null Beta Present": "Present", "Faridae Nexus": nexus_space}


# PX-WORM-4
def test_drafting_a_nexus_shields_the_disc_it_shows() -> None:
    s = new_game()
    set_wormhole(s, ["Faridae Nexus", "-", "-", "-"], ["Cindralis Past", "-", "-", "-"])
    take(s, "Faridae Nexus")  # seat 1; Faridae's Nexus shows row 4, column 1
    assert [c for c in range(25) if s.locks[1][c] >= 0] == [space("r4c1")]
    assert s.locks[1][space("r4c1")] == card(s, "Faridae Nexus")
    assert s.shields_free() == 14


# PX-WORM-5
def test_a_nexus_cannot_be_drafted_without_a_free_shield_token() -> None:
    s = new_game()
    for w in s.content.worlds:
        shield(s, w.name, seat=2)
    assert s.shields_free() == 0
    set_wormhole(s, ["Faridae Nexus", "Cindralis Past", "-", "-"],
                 ["Alphoria Nexus", "-", "-", "-"])
    assert offered(s) == ["Cindralis Past"]
    take(s, "Cindralis Past")  # seat 1
    # Seat 2's every choice is a Nexus: it takes no card.
    assert labels(s) == ["Take no (more) cards"]
    act(s, "Take no (more) cards")
    assert s.current_player == 0 and mat(s, 2) == {}


# PX-WORM-5, PX-OPT-13
def test_with_unlimited_shields_a_nexus_can_always_be_drafted() -> None:
    s = new_game(shield_supply="unlimited")
    for w in s.content.worlds:
        shield(s, w.name, seat=2)
    set_wormhole(s, ["Faridae Nexus", "-", "-", "-"], ["Alphoria Nexus", "-", "-", "-"])
    assert offered(s) == ["Faridae Nexus", "Alphoria Nexus"]


def to_chief_scientist(s) -> None:
    """Seats 1 and 2 take Cindralis Past and Cindralis Present."""
    set_wormhole(s, ["Alphoria Past", "Null Beta Past", "Elysium Past", "Faridae Past"],
                 ["Cindralis Past", "Cindralis Present", "Orrery Deep Past", "-"])
    set_hand(s, "Halcyon Reach Past", "Myrrhine Past", "Pale Lantern Past", "Sable Verge Past")
    take(s, "Cindralis Past")
    take(s, "Cindralis Present")
    assert s.current_player == s.cs == 0


# PX-WORM-6
def test_the_chief_scientist_picks_last_from_the_hand_or_the_wormhole() -> None:
    s = new_game()
    to_chief_scientist(s)
    assert offered(s) == ["Alphoria Past", "Null Beta Past", "Elysium Past", "Faridae Past",
                          "Orrery Deep Past", "Halcyon Reach Past", "Myrrhine Past",
                          "Pale Lantern Past", "Sable Verge Past"]
    assert "Take no (more) cards" in labels(s)


# PX-WORM-6
def test_one_card_from_the_research_hand_ends_the_pick() -> None:
    s = new_game()
    to_chief_scientist(s)
    take(s, "Myrrhine Past")
    assert mat(s, 0) == {"Myrrhine Past": "Past"}
    assert (s.phase, s.current_player) == (MATRIX, 1)


# PX-WORM-6
def test_or_up_to_two_wormhole_cards_and_then_no_hand_card() -> None:
    s = new_game()
    to_chief_scientist(s)
    take(s, "Elysium Past")
    assert s.current_player == 0 and s.phase == DRAFT
    assert offered(s) == ["Alphoria Past", "Null Beta Past", "Faridae Past", "Orrery Deep Past"]
    take(s, "Faridae Past")
    assert mat(s, 0) == {"Elysium Past": "Past", "Faridae Past": "Past"}
    assert s.phase == MATRIX


# PX-WORM-6
def test_or_one_wormhole_card_or_none_at_all() -> None:
    s = new_game()
    to_chief_scientist(s)
    take(s, "Elysium Past")
    act(s, "Take no (more) cards")
    assert mat(s, 0) == {"Elysium Past": "Past"} and s.phase == MATRIX
    s = new_game()
    to_chief_scientist(s)
    act(s, "Take no (more) cards")
    assert mat(s, 0) == {} and s.phase == MATRIX


# PX-WORM-7
def test_the_rest_of_the_hand_goes_back_on_top_in_the_order_drawn() -> None:
    s = new_game()
    to_chief_scientist(s)
    take(s, "Myrrhine Past")
    assert names(s, s.deck[-3:][::-1]) == ["Halcyon Reach Past", "Pale Lantern Past",
                                           "Sable Verge Past"]  # top first
    assert s.deck_knower[-3:] == [0, 0, 0]  # known to the Chief Scientist (PX-KNOW-2)
    finish_matrix_phases(s)  # Cleanup deals them into the Stable section, in that order
    assert names(s, s.stable)[:3] == ["Halcyon Reach Past", "Pale Lantern Past",
                                      "Sable Verge Past"]


# PX-WORM-7, PX-MATRIX-6
def test_a_nebula_drawn_into_the_hand_goes_on_the_anomaly_at_once() -> None:
    s = new_game()
    finish_draft(s)
    stack_deck(s, *TOP[:4], "Myrrhine Past", "Nebula 1", "Myrrhine Present", "Myrrhine Future",
               "Pale Lantern Past")
    finish_matrix_phases(s)
    assert names(s, s.hand) == ["Myrrhine Past", "Myrrhine Present", "Myrrhine Future",
                                "Pale Lantern Past"]
    assert names(s, s.nebulas) == ["Nebula 1"]
    finish_draft(s)
    assert s.phase == MATRIX  # this turn's Matrix phase: no swaps with the Anomaly
    assert not [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]


# PX-WORM-8
def test_with_two_players_the_hand_is_drawn_only_if_the_chief_scientist_asks() -> None:
    s = new_game(players=2)
    assert s.hand == [] and s.current_player == 1
    take(s, offered(s)[0])
    assert s.current_player == 0
    assert "Draw a Research Hand" in labels(s) and "Take no (more) cards" in labels(s)
    act(s, "Draw a Research Hand")
    assert len(s.hand) == 4
    # Committed: one card from the hand, nothing else.
    assert all(x.endswith("from the Research Hand") for x in labels(s)) and len(labels(s)) == 4
    hand = names(s, s.hand)
    take(s, hand[2])
    assert list(mat(s, 0)) == [hand[2]] and s.phase == MATRIX
    assert names(s, s.deck[-3:][::-1]) == [hand[0], hand[1], hand[3]]


# PX-WORM-8, PX-WORM-6
def test_with_two_players_the_chief_scientist_may_keep_to_the_wormhole() -> None:
    s = new_game(players=2)
    take(s, offered(s)[0])
    first, second = offered(s)[:2]
    take(s, first)
    assert "Draw a Research Hand" not in labels(s)
    take(s, second)
    assert list(mat(s, 0)) == [first, second] and s.hand == []
