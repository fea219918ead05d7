"""Simulation: play games between bots, in bulk, and summarise them."""

from ludoverse.sim.play import bot_seed, play

__all__ = ["bot_seed", "play"]
