"""Game-agnostic core: the API, registry, options, content, RNG and records."""

from ludoverse.core.api import TERMINAL, Event, Game, IllegalAction, Outcome, State
from ludoverse.core.registry import games, load

__all__ = ["TERMINAL", "Event", "Game", "IllegalAction", "Outcome", "State", "games", "load"]
