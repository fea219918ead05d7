"""ULTRAMASSIVE rule options: the Advanced Resource Draft, solo difficulty, and the points
the rulebook leaves open (see docs/decisions/ultramassive-rule-options.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class UltramassiveOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    advanced_draft: bool = Field(
        False,
        description="Advanced Resource Draft: two random Draft tokens cover the Draft sets, "
        "replaced after Rounds 2 and 4.",
    )
    solo_difficulty: Literal["normal", "hard"] = Field(
        "normal",
        description="Solo goal: normal = 3 Challenges and 80 Solar Mass; hard = 5 Challenges "
        "and 100 Solar Mass (5 Challenge cards are drawn).",
    )
    ultramassive_size: Literal["track_only", "third_expansion"] = Field(
        "track_only",
        description="At 100 Solar Mass: nothing happens (the rulebook prints no step), or "
        "discover the third Core Anomaly and count one size larger for the Solar Mass Bonus.",
    )
    starting_player: Literal["random", "seat0"] = Field(
        "random", description="Who starts Round 1 (the rulebook's 'last to stargaze' is "
        "unknowable)."
    )
    auto_forced: bool = Field(
        True, description="Play a decision automatically when it has only one legal choice."
    )


PRESETS: dict[str, dict[str, object]] = {
    "basic": {},
    "advanced": {"advanced_draft": True},
    "solo_hard": {"solo_difficulty": "hard"},
}
