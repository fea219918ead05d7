"""ULTIA rule options. Defaults follow the rulebook; ``japanese`` follows the Japanese sources.

Every conflict between the rulebook and other sources (facts/ultia.md section 3) is an option
here, so a group can play the reading it knows. See docs/decisions/ for the reasoning.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class UltiaOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    dealer_rotation: Literal["right", "left"] = Field(
        "right",
        description="Who deals next: the dealer's right (counter-clockwise, like all play; "
        "2 of the rulebook's 3 mentions) or left (the round-flow section).",
    )
    win_compare: Literal["reach_or_exceed", "exceed"] = Field(
        "reach_or_exceed",
        description="The game ends when someone reaches 100% (>= 100) or only above it (> 100).",
    )
    must_win: bool = Field(
        False,
        description="Japanese rule: if you can beat every card in the trick with a card you may "
        "play, you must.",
    )
    void_play: Literal["free", "must_ruff", "must_ruff_overruff"] = Field(
        "free",
        description="When you cannot follow suit: any card (rulebook), or you must trump, "
        "or you must trump and over-trump when you can (Japanese).",
    )
    pass_mode: Literal["soft", "hard"] = Field(
        "soft",
        description="soft: a player who passed may bid again later (rulebook); hard: a pass "
        "takes you out of this round's bidding (Japanese).",
    )
    bidding_end: Literal["three_consecutive_passes", "two_passes", "all_pass"] = Field(
        "three_consecutive_passes",
        description="Bidding ends after 3 consecutive passes (rulebook), after 2 consecutive "
        "passes, or when every player but the high bidder has passed.",
    )
    self_overbid: bool = Field(
        False,
        description="May the high bidder, offered the turn again, take back their own discards "
        "and raise their own bid? The rulebook is silent.",
    )
    overwork: Literal["off", "on"] = Field(
        "off",
        description="Overwork: Sub Surveyors may declare it with their card in trick 1, the Main "
        "Surveyor in trick 2; each declaration doubles the round's progress.",
    )
    sub_reward_rounding: Literal["exact", "floor", "ceil"] = Field(
        "exact",
        description="A failed plan gives each Sub Surveyor half its progress: exactly "
        "(half-percent steps), rounded down, or rounded up to whole percent.",
    )
    talon: Literal["nobody", "main_surveyor", "sub_surveyors"] = Field(
        "nobody",
        description="Whose won cards the last 2 face-down discards count towards (for plan "
        "conditions and tie-breakers); the rulebook is silent.",
    )
    tiebreak: Literal["suggested_chain", "shared"] = Field(
        "suggested_chain",
        description="Ties at the top: the rulebook writer's suggested chain ending in "
        "rock-paper-scissors, or a shared win.",
    )
    first_dealer: Literal["random", "seat0"] = Field(
        "random",
        description="The first dealer (the rulebook: whoever is closest to the sun): drawn at "
        "random, or seat 0.",
    )
    auto_forced: bool = Field(
        True,
        description="Play a decision automatically when everyone can see it has only one legal "
        "choice (e.g. a player's last card); a choice forced by hidden cards is still asked.",
    )
    plan_list: Literal["standard", "with_no_trump"] = Field(
        "standard",
        description="The shipped Exploration Plan List: standard (every year has a trump suit, "
        "as the rulebook says) or with_no_trump (adds our two no-trump plans, not in the "
        "rulebook). A list loaded with --content replaces either.",
    )


PRESETS: dict[str, dict[str, object]] = {
    "rulebook": {},
    "japanese": {
        "must_win": True,
        "void_play": "must_ruff_overruff",
        "pass_mode": "hard",
        "bidding_end": "two_passes",
    },
}
