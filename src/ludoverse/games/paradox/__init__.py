"""PARADOX: repair the Timelines of fifteen Worlds with Strands from your Matrix, before the
Quake fractures them (2-4 players, 12 turns)."""

from ludoverse.games.paradox.game import GAME, ParadoxGame
from ludoverse.games.paradox.state import ParadoxState

__all__ = ["GAME", "ParadoxGame", "ParadoxState"]
