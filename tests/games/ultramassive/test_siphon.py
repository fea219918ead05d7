"""Siphon: one reward of the Black Hole's size or a smaller one (docs/rules/ultramassive.md,
section 7).

Every example is seat 0's Actions phase in Round 1 of a 2-player game, with a Siphon carried
out as one action. The rewards are offered in the Scoreboard's order: Primordial (Blue Giant
Star, 1 Discovery), Stellar (Supergiant Star, 2 Discovery), Supermassive (Primordial Black
Hole token, Orbit once).
"""

from __future__ import annotations

import pytest

from ludoverse.games.ultramassive import actions as A
from ludoverse.games.ultramassive import board as B
from ludoverse.games.ultramassive import state as S

from .builders import at_actions, channel, give_wormholes, layout, put, run_steps

BLUE_GIANT, DISCOVERY_1, SUPERGIANT, DISCOVERY_2, PRIMORDIAL, ORBIT = (
    A.OPTION + k for k in range(6))
THRESHOLD = {B.PRIMORDIAL_SIZE: 0, B.STELLAR: 20, B.SUPERMASSIVE: 50, B.ULTRAMASSIVE: 100}


def sized(size: int, **options: object) -> S.UltramassiveState:
    """Seat 0 with a Black Hole of ``size`` and its Wormholes on spaces 1 and 2."""
    s = at_actions(**options)
    s.size[0], s.sm[0] = size, THRESHOLD[size]
    give_wormholes(s, 0, ("blue 1", "blue 2", "pink 1", "pink 2"))
    return s


def siphon(s: S.UltramassiveState, *answers: int) -> None:
    run_steps(s, [{"op": "siphon"}], *answers)


# UM-SIPHON-1, UM-SIPHON-2
@pytest.mark.parametrize(("size", "rewards"), [
    (B.PRIMORDIAL_SIZE, [BLUE_GIANT, DISCOVERY_1]),
    (B.STELLAR, [BLUE_GIANT, DISCOVERY_1, SUPERGIANT, DISCOVERY_2]),
    (B.SUPERMASSIVE, [BLUE_GIANT, DISCOVERY_1, SUPERGIANT, DISCOVERY_2, PRIMORDIAL, ORBIT]),
])
def test_a_siphon_offers_the_rewards_of_the_size_and_every_smaller_one(
        size: int, rewards: list[int]) -> None:
    s = sized(size)
    siphon(s)
    assert s.legal_actions() == rewards


# UM-SIPHON-1, UM-SIPHON-2
@pytest.mark.parametrize(("reward", "token", "disc"), [
    (BLUE_GIANT, "blue_giant", 4), (SUPERGIANT, "supergiant", 4), (PRIMORDIAL, "primordial", 4),
    (DISCOVERY_1, None, 5), (DISCOVERY_2, None, 6),
])
def test_the_chosen_reward_is_gained_at_once(reward: int, token: str | None, disc: int) -> None:
    """A Supermassive Black Hole may take any reward; a token is placed as any gained token."""
    s = sized(B.SUPERMASSIVE)
    siphon(s, reward)
    if token is not None:
        assert s.legal_actions() == [channel("blue"), channel("pink")]
        s.apply(channel("pink"))
    assert s.stack == []
    assert layout(s, 0) == ({"pink 1": [token]} if token else {})
    assert s.disc[0] == disc


# UM-SIPHON-1, UM-SIPHON-2
def test_the_supermassive_orbit_reward_is_an_orbit_once() -> None:
    s = sized(B.SUPERMASSIVE)
    put(s, 0, {"blue 5": ["supergiant"], "blue 1": ["minor"], "pink 1": ["blue_giant"]})
    siphon(s, ORBIT, channel("blue"))
    assert s.sm[0] == 50 + 3  # blue 6 is covered: the Supergiant Star is absorbed
    assert layout(s, 0) == {"blue 2": ["minor"], "pink 1": ["blue_giant"]}


# UM-SIPHON-1
def test_a_siphoned_token_follows_the_placement_rules() -> None:
    """A Blue Giant Star siphoned while blue 1 is full goes to pink 1; Minor Antimatter there
    detonates with it."""
    s = sized(B.PRIMORDIAL_SIZE, auto_forced=False)
    put(s, 0, {"blue 1": ["primordial", "primordial"], "pink 1": ["minor"]})
    siphon(s, BLUE_GIANT)
    assert s.legal_actions() == [channel("pink")]
    s.apply(channel("pink"))
    assert layout(s, 0) == {"blue 1": ["primordial", "primordial"]}


# UM-SIPHON-3
def test_an_ultramassive_black_hole_chooses_among_the_supermassive_rewards() -> None:
    s = sized(B.ULTRAMASSIVE, ultramassive_size="third_expansion")
    siphon(s)
    assert s.legal_actions() == [BLUE_GIANT, DISCOVERY_1, SUPERGIANT, DISCOVERY_2, PRIMORDIAL,
                                 ORBIT]
    s.apply(PRIMORDIAL)
    s.apply(channel("blue"))
    assert layout(s, 0) == {"blue 1": ["primordial"]}
