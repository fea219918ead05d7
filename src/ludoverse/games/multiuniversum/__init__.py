from ludoverse.core import compiled

# Before anything below imports the compiled modules: they run only if built from today's source.
compiled.choose(__name__, __path__[0])

from ludoverse.games.multiuniversum.game import GAME, MultiuniversumGame  # noqa: E402
from ludoverse.games.multiuniversum.state import MultiuniversumState  # noqa: E402

__all__ = ["GAME", "MultiuniversumGame", "MultiuniversumState"]
