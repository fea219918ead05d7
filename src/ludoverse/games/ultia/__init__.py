"""ULTIA: a 3-player trick-taking game of bidding on Exploration Plans.

>>> from ludoverse.games.ultia import GAME
>>> state = GAME.new_game(players=3, seed=1)
"""

from ludoverse.games.ultia.game import GAME, UltiaGame
from ludoverse.games.ultia.rules import UltiaState

__all__ = ["GAME", "UltiaGame", "UltiaState"]
