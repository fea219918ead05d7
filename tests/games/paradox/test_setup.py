"""Components and set-up (docs/rules/paradox.md, section 1)."""

from __future__ import annotations

from collections import Counter

import pytest
from tests.plain_python import rerun_as_plain_python

from ludoverse.core.rng import Rng
from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G
from ludoverse.games.paradox import matrix
from ludoverse.games.paradox.state import DRAFT, EXTRA_SETS, OVER, SETS, SHIELD_TOKENS

from .helpers import check, disc, finish_turn, matrix_order, names, new_game


def all_discs(s) -> Counter[int]:
    return Counter([*s.bag, *(d for g in s.matrices for d in g if d >= 0),
                    *(d for d in s.anomaly if d >= 0)])


def cards_in_play(s) -> list[int]:
    return [*s.deck, *s.hand, *s.nebulas, *(c for c in s.stable + s.unstable if c >= 0)]


# PX-SETUP-1
def test_the_components() -> None:
    s = new_game(players=4, alliances=True, triggered_scenario="maelstrom")
    c = s.content
    assert len(c.worlds) == 15 and len(c.timeline_costs) == 45 and len(c.nexus_cells) == 15
    assert K.NEBULAS == 3 and len(c.research_goals) == 11
    assert len([w for w in s.world_at if w >= 0]) == 15  # one World disc per World
    assert s.shields_free() == SHIELD_TOKENS == 15
    assert G.DISC_TYPES == 15  # a set: 5 colours x 3 symbols
    assert all(n == SETS[4] + EXTRA_SETS for t, n in all_discs(s).items() if t != G.PURPLE)
    assert all_discs(s)[G.PURPLE] + s.purple_aside == 5  # the purple Trigger Discs
    assert s.ally_holder == [-1] * 5  # five Alliance tokens beside the Wormhole
    assert 0 <= s.cs < 4  # the Chief Scientist card
    assert len(s.matrices) == len(s.mats) == 4
    check(s)


# PX-SETUP-2, PX-CLEAN-5
def test_twelve_turns_of_wormhole_matrix_and_cleanup() -> None:
    s = new_game()
    turns = []
    while not s.is_terminal():
        start = len(s.events)
        finish_turn(s)
        turns.append([e.kind for e in s.events[start:]
                      if e.kind in ("turn", "draft", "pass_pick", "matrix_phase", "wormhole",
                                    "game_end")])
    assert len(turns) == 12 and s.phase == OVER
    for k, kinds in enumerate(turns):
        picks = [x for x in kinds if x in ("draft", "pass_pick")]
        assert kinds[len(picks)] == "matrix_phase"  # all the picks, then the Matrix phases
        assert kinds.count("matrix_phase") == 3
        assert kinds[-1] == ("game_end" if k == 11 else "turn")
        if k < 11:
            assert kinds[-2] == "wormhole"  # Cleanup refills the Wormhole


# PX-SETUP-3
def test_world_discs_lie_stable_in_random_order_on_the_track() -> None:
    orders = set()
    for seed in range(4):
        s = new_game(seed=seed)
        track = s.content.quake_track
        assert sorted(s.world_at[p] for p in track.world_spaces) == list(range(15))
        assert not any(s.fractured) and s.world_shield == [-1] * 15
        orders.add(tuple(s.world_at))
    assert len(orders) == 4


# PX-SETUP-4
def test_the_quake_starts_on_its_start_space_on_turn_one() -> None:
    s = new_game(seed=3)
    assert s.quake == s.content.quake_track.start and s.turn == 1


# PX-SETUP-5, PX-SETUP-6
@pytest.mark.parametrize(("scenario", "kind", "count"), [
    ("breakthrough", "breakthrough", 5), ("flare", "flare", 6),
    ("parallel_universe", "parallel_universe", 5),
])
def test_the_deck_holds_every_timeline_nexus_nebula_and_one_deck_scenario(
        scenario: str, kind: str, count: int) -> None:
    s = new_game(deck_scenario=scenario)
    kinds = Counter(K.kind(c) for c in cards_in_play(s))
    assert kinds == {"timeline": 45, "nexus": 15, "nebula": 3, kind: count}


# PX-SETUP-5, PX-SETUP-9
@pytest.mark.parametrize("triggered", ["none", "maelstrom", "matrix"])
def test_at_most_one_triggered_scenario_with_its_trigger_discs(triggered: str) -> None:
    s = new_game(triggered_scenario=triggered)
    purple = all_discs(s)[G.PURPLE] + s.purple_aside
    assert purple == (0 if triggered == "none" else 5)
    assert not any(d == G.PURPLE for g in s.matrices for d in g)  # they came in afterwards


# PX-SETUP-7, PX-SETUP-9
@pytest.mark.parametrize(("players", "sets", "left"), [(2, 4, 40), (3, 5, 30), (4, 7, 35)])
def test_the_bag_starts_with_four_five_or_seven_sets(players: int, sets: int, left: int) -> None:
    s = new_game(players=players)
    assert SETS[players] == sets
    assert all_discs(s) == Counter({t: sets + 2 for t in range(15)})
    # After the Matrices, two more sets went in: what is not in a Matrix is 40, 30 or 35
    # discs (three of them now on the Anomaly).
    assert len(s.bag) + 3 == left


# PX-SETUP-8, PX-SETUP-13
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_matrix_is_drawn_in_refill_order_from_the_chief_scientists_left(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # Every draw takes the last disc of the bag list, so the draws are known in advance.
    monkeypatch.setattr(Rng, "below", lambda self, n: n - 1)
    s = new_game(players=players, seed=5)
    bag = list(range(15)) * SETS[players]
    for seat in matrix_order(s):
        for c in G.FILL_ORDER:
            assert s.matrices[seat][c] == bag.pop()
    if players == 3:  # 75 discs: the bag is empty before the 2 extra sets
        assert bag == []


# PX-SETUP-10
def test_the_anomaly_takes_the_first_disc_of_each_symbol(
        monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    if rerun_as_plain_python(request, "ludoverse.games.paradox"):
        return  # the draws are scripted by patching matrix.draw
    real = matrix.draw
    script = [disc(c) for c in ("Rh", "Yh", "Bs", "Kh", "Wr")]
    drawn = []

    def draw(s):
        drawn.append(1)
        if len(drawn) <= 75:  # the three Matrices
            return real(s)
        d = script.pop(0)
        s.bag.remove(d)
        return d

    monkeypatch.setattr(matrix, "draw", draw)
    s = new_game()
    assert [G.symbol_of(d) for d in s.anomaly] == [0, 1, 2]
    assert s.anomaly == [disc("Rh"), disc("Bs"), disc("Wr")]
    # The yellow and black Helixes, drawn after the red one, went back into the bag.
    assert len(s.bag) == 30 - 3
    assert Counter(s.bag)[disc("Yh")] == 2 and Counter(s.bag)[disc("Kh")] == 2
    check(s)


# PX-SETUP-11
def test_the_wormhole_deals_four_and_four_and_nebulas_go_on_the_anomaly() -> None:
    s = new_game(seed=1)  # this deal turns up two Nebulas
    assert names(s, s.nebulas) and all(K.is_nebula(c) for c in s.nebulas)
    assert len(s.nebulas) == 2
    wormhole = s.stable + s.unstable
    assert len(wormhole) == 8 and all(c >= 0 and not K.is_nebula(c) for c in wormhole)
    assert s.observation(None)["anomaly_blocked"]  # they act in turn 1
    check(s)


# PX-SETUP-12
def test_three_research_goals_are_dealt_face_up_except_in_a_training_mission() -> None:
    s = new_game()
    goals = s.observation(1)["research_goals"]
    assert [g["slot"] for g in goals] == [1, 2, 3]
    assert len({g["id"] for g in goals}) == 3
    assert new_game(research_goals=False).goals == []


# PX-SETUP-13
def test_seats_go_to_the_left() -> None:
    s = new_game(players=4)
    assert s.phase == DRAFT and s.current_player == 1  # the Chief Scientist's left
    assert matrix_order(s) == [1, 2, 3, 0]


# PX-SETUP-14, PX-OPT-14
def test_the_first_chief_scientist_is_drawn_at_random_or_seat_zero() -> None:
    drawn = {new_game(players=4, seed=seed, first_chief_scientist="random").cs
             for seed in range(12)}
    assert len(drawn) > 1 and drawn <= {0, 1, 2, 3}
    assert {new_game(players=4, seed=seed).cs for seed in range(12)} == {0}
