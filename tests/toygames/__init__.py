"""Test-only games. They are registered only inside the tests that use them (see ``use_game``)."""

from __future__ import annotations

import pytest

from ludoverse.core import registry
from ludoverse.core.api import Game


def use_game(monkeypatch: pytest.MonkeyPatch, game: Game) -> None:
    """Make ``ludoverse.load(game.name)`` return ``game`` for the current test only.

    The registry's tables are swapped for copies first, so the game disappears from
    ``registry.games()`` when the test ends and never leaks into the parametrised suite.
    """
    monkeypatch.setattr(registry, "_MODULES", dict(registry._MODULES))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    registry.register(game.name, type(game).__module__)
    registry._loaded[game.name] = game
