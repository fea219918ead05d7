"""Bots generic over the game API: random, greedy (one-ply with game heuristics)."""

from ludoverse.bots.base import Bot, Heuristics, SpecError, make, parse_spec

__all__ = ["Bot", "Heuristics", "SpecError", "make", "parse_spec"]
