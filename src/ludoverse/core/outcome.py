"""Helpers to rank seats and explain tie-breaks the same way in every game."""

from __future__ import annotations

from collections.abc import Sequence


def places(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Competition ranking (1 = best) of seats by descending key; equal keys share a place."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    result = [0] * len(keys)
    for i, s in enumerate(order):
        if i and keys[s] == keys[order[i - 1]]:
            result[s] = result[order[i - 1]]
        else:
            result[s] = i + 1
    return tuple(result)
