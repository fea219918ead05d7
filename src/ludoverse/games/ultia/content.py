"""The Exploration Plan List: typed schema, loader and checks.

The original list (about 20 plans) is not public, so ours is designed (``reconstructed``) to
cover every mechanic the rulebook mentions; a player who owns the game can load theirs with
``--content FILE`` using the same schema.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core import content as core_content
from ludoverse.core.content import Entry

MAX_PLANS = 32
"""The action space reserves this many plan slots, so any list up to this size fits."""

DATA = Path(__file__).parent / "data" / "plans.toml"

PLAN_LISTS = {
    "standard": DATA,
    "with_no_trump": DATA.with_name("plans_no_trump.toml"),
}
"""The shipped lists, by the value of the ``plan_list`` option. ``standard`` follows the
rulebook (every year has a trump suit); ``with_no_trump`` adds our two no-trump plans."""


class HighCards(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    rank_min: int = Field(ge=1, le=8)
    count: int = Field(ge=1, le=32)


class LastTrickCard(BaseModel):
    """Win trick 10 with this exact trump rank (Ulti's namesake contract)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rank: int = Field(ge=1, le=8)


class Conditions(BaseModel):
    """Every condition present must hold for the Main Surveyor (all are about their won cards)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    tricks_min: int | None = Field(None, ge=0, le=10)
    tricks_max: int | None = Field(None, ge=0, le=10)
    win_tricks: tuple[int, ...] = ()
    """Trick numbers (1-10) the Main Surveyor must win."""
    high_cards: HighCards | None = None
    points_min: int | None = Field(None, ge=1, le=144)
    """Sum of the ranks of won cards."""
    trumps_won_min: int | None = Field(None, ge=1, le=8)
    last_trick_card: LastTrickCard | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Conditions:
        if any(not 1 <= t <= 10 for t in self.win_tricks):
            raise ValueError("win_tricks must be trick numbers 1-10")
        if (
            self.tricks_min is not None
            and self.tricks_max is not None
            and self.tricks_min > self.tricks_max
        ):
            raise ValueError("tricks_min is above tricks_max")
        if not self.model_fields_set:
            raise ValueError("a plan needs at least one condition")
        return self


class Reveal(BaseModel):
    """Cards shown to everyone before the first trick, then kept in hand."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    who: Literal["main", "subs", "all"]
    cards: Literal["hand", "trumps", "choose"]
    count: int = Field(0, ge=0, le=10)
    """With ``cards = "choose"``: how many cards each revealing player picks."""

    @model_validator(mode="after")
    def _count(self) -> Reveal:
        if (self.cards == "choose") != (self.count > 0):
            raise ValueError("count is required with cards = 'choose' and only then")
        return self


class Plan(Entry):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    progress: int = Field(ge=1, le=1000)
    """Basic progress B in percent."""
    trump: Literal["exploration", "bid", "none"]
    """When the trump suit is named: by the Main Surveyor at the start of Exploration, or by
    the bidder while declaring (the rulebook's two timings); ``none`` (no trump this round) is
    our extension, used only by the ``with_no_trump`` list."""
    conditions: Conditions
    reveal: Reveal | None = None
    description: str

    @model_validator(mode="after")
    def _trump_rules(self) -> Plan:
        c = self.conditions
        if self.trump == "none" and (c.trumps_won_min or c.last_trick_card):
            raise ValueError(f"plan {self.id}: trump conditions in a no-trump plan")
        if self.reveal and self.reveal.cards == "trumps" and self.trump == "none":
            raise ValueError(f"plan {self.id}: reveals trumps but has no trump")
        return self


class PlanList(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = "custom"
    plan: tuple[Plan, ...]

    @model_validator(mode="after")
    def _list_rules(self) -> PlanList:
        if not 1 <= len(self.plan) <= MAX_PLANS:
            raise ValueError(f"a plan list has 1 to {MAX_PLANS} plans, not {len(self.plan)}")
        ids = [p.id for p in self.plan]
        if len(set(ids)) != len(ids):
            raise ValueError("plan ids must be unique")
        # A bid must be strictly higher; distinct values keep every pair of plans comparable.
        values = [p.progress for p in self.plan]
        if len(set(values)) != len(values):
            raise ValueError("every plan needs a distinct progress value")
        if values != sorted(values):
            raise ValueError("list plans in order of increasing progress")
        return self


def load_plans(source: str | Path | dict | None = None) -> PlanList:
    if source is None:
        return default_plans()
    return core_content.load(PlanList, source)


def default_plans(name: str = "standard") -> PlanList:
    """A shipped plan list (``plan_list`` option value), loaded and checked once: the same
    object every time, so a state can tell it uses a shipped list."""
    return _shipped(name)


@cache
def _shipped(name: str) -> PlanList:
    return core_content.load(PlanList, PLAN_LISTS[name])
