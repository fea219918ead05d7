"""Game registry: ``ludoverse.load("ultia")`` and ``ludoverse.games()``."""

from __future__ import annotations

import importlib

from ludoverse.core.api import Game

# name -> module exporting GAME; modules load lazily so one broken game never blocks another.
_MODULES: dict[str, str] = {
    "multiuniversum": "ludoverse.games.multiuniversum",
    "paradox": "ludoverse.games.paradox",
    "ultia": "ludoverse.games.ultia",
    "ultramassive": "ludoverse.games.ultramassive",
    "universal_rule": "ludoverse.games.universal_rule",
}
_ALIASES = {"ULTIA": "ultia", "PARADOX": "paradox", "ULTRAMASSIVE": "ultramassive",
            "Universal Rule": "universal_rule", "Multiuniversum": "multiuniversum"}
_loaded: dict[str, Game] = {}


def games() -> list[str]:
    """Names of every registered game."""
    return sorted(_MODULES)


def register(name: str, module: str) -> None:
    """Register an extra game module (plugins, tests)."""
    _MODULES[name] = module
    _loaded.pop(name, None)


def load(name: str) -> Game:
    """The :class:`Game` called ``name``; a clear error for an unknown name."""
    key = _ALIASES.get(name, name).lower().replace("-", "_")
    if key not in _MODULES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(games())}")
    if key not in _loaded:
        _loaded[key] = importlib.import_module(_MODULES[key]).GAME
    return _loaded[key]
