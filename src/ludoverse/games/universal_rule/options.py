"""Universal Rule rule options: the expansion, the Sneak Attack Victory, and every point the
rulebook leaves open (see docs/decisions/universal_rule-rule-options.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class UniversalRuleOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    attack_idle_credit: bool = Field(
        False, description="On an Attack turn the other players also gain the idle credit.")
    produce_follow_no_planets: Literal["zero", "two"] = Field(
        "zero", description="What a Produce follower with no planets gains (the active player "
        "gains 2).")
    win_vp: Literal["by_players", "flat_15"] = Field(
        "by_players", description="VP to win: 15 / 13 / 11 for 3 / 4 / 5 players, or 15 always.")
    credit_limit: Literal["per_planet_capped_25", "per_planet", "hard_25"] = Field(
        "per_planet_capped_25", description="Credits a player may hold: 5 per planet in play "
        "(5 with none) and never above 25; 5 per planet; or 25.")
    fleet_value: Literal["winged_icon", "basic_military"] = Field(
        "winged_icon", description="A card's fleet: the winged number of the side that counts, "
        "or always the basic side's military.")
    edge_award_measure: Literal["sum_values", "coins_only"] = Field(
        "sum_values", description="Who 'committed the most' for the Universal Rule card: credits "
        "+ fleet of cards (+ the attacking planet for the attacker), or credits only.")
    sneak_attack: Literal["designed", "off"] = Field(
        "designed", description="Play our design of the Sneak Attack Victory, or leave it out.")
    sneak_unit: Literal["fleet", "card"] = Field(
        "fleet", description="Sneak Attack: half a VP per point of fleet shown (fleet) or per "
        "card shown (card); a larger fleet, or more cards, stops it.")
    edge_of_war: bool = Field(
        False, description="Edge of War: shuffle in Roza System, Vianov and Wovis and remove 3 "
        "random planets.")
    first_player: Literal["random", "seat0"] = Field(
        "random", description="Who takes the first turn (the rulebook does not say).")
    round_limit: int = Field(
        0, ge=0, le=1000, description="Not in the rulebook (0: no limit, the rulebook's "
        "reading). For studies: after this many rounds with no winner the game ends, the most "
        "VP win, and the outcome says 'round limit'.")
    auto_forced: bool = Field(
        True, description="Play a decision automatically when it has only one legal choice.")

    def target_vp(self, players: int) -> int:
        """VP needed to win at the end of one's own turn."""
        if self.win_vp == "flat_15":
            return 15
        return {3: 15, 4: 13, 5: 11}[players]

    def credit_cap(self, planets: int) -> int:
        """The most credits a player with ``planets`` planets in play may hold."""
        per_planet = 5 * max(1, planets)
        if self.credit_limit == "per_planet":
            return per_planet
        if self.credit_limit == "hard_25":
            return 25
        return min(25, per_planet)


PRESETS: dict[str, dict[str, object]] = {
    "rulebook": {},
    "edge_of_war": {"edge_of_war": True},
}
