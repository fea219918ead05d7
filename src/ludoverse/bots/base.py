"""The bot interface and bot specs (``"random"``, ``"greedy"``, ``"ismcts:iters=2000"``).

A spec is a bot name with optional ``key=value`` parameters. The strength names ``easy``,
``medium`` and ``hard`` stand for specs that each game chooses (``Game.bot_levels``), so a
player can ask for an opponent by strength without knowing the bots.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ludoverse.core.api import Game, State

LEVELS = ("easy", "medium", "hard")


@runtime_checkable
class Bot(Protocol):
    """A player program. ``state`` is already determinised for ``seat``: it never sees the truth."""

    spec: str

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int: ...


@runtime_checkable
class Heuristics(Protocol):
    """Game knowledge a game may offer to bots via ``Game.heuristics``.

    Only :meth:`evaluate` is required. The optional methods, when a game has them, make
    search stronger and are looked up by name:

    ``rewards(state) -> Sequence[float]``
        each seat's expected share of the win from this position, in [0, 1]; lets search cut
        a rollout short and score it.
    ``stage(state) -> int``
        a counter that grows at the game's natural checkpoints (a round, a year); search with
        ``cutoff=stage`` stops a rollout when it changes.
    ``rollout_action(state, rng) -> int``
        a cheap, sensible move for playouts (``rollout=heuristic``).
    ``choose(state, seat, rng) -> int | None``
        a move the greedy bot should make without trying every action (None: try them).
    """

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (higher is better; any scale)."""
        ...


class SpecError(ValueError):
    """A bot spec that names no bot or has bad parameters."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=2000,c=0.7"`` -> ``("ismcts", {"iters": "2000", "c": "0.7"})``.

    A policy's first parameter may be its bare file path: ``"policy:ultia.npz"`` ->
    ``("policy", {"path": "ultia.npz"})``."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    params: dict[str, str] = {}
    for i, part in enumerate(filter(None, (p.strip() for p in rest.split(",")))):
        if "=" not in part and i == 0 and name.lower() == "policy":
            params["path"] = part
            continue
        if "=" not in part:
            raise SpecError(f"bot spec {spec!r}: parameter {part!r} is not key=value")
        k, v = part.split("=", 1)
        params[k.strip()] = v.strip()
    return name.lower(), params


def resolve(spec: str, game: Game | None = None) -> str:
    """The concrete spec behind a strength name (``"medium"`` -> the game's choice)."""
    name = spec.strip().lower()
    if name not in LEVELS:
        return spec.strip()
    if game is None:
        raise SpecError(f"bot level {name!r} needs a game: each game sets its own levels")
    return game.bot_levels[name]


def make(spec: str, game: Game | None = None) -> Bot:
    """Build a bot from its spec string (a strength name needs ``game``).

    The bot's ``spec`` is always the concrete one, so records say exactly what played.
    """
    from ludoverse.bots.greedy import GreedyBot
    from ludoverse.bots.ismcts import ISMCTSBot
    from ludoverse.bots.random_bot import RandomBot

    concrete = resolve(spec, game)
    name, params = parse_spec(concrete)
    factories: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": ISMCTSBot}
    if name == "policy":
        try:
            from ludoverse.rl.policy import PolicyBot
        except ImportError:
            raise SpecError("a policy bot needs NumPy: pip install 'ludoverse[rl]'") from None
        factories["policy"] = PolicyBot
    if name not in factories:
        known = ", ".join([*sorted({*factories, "policy"}), *LEVELS])
        raise SpecError(f"unknown bot {name!r}; bots: {known}")
    try:
        bot = factories[name](**params)
        check = getattr(bot, "check_game", None)
        if game is not None and check is not None:
            check(game)
    except (TypeError, ValueError) as exc:
        raise SpecError(f"bot spec {concrete!r}: {exc}") from None
    return bot


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """1 shared equally by the winners: the reward a finished game gives each seat."""
    share = 1.0 / len(winners) if winners else 0.0
    out = [0.0] * players
    for p in winners:
        out[p] = share
    return out
