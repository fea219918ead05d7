"""The bot interface and bot specs (``"random"``, ``"greedy"``, ``"ismcts:iters=2000"``)."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from ludoverse.core.api import Game, State


@runtime_checkable
class Bot(Protocol):
    """A player program. ``state`` is already determinised for ``seat``: it never sees the truth."""

    spec: str

    def choose(self, state: State, seat: int, rng: random.Random, budget: Any = None) -> int: ...


@runtime_checkable
class Heuristics(Protocol):
    """Game knowledge a game may offer to bots via ``Game.heuristics``."""

    def evaluate(self, state: State, seat: int) -> float:
        """How good ``state`` is for ``seat`` (higher is better; any scale)."""
        ...


class SpecError(ValueError):
    """A bot spec that names no bot or has bad parameters."""


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iters=2000,c=0.7"`` -> ``("ismcts", {"iters": "2000", "c": "0.7"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        if "=" not in part:
            raise SpecError(f"bot spec {spec!r}: parameter {part!r} is not key=value")
        k, v = part.split("=", 1)
        params[k.strip()] = v.strip()
    return name.lower(), params


def make(spec: str, game: Game | None = None) -> Bot:
    """Build a bot from its spec string."""
    from ludoverse.bots.greedy import GreedyBot
    from ludoverse.bots.random_bot import RandomBot

    name, params = parse_spec(spec)
    factories: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot}
    if name not in factories:
        raise SpecError(f"unknown bot {name!r}; bots: {', '.join(sorted(factories))}")
    try:
        return factories[name](**params)
    except TypeError as exc:
        raise SpecError(f"bot spec {spec!r}: {exc}") from None
