"""Every seat an agent: a PettingZoo AEC environment over any Ludoverse game.

Shaped like PettingZoo's classic card games: agents ``player_0 … player_{n-1}`` (seat ``i`` is
``player_i``), a ``Discrete`` action space over the game's flat action ids, and observations
``{"observation": Box, "action_mask": int8}``, where the mask is all zeros for an agent that
is not to move. Rewards come when the game ends.
"""

from __future__ import annotations

import io
import random
import warnings
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from ludoverse.core.api import Game, IllegalAction, State
from ludoverse.core.registry import load
from ludoverse.rl.rewards import ILLEGAL_REWARD, Reward, check_reward, final_rewards
from ludoverse.rl.tensors import as_vector, encoder_for

Illegal = Literal["lose", "raise"]


class IllegalActionWarning(UserWarning):
    """An agent played an action that is not legal; the game ended with that agent losing."""


def action_id(action: Any, num_actions: int) -> int:
    """``action`` as a plain int id, or a ``ValueError`` saying what is wrong with it (a
    wrong type or a number outside the space is the caller's bug, never a move)."""
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        if isinstance(action, np.ndarray) and action.shape == () and \
                np.issubdtype(action.dtype, np.integer):
            action = action.item()
        else:
            raise ValueError(f"an action is an int id, not {type(action).__name__}")
    a = int(action)
    if not 0 <= a < num_actions:
        raise ValueError(f"action {a} is outside the action space 0..{num_actions - 1}")
    return a


def check_illegal(illegal: str) -> Illegal:
    if illegal not in ("lose", "raise"):
        raise ValueError(f"illegal is 'lose' or 'raise', not {illegal!r}")
    return illegal  # type: ignore[return-value]


def render_text(state: State) -> str:
    """The spectator's view as terminal text."""
    from rich.console import Console

    shown = state.game.render(state.observation(None), None)
    if isinstance(shown, str):
        return shown
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(shown)
    return console.export_text()


def render(mode: str | None, state: State | None) -> str | None:
    """``render()`` of both environments: the text (``ansi``) or printed (``human``)."""
    if mode is None:
        warnings.warn("render() was called with no render_mode set", stacklevel=3)
        return None
    if state is None:
        raise RuntimeError("call reset() before render()")
    text = render_text(state)
    if mode == "ansi":
        return text
    print(text)
    return None


class LudoverseAEC(AECEnv):  # type: ignore[misc]
    """The raw environment; :func:`aec_env` wraps it in PettingZoo's order checks."""

    def __init__(
        self,
        game: Game | str,
        players: int | None = None,
        *,
        options: dict[str, Any] | None = None,
        content: Any = None,
        reward: str = "win",
        illegal: str = "lose",
        labels: bool = True,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = load(game) if isinstance(game, str) else game
        self.players = self.game.check_players(players)
        self.options = self.game.make_options(options)
        self.content = None if content is None else self.game.load_content(content)
        self.reward_kind: Reward = check_reward(reward)
        self.illegal: Illegal = check_illegal(illegal)
        self.labels = labels
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps is at least 1 (or None: play to the end)")
        self.max_steps = max_steps
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode is 'human', 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["human", "ansi"],
                         "name": f"ludoverse_{self.game.name}_v0", "is_parallelizable": False}
        self.encoder = encoder_for(self.game, self.players, self.options, self.content)
        n = self.game.num_actions
        low, high = self.encoder.layout.bounds()
        obs_space = spaces.Dict({
            "observation": spaces.Box(np.array(low, dtype=np.float32),
                                      np.array(high, dtype=np.float32), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(n,), dtype=np.int8),
        })
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state: State | None = None
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # Episode ------------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed=S`` plays the game ``ludoverse`` deals with seed ``S`` (the
        same as ``new_game(seed=S)``); later resets without a seed take the next seeds of a
        stream started by ``S``. Rule options are fixed when the environment is made, so
        ``options`` here changes nothing."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = int(seed)
        else:
            game_seed = self._seeds.getrandbits(31)
        self.state = self.game.new_game(self.players, game_seed, self.options, self.content)
        self.game_seed = game_seed
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._observed: dict[str, dict[str, np.ndarray]] = {}
        self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_infos()

    def _set_infos(self, over: bool = False) -> None:
        """The seat to move gets its legal ids (and their labels); the others get none, and
        nobody once the episode is ``over``."""
        state = self.state
        assert state is not None
        seat = -1 if over else state.current_player
        legal = self._legal = [] if seat < 0 else state.legal_actions()
        infos: dict[str, dict[str, Any]] = {}
        for i, agent in enumerate(self.possible_agents):
            if agent not in self.terminations:
                continue
            if i == seat:
                info: dict[str, Any] = {"legal_actions": list(legal)}
                if self.labels:
                    info["labels"] = {a: state.action_label(a, seat) for a in legal}
            else:
                info = {"legal_actions": []}
                if self.labels:
                    info["labels"] = {}
            infos[agent] = info
        self.infos = infos

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s own view: never anything its seat may not know."""
        seen = self._observed.get(agent)
        if seen is not None:
            return seen
        state = self.state
        assert state is not None
        seat = int(agent.rsplit("_", 1)[1])
        vector = as_vector(self.encoder.encode(state.observation(seat)))
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if seat == state.current_player:
            mask[self._legal] = 1
        seen = {"observation": vector, "action_mask": mask}
        self._observed[agent] = seen
        return seen

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        a = action_id(action, self.game.num_actions)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        try:
            state.apply(a)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self._lose_by_illegal(agent, a, exc)
            return
        self.steps += 1
        self._observed = {}
        if state.is_terminal():
            self._finish()
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._set_infos(over=True)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
            self._set_infos()
        self._accumulate_rewards()

    def _finish(self) -> None:
        state = self.state
        assert state is not None
        outcome = state.outcome()
        assert outcome is not None
        pay = final_rewards(outcome, self.players, self.reward_kind)
        for i, agent in enumerate(self.possible_agents):
            if agent in self.rewards:
                self.rewards[agent] = pay[i]
        self.terminations = dict.fromkeys(self.agents, True)
        self._set_infos()
        for info in self.infos.values():
            info["outcome"] = outcome.to_json()

    def _lose_by_illegal(self, agent: str, action: int, exc: IllegalAction) -> None:
        seat = int(agent.rsplit("_", 1)[1])
        warnings.warn(
            f"{agent} played action {action}, which is not legal here ({exc}); {agent} loses "
            f"(reward {ILLEGAL_REWARD:g}) and the game ends. Choose among the legal ids in "
            "observation['action_mask'], or make the environment with illegal='raise'.",
            IllegalActionWarning, stacklevel=3)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = ILLEGAL_REWARD
        self.terminations = dict.fromkeys(self.agents, True)
        self._set_infos(over=True)
        for info in self.infos.values():
            info["illegal"] = {"agent": agent, "seat": seat, "action": action,
                               "reason": str(exc)}
        self._observed = {}
        self._accumulate_rewards()

    # Display ------------------------------------------------------------------------------

    def render(self) -> str | None:
        return render(self.render_mode, self.state)

    def close(self) -> None:
        pass

    def action_label(self, action: int, agent: str | None = None) -> str:
        """The engine's label of ``action`` for the seat to move, written for ``agent``
        (default: the agent to move)."""
        state = self.state
        if state is None:
            raise RuntimeError("call reset() first")
        seat = state.current_player if agent is None else int(agent.rsplit("_", 1)[1])
        return state.action_label(action, seat)

    def __str__(self) -> str:
        return f"ludoverse_{self.game.name}_v0"


def aec_env(
    game: Game | str,
    players: int | None = None,
    *,
    content: Any = None,
    reward: str = "win",
    illegal: str = "lose",
    labels: bool = True,
    max_steps: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` (every count the game
    allows), with rule ``options`` given as keywords (``aec_env("ultia", 3,
    plan_list="with_no_trump")``; ``preset=NAME`` picks a named set).

    ``reward``: ``"win"`` (each seat's share of the win, ties split), ``"rank"`` or
    ``"score"``. ``illegal``: ``"lose"`` ends the game with the offender at -1 and the
    others at 0, with an :class:`IllegalActionWarning`, as PettingZoo's classic games do;
    ``"raise"`` raises :class:`ludoverse.core.api.IllegalAction` and changes nothing.
    ``labels=False`` leaves the engine's labels out of ``info`` (faster).
    ``max_steps`` truncates a game after that many actions.
    """
    raw = LudoverseAEC(game, players, options=options or None, content=content, reward=reward,
                       illegal=illegal, labels=labels, max_steps=max_steps,
                       render_mode=render_mode)
    return OrderEnforcingWrapper(raw)
