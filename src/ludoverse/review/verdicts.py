"""Verdicts: how much estimated win share a move gave away, in five words.

A move's *loss* is the best move's estimated win share minus the played move's, both from
one paired estimate (see :mod:`ludoverse.review.engine`). The thresholds are absolute shares
of a win, so they read the same in every game; ``docs/review.md`` explains the choice.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any

VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From no loss to a large one; the last three are *flagged*."""

FLAGGED = frozenset(VERDICTS[2:])


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Largest loss of estimated win share each verdict allows (a bigger loss: ``blunder``).

    The smallest, 0.02, sits above the noise of the default review budget (measured in
    ``docs/review.md``), so a move called worse than ``best`` is worse beyond the noise.
    """

    best: float = 0.02
    good: float = 0.05
    inaccuracy: float = 0.10
    mistake: float = 0.20

    def __post_init__(self) -> None:
        values = (0.0, self.best, self.good, self.inaccuracy, self.mistake, 1.0)
        if any(a > b for a, b in pairwise(values)):
            raise ValueError(f"thresholds must rise from 0 to 1: {self.to_json()}")

    def verdict(self, loss: float, chosen: bool = False) -> str:
        """The verdict for a move that gave away ``loss``; a move the review found best
        (``chosen``) is ``best`` whatever the figure."""
        if chosen or loss <= self.best:
            return "best"
        if loss <= self.good:
            return "good"
        if loss <= self.inaccuracy:
            return "inaccuracy"
        if loss <= self.mistake:
            return "mistake"
        return "blunder"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


DEFAULT_THRESHOLDS = Thresholds()
