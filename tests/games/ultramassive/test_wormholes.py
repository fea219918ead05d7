"""Wormholes: placing, activating, closing and reopening them (docs/rules/ultramassive.md,
section 5).

Unless a test says otherwise, seat 0 is in its Actions phase of Round 1 in a 2-player game,
with Wormhole 0 on blue 1, 1 on blue 7, 2 on pink 1 and 3 on pink 7.
"""

from __future__ import annotations

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S

from .builders import (
    GAME,
    at_actions,
    cell,
    give_wormholes,
    layout,
    put,
    run_steps,
    to_phase,
)


def pair(w1: int, w2: int) -> int:
    """The action that activates Wormholes ``w1`` and ``w2``."""
    return A.PAIR + A.PAIRS.index((w1, w2))


def pairs(s: S.UltramassiveState) -> list[tuple[int, int]]:
    return [A.PAIRS[a - A.PAIR] for a in s.legal_actions() if A.PAIR <= a < A.EXCHANGE]


# UM-WORM-1
def test_each_player_places_four_wormholes_one_player_at_a_time() -> None:
    """Seat 2 starts a 3-player game: it places its four Wormholes, then seat 0, then seat 1,
    each on any space of its own board but never two on one space."""
    s = GAME.new_game(players=3, seed=2, options={"starting_player": "random"})
    assert (s.phase, s.start) == (S.WORMHOLES, 2)
    order = []
    spaces = ("pink 2", "pink 3", "pink 4", "pink 5")  # all in one Channel: allowed
    while s.phase == S.WORMHOLES:
        order.append(s.actor)
        legal = s.legal_actions()
        placed = [c for c in s.worm[s.actor] if c >= 0]
        assert legal == [A.SPACE + c for c in range(B.CELLS) if c not in placed]
        s.apply(A.SPACE + cell(spaces[len(placed)]))
    assert order == [2] * 4 + [0] * 4 + [1] * 4
    assert all(s.worm[p] == [cell(x) for x in spaces] for p in range(3))
    assert all(s.worm_open[p] == [True] * 4 for p in range(3))  # placed open
    assert s.phase == S.DRAFT


# UM-WORM-2, UM-WORM-3
def test_yellow_sends_a_blue_giant_from_blue_1_to_pink_7() -> None:
    """The rulebook's second example: a Blue Giant Star on the Wormhole on blue 1 and an
    empty Wormhole on pink 7; the Blue Giant Star moves to pink 7 and both Wormholes close."""
    s = at_actions()
    put(s, 0, {"blue 1": ["blue_giant"]})
    assert (0, 3) in pairs(s)
    s.apply(pair(0, 3))
    assert layout(s, 0) == {"pink 7": ["blue_giant"]}
    assert s.worm_open[0] == [False, True, True, False]
    assert s.sm[0] == 0 and s.phase == S.ACTIONS and s.actor == 0


# UM-WORM-5
def test_red_swaps_a_minor_antimatter_onto_the_blue_rift_space() -> None:
    """The rulebook's first example: a Blue Giant Star on the Wormhole on the blue Rift Space
    and a Minor Antimatter on the one on blue 7. After the swap the Blue Giant Star is on
    blue 7, the Minor Antimatter landed on the Rift Space and is absorbed for 1 Discovery, and
    both Wormholes are closed."""
    s = at_actions()
    give_wormholes(s, 0, ("blue 3", "blue 7", "pink 1", "pink 7"))
    put(s, 0, {"blue 3": ["blue_giant"], "blue 7": ["minor"]})
    s.apply(pair(0, 1))
    assert layout(s, 0) == {"blue 7": ["blue_giant"]}
    assert s.disc[0] == 4 + 1
    assert s.sm[0] == 0
    assert s.worm_open[0] == [False, False, True, True]
    assert s.worm[0] == [cell("blue 3"), cell("blue 7"), cell("pink 1"), cell("pink 7")]


# UM-WORM-2
def test_any_two_open_wormholes_may_be_activated_even_empty_ones() -> None:
    """Two Wormholes of the same Channel, or of different ones, with or without tokens."""
    s = at_actions()
    assert pairs(s) == list(A.PAIRS)
    put(s, 0, {"blue 1": ["supergiant"]})
    s.apply(pair(0, 1))  # blue 1 <-> blue 7, the same Channel
    assert layout(s, 0) == {"blue 7": ["supergiant"]}
    s.apply(pair(2, 3))  # two empty Wormholes
    assert layout(s, 0) == {"blue 7": ["supergiant"]}
    assert s.worm_open[0] == [False] * 4


# UM-WORM-3
def test_a_closed_wormhole_cannot_be_activated_but_still_holds_its_space() -> None:
    s = at_actions()
    s.apply(pair(1, 3))
    assert pairs(s) == [(0, 2)]
    assert s.worm[0] == [cell("blue 1"), cell("blue 7"), cell("pink 1"), cell("pink 7")]
    # A token to be placed on a Wormhole may still go to a closed one.
    run_steps(s, [{"op": "gain", "token": "supergiant", "to": "wormhole"}], A.WORMHOLE + 1)
    assert layout(s, 0) == {"blue 7": ["supergiant"]}


# UM-WORM-4
def test_a_swap_exchanges_whole_spaces_and_never_detonates() -> None:
    """A full stack of 8 Solar Mass and a Major Antimatter change places: nothing merges,
    nothing detonates."""
    s = at_actions()
    put(s, 0, {"blue 1": ["primordial", "primordial"], "pink 7": ["major"],
               "blue 7": ["supergiant", "blue_giant"], "pink 1": ["blue_giant"]})
    start = len(s.events)
    s.apply(pair(0, 3))
    s.apply(pair(1, 2))
    assert layout(s, 0) == {"blue 1": ["major"], "pink 7": ["primordial", "primordial"],
                            "blue 7": ["blue_giant"], "pink 1": ["supergiant", "blue_giant"]}
    assert not [e for e in s.events[start:] if e.kind == "detonate"]
    assert s.sm[0] == 0


# UM-WORM-6
def test_a_player_may_activate_as_many_pairs_as_their_open_wormholes_allow() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["blue_giant"], "pink 1": ["supergiant"]})
    s.apply(pair(0, 1))
    assert pairs(s) == [(2, 3)]
    s.apply(pair(2, 3))
    assert layout(s, 0) == {"blue 7": ["blue_giant"], "pink 7": ["supergiant"]}
    assert pairs(s) == []
    assert A.END_ACTIONS in s.legal_actions()


# UM-WORM-7
def test_wormholes_reopen_and_may_move_only_after_rounds_two_and_four() -> None:
    s = at_actions()
    s.apply(pair(0, 1))
    s.apply(pair(2, 3))
    to_phase(s, S.DRAFT)
    assert s.round == 2 and s.worm_open[0] == [False] * 4  # not after Round 1
    to_phase(s, S.REPOSITION)
    assert s.round == 2
    assert all(s.worm_open[p] == [True] * 4 for p in range(2))
    to_phase(s, S.ACTIONS)
    s.worm_open = [[False] * 4, [False] * 4]  # Round 3: every Wormhole closed again
    to_phase(s, S.DRAFT)
    assert s.round == 4 and s.worm_open == [[False] * 4, [False] * 4]  # not after Round 3
    to_phase(s, S.REPOSITION)
    assert s.round == 4
    assert all(s.worm_open[p] == [True] * 4 for p in range(2))


# UM-WORM-7
def test_moving_wormholes_after_round_two() -> None:
    """After Round 2 the players, from the new starting player, may each move any of their
    Wormholes to a space of their board without a Wormhole that their Black Hole does not
    cover."""
    s = at_actions()
    to_phase(s, S.REPOSITION)
    assert s.start == 0 and s.actor == 0
    s.size[0], s.sm[0] = B.STELLAR, 25  # space 7 of each Channel is covered
    give_wormholes(s, 0, ("blue 1", "blue 6", "pink 1", "pink 6"))
    assert s.legal_actions() == sorted([A.STOP, *(A.WORMHOLE + w for w in range(4))])
    s.apply(A.WORMHOLE + 1)
    taken = {cell(x) for x in ("blue 1", "blue 6", "pink 1", "pink 6")}
    covered = {cell("blue 7"), cell("pink 7")}
    assert s.legal_actions() == [A.SPACE + c for c in range(B.CELLS)
                                 if c not in taken | covered]
    s.apply(A.SPACE + cell("pink 4"))
    s.apply(A.WORMHOLE + 2)
    s.apply(A.SPACE + cell("blue 3"))
    assert s.worm[0] == [cell("blue 1"), cell("pink 4"), cell("blue 3"), cell("pink 6")]
    s.apply(A.STOP)
    assert (s.phase, s.actor) == (S.REPOSITION, 1)
    s.apply(A.STOP)
    assert s.phase == S.DRAFT and s.round == 3
    assert s.worm[0] == [cell("blue 1"), cell("pink 4"), cell("blue 3"), cell("pink 6")]
