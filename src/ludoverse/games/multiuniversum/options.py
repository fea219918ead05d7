"""Multiuniversum rule options: the public variants and every point the sources leave open
(see docs/decisions/multiuniversum-rule-options.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class MultiuniversumOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    end_mode: Literal["finish_round", "one_more_each", "immediate"] = Field(
        "finish_round", description="After the end is triggered: play to the end of the round "
        "(equal turns), give each other player one more turn, or stop at once.")
    recycle_mode: Literal["card_action", "free_anytime"] = Field(
        "card_action", description="Recycle only as a card's row action, or also as an action "
        "of its own with no card, on any transformer.")
    portal_visibility: Literal["top_only", "all_face_up"] = Field(
        "top_only", description="Only each stack's top portal is face up, or every portal.")
    stack_composition: Literal["tiered", "random_4"] = Field(
        "tiered", description="Each stack gets 1 basic, 2 medium and 1 advanced portal, or 4 "
        "portals dealt at random.")
    played_card_timing: Literal["end_of_turn", "start_of_turn"] = Field(
        "end_of_turn", description="Played cards go to the discard pile at the end of the "
        "turn, or stay out until their owner's next turn starts.")
    move_range: Literal["any", "adjacent"] = Field(
        "any", description="Move to any other transformer, or only to an adjacent one.")
    set_assignment: Literal["auto_optimal", "player_choice"] = Field(
        "auto_optimal", description="The engine forms each player's best sets, or each player "
        "forms their own at the end.")
    variant: Literal["standard", "basic_scoring", "deadly_portals", "short_game"] = Field(
        "standard", description="Basic scoring: no set bonuses. Deadly Portals: lose sealed "
        "portals whose icon is face up at the end, no sets. Short Game: 3 portals per stack.")
    first_player: Literal["random", "seat0"] = Field(
        "random", description="Who takes the first turn (the public rules: who suggested the "
        "game).")
    ages: tuple[int, ...] = Field(
        (), description="One age per seat, for the last tie-breaker (oldest wins); empty: the "
        "lowest seat counts as oldest.")
    auto_forced: bool = Field(
        True, description="Play a decision automatically when it has only one legal choice.")
    round_limit: int = Field(
        100, ge=0, le=1000, description="A safeguard the rulebook lacks: after this many rounds "
        "without the end being triggered the game ends and is scored (0: no limit).")

    @field_validator("ages", mode="before")
    @classmethod
    def _ages(cls, v: object) -> object:
        if isinstance(v, str):
            try:
                return tuple(int(x) for x in v.replace(" ", "").split(",") if x)
            except ValueError:
                raise ValueError(f"ages are whole numbers separated by commas, not {v!r}") \
                    from None
        if isinstance(v, int):
            return (v,)
        return v

    @property
    def set_scoring(self) -> bool:
        """MU-VAR-1, MU-VAR-2: two variants score no sets."""
        return self.variant not in ("basic_scoring", "deadly_portals")


PRESETS: dict[str, dict[str, object]] = {
    "rulebook": {},
    "basic_scoring": {"variant": "basic_scoring"},
    "deadly_portals": {"variant": "deadly_portals"},
    "short_game": {"variant": "short_game"},
}
