"""A Black Hole Board: two Channels of seven spaces spiralling into the Black Hole.

A space is ``channel * 7 + index`` (index 0 is the first space, 2 the Rift Space, 6 the
seventh); the Black Hole is the eighth space of both Channels, or the first covered space
once an expansion covers the outer ones. A space holds a list of token codes: Matter only
(worth at most 8 Solar Mass together), or a single Antimatter.
"""

from __future__ import annotations

BLUE_GIANT, SUPERGIANT, PRIMORDIAL, MAJOR, MINOR = range(5)
TOKEN_NAMES = ("Blue Giant Star", "Supergiant Star", "Primordial Black Hole",
               "Major Antimatter", "Minor Antimatter")
TOKEN_IDS: tuple[str, ...] = ("blue_giant", "supergiant", "primordial", "major", "minor")
SOLAR_MASS = (2, 3, 4, 4, 0)
"""What absorbing a token adds to the Solar Mass track (UM-GAIN-5, UM-GAIN-6)."""
DISCOVERY = (0, 0, 0, 0, 1)
TIE_VALUE = (2, 3, 4, 4, 1)
"""A token's worth in the first tie-breaker: a Minor Antimatter counts 1 (UM-END-3)."""
NUM_TOKENS = 5

CHANNELS = ("blue", "pink")
SPACES = 7
CELLS = 2 * SPACES
RIFT = 2
"""Index of the Rift Space, the third space of each Channel."""
STACK_CAP = 8

PRIMORDIAL_SIZE, STELLAR, SUPERMASSIVE, ULTRAMASSIVE = range(4)
SIZE_NAMES = ("Primordial", "Stellar", "Supermassive", "ULTRAMASSIVE")
THRESHOLDS = (20, 50, 100)
"""Solar Mass at which the Black Hole grows to the next size (UM-EXPAND-1)."""

FILTERS = {"blue_giant": (BLUE_GIANT,), "supergiant": (SUPERGIANT,),
           "primordial": (PRIMORDIAL,), "major": (MAJOR,), "minor": (MINOR,),
           "matter": (BLUE_GIANT, SUPERGIANT, PRIMORDIAL), "antimatter": (MAJOR, MINOR),
           "any": tuple(range(NUM_TOKENS))}


def is_antimatter(token: int) -> bool:
    return token >= MAJOR


def space_name(cell: int) -> str:
    return f"{CHANNELS[cell // SPACES]} {cell % SPACES + 1}"


SPACE_NAMES = tuple(space_name(c) for c in range(CELLS))
"""``space_name`` of every space, for the log of moves (kept even where search keeps none)."""


def channel_length(size: int) -> int:
    """Uncovered spaces per Channel: 7, then 6 (Stellar), then 5 (Supermassive and up)."""
    return SPACES - min(size, SUPERMASSIVE)


UNCOVERED = tuple(tuple(c for c in range(CELLS) if c % SPACES < channel_length(size))
                  for size in range(ULTRAMASSIVE + 1))
"""The spaces no Black Hole card covers, by size."""


def covered(cell: int, size: int) -> bool:
    return cell % SPACES >= channel_length(size)


def matter_mass(stack: list[int]) -> int:
    return sum(SOLAR_MASS[t] for t in stack)


def can_place(stack: list[int], token: int, cap: int) -> bool:
    """UM-GAIN-2, UM-GAIN-3: Matter must fit under the cap (unless it will detonate on
    Antimatter); Antimatter never joins another Antimatter."""
    if not stack:
        return True
    if is_antimatter(token):
        return not is_antimatter(stack[0])
    if is_antimatter(stack[0]):
        return True
    return matter_mass(stack) + SOLAR_MASS[token] <= cap


def detonates(stack: list[int], token: int) -> bool:
    """UM-GAIN-4: Matter meeting Antimatter on one space destroys the whole space."""
    return bool(stack) and is_antimatter(stack[0]) != is_antimatter(token)


def board_value(board: list[list[int]]) -> int:
    """Solar Mass left on a board for the tie-breaker (modifiers ignored)."""
    return sum(TIE_VALUE[t] for stack in board for t in stack)
