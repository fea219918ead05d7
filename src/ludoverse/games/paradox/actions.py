"""PARADOX action ids: one flat range per kind of decision, in the order of a turn.

A swap is named by its two spaces (``SWAP + pair index``), so the id of a move never depends
on the position; what a Strand earns or which World a resource saves is a separate decision.
"""

from __future__ import annotations

from typing import Any

from ludoverse.games.paradox import cards as K
from ludoverse.games.paradox import grid as G

WORMHOLE_SLOTS = 8
"""Stable 1-4 are slots 0-3, Unstable 1-4 are slots 4-7."""

PAIRS = tuple((i, j) for i in range(G.CELLS) for j in range(i + 1, G.CELLS))
PAIR_INDEX = {p: k for k, p in enumerate(PAIRS)}

DRAFT = 0
HAND = DRAFT + WORMHOLE_SLOTS
DRAW_HAND = HAND + 4
TAKE_NOTHING = DRAW_HAND + 1
SWAP = TAKE_NOTHING + 1
SWAP_ANOMALY = SWAP + len(PAIRS)
RESOLVE = SWAP_ANOMALY + G.CELLS
END_PHASE = RESOLVE + G.NUM_SHAPES
REBUILD = END_PHASE + 1
BT_EXTRA = REBUILD + 1
BT_WIPE = BT_EXTRA + 1
FLARE_SPEND = BT_WIPE + len(G.LINES)
USE_ALLIANCE = FLARE_SPEND + 1
ALLOC_CARD = USE_ALLIANCE + G.NUM_COLOURS
ALLOC_WORLD = ALLOC_CARD + K.NUM_CARDS
ALLOC_ALLIANCE = ALLOC_WORLD + 15
ALLOC_MAELSTROM = ALLOC_ALLIANCE + 1
ALLOC_LOSE = ALLOC_MAELSTROM + 1
FLARE_DISC = ALLOC_LOSE + 1
FLARE_LINE = FLARE_DISC + G.CELLS
FLARE_DECLINE = FLARE_LINE + len(G.LINES)
DISCARD_SCORED = FLARE_DECLINE + 1
NUM_ACTIONS = DISCARD_SCORED + K.NUM_CARDS

_RANGES: tuple[tuple[int, int, str], ...] = (
    (DRAFT, WORMHOLE_SLOTS, "draft"),
    (HAND, 4, "take_from_hand"),
    (DRAW_HAND, 1, "draw_research_hand"),
    (TAKE_NOTHING, 1, "take_nothing"),
    (SWAP, len(PAIRS), "swap"),
    (SWAP_ANOMALY, G.CELLS, "swap_with_anomaly"),
    (RESOLVE, G.NUM_SHAPES, "resolve_strand"),
    (END_PHASE, 1, "end_matrix_phase"),
    (REBUILD, 1, "rebuild_matrix"),
    (BT_EXTRA, 1, "breakthrough_extra_action"),
    (BT_WIPE, len(G.LINES), "breakthrough_wipe"),
    (FLARE_SPEND, 1, "spend_flare"),
    (USE_ALLIANCE, G.NUM_COLOURS, "use_alliance"),
    (ALLOC_CARD, K.NUM_CARDS, "allocate_to_card"),
    (ALLOC_WORLD, 15, "allocate_to_world"),
    (ALLOC_ALLIANCE, 1, "allocate_to_alliance"),
    (ALLOC_MAELSTROM, 1, "allocate_to_maelstrom"),
    (ALLOC_LOSE, 1, "let_resource_go"),
    (FLARE_DISC, G.CELLS, "flare_discard_disc"),
    (FLARE_LINE, len(G.LINES), "flare_discard_line"),
    (FLARE_DECLINE, 1, "flare_decline"),
    (DISCARD_SCORED, K.NUM_CARDS, "discard_scored_card"),
)


def split(action: int) -> tuple[str, int]:
    """``(kind, parameter)`` of an action id."""
    for start, size, kind in _RANGES:
        if start <= action < start + size:
            return kind, action - start
    raise ValueError(f"PARADOX has no action {action} (ids are 0-{NUM_ACTIONS - 1})")


def space_name(c: int) -> str:
    return f"r{c // G.SIZE + 1}c{c % G.SIZE + 1}"


def line_name(k: int) -> str:
    return f"row {k + 1}" if k < G.SIZE else f"column {k - G.SIZE + 1}"


def slot_name(k: int) -> str:
    return f"Stable {k + 1}" if k < 4 else f"Unstable {k - 3}"


def info(action: int) -> dict[str, Any]:
    kind, p = split(action)
    d: dict[str, Any] = {"kind": kind}
    if kind == "draft":
        d.update(section="stable" if p < 4 else "unstable", slot=p % 4)
    elif kind == "take_from_hand":
        d["hand_index"] = p
    elif kind == "swap":
        a, b = PAIRS[p]
        d.update(spaces=[[a // G.SIZE, a % G.SIZE], [b // G.SIZE, b % G.SIZE]])
    elif kind in ("swap_with_anomaly", "flare_discard_disc"):
        d["space"] = [p // G.SIZE, p % G.SIZE]
    elif kind == "resolve_strand":
        d.update(shape=p, shape_name=G.SHAPES[p].name)
    elif kind in ("breakthrough_wipe", "flare_discard_line"):
        d["line"] = line_name(p)
    elif kind in ("use_alliance",):
        d["colour"] = G.COLOURS[p]
    elif kind in ("allocate_to_card", "discard_scored_card"):
        d["card"] = p
    elif kind == "allocate_to_world":
        d["world"] = p
    return d
