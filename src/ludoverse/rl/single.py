"""One seat against Ludoverse bots: a Gymnasium environment for single-agent training.

The other seats are played by bots exactly as ``ludoverse.sim.play`` plays them: each from a
world determinised for its own seat, with its own random stream fixed by the game seed, so
``reset(seed=S)`` meets the same opponents' moves as a simulated game with seed ``S``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ludoverse.bots.base import Bot, make
from ludoverse.core.api import Game, IllegalAction, State
from ludoverse.core.registry import load
from ludoverse.rl.aec import IllegalActionWarning, action_id, check_illegal, render
from ludoverse.rl.rewards import ILLEGAL_REWARD, check_reward, final_rewards
from ludoverse.rl.tensors import as_vector, encoder_for
from ludoverse.sim.play import bot_seed


class SingleAgentEnv(gymnasium.Env):  # type: ignore[misc]
    """``seat`` is the agent; every other seat is a bot."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"]}

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        *,
        seat: int | str = 0,
        opponents: str | Bot | Sequence[str | Bot] = "medium",
        options: dict[str, Any] | None = None,
        content: Any = None,
        reward: str = "win",
        illegal: str = "lose",
        labels: bool = True,
        budget: Any = None,
        render_mode: str | None = None,
    ) -> None:
        self.game = load(game) if isinstance(game, str) else game
        self.players = self.game.check_players(players)
        self.random_seat = seat == "random"
        if not self.random_seat and (not isinstance(seat, int) or isinstance(seat, bool)
                                     or not 0 <= seat < self.players):
            raise ValueError(f"seat is 0..{self.players - 1} for {self.players} players, or "
                             f"'random', not {seat!r}")
        self.seat = 0 if self.random_seat else int(seat)
        self.options = self.game.make_options(options)
        self.content = None if content is None else self.game.load_content(content)
        self.reward_kind = check_reward(reward)
        self.illegal = check_illegal(illegal)
        self.labels = labels
        self.budget = budget
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is 'human', 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.bots = self._make_bots(opponents)
        self.encoder = encoder_for(self.game, self.players, self.options, self.content)
        low, high = self.encoder.layout.bounds()
        self.observation_space = spaces.Box(np.array(low, dtype=np.float32),
                                            np.array(high, dtype=np.float32), dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seeds = random.Random()
        self.state: State | None = None

    def _make_bots(self, opponents: str | Bot | Sequence[str | Bot]) -> dict[int, Bot]:
        """A bot for each other seat (for every seat when the agent's seat changes)."""
        others = [s for s in range(self.players) if self.random_seat or s != self.seat]
        if isinstance(opponents, str | Bot):
            chosen = [opponents] * len(others)
        elif self.random_seat:
            raise ValueError("with seat='random' one bot spec plays every other seat")
        else:
            chosen = list(opponents)
            if len(chosen) != len(others):
                raise ValueError(f"{len(others)} opponents play against seat {self.seat}; "
                                 f"{len(chosen)} bots were given")
        return {s: make(b, self.game) if isinstance(b, str) else b
                for s, b in zip(others, chosen, strict=True)}

    # Episode ------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game, played by the bots up to the agent's first decision. ``seed=S`` deals
        the game of seed ``S``; later resets without one take the next seeds of a stream
        started by ``S``. Rule options are fixed when the environment is made."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(31)
        self.game_seed = game_seed
        if self.random_seat:
            self.seat = random.Random(game_seed).randrange(self.players)
        self.state = self.game.new_game(self.players, game_seed, self.options, self.content)
        self._rngs = {s: random.Random(bot_seed(game_seed, s)) for s in self.bots
                      if s != self.seat}
        self._bots_play()
        return self._observe(), self._info()

    def _bots_play(self) -> None:
        """Bots move until the agent is to move or the game is over."""
        state = self.state
        assert state is not None
        while not state.is_terminal() and state.current_player != self.seat:
            s = state.current_player
            view = state.determinize(s, self._rngs[s])
            state.apply(self.bots[s].choose(view, s, self._rngs[s], self.budget))

    def _observe(self) -> np.ndarray:
        assert self.state is not None
        return as_vector(self.encoder.encode(self.state.observation(self.seat)))

    def _info(self) -> dict[str, Any]:
        state = self.state
        assert state is not None
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            return {"legal_actions": [], "outcome": outcome.to_json()}
        legal = state.legal_actions()
        info: dict[str, Any] = {"legal_actions": list(legal)}
        if self.labels:
            info["labels"] = {a: state.action_label(a, self.seat) for a in legal}
        return info

    def action_masks(self) -> np.ndarray:
        """Legal action ids as booleans, as sb3-contrib's ``MaskablePPO`` asks for."""
        mask = np.zeros(self.game.num_actions, dtype=bool)
        state = self.state
        if state is not None and not state.is_terminal():
            mask[state.legal_actions()] = True
        return mask

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state is None:
            raise RuntimeError("call reset() before step()")
        if state.is_terminal():
            raise RuntimeError("the game is over: call reset()")
        a = action_id(action, self.game.num_actions)
        try:
            state.apply(a)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            warnings.warn(
                f"the agent played action {a}, which is not legal here ({exc}); it loses "
                f"(reward {ILLEGAL_REWARD:g}) and the game ends. Choose among "
                "action_masks(), or make the environment with illegal='raise'.",
                IllegalActionWarning, stacklevel=2)
            info = {"legal_actions": [], "illegal": {"action": a, "reason": str(exc)}}
            return self._observe(), ILLEGAL_REWARD, True, False, info
        self._bots_play()
        if state.is_terminal():
            outcome = state.outcome()
            assert outcome is not None
            pay = final_rewards(outcome, self.players, self.reward_kind)[self.seat]
            return self._observe(), pay, True, False, self._info()
        return self._observe(), 0.0, False, False, self._info()

    def render(self) -> str | None:
        return render(self.render_mode, self.state)


def single_agent_env(
    game: Game | str,
    players: int | None = None,
    seat: int | str = 0,
    opponents: str | Bot | Sequence[str | Bot] = "medium",
    *,
    content: Any = None,
    reward: str = "win",
    illegal: str = "lose",
    labels: bool = True,
    budget: Any = None,
    render_mode: str | None = None,
    **options: Any,
) -> SingleAgentEnv:
    """A Gymnasium environment where the agent plays ``seat`` of ``game`` (``"random"``: a
    seat drawn anew each game, from its seed) and bots play the others. ``opponents`` is
    one bot spec (or strength: ``easy``, ``medium``, ``hard``) for all, or one per other
    seat in seat order. Rule ``options`` are keywords; ``reward``, ``illegal`` and
    ``labels`` are as in :func:`ludoverse.rl.aec_env`. The observation is the seat's
    vector; ``action_masks()`` gives the legal ids for ``MaskablePPO``."""
    return SingleAgentEnv(game, players, seat=seat, opponents=opponents, options=options or None,
                          content=content, reward=reward, illegal=illegal, labels=labels,
                          budget=budget, render_mode=render_mode)
