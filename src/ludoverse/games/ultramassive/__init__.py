from ludoverse.core import compiled

# Before anything below imports the compiled modules: they run only if built from today's source.
compiled.choose(__name__, __path__[0])

from ludoverse.games.ultramassive.game import GAME, UltramassiveGame  # noqa: E402
from ludoverse.games.ultramassive.state import UltramassiveState  # noqa: E402

__all__ = ["GAME", "UltramassiveGame", "UltramassiveState"]
