"""Components and set-up (docs/rules/multiuniversum.md, section 1), and the Short Game's
removed portals (MU-VAR-3).

Seats 0 to 4 play the colours of transformers 1 to 5: red, yellow, purple, blue and green.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from ludoverse.core.api import TERMINAL
from ludoverse.games.multiuniversum.content import ABILITIES, default_content
from ludoverse.games.multiuniversum.state import MultiuniversumState

from .builders import GAME, pass_turn, table

SEEDS = range(20)
TIERS = ("basic", "medium", "advanced")


def fresh(players: int = 3, seed: int = 0, **options: Any) -> MultiuniversumState:
    """A game exactly as the engine sets it up (no test layout)."""
    return GAME.new_game(players=players, seed=seed, options=options)


def tiers_of(s: MultiuniversumState, stack: list[int]) -> list[str]:
    return sorted((s.content.portals[q].tier for q in stack), key=TIERS.index)


def every_card(s: MultiuniversumState) -> list[int]:
    return sorted([*s.deck, *s.discard, *(c for h in s.hands for c in h),
                   *(c for a in s.area for c in a), *(c for t in s.tools for c in t)])


# MU-SETUP-1
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_one_to_five_players_may_play(players: int) -> None:
    s = fresh(players)
    obs = s.observation(0)
    assert obs["players"] == players
    seats = [lab["seat"] for lab in obs["labs"] if not lab["virtual"]]
    assert seats == list(range(players))


# MU-SETUP-1
@pytest.mark.parametrize("players", [0, 6])
def test_no_game_for_zero_or_six_players(players: int) -> None:
    with pytest.raises(ValueError, match=f"1-5 players, not {players}"):
        fresh(players)


# MU-SETUP-1
def test_one_player_plays_the_solo_mode_against_a_virtual_scientist() -> None:
    obs = fresh(1).observation(0)
    assert obs["virtual_scientist"] == 1
    assert [(lab["seat"], lab["virtual"]) for lab in obs["labs"]] == [(0, False), (None, True)]
    assert "virtual_scientist" not in fresh(2).observation(0)


# MU-SETUP-2
def test_the_components() -> None:
    c = default_content()
    assert len(c.transformers) == 5
    assert len(c.portals) == 20
    assert len(c.cards) == 50
    assert len(c.tool_kinds) == 5
    assert sorted(k.colour for k in c.tool_kinds) == sorted(t.colour for t in c.transformers)
    # every action card carries the five row actions once and one tool
    for card in c.cards:
        assert sorted(card.rows) == ["ability", "move", "recycle", "seal", "search"]
        assert card.tool in {k.id for k in c.tool_kinds}


# MU-SETUP-2
@pytest.mark.parametrize("players", [1, 2, 5])
def test_every_component_is_on_the_table_after_set_up(players: int) -> None:
    s = fresh(players, seed=4)
    assert every_card(s) == list(range(50))
    assert sorted(q for st in s.stacks for q in st) == list(range(20))
    obs = s.observation(0)
    assert len(obs["transformers"]) == 5
    assert len(obs["labs"]) == max(players, 2)
    assert len({lab["colour"] for lab in obs["labs"]}) == len(obs["labs"])


# MU-SETUP-3
def test_the_transformers_are_numbered_one_to_five_with_ability_n_on_transformer_n() -> None:
    obs = fresh(3).observation(None)
    assert [t["number"] for t in obs["transformers"]] == [1, 2, 3, 4, 5]
    assert [t["ability"] for t in obs["transformers"]] == list(ABILITIES)
    assert list(ABILITIES) == ["reorder_stack", "draw_three_keep_two", "swap_portals",
                               "rotate_stacks", "keep_played_as_tool"]


# MU-SETUP-3
def test_transformer_four_is_blue_and_five_green_and_all_colours_differ() -> None:
    colours = [t["colour"] for t in fresh(3).observation(None)["transformers"]]
    assert colours[3] == "blue"
    assert colours[4] == "green"
    assert len(set(colours)) == 5


# MU-SETUP-4
@pytest.mark.parametrize("seed", SEEDS)
def test_each_stack_gets_one_basic_two_medium_and_one_advanced_portal(seed: int) -> None:
    s = fresh(3, seed)
    for st in s.stacks:
        assert tiers_of(s, st) == ["basic", "medium", "medium", "advanced"]
    assert Counter(p.tier for p in s.content.portals) == {"basic": 5, "medium": 10,
                                                          "advanced": 5}


# MU-SETUP-4
def test_the_stacks_are_drawn_at_random_and_shuffled_on_their_own() -> None:
    deals = {tuple(tuple(st) for st in fresh(3, seed).stacks) for seed in SEEDS}
    assert len(deals) == len(SEEDS)
    # the advanced portal is not always at the bottom nor always on top: each stack is shuffled
    top_tiers = {fresh(3, seed).content.portals[fresh(3, seed).stacks[0][-1]].tier
                 for seed in SEEDS}
    assert top_tiers == {"basic", "medium", "advanced"}


# MU-SETUP-5
def test_only_the_top_portal_of_each_stack_is_face_up() -> None:
    s = fresh(3, seed=2)
    for seat in (0, 1, 2, None):
        for t, tr in enumerate(s.observation(seat)["transformers"]):
            top = s.stacks[t][-1]
            assert tr["face_up"]["id"] == top
            assert tr["stack"][0]["id"] == top
            assert tr["stack"][1:] == [None, None, None]


# MU-SETUP-6
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seat_s_starts_on_transformer_s_plus_one_of_its_own_colour(players: int) -> None:
    s = fresh(players, seed=1)
    obs = s.observation(None)
    colours = [t["colour"] for t in obs["transformers"]]
    for seat, lab in enumerate(obs["labs"]):
        assert lab["transformer"] == seat + 1
        assert lab["colour"] == colours[seat]
        assert obs["transformers"][seat]["scientists"] == [seat]


# MU-SETUP-6
def test_every_lab_starts_empty() -> None:
    s = fresh(4, seed=5)
    assert s.tools == [[], [], [], []]
    assert s.sealed == [[], [], [], []]
    for lab in s.observation(None)["labs"]:
        assert (lab["tools"], lab["sealed"], lab["score"]) == ([], [], 0)


# MU-SETUP-7
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_is_dealt_three_cards_from_the_face_down_deck(players: int) -> None:
    s = fresh(players, seed=7)
    assert [len(h) for h in s.hands] == [3] * players
    assert len(s.deck) == 50 - 3 * players - 5
    assert s.observation(None)["deck"] == 50 - 3 * players - 5
    dealt = [c for h in s.hands for c in h]
    assert len(set(dealt)) == 3 * players


# MU-SETUP-7
def test_the_cards_are_shuffled_and_dealt_in_seat_order_from_seat_zero() -> None:
    s = fresh(4, seed=3)
    assert [(e.data["seat"], e.visible_to) for e in s.events if e.kind == "dealt"] == [
        (0, frozenset({0})), (1, frozenset({1})), (2, frozenset({2})), (3, frozenset({3}))]
    assert len({tuple(fresh(3, seed).hands[0]) for seed in SEEDS}) > 15


# MU-SETUP-8
@pytest.mark.parametrize("players", [1, 3, 5])
def test_five_cards_are_turned_face_up_to_start_the_discard_pile(players: int) -> None:
    s = fresh(players, seed=9)
    assert len(s.discard) == 5
    setup = s.events[0]
    assert setup.kind == "setup" and setup.visible_to is None
    assert sorted(setup.data["discard"]) == sorted(s.discard)
    for seat in (*range(players), None):
        assert [c["id"] for c in s.observation(seat)["discard"]] == sorted(s.discard)


# MU-SETUP-9
def test_the_first_player_is_drawn_at_random_by_default() -> None:
    firsts = set()
    for seed in SEEDS:
        s = fresh(4, seed)
        assert s.first == s.active == s.current_player
        assert s.observation(None)["first_player"] == s.first
        firsts.add(s.first)
    assert firsts == {0, 1, 2, 3}


# MU-SETUP-9
def test_seat_zero_goes_first_when_asked() -> None:
    for seed in SEEDS:
        s = fresh(4, seed, first_player="seat0")
        assert s.current_player == 0


# MU-SETUP-9
def test_in_the_solo_mode_the_player_always_goes_first() -> None:
    for seed in SEEDS:
        assert fresh(1, seed, first_player="random").current_player == 0


# MU-SETUP-9
def test_play_passes_clockwise_from_the_first_player() -> None:
    s = table(4, active=2)
    s.first = 2
    order = []
    for _ in range(5):
        order.append(s.current_player)
        pass_turn(s)
    assert order == [2, 3, 0, 1, 2]


# MU-SETUP-10
def test_ages_are_entered_one_per_seat() -> None:
    s = fresh(3, ages="41,35,67")
    assert s.opts.ages == (41, 35, 67)
    with pytest.raises(ValueError, match="ages gives 2 ages for 3 players"):
        fresh(3, ages="41,35")


def round_limit_tie(**options: Any) -> MultiuniversumState:
    """Two players pass through one round: the round limit ends the game with both on 0 DP,
    no tools used, no portals sealed and 3 cards in hand each."""
    s = table(2, round_limit=1, **options)
    pass_turn(s)
    pass_turn(s)
    assert s.current_player == TERMINAL
    assert [len(h) for h in s.hands] == [3, 3]
    return s


# MU-SETUP-10
def test_ages_decide_only_the_last_tie_break() -> None:
    s = round_limit_tie(ages=(30, 52))
    out = s.outcome()
    assert out is not None and out.winners == (1,)
    assert out.scores == (0.0, 0.0)


# MU-SETUP-10
def test_without_ages_seat_order_stands_in_for_age() -> None:
    out = round_limit_tie().outcome()
    assert out is not None and out.winners == (0,)


# MU-SETUP-10
def test_ages_do_not_change_the_set_up() -> None:
    a, b = fresh(3, seed=6), fresh(3, seed=6, ages=(20, 30, 40))
    assert (a.stacks, a.hands, a.discard, a.deck, a.first) == (
        b.stacks, b.hands, b.discard, b.deck, b.first)


# MU-VAR-3
@pytest.mark.parametrize("seed", range(8))
def test_short_game_takes_one_random_portal_out_of_each_stack(seed: int) -> None:
    s = fresh(3, seed, variant="short_game")
    assert [len(st) for st in s.stacks] == [3, 3, 3, 3, 3]
    assert len(s.removed) == 5
    assert sorted(s.removed_from) == [0, 1, 2, 3, 4]
    assert sorted([*s.removed, *(q for st in s.stacks for q in st)]) == list(range(20))
    for t, st in enumerate(s.stacks):  # a stack lost one of its own portals
        removed = s.removed[s.removed_from.index(t)]
        assert tiers_of(s, [*st, removed]) == ["basic", "medium", "medium", "advanced"]


# MU-VAR-3
def test_short_game_removal_is_random_over_the_places_of_a_stack() -> None:
    removed_tiers = {fresh(3, seed, variant="short_game").content.portals[
        fresh(3, seed, variant="short_game").removed[0]].tier for seed in SEEDS}
    assert removed_tiers == {"basic", "medium", "advanced"}


# MU-VAR-3
def test_short_game_portals_are_removed_unseen_before_the_tops_are_turned() -> None:
    s = fresh(3, seed=1, variant="short_game")
    assert [e.data["face_up"] for e in s.events if e.kind == "setup"] == [
        [st[-1] for st in s.stacks]]
    for seat in (0, 1, 2, None):
        obs = s.observation(seat)
        assert obs["removed_portals"] == 5
        for t, tr in enumerate(obs["transformers"]):
            assert tr["stack_size"] == 3
            assert tr["face_up"]["id"] == s.stacks[t][-1]
        shown = {p["id"] for tr in obs["transformers"] for p in tr["stack"] if p}
        assert not shown & set(s.removed)
        for e in s.events_for(seat):
            assert not set(e.data.get("face_up", [])) & set(s.removed)
            assert "removed" not in json.dumps(e.to_json())
