"""Post-game review: each decision of one seat against what a search prefers, with a verdict.

Game-agnostic: it uses only the game API and game records. ``review(record, seat)`` returns
a :class:`Review` (``to_json()``, ``to_html()``); ``ludoverse review RECORD`` is its command.
The search only ever sees worlds determinised for the reviewed seat (``docs/review.md``).
"""

from ludoverse.review.engine import (
    DEFAULT_BOT,
    MoveReview,
    Progress,
    Review,
    ReviewError,
    default_seat,
    review,
    review_bot,
    review_position,
    step_seed,
)
from ludoverse.review.verdicts import DEFAULT_THRESHOLDS, FLAGGED, VERDICTS, Thresholds

__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_THRESHOLDS",
    "FLAGGED",
    "VERDICTS",
    "MoveReview",
    "Progress",
    "Review",
    "ReviewError",
    "Thresholds",
    "default_seat",
    "review",
    "review_bot",
    "review_position",
    "step_seed",
]
