"""What a PARADOX state is waiting for (its ``phase``), and the code of an Alliance token among
pending resources.

They live apart from ``state`` so that the phase modules (``matrix``, ``resources``, ...) can
import them once at module level: ``state`` imports those modules, so they cannot import it.
"""

from __future__ import annotations

DRAFT, MATRIX, ALLOCATE, FLARE, END_DISCARD, OVER = range(6)
PHASES = ("wormhole", "matrix", "allocate", "flare", "end_discard", "over")
ALLIANCE_RESOURCE = 100
"""A pending resource ``100 + colour`` is an Alliance token being used, not a disc."""
