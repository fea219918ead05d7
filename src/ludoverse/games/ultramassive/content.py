"""ULTRAMASSIVE components: the typed schema of every card, and the effect vocabulary.

Nothing of the printed card text is public (the rulebook names the five Siphon Anomalies and
prices Siphon Tier 1 at 2 Discovery), so the shipped data is designed (``reconstructed``) to
fit the rulebook's mechanics; an owner of the game can load the real cards with ``--content``.

Every effect on a card is a list of **steps** from a small vocabulary (gain a token, orbit,
siphon, Discovery, Solar Mass, Wormholes, draw, discard for Power, remove, choose, conditions),
so a new card is data, not code. ``compile_steps`` turns a list of steps into the plain tuples
the engine runs (see ``effects.py``).
"""

from __future__ import annotations

from functools import cache, cached_property
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core import content as core_content
from ludoverse.core.content import Entry

DATA = Path(__file__).parent / "data" / "ultramassive.toml"

TYPES = ("siphon", "matter", "orbit")
TIERS = ("1", "2A", "2B", "3", "4")
SIZES = ("primordial", "stellar", "supermassive", "ultramassive")
TOKENS = ("blue_giant", "supergiant", "primordial", "major", "minor")
CORES = ("alpha", "beta", "gamma", "delta", "epsilon", "omega")
ACTION_CARDS = 50
DRAFT_SPACES = 7
"""The most spaces a Draft set may have (the engine's action ids); the last space of each set
is used only by 4 players."""
MIN_DRAFT_SPACES = 4
"""The fewest: 4 players each pick one space of every set."""

AType = Literal["siphon", "matter", "orbit"]
Tier = Literal["1", "2A", "2B", "3", "4"]
Size = Literal["primordial", "stellar", "supermassive", "ultramassive"]
Token = Literal["blue_giant", "supergiant", "primordial", "major", "minor"]
MatterToken = Literal["blue_giant", "supergiant", "primordial"]
Quantity = Literal[
    "anomalies", "open_wormholes", "closed_wormholes", "round", "size", "stacks",
    "antimatter_on_board", "cards_in_hand", "discovery", "tier3_anomalies",
]
"""Things an effect can count (``X`` on a card, or a Challenge's condition 'now')."""
Stat = Literal[
    "absorbed_tokens", "absorbed_matter", "absorbed_antimatter", "absorbed_solar_mass",
    "detonations", "wormhole_activations", "cards_played", "empowered", "orbits", "siphons",
    "discoveries", "expansions", "anomaly_effects",
]
"""Counters kept per round and per game (a Challenge's condition 'round' or 'game')."""


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Gain(_Step):
    """Gain a token, placed on the first space of a channel, one of your Wormholes, or a
    Rift Space (Antimatter placed on a Rift Space lands there and is absorbed)."""

    op: Literal["gain"]
    token: Token
    to: Literal["first", "wormhole", "rift"] = "first"


class Discovery(_Step):
    op: Literal["discovery"]
    n: int = Field(ge=1, le=10)


class LoseDiscovery(_Step):
    """Lose Discovery Counters, even more than you have (you stop at 0)."""

    op: Literal["lose_discovery"]
    n: int = Field(ge=1, le=10)


class SolarMass(_Step):
    op: Literal["solar_mass"]
    n: int = Field(ge=1, le=30)


class Orbit(_Step):
    """Orbit one channel of your choice ``n`` times."""

    op: Literal["orbit"]
    n: int = Field(ge=1, le=3)


class Siphon(_Step):
    op: Literal["siphon"]


class Wormhole(_Step):
    """Activate a pair of your Wormholes; ``closed`` also allows closed ones. Both close."""

    op: Literal["wormhole"]
    closed: bool = False


class OpenWormholes(_Step):
    """Reopen every one of your closed Wormholes."""

    op: Literal["open_wormholes"]


class MoveWormhole(_Step):
    """Move one of your Wormholes to an uncovered space without a Wormhole."""

    op: Literal["move_wormhole"]


class Draw(_Step):
    op: Literal["draw"]
    n: int = Field(ge=1, le=3)


class DiscardForPower(_Step):
    """Discard up to ``max`` Action Cards, one at a time; each gives its Power in ``gain``
    (Discovery, Solar Mass, or that many Orbits of one channel)."""

    op: Literal["discard_for_power"]
    gain: Literal["discovery", "solar_mass", "orbit"]
    max: int = Field(1, ge=1, le=3)


class Cycle(_Step):
    """Discard up to ``max`` Action Cards, draw as many, and gain ``solar_mass`` for each."""

    op: Literal["cycle"]
    max: int = Field(3, ge=1, le=3)
    solar_mass: int = Field(1, ge=0, le=3)


class Remove(_Step):
    """Remove one token of yours (from your board, or an Antimatter from your drafted
    resources) without gaining its value; then, only if you did, carry out ``then``."""

    op: Literal["remove"]
    token: Literal["matter", "antimatter", "any"]
    then: tuple[Step, ...] = ()


class Pay(_Step):
    """Pay ``discovery`` counters, then carry out ``then``. ``optional``: you may decline;
    otherwise it happens whenever you can pay."""

    op: Literal["pay"]
    discovery: int = Field(ge=1, le=10)
    then: tuple[Step, ...]
    optional: bool = True


class Choose(_Step):
    """Carry out exactly one of two to four options, your choice."""

    op: Literal["choose"]
    options: tuple[tuple[Step, ...], ...] = Field(min_length=2, max_length=4)


class IfSize(_Step):
    """Carry out ``then`` only if your Black Hole is at least ``at_least``."""

    op: Literal["if_size"]
    at_least: Size
    then: tuple[Step, ...]


class GainX(_Step):
    """Gain ``per`` × X of a resource, X counted from ``x`` (at most ``max``)."""

    op: Literal["gain_x"]
    resource: Literal["solar_mass", "discovery"]
    x: Quantity
    per: int = Field(1, ge=1, le=5)
    max: int = Field(10, ge=1, le=30)


class Pull(_Step):
    """Move the innermost stack of a channel of your choice straight into your Black Hole."""

    op: Literal["pull"]


class ExtraPlay(_Step):
    """You may play ``n`` more Action Cards this round."""

    op: Literal["extra_play"]
    n: int = Field(1, ge=1, le=2)


Step = Annotated[
    Union[Gain, Discovery, LoseDiscovery, SolarMass, Orbit, Siphon, Wormhole, OpenWormholes,  # noqa: UP007
          MoveWormhole, Draw, DiscardForPower, Cycle, Remove, Pay, Choose, IfSize, GainX, Pull,
          ExtraPlay],
    Field(discriminator="op"),
]
for _m in (Remove, Pay, Choose, IfSize):
    _m.model_rebuild()

Trigger = Literal["absorb", "detonate", "siphon", "orbit", "wormhole", "expand", "discover",
                  "actions_start", "play_card"]
"""When a Passive fires (``absorb``: once per token absorbed that matches ``token``)."""
_SELF_TRIGGER = {"siphon": "siphon", "orbit": "orbit", "wormhole": "wormhole", "pull": "absorb"}


class Passive(BaseModel):
    """An always-on ability: a trigger with effects, or a standing modifier.

    Modifiers: ``stack_cap`` (+n Solar Mass per space), ``card_plays`` (+n Action Cards per
    round), ``siphon_size`` (siphon as if n sizes larger), ``absorb_bonus`` (+n Solar Mass for
    each absorbed token matching ``token``; ignored by the tie-breaker), ``hand_size`` (+n
    cards when refilling), ``empower`` (Empowered effects of ``card_type`` without its Tier 3).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    on: Trigger | None = None
    modify: Literal["stack_cap", "card_plays", "siphon_size", "absorb_bonus", "hand_size",
                    "empower"] | None = None
    token: Literal["blue_giant", "supergiant", "primordial", "major", "minor", "matter",
                   "antimatter", "any"] = "any"
    card_type: AType | None = None
    n: int = Field(1, ge=1, le=5)
    do: tuple[Step, ...] = ()

    @model_validator(mode="after")
    def _one_kind(self) -> Passive:
        if (self.on is None) == (self.modify is None):
            raise ValueError("a Passive has either 'on' (a trigger) or 'modify'")
        if self.on is not None and not self.do:
            raise ValueError(f"a Passive on {self.on!r} needs effects in 'do'")
        if self.modify == "empower" and self.card_type is None:
            raise ValueError("an 'empower' Passive names its card_type")
        if self.on is not None:
            for op in _ops(self.do):
                if _SELF_TRIGGER.get(op) == self.on:
                    raise ValueError(f"a Passive on {self.on!r} may not {op} again (it would "
                                     "trigger itself)")
        return self


class Anomaly(Entry):
    id: str
    name: str
    type: AType
    tier: Tier
    cost: int = Field(ge=0, le=10)
    effect: tuple[Step, ...] = ()
    """Once per round, in the Actions phase."""
    passive: tuple[Passive, ...] = ()
    text: str


class CoreAnomaly(Entry):
    id: Literal["alpha", "beta", "gamma", "delta", "epsilon", "omega"]
    name: str
    effect: tuple[Step, ...] = ()
    passive: tuple[Passive, ...] = ()
    text: str


class ActionCard(Entry):
    id: str
    name: str
    type: AType
    power: int = Field(ge=1, le=3)
    primary: tuple[Step, ...] = Field(min_length=1)
    empowered: tuple[Step, ...] = Field(min_length=1)
    copies: int = Field(1, ge=1, le=6)
    text: str


class DraftOption(Entry):
    """One Resource Draft space. ``antimatter = true`` is the Antimatter space: its picker
    gains a Major Antimatter and every other player a Minor one."""

    id: str
    label: str
    antimatter: bool = False
    do: tuple[Step, ...] = ()

    @model_validator(mode="after")
    def _has_effect(self) -> DraftOption:
        if self.antimatter == bool(self.do):
            raise ValueError(f"draft option {self.id}: either antimatter = true or effects")
        return self


class DraftSets(Entry):
    """The basic Draft on the Scoreboard: two sets with as many spaces each."""

    set1: tuple[str, ...] = Field(min_length=MIN_DRAFT_SPACES, max_length=DRAFT_SPACES)
    set2: tuple[str, ...] = Field(min_length=MIN_DRAFT_SPACES, max_length=DRAFT_SPACES)

    @model_validator(mode="after")
    def _same_size(self) -> DraftSets:
        if len(self.set1) != len(self.set2):
            raise ValueError("the two basic Draft sets have as many spaces each")
        return self


class DraftToken(Entry):
    """An Advanced Resource Draft token: covers a whole Draft set with its own options."""

    id: str
    options: tuple[str, ...] = Field(min_length=MIN_DRAFT_SPACES, max_length=DRAFT_SPACES)


class Condition(BaseModel):
    """``stat`` (a counter of this round or of the game) or ``now`` (a quantity at the time of
    checking) compared with ``at_least`` / ``at_most``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    stat: Stat | None = None
    now: Quantity | None = None
    scope: Literal["round", "game"] = "round"
    at_least: int | None = None
    at_most: int | None = None
    token: Literal["blue_giant", "supergiant", "primordial", "major", "minor"] | None = None
    """With ``stat = absorbed_tokens``: count only this token."""

    @model_validator(mode="after")
    def _well_formed(self) -> Condition:
        if (self.stat is None) == (self.now is None):
            raise ValueError("a condition names either a 'stat' or a 'now' quantity")
        if self.at_least is None and self.at_most is None:
            raise ValueError("a condition needs at_least or at_most")
        return self


class Challenge(Entry):
    id: str
    name: str
    reward: int = Field(ge=1, le=30)
    when: Literal["immediate", "end_of_round"]
    conditions: tuple[Condition, ...] = Field(min_length=1)
    text: str


class ResourceCard(Entry):
    """A solo Resource card: everything on it is gained and used."""

    id: str
    do: tuple[Step, ...] = Field(min_length=1)
    text: str


class SiphonReward(Entry):
    size: Size
    do: tuple[Step, ...] = Field(min_length=1)
    label: str


class UltramassiveContent(BaseModel):
    """Every component the rulebook leaves to the printed cards and boards."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    anomalies: tuple[Anomaly, ...]
    cores: tuple[CoreAnomaly, ...]
    action_cards: tuple[ActionCard, ...]
    siphon_rewards: tuple[SiphonReward, ...]
    draft_options: tuple[DraftOption, ...]
    draft: DraftSets
    draft_tokens: tuple[DraftToken, ...]
    challenges: tuple[Challenge, ...]
    resource_cards: tuple[ResourceCard, ...]

    @model_validator(mode="after")
    def _consistent(self) -> UltramassiveContent:
        slots = [(a.type, a.tier) for a in self.anomalies]
        want = [(t, r) for t in TYPES for r in TIERS]
        if sorted(slots) != sorted(want):
            raise ValueError("there is exactly one Anomaly per type (siphon, matter, orbit) and "
                             "tier (1, 2A, 2B, 3, 4): 15 in all")
        for t in TYPES:
            cost = {a.tier: a.cost for a in self.anomalies if a.type == t}
            if not cost["1"] < min(cost["2A"], cost["2B"]) <= max(cost["2A"], cost["2B"]) \
                    < cost["3"] < cost["4"]:
                raise ValueError(f"{t} Anomaly costs must rise with the tier")
        if sorted(c.id for c in self.cores) != sorted(CORES):
            raise ValueError("there is one Core Anomaly each of " + ", ".join(CORES))
        total = sum(c.copies for c in self.action_cards)
        if total != ACTION_CARDS:
            raise ValueError(f"the Action deck has {ACTION_CARDS} cards, not {total}")
        solo = {("siphon", 2): 0, ("matter", 1): 0}
        for c in self.action_cards:
            if (c.type, c.power) in solo:
                solo[c.type, c.power] += c.copies
        if solo != {("siphon", 2): 4, ("matter", 1): 2}:
            raise ValueError("solo set-up removes exactly the 4 Siphon cards of Power 2 and the 2 "
                             f"Matter cards of Power 1; this deck has {solo[('siphon', 2)]} and "
                             f"{solo[('matter', 1)]}")
        if {r.size for r in self.siphon_rewards} != set(SIZES[:3]):
            raise ValueError("siphon rewards are given for primordial, stellar and supermassive")
        options = {o.id for o in self.draft_options}
        for o in (*self.draft.set1, *self.draft.set2,
                  *(x for t in self.draft_tokens for x in t.options)):
            if o not in options:
                raise ValueError(f"unknown draft option {o!r}")
        if len(self.draft_options) > 64:
            raise ValueError("at most 64 draft options")
        if len(self.draft_tokens) < 2:
            raise ValueError("the Advanced Resource Draft needs at least 2 Draft tokens")
        if len({len(t.options) for t in self.draft_tokens}) > 1:
            raise ValueError("every Draft token has as many spaces")
        if len(self.challenges) < 5:
            raise ValueError("solo Hard draws 5 Challenge cards: at least 5 are needed")
        if len(self.resource_cards) < 12:
            raise ValueError("solo draws 2 Resource cards in each of 6 rounds: at least 12")
        for what, ids in (("Anomaly", [a.id for a in self.anomalies]),
                          ("Action Card", [c.id for c in self.action_cards]),
                          ("draft option", [o.id for o in self.draft_options]),
                          ("Draft token", [t.id for t in self.draft_tokens]),
                          ("Challenge", [c.id for c in self.challenges]),
                          ("Resource card", [r.id for r in self.resource_cards])):
            if len(set(ids)) != len(ids):
                raise ValueError(f"two {what}s share an id")
        return self

    # The engine's numbering ---------------------------------------------------------------------

    @cached_property
    def anomaly_order(self) -> tuple[Anomaly, ...]:
        """Anomaly index ``type * 5 + tier`` (Siphon 1, 2A, 2B, 3, 4, then Matter, Orbit)."""
        by_slot = {(a.type, a.tier): a for a in self.anomalies}
        return tuple(by_slot[t, r] for t in TYPES for r in TIERS)

    @cached_property
    def core_order(self) -> tuple[CoreAnomaly, ...]:
        by_id = {c.id: c for c in self.cores}
        return tuple(by_id[c] for c in CORES)

    @cached_property
    def deck(self) -> tuple[ActionCard, ...]:
        """Action Card index -> its card (copies expanded, in file order)."""
        return tuple(c for c in self.action_cards for _ in range(c.copies))

    @cached_property
    def option_index(self) -> dict[str, int]:
        return {o.id: i for i, o in enumerate(self.draft_options)}


def _ops(steps: tuple[Step, ...]) -> list[str]:
    """Every op in ``steps``, nested ones included."""
    out: list[str] = []
    for s in steps:
        out.append(s.op)
        for sub in (getattr(s, "then", ()),):
            out += _ops(sub)
        if isinstance(s, Choose):
            for opt in s.options:
                out += _ops(opt)
    return out


def load_content(source: str | Path | dict) -> UltramassiveContent:
    return core_content.load(UltramassiveContent, source)


@cache
def default_content() -> UltramassiveContent:
    return load_content(DATA)
