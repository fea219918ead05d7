"""Universal Rule content: the shipped planet data and the loader's checks.

Six base planets and two Edge of War planets carry the public pre-production values of the
designer's development wiki; the rest is designed by us (see the header of the data file).
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoverse.core.content import ContentError
from ludoverse.games.universal_rule.content import (
    BASE_PLANETS,
    EDGE_OF_WAR_PLANETS,
    Planet,
    default_content,
    load_content,
)

PUBLIC_BASE = {"Nevenell", "Dezzerek", "Lyzin", "Wim Star", "Quysin", "Cheroa"}
PUBLIC_EDGE = {"Roza System", "Wovis"}
EDGE_NAMES = {"Roza System", "Wovis", "Vianov"}

# Published pre-production numbers: (cost, income, military, vp) per side; basic VP = 1 (FAQ).
# Lyzin's upgraded VP is "?" on the wiki, so it is left out (None).
PUBLISHED: dict[str, tuple[tuple[int, int, int, int], tuple[int, int, int, int | None]]] = {
    "Nevenell": ((0, 3, 4, 1), (6, 1, 5, 2)),
    "Dezzerek": ((4, 2, 5, 1), (6, 3, 6, 2)),
    "Lyzin": ((2, 2, 4, 1), (6, 2, 8, None)),
    "Wim Star": ((1, 2, 6, 1), (12, 2, 8, 4)),
    "Quysin": ((2, 2, 2, 1), (12, 4, 5, 3)),
    "Cheroa": ((2, 2, 2, 1), (10, 4, 6, 2)),
    "Roza System": ((1, 3, 2, 1), (9, 4, 7, 3)),
    "Wovis": ((2, 3, 3, 1), (7, 2, 4, 3)),
}


def planets() -> tuple[Planet, ...]:
    return default_content().planets


def planet(name: str) -> Planet:
    return next(p for p in planets() if p.name == name)


def dumped() -> dict[str, Any]:
    """The shipped content as plain JSON data, to build bad variants from."""
    return default_content().model_dump(mode="json")


def test_shipped_file_loads() -> None:
    content = default_content()
    assert content.universal_rule_vp == 6
    assert len(content.planets) == BASE_PLANETS + EDGE_OF_WAR_PLANETS


def test_planet_counts_by_expansion() -> None:
    base = [p for p in planets() if p.expansion == "base"]
    edge = [p for p in planets() if p.expansion == "edge_of_war"]
    assert len(base) == 17
    assert len(edge) == 3
    assert {p.name for p in edge} == EDGE_NAMES


def test_every_entry_has_provenance_and_public_ones_a_source() -> None:
    for p in planets():
        assert p.provenance in ("public", "reconstructed"), p.name
        assert p.note, p.name
        if p.provenance == "public":
            assert p.source and p.source.startswith("http"), p.name
    public = {p.name for p in planets() if p.provenance == "public"}
    assert public == PUBLIC_BASE | PUBLIC_EDGE


def test_no_side_costs_five() -> None:
    for p in planets():
        assert 5 not in (p.basic.cost, p.upgraded.cost), p.name


def test_every_basic_side_is_one_vp() -> None:
    assert all(p.basic.vp == 1 for p in planets())


def test_upgraded_costs_more_than_basic() -> None:
    for p in planets():
        assert p.upgraded.cost > p.basic.cost, p.name


def test_designer_ranges() -> None:
    for p in planets():
        b, u = p.basic, p.upgraded
        assert 0 <= b.cost <= 4 and 6 <= u.cost <= 12, p.name
        assert 1 <= b.income <= 3 and 1 <= u.income <= 5, p.name
        assert 2 <= b.military <= 8 and 4 <= u.military <= 10, p.name
        assert 2 <= u.vp <= 4, p.name


def test_wings_on_the_basic_side() -> None:
    for p in planets():
        assert p.basic.fleet == p.basic.military, p.name
        assert p.upgraded.fleet == 0, p.name


def test_one_glommer_per_action() -> None:
    glommed = [s.ability.action for p in planets() if p.expansion == "base"
               for s in (p.basic, p.upgraded) if s.ability and s.ability.kind == "glommer"]
    assert sorted(glommed) == sorted(["explore", "colonize", "upgrade", "produce", "attack"])


def test_every_ability_has_our_text() -> None:
    for p in planets():
        for side in (p.basic, p.upgraded):
            assert bool(side.ability) == bool(side.text), p.name


def test_published_numbers_exact() -> None:
    nevenell = planet("Nevenell").basic
    assert (nevenell.cost, nevenell.military, nevenell.income) == (0, 4, 3)
    wim = planet("Wim Star").upgraded
    assert (wim.cost, wim.vp) == (12, 4)
    quysin = planet("Quysin").upgraded
    assert (quysin.cost, quysin.income, quysin.vp) == (12, 4, 3)


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_published_numbers_all(name: str) -> None:
    p = planet(name)
    for side, expected in zip((p.basic, p.upgraded), PUBLISHED[name], strict=True):
        cost, income, military, vp = expected
        assert (side.cost, side.income, side.military) == (cost, income, military)
        if vp is not None:
            assert side.vp == vp


def test_public_abilities_mapped() -> None:
    kinds = {p.name: (p.basic.ability.kind if p.basic.ability else None,
                      p.upgraded.ability.kind if p.upgraded.ability else None)
             for p in planets() if p.provenance == "public"}
    assert kinds == {
        "Nevenell": ("destroy_on_colonize", "cockroach"),
        "Dezzerek": ("exclusive_cost", "victor"),
        "Lyzin": ("thug", "thug"),
        "Wim Star": ("cannot_win", "attack_counter"),
        "Quysin": ("glommer", "victor"),
        "Cheroa": ("glommer", "victor"),
        "Roza System": ("cannot_attack", "shield_others"),
        "Wovis": ("restart", "instigator"),
    }
    assert planet("Vianov").upgraded.ability is not None
    assert planet("Vianov").upgraded.ability.kind == "eater_of_worlds"


def test_dump_round_trips() -> None:
    assert load_content(dumped()) == default_content()


def test_rejects_glommer_without_action() -> None:
    data = dumped()
    cheroa = next(p for p in data["planets"] if p["name"] == "Cheroa")
    cheroa["basic"]["ability"]["action"] = None
    with pytest.raises(ContentError, match="glommer ability needs action"):
        load_content(data)


def test_rejects_upgraded_side_costing_less() -> None:
    data = dumped()
    quysin = next(p for p in data["planets"] if p["name"] == "Quysin")
    quysin["upgraded"]["cost"] = 1
    with pytest.raises(ContentError, match="Quysin: the upgraded side must cost more"):
        load_content(data)


def test_rejects_wrong_number_of_base_planets() -> None:
    data = dumped()
    data["planets"] = [p for p in data["planets"] if p["name"] != "Dravos"]
    with pytest.raises(ContentError, match="the base game has 17 planets, not 16"):
        load_content(data)
