"""Phase 3, Cleanup: Nebulas leave, the Wormhole shifts and is refilled, the deck is
reshuffled when it runs out, the Turn marker and the Chief Scientist card move on, and the
game ends after turn 12 (docs/rules/paradox.md, section 9).

3 players, seat 0 is the Chief Scientist of turn 1. In the draft below the two other players
take Unstable cards (seat 1 sometimes a Stable one) and the Chief Scientist takes nothing.
"""

from __future__ import annotations

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox.state import DRAFT, MATRIX, OVER

from .helpers import (
    act,
    card,
    check,
    finish_draft,
    finish_matrix_phases,
    finish_turn,
    names,
    new_game,
    stack_deck,
    to_nebula,
)

TOP = ("Cindralis Past", "Cindralis Present", "Cindralis Future", "Halcyon Reach Past",
       "Halcyon Reach Present", "Halcyon Reach Future", "Myrrhine Past", "Myrrhine Present")
"""Cards still in the deck after the first draft, to put on top of it."""


def wormhole(s) -> tuple[list[str], list[str]]:
    return names(s, s.stable), names(s, s.unstable)


# PX-CLEAN-1
def test_cleanup_follows_the_chief_scientists_matrix_phase_only() -> None:
    s = new_game()
    to_nebula(s, "Nebula 2")
    finish_draft(s)
    before = wormhole(s)
    stack_deck(s, *TOP)
    act(s, "End your Matrix phase")  # seat 1
    act(s, "End your Matrix phase")  # seat 2
    assert wormhole(s) == before and s.turn == 1
    assert (s.phase, s.current_player) == (MATRIX, 0)
    act(s, "End your Matrix phase")  # the Chief Scientist: then Cleanup
    assert s.turn == 2 and wormhole(s) != before
    # The Nebula left the game: not on the Anomaly, not in the discard pile.
    nebula = card(s, "Nebula 2")
    assert nebula in s.gone and nebula not in s.discard and nebula not in s.nebulas
    check(s)


# PX-CLEAN-2
def test_unstable_cards_are_discarded_and_stable_cards_become_unstable() -> None:
    s = new_game()
    finish_draft(s)  # seats 1 and 2 took Unstable 1 and Unstable 2
    stable, unstable = wormhole(s)
    left = [c for c in unstable if c != "-"]
    assert len(left) == 2
    discard = len(s.discard)
    stack_deck(s, *TOP)
    finish_matrix_phases(s)
    assert names(s, s.discard[discard:]) == left
    assert wormhole(s) == (list(TOP[:4]), stable)


# PX-CLEAN-3, PX-MATRIX-6
def test_the_stable_section_is_refilled_first_and_nebulas_go_on_the_anomaly() -> None:
    s = new_game()
    act(s, "Take " + names(s, s.stable[:1])[0] + " (Stable 1)")  # seat 1
    finish_draft(s)
    stable = wormhole(s)[0][1:]
    stack_deck(s, "Alphoria Past", "Nebula 1", "Null Beta Past", "Nebula 3", "Elysium Past",
               "Faridae Past", "Pale Lantern Future")
    finish_matrix_phases(s)
    # Four cards for the Stable section, passing over two Nebulas, then the gap left in the
    # Unstable section (the Stable cards that moved there slid together).
    assert wormhole(s) == (["Alphoria Past", "Null Beta Past", "Elysium Past", "Faridae Past"],
                           [*stable, "Pale Lantern Future"])
    assert names(s, s.nebulas)[:2] == ["Nebula 1", "Nebula 3"]  # they pile up
    # They act in the next turn's Matrix phase, and leave at its Cleanup.
    assert s.observation(None)["anomaly_blocked"]
    finish_draft(s)
    assert s.phase == MATRIX
    assert not [a for a in s.legal_actions() if A.SWAP_ANOMALY <= a < A.RESOLVE]
    stack_deck(s, *TOP)
    finish_matrix_phases(s)
    assert s.nebulas == [] and {card(s, "Nebula 1"), card(s, "Nebula 3")} <= set(s.gone)


# PX-CLEAN-4
def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_in() -> None:
    s = new_game()
    finish_draft(s)
    stack_deck(s, "Alphoria Past", "Null Beta Past")
    keep = s.deck[-2:]
    s.discard += s.deck[:-2]
    s.deck, s.deck_knower = keep, [-1, -1]
    finish_matrix_phases(s)
    refill = next(e.data for e in s.events if e.kind == "wormhole")
    assert refill["reshuffled"] > 0  # in the one entry of the refill (PX-KNOW-7)
    assert names(s, s.stable)[:2] == ["Alphoria Past", "Null Beta Past"]
    assert -1 not in s.stable + s.unstable and len(s.hand) == 4
    check(s)


# PX-CLEAN-4
def test_with_deck_and_discard_pile_both_empty_a_section_stays_short() -> None:
    s = new_game()
    finish_draft(s)  # two Unstable cards left: they will be all there is to deal
    s.gone += s.deck + s.discard
    s.deck, s.deck_knower, s.discard = [], [], []
    finish_matrix_phases(s)
    assert s.stable.count(-1) == 2 and -1 not in s.unstable
    assert s.hand == [] and s.phase == DRAFT
    check(s)


# PX-CLEAN-5, PX-SETUP-13
def test_the_turn_marker_moves_and_the_chief_scientist_card_passes_left() -> None:
    s = new_game()
    for turn, cs in ((1, 0), (2, 1), (3, 2), (4, 0)):
        assert (s.turn, s.cs, s.current_player) == (turn, cs, (cs + 1) % 3)
        finish_turn(s)


# PX-CLEAN-5, PX-SETUP-2
def test_the_game_ends_after_the_matrix_phases_of_turn_twelve() -> None:
    s = new_game()
    s.turn = 12
    finish_draft(s)
    before = wormhole(s), list(s.deck), list(s.nebulas)
    finish_matrix_phases(s)
    assert s.phase == OVER and s.is_terminal() and s.turn == 12
    assert (wormhole(s), s.deck, s.nebulas) == before  # no Cleanup
    assert s.outcome() is not None
    check(s)
