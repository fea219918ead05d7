"""One package per game. ``ludoverse.games()`` also works: this module is callable."""

import sys
import types


class _Games(types.ModuleType):
    def __call__(self) -> list[str]:
        from ludoverse.core.registry import games

        return games()


sys.modules[__name__].__class__ = _Games
