"""The flat action space of Multiuniversum: every decision a player can meet, as int ranges.

A turn's main decisions are playing a card for its row action, preparing it as a tool,
discarding it to draw, or passing. What an action then needs is its own decision: where to
Move, which card to Recycle, which tools pay a Seal, which stack ability 1 rearranges and in
what order, which cards ability 2 keeps, which portals ability 3 swaps, which played card
ability 5 keeps; and, with ``set_assignment=player_choice``, the sets a player forms.
"""

from __future__ import annotations

from typing import Any

CARDS = 50
PORTALS = 20
TRANSFORMERS = 5
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(TRANSFORMERS) for b in range(a + 1, TRANSFORMERS))
"""The 10 pairs of transformers whose face-up portals ability 3 can swap."""

_RANGES: tuple[tuple[str, int], ...] = (
    ("play", CARDS),              # play a card for the row action of your transformer
    ("prepare_tool", CARDS),      # put a card into your lab as a tool
    ("discard_draw", CARDS),      # discard a card and draw one
    ("pass", 1),                  # end the turn
    ("free_recycle", 1),          # recycle_mode=free_anytime: recycle without a card
    ("move", TRANSFORMERS),       # Move: the transformer to go to
    ("recycle", CARDS),           # Recycle: the card taken from the discard pile
    ("spend_tool", CARDS),        # Seal: a tool card to pay with, when there is a choice
    ("stack", TRANSFORMERS),      # ability 1: the stack to rearrange
    ("place_portal", PORTALS),    # ability 1: the next portal from the top down
    ("keep_card", CARDS),         # ability 2: a card to keep
    ("swap", len(PAIRS)),         # ability 3: the two transformers whose portals swap
    ("keep_tool", CARDS),         # ability 5: the played card that stays as a tool
    ("set_add", PORTALS),         # player_choice: add a sealed portal to the set in hand
    ("set_close", 1),             # player_choice: score the set formed
    ("sets_done", 1),             # player_choice: form no more sets
)

_START: dict[str, int] = {}
_n = 0
for _name, _size in _RANGES:
    _START[_name] = _n
    _n += _size
NUM_ACTIONS = _n

PLAY = _START["play"]
PREPARE = _START["prepare_tool"]
DISCARD = _START["discard_draw"]
PASS = _START["pass"]
FREE_RECYCLE = _START["free_recycle"]
MOVE = _START["move"]
RECYCLE = _START["recycle"]
SPEND = _START["spend_tool"]
STACK = _START["stack"]
PLACE = _START["place_portal"]
KEEP = _START["keep_card"]
SWAP = _START["swap"]
KEEP_TOOL = _START["keep_tool"]
SET_ADD = _START["set_add"]
SET_CLOSE = _START["set_close"]
SETS_DONE = _START["sets_done"]

_KIND = [name for name, size in _RANGES for _ in range(size)]


def split(action: object) -> tuple[str, int]:
    """``(kind, parameter)`` of an action id; ``ValueError`` outside the action space (any
    object may come here: the compiled build checks an ``int`` parameter before the body)."""
    if not isinstance(action, int) or not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"{action!r} is not a Multiuniversum action id (0-{NUM_ACTIONS - 1})")
    kind = _KIND[action]
    return kind, action - _START[kind]


_PARAM = {"play": "card", "prepare_tool": "card", "discard_draw": "card", "move": "transformer",
          "recycle": "card", "spend_tool": "card", "stack": "transformer",
          "place_portal": "portal", "keep_card": "card", "keep_tool": "card",
          "set_add": "portal"}


def info(action: object) -> dict[str, Any]:
    kind, i = split(action)
    if kind == "swap":
        a, b = PAIRS[i]
        return {"kind": kind, "transformers": [a + 1, b + 1]}
    param = _PARAM.get(kind)
    if param is None:
        return {"kind": kind}
    return {"kind": kind, param: i + 1 if param == "transformer" else i}
