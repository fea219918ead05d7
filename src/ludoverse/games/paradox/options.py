"""PARADOX rule options: scenarios, variants, and every point the rulebook leaves open.

Defaults follow the rulebook (see docs/decisions/paradox-rule-options.md); each other reading
is one value away, e.g. ``--option nexus_start_space=past``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class ParadoxOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    research_goals: bool = Field(
        True,
        description="Deal 3 Research Goals. false = Training Mission: no goals, and a Fractured "
        "World costs each player only one card of it.",
    )
    deck_scenario: Literal["breakthrough", "flare", "parallel_universe", "mad_scientist",
                           "none"] = Field(
        "breakthrough",
        description="The Deck Scenario shuffled into the deck; mad_scientist adds 5 random cards "
        "of all three; none only in a Training Mission.",
    )
    triggered_scenario: Literal["none", "maelstrom", "matrix"] = Field(
        "none",
        description="The optional Triggered Scenario, set off by purple Trigger Discs drawn from "
        "the bag (3 with 2 players, else 4).",
    )
    alliances: bool = Field(
        False,
        description="Alliances: spend a resource to claim that colour's Alliance token, usable "
        "later as one resource, 1 VP at the end.",
    )
    take_your_child_to_work: bool = Field(
        False,
        description="Family variant of the Training Mission: no World discs and no Quake.",
    )
    phase_mode: Literal["sequential", "speed_variant"] = Field(
        "sequential",
        description="speed_variant: each player plays their Matrix phase right after their own "
        "Wormhole pick instead of after all picks.",
    )
    nexus_start_space: Literal["past", "present", "future", "danger"] = Field(
        "present",
        description="Mat space a drafted Nexus starts on (the rulebook does not say): 4, 3, 2 "
        "or 1 turns to repair it.",
    )
    nebula_effect: Literal["block_anomaly", "none"] = Field(
        "block_anomaly",
        description="While a Nebula lies on the Anomaly (one turn), no swaps with the Anomaly; "
        "none: Nebulas have no effect.",
    )
    black_white_on_past: Literal["wild_on_past", "printed_only"] = Field(
        "wild_on_past",
        description="Black and white resources fill any missing resource of a Past Timeline, "
        "or only black or white printed on the card.",
    )
    matrix_scenario_progression: Literal["rotate_then_apply", "apply_then_rotate"] = Field(
        "rotate_then_apply",
        description="Matrix scenario trigger: move the top Level to the bottom and apply the new "
        "top (1st trigger = Boxes), or apply the top then move it (1st = Rows/Columns).",
    )
    matrix_scenario_mode: Literal["replace", "add"] = Field(
        "replace",
        description="Boxes and Diagonals replace row and column Strands, or count as well.",
    )
    maelstrom_non_timeline: Literal["fizzle", "redraw"] = Field(
        "fizzle",
        description="A Maelstrom that turns up a card other than a Timeline or Nexus fizzles (the "
        "card is discarded), or keeps turning cards until one is.",
    )
    score_piles: Literal["face_down", "face_up"] = Field(
        "face_down",
        description="Score piles lie face down: only their owner sees the cards, the others "
        "their size, until the end; face_up: everyone sees them (play with perfect recall).",
    )
    overlapping_boxes: Literal["one_strand", "each_box"] = Field(
        "one_strand",
        description="Matrix scenario Boxes: boxes of one colour sharing two or more discs make "
        "one Strand worth its best box; each_box: every overlapping box earns on its own.",
    )
    shield_supply: Literal["finite_15", "unlimited"] = Field(
        "finite_15",
        description="15 Shield tokens serve Nexus locks and World shields together, or shields "
        "never run out.",
    )
    first_chief_scientist: Literal["random", "seat0"] = Field(
        "random", description="Who is Chief Scientist on turn 1 (the rulebook does not say)."
    )
    locked_board_reset: Literal["auto_check", "off"] = Field(
        "auto_check",
        description="Offer a Matrix rebuild when the engine proves no Strand can be made in 3 "
        "actions; off: never.",
    )
    breakthrough_cards: int = Field(5, ge=1, le=5, description="Breakthrough cards in the box.")
    flare_cards: int = Field(6, ge=1, le=6, description="Flare cards in the box.")
    parallel_universe_cards: int = Field(
        5, ge=1, le=5, description="Parallel Universe cards in the box."
    )
    maelstrom_cards: int = Field(5, ge=1, le=5, description="Maelstrom cards in the box.")
    auto_forced: bool = Field(
        True, description="Play a decision automatically when it has only one legal choice."
    )

    @model_validator(mode="after")
    def _consistent(self) -> ParadoxOptions:
        if self.take_your_child_to_work and self.research_goals:
            raise ValueError("Take Your Child to Work Day is a Training Mission: use "
                             "preset=child_to_work (or research_goals=false)")
        if self.deck_scenario == "none" and self.research_goals:
            raise ValueError("every full game needs one Deck Scenario; deck_scenario=none is "
                             "only for a Training Mission (research_goals=false)")
        return self


PRESETS: dict[str, dict[str, object]] = {
    "rulebook": {},
    "training": {"research_goals": False},
    "child_to_work": {"research_goals": False, "take_your_child_to_work": True},
    "mad_scientist": {"deck_scenario": "mad_scientist"},
}
