"""ULTIA: a 3-player trick-taking game of bidding on Exploration Plans.

>>> from ludoverse.games.ultia import GAME
>>> state = GAME.new_game(players=3, seed=1)
"""

from ludoverse.core import compiled

# Before anything below imports the compiled modules: they run only if built from today's source.
compiled.choose(__name__, __path__[0])

from ludoverse.games.ultia.game import GAME, UltiaGame  # noqa: E402
from ludoverse.games.ultia.rules import UltiaState  # noqa: E402

__all__ = ["GAME", "UltiaGame", "UltiaState"]
