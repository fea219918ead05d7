"""Energy Discs, the 5x5 Matrix, and the Strand shapes of each Matrix level.

A disc is the int ``colour * 3 + symbol``; a Matrix space is ``row * 5 + column`` with row 0
at the top; a set of spaces is a 25-bit mask. Everything here is plain ints so that Strand
detection, drops and the locked-board check stay fast.
"""

from __future__ import annotations

from typing import NamedTuple

SIZE = 5
CELLS = SIZE * SIZE
ALL_CELLS = (1 << CELLS) - 1

RED, YELLOW, BLUE, BLACK, WHITE = range(5)
COLOURS = ("red", "yellow", "blue", "black", "white")
SYMBOLS = ("helix", "star", "ring")
"""Our names for the three printed symbols, whose shapes are not public."""
NUM_COLOURS = len(COLOURS)
NUM_SYMBOLS = len(SYMBOLS)
DISC_TYPES = NUM_COLOURS * NUM_SYMBOLS
"""One set is one disc of each type: 15 discs."""
PURPLE = DISC_TYPES
"""A Trigger Disc (purple, no symbol)."""
EMPTY = -1

TIMELINE_COLOURS = (RED, YELLOW, BLUE)
WORLD_COLOURS = (BLACK, WHITE)


def disc(colour: int, symbol: int) -> int:
    return colour * NUM_SYMBOLS + symbol


def colour_of(d: int) -> int:
    return d // NUM_SYMBOLS


def symbol_of(d: int) -> int:
    return d % NUM_SYMBOLS


def cell(row: int, column: int) -> int:
    return row * SIZE + column


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cells: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


BITS = tuple(1 << c for c in range(CELLS))
"""``BITS[c]`` is the mask of space ``c``."""

FILL_ORDER = tuple(cell(r, c) for r in range(SIZE - 1, -1, -1) for c in range(SIZE))
"""Left to right, bottom to top: row 4 from column 0, then row 3, ... (a Matrix is drawn and
refilled in this order)."""

ROWS = tuple(mask_of([cell(r, c) for c in range(SIZE)]) for r in range(SIZE))
COLUMNS = tuple(mask_of([cell(r, c) for r in range(SIZE)]) for c in range(SIZE))
LINES = ROWS + COLUMNS
"""Row 0-4 then column 0-4: what a Breakthrough or a Flare may wipe."""


class Shape(NamedTuple):
    """A Strand shape: its spaces, the resources it earns, and how a player would name it."""

    index: int  # type: ignore[assignment]  # a field, not tuple.index
    mask: int
    cells: tuple[int, ...]
    value: int
    kind: str
    """``row``, ``column``, ``diagonal`` or ``box``."""
    name: str


def _runs(kind: str, lines: list[tuple[str, list[int]]]) -> list[tuple[int, str, str, int]]:
    out = []
    for label, cells in lines:
        n = len(cells)
        for length in (4, 5):
            for start in range(n - length + 1):
                run = cells[start:start + length]
                out.append((mask_of(run), kind, f"{length}-Strand in {label}", length - 3))
    return out


def _build() -> tuple[Shape, ...]:
    raw: list[tuple[int, str, str, int]] = []
    raw += _runs("row", [(f"row {r + 1}", [cell(r, c) for c in range(SIZE)]) for r in range(SIZE)])
    raw += _runs("column", [(f"column {c + 1}", [cell(r, c) for r in range(SIZE)])
                            for c in range(SIZE)])
    diagonals = []
    for d in range(-1, 2):  # down-right diagonals of length >= 4: column - row = d
        cells = [cell(r, r + d) for r in range(SIZE) if 0 <= r + d < SIZE]
        diagonals.append((f"the down-right diagonal {d:+d}", cells))
    for d in range(3, 6):  # down-left: row + column = d
        cells = [cell(r, d - r) for r in range(SIZE) if 0 <= d - r < SIZE]
        diagonals.append((f"the down-left diagonal {d}", cells))
    raw += _runs("diagonal", diagonals)
    for h, w, value in ((2, 2, 1), (2, 3, 2), (3, 2, 2)):
        for r in range(SIZE - h + 1):
            for c in range(SIZE - w + 1):
                cells = [cell(r + i, c + j) for i in range(h) for j in range(w)]
                raw.append((mask_of(cells), "box", f"{h}x{w} box at row {r + 1}, column {c + 1}",
                            value))
    return tuple(Shape(i, m, tuple(cells_of(m)), v, k, name)
                 for i, (m, k, name, v) in enumerate(raw))


SHAPES = _build()
NUM_SHAPES = len(SHAPES)
LEVEL_SHAPES: dict[int, tuple[Shape, ...]] = {
    1: tuple(s for s in SHAPES if s.kind in ("row", "column")),
    2: tuple(s for s in SHAPES if s.kind == "box"),
    3: tuple(s for s in SHAPES if s.kind == "diagonal"),
}
"""Matrix scenario levels: 1 Rows/Columns (the base rule), 2 Boxes, 3 Diagonals."""


def colour_masks(grid: list[int]) -> list[int]:
    """For each colour, the mask of spaces holding a disc of that colour."""
    by_type = [0] * (DISC_TYPES + 1)  # the last slot collects the empty spaces (-1)
    for d, bit in zip(grid, BITS, strict=True):
        by_type[d] |= bit
    return [by_type[k] | by_type[k + 1] | by_type[k + 2] for k in range(0, DISC_TYPES, 3)]


# Fast Strand detection ---------------------------------------------------------------------
# Every Strand shape is one of a few patterns (a horizontal 4-run, a 2x3 box, ...) placed at
# some anchor space (its lowest space). ``m & (m >> o1) & (m >> o2) ...`` over a pattern's
# offsets tests all of its placements at once, so a colour is checked against a whole level
# in a handful of big-int operations instead of one test per shape. The answer for each
# colour mask is also kept: a swap changes two colours' masks, and leaves the other three to
# be asked about again.

_Pattern = tuple[tuple[int, ...], int, dict[int, tuple[int, Shape]]]
"""Offsets of the spaces from the anchor (without 0), the mask of anchors where the pattern
lies inside the Matrix, and at each anchor the shape and its position in the shape set."""
_Hits = tuple[list[Shape], list[Shape]]
"""The complete shapes of a colour mask, and the maximal ones among them."""
_SHAPE_SETS: dict[int, tuple[tuple[Shape, ...], list[_Pattern], dict[int, _Hits]]] = {}
_HITS_LIMIT = 100_000


def _shape_set(shapes: tuple[Shape, ...]) -> tuple[list[_Pattern], dict[int, _Hits]]:
    """The patterns of a shape set and its answers so far, kept per tuple (by identity: the
    Matrix levels are constant tuples, and a reused id of another tuple fails the ``is``)."""
    hit = _SHAPE_SETS.get(id(shapes))
    if hit is not None and hit[0] is shapes:
        return hit[1], hit[2]
    groups: dict[tuple[int, ...], _Pattern] = {}
    for pos, shape in enumerate(shapes):
        anchor = shape.cells[0]
        offsets = tuple(c - anchor for c in shape.cells[1:])
        _, anchors, at = groups.get(offsets, (offsets, 0, {}))
        at[anchor] = (pos, shape)
        groups[offsets] = (offsets, anchors | 1 << anchor, at)
    table = list(groups.values())
    if len(_SHAPE_SETS) > 64:
        _SHAPE_SETS.clear()
    _SHAPE_SETS[id(shapes)] = (shapes, table, {})
    return table, _SHAPE_SETS[id(shapes)][2]


def _hits(m: int, shapes: tuple[Shape, ...]) -> _Hits:
    table, known = _shape_set(shapes)
    hit = known.get(m)
    if hit is not None:
        return hit
    out: list[tuple[int, Shape]] = []
    for offsets, anchors, at in table:
        x = anchors & m
        for o in offsets:
            if not x:
                break
            x &= m >> o
        while x:
            low = x & -x
            out.append(at[low.bit_length() - 1])
            x ^= low
    out.sort()
    complete = [shape for _, shape in out]
    maximal = [s for s in complete if not any(o.mask != s.mask and o.mask & s.mask == s.mask
                                              for o in complete)]
    if len(known) >= _HITS_LIMIT:
        known.clear()
    hit = known[m] = (complete, maximal)
    return hit


def complete_shapes(m: int, shapes: tuple[Shape, ...]) -> list[Shape]:
    """The shapes of ``shapes`` whose every space is in the mask ``m``, in their order there.
    (A shared list: do not change it.)"""
    return _hits(m, shapes)[0]


def maximal_shapes(m: int, shapes: tuple[Shape, ...]) -> list[Shape]:
    """:func:`complete_shapes` that lie inside no other of them: the Strands of one colour."""
    return _hits(m, shapes)[1]


def strands(grid: list[int], shapes: tuple[Shape, ...]) -> list[tuple[Shape, int]]:
    """Every Strand on the grid as ``(shape, colour)``, keeping only maximal ones: a shape
    inside a bigger Strand of the same colour (a 4-run in a 5-run, a 2x2 box in a 2x3 box)
    is part of that Strand, not a Strand of its own."""
    return strands_of(colour_masks(grid), shapes)


def strands_of(masks: list[int], shapes: tuple[Shape, ...]) -> list[tuple[Shape, int]]:
    """:func:`strands` from the grid's :func:`colour_masks`."""
    found: list[tuple[Shape, int]] = []
    known = _shape_set(shapes)[1]
    for colour, m in enumerate(masks):
        if m.bit_count() >= 4:
            hit = known.get(m) or _hits(m, shapes)  # the lookup inline: asked on every move
            found += [(s, colour) for s in hit[1]]
    return found


def one_strand_groups(found: list[tuple[Shape, int]], merge: bool
                      ) -> list[tuple[list[Shape], int]]:
    """The Strands an action makes out of the shapes ``found``, as ``(shapes, colour)``.

    With ``merge`` (PX-SCEN-17), shapes of one colour that share two or more discs, directly
    or through others, are one Strand, as a 5-run is one Strand and not two 4-runs: the
    rulebook lets Strands intersect, which rows and columns only ever do in one disc. Only
    Matrix-scenario Boxes can overlap more. Without ``merge`` every shape is its own Strand.
    """
    ordered = sorted(found, key=lambda f: (f[1], f[0].index))
    if not merge:
        return [([shape], colour) for shape, colour in ordered]
    groups: list[tuple[list[Shape], int]] = []
    for shape, colour in ordered:
        joined = [g for g in groups if g[1] == colour
                  and any((shape.mask & o.mask).bit_count() >= 2 for o in g[0])]
        merged = [shape]
        for g in joined:
            merged += g[0]
            groups.remove(g)
        groups.append((sorted(merged, key=lambda sh: sh.index), colour))
    return sorted(groups, key=lambda g: (g[1], g[0][0].index))
