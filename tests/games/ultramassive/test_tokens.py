"""Gaining Matter, Antimatter and Discovery (docs/rules/ultramassive.md, section 3).

Unless a test says otherwise, seat 0 gains tokens in its Actions phase of Round 1 in a
2-player game (an effect step run as one action), with Wormholes on blue 1, blue 7, pink 1 and
pink 7.
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, channel, layout, new, own, put, run_steps

MATTER_1 = 5
"""The Matter Tier 1 Anomaly (type 1 * 5 + tier slot 0)."""


def gain(s: S.UltramassiveState, token: str, *answers: int, to: str = "first") -> None:
    run_steps(s, [{"op": "gain", "token": token, "to": to}], *answers)


def detonations(s: S.UltramassiveState, since: int) -> list[dict]:
    return [e.data for e in s.events[since:] if e.kind == "detonate"]


# UM-GAIN-1
@pytest.mark.parametrize("where", ["blue", "pink"])
def test_a_gained_token_goes_on_space_1_of_the_channel_the_player_chooses(where: str) -> None:
    s = at_actions()
    gain(s, "supergiant")
    assert s.legal_actions() == [channel("blue"), channel("pink")]
    s.apply(channel(where))
    assert layout(s, 0) == {f"{where} 1": ["supergiant"]}


# UM-GAIN-1
def test_with_one_possible_space_the_token_goes_there() -> None:
    s = at_actions(auto_forced=False)
    put(s, 0, {"blue 1": ["primordial", "primordial"]})
    gain(s, "blue_giant")
    assert s.legal_actions() == [channel("pink")]
    s = at_actions()  # by default a forced placement is made without asking
    own(s, 0, "matter_1")  # Effect: gain a Blue Giant Star
    put(s, 0, {"blue 1": ["primordial", "primordial"]})
    s.apply(A.USE + MATTER_1)
    assert s.stack == []
    assert layout(s, 0) == {"blue 1": ["primordial", "primordial"], "pink 1": ["blue_giant"]}


# UM-GAIN-2
@pytest.mark.parametrize(("token", "mass"), [("blue_giant", 2), ("supergiant", 3),
                                              ("primordial", 4)])
def test_matter_is_worth_its_dots(token: str, mass: int) -> None:
    s = at_actions()
    gain(s, token, channel("pink"))
    run_steps(s, [{"op": "orbit", "n": 3}] * 3, *[channel("pink")] * 3)  # 9 spaces: absorbed
    assert layout(s, 0) == {}
    assert s.sm[0] == mass


# UM-GAIN-3
def test_any_mix_of_matter_may_share_a_space_up_to_eight() -> None:
    s = at_actions()
    gain(s, "primordial", channel("blue"))
    gain(s, "blue_giant", channel("blue"))
    gain(s, "blue_giant", channel("blue"))
    assert layout(s, 0) == {"blue 1": ["primordial", "blue_giant", "blue_giant"]}  # 8


# UM-GAIN-4
def test_matter_that_would_exceed_eight_must_go_elsewhere() -> None:
    s = at_actions(auto_forced=False)
    put(s, 0, {"blue 1": ["primordial", "supergiant"]})  # 7
    gain(s, "supergiant")
    assert s.legal_actions() == [channel("pink")]
    gain(s, "blue_giant")  # the pending Supergiant aside, a Blue Giant would still not fit
    assert s.legal_actions() == [channel("pink")]


# UM-GAIN-4
def test_matter_that_fits_nowhere_returns_to_the_supply() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["primordial", "primordial"], "pink 1": ["supergiant", "supergiant"]})
    start = len(s.events)
    gain(s, "supergiant")
    assert s.stack == [] and s.phase == S.ACTIONS
    assert layout(s, 0) == {"blue 1": ["primordial", "primordial"],
                            "pink 1": ["supergiant", "supergiant"]}
    assert [e.data for e in s.events[start:] if e.kind == "returned"] == [
        {"seat": 0, "token": "supergiant"}]


# UM-GAIN-5
def test_antimatter_is_worth_nothing_until_absorbed() -> None:
    s = at_actions()
    gain(s, "major", channel("blue"))
    gain(s, "minor", channel("pink"))
    assert (s.sm[0], s.disc[0]) == (0, 4)
    run_steps(s, [{"op": "orbit", "n": 3}], channel("blue"))
    assert (s.sm[0], s.disc[0]) == (0, 4)  # it passed the Rift Space: not absorbed yet
    run_steps(s, [{"op": "orbit", "n": 3}, {"op": "orbit", "n": 1}], *[channel("blue")] * 2)
    assert (s.sm[0], s.disc[0]) == (4, 4)
    run_steps(s, [{"op": "orbit", "n": 2}], channel("pink"))  # pink 1 -> the Rift Space
    assert (s.sm[0], s.disc[0]) == (4, 5)


# UM-GAIN-6
def test_antimatter_never_joins_antimatter() -> None:
    s = at_actions(auto_forced=False)
    put(s, 0, {"blue 1": ["minor"]})
    gain(s, "major")
    assert s.legal_actions() == [channel("pink")]


# UM-GAIN-6
def test_antimatter_with_no_space_is_lost() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["minor"], "pink 1": ["major"]})
    gain(s, "minor")
    assert s.stack == []
    assert layout(s, 0) == {"blue 1": ["minor"], "pink 1": ["major"]}


# UM-GAIN-7
def test_antimatter_placed_on_matter_detonates_the_space() -> None:
    """Everything on the space goes back to the supply; no one gains anything for it; the
    Wormhole on blue 1 stays."""
    s = at_actions()
    put(s, 0, {"blue 1": ["primordial", "supergiant"], "pink 1": ["blue_giant"]})
    start = len(s.events)
    gain(s, "minor", channel("blue"))
    assert layout(s, 0) == {"pink 1": ["blue_giant"]}
    assert (s.sm[0], s.disc[0]) == (0, 4)
    assert len(detonations(s, start)) == 1
    assert s.worm[0][0] == 0 and s.worm_open[0][0]  # the Wormhole on blue 1


# UM-GAIN-7
def test_matter_placed_on_antimatter_detonates_the_space() -> None:
    s = at_actions()
    put(s, 0, {"pink 1": ["major"]})
    start = len(s.events)
    gain(s, "primordial", channel("pink"))
    assert layout(s, 0) == {}
    assert (s.sm[0], s.disc[0]) == (0, 4)
    assert len(detonations(s, start)) == 1


# UM-GAIN-7
def test_matter_may_detonate_antimatter_even_when_the_other_space_is_free() -> None:
    """Detonating is a legal placement: both spaces are offered."""
    s = at_actions()
    put(s, 0, {"blue 1": ["minor"]})
    gain(s, "primordial")
    assert s.legal_actions() == [channel("blue"), channel("pink")]


# UM-GAIN-8
def test_placing_on_a_wormhole_follows_the_same_rules() -> None:
    """A token gained onto a Wormhole: Matter detonates Antimatter there, Antimatter cannot join
    Antimatter, and Matter must keep the space within 8."""
    s = at_actions(auto_forced=False)
    put(s, 0, {"blue 7": ["minor"], "pink 1": ["major"], "pink 7": ["primordial", "primordial"]})
    gain(s, "minor", to="wormhole")
    assert s.legal_actions() == [A.WORMHOLE + 0, A.WORMHOLE + 3]  # pink 7 would detonate
    s.apply(A.WORMHOLE + 0)
    gain(s, "supergiant", to="wormhole")
    assert s.legal_actions() == [A.WORMHOLE + 0, A.WORMHOLE + 1, A.WORMHOLE + 2]
    start = len(s.events)
    s.apply(A.WORMHOLE + 1)
    assert len(detonations(s, start)) == 1
    assert layout(s, 0) == {"blue 1": ["minor"], "pink 1": ["major"],
                            "pink 7": ["primordial", "primordial"]}


# UM-GAIN-8
def test_a_drafted_minor_antimatter_detonates_drafted_matter() -> None:
    """Seat 0 drafts a Primordial Black Hole token and seat 1 the Antimatter: seat 0's Minor
    Antimatter placed on its Primordial Black Hole token detonates it, as in any phase."""
    s = new()
    for k in (1, 0, 1, 0):  # set 1: Primordial, Antimatter; set 2: Orbit x3, Supergiant
        s.apply(A.DRAFT + k)
    assert s.phase == S.GAIN and s.actor == 0
    s.apply(A.RESOURCE + s.content.option_index["primordial"])
    s.apply(channel("blue"))
    start = len(s.events)
    s.apply(A.RESOURCE + A.MINOR_PENDING)
    s.apply(channel("blue"))
    assert len(detonations(s, start)) == 1
    assert s.boards[0][0] == []


# UM-GAIN-8
def test_movement_never_brings_matter_and_antimatter_together() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["primordial", "primordial"], "blue 2": ["major"],
               "blue 4": ["supergiant"]})
    start = len(s.events)
    run_steps(s, [{"op": "orbit", "n": 3}], channel("blue"))
    s.apply(A.PAIR + A.PAIRS.index((0, 1)))  # blue 1 (empty now) <-> blue 7
    assert layout(s, 0) == {"blue 4": ["primordial", "primordial"], "blue 5": ["major"],
                            "blue 1": ["supergiant"]}
    assert detonations(s, start) == []


# UM-GAIN-9
@pytest.mark.parametrize(("before", "step", "after"), [
    (4, {"op": "discovery", "n": 3}, 7),
    (9, {"op": "discovery", "n": 3}, 10),  # the rest is lost
    (10, {"op": "discovery", "n": 1}, 10),
    (4, {"op": "lose_discovery", "n": 3}, 1),
    (2, {"op": "lose_discovery", "n": 3}, 0),  # stops at 0
])
def test_discovery_stays_between_zero_and_ten(before: int, step: dict, after: int) -> None:
    s = at_actions()
    s.disc[0] = before
    run_steps(s, [step])
    assert s.disc[0] == after
