"""Every game's learning environments: PettingZoo's and Gymnasium's own checks at every
player count, the mask against the engine at every step under every option set, and the
information-leak property of the observation vector."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import ludoverse
from ludoverse.core import registry
from ludoverse.rl import action_mask, aec_env, observation_tensor, single_agent_env

COUNTS = [(name, n) for name in registry.games() for n in ludoverse.load(name).player_counts()]
OPTION_SETS = [
    (name, label, n, opts)
    for name in registry.games()
    for label, opts in ludoverse.load(name).conformance_options().items()
    for n in ludoverse.load(name).conformance_player_counts(label)
]


def ids(case: tuple) -> str:
    return "-".join(str(x) for x in case if not isinstance(x, dict))


@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name, players", COUNTS, ids=[ids(c) for c in COUNTS])
def test_pettingzoo_api_and_seed_tests_pass(name: str, players: int) -> None:
    api_test(aec_env(name, players), num_cycles=300)
    seed_test(lambda: aec_env(name, players), num_cycles=100)


@pytest.mark.filterwarnings("ignore:.*not legal here")  # check_env tries a random action
@pytest.mark.parametrize("name, players", COUNTS, ids=[ids(c) for c in COUNTS])
def test_gymnasium_check_env_passes(name: str, players: int) -> None:
    check_env(single_agent_env(name, players, seat="random", opponents="random"),
              skip_render_check=False)


@pytest.mark.parametrize("name, label, players, options", OPTION_SETS,
                         ids=[ids(c) for c in OPTION_SETS])
def test_mask_is_the_legal_actions_and_vectors_stay_in_bounds(
        name: str, label: str, players: int, options: dict) -> None:
    env = aec_env(name, players, labels=False, **options).unwrapped
    low, high = env.observation_space("player_0")["observation"].low, \
        env.observation_space("player_0")["observation"].high
    rng = random.Random(label)
    for game in range(2):
        env.reset(seed=game)
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            assert obs["observation"].shape == low.shape
            out = (obs["observation"] < low) | (obs["observation"] > high)
            assert not out.any(), env.encoder.layout.field_at(int(np.flatnonzero(out)[0]))
            if term or trunc:
                env.step(None)
                continue
            legal = env.state.legal_actions()
            assert np.flatnonzero(obs["action_mask"]).tolist() == legal
            assert info["legal_actions"] == legal
            env.step(rng.choice(legal))


def random_state(name: str, players: int, seed: int, steps: int):
    state = ludoverse.load(name).new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name, players", COUNTS, ids=[ids(c) for c in COUNTS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400), world=st.integers(0, 2**32))
def test_a_seat_sees_the_same_vector_in_every_world_it_cannot_tell_apart(
        name: str, players: int, seed: int, steps: int, world: int) -> None:
    """A failure is an information leak: the vector told a seat something its observation
    does not."""
    state = random_state(name, players, seed, steps)
    for seat in range(players):
        dealt = state.determinize(seat, random.Random(world))
        assert np.array_equal(observation_tensor(dealt, seat), observation_tensor(state, seat))
    assert np.array_equal(action_mask(state), np.array(state.legal_actions_mask(), np.int8))


@pytest.mark.parametrize("name", registry.games())
def test_render_shows_the_table_as_a_spectator_sees_it(name: str) -> None:
    game = ludoverse.load(name)
    env = aec_env(name, game.max_players, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.strip()
    single = single_agent_env(name, game.max_players, opponents="random", render_mode="ansi")
    single.reset(seed=1)
    assert single.render().strip()
