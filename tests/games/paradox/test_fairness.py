"""Fair play: face-down score piles, reveals logged before what they set off, labels written
for their reader, and forced moves played only where everyone can see they are forced
(docs/rules/paradox.md, section 15).

Seat 0 is the Chief Scientist of turn 1 in a 3-player game unless a test says otherwise.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from ludoverse.core.api import IllegalAction
from ludoverse.games.paradox import actions as A
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox.state import DRAFT, MATRIX, ParadoxState

from . import builders as B
from .helpers import (
    NEUTRAL,
    card,
    check,
    finish_draft,
    finish_matrix_phases,
    matrix_phase,
    names,
    new_game,
    set_hand,
    set_matrix,
    set_wormhole,
    stack_bag,
    stack_deck,
)

PILE = ("Alphoria Past", "Alphoria Nexus", "Null Beta Future")


def piled(**options) -> ParadoxState:
    """Seat 1 has three cards in its score pile."""
    s = new_game(**options)
    for name in PILE:
        B.to_score(s, 1, name)
    return s


def text_for(s, seat) -> str:
    return json.dumps(s.observation(seat))


# Score piles --------------------------------------------------------------------------------


# PX-KNOW-10
def test_a_score_pile_lies_face_down_its_owner_may_look_the_others_count_it() -> None:
    s = piled()
    mine = s.observation(1)["players_view"][1]
    assert [c["name"] for c in mine["score_pile"]] == list(PILE)
    assert (mine["score_pile_size"], mine["score_pile_face_down"]) == (3, False)
    for seat in (0, 2, None):
        theirs = s.observation(seat)["players_view"][1]
        assert (theirs["score_pile"], theirs["score_pile_size"]) == ([], 3)
        assert theirs["score_pile_face_down"] is True
        assert "Null Beta Future" not in text_for(s, seat)


# PX-KNOW-10, PX-OPT-21
def test_face_up_score_piles_are_the_perfect_recall_option() -> None:
    s = piled(score_piles="face_up")
    for seat in (0, 2, None):
        theirs = s.observation(seat)["players_view"][1]
        assert [c["name"] for c in theirs["score_pile"]] == list(PILE)
        assert theirs["score_pile_face_down"] is False


# PX-KNOW-10, PX-KNOW-7
def test_at_the_end_every_pile_and_secret_objective_is_turned_up_first() -> None:
    s = piled(seed=4)  # seed 4 deals the Secret Objective among the goals
    B.fracture(s, "Alphoria")
    B.end(s)
    first = next(e for e in s.events if e.kind == "game_end")
    assert first.visible_to is None
    assert names(s, first.data["score_piles"][1]) == list(PILE)
    goals = s.content.research_goals
    assert first.data["secret_objectives"] == [goals[g].id for g in s.secret]
    later = s.events[s.events.index(first) + 1:]
    assert [e.kind for e in later][:2] == ["fracture_discard", "fracture_discard"]
    theirs = s.observation(0)["players_view"][1]
    assert [c["name"] for c in theirs["score_pile"]] == ["Null Beta Future"]


# PX-KNOW-6, PX-KNOW-10
def test_determinize_deals_the_other_score_piles_anew() -> None:
    s = piled()
    seen = set()
    for k in range(10):
        t = s.determinize(0, random.Random(k))
        assert len(t.score[1]) == 3 and t.observation(0) == s.observation(0)
        assert not [c for c in t.score[1] if K.is_nebula(c) or K.is_breakthrough(c)]
        seen.add(tuple(t.score[1]))
        check(t)
        assert s.determinize(1, random.Random(k)).score[1] == s.score[1]  # its owner knows
    assert len(seen) > 5
    face_up = piled(score_piles="face_up")
    assert face_up.determinize(0, random.Random(1)).score[1] == face_up.score[1]


# PX-KNOW-6, PX-VAR-4
def test_determinize_does_not_know_which_scenario_cards_mad_scientist_left_out() -> None:
    s = new_game(deck_scenario="mad_scientist")
    in_deck = {c for c in s.deck + s.hand if c >= K.BREAKTHROUGH}
    dealt = set()
    for k in range(10):
        t = s.determinize(1, random.Random(k))
        check(t)
        assert len({c for c in t.deck + t.hand if c >= K.BREAKTHROUGH}) == len(in_deck)
        dealt.add(frozenset(c for c in t.deck + t.hand if c >= K.BREAKTHROUGH))
    assert len(dealt) > 5


# Reveals --------------------------------------------------------------------------------------


# PX-KNOW-7, PX-CLEAN-3
def test_a_wormhole_refill_is_one_entry_naming_the_nebulas_it_turned_up() -> None:
    s = new_game()
    finish_draft(s)
    stack_deck(s, "Alphoria Past", "Nebula 2", "Null Beta Past")
    start = len(s.events)
    finish_matrix_phases(s)
    kinds = [e.kind for e in s.events[start:]]
    assert "nebula" not in kinds
    refill = next(e.data for e in s.events[start:] if e.kind == "wormhole")
    assert refill["nebulas"] == [card(s, "Nebula 2")] and refill["reshuffled"] == 0
    assert names(s, refill["stable"][:2]) == ["Alphoria Past", "Null Beta Past"]


# PX-KNOW-7, PX-WORM-7
def test_a_research_hand_names_its_nebulas_to_everyone_and_its_cards_to_its_holder() -> None:
    s = new_game()
    finish_draft(s)  # the Stable section is untouched: the refill deals it four cards
    refill = ["Cindralis Past", "Myrrhine Past", "Sable Verge Past", "Umbral Spire Past"]
    hand = ["Alphoria Past", "Null Beta Past", "Elysium Past", "Faridae Past"]
    stack_deck(s, *refill, hand[0], "Nebula 3", *hand[1:])
    finish_matrix_phases(s)  # then seat 1, the new Chief Scientist, draws the hand
    assert names(s, s.unstable) and names(s, s.stable) == refill
    drawn = [e for e in s.events if e.kind == "research_hand"][-1]
    assert drawn.visible_to is None
    assert drawn.data["nebulas"] == [card(s, "Nebula 3")] and drawn.data["size"] == 4
    cards = [e for e in s.events if e.kind == "research_hand_cards"][-1]
    assert cards.visible_to == frozenset({1}) and names(s, cards.data["cards"]) == hand


# PX-KNOW-7, PX-MATRIX-8
def test_a_matrix_refill_is_one_entry_listing_the_discs_drawn() -> None:
    s = new_game()
    B.set_matrix(s, 1, *B.one_swap_strand("R", 4))
    matrix_phase(s, 1)
    B.swap(s, "r5c3", "r4c3")  # a red 4-Strand in row 5
    stack_bag(s, "Yh", "Bs", "Wr", "Kh")
    before = Counter(s.bag)
    s.apply(A.ALLOC_LOSE)
    refill = [e for e in s.events if e.kind == "refill"][-1]
    assert refill.visible_to is None and refill.data["purple"] == 0
    drawn = [d for _, d in refill.data["discs"]]
    assert Counter(drawn) == before - Counter(s.bag)
    # the row-5 Strand leaves, columns 1-4 drop, and the top row is refilled left to right
    assert [c for c, _ in refill.data["discs"]] == [0, 1, 2, 3]


# PX-KNOW-7, PX-SCEN-8, PX-SCEN-9
def test_trigger_discs_show_in_the_refill_entry_before_the_trigger() -> None:
    s = B.new(3, triggered_scenario="matrix", auto_forced=False)
    B.matrix_phase(s, 0)
    B.draw_purples(s, 0, 4, "Breakthrough 1", park=False)
    kinds = [e.kind for e in s.events]
    assert "trigger_disc" not in kinds
    assert kinds[-2:] == ["refill", "matrix_level"]
    assert s.events[-2].data["purple"] == 4


# PX-KNOW-7, PX-SCEN-12
def test_a_maelstrom_trigger_is_one_entry_whatever_it_turns_up() -> None:
    s = B.new(2, triggered_scenario="maelstrom", auto_forced=False)
    B.on_top(s, "Nebula 1")
    B.matrix_phase(s, 0)
    B.draw_purples(s, 0, 3, "Breakthrough 1")
    last = s.events[-1]
    assert last.kind == "maelstrom" and last.data["turned"] == [B.card("Nebula 1")]
    assert (last.data["card"], last.data["maelstrom"], last.data["exhausted"]) == (-1, -1, False)
    B.on_top(s, "Alphoria Past")
    B.draw_purples(s, 0, 3, "Breakthrough 2")
    last = s.events[-1]
    assert last.kind == "maelstrom" and last.data["card"] == B.card("Alphoria Past")
    assert last.data["maelstrom"] == s.maelstrom >= 0


# PX-KNOW-7, PX-LOCK-1
def test_a_rebuilt_matrix_is_logged_with_its_discs() -> None:
    s = new_game()
    matrix_phase(s, 1)
    s.locked_offer = True  # as if the check had found Matrix 1 locked
    s.apply(A.REBUILD)
    rebuilt = s.events[-1]
    assert rebuilt.kind == "rebuild" and rebuilt.data["purple"] == 0
    assert [d for _, d in sorted(rebuilt.data["discs"])] == s.matrices[1]


# Labels -----------------------------------------------------------------------------------------


# PX-KNOW-8, PX-KNOW-2
def test_only_the_chief_scientist_reads_which_hand_card_a_move_takes() -> None:
    s = new_game()
    set_hand(s, "Cindralis Nexus", "Pale Lantern Past", "Alphoria Future", "Elysium Past")
    s.apply(min(s.legal_actions()))  # seats 1 and 2 take Wormhole cards
    s.apply(min(s.legal_actions()))
    assert s.current_player == 0 and s.phase == DRAFT
    assert s.action_label(A.HAND + 1, 0) == "Take Pale Lantern Past from the Research Hand"
    for viewer in (1, 2, None):
        assert s.action_label(A.HAND + 1, viewer) == "Take Research Hand card 2"
        assert s.action_label(A.DRAFT, viewer) == s.action_label(A.DRAFT, 0)


# Forced moves -----------------------------------------------------------------------------------


def no_shield_left(s) -> None:
    for w in range(15):
        s.world_shield[w] = 2


# PX-KNOW-9, PX-WORM-5
def test_a_picker_with_only_nexus_cards_left_and_no_shield_passes_in_public() -> None:
    s = new_game(auto_forced=True)
    no_shield_left(s)
    set_wormhole(s, ["Alphoria Nexus"], ["Null Beta Nexus"])
    set_hand(s, "Elysium Nexus", "Faridae Nexus", "Cindralis Nexus", "Myrrhine Nexus")
    s.apply(A.TAKE_NOTHING)  # seat 1: everyone sees it could take nothing else
    assert s.current_player == 0 and s.phase == DRAFT  # seat 2 passed by itself
    assert [e.kind for e in s.events[-2:]] == ["pass_pick", "pass_pick"]
    # the Chief Scientist's hand is hidden: asked although only passing is left
    assert s.legal_actions() == [A.TAKE_NOTHING]
    with pytest.raises(IllegalAction, match="Elysium Nexus cannot be taken: a Nexus needs"):
        s.apply(A.HAND)


# PX-KNOW-9, PX-WORM-8
def test_the_chief_scientist_with_a_usable_hand_of_one_takes_it_in_public() -> None:
    s = new_game(players=2, auto_forced=True)
    stack_deck(s, "Alphoria Past")
    s.gone += s.deck[:-1]  # the rest of the deck out of the way: a hand of one
    s.deck, s.deck_knower = s.deck[-1:], s.deck_knower[-1:]
    s.apply(min(s.legal_actions()))  # seat 1 takes a Wormhole card
    s.apply(A.DRAW_HAND)  # everyone sees a hand of one, and a Shield token free
    assert [e.kind for e in s.events[-3:]] == ["research_hand_cards", "draft", "matrix_phase"]
    assert names(s, [s.events[-2].data["card"]]) == ["Alphoria Past"]
    assert s.phase == MATRIX


def last_action(s, seat: int) -> None:
    """``seat`` plays its Matrix phase's last action: a swap that makes no Strand."""
    if s.mover != seat:
        matrix_phase(s, seat)
    set_matrix(s, seat, *NEUTRAL)
    s.actions_left = 1
    s.apply(min(a for a in s.legal_actions() if a < A.SWAP_ANOMALY))


# PX-KNOW-9, PX-SCEN-6
def test_a_matrix_phase_ends_by_itself_only_when_no_hidden_flare_could_extend_it() -> None:
    s = new_game(deck_scenario="flare", auto_forced=True)
    B.to_score(s, 0, "Alphoria Past")  # seat 0's face-down pile might hold a Flare
    last_action(s, 2)  # seat 2's pile is empty: everyone sees it can only end
    assert s.mover == 0 and s.actions_left == 2
    last_action(s, 0)
    assert (s.mover, s.legal_actions()) == (0, [A.END_PHASE])  # seat 0 is asked
    face_up = new_game(deck_scenario="flare", auto_forced=True, score_piles="face_up")
    B.to_score(face_up, 0, "Alphoria Past")
    last_action(face_up, 0)
    assert face_up.turn == 2 and face_up.phase == DRAFT  # seat 0's phase ended by itself
