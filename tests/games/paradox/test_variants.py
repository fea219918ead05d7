"""Variants (docs/rules/paradox.md, section 14): Training Mission, Take Your Child to Work Day,
Mad Scientist and the Speed variant."""

from __future__ import annotations

import pytest

from ludoverse.core.options import OptionError
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox.game import GAME
from ludoverse.games.paradox.state import DRAFT, END_DISCARD, MATRIX, OVER

from .builders import (
    card,
    check,
    end,
    fracture,
    give,
    matrix_phase,
    names,
    new,
    one_swap_strand,
    park_purples,
    set_maelstrom,
    set_matrix,
    swap,
    to_mat,
    to_score,
    to_wormhole,
)


def scenario_cards(s) -> list[int]:
    """The Deck Scenario cards in the game (deck, Wormhole, Research Hand)."""
    return [c for c in [*s.deck, *s.stable, *s.unstable, *s.hand] if c >= K.BREAKTHROUGH]


# ---------------------------------------------------------------------------------------------
# Training Mission


# PX-VAR-1, PX-SETUP-12
def test_a_training_mission_deals_no_research_goals() -> None:
    s = new(3, preset="training")
    assert s.opts.research_goals is False and s.goals == [] and s.secret == [-1] * 3
    assert s.observation(0)["research_goals"] == []
    assert s.opts.deck_scenario == "breakthrough"  # the rulebook's advice for a first game
    assert len(new(3).goals) == 3


# PX-VAR-1
def test_a_training_mission_loses_one_card_per_fractured_world() -> None:
    full, training = new(2), new(2, preset="training")
    for s in (full, training):
        to_score(s, 0, "Alphoria Past", "Alphoria Present", "Alphoria Future")
        fracture(s, "Alphoria")
        end(s)
    assert full.score[0] == [] and full.phase == OVER
    assert names(training.score[0]) == ["Alphoria Present", "Alphoria Future"]
    assert training.final[0]["worlds"] == 3


# PX-VAR-1
def test_the_training_choice_is_the_players() -> None:
    s = new(2, preset="training")
    to_score(s, 1, "Null Beta Past", "Null Beta Nexus")
    fracture(s, "Null Beta")
    end(s)
    assert (s.phase, s.current_player, len(s.legal_actions())) == (END_DISCARD, 1, 2)


# PX-VAR-2
def test_a_training_mission_may_do_without_a_deck_scenario() -> None:
    s = new(2, preset="training", deck_scenario="none")
    assert scenario_cards(s) == []
    assert sorted(s.gone) == list(range(K.BREAKTHROUGH, K.NUM_CARDS))
    check(s)


# PX-VAR-2
def test_a_full_game_refuses_to_play_without_a_deck_scenario() -> None:
    with pytest.raises(OptionError, match="deck_scenario=none is only for a Training Mission"):
        GAME.make_options({"deck_scenario": "none"})


# ---------------------------------------------------------------------------------------------
# Take Your Child to Work Day


# PX-VAR-3
def test_child_to_work_has_no_worlds_and_no_quake() -> None:
    s = new(3, preset="child_to_work")
    assert s.opts.research_goals is False and s.opts.take_your_child_to_work
    assert s.world_at == [-1] * len(s.world_at)
    obs = s.observation(0)
    assert obs["quake"] is None and all(space is None for space in obs["ring"])


# PX-VAR-3
def test_child_to_work_repairs_move_no_quake_and_nothing_fractures() -> None:
    s = new(2, preset="child_to_work", auto_forced=False)
    to_mat(s, 0, "Alphoria Present")  # 2 red
    quake = s.quake
    set_matrix(s, 0, *one_swap_strand("R"))
    matrix_phase(s, 0)
    swap(s, "r5c3", "r4c3")
    give(s, "Alphoria Present")
    give(s, "Alphoria Present")
    assert card("Alphoria Present") in s.score[0] and s.quake == quake
    assert not any(s.fractured)
    end(s)
    assert s.phase == OVER and s.final[0]["worlds"] == 1


# PX-VAR-3
def test_child_to_work_black_and_white_still_find_a_use() -> None:
    s = new(2, preset="child_to_work", deck_scenario="parallel_universe", alliances=True,
            triggered_scenario="maelstrom", auto_forced=False)
    park_purples(s, 1)
    to_mat(s, 0, "Alphoria Past")  # 1 red + 1 black
    to_mat(s, 0, "Parallel Universe 1")
    set_maelstrom(s, 2, "Elysium Past")  # 2 yellow + 1 black
    set_matrix(s, 0, *one_swap_strand("K", 4))
    matrix_phase(s, 0)
    swap(s, "r5c3", "r4c3")
    assert [s.action_label(a, s.current_player) for a in s.legal_actions()] == [
        "Put black on Alphoria Past", "Put black on Parallel Universe 1",
        "Spend black on the black Alliance", "Pay black towards the Maelstrom",
        "Let the black resource go"]  # and no World to stabilise or shield
    assert not any(A.ALLOC_WORLD <= a < A.ALLOC_ALLIANCE for a in s.legal_actions())


# PX-VAR-3
def test_child_to_work_is_a_training_mission() -> None:
    with pytest.raises(OptionError, match="Take Your Child to Work Day is a Training Mission"):
        GAME.make_options({"take_your_child_to_work": True})


# ---------------------------------------------------------------------------------------------
# Mad Scientist


# PX-VAR-4
def test_mad_scientist_adds_five_random_cards_of_every_deck_scenario() -> None:
    kinds = set()
    draws = set()
    for seed in range(12):
        s = new(3, seed=seed, preset="mad_scientist")
        cards = scenario_cards(s)
        assert len(cards) == 5 and len(set(cards)) == 5
        kinds |= {K.kind(c) for c in cards}
        draws.add(tuple(sorted(cards)))
        assert sorted([*cards, *(c for c in s.gone if c >= K.BREAKTHROUGH)]) == list(
            range(K.BREAKTHROUGH, K.NUM_CARDS))
    assert kinds == {"breakthrough", "flare", "parallel_universe"}
    assert len(draws) > 6  # a new random choice each game


# ---------------------------------------------------------------------------------------------
# Speed variant


def pick(s) -> None:
    """Take the first card offered; the Chief Scientist takes nothing."""
    s.apply(A.TAKE_NOTHING if s.current_player == s.cs else min(s.legal_actions()))


# PX-VAR-5
def test_speed_variant_each_matrix_phase_follows_its_own_pick() -> None:
    s = new(3, phase_mode="speed_variant", auto_forced=False)
    order = []
    while s.turn == 1:
        if s.phase == DRAFT:
            order.append(("pick", s.current_player))
            pick(s)
        else:
            assert s.phase == MATRIX
            order.append(("matrix", s.current_player))
            s.apply(A.END_PHASE)
    assert order == [("pick", 1), ("matrix", 1), ("pick", 2), ("matrix", 2), ("pick", 0),
                     ("matrix", 0)]


# PX-VAR-5
def test_sequential_play_drafts_everything_first() -> None:
    s = new(3, auto_forced=False)
    order = []
    while s.turn == 1:
        order.append(("pick" if s.phase == DRAFT else "matrix", s.current_player))
        if s.phase == DRAFT:
            pick(s)
        else:
            s.apply(A.END_PHASE)
    assert order == [("pick", 1), ("pick", 2), ("pick", 0), ("matrix", 1), ("matrix", 2),
                     ("matrix", 0)]


# PX-VAR-5
def test_speed_variant_later_pickers_see_earlier_results() -> None:
    s = new(2, phase_mode="speed_variant", auto_forced=False)
    to_wormhole(s, 0, "Alphoria Past")
    s.apply(A.DRAFT + 0)  # seat 1 picks, then plays its Matrix phase at once
    assert (s.phase, s.mover) == (MATRIX, 1)
    s.apply(next(a for a in s.legal_actions() if A.SWAP <= a < A.SWAP_ANOMALY))
    s.apply(A.END_PHASE)
    assert (s.phase, s.picker) == (DRAFT, 0)  # seat 0 picks after seat 1's whole phase
    seen = s.observation(0)["players_view"][1]
    assert [(c["name"], c["space"]) for c in seen["mat"]] == [("Alphoria Past", "Present")]
    assert any(e.kind == "swap" and e.data["seat"] == 1 for e in s.events)
    check(s)
