from ludoverse.games.multiuniversum.game import GAME, MultiuniversumGame
from ludoverse.games.multiuniversum.state import MultiuniversumState

__all__ = ["GAME", "MultiuniversumGame", "MultiuniversumState"]
