"""Ludoverse: five space-themed tabletop games behind one fast, uniform API.

>>> import ludoverse
>>> game = ludoverse.load("ultia")
>>> state = game.new_game(players=3, seed=42)
"""

import ludoverse.games as games  # callable: ludoverse.games() lists the games
from ludoverse.core import TERMINAL, Event, Game, IllegalAction, Outcome, State, load

__version__ = "0.1.0"
__all__ = ["TERMINAL", "Event", "Game", "IllegalAction", "Outcome", "State", "games", "load"]
