"""How the environments behave, shown on Duel (one card each, the higher card wins), where
every outcome is known in advance."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from ludoverse.core.api import IllegalAction
from ludoverse.rl import action_mask, aec_env, observation_tensor, single_agent_env
from ludoverse.rl.aec import IllegalActionWarning
from ludoverse.rl.rewards import final_rewards
from toygames.duel import GAME as DUEL


def play_out(env, moves):
    """Step ``moves`` in order for whoever is to move; dead agents step None."""
    moves = list(moves)
    for _agent in env.agent_iter():
        _, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else moves.pop(0))


def test_duel_passes_pettingzoo_and_gymnasium_checks() -> None:
    api_test(aec_env(DUEL, 2), num_cycles=100)
    seed_test(lambda: aec_env(DUEL, 2), num_cycles=50)
    check_env(single_agent_env(DUEL, 2, opponents="random"), skip_render_check=True)


def test_the_higher_card_is_paid_the_win_when_the_game_ends() -> None:
    env = aec_env(DUEL, 2, hand=[1, 10])
    env.reset(seed=3)
    obs, reward, *_ = env.last()
    assert np.flatnonzero(obs["action_mask"]).tolist() == [0, 9]  # the 1 and the 10
    assert reward == 0
    rewards = {}
    for agent in env.agent_iter():
        _, reward, term, _, info = env.last()
        if term:
            rewards[agent] = reward
            assert info["outcome"]["winners"] == [0]
            env.step(None)
        else:
            env.step(9 if agent == "player_0" else info["legal_actions"][0])
    assert rewards == {"player_0": 1.0, "player_1": 0.0}
    assert env.agents == []


def test_rewards_by_rank_and_score_split_ties() -> None:
    from ludoverse.core.api import Outcome

    tie = Outcome((5.0, 5.0, 1.0), (1, 1, 3), (0, 1), "tie")
    assert final_rewards(tie, 3, "win") == [0.5, 0.5, 0.0]
    assert final_rewards(tie, 3, "rank") == [0.75, 0.75, 0.0]
    assert final_rewards(tie, 3, "score") == [5.0, 5.0, 1.0]


def test_an_illegal_action_loses_with_a_warning_by_default() -> None:
    env = aec_env(DUEL, 2, hand=[1, 10])
    env.reset(seed=0)
    with pytest.warns(IllegalActionWarning, match="player_0 played action 4, which is not legal"):
        env.step(4)
    assert env.rewards == {"player_0": -1.0, "player_1": 0.0}
    assert all(env.terminations.values())
    assert env.infos["player_1"]["illegal"]["reason"] == "not a card in your hand"


def test_an_illegal_action_raises_and_changes_nothing_when_asked() -> None:
    env = aec_env(DUEL, 2, hand=[1, 10], illegal="raise")
    env.reset(seed=0)
    before = env.last()[0]["observation"].copy()
    with pytest.raises(IllegalAction):
        env.step(4)
    assert np.array_equal(env.last()[0]["observation"], before)
    assert env.agent_selection == "player_0"


@pytest.mark.parametrize("bad", [10, -1, 2.5, "3", True, None])
def test_an_action_outside_the_space_is_a_clear_error(bad: object) -> None:
    env = aec_env(DUEL, 2)
    env.reset(seed=0)
    with pytest.raises(ValueError, match="action"):
        env.step(bad)


def test_agents_not_to_move_see_their_hand_and_no_legal_moves() -> None:
    env = aec_env(DUEL, 2)
    env.reset(seed=0)
    other = env.observe("player_1")
    assert not other["action_mask"].any()
    assert other["observation"][:10].sum() == 1  # seat 1 holds one card
    assert env.infos["player_1"]["legal_actions"] == []
    assert set(env.infos["player_0"]["labels"]) == set(env.infos["player_0"]["legal_actions"])


def test_reset_with_a_seed_deals_the_game_of_that_seed() -> None:
    env = aec_env(DUEL, 2)
    for seed in (0, 7, 123):
        env.reset(seed=seed)
        state = DUEL.new_game(2, seed)
        assert np.array_equal(env.last()[0]["observation"], observation_tensor(state, 0))
        assert np.array_equal(env.last()[0]["action_mask"], action_mask(state))


def test_resets_without_a_seed_follow_the_stream_of_the_last_seed() -> None:
    a, b = aec_env(DUEL, 2), aec_env(DUEL, 2)
    a.reset(seed=5)
    b.reset(seed=5)
    for _ in range(5):
        a.reset()
        b.reset()
        assert np.array_equal(a.last()[0]["observation"], b.last()[0]["observation"])


def test_max_steps_truncates_every_agent() -> None:
    env = aec_env(DUEL, 2, max_steps=1)
    env.reset(seed=0)
    env.step(env.unwrapped.infos["player_0"]["legal_actions"][0])
    assert all(env.truncations.values()) and not any(env.terminations.values())


def test_labels_can_be_left_out_for_speed() -> None:
    env = aec_env(DUEL, 2, labels=False)
    env.reset(seed=0)
    assert "labels" not in env.infos["player_0"]


def test_bad_settings_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="reward is one of"):
        aec_env(DUEL, 2, reward="money")
    with pytest.raises(ValueError, match="illegal is"):
        aec_env(DUEL, 2, illegal="ignore")
    with pytest.raises(ValueError, match="played by 2"):
        aec_env(DUEL, 3)
    with pytest.raises(ValueError, match="opponents"):
        single_agent_env(DUEL, 2, opponents=["random", "random"])
    with pytest.raises(ValueError, match=r"seat is 0\.\.1"):
        single_agent_env(DUEL, 2, seat=2)


def test_single_agent_env_pays_the_agents_seat_and_masks_its_moves() -> None:
    env = single_agent_env(DUEL, 2, seat=0, opponents="random", hand=[1, 10])
    _, info = env.reset(seed=0)
    assert env.action_masks().tolist() == [i in (0, 9) for i in range(10)]
    assert info["labels"] == {0: "play 1", 9: "play 10"}
    _, reward, term, trunc, info = env.step(9)
    assert (reward, term, trunc) == (1.0, True, False)
    assert info["outcome"]["winners"] == [0]


def test_single_agent_env_as_second_seat_starts_after_the_bot() -> None:
    env = single_agent_env(DUEL, 2, seat=1, opponents="random")
    _, info = env.reset(seed=4)
    assert env.state.current_player == 1
    _, reward, term, _, _ = env.step(info["legal_actions"][0])
    assert term and reward in (0.0, 0.5, 1.0)


def test_single_agent_illegal_move_loses() -> None:
    env = single_agent_env(DUEL, 2, opponents="random", hand=[1, 10])
    env.reset(seed=0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _, reward, term, _, info = env.step(3)
    assert reward == -1.0 and term and info["illegal"]["action"] == 3
    assert any(issubclass(w.category, IllegalActionWarning) for w in caught)


def test_a_random_seat_changes_with_the_game_and_follows_the_seed() -> None:
    env = single_agent_env(DUEL, 2, seat="random", opponents="random")
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
        assert env.state.current_player == env.seat
        again = single_agent_env(DUEL, 2, seat="random", opponents="random")
        again.reset(seed=seed)
        assert again.seat == env.seat
    assert seats == {0, 1}


def test_once_an_episode_is_over_nobody_has_a_legal_move() -> None:
    env = aec_env(DUEL, 2, max_steps=1)
    env.reset(seed=0)
    env.step(env.unwrapped.infos["player_0"]["legal_actions"][0])
    assert not env.observe("player_1")["action_mask"].any()
    assert env.infos["player_1"]["legal_actions"] == []
    env = aec_env(DUEL, 2, hand=[1, 10])
    env.reset(seed=0)
    with pytest.warns(IllegalActionWarning):
        env.step(4)
    assert not env.observe("player_0")["action_mask"].any()
