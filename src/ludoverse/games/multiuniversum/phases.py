"""The decision points of a Multiuniversum turn, in the order a turn meets them.

``TURN`` is the choice of the next action (or a pass); the others are the follow-up choices
an action needs, the ability 5 choice at the end of the turn, and forming sets at the end
of the game under ``set_assignment=player_choice``.
"""

from __future__ import annotations

PHASES = ("turn", "move", "recycle", "seal", "reorder_stack", "reorder_place", "keep_two",
          "swap", "keep_tool", "form_sets", "over")
(TURN, MOVE, RECYCLE, SEAL, STACK, PLACE, KEEP, SWAP, KEEP_TOOL, SETS, OVER) = range(len(PHASES))

# The row actions (indices into content.CARD_ACTIONS)
SEARCH, ABILITY, MOVE_ACTION, SEAL_ACTION, RECYCLE_ACTION = range(5)
ROW_ACTIONS = 5

# The abilities (indices into content.ABILITIES)
REORDER, DRAW_KEEP, SWAP_PORTALS, ROTATE, KEEP_PLAYED = range(5)

PUBLIC = -1
"""Knowledge mask of a portal everybody has seen in its place (all bits set)."""

HAND = 3
"""Cards dealt at set-up, and the hand size refilled to at the end of a turn."""
ACTIONS_PER_TURN = 3
STARTING_DISCARD = 5
"""Cards turned face up to start the discard pile, at set-up and at every rebuild."""
