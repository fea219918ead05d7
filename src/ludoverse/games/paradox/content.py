"""PARADOX components: typed schema, loader and the card numbering the engine uses.

The printed cards are not public (only Alphoria's Present, 2 red, and the Research Asset
Atomic Energy are), so the shipped data is designed (``reconstructed``) to fit the rulebook;
a player who owns the game can load the real cards with ``--content FILE``.
"""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core import content as core_content
from ludoverse.core.content import Entry

DATA = Path(__file__).parent / "data" / "paradox.toml"

COLOURS = ("red", "yellow", "blue", "black", "white")
ERAS = ("past", "present", "future")
WORLDS = 15
GRID = 5

Colour = Literal["red", "yellow", "blue", "black", "white"]
Era = Literal["past", "present", "future"]


class Cost(BaseModel):
    """Resources of each colour a card needs."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    red: int = Field(0, ge=0, le=5)
    yellow: int = Field(0, ge=0, le=5)
    blue: int = Field(0, ge=0, le=5)
    black: int = Field(0, ge=0, le=5)
    white: int = Field(0, ge=0, le=5)

    def counts(self) -> tuple[int, int, int, int, int]:
        return (self.red, self.yellow, self.blue, self.black, self.white)

    @property
    def total(self) -> int:
        return sum(self.counts())


class Asset(Entry):
    """A Research Asset, printed on Timeline cards (9 cards each)."""

    id: str
    name: str


class Timeline(Entry):
    era: Era
    cost: Cost
    asset: str

    @model_validator(mode="after")
    def _costs_something(self) -> Timeline:
        if self.cost.total == 0:
            raise ValueError("a Timeline must cost at least one resource")
        return self


class Nexus(Entry):
    """The Matrix space (row 0 = top, column 0 = left) a drafted Nexus locks."""

    row: int = Field(ge=0, lt=GRID)
    column: int = Field(ge=0, lt=GRID)


class World(Entry):
    id: str
    name: str
    past: Timeline
    present: Timeline
    future: Timeline
    nexus: Nexus

    @model_validator(mode="after")
    def _eras_match(self) -> World:
        for era in ERAS:
            if getattr(self, era).era != era:
                raise ValueError(f"{self.name}: the {era} card says era {getattr(self, era).era}")
        return self


GoalKind = Literal["asset", "era", "nexus", "shields", "secret"]


class ResearchGoal(Entry):
    """A Research Goal: which score-pile cards (or shields) it counts.

    ``asset``: Timeline cards with the Research Asset ``target``; ``era``: Timeline cards of
    era ``target``; ``nexus``: Nexus cards; ``shields``: World shields the player placed that
    are still standing at the end; ``secret``: each player is dealt a personal goal.
    """

    id: str
    name: str
    kind: GoalKind
    target: str | None = None
    text: str


class Flare(Entry):
    """The colours of the three Strands that earn a Flare's three benefits, in order."""

    colours: tuple[Colour, Colour, Colour]


class Maelstrom(Entry):
    cost: Cost


class QuakeTrack(Entry):
    """The ring of World spaces the Quake walks clockwise, and where it starts."""

    spaces: int = Field(ge=WORLDS, le=60)
    start: int = Field(ge=0)
    world_spaces: tuple[int, ...]
    """The track spaces that hold a World disc, clockwise from space 0."""

    @model_validator(mode="after")
    def _fits(self) -> QuakeTrack:
        ws = self.world_spaces
        if len(ws) != WORLDS or len(set(ws)) != WORLDS:
            raise ValueError(f"world_spaces must name {WORLDS} different spaces")
        if any(not 0 <= s < self.spaces for s in ws) or not 0 <= self.start < self.spaces:
            raise ValueError("track spaces must lie on the track")
        return self


class ParadoxContent(BaseModel):
    """Every component the rules leave to the printed cards."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    assets: tuple[Asset, ...]
    worlds: tuple[World, ...]
    research_goals: tuple[ResearchGoal, ...]
    flares: tuple[Flare, ...]
    maelstroms: tuple[Maelstrom, ...]
    quake_track: QuakeTrack

    @model_validator(mode="after")
    def _consistent(self) -> ParadoxContent:
        if len(self.worlds) != WORLDS:
            raise ValueError(f"PARADOX has {WORLDS} Worlds, not {len(self.worlds)}")
        _unique("World id", [w.id for w in self.worlds])
        _unique("World name", [w.name for w in self.worlds])
        _unique("Research Asset id", [a.id for a in self.assets])
        _unique("Research Goal id", [g.id for g in self.research_goals])
        _unique("Nexus space", [(w.nexus.row, w.nexus.column) for w in self.worlds])
        assets = {a.id for a in self.assets}
        for w in self.worlds:
            for era in ERAS:
                if getattr(w, era).asset not in assets:
                    raise ValueError(f"{w.name} {era}: unknown Research Asset "
                                     f"{getattr(w, era).asset!r}")
        for g in self.research_goals:
            fits = {"asset": g.target in assets, "era": g.target in ERAS}
            ok = fits.get(g.kind, g.target is None)
            if not ok:
                raise ValueError(f"Research Goal {g.id}: target {g.target!r} does not fit kind "
                                 f"{g.kind!r}")
        if len([g for g in self.research_goals if g.kind != "secret"]) < 4:
            raise ValueError("at least 4 Research Goals other than the Secret Objective are "
                             "needed (3 in play plus personal goals)")
        if not self.flares or not self.maelstroms:
            raise ValueError("at least one Flare and one Maelstrom card are needed")
        return self

    # The engine's numbering: Timeline of world w and era e is 3*w + e; Nexus of w is 45 + w.

    @cached_property
    def timeline_costs(self) -> tuple[tuple[int, ...], ...]:
        return tuple(getattr(w, era).cost.counts() for w in self.worlds for era in ERAS)

    @cached_property
    def timeline_assets(self) -> tuple[str, ...]:
        return tuple(getattr(w, era).asset for w in self.worlds for era in ERAS)

    @cached_property
    def nexus_cells(self) -> tuple[int, ...]:
        return tuple(w.nexus.row * GRID + w.nexus.column for w in self.worlds)

    @cached_property
    def asset_names(self) -> dict[str, str]:
        return {a.id: a.name for a in self.assets}


def _unique(what: str, values: list[object]) -> None:
    seen: set[object] = set()
    for v in values:
        if v in seen:
            raise ValueError(f"{what} {v!r} appears twice")
        seen.add(v)


def load_content(source: str | Path | dict) -> ParadoxContent:
    return core_content.load(ParadoxContent, source)


@cache
def default_content() -> ParadoxContent:
    return load_content(DATA)
