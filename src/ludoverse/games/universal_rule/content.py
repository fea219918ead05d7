"""Universal Rule components: the typed schema of the 17 planets (and the 3 of *Edge of War*).

Each planet card has a basic side and an upgraded side, each with its cost, income, military
power, fleet (the military value printed with wings, 0 where there are none), VP and ability.
Six base planets and two *Edge of War* planets have public pre-production values (the
designer's development wiki; provenance ``public`` with the source); the others are designed
by us (``reconstructed``). An owner of the game can load the printed cards with ``--content``.

An ability is one of a fixed set of kinds, each a rule the engine implements by name
(``planets.py``); its parameters are data, so a planet is a TOML entry, not code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core import content as core_content
from ludoverse.core.content import Entry

DATA = Path(__file__).parent / "data" / "universal_rule.toml"

BASE_PLANETS = 17
EDGE_OF_WAR_PLANETS = 3

Action = Literal["explore", "colonize", "upgrade", "produce", "attack"]

AbilityKind = Literal[
    "glommer",
    "thug",
    "victor",
    "cannot_win",
    "cannot_attack",
    "shield_others",
    "exclusive_cost",
    "destroy_on_colonize",
    "cockroach",
    "attack_counter",
    "restart",
    "instigator",
    "discount",
    "income_bonus",
    "battle_bonus",
    "hand_limit",
    "eater_of_worlds",
]
"""What each kind does (parameters in brackets):

- ``glommer`` [action, credits]: gain ``credits`` whenever an opponent takes or follows
  ``action``; never for the active player (FAQ: glommers include followers).
- ``thug`` [targets = one|all, credits]: when this side comes into play (colonized or upgraded
  to), one opponent of your choice (``one``) or every opponent (``all``) pays you ``credits``
  per planet they own; someone who cannot pay in full pays what they have.
- ``victor`` [condition, vp]: ``vp`` extra VP while ``condition`` holds: ``most_upgraded``
  (more than half your planets upgraded), ``deck_empty`` (deck and discard pile both empty),
  ``per_other_planet`` (``vp`` for each of your other planets), ``per_credit_5`` (``vp`` per 5
  credits you hold), ``holds_universal_rule`` (while you hold the Universal Rule card),
  ``planets_at_least`` (you have at least ``n`` planets).
- ``cannot_win``: you cannot win (if you would, play goes on).
- ``cannot_attack``: you may not attack (you may still support and be attacked).
- ``shield_others``: your other planets cannot be attacked (this one can).
- ``exclusive_cost``: you may not colonize a planet whose cost (of the side you colonize)
  equals the cost of a planet you own.
- ``destroy_on_colonize``: when you colonize another planet, destroy this one.
- ``cockroach``: when another planet of yours would be destroyed it returns to your hand
  instead (discarded if your hand is full).
- ``attack_counter`` [vp]: each time you attack, put a ``vp``-VP counter on this planet;
  counters survive a downgrade (none are added on the basic side) and are lost if it is
  destroyed.
- ``restart``: when this planet is colonized, downgrade all your other planets.
- ``instigator`` [credits]: when any player attacks, you may pay them ``credits`` to pick a new
  target planet (not the current one, not the attacker's).
- ``discount`` [action = colonize|upgrade, credits]: your own ``action`` costs ``credits``
  less (never below 0).
- ``income_bonus`` [credits]: when anyone takes the Produce action, you gain ``credits`` more
  if you produce.
- ``battle_bonus`` [n]: when this planet is engaged, its military counts ``n`` more.
- ``hand_limit`` [n]: your hand limit is ``n`` higher.
- ``eater_of_worlds`` [credits]: when a planet is destroyed in a battle you supported on the
  winning side, gain ``credits``.
"""

VictorCondition = Literal["most_upgraded", "deck_empty", "per_other_planet", "per_credit_5",
                          "holds_universal_rule", "planets_at_least"]


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kind: AbilityKind
    name: str
    """The ability's printed title, e.g. "Colonize Glommer"."""
    action: Action | None = None
    credits: int = Field(0, ge=0, le=10)
    vp: int = Field(0, ge=0, le=6)
    n: int = Field(0, ge=0, le=10)
    targets: Literal["one", "all"] | None = None
    condition: VictorCondition | None = None

    @model_validator(mode="after")
    def _parameters(self) -> Ability:
        k = self.kind
        need = {
            "glommer": ("action", "credits"), "thug": ("targets", "credits"),
            "victor": ("condition", "vp"), "attack_counter": ("vp",),
            "instigator": ("credits",), "discount": ("action", "credits"),
            "income_bonus": ("credits",), "battle_bonus": ("n",), "hand_limit": ("n",),
            "eater_of_worlds": ("credits",),
        }.get(k, ())
        for field in need:
            if not getattr(self, field):
                raise ValueError(f"a {k} ability needs {field}")
        if k == "discount" and self.action not in ("colonize", "upgrade"):
            raise ValueError("a discount applies to colonize or upgrade")
        if k == "victor" and self.condition == "planets_at_least" and not self.n:
            raise ValueError("planets_at_least needs n")
        return self


class Side(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cost: int = Field(ge=0, le=15)
    income: int = Field(ge=0, le=10)
    military: int = Field(ge=0, le=15)
    fleet: int = Field(0, ge=0, le=15)
    """The military value printed with wings on this side (0: no wings)."""
    vp: int = Field(ge=0, le=6)
    ability: Ability | None = None
    text: str = ""
    """Our own short wording of the ability."""


class Planet(Entry):
    id: str
    name: str
    basic: Side
    upgraded: Side
    expansion: Literal["base", "edge_of_war"] = "base"

    @model_validator(mode="after")
    def _sides(self) -> Planet:
        if self.upgraded.cost <= self.basic.cost:
            raise ValueError(f"{self.name}: the upgraded side must cost more than the basic side")
        if self.basic.vp != 1:
            raise ValueError(f"{self.name}: every basic side is worth 1 VP (official FAQ)")
        return self


class UniversalRuleContent(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    planets: tuple[Planet, ...]
    universal_rule_vp: int = Field(6, ge=1, le=15)

    @model_validator(mode="after")
    def _counts(self) -> UniversalRuleContent:
        base = [p for p in self.planets if p.expansion == "base"]
        edge = [p for p in self.planets if p.expansion == "edge_of_war"]
        if len(base) != BASE_PLANETS:
            raise ValueError(f"the base game has {BASE_PLANETS} planets, not {len(base)}")
        if len(edge) not in (0, EDGE_OF_WAR_PLANETS):
            raise ValueError(f"Edge of War adds {EDGE_OF_WAR_PLANETS} planets, not {len(edge)}")
        for what, values in (("id", [p.id for p in self.planets]),
                             ("name", [p.name for p in self.planets])):
            if len(set(values)) != len(values):
                raise ValueError(f"two planets share a {what}")
        return self


def load_content(source: str | Path | dict) -> UniversalRuleContent:
    return core_content.load(UniversalRuleContent, source)


@cache
def default_content() -> UniversalRuleContent:
    return load_content(DATA)
