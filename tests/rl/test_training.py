"""The whole research path in small: train MaskablePPO with the example script, save the
policy, and play it as a bot in a tournament. Needs the ``rl-train`` extra; CI installs it
and sets ``LUDOVERSE_REQUIRE_TRAIN=1``, which turns a missing library into a failure."""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import numpy as np
import pytest

from ludoverse.bots.base import make

ROOT = Path(__file__).resolve().parents[2]

if os.environ.get("LUDOVERSE_REQUIRE_TRAIN") != "1":
    pytest.importorskip("sb3_contrib", reason="training needs pip install -e '.[rl-train]'")


def example():
    spec = importlib.util.spec_from_file_location(
        "train_maskable_ppo", ROOT / "examples" / "train_maskable_ppo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_saved_policy_plays_exactly_the_trained_network(tmp_path: Path) -> None:
    """The NumPy network of ``policy:PATH``, with the observation scaling it was trained
    with, gives the same logits as PyTorch's."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    import ludoverse
    from ludoverse.rl import observation_tensor, single_agent_env
    from ludoverse.rl.policy import load_policy, save_sb3_policy

    vec = VecNormalize(DummyVecEnv([lambda: single_agent_env(
        "ultia", 3, opponents="random", labels=False)]), norm_reward=False)
    model = MaskablePPO("MlpPolicy", vec, policy_kwargs={"net_arch": [32, 16]}, seed=3,
                        device="cpu", n_steps=64, batch_size=32, n_epochs=1)
    model.learn(128)  # the running mean and spread move away from 0 and 1
    path = save_sb3_policy(model, tmp_path / "p.npz", ludoverse.load("ultia"), 3,
                           normalize=vec)
    policy = load_policy(path)
    assert policy.scale is not None
    state = ludoverse.load("ultia").new_game(3, 5)
    rng = random.Random(0)
    for _ in range(30):
        obs = observation_tensor(state, state.current_player)
        with torch.no_grad():
            scaled = vec.normalize_obs(obs[None])
            dist = model.policy.get_distribution(torch.as_tensor(scaled))
            want = dist.distribution.logits.numpy()[0]
        got = policy.logits(obs)
        # torch normalises logits (log-softmax); compare after the same normalisation
        got = got - np.log(np.exp(got - got.max()).sum()) - got.max()
        assert np.allclose(got, want, atol=1e-4)
        state.apply(rng.choice(state.legal_actions()))


def test_training_a_few_thousand_steps_makes_a_bot_for_tournaments(tmp_path: Path) -> None:
    import ludoverse
    from ludoverse.sim.tournament import tournament

    path = example().train("ultia", 3, "random", steps=3072, seed=1,
                           out=tmp_path / "ultia.npz", envs=2)
    bot = make(f"policy:{path}", ludoverse.load("ultia"))
    assert bot.policy.meta["trained"]["steps"] == 3072
    result = tournament("ultia", [f"policy:{path}", "random", "random"], games=6, seed=0,
                        workers=1)
    assert len(result.games) == 6
    assert any(s.name.startswith("policy") for s in result.stats(bootstrap=20))

