"""Absorbing Matter and Antimatter (docs/rules/ultramassive.md, section 6).

Every example is seat 0's Actions phase in Round 1 of a 2-player game; the Wormholes stand on
blue 1, blue 7, pink 1 and pink 7 unless the test moves them.
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, channel, give_wormholes, layout, put, run_steps


def orbit(s: S.UltramassiveState, times: int, where: str) -> None:
    run_steps(s, [{"op": "orbit", "n": times}], channel(where))


def logged(s: S.UltramassiveState, since: int, *kinds: str) -> list[tuple[str, dict]]:
    return [(e.kind, e.data) for e in s.events[since:] if e.kind in kinds]


# UM-ABSORB-1
def test_the_black_hole_is_the_eighth_space_of_both_channels() -> None:
    """A token on space 7 reaches the Black Hole with one Orbit; one on space 6 only reaches
    space 7."""
    s = at_actions()
    put(s, 0, {"blue 7": ["blue_giant"], "blue 6": ["supergiant"],
               "pink 7": ["supergiant"], "pink 6": ["blue_giant"]})
    orbit(s, 1, "blue")
    assert s.sm[0] == 2
    orbit(s, 1, "pink")
    assert s.sm[0] == 2 + 3
    assert layout(s, 0) == {"blue 7": ["supergiant"], "pink 7": ["blue_giant"]}


# UM-ABSORB-1
def test_after_expanding_the_black_hole_starts_at_the_first_covered_space() -> None:
    s = at_actions()
    s.size[0], s.sm[0] = B.STELLAR, 20
    give_wormholes(s, 0, ("blue 1", "blue 6", "pink 1", "pink 6"))
    put(s, 0, {"blue 6": ["supergiant"]})
    orbit(s, 1, "blue")
    assert layout(s, 0) == {}
    assert s.sm[0] == 23


# UM-ABSORB-2, UM-ABSORB-6
def test_matter_reaching_the_black_hole_adds_its_solar_mass() -> None:
    """A stack of a Primordial Black Hole token and a Blue Giant Star adds 4 + 2; the tokens
    leave the board for the supply."""
    s = at_actions()
    put(s, 0, {"pink 7": ["primordial", "blue_giant"]})
    start = len(s.events)
    orbit(s, 1, "pink")
    assert s.sm[0] == 6
    assert layout(s, 0) == {}
    assert logged(s, start, "absorb") == [
        ("absorb", {"seat": 0, "tokens": ["primordial", "blue_giant"], "solar_mass": 6})]


# UM-ABSORB-3
@pytest.mark.parametrize(("token", "sm", "disc"), [("major", 4, 4), ("minor", 0, 5)])
def test_antimatter_reaching_the_black_hole_is_absorbed(token: str, sm: int, disc: int) -> None:
    """A Major Antimatter adds 4 Solar Mass; a Minor Antimatter adds 1 Discovery."""
    s = at_actions()
    put(s, 0, {"blue 6": [token]})
    orbit(s, 2, "blue")
    assert layout(s, 0) == {}
    assert (s.sm[0], s.disc[0]) == (sm, disc)


# UM-ABSORB-3
def test_a_minor_antimatter_cannot_take_discovery_past_ten() -> None:
    s = at_actions()
    s.disc[0] = 10
    put(s, 0, {"blue 7": ["minor"]})
    orbit(s, 1, "blue")
    assert layout(s, 0) == {} and s.disc[0] == 10


# UM-ABSORB-4
def test_antimatter_landing_exactly_on_a_rift_space_is_absorbed() -> None:
    s = at_actions()
    put(s, 0, {"pink 1": ["major"], "blue 2": ["minor"]})
    orbit(s, 2, "pink")  # pink 1 -> pink 3, the Rift Space
    assert s.sm[0] == 4
    orbit(s, 1, "blue")  # blue 2 -> blue 3
    assert (layout(s, 0), s.disc[0]) == ({}, 5)


# UM-ABSORB-4
def test_antimatter_passing_a_rift_space_is_not_absorbed() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["major"]})
    orbit(s, 3, "blue")
    assert layout(s, 0) == {"blue 4": ["major"]}
    assert s.sm[0] == 0


# UM-ABSORB-4
def test_matter_on_a_rift_space_is_not_absorbed() -> None:
    s = at_actions()
    put(s, 0, {"blue 1": ["supergiant"]})
    orbit(s, 2, "blue")
    assert layout(s, 0) == {"blue 3": ["supergiant"]}
    assert s.sm[0] == 0


# UM-ABSORB-4
def test_antimatter_placed_on_a_rift_space_is_absorbed() -> None:
    """Placing Antimatter directly on a Rift Space counts as landing there."""
    s = at_actions()
    run_steps(s, [{"op": "gain", "token": "major", "to": "rift"}], channel("pink"))
    assert layout(s, 0) == {}
    assert s.sm[0] == 4


# UM-ABSORB-4
def test_antimatter_placed_on_a_wormhole_on_a_rift_space_is_absorbed() -> None:
    s = at_actions()
    give_wormholes(s, 0, ("blue 1", "blue 3", "pink 1", "pink 7"))
    run_steps(s, [{"op": "gain", "token": "minor", "to": "wormhole"}], A.WORMHOLE + 1)
    assert layout(s, 0) == {}
    assert s.disc[0] == 5


# UM-ABSORB-4, UM-WORM-5
def test_antimatter_swapped_onto_a_rift_space_is_absorbed() -> None:
    """A Major Antimatter on blue 6 is swapped by Wormholes with the Rift Space of the pink
    Channel; it lands there and is absorbed once the swap is complete."""
    s = at_actions()
    give_wormholes(s, 0, ("blue 6", "pink 3", "pink 1", "pink 7"))
    put(s, 0, {"blue 6": ["major"], "pink 3": ["supergiant"]})
    start = len(s.events)
    s.apply(A.PAIR + A.PAIRS.index((0, 1)))
    assert layout(s, 0) == {"blue 6": ["supergiant"]}
    assert s.sm[0] == 4
    assert [k for k, _ in logged(s, start, "wormholes", "absorb")] == ["wormholes", "absorb"]
    assert s.worm_open[0] == [False, False, True, True]


# UM-ABSORB-5
def test_nothing_is_absorbed_before_the_action_is_complete() -> None:
    """An effect that Orbits and then gains a token: the Supergiant Star that reached the Black
    Hole is absorbed only after the token is placed."""
    s = at_actions()
    put(s, 0, {"blue 7": ["supergiant"]})
    run_steps(s, [{"op": "orbit", "n": 1}, {"op": "gain", "token": "blue_giant"}],
              channel("blue"))
    assert s.stack and s.legal_actions() == [channel("blue"), channel("pink")]
    assert s.sm[0] == 0  # the action is not over yet
    s.apply(channel("pink"))
    assert s.sm[0] == 3
    assert layout(s, 0) == {"pink 1": ["blue_giant"]}


# UM-ABSORB-5
def test_everything_an_action_brings_in_is_absorbed_together_then_expansions() -> None:
    """At 17 Solar Mass an Orbit brings two stacks to the Black Hole: both are absorbed in one
    go, and only then does the Black Hole become Stellar."""
    s = at_actions()
    s.sm[0] = 17
    put(s, 0, {"blue 6": ["supergiant"], "blue 7": ["blue_giant"]})
    start = len(s.events)
    orbit(s, 2, "blue")
    assert s.sm[0] == 22 and s.size[0] == B.STELLAR
    assert logged(s, start, "absorb", "expand") == [
        ("absorb", {"seat": 0, "tokens": ["blue_giant", "supergiant"], "solar_mass": 5}),
        ("expand", {"seat": 0, "size": "Stellar"}),
    ]


# UM-ABSORB-5, UM-ABSORB-6
def test_tokens_at_the_black_hole_never_detonate_or_count_against_the_limit() -> None:
    """Antimatter and 16 Solar Mass of Matter reach the Black Hole in one Orbit: all of it is
    absorbed, nothing detonates, and every token goes back to the supply."""
    s = at_actions()
    put(s, 0, {"pink 7": ["major"], "pink 6": ["primordial", "primordial"],
               "pink 5": ["primordial", "supergiant"]})
    start = len(s.events)
    orbit(s, 3, "pink")
    assert s.sm[0] == 4 + 8 + 7
    assert layout(s, 0) == {}
    assert not logged(s, start, "detonate")
