"""Game knowledge for ULTIA bots (filled in with the greedy bot)."""

from __future__ import annotations

from typing import Any


def evaluate(state: Any, seat: int) -> float:
    return float(state.progress[seat] - max(state.progress))
