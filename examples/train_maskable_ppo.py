"""Train a MaskablePPO agent on a Ludoverse game against bots, and save it as a bot.

The agent plays a seat drawn anew each game against Ludoverse bots through
``ludoverse.rl.single_agent_env``; sb3-contrib's ``MaskablePPO`` reads the legal moves from the
environment's ``action_masks()``. The trained network is saved as a policy file that any
Ludoverse bot seat can play with the spec ``policy:PATH`` (NumPy only: no PyTorch needed to
play it).

Install (PyTorch's CPU build first, so pip does not fetch the CUDA one):

    pip install torch==2.13.0 && pip install -e '.[rl-train]'

Train for about ten minutes on two cores, then measure the agent:

    python examples/train_maskable_ppo.py --game ultia --players 3 \\
        --opponents random+easy --steps 600000 --out ultia-ppo.npz
    ludoverse tournament ultia --seats policy:ultia-ppo.npz,easy,easy --games 600
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from pathlib import Path
from typing import Any


def monitored(game: str, players: int, opponents: str, options: dict[str, Any]) -> Any:
    """One game against bots; a different seat each game. The seed comes from the trainer
    (each copy gets its own), and Monitor logs the episodes' rewards."""
    from stable_baselines3.common.monitor import Monitor

    from ludoverse.rl import single_agent_env

    return Monitor(single_agent_env(game, players, seat="random", opponents=opponents,
                                    labels=False, **options))


def train(game: str = "ultia", players: int = 3, opponents: str = "random+easy",
          steps: int = 600_000, seed: int = 0, out: str | Path = "policy.npz",
          envs: int = 4, options: dict[str, Any] | None = None, verbose: int = 0) -> Path:
    """Train and save; returns the policy file's path."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecNormalize

    import ludoverse
    from ludoverse.rl.policy import save_sb3_policy

    torch.set_num_threads(1)  # small networks: threads cost more than they give
    options = options or {}
    mix = [o.strip() for o in opponents.split("+")]  # "random+easy": half the copies each
    makers = [partial(monitored, game, players, mix[i % len(mix)], options)
              for i in range(envs)]
    # The games (and the bots' thinking) run in their own processes when there are several.
    vec = SubprocVecEnv(makers) if envs > 1 else DummyVecEnv(makers)
    # Counts run from 0 to over 100 beside one-hot flags: scale each input by its running
    # mean and spread (the policy file keeps the scaling). Rewards stay the win share.
    vec = VecNormalize(vec, norm_obs=True, norm_reward=False, gamma=1.0)
    model = MaskablePPO("MlpPolicy", vec, n_steps=512, batch_size=256, n_epochs=4,
                        learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01,
                        policy_kwargs={"net_arch": [128, 128]}, seed=seed, verbose=verbose,
                        device="cpu")
    started = time.perf_counter()
    model.learn(total_timesteps=steps)
    minutes = (time.perf_counter() - started) / 60
    path = save_sb3_policy(model, out, ludoverse.load(game), players, options, normalize=vec,
                           algorithm="MaskablePPO (sb3-contrib)", steps=steps,
                           opponents=opponents, seed=seed, minutes=round(minutes, 1))
    vec.close()
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="ultia")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--opponents", default="random+easy",
                    help="bot spec or level for the others; 'random+easy' gives half the "
                    "games to each")
    ap.add_argument("--steps", type=int, default=600_000,
                    help="the agent's decisions to learn from")
    ap.add_argument("--envs", type=int, default=4, help="games played side by side")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--option", action="append", default=[], metavar="K=V",
                    help="a rule option, as in ludoverse play")
    ap.add_argument("--out", default="policy.npz")
    args = ap.parse_args()
    options = dict(kv.split("=", 1) for kv in args.option)
    path = train(args.game, args.players, args.opponents, args.steps, args.seed, args.out,
                 args.envs, options, verbose=1)
    print(f"saved {path}: play it with the bot spec policy:{path}")


if __name__ == "__main__":
    main()
