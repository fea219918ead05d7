"""The phases of an ULTRAMASSIVE round and the game's fixed sizes.

They live apart from ``state`` so that the phase modules (``flow``, ``draft``, ``rounds``,
``solo``) can import them at module level while ``state`` imports ``flow``: the state's
``_legal`` and ``_play`` then call straight into it, with no import on every move.
"""

from __future__ import annotations

(WORMHOLES, DRAFT, GAIN, SOLO_RESOURCE, DISCOVERY, ACTIONS, BONUS, REPOSITION,
 OVER) = range(9)
PHASES = ("wormhole set-up", "resource draft", "gain drafted resources", "resource card",
          "discovery", "actions", "solar mass bonus", "wormhole repositioning", "over")
ROUNDS = 6
HAND = 3
CORES_DRAWN = 3
