"""Observation tensors: a fixed-shape vector of numbers for what one seat sees.

Learning agents need every observation as the same vector of numbers. Each game writes one
:class:`Encoder` (``games/<game>/encoding.py``, reached through ``Game.encoder``) that turns
``state.observation(seat)``, and nothing else, into such a vector, so two states a seat cannot
tell apart give it the same vector. The vector is a run of named :class:`Field` s; their
order, sizes and bounds are the :class:`Layout`, fixed for a game, player count, options and
content, and documented field by field in ``docs/rl.md``.

This module stays free of NumPy: an encoder fills :meth:`Layout.blank`, a zeroed
``array('f')`` of float32 numbers, which :mod:`ludoverse.rl` hands to NumPy without copying
(a list of a thousand floats would cost more to convert than to fill).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Field:
    """``size`` numbers starting at ``offset``, each within ``[low, high]`` (``high`` may be
    ``math.inf`` where the rules set no maximum)."""

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0
    offset: int = 0


class Layout:
    """Named fields laid end to end."""

    __slots__ = ("_by_name", "_zero", "fields", "size")

    def __init__(self, fields: Iterable[Field]) -> None:
        placed: list[Field] = []
        at = 0
        for f in fields:
            if f.size < 0:
                raise ValueError(f"field {f.name!r} has a negative size")
            if not f.low <= f.high:
                raise ValueError(f"field {f.name!r}: low {f.low} is above high {f.high}")
            placed.append(Field(f.name, f.size, f.doc, f.low, f.high, at))
            at += f.size
        self.fields: tuple[Field, ...] = tuple(placed)
        self.size: int = at
        self._by_name = {f.name: f for f in placed}
        self._zero = bytes(4 * at)
        if len(self._by_name) != len(placed):
            raise ValueError("two fields share a name")

    def __getitem__(self, name: str) -> Field:
        return self._by_name[name]

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def blank(self) -> array[float]:
        """A vector of zeros to fill: float32, as the learning libraries want it."""
        return array("f", self._zero)

    def offset(self, name: str) -> int:
        return self._by_name[name].offset

    def bounds(self) -> tuple[list[float], list[float]]:
        """Lowest and highest value of every element, in order (for a ``Box`` space)."""
        low: list[float] = []
        high: list[float] = []
        for f in self.fields:
            low += [f.low] * f.size
            high += [f.high] * f.size
        return low, high

    def field_at(self, index: int) -> Field:
        """The field holding element ``index`` (for error messages and decoding)."""
        for f in self.fields:
            if f.offset <= index < f.offset + f.size:
                return f
        raise IndexError(f"element {index} is outside a layout of {self.size}")

    def check(self, vector: Sequence[float]) -> None:
        """Raise ``ValueError`` naming the field of the first element out of bounds."""
        if len(vector) != self.size:
            raise ValueError(f"vector has {len(vector)} elements, the layout {self.size}")
        for f in self.fields:
            for i in range(f.offset, f.offset + f.size):
                v = vector[i]
                if not (f.low <= v <= f.high) or math.isnan(v):
                    raise ValueError(f"{f.name}[{i - f.offset}] = {v} is outside "
                                     f"[{f.low}, {f.high}]")

    def rows(self) -> list[dict[str, Any]]:
        """One row per field, for the documentation table."""
        return [{"field": f.name, "offset": f.offset, "size": f.size, "low": f.low,
                 "high": f.high, "meaning": f.doc} for f in self.fields]


class Encoder(ABC):
    """Turns one seat's observation into a vector of ``layout.size`` floats.

    ``not_encoded`` names each top-level observation key the vector leaves out, with the
    reason (fixed for the environment, carried by the action mask, a display name ...);
    everything else the observation shows must be in the vector.
    """

    layout: Layout
    not_encoded: ClassVar[dict[str, str]] = {}

    @abstractmethod
    def encode(self, observation: dict[str, Any]) -> Sequence[float]:
        """The vector for ``observation`` (a seat's, never the spectator's): a filled
        :meth:`Layout.blank` (any sequence of floats is accepted, more slowly)."""


def seat_order(viewer: int, players: int) -> list[int]:
    """Seats as the viewer meets them: itself first, then the others in turn order. Encoders
    lay per-seat blocks out in this order, so a policy plays every seat alike."""
    return [(viewer + k) % players for k in range(players)]


def one_hot(out: MutableSequence[float], offset: int, index: int | None, size: int) -> None:
    """Set element ``offset + index`` to 1; ``None`` (nothing) sets none. An index outside
    ``size`` is a bug in the encoder, not in the game, and raises."""
    if index is None:
        return
    if not 0 <= index < size:
        raise ValueError(f"one-hot index {index} is outside 0..{size - 1}")
    out[offset + index] = 1.0
