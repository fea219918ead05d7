"""PARADOX: repair the Timelines of fifteen Worlds with Strands from your Matrix, before the
Quake fractures them (2-4 players, 12 turns)."""

from ludoverse.core import compiled

# Before anything below imports the compiled modules: they run only if built from today's source.
compiled.choose(__name__, __path__[0])

from ludoverse.games.paradox.game import GAME, ParadoxGame  # noqa: E402
from ludoverse.games.paradox.state import ParadoxState  # noqa: E402

__all__ = ["GAME", "ParadoxGame", "ParadoxState"]
