"""Scenarios: Breakthrough, Flare and Parallel Universe in the deck; Maelstrom and Matrix set off
by purple Trigger Discs (docs/rules/paradox.md, section 12).

Positions are built with ``builders``; Matrices are written top row first (``"Rh Ys Br Kh
Ws"``: red Helix, yellow Star, blue Ring, black Helix, white Star). The shipped Flare 1 asks
for red, then yellow, then blue Strands; Maelstrom card 0 costs 1 red and 1 yellow (both our
design).
"""

from __future__ import annotations

from collections import Counter

import pytest

from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox.state import FLARE, MATRIX
from ludoverse.games.paradox.studies import best_swap, matrix_boxes

from .builders import (
    ROW_AND_DIAGONAL_FREE,
    board,
    card,
    check,
    disc,
    draw_purples,
    end,
    from_bag,
    give,
    level_phase,
    line,
    mat_card,
    matrix_phase,
    names,
    new,
    on_top,
    one_swap_strand,
    park_purples,
    pending_colours,
    set_maelstrom,
    set_matrix,
    space,
    swap,
    to_mat,
    to_score,
    to_wormhole,
)

RED_AND_YELLOW = ("Bh Ks Wr Bs Kh", "Ws Br Kh Wr Bs", "Kr Wh Bs Kh Wr", "Yh Yr Rs Yh Bh",
                  "Rh Rs Ys Rr Wh")
"""Swapping r5c3 and r4c3 makes a red 4-Strand in row 5 and a yellow one in row 4 at once."""


def in_play(s) -> list[int]:
    """Cards in the deck and the Wormhole (where a Deck Scenario card can be drafted)."""
    return [*s.deck, *(c for c in (*s.stable, *s.unstable) if c >= 0)]


def strand_action(s, colour: str, seat: int = 0) -> None:
    """Give the seat a Matrix whose swap of r5c3 and r4c3 makes a 4-Strand of ``colour``, and
    make that swap."""
    set_matrix(s, seat, *one_swap_strand(colour, 4))
    swap(s, "r5c3", "r4c3")


# ---------------------------------------------------------------------------------------------
# Deck and Triggered Scenarios


# PX-SCEN-1
@pytest.mark.parametrize(("choice", "kind", "count"), [
    ("breakthrough", K.is_breakthrough, 5), ("flare", K.is_flare, 6),
    ("parallel_universe", K.is_parallel, 5)])
def test_the_deck_scenario_is_shuffled_into_the_deck(choice, kind, count) -> None:
    s = new(3, deck_scenario=choice)
    scenario = [c for c in [*in_play(s), *s.hand] if c >= K.BREAKTHROUGH]
    assert len(scenario) == count and all(kind(c) for c in scenario)
    assert all(c in s.gone for c in range(K.BREAKTHROUGH, K.NUM_CARDS) if not kind(c))


# PX-SCEN-1
def test_a_triggered_scenario_waits_beside_the_board() -> None:
    s = new(2, triggered_scenario="maelstrom")
    assert s.maelstrom == -1 and sorted(s.maelstrom_deck) == [0, 1, 2, 3, 4]
    plain = new(2)
    assert sorted([*in_play(s), *s.nebulas]) == sorted([*in_play(plain), *plain.nebulas])
    t = new(2, triggered_scenario="matrix")
    assert (t.level, t.level_stack) == (1, [1, 2, 3])


# PX-SCEN-1, PX-SCEN-4
def test_a_deck_scenario_card_shifts_and_is_lost_like_a_timeline() -> None:
    s = new(2, deck_scenario="flare", auto_forced=False)
    flare = to_mat(s, 0, "Flare 1")
    flare.step, flare.marks = 1, from_bag(s, "Rh")
    spaces = []
    for _ in range(4):
        matrix_phase(s, 0)
        bag = len(s.bag)
        s.apply(A.END_PHASE)
        spaces.append(flare.space if flare in s.mats[0] else "lost")
        while s.phase == MATRIX:  # the other seat's phase, then Cleanup
            s.apply(A.END_PHASE)
    assert spaces == [K.PRESENT, K.FUTURE, K.DANGER, "lost"]
    assert card("Flare 1") in s.discard
    assert len(s.bag) == bag + 1  # its marker disc went back into the bag
    check(s)


# PX-SCEN-2, PX-SCEN-4, PX-SCEN-7
@pytest.mark.parametrize(("name", "choice", "start"), [
    ("Breakthrough 1", "breakthrough", K.DANGER), ("Flare 1", "flare", K.PAST),
    ("Parallel Universe 1", "parallel_universe", K.PRESENT)])
def test_a_drafted_scenario_card_starts_on_its_space(name, choice, start) -> None:
    s = new(2, deck_scenario=choice, auto_forced=False)
    to_wormhole(s, 0, name)
    s.apply(A.DRAFT + 0)  # seat 1, left of the Chief Scientist, picks first
    assert mat_card(s, 1, name).space == start


# ---------------------------------------------------------------------------------------------
# Breakthrough


def breakthrough_phase(**options: object):
    s = new(2, auto_forced=False, **options)
    to_mat(s, 0, "Breakthrough 1")
    set_matrix(s, 0, *board("R"))
    matrix_phase(s, 0)
    return s


# PX-SCEN-2
def test_a_breakthrough_gives_one_extra_action_and_leaves_the_game() -> None:
    s = breakthrough_phase()
    s.apply(A.BT_EXTRA)
    assert s.actions_left == 3 and s.mats[0] == [] and card("Breakthrough 1") in s.gone
    assert A.BT_EXTRA not in s.legal_actions()
    check(s)


# PX-SCEN-2
def test_a_breakthrough_wipes_a_row_and_refills_it_without_using_an_action() -> None:
    s = breakthrough_phase()
    row1 = s.matrices[0][:5]
    s.apply(A.BT_WIPE + line("row 1"))
    assert s.actions_left == 2 and card("Breakthrough 1") in s.gone
    assert s.mat_discard[0] == row1 and G.EMPTY not in s.matrices[0]
    check(s)


# PX-SCEN-2
def test_the_choice_may_wait_until_the_second_action_is_over() -> None:
    s = breakthrough_phase()
    swap(s, "r1c1", "r1c4")  # Yh and Kh: no Strand
    swap(s, "r1c2", "r1c5")  # Ks and Ys: no Strand
    assert s.actions_left == 0 and s.phase == MATRIX
    assert {A.BT_EXTRA, A.BT_WIPE + line("column 5")} <= set(s.legal_actions())
    s.apply(A.BT_EXTRA)
    assert s.actions_left == 1


# PX-SCEN-2
def test_strands_a_wipe_makes_wait() -> None:
    # Column 1 reads red, red, black, red, red: wiping row 3 drops two reds onto the others.
    s = new(2, auto_forced=False)
    to_mat(s, 0, "Breakthrough 1")
    set_matrix(s, 0, *board("R", r1c1="Rh", r2c1="Rs", r4c1="Rr", r5c1="Rh"))
    matrix_phase(s, 0)
    s.apply(A.BT_WIPE + line("row 3"))
    assert s.phase == MATRIX and s.pending == [] and s.actions_left == 2
    waiting = [G.SHAPES[a - A.RESOLVE] for a in s.legal_actions()
               if A.RESOLVE <= a < A.END_PHASE]
    assert [sh.kind for sh in waiting] == ["column"] and waiting[0].mask & 1 << space("r5c1")


# PX-SCEN-2
def test_an_unused_breakthrough_is_lost_to_the_discard_pile() -> None:
    s = breakthrough_phase()
    s.apply(A.END_PHASE)
    assert card("Breakthrough 1") in s.discard and card("Breakthrough 1") not in s.gone


# PX-SCEN-3
def test_wiping_a_nexus_lock_discards_that_nexus_unscored() -> None:
    s = breakthrough_phase()
    to_mat(s, 0, "Alphoria Nexus")  # locks r1c3
    assert s.shields_free() == 14
    s.apply(A.BT_WIPE + line("column 3"))
    assert card("Alphoria Nexus") in s.discard and s.score[0] == [] and s.mats[0] == []
    assert s.locks[0] == [-1] * 25 and s.shields_free() == 15
    check(s)


# PX-SCEN-3, PX-SCEN-5
def test_a_flare_line_through_a_nexus_lock_discards_it_too() -> None:
    s = new(2, deck_scenario="flare", auto_forced=False)
    flare = to_mat(s, 0, "Flare 1")
    flare.step, flare.marks = 1, from_bag(s, "Rr")
    to_mat(s, 0, "Alphoria Nexus")
    matrix_phase(s, 0)
    strand_action(s, "Y")
    give(s, "lose")
    assert s.phase == FLARE
    s.apply(A.FLARE_LINE + line("row 1"))
    assert card("Alphoria Nexus") in s.discard and s.shields_free() == 15
    check(s)


# ---------------------------------------------------------------------------------------------
# Flare


def flare_phase(step: int = 0, marks: str = ""):
    s = new(2, deck_scenario="flare", auto_forced=False)
    flare = to_mat(s, 0, "Flare 1")
    flare.step, flare.marks = step, from_bag(s, marks)
    matrix_phase(s, 0)
    return s, flare


# PX-SCEN-4
def test_a_flare_waits_for_a_strand_of_its_next_colour() -> None:
    s, flare = flare_phase()
    strand_action(s, "Y")  # yellow is its second colour: nothing yet
    give(s, "lose")
    assert flare.step == 0 and s.phase == MATRIX
    strand_action(s, "R")
    give(s, "lose")
    assert flare.step == 1 and [G.colour_of(d) for d in flare.marks] == [G.RED]
    assert s.phase == FLARE
    check(s)


# PX-SCEN-4
def test_a_flare_advances_at_most_one_step_per_action() -> None:
    s, flare = flare_phase()
    set_matrix(s, 0, *RED_AND_YELLOW)
    swap(s, "r5c3", "r4c3")
    assert pending_colours(s) == ["red", "yellow"]
    give(s, "lose")
    give(s, "lose")
    assert flare.step == 1 and len(flare.marks) == 1  # the yellow Strand came too early


# PX-SCEN-5
def test_the_first_benefit_discards_one_unshielded_disc() -> None:
    s, _ = flare_phase()
    to_mat(s, 0, "Alphoria Nexus")  # r1c3 is shielded
    strand_action(s, "R")
    give(s, "lose")
    legal = s.legal_actions()
    assert A.FLARE_DISC + space("r1c3") not in legal and A.FLARE_DECLINE in legal
    assert len(legal) == 24 + 1
    target = s.matrices[0][space("r1c1")]
    s.apply(A.FLARE_DISC + space("r1c1"))
    assert s.mat_discard[0][-1] == target and s.phase == MATRIX and s.actions_left == 1
    check(s)


# PX-SCEN-5
def test_the_second_benefit_discards_a_line() -> None:
    s, flare = flare_phase(step=1, marks="Rh")
    strand_action(s, "Y")
    give(s, "lose")
    assert flare.step == 2
    assert s.legal_actions() == [*(A.FLARE_LINE + k for k in range(10)), A.FLARE_DECLINE]
    column = [s.matrices[0][r * 5 + 4] for r in range(5)]
    s.apply(A.FLARE_LINE + line("column 5"))
    assert sorted(s.mat_discard[0][-5:]) == sorted(column) and G.EMPTY not in s.matrices[0]


# PX-SCEN-5
def test_a_benefit_may_be_declined() -> None:
    s, flare = flare_phase()
    strand_action(s, "R")
    give(s, "lose")
    before = list(s.matrices[0])
    s.apply(A.FLARE_DECLINE)
    assert s.matrices[0] == before and flare.step == 1 and s.phase == MATRIX


# PX-SCEN-5, PX-SCEN-6
def test_the_third_step_scores_the_flare() -> None:
    s, flare = flare_phase(step=2, marks="Rh Ys")
    strand_action(s, "B")
    give(s, "lose")
    assert names(s.score[0]) == ["Flare 1"] and s.mats[0] == [] and s.phase == MATRIX
    assert [G.colour_of(d) for d in flare.marks] == [G.RED, G.YELLOW, G.BLUE]
    assert not Counter(flare.marks) - Counter(s.mat_discard[0])  # markers to the discard pile
    assert A.FLARE_SPEND not in s.legal_actions()  # not in the turn it was scored
    check(s)
    end(s)
    assert s.final[0]["flares"] == 2


# PX-SCEN-6
def test_a_scored_flare_buys_an_extra_action_in_a_later_turn_for_its_vp() -> None:
    s = new(2, deck_scenario="flare", auto_forced=False)
    to_score(s, 0, "Flare 1", "Flare 2")
    s.flare_turn = {card("Flare 1"): 3, card("Flare 2"): 3}
    matrix_phase(s, 0, turn=4)
    s.apply(A.FLARE_SPEND)
    s.apply(A.FLARE_SPEND)  # several in one turn
    assert s.actions_left == 4 and s.score[0] == [] and A.FLARE_SPEND not in s.legal_actions()
    assert {card("Flare 1"), card("Flare 2")} <= set(s.gone)
    end(s)
    assert s.final[0]["flares"] == 0


# ---------------------------------------------------------------------------------------------
# Parallel Universe


# PX-SCEN-7, PX-ALLOC-8, PX-SCORE-4
def test_a_parallel_universe_takes_three_black_or_white_and_scores_as_a_wild_card() -> None:
    s = new(2, deck_scenario="parallel_universe", auto_forced=False)
    pu = to_mat(s, 0, "Parallel Universe 1")
    pu.discs = from_bag(s, "Kh Wr")
    to_score(s, 0, "Alphoria Past")
    matrix_phase(s, 0)
    strand_action(s, "R")
    assert A.ALLOC_CARD + pu.card not in s.legal_actions()  # red does not fit
    give(s, "lose")
    quake = s.quake
    strand_action(s, "K")
    give(s, "Parallel Universe 1")
    assert names(s.score[0]) == ["Alphoria Past", "Parallel Universe 1"] and s.quake == quake
    check(s)
    end(s)
    assert s.final[0]["worlds"] == 3


# ---------------------------------------------------------------------------------------------
# Trigger Discs


# PX-SETUP-9, PX-SCEN-8
@pytest.mark.parametrize("players", [2, 3, 4])
def test_trigger_discs_join_the_bag_after_the_matrices(players: int) -> None:
    s = new(players, triggered_scenario="maelstrom")
    assert all(G.PURPLE not in m for m in s.matrices) and G.PURPLE not in s.anomaly
    assert s.bag.count(G.PURPLE) + s.purple_aside == 5
    assert G.PURPLE not in new(players).bag


# PX-SCEN-8
def test_a_purple_disc_drawn_is_set_aside_counted_and_replaced() -> None:
    s = new(3, triggered_scenario="matrix", auto_forced=False)
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert s.purple_aside == 3 and s.level == 1  # 3 of the 4 a 3-player game needs
    assert G.PURPLE not in s.matrices[0] and G.EMPTY not in s.matrices[0]
    refill = [e.data for e in s.events if e.kind == "refill"][-1]
    assert refill["purple"] == 3  # in the refill's one entry (PX-KNOW-7)
    check(s)


# PX-SCEN-9
@pytest.mark.parametrize(("players", "threshold"), [(2, 3), (3, 4), (4, 4)])
def test_the_scenario_triggers_at_three_or_four_purple_discs(players, threshold) -> None:
    s = new(players, triggered_scenario="matrix", auto_forced=False)
    assert s.purple_aside == 0
    matrix_phase(s, 0)
    draw_purples(s, 0, threshold - 1, "Breakthrough 1")
    assert (s.purple_aside, s.level) == (threshold - 1, 1)
    draw_purples(s, 0, 1, "Breakthrough 2", park=False)
    assert (s.purple_aside, s.level) == (0, 2)
    assert s.bag.count(G.PURPLE) == 5  # those set aside are back with the others
    check(s)


# PX-SCEN-9, PX-SCEN-8
def test_purple_discs_drawn_for_the_anomaly_can_trigger_at_setup() -> None:
    seed = next(k for k in range(200) if any(
        e.kind == "matrix_level" for e in new(2, seed=k, triggered_scenario="matrix").events))
    s = new(2, seed=seed, triggered_scenario="matrix")
    assert (s.level, s.purple_aside, s.trigger_due) == (2, 0, False)
    assert s.bag.count(G.PURPLE) == 5


# PX-SCEN-9
def test_every_purple_disc_goes_back_and_the_effect_lasts_until_the_next_trigger() -> None:
    s = new(2, triggered_scenario="matrix", auto_forced=False)
    matrix_phase(s, 0)
    draw_purples(s, 0, 5, "Breakthrough 1", park=False)  # all five come out in one refill
    assert (s.purple_aside, s.bag.count(G.PURPLE), s.level) == (0, 5, 2)
    park_purples(s, 1)
    s.apply(A.END_PHASE)
    for _ in range(3):  # Boxes stay in force, turn after turn
        matrix_phase(s, s.cs)
        s.apply(A.END_PHASE)
    assert (s.turn, s.level) == (5, 2)
    matrix_phase(s, s.cs)
    draw_purples(s, s.cs, 3, "Breakthrough 2")
    assert s.level == 3


# ---------------------------------------------------------------------------------------------
# Maelstrom


def maelstrom_game(**options: object):
    s = new(2, triggered_scenario="maelstrom", auto_forced=False, **options)
    park_purples(s, 1)
    return s


# PX-SCEN-10
def test_a_maelstrom_covers_the_timeline_on_top_of_the_deck() -> None:
    s = maelstrom_game()
    on_top(s, "Elysium Past")
    s.maelstrom_deck = [4, 3, 2, 1, 0]
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert (s.maelstrom, s.maelstrom_card) == (0, card("Elysium Past"))
    shown = s.observation(1)["maelstrom"]
    assert shown["cost"] == {"red": 1, "yellow": 1} and shown["card"]["name"] == "Elysium Past"
    check(s)


# PX-SCEN-10
def test_payments_are_kept_apart_and_the_first_to_cover_the_cost_claims_the_card() -> None:
    s = maelstrom_game()
    set_maelstrom(s, 0, "Elysium Past")  # 1 red + 1 yellow
    quake = s.quake
    matrix_phase(s, 1)
    strand_action(s, "R", seat=1)
    give(s, "maelstrom")  # seat 1 pays a red, and its turn ends
    s.apply(A.END_PHASE)
    assert s.mover == 0
    strand_action(s, "Y")
    give(s, "maelstrom")  # seat 1's red does not count for seat 0: no claim yet
    assert s.maelstrom == 0 and [len(r) for r in s.maelstrom_res] == [1, 1]
    probe = s.clone()
    strand_action(probe, "Y")
    assert A.ALLOC_MAELSTROM not in probe.legal_actions()  # seat 0's yellow is paid
    strand_action(s, "R")
    give(s, "maelstrom")
    assert names(s.score[0]) == ["Elysium Past"] and s.quake == quake
    assert s.maelstrom == -1 and s.maelstrom_res == [[], []]
    check(s)


# PX-SCEN-10
def test_the_discs_on_a_claimed_maelstrom_go_back_into_the_bag() -> None:
    s = maelstrom_game()
    set_maelstrom(s, 0, "Elysium Past")
    s.maelstrom_res[1] = from_bag(s, "Rh")  # seat 1 paid a red Helix earlier
    matrix_phase(s, 0)
    strand_action(s, "R")
    give(s, "maelstrom")
    strand_action(s, "Y")
    kept = len(s.mat_discard[0])
    give(s, "maelstrom")  # seat 0 claims the card
    assert s.maelstrom == -1
    assert len(s.mat_discard[0]) == kept and disc("Rh") not in s.mat_discard[1]
    check(s)


# PX-SCEN-11
def test_a_new_trigger_replaces_an_unclaimed_maelstrom() -> None:
    s = maelstrom_game()
    set_maelstrom(s, 0, "Elysium Past")
    s.maelstrom_res[1] = from_bag(s, "Rh")
    s.maelstrom_deck = [2, 1]
    on_top(s, "Null Beta Past")
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert card("Elysium Past") in s.discard and s.maelstrom_res == [[], []]
    assert (s.maelstrom, s.maelstrom_card, s.maelstrom_deck) == (1, card("Null Beta Past"), [2])
    check(s)


# PX-SCEN-11
def test_with_the_maelstrom_deck_used_up_a_trigger_does_nothing() -> None:
    s = maelstrom_game(maelstrom_cards=1)
    set_maelstrom(s, 0, "Elysium Past")
    on_top(s, "Null Beta Past")
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert (s.maelstrom, s.maelstrom_card) == (0, card("Elysium Past"))
    assert s.deck[-1] == card("Null Beta Past")  # not even turned over
    assert [e.data["exhausted"] for e in s.events if e.kind == "maelstrom"] == [True]


# PX-SCEN-12, PX-SCEN-11
@pytest.mark.parametrize("reading", ["fizzle", "redraw"])
def test_a_maelstrom_turning_up_another_card(reading: str) -> None:
    s = maelstrom_game(maelstrom_non_timeline=reading)
    set_maelstrom(s, 0, "Null Beta Past")  # unclaimed, from an earlier trigger
    on_top(s, "Elysium Past", "Breakthrough 3")
    matrix_phase(s, 0)
    draw_purples(s, 0, 3, "Breakthrough 1")
    assert card("Breakthrough 3") in s.discard
    if reading == "fizzle":  # nothing else happens: the unclaimed Maelstrom stays
        assert (s.maelstrom, s.maelstrom_card) == (0, card("Null Beta Past"))
        assert s.deck[-1] == card("Elysium Past")
    else:
        assert s.maelstrom > 0 and s.maelstrom_card == card("Elysium Past")
        assert card("Null Beta Past") in s.discard
    check(s)


# ---------------------------------------------------------------------------------------------
# Matrix


# PX-SCEN-13
@pytest.mark.parametrize(("progression", "levels"), [
    ("rotate_then_apply", [2, 3, 1, 2]), ("apply_then_rotate", [1, 2, 3, 1])])
def test_the_level_stack_turns_on_each_trigger(progression: str, levels: list[int]) -> None:
    s = new(2, triggered_scenario="matrix", matrix_scenario_progression=progression,
            auto_forced=False)
    matrix_phase(s, 0)
    seen = []
    for k in range(1, 5):
        draw_purples(s, 0, 3, f"Breakthrough {k}")
        seen.append(s.level)
    assert seen == levels
    check(s)


BOX_2X2 = board("R", r4c1="Rh", r4c2="Rs", r5c1="Rr", r5c2="Ks", r2c4="Rs")
BOX_2X3 = board("R", r4c1="Rh", r4c2="Rs", r4c3="Rr", r5c1="Rr", r5c2="Ks", r5c3="Rh",
                r2c4="Rs")
BOX_3X2 = board("R", r3c1="Rh", r3c2="Rr", r4c1="Rh", r4c2="Ks", r5c1="Rr", r5c2="Rr",
                r2c4="Rs")


# PX-SCEN-14
@pytest.mark.parametrize(("rows", "swapped", "earned"), [
    (BOX_2X2, "r5c2", 1), (BOX_2X3, "r5c2", 2), (BOX_3X2, "r4c2", 2),
    (ROW_AND_DIAGONAL_FREE, "r5c3", 0)])
def test_level_2_boxes(rows, swapped: str, earned: int) -> None:
    # a 2x2 box earns 1, a 2x3 or 3x2 box 2 (its 2x2 boxes are not counted again); a row of
    # four is no Strand while Boxes replace rows and columns
    s = level_phase(2, rows)
    swap(s, swapped, "r2c4")
    assert pending_colours(s) == ["red"] * earned


THREE_BY_THREE = board("R", r3c1="Rh", r3c2="Rs", r3c3="Rr", r4c1="Rh", r4c2="Ks", r4c3="Rr",
                        r5c1="Rh", r5c2="Rs", r5c3="Rr", r2c4="Rs")
"""Swapping r4c2 and r2c4 completes a red 3x3 block in rows 3-5, columns 1-3."""
TWO_BY_FOUR = board("R", r4c1="Rh", r4c2="Ks", r4c3="Rr", r4c4="Rh", r5c1="Rr", r5c2="Rs",
                    r5c3="Rh", r5c4="Rr", r2c4="Rs")
"""A red 2x2 box waits in rows 4-5, columns 3-4; swapping r4c2 and r2c4 makes the 2x4 block."""
TOUCHING = board("R", r3c1="Rh", r3c2="Rs", r4c1="Rr", r4c2="Ks", r4c3="Rh", r5c2="Rr",
                 r5c3="Rs", r2c4="Rs")
"""Swapping r4c2 and r2c4 makes two red 2x2 boxes that share only that disc."""


# PX-SCEN-17, PX-OPT-22
@pytest.mark.parametrize(("rows", "reading", "strands", "earned"), [
    (THREE_BY_THREE, "one_strand", 1, 2), (THREE_BY_THREE, "each_box", 4, 8),
    (TWO_BY_FOUR, "one_strand", 1, 2), (TWO_BY_FOUR, "each_box", 2, 4),
    (TOUCHING, "one_strand", 2, 2), (TOUCHING, "each_box", 2, 2)])
def test_overlapping_boxes_make_one_strand(rows, reading: str, strands: int,
                                           earned: int) -> None:
    # boxes sharing two or more discs are one Strand worth its best box, as a 5-run is one
    # Strand; boxes sharing one disc cross like a row and a column, each a Strand of its own
    s = level_phase(2, rows, boxes=reading)
    start = len(s.events)
    swap(s, "r4c2", "r2c4")
    made = [e.data for e in s.events[start:] if e.kind == "strand"]
    assert len(made) == strands and sum(m["resources"] for m in made) == earned
    assert pending_colours(s) == ["red"] * earned
    if reading == "one_strand" and rows is THREE_BY_THREE:
        assert len(made[0]["shapes"]) == 4  # the four 2x3 and 3x2 boxes of the block
        assert all(s.matrices[0][r * 5 + c] == G.EMPTY for r in (2, 3, 4) for c in (0, 1, 2))


# PX-SCEN-17
def test_the_matrix_boxes_study_measures_the_best_swap_under_each_reading() -> None:
    s = level_phase(2, THREE_BY_THREE)
    assert (best_swap(s, merge=True), best_swap(s, merge=False)) == (2, 8)
    rows = matrix_boxes(1, 3, {}, players=2, bot="random", from_start=True)
    assert [r["overlapping_boxes"] for r in rows] == ["one_strand", "each_box"]
    assert all(r["games"] == 1 and r["L2 swap decisions"] > 0 for r in rows)


# PX-SCEN-15
@pytest.mark.parametrize(("rows", "earned"), [
    (board("R", r1c1="Rh", r2c2="Rr", r3c3="Rh", r4c4="Ks", r1c5="Rs"), 1),
    (board("R", r1c1="Rh", r2c2="Rr", r3c3="Rh", r4c4="Ks", r5c5="Rr", r1c5="Rs"), 2)])
def test_level_3_diagonals(rows, earned: int) -> None:
    s = level_phase(3, rows)
    swap(s, "r4c4", "r1c5")
    assert pending_colours(s) == ["red"] * earned


# PX-SCEN-15
@pytest.mark.parametrize(("mode", "earned"), [("replace", 0), ("add", 1)])
def test_a_level_replaces_rows_and_columns_or_adds_to_them(mode: str, earned: int) -> None:
    s = level_phase(3, ROW_AND_DIAGONAL_FREE, mode)
    swap(s, "r5c3", "r2c4")
    assert pending_colours(s) == ["red"] * earned


# ---------------------------------------------------------------------------------------------
# Card counts


# PX-SCEN-16
def test_the_appendix_counts_are_the_defaults_and_each_can_be_lowered() -> None:
    s = new(2)
    box = [c for c in range(K.BREAKTHROUGH, K.NUM_CARDS)]
    assert sum(map(K.is_breakthrough, box)) == 5 and sum(map(K.is_flare, box)) == 6
    assert sum(map(K.is_parallel, box)) == 5 and len(new(2, triggered_scenario="maelstrom")
                                                     .maelstrom_deck) == 5
    assert len([c for c in in_play(s) if K.is_breakthrough(c)]) == 5
    fewer = new(2, breakthrough_cards=2, flare_cards=3, parallel_universe_cards=4,
                maelstrom_cards=1, triggered_scenario="maelstrom")
    assert len([c for c in in_play(fewer) if K.is_breakthrough(c)]) == 2
    assert len([c for c in fewer.gone if K.is_flare(c)]) == 3
    assert len([c for c in fewer.gone if K.is_parallel(c)]) == 4
    assert fewer.maelstrom_deck == [0]
    check(fewer)
    mad = new(2, deck_scenario="mad_scientist", breakthrough_cards=1, flare_cards=1,
              parallel_universe_cards=1)
    assert len([c for c in in_play(mad) if c >= K.BREAKTHROUGH]) == 3  # only 3 in the box
