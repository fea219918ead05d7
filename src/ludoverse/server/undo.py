"""Undo under Board Game Arena's policy: a player may take back only their own last
decisions in their current turn, never across a reveal, a random event or another player's
move.

Whether a decision revealed anything is decided from the game API alone: replay it in a few
worlds the deciding seat cannot tell from the real one (``determinize``) and compare what the
seat then sees. If every world shows the seat the same thing as the real game, the decision
taught it nothing (no card drawn, no die rolled, no hidden choice of another seat shown), so
taking it back gives nothing away.
"""

from __future__ import annotations

import random
from typing import Any

from ludoverse.core.api import State

PROBES = 3
"""Worlds tried per decision; each differs from the truth in every hidden card and future
random draw, so one is enough in practice and three make a miss vanishingly rare."""


def reveals(before: State, after: State, action: int, seat: int, salt: int = 0) -> bool:
    """Did ``action`` by ``seat`` (``before`` -> ``after``) show that seat anything hidden?"""
    truth = after.observation(seat)
    for k in range(PROBES):
        world = before.determinize(seat, random.Random(salt * 7919 + k))
        try:
            world.apply(action)
        except Exception:  # the world disagrees about legality: the move depended on hidden facts
            return True
        if world.observation(seat) != truth:
            return True
    return False


def undoable(decisions: list[dict[str, Any]], seat: int) -> int:
    """How many of the last decisions ``seat`` may take back: its own trailing run, stopped by
    any revealing one (which stays)."""
    n = 0
    for d in reversed(decisions):
        if d["seat"] != seat or d["reveals"]:
            break
        n += 1
    return n
