"""Learning environments: PettingZoo (every seat an agent) and Gymnasium (one seat against
Ludoverse bots) for every game, player count and rule option.

Install with ``pip install 'ludoverse[rl]'``; training a policy with Stable-Baselines3 needs
``'ludoverse[rl-train]'``. ``docs/rl.md`` walks through the whole path.

>>> from ludoverse.rl import aec_env
>>> env = aec_env("ultia", 3)
>>> env.reset(seed=1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoverse.rl.aec import aec_env
    from ludoverse.rl.single import single_agent_env
    from ludoverse.rl.tensors import action_mask, encoder_for, observation_tensor

__all__ = ["action_mask", "aec_env", "encoder_for", "observation_tensor", "single_agent_env"]

_WHERE = {
    "aec_env": "ludoverse.rl.aec",
    "single_agent_env": "ludoverse.rl.single",
    "action_mask": "ludoverse.rl.tensors",
    "encoder_for": "ludoverse.rl.tensors",
    "observation_tensor": "ludoverse.rl.tensors",
}


def __getattr__(name: str) -> Any:
    """Import PettingZoo and Gymnasium only for what is used (the tensors need NumPy only)."""
    if name not in _WHERE:
        raise AttributeError(f"module 'ludoverse.rl' has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(_WHERE[name]), name)
