"""Multiuniversum components: 5 transformers, 5 tool kinds, 50 action cards and 20 portals.

Only the component counts, the set-up structure and the colours of transformers 4 (blue) and
5 (green) are public. Everything else in ``data/multiuniversum.toml`` is designed by us
(provenance ``reconstructed``); an owner of the game can load the printed cards with
``--content FILE`` in this schema. The engine compiles the content into int tables
(:func:`tables`) so the hot paths never touch these models.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core import content as core_content
from ludoverse.core.content import Entry, per_content

DATA = Path(__file__).parent / "data" / "multiuniversum.toml"

TRANSFORMERS = 5
ACTION_CARDS = 50
PORTALS = 20
TIER_TOOLS = {"basic": 1, "medium": 2, "advanced": 3}
TIER_COUNTS = {"basic": 5, "medium": 10, "advanced": 5}

CardAction = Literal["search", "ability", "move", "seal", "recycle"]
CARD_ACTIONS: tuple[str, ...] = ("search", "ability", "move", "seal", "recycle")
"""The five row actions every action card carries once (MU-ACTION)."""

AbilityKind = Literal["reorder_stack", "draw_three_keep_two", "swap_portals",
                      "rotate_stacks", "keep_played_as_tool"]
ABILITIES: tuple[str, ...] = ("reorder_stack", "draw_three_keep_two", "swap_portals",
                              "rotate_stacks", "keep_played_as_tool")
"""The rulebook's abilities 1 to 5, in its order (MU-ABILITY-1 to MU-ABILITY-5)."""

Tier = Literal["basic", "medium", "advanced"]


class Transformer(Entry):
    number: int = Field(ge=1, le=TRANSFORMERS)
    colour: str
    ability: AbilityKind
    name: str


class ToolKind(Entry):
    id: str
    name: str
    symbol: str
    colour: str


class ActionCard(Entry):
    id: str
    tool: str
    rows: tuple[CardAction, ...]
    """The action in row 1 to 5: row ``t`` is used on transformer ``t``."""

    @model_validator(mode="after")
    def _all_five(self) -> ActionCard:
        if sorted(self.rows) != sorted(CARD_ACTIONS):
            raise ValueError(f"card {self.id}: its rows must hold each of the 5 actions once")
        return self


class Portal(Entry):
    id: str
    name: str
    tier: Tier
    dp: int = Field(ge=0, le=20)
    icon: str
    tools: tuple[str, ...]

    @model_validator(mode="after")
    def _tools_fit_tier(self) -> Portal:
        if len(self.tools) != TIER_TOOLS[self.tier]:
            raise ValueError(f"portal {self.id}: a {self.tier} portal needs "
                             f"{TIER_TOOLS[self.tier]} tool(s), not {len(self.tools)}")
        return self


class MultiuniversumContent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    transformers: tuple[Transformer, ...]
    tool_kinds: tuple[ToolKind, ...]
    cards: tuple[ActionCard, ...]
    portals: tuple[Portal, ...]

    @model_validator(mode="after")
    def _counts(self) -> MultiuniversumContent:
        if sorted(t.number for t in self.transformers) != list(range(1, TRANSFORMERS + 1)):
            raise ValueError("the transformers must be numbered 1 to 5, once each")
        if sorted(t.ability for t in self.transformers) != sorted(ABILITIES):
            raise ValueError("each of the 5 abilities must sit on exactly one transformer")
        colours = [t.colour for t in self.transformers]
        if len(set(colours)) != TRANSFORMERS:
            raise ValueError("the 5 transformers must have 5 different colours")
        kinds = [k.id for k in self.tool_kinds]
        if len(set(kinds)) != TRANSFORMERS or len(self.tool_kinds) != TRANSFORMERS:
            raise ValueError("there must be 5 tool kinds with different ids")
        if sorted(k.colour for k in self.tool_kinds) != sorted(colours):
            raise ValueError("the tool kinds' colours must be the transformers' colours")
        if len(self.cards) != ACTION_CARDS:
            raise ValueError(f"there must be {ACTION_CARDS} action cards, not {len(self.cards)}")
        if len(self.portals) != PORTALS:
            raise ValueError(f"there must be {PORTALS} portals, not {len(self.portals)}")
        tiers = Counter(p.tier for p in self.portals)
        if dict(tiers) != TIER_COUNTS:
            raise ValueError(f"the portals must be 5 basic, 10 medium and 5 advanced, not "
                             f"{dict(tiers)}")
        for c in self.cards:
            if c.tool not in kinds:
                raise ValueError(f"card {c.id}: unknown tool kind {c.tool!r}")
        for p in self.portals:
            for k in p.tools:
                if k not in kinds:
                    raise ValueError(f"portal {p.id}: unknown tool kind {k!r}")
        if len({p.icon for p in self.portals}) < 5:
            raise ValueError("the portals need at least 5 different icons (an Omni set)")
        for what, ids in (("card", [c.id for c in self.cards]),
                          ("portal", [p.id for p in self.portals])):
            if len(set(ids)) != len(ids):
                raise ValueError(f"two {what}s share an id")
        return self


@dataclass(frozen=True, slots=True)
class Tables:
    """The content as int tables for the engine (cards, portals, kinds and transformers are
    numbered from 0; transformer 1 of the rulebook is index 0)."""

    rows: tuple[tuple[int, ...], ...]
    """``rows[card][t]``: the action (index into :data:`CARD_ACTIONS`) on transformer ``t``."""
    tool: tuple[int, ...]
    dp: tuple[int, ...]
    icon: tuple[int, ...]
    icons: tuple[str, ...]
    tier: tuple[int, ...]
    """0 basic, 1 medium, 2 advanced."""
    need: tuple[tuple[int, ...], ...]
    """``need[portal][kind]``: how many tools of that kind sealing it takes."""
    tools_needed: tuple[int, ...]
    ability: tuple[int, ...]
    """``ability[t]``: the ability (index into :data:`ABILITIES`) of transformer ``t``."""
    kind_names: tuple[str, ...]
    card_names: tuple[str, ...]
    portal_names: tuple[str, ...]


TIERS: tuple[str, ...] = ("basic", "medium", "advanced")


@per_content
def tables(content: MultiuniversumContent) -> Tables:
    kinds = [k.id for k in content.tool_kinds]
    icons = sorted({p.icon for p in content.portals})
    by_number = sorted(content.transformers, key=lambda t: t.number)
    return Tables(
        rows=tuple(tuple(CARD_ACTIONS.index(r) for r in c.rows) for c in content.cards),
        tool=tuple(kinds.index(c.tool) for c in content.cards),
        dp=tuple(p.dp for p in content.portals),
        icon=tuple(icons.index(p.icon) for p in content.portals),
        icons=tuple(icons),
        tier=tuple(TIERS.index(p.tier) for p in content.portals),
        need=tuple(tuple(p.tools.count(k) for k in kinds) for p in content.portals),
        tools_needed=tuple(len(p.tools) for p in content.portals),
        ability=tuple(ABILITIES.index(t.ability) for t in by_number),
        kind_names=tuple(k.name for k in content.tool_kinds),
        card_names=tuple(c.id for c in content.cards),
        portal_names=tuple(p.name for p in content.portals),
    )


def load_content(source: str | Path | dict) -> MultiuniversumContent:
    return core_content.load(MultiuniversumContent, source)


@cache
def default_content() -> MultiuniversumContent:
    return load_content(DATA)
