"""Expanding the Black Hole (docs/rules/ultramassive.md, section 8).

Unless a test says otherwise, seat 0 is in its Actions phase of Round 1 in a 2-player game and
has drawn the Core Anomalies Alpha, Gamma and Epsilon (core ids 0, 2 and 4).
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import actions_phase
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S
from ludoverse.games.ultramassive.content import DRAFT_SPACES

from .builders import (
    at_actions,
    cell,
    channel,
    give_wormholes,
    layout,
    new,
    put,
    run_steps,
)

ALPHA, BETA, GAMMA, DELTA, EPSILON, OMEGA = range(6)


def actions(sm: int = 0, **options: object) -> S.UltramassiveState:
    s = at_actions(**options)
    s.sm[0] = sm
    s.cores_drawn[0] = [ALPHA, GAMMA, EPSILON]
    return s


def covered(s: S.UltramassiveState, p: int) -> list[str]:
    """The spaces of seat ``p``'s board its Black Hole covers, as the observation shows them."""
    view = s.observation(p)["players_view"][p]["channels"]
    return [f"{ch} {x['space']}" for ch in ("blue", "pink") for x in view[ch] if x["covered"]]


def cores_offered(s: S.UltramassiveState) -> list[int]:
    return [a - A.CORE for a in s.legal_actions() if A.CORE <= a < A.PLAY]


def draft(s: S.UltramassiveState, *picks: str) -> None:
    """Make the Resource Draft picks in pick order, by option id."""
    for option in picks:
        k = s.content.option_index[option]
        first = 0 if s.idx < s.n else DRAFT_SPACES
        s.apply(A.DRAFT + s.draft_sets[first:first + DRAFT_SPACES].index(k))


def logged(s: S.UltramassiveState, since: int) -> list[tuple[str, object]]:
    return [(e.kind, e.data.get("size") or e.data.get("tokens")) for e in s.events[since:]
            if e.kind in ("expand", "absorb")]


# UM-EXPAND-10, UM-EXPAND-3, UM-EXPAND-4, UM-EXPAND-5
def test_yellow_becomes_stellar() -> None:
    """The rulebook's example: reaching 20 Solar Mass, the Stellar card covers space 7 of both
    Channels; the Blue Giant Star on blue 7 is absorbed at once, the Wormhole on pink 7 moves
    out to pink 6, and Yellow discovers one of their three Core Anomalies."""
    s = actions(sm=19)
    give_wormholes(s, 0, ("blue 1", "pink 1", "pink 7", "blue 4"))
    put(s, 0, {"blue 7": ["blue_giant"], "pink 2": ["supergiant"]})
    s.apply(A.EXCHANGE)  # 1 Discovery for 1 Solar Mass: 20
    assert s.size[0] == B.STELLAR
    assert covered(s, 0) == ["blue 7", "pink 7"]
    assert s.sm[0] == 20 + 2
    assert layout(s, 0) == {"pink 2": ["supergiant"]}
    assert s.worm[0] == [cell("blue 1"), cell("pink 1"), cell("pink 6"), cell("blue 4")]
    assert cores_offered(s) == [ALPHA, GAMMA, EPSILON]
    s.apply(A.CORE + EPSILON)
    assert s.cores_owned[0] == [EPSILON]
    assert s.stack == [] and s.phase == S.ACTIONS


# UM-EXPAND-1
@pytest.mark.parametrize(("sm", "size"), [(18, B.PRIMORDIAL_SIZE), (19, B.STELLAR),
                                          (48, B.STELLAR), (49, B.SUPERMASSIVE)])
def test_the_black_hole_grows_at_twenty_and_at_fifty(sm: int, size: int) -> None:
    s = actions(sm=sm)
    s.size[0] = B.STELLAR if sm >= 20 else B.PRIMORDIAL_SIZE
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    s.apply(A.EXCHANGE)
    assert s.sm[0] == sm + 1
    assert s.size[0] == size


# UM-EXPAND-2
def test_the_black_hole_cards_cover_space_7_then_space_6() -> None:
    s = actions(sm=19)
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    assert covered(s, 0) == []
    s.apply(A.EXCHANGE)
    s.apply(A.CORE + ALPHA)
    assert covered(s, 0) == ["blue 7", "pink 7"]
    put(s, 0, {"blue 6": ["supergiant"]})
    run_steps(s, [{"op": "orbit", "n": 1}], channel("blue"))  # into the covered space 7
    assert s.sm[0] == 20 + 3 and layout(s, 0) == {}
    s.sm[0] = 49
    s.apply(A.EXCHANGE)
    assert s.size[0] == B.SUPERMASSIVE
    assert covered(s, 0) == ["blue 6", "blue 7", "pink 6", "pink 7"]


# UM-EXPAND-3
def test_tokens_on_newly_covered_spaces_are_absorbed_at_once() -> None:
    s = actions(sm=49)
    s.size[0] = B.STELLAR
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    put(s, 0, {"blue 6": ["primordial", "supergiant"], "pink 6": ["minor"],
               "pink 5": ["major"]})
    s.apply(A.EXCHANGE)
    assert s.size[0] == B.SUPERMASSIVE
    assert s.sm[0] == 50 + 7
    assert s.disc[0] == 4 - 1 + 1  # one paid for the exchange, one from the Minor Antimatter
    assert layout(s, 0) == {"pink 5": ["major"]}


# UM-EXPAND-4
def test_a_covered_wormhole_moves_out_to_the_first_space_without_a_wormhole() -> None:
    """The closed Wormhole on pink 7 skips pink 6, which has a Wormhole, and shares pink 5 with
    a Supergiant Star; it stays closed. At Supermassive the one on pink 6 moves to pink 4."""
    s = actions(sm=19)
    give_wormholes(s, 0, ("blue 1", "pink 7", "pink 6", "blue 5"), (True, False, True, True))
    put(s, 0, {"pink 5": ["supergiant"]})
    s.apply(A.EXCHANGE)
    assert s.worm[0] == [cell("blue 1"), cell("pink 5"), cell("pink 6"), cell("blue 5")]
    assert s.worm_open[0] == [True, False, True, True]
    assert layout(s, 0) == {"pink 5": ["supergiant"]}
    s.apply(A.CORE + ALPHA)
    s.sm[0] = 49
    s.apply(A.EXCHANGE)
    assert s.worm[0] == [cell("blue 1"), cell("pink 5"), cell("pink 4"), cell("blue 5")]
    assert s.worm_open[0] == [True, False, True, True]


# UM-EXPAND-5
def test_each_expansion_discovers_one_drawn_core_anomaly_in_any_order() -> None:
    s = actions(sm=19)
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    s.apply(A.EXCHANGE)
    assert cores_offered(s) == [ALPHA, GAMMA, EPSILON]  # never one left in the box
    s.apply(A.CORE + EPSILON)
    assert s.disc[0] == 3  # free
    s.sm[0] = 49
    s.apply(A.EXCHANGE)
    assert cores_offered(s) == [ALPHA, GAMMA]
    s.apply(A.CORE + ALPHA)
    assert s.cores_owned[0] == [EPSILON, ALPHA]


# UM-EXPAND-6
def test_a_core_discovered_in_the_actions_phase_can_be_used_at_once() -> None:
    s = actions(sm=19)
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    s.apply(A.EXCHANGE)
    s.apply(A.CORE + GAMMA)  # Effect: Orbit twice
    assert A.USE + 15 + GAMMA in s.legal_actions()


# UM-EXPAND-6, UM-EXPAND-7
def test_a_core_discovered_in_the_draft_works_by_its_passive_and_waits_to_be_used() -> None:
    """Seat 0 Orbits a Supergiant Star into its Black Hole while gaining drafted resources and
    becomes Stellar. It discovers Beta (Passive: one more Action Card a round), which is in
    force at once, and goes on gaining its drafted resources."""
    s = new(auto_forced=False)
    s.sm[0] = 19
    s.cores_drawn[0] = [BETA, GAMMA, DELTA]
    put(s, 0, {"blue 7": ["supergiant"]})
    draft(s, "orbit_2", "primordial", "supergiant", "discovery_3")
    assert s.phase == S.GAIN and s.actor == 0
    s.apply(A.RESOURCE + s.content.option_index["orbit_2"])
    s.apply(channel("blue"))
    assert (s.sm[0], s.size[0]) == (22, B.STELLAR)
    assert cores_offered(s) == [BETA, GAMMA, DELTA]
    s.apply(A.CORE + BETA)
    assert actions_phase.card_limit(s, 0) == 3
    assert s.legal_actions() == [A.RESOURCE + s.content.option_index["discovery_3"]]


# UM-EXPAND-6
def test_a_core_effect_discovered_in_the_draft_is_used_in_the_actions_phase() -> None:
    s = new()
    s.sm[0] = 19
    s.cores_drawn[0] = [BETA, GAMMA, DELTA]
    put(s, 0, {"blue 7": ["supergiant"]})
    draft(s, "orbit_2", "primordial", "supergiant", "discovery_3")
    s.apply(A.RESOURCE + s.content.option_index["orbit_2"])
    s.apply(channel("blue"))
    s.apply(A.CORE + GAMMA)
    assert s.phase == S.GAIN
    assert not [a for a in s.legal_actions() if A.USE <= a < A.PAIR]
    while s.phase != S.ACTIONS:
        legal = s.legal_actions()
        s.apply(A.DECLINE if A.DECLINE in legal else legal[0])
    assert s.actor == 0 and A.USE + 15 + GAMMA in s.legal_actions()


# UM-EXPAND-7
@pytest.mark.parametrize("how", ["exchange", "solar_mass", "absorb", "draft"])
def test_any_solar_mass_gain_can_expand_the_black_hole(how: str) -> None:
    """The Discovery exchange, an effect's Solar Mass, absorbing, and the Action Card draft
    option (discarding 1 card for 1 Solar Mass) all take 19 Solar Mass to Stellar."""
    s = new() if how == "draft" else actions()
    s.sm[0] = 19
    if how == "exchange":
        s.apply(A.EXCHANGE)
    elif how == "solar_mass":
        run_steps(s, [{"op": "solar_mass", "n": 2}])
    elif how == "absorb":
        put(s, 0, {"pink 6": ["blue_giant"]})
        run_steps(s, [{"op": "orbit", "n": 2}], channel("pink"))
    else:
        draft(s, "antimatter", "primordial", "supergiant", "cycle")
        s.apply(A.RESOURCE + s.content.option_index["cycle"])
        s.apply(A.DISCARD + s.hands[0][0])
        s.apply(A.STOP)
        assert s.phase == S.GAIN
    assert s.size[0] == B.STELLAR and s.sm[0] >= 20


# UM-EXPAND-7
def test_the_solar_mass_bonus_can_expand_the_black_hole() -> None:
    """Seat 1 at 17 Solar Mass gains 3 for seat 0's larger Black Hole and becomes Stellar,
    absorbing the Supergiant Star on its blue 7, in the Solar Mass Bonus phase."""
    s = actions(sm=20)
    s.size[0] = B.STELLAR
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    s.sm[1] = 17
    put(s, 1, {"blue 7": ["supergiant"]})
    s.apply(A.END_ACTIONS)
    s.apply(A.END_ACTIONS)
    assert (s.phase, s.actor) == (S.BONUS, 1)
    assert s.size[1] == B.STELLAR and s.sm[1] == 20 + 3
    assert layout(s, 1) == {}
    assert cores_offered(s) == s.cores_drawn[1]


# UM-EXPAND-8
def test_solar_mass_gained_part_way_expands_only_when_the_action_ends() -> None:
    s = actions(sm=18)
    put(s, 0, {"blue 7": ["supergiant"]})
    run_steps(s, [{"op": "solar_mass", "n": 5}, {"op": "gain", "token": "blue_giant"}])
    assert s.sm[0] == 23 and s.size[0] == B.PRIMORDIAL_SIZE  # the token is not placed yet
    assert layout(s, 0) == {"blue 7": ["supergiant"]}
    s.apply(channel("pink"))
    assert s.size[0] == B.STELLAR and s.sm[0] == 23 + 3


# UM-EXPAND-8
def test_passing_twenty_and_fifty_at_once_expands_twice_stellar_first() -> None:
    s = actions(sm=10)
    give_wormholes(s, 0, ("blue 1", "blue 7", "pink 1", "pink 2"))
    put(s, 0, {"blue 7": ["blue_giant"], "pink 6": ["supergiant"]})
    start = len(s.events)
    run_steps(s, [{"op": "solar_mass", "n": 25}, {"op": "solar_mass", "n": 20}])
    assert logged(s, start) == [("expand", "Stellar"), ("absorb", ["blue_giant"]),
                                ("expand", "Supermassive"), ("absorb", ["supergiant"])]
    assert s.sm[0] == 55 + 2 + 3
    assert s.worm[0][1] == cell("blue 5")  # blue 7 -> blue 6 -> blue 5
    s.apply(A.CORE + GAMMA)
    assert cores_offered(s) == [ALPHA, EPSILON]  # a second Core for the second expansion
    s.apply(A.CORE + ALPHA)
    assert s.stack == []


# UM-EXPAND-8
def test_tokens_absorbed_by_an_expansion_can_cause_the_next_one() -> None:
    """At 18 Solar Mass an Orbit of three brings 24 Solar Mass in (42: Stellar); the Stellar
    card absorbs 8 on pink 7 (50: Supermassive), which absorbs 8 on pink 6."""
    s = actions(sm=18)
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    full = ["primordial", "primordial"]
    put(s, 0, {"blue 5": full, "blue 6": full, "blue 7": full, "pink 7": full, "pink 6": full})
    start = len(s.events)
    run_steps(s, [{"op": "orbit", "n": 3}], channel("blue"))
    assert [x for x in logged(s, start) if x[0] == "expand"] == [
        ("expand", "Stellar"), ("expand", "Supermassive")]
    assert s.sm[0] == 58 and s.size[0] == B.SUPERMASSIVE
    assert layout(s, 0) == {}


# UM-EXPAND-9
def test_by_default_a_hundred_solar_mass_changes_nothing() -> None:
    s = actions(sm=99)
    s.size[0] = B.SUPERMASSIVE
    s.cores_owned[0] = [ALPHA, GAMMA]
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    s.apply(A.EXCHANGE)
    assert s.sm[0] == 100 and s.size[0] == B.SUPERMASSIVE
    assert s.stack == [] and cores_offered(s) == []
    assert s.cores_owned[0] == [ALPHA, GAMMA]  # Epsilon is never discovered


# UM-EXPAND-9
def test_with_a_third_expansion_a_hundred_discovers_the_third_core() -> None:
    """ULTRAMASSIVE: the third Core Anomaly, and no change to the board."""
    s = actions(sm=99, ultramassive_size="third_expansion", auto_forced=False)
    s.size[0] = B.SUPERMASSIVE
    s.cores_owned[0] = [ALPHA, GAMMA]
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 5"))
    put(s, 0, {"blue 5": ["supergiant"], "pink 4": ["minor"]})
    s.apply(A.EXCHANGE)
    assert s.sm[0] == 100 and s.size[0] == B.ULTRAMASSIVE
    assert cores_offered(s) == [EPSILON]
    s.apply(A.CORE + EPSILON)
    assert s.cores_owned[0] == [ALPHA, GAMMA, EPSILON]
    assert layout(s, 0) == {"blue 5": ["supergiant"], "pink 4": ["minor"]}
    assert s.worm[0] == [cell(x) for x in ("blue 1", "blue 2", "pink 1", "pink 5")]
    assert covered(s, 0) == ["blue 6", "blue 7", "pink 6", "pink 7"]
