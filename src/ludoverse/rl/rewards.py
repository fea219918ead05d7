"""What a finished game pays each seat, by the reward scheme an environment was made with."""

from __future__ import annotations

from typing import Literal

from ludoverse.bots.base import win_shares
from ludoverse.core.api import Outcome

Reward = Literal["win", "rank", "score"]
REWARDS: tuple[Reward, ...] = ("win", "rank", "score")

ILLEGAL_REWARD = -1.0
"""What an agent that plays an illegal action gets (the others get 0), as in PettingZoo's
classic games."""


def check_reward(reward: str) -> Reward:
    if reward not in REWARDS:
        raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    return reward  # type: ignore[return-value]


def final_rewards(outcome: Outcome, players: int, reward: Reward) -> list[float]:
    """``win``: each seat's share of the win (winners split 1). ``rank``: 1 for first place
    down to 0 for last, seats sharing places sharing their average. ``score``: the final
    score. A solo game's ``rank`` is its win."""
    if reward == "score":
        return [float(x) for x in outcome.scores]
    if reward == "rank" and players > 1:
        out = []
        for place in outcome.ranking:
            tied = sum(1 for p in outcome.ranking if p == place)
            average = place + (tied - 1) / 2
            out.append((players - average) / (players - 1))
        return out
    return win_shares(outcome.winners, players)
