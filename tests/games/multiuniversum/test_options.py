"""The rule options (docs/rules/multiuniversum.md, section 13): each value does what the
document says. End timing is checked in depth in ``test_end.py`` and the variants in
``test_variants.py``; here each option gets a light check.

Seats 0, 1 and 2 stand on transformers 1, 2 and 3 unless a test moves them. Card rows used
here, transformer 1 to 5:

- red-01: Search, Move, ability, Seal, Recycle
- red-02: ability, Recycle, Seal, Move, Search
- red-03: Recycle, Seal, Search, ability, Move
- red-04: Move, ability, Recycle, Search, Seal
- red-05: Seal, Search, Move, Recycle, ability
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from pydantic import ValidationError

from ludoverse.core.api import TERMINAL
from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.options import MultiuniversumOptions
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import (
    GAME,
    at,
    card,
    discard,
    give,
    move,
    names,
    pass_turn,
    play,
    portal,
    portal_names,
    recycle,
    sealed,
    table,
    tools,
)


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


def fresh(players: int = 3, seed: int = 0, **options: Any) -> MultiuniversumState:
    return GAME.new_game(players=players, seed=seed, options=options)


def labels(s: MultiuniversumState) -> list[str]:
    return [s.action_label(a, s.current_player) for a in s.legal_actions()]


def defaults() -> dict[str, Any]:
    return MultiuniversumOptions().model_dump()


# MU-OPT-1 to MU-OPT-12
def test_the_defaults() -> None:
    assert defaults() == {
        "end_mode": "finish_round", "recycle_mode": "card_action",
        "portal_visibility": "top_only", "stack_composition": "tiered",
        "played_card_timing": "end_of_turn", "move_range": "any",
        "set_assignment": "auto_optimal", "variant": "standard", "first_player": "random",
        "ages": (), "auto_forced": True, "round_limit": 100}


# MU-OPT-1, MU-OPT-8
@pytest.mark.parametrize(("option", "value"), [
    ("end_mode", "sudden"), ("recycle_mode", "never"), ("portal_visibility", "none"),
    ("stack_composition", "random_5"), ("played_card_timing", "never"),
    ("move_range", "two"), ("set_assignment", "none"), ("variant", "deadly_and_short"),
    ("first_player", "youngest"), ("round_limit", -1)])
def test_an_unknown_option_value_is_refused(option: str, value: Any) -> None:
    with pytest.raises(ValidationError):
        MultiuniversumOptions(**{option: value})


def end_triggered_by_seat_1(**options: Any) -> MultiuniversumState:
    """3 players, seat 0 first; stacks 3 and 4 are empty and seat 1 seals the last portal of
    stack 2 (Cog Arch, a yellow tool) with red-03, its second action."""
    s = table(3, **options)
    layout(s, ("tidal_gate", "ember_door"), ("cog_arch",), (), (), ("null_hatch", "magma_vent"))
    pass_turn(s)
    give(s, 1, "red-03", "red-01", "red-02")
    tools(s, 1, "yellow-01")
    s.apply(A.PREPARE + card(s, "red-01"))
    play(s, "red-03")  # Seal on transformer 2
    return s


def turns_after(s: MultiuniversumState) -> list[int]:
    """The seats that still take a turn after the trigger, each passing at once."""
    seats = []
    while s.current_player != TERMINAL:
        seats.append(s.current_player)
        pass_turn(s)
    return seats


# MU-OPT-1
def test_end_mode_finish_round_plays_to_the_last_seat_of_the_round() -> None:
    s = end_triggered_by_seat_1()
    assert s.current_player == 1  # seat 1 finishes its own turn
    assert turns_after(s) == [1, 2]
    assert len(s.hands[1]) == 3  # its end-of-turn refill happened


# MU-OPT-1
def test_end_mode_one_more_each_gives_each_other_player_one_turn() -> None:
    s = end_triggered_by_seat_1(end_mode="one_more_each")
    assert turns_after(s) == [1, 2, 0]


# MU-OPT-1
def test_end_mode_immediate_stops_at_once_mid_turn() -> None:
    s = end_triggered_by_seat_1(end_mode="immediate")
    assert s.current_player == TERMINAL
    assert s.actions == 2
    assert names(s, s.area[1]) == ["red-03"]  # no end-of-turn step
    assert names(s, s.hands[1]) == ["red-02"]  # no refill
    assert s.outcome() is not None


# MU-OPT-2
def test_recycle_mode_card_action_offers_recycle_only_as_a_row() -> None:
    s = table()
    give(s, 0, "red-01")  # Search on transformer 1
    discard(s, "green-01")
    assert A.FREE_RECYCLE not in s.legal_actions()


# MU-OPT-2
def test_recycle_mode_free_anytime_recycles_with_no_card_as_one_action() -> None:
    s = table(recycle_mode="free_anytime")
    at(s, 0, 4)
    give(s, 0, "red-01")
    discard(s, "green-01", "green-02")
    assert labels(s)[-1] == "Recycle a card from the discard pile (no card played)"
    s.apply(A.FREE_RECYCLE)
    assert s.phase == P.RECYCLE
    recycle(s, "green-02")
    assert names(s, s.hands[0]) == ["red-01", "green-02"]
    assert s.area[0] == []
    assert s.actions == 1
    s.apply(A.FREE_RECYCLE)
    recycle(s, "green-01")
    assert s.actions == 2
    assert A.FREE_RECYCLE not in s.legal_actions()  # the pile is empty


# MU-OPT-2
def test_free_recycles_count_among_the_three_actions() -> None:
    s = table(recycle_mode="free_anytime")
    discard(s, "green-01", "green-02", "green-03", "green-04")
    for name in ("green-01", "green-02", "green-03"):
        assert s.current_player == 0
        s.apply(A.FREE_RECYCLE)
        recycle(s, name)
    assert s.current_player == 1
    assert names(s, s.discard) == ["green-04"]


# MU-OPT-3
def test_portal_visibility_top_only_shows_the_tops() -> None:
    s = fresh(3, seed=8)
    stack = s.observation(1)["transformers"][2]["stack"]
    assert stack[0]["id"] == s.stacks[2][-1]
    assert stack[1:] == [None, None, None]


# MU-OPT-3
def test_portal_visibility_all_face_up_shows_every_portal_in_order() -> None:
    s = fresh(3, seed=8, portal_visibility="all_face_up")
    for seat in (0, 1, 2, None):
        for t, tr in enumerate(s.observation(seat)["transformers"]):
            assert [p["id"] for p in tr["stack"]] == s.stacks[t][::-1]


# MU-OPT-3
def test_with_all_face_up_ability_4_and_seal_still_deal_only_with_the_tops() -> None:
    s = table(portal_visibility="all_face_up")
    layout(s, ("tidal_gate", "ember_door", "null_hatch"), ("cog_arch", "magma_vent"), (), (),
           ("sun_forge",))
    s.pknow = [P.PUBLIC] * A.PORTALS
    at(s, 0, 4)
    give(s, 0, "red-03", "red-04")  # ability 4 on transformer 4; Seal on transformer 5
    tools(s, 0, "red-10")
    play(s, "red-03")
    assert portal_names(s, s.stacks[0][::-1]) == ["ember_door", "null_hatch", "tidal_gate"]
    assert portal_names(s, s.stacks[1][::-1]) == ["magma_vent", "cog_arch"]
    at(s, 0, 1)
    s.hands[0] = []
    give(s, 0, "red-05")  # Seal on transformer 1: Ember Door (red), the top only
    play(s, "red-05")
    assert portal_names(s, s.sealed[0]) == ["ember_door"]
    assert portal_names(s, s.stacks[0][::-1]) == ["null_hatch", "tidal_gate"]


# MU-OPT-4
def test_stack_composition_tiered_gives_each_stack_one_two_one() -> None:
    for seed in range(10):
        s = fresh(3, seed)
        for st in s.stacks:
            assert sorted(s.T.tier[q] for q in st) == [0, 1, 1, 2]


# MU-OPT-4
def test_stack_composition_random_4_deals_four_whatever_their_tier() -> None:
    mixes = Counter()
    for seed in range(10):
        s = fresh(3, seed, stack_composition="random_4")
        assert [len(st) for st in s.stacks] == [4, 4, 4, 4, 4]
        assert sorted(q for st in s.stacks for q in st) == list(range(20))
        for st in s.stacks:
            mixes[tuple(sorted(s.T.tier[q] for q in st))] += 1
    assert len(mixes) > 3


# MU-OPT-5
def test_played_card_timing_end_of_turn_discards_at_the_end_of_the_turn() -> None:
    s = table()
    give(s, 0, "red-04")
    play(s, "red-04")
    move(s, 3)
    pass_turn(s)
    assert s.area[0] == []
    assert names(s, s.discard) == ["red-04"]


# MU-OPT-5
def test_played_card_timing_start_of_turn_keeps_cards_out_until_the_next_turn() -> None:
    """Seat 0's Move card stays in its play area through seats 1 and 2's turns, out of reach
    of seat 1's Recycle, and goes to the pile when seat 0's next turn starts."""
    s = table(played_card_timing="start_of_turn")
    give(s, 0, "red-04")
    play(s, "red-04")
    move(s, 3)
    pass_turn(s)
    assert names(s, s.area[0]) == ["red-04"]
    assert s.discard == []
    give(s, 1, "red-02")  # Recycle on transformer 2
    discard(s, "green-01")
    play(s, "red-02")
    assert s.legal_actions() == [A.RECYCLE + card(s, "green-01")]
    recycle(s, "green-01")
    pass_turn(s)
    assert names(s, s.area[0]) == ["red-04"]
    pass_turn(s)  # seat 2
    assert s.current_player == 0
    assert s.area[0] == []
    assert "red-04" in names(s, s.discard)


# MU-OPT-5
def test_with_start_of_turn_ability_5_still_keeps_its_card_at_the_end_of_the_turn() -> None:
    s = table(played_card_timing="start_of_turn")
    at(s, 0, 5)
    give(s, 0, "red-05", "red-03")  # ability 5; Move on transformer 5
    play(s, "red-05")
    play(s, "red-03")
    move(s, 1)
    pass_turn(s)
    assert s.phase == P.KEEP_TOOL
    s.apply(A.KEEP_TOOL + card(s, "red-03"))
    assert names(s, s.tools[0]) == ["red-03"]
    assert names(s, s.area[0]) == ["red-05"]
    assert s.current_player == 1


# MU-OPT-6
def test_move_range_any_goes_to_any_other_transformer() -> None:
    s = table()
    give(s, 0, "red-04")
    play(s, "red-04")
    assert s.legal_actions() == [A.MOVE + t for t in (1, 2, 3, 4)]


# MU-OPT-6
@pytest.mark.parametrize(("here", "reach"), [(1, [2, 5]), (3, [2, 4]), (5, [1, 4])])
def test_move_range_adjacent_goes_only_next_door(here: int, reach: list[int]) -> None:
    s = table(move_range="adjacent")
    at(s, 0, here)
    name = {1: "red-04", 3: "red-05", 5: "red-03"}[here]
    give(s, 0, name)
    play(s, name)
    assert s.phase == P.MOVE
    assert s.legal_actions() == [A.MOVE + t - 1 for t in reach]


def three_waters(**options: Any) -> MultiuniversumState:
    """Two players; seat 0 has sealed Tidal Gate, Deep Current and Rain Spiral (water, 2 + 4 +
    4 DP); the round limit ends the game after one round of passes."""
    s = table(2, round_limit=1, **options)
    sealed(s, 0, "tidal_gate", "deep_current", "rain_spiral")
    pass_turn(s)
    pass_turn(s)
    return s


# MU-OPT-7
def test_set_assignment_auto_optimal_forms_the_best_sets() -> None:
    s = three_waters()
    assert s.current_player == TERMINAL
    out = s.outcome()
    assert out is not None and out.scores == (19.0, 0.0)


# MU-OPT-7
def test_set_assignment_player_choice_lets_each_player_form_sets() -> None:
    s = three_waters(set_assignment="player_choice")
    assert s.phase == P.SETS and s.current_player == 0
    assert labels(s) == ["Add Tidal Gate (water) to the set", "Add Deep Current (water) to the set",
                         "Add Rain Spiral (water) to the set", "Form no more sets"]
    for name in ("tidal_gate", "deep_current", "rain_spiral"):
        s.apply(A.SET_ADD + portal(s, name))
    assert labels(s) == ["Score this set (+9 DP)"]
    s.apply(A.SET_CLOSE)
    s.apply(A.SETS_DONE)
    assert s.current_player == 1
    s.apply(A.SETS_DONE)
    out = s.outcome()
    assert out is not None and out.scores == (19.0, 0.0)


# MU-OPT-7
def test_with_player_choice_a_player_who_forms_no_set_scores_none() -> None:
    s = three_waters(set_assignment="player_choice")
    s.apply(A.SET_ADD + portal(s, "tidal_gate"))
    s.apply(A.SET_ADD + portal(s, "rain_spiral"))
    s.apply(A.SET_CLOSE)  # a pair: +4
    s.apply(A.SETS_DONE)
    s.apply(A.SETS_DONE)
    out = s.outcome()
    assert out is not None and out.scores == (14.0, 0.0)


# MU-OPT-8
@pytest.mark.parametrize(("variant", "set_scoring", "score"), [
    ("standard", True, 19), ("basic_scoring", False, 10), ("short_game", True, 19)])
def test_variant_set_bonuses(variant: str, set_scoring: bool, score: int) -> None:
    """Three sealed water portals: 2 + 4 + 4 DP, and 9 more for the set where sets score."""
    s = table(2, variant=variant)
    sealed(s, 0, "tidal_gate", "deep_current", "rain_spiral")
    obs = s.observation(None)
    assert obs["set_scoring"] is set_scoring
    assert obs["labs"][0]["score"] == score


# MU-OPT-8
@pytest.mark.parametrize(("variant", "size"), [("standard", 4), ("basic_scoring", 4),
                                               ("deadly_portals", 4), ("short_game", 3)])
def test_variant_short_game_alone_leaves_three_portals_per_stack(variant: str,
                                                                  size: int) -> None:
    s = fresh(2, seed=1, variant=variant)
    assert [len(st) for st in s.stacks] == [size] * 5
    assert s.observation(0)["removed_portals"] == 20 - 5 * size


# MU-OPT-8
def test_variant_deadly_portals_loses_portals_matching_a_face_up_icon() -> None:
    """Ember Door (fire) is face up at the end; seat 0's Magma Vent (fire) is lost, its Tidal
    Gate (water) is kept."""
    s = table(2, variant="deadly_portals", round_limit=1)
    layout(s, ("ember_door", "null_hatch"), ("cog_arch",), ("prism_hall",), ("silent_rift",),
           ("clock_tower",))
    s.sealed[0] = [portal(s, "magma_vent"), portal(s, "tidal_gate")]
    s.removed = [q for q in s.removed if q not in s.sealed[0]]
    s.removed_from = [0] * len(s.removed)
    pass_turn(s)
    pass_turn(s)
    assert portal_names(s, s.sealed[0]) == ["tidal_gate"]
    assert portal_names(s, s.lost[0]) == ["magma_vent"]
    out = s.outcome()
    assert out is not None and out.scores == (2.0, 0.0)


# MU-OPT-9
def test_first_player_random_and_seat0() -> None:
    assert {fresh(3, seed).first for seed in range(12)} == {0, 1, 2}
    assert {fresh(3, seed, first_player="seat0").first for seed in range(12)} == {0}


# MU-OPT-10
def test_ages_unset_gives_the_last_tie_break_to_the_lowest_seat() -> None:
    s = table(2, round_limit=1)
    pass_turn(s)
    pass_turn(s)
    out = s.outcome()
    assert out is not None and out.winners == (0,)
    assert "lowest seat" in out.tiebreak_trace[-1]


# MU-OPT-10
@pytest.mark.parametrize(("ages", "winner"), [("30,45", 1), ("45,30", 0), ("40,40", 0)])
def test_ages_give_the_last_tie_break_to_the_oldest(ages: str, winner: int) -> None:
    s = table(2, round_limit=1, ages=ages)
    pass_turn(s)
    pass_turn(s)
    out = s.outcome()
    assert out is not None and out.winners == (winner,)


# MU-OPT-10
def test_ages_must_give_one_age_per_seat() -> None:
    with pytest.raises(ValueError, match="one per seat"):
        fresh(3, ages="30,40")
    with pytest.raises(ValidationError):
        MultiuniversumOptions(ages="thirty,forty")


# MU-OPT-11
def test_auto_forced_true_plays_a_single_choice_by_itself() -> None:
    """Seats 1 and 2 hold no card: only a pass is left to them, and it is played for them."""
    s = table(auto_forced=True)
    give(s, 0, "red-01")
    pass_turn(s)
    assert s.current_player == 0
    assert [e.data["seat"] for e in s.events if e.kind == "passed"] == [0, 1, 2]


# MU-OPT-11
def test_auto_forced_false_asks_for_every_decision() -> None:
    s = table(auto_forced=False)
    give(s, 0, "red-01")
    pass_turn(s)
    assert s.current_player == 1
    assert s.legal_actions() == [A.PASS]


# MU-OPT-11
def test_auto_forced_true_keeps_the_only_card_ability_5_can_keep() -> None:
    s = table(auto_forced=True)
    at(s, 0, 5)
    give(s, 0, "red-05", "red-01", "red-02")
    give(s, 1, "blue-01")
    play(s, "red-05")
    pass_turn(s)
    assert names(s, s.tools[0]) == ["red-05"]
    assert s.current_player == 1
    with_asking = table(auto_forced=False)
    at(with_asking, 0, 5)
    give(with_asking, 0, "red-05", "red-01", "red-02")
    play(with_asking, "red-05")
    pass_turn(with_asking)
    assert with_asking.phase == P.KEEP_TOOL
    assert with_asking.legal_actions() == [A.KEEP_TOOL + card(with_asking, "red-05")]


# MU-OPT-12
def test_round_limit_ends_the_game_after_that_many_rounds() -> None:
    s = table(3, round_limit=2)
    for _ in range(5):
        pass_turn(s)
    assert s.current_player == 2
    pass_turn(s)
    assert s.current_player == TERMINAL
    out = s.outcome()
    assert out is not None and "the round limit" in out.reason


# MU-OPT-12
def test_round_limit_zero_sets_no_limit() -> None:
    s = table(2, round_limit=0)
    for _ in range(2 * 120):
        pass_turn(s)
    assert s.current_player == 0
    assert not s.is_terminal()


# MU-OPT-12
def test_the_default_round_limit_is_one_hundred_rounds() -> None:
    s = table(2)
    for _ in range(2 * 100 - 1):
        pass_turn(s)
    assert not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
