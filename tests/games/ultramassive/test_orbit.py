"""Orbit: moving a Channel's stacks inward (docs/rules/ultramassive.md, section 4).

Every example is seat 0's Actions phase in Round 1 of a 2-player game, with an Orbit effect
carried out as one action; the Wormholes stand on blue 1, blue 7, pink 1 and pink 7.
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, channel, give_wormholes, layout, put, run_steps


def orbit(s: S.UltramassiveState, times: int, where: str) -> None:
    """Seat 0 Orbits the ``where`` Channel ``times`` times, as one action."""
    run_steps(s, [{"op": "orbit", "n": times}], channel(where))


def kinds(s: S.UltramassiveState, since: int) -> list[str]:
    """The kinds of the events logged since event number ``since``."""
    return [e.kind for e in s.events[since:]]


# UM-ORBIT-6, UM-ORBIT-3, UM-ORBIT-4
def test_red_orbits_the_blue_channel_twice() -> None:
    """The rulebook's example: the Supergiant Star on the last space stops at the Black Hole
    after one space, the Blue Giant Star moves two, and only then is the Supergiant absorbed."""
    s = at_actions()
    put(s, 0, {"blue 7": ["supergiant"], "blue 2": ["blue_giant"], "pink 4": ["primordial"]})
    start = len(s.events)
    orbit(s, 2, "blue")
    assert layout(s, 0) == {"blue 4": ["blue_giant"], "pink 4": ["primordial"]}
    assert s.sm[0] == 3
    new = [e for e in s.events[start:] if e.kind in ("orbit", "absorb")]
    assert [e.kind for e in new] == ["orbit", "absorb"]  # absorbed once the Orbit is done
    assert new[1].data["tokens"] == ["supergiant"]
    assert s.stack == [] and s.phase == S.ACTIONS


# UM-ORBIT-1
def test_an_orbit_moves_only_the_chosen_channel() -> None:
    """Every stack and Antimatter token of the chosen Channel moves; the other Channel and
    every Wormhole stay where they are."""
    s = at_actions()
    put(s, 0, {"blue 1": ["supergiant", "blue_giant"], "blue 5": ["major"],
               "pink 1": ["blue_giant"], "pink 4": ["minor"]})
    before = list(s.worm[0])
    orbit(s, 1, "blue")
    assert layout(s, 0) == {"blue 2": ["supergiant", "blue_giant"], "blue 6": ["major"],
                            "pink 1": ["blue_giant"], "pink 4": ["minor"]}
    assert s.worm[0] == before
    orbit(s, 1, "pink")
    assert layout(s, 0) == {"blue 2": ["supergiant", "blue_giant"], "blue 6": ["major"],
                            "pink 2": ["blue_giant"], "pink 5": ["minor"]}
    assert s.worm[0] == before


# UM-ORBIT-1
def test_the_player_may_orbit_an_empty_channel() -> None:
    """Orbiting a Channel with nothing in it is allowed and changes nothing."""
    s = at_actions()
    put(s, 0, {"pink 2": ["supergiant"]})
    start = len(s.events)
    run_steps(s, [{"op": "orbit", "n": 3}])
    assert s.legal_actions() == [channel("blue"), channel("pink")]
    s.apply(channel("blue"))
    assert layout(s, 0) == {"pink 2": ["supergiant"]}
    assert s.sm[0] == 0 and "orbit" in kinds(s, start)


# UM-ORBIT-2
@pytest.mark.parametrize(("times", "lands"), [(1, "blue 3"), (2, "blue 4"), (3, "blue 5")])
def test_an_orbit_of_n_moves_each_stack_n_spaces(times: int, lands: str) -> None:
    s = at_actions()
    put(s, 0, {"blue 2": ["primordial", "blue_giant"]})
    orbit(s, times, "blue")
    assert layout(s, 0) == {lands: ["primordial", "blue_giant"]}


# UM-ORBIT-2
def test_antimatter_passing_over_a_rift_space_is_not_absorbed() -> None:
    """Orbit twice moves a Minor Antimatter from blue 2 to blue 4 in one move: it passes the
    Rift Space (blue 3) without landing there."""
    s = at_actions()
    put(s, 0, {"blue 2": ["minor"]})
    orbit(s, 2, "blue")
    assert layout(s, 0) == {"blue 4": ["minor"]}
    assert s.disc[0] == 4


# UM-ORBIT-2
def test_antimatter_that_stops_on_the_rift_space_is_absorbed() -> None:
    """The space where the move stops counts: from blue 1, Orbit twice ends on the Rift Space."""
    s = at_actions()
    put(s, 0, {"blue 1": ["major"]})
    orbit(s, 2, "blue")
    assert layout(s, 0) == {}
    assert s.sm[0] == 4


# UM-ORBIT-3, UM-ORBIT-5
def test_stacks_move_from_the_inside_out_and_never_meet() -> None:
    """Full stacks on neighbouring spaces, Matter behind Antimatter: moved innermost first,
    each stack moves into the space its neighbour has just left, so nothing merges, exceeds
    the limit or detonates."""
    s = at_actions()
    put(s, 0, {"blue 4": ["primordial", "primordial"], "blue 5": ["minor"],
               "blue 6": ["supergiant", "supergiant", "blue_giant"]})
    start = len(s.events)
    orbit(s, 1, "blue")
    assert layout(s, 0) == {"blue 5": ["primordial", "primordial"], "blue 6": ["minor"],
                            "blue 7": ["supergiant", "supergiant", "blue_giant"]}
    assert "detonate" not in kinds(s, start)


# UM-ORBIT-5
def test_an_orbit_of_three_keeps_every_stack_apart() -> None:
    s = at_actions()
    put(s, 0, {"pink 1": ["blue_giant"], "pink 2": ["major"], "pink 4": ["supergiant"],
               "pink 5": ["minor"], "pink 6": ["primordial"], "pink 7": ["blue_giant"]})
    start = len(s.events)
    orbit(s, 3, "pink")
    # pink 5, 6 and 7 reach the Black Hole; the rest keep their distances.
    assert layout(s, 0) == {"pink 4": ["blue_giant"], "pink 5": ["major"],
                            "pink 7": ["supergiant"]}
    assert s.sm[0] == 4 + 2 and s.disc[0] == 4 + 1
    assert "detonate" not in kinds(s, start)


# UM-ORBIT-4
def test_a_token_reaching_the_black_hole_loses_the_rest_of_its_move() -> None:
    """A Primordial Black Hole token one space from the Black Hole Orbited three times is
    absorbed once, for its 4 Solar Mass, and goes no further."""
    s = at_actions()
    put(s, 0, {"pink 7": ["primordial"], "pink 6": ["blue_giant"]})
    orbit(s, 3, "pink")
    assert layout(s, 0) == {}
    assert s.sm[0] == 4 + 2


# UM-ORBIT-4
@pytest.mark.parametrize(("size", "mass", "start", "absorbed"), [
    (B.PRIMORDIAL_SIZE, 0, "blue 5", False),  # lands on blue 7
    (B.STELLAR, 20, "blue 5", True),  # blue 7 is covered: the Black Hole
    (B.SUPERMASSIVE, 50, "blue 4", True),  # blue 6 is covered too
])
def test_after_an_expansion_the_black_hole_is_the_first_covered_space(
        size: int, mass: int, start: str, absorbed: bool) -> None:
    """A Stellar Black Hole covers space 7 and a Supermassive one space 6 too: a stack that
    reaches the first covered space is absorbed there."""
    s = at_actions()
    s.size[0], s.sm[0] = size, mass
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    put(s, 0, {start: ["supergiant"], "blue 1": ["blue_giant"]})
    orbit(s, 2, "blue")
    rest = {} if absorbed else {"blue 7": ["supergiant"]}
    assert layout(s, 0) == {"blue 3": ["blue_giant"], **rest}
    assert s.sm[0] == mass + (3 if absorbed else 0)
