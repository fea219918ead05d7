from ludoverse.games.ultramassive.game import GAME, UltramassiveGame
from ludoverse.games.ultramassive.state import UltramassiveState

__all__ = ["GAME", "UltramassiveGame", "UltramassiveState"]
