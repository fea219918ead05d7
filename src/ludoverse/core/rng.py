"""A small seeded random generator whose whole state is one integer.

Games keep their randomness in the state, so cloning a state clones its future. A single
int (PCG32) is cheap to copy, trivially JSON-safe, and identical on every platform and Python
version, which :mod:`random` does not promise for its derived methods.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

_MULT = 6364136223846793005
_INC = 1442695040888963407
_MASK64 = (1 << 64) - 1


class Rng:
    """PCG32 (XSH-RR): 64-bit state, 32-bit output."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK64
        else:
            self.state = 0
            self.next32()
            self.state = (self.state + (seed & _MASK64)) & _MASK64
            self.next32()

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` without modulo bias (``n`` <= 2**32)."""
        if n <= 0:
            raise ValueError("n must be positive")
        threshold = (0x100000000 - n) % n
        while True:
            r = self.next32()
            if r >= threshold:
                return r % n

    def random(self) -> float:
        return self.next32() / 4294967296.0

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place: ``j = below(i + 1)`` for each ``i`` from the top, with
        :meth:`next32` and :meth:`below` written out inline (a deal is a hot path)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            threshold = (0x100000000 - n) % n
            while True:
                old = state
                state = (old * _MULT + _INC) & _MASK64
                xs = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                rot = old >> 59
                r = ((xs >> rot) | (xs << ((-rot) & 31))) & 0xFFFFFFFF
                if r >= threshold:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(state=(self.next32() << 32) | self.next32())

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
