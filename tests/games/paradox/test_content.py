"""PARADOX content: the shipped (mostly reconstructed) card data and the loader's checks.

How the data was designed: docs/decisions/paradox-content.md.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from ludoverse.core.content import ContentError
from ludoverse.games.paradox.content import (
    COLOURS,
    DATA,
    ERAS,
    ParadoxContent,
    default_content,
    load_content,
)

TIMELINE_COLOURS = ("red", "yellow", "blue")
WORLD_COLOURS = ("black", "white")
KNOWN_WORLDS = {"Alphoria": "rulebook", "Null Beta": "rulebook", "Elysium": "rulebook",
                "Faridae": "public"}
FARIDAE_SOURCE = "https://splitsecondgames.com/paradox-your-mission/"

# Colour balance tolerance: over the 45 Timeline cards, the totals of red, yellow and blue
# resources needed may differ by at most 3 (about a tenth of the 28 each), and so may the
# number of cards that need each colour. The shipped data is exactly balanced.
BALANCE_TOLERANCE = 3


def raw() -> dict[str, Any]:
    """The shipped file as a plain dict, to build bad variants from."""
    with DATA.open("rb") as fh:
        return tomllib.load(fh)


def timelines(c: ParadoxContent) -> list[tuple[str, str, Any]]:
    return [(w.name, era, getattr(w, era)) for w in c.worlds for era in ERAS]


@pytest.fixture(scope="module")
def content() -> ParadoxContent:
    return default_content()


# ---------------------------------------------------------------------------------------
# The shipped file


# PX-SETUP-1
def test_the_shipped_file_has_every_component(content: ParadoxContent) -> None:
    assert len(content.worlds) == 15
    assert len(content.assets) == 5
    assert len(content.research_goals) == 11
    assert len(content.flares) == 6
    assert len(content.maelstroms) == 5
    assert len(timelines(content)) == 45
    assert len(content.nexus_cells) == 15


# PX-SETUP-1
def test_default_content_is_the_shipped_file_and_is_cached(content: ParadoxContent) -> None:
    assert default_content() is content
    assert load_content(DATA) == content
    assert load_content(raw()) == content


# PX-SETUP-1
def test_every_world_has_past_present_and_future_timelines_and_a_nexus(
    content: ParadoxContent,
) -> None:
    for w in content.worlds:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", w.id), w.id
        assert [getattr(w, era).era for era in ERAS] == list(ERAS)
        assert 0 <= w.nexus.row < 5 and 0 <= w.nexus.column < 5
    assert len({w.id for w in content.worlds}) == 15
    assert len({w.name for w in content.worlds}) == 15


def test_known_world_names_carry_their_provenance(content: ParadoxContent) -> None:
    by_name = {w.name: w for w in content.worlds}
    for name, provenance in KNOWN_WORLDS.items():
        assert by_name[name].provenance == provenance, name
    faridae = by_name["Faridae"]
    assert faridae.source == FARIDAE_SOURCE
    assert "underwater" in (faridae.note or "")
    designed = [w for w in content.worlds if w.name not in KNOWN_WORLDS]
    assert len(designed) == 11
    for w in designed:
        assert w.provenance == "reconstructed", w.name
        assert w.note, f"{w.name}: a designed name says so in its note"


def test_card_details_and_nexus_spaces_are_all_designed(content: ParadoxContent) -> None:
    # No printed card is public, so every Timeline and Nexus entry is reconstructed.
    for name, era, t in timelines(content):
        assert t.provenance == "reconstructed", (name, era)
    for w in content.worlds:
        assert w.nexus.provenance == "reconstructed", w.name


def test_alphoria_present_costs_exactly_two_red(content: ParadoxContent) -> None:
    alphoria = next(w for w in content.worlds if w.name == "Alphoria")
    present = alphoria.present
    assert present.cost.counts() == (2, 0, 0, 0, 0)
    # The cost is the rulebook's, the asset is ours, so the card as a whole is designed.
    assert present.provenance == "reconstructed"
    assert "rulebook" in (present.note or "")


def test_atomic_energy_is_the_rulebook_asset(content: ParadoxContent) -> None:
    provenance = {a.id: a.provenance for a in content.assets}
    assert provenance.pop("atomic_energy") == "rulebook"
    assert content.asset_names["atomic_energy"] == "Atomic Energy"
    assert set(provenance.values()) == {"reconstructed"}


def test_every_public_entry_names_its_source(content: ParadoxContent) -> None:
    entries: list[Any] = [*content.assets, *content.research_goals, *content.flares,
                          *content.maelstroms, content.quake_track]
    for w in content.worlds:
        entries += [w, w.past, w.present, w.future, w.nexus]
    for e in entries:
        assert e.provenance in ("rulebook", "public", "reconstructed")
        if e.provenance == "public":
            assert e.source and e.source.startswith("https://"), e


# ---------------------------------------------------------------------------------------
# Research Assets


# PX-SETUP-1
def test_each_asset_is_on_nine_timeline_cards(content: ParadoxContent) -> None:
    counts = Counter(content.timeline_assets)
    assert counts == {a.id: 9 for a in content.assets}


def test_each_era_shows_each_asset_three_times(content: ParadoxContent) -> None:
    for era in ERAS:
        counts = Counter(getattr(w, era).asset for w in content.worlds)
        assert counts == {a.id: 3 for a in content.assets}, era


def test_a_worlds_three_timelines_show_three_different_assets(content: ParadoxContent) -> None:
    for w in content.worlds:
        assert len({w.past.asset, w.present.asset, w.future.asset}) == 3, w.name


# ---------------------------------------------------------------------------------------
# Costs


def test_every_timeline_costs_two_resources(content: ParadoxContent) -> None:
    # Re-priced after the balance simulation: the eras differ by time on the mat, Quake push
    # and colour mix, not by price.
    for name, era, t in timelines(content):
        assert t.cost.total == 2, f"{name} {era}: costs {t.cost.total}"
        primaries = [col for col in TIMELINE_COLOURS if getattr(t.cost, col)]
        assert primaries, f"{name} {era}: needs red, yellow or blue"


def test_only_past_cards_may_print_one_black_or_white(content: ParadoxContent) -> None:
    for name, era, t in timelines(content):
        c = t.cost
        if era == "past":
            assert c.black + c.white <= 1, f"{name} past: one black or white at most"
        else:
            assert c.black == c.white == 0, f"{name} {era}: black/white only on Past cards"
    assert any(t.cost.black for _, era, t in timelines(content) if era == "past")
    assert any(t.cost.white for _, era, t in timelines(content) if era == "past")


def test_a_future_needs_two_different_colours(content: ParadoxContent) -> None:
    def colours(cost: Any) -> set[str]:
        return {col for col in COLOURS if getattr(cost, col)}

    for w in content.worlds:
        assert len(colours(w.future.cost)) == 2, w.name
    # Past and Present cards may ask for a single colour; only the Future always mixes.
    for era in ("past", "present"):
        assert any(len(colours(getattr(w, era).cost)) == 1 for w in content.worlds), era


def test_red_yellow_and_blue_are_needed_about_equally(content: ParadoxContent) -> None:
    needed = Counter[str]()
    cards = Counter[str]()
    for _, _, t in timelines(content):
        for colour in COLOURS:
            n = getattr(t.cost, colour)
            needed[colour] += n
            cards[colour] += n > 0
    for tally in (needed, cards):
        values = [tally[c] for c in TIMELINE_COLOURS]
        assert max(values) - min(values) <= BALANCE_TOLERANCE, dict(tally)
    # Black and white stand in on Past cards; printed, they are a small minority.
    assert needed["black"] + needed["white"] < min(needed[c] for c in TIMELINE_COLOURS)


# ---------------------------------------------------------------------------------------
# Nexus cards


# PX-SETUP-1
def test_nexus_spaces_are_distinct_and_spread_over_the_matrix(content: ParadoxContent) -> None:
    spaces = [(w.nexus.row, w.nexus.column) for w in content.worlds]
    assert len(set(spaces)) == 15
    rows = Counter(r for r, _ in spaces)
    columns = Counter(c for _, c in spaces)
    assert all(rows[i] >= 2 and columns[i] >= 2 for i in range(5)), (rows, columns)
    edge = [s for s in spaces if 0 in s or 4 in s]
    interior = [s for s in spaces if s not in edge]
    assert len(edge) >= 5 and len(interior) >= 4
    assert [s for s in interior if s != (2, 2)], "the centre is not the only interior space"


# ---------------------------------------------------------------------------------------
# Research Goals


# PX-GOAL-1
def test_eleven_goals_split_over_the_rulebook_categories(content: ParadoxContent) -> None:
    goals = content.research_goals
    kinds = Counter(g.kind for g in goals)
    assert kinds == {"asset": 5, "era": 3, "nexus": 1, "shields": 1, "secret": 1}
    assert {g.target for g in goals if g.kind == "asset"} == {a.id for a in content.assets}
    assert {g.target for g in goals if g.kind == "era"} == set(ERAS)
    assert all(g.target is None for g in goals if g.kind in ("nexus", "shields", "secret"))
    assert len({g.id for g in goals}) == 11
    for g in goals:
        assert g.name and g.text, g.id


# PX-GOAL-1
def test_goal_provenance_marks_our_design(content: ParadoxContent) -> None:
    for g in content.research_goals:
        assert g.note, g.id
        # Only the Atomic Energy goal appears in the rulebook (in a scoring example).
        expected = "rulebook" if g.target == "atomic_energy" else "reconstructed"
        assert g.provenance == expected, g.id


# ---------------------------------------------------------------------------------------
# Flares, Maelstroms, Quake track


def test_flares_are_varied_and_use_every_colour_evenly(content: ParadoxContent) -> None:
    used = Counter[str]()
    for f in content.flares:
        assert max(Counter(f.colours).values()) < 3, f.colours
        used.update(f.colours)
    assert sum(used.values()) == 18
    assert set(used) == set(COLOURS)
    assert max(used.values()) - min(used.values()) <= 1, dict(used)
    assert len({f.colours for f in content.flares}) == 6


def test_maelstrom_costs_are_two_to_four_in_varied_colours(content: ParadoxContent) -> None:
    used = Counter[str]()
    for m in content.maelstroms:
        assert 2 <= m.cost.total <= 4, m.cost
        used.update({c: getattr(m.cost, c) for c in COLOURS})
    assert all(used[c] > 0 for c in COLOURS), dict(used)
    assert len({m.cost for m in content.maelstroms}) == 5


def test_the_quake_track_is_a_ring_of_the_fifteen_worlds(content: ParadoxContent) -> None:
    track = content.quake_track
    assert (track.spaces, track.start) == (15, 0)
    assert track.world_spaces == tuple(range(15))
    assert track.provenance == "reconstructed"


# ---------------------------------------------------------------------------------------
# Bad content is refused with a message naming the problem


def refused(data: dict[str, Any], match: str) -> None:
    with pytest.raises(ContentError, match=match):
        load_content(data)


# PX-SETUP-1
def test_a_duplicated_nexus_space_is_refused() -> None:
    data = raw()
    data["worlds"][1]["nexus"].update(row=data["worlds"][0]["nexus"]["row"],
                                      column=data["worlds"][0]["nexus"]["column"])
    refused(data, r"Nexus space \(\d, \d\) appears twice")


def test_a_nexus_off_the_matrix_is_refused() -> None:
    data = raw()
    data["worlds"][2]["nexus"]["column"] = 5
    refused(data, r"worlds\.2\.nexus\.column")


def test_an_unknown_asset_is_refused() -> None:
    data = raw()
    data["worlds"][0]["future"]["asset"] = "time_travel"
    refused(data, "Alphoria future: unknown Research Asset 'time_travel'")


# PX-SETUP-1
def test_fourteen_worlds_are_refused() -> None:
    data = raw()
    del data["worlds"][-1]
    refused(data, "PARADOX has 15 Worlds, not 14")


def test_a_timeline_costing_nothing_is_refused() -> None:
    data = raw()
    data["worlds"][3]["present"]["cost"] = {}
    refused(data, r"worlds\.3\.present.*at least one resource")


def test_an_unknown_colour_is_refused() -> None:
    data = raw()
    data["worlds"][0]["past"]["cost"] = {"purple": 2}
    refused(data, r"worlds\.0\.past\.cost\.purple")


def test_a_public_entry_without_source_is_refused() -> None:
    data = raw()
    faridae = next(w for w in data["worlds"] if w["name"] == "Faridae")
    del faridae["source"]
    refused(data, "provenance 'public' must name its source")


def test_an_unknown_provenance_is_refused() -> None:
    data = raw()
    data["assets"][0]["provenance"] = "guessed"
    refused(data, r"assets\.0\.provenance")


def test_a_card_filed_under_the_wrong_era_is_refused() -> None:
    data = raw()
    data["worlds"][0]["future"]["era"] = "past"
    refused(data, "Alphoria: the future card says era past")


def test_duplicate_world_ids_are_refused() -> None:
    data = raw()
    data["worlds"][1]["id"] = data["worlds"][0]["id"]
    refused(data, "World id 'alphoria' appears twice")


# PX-GOAL-1
def test_a_goal_whose_target_does_not_fit_its_kind_is_refused() -> None:
    data = raw()
    goal = next(g for g in data["research_goals"] if g["kind"] == "era")
    goal["target"] = "atomic_energy"
    refused(data, f"Research Goal {goal['id']}: target 'atomic_energy' does not fit kind 'era'")


# PX-GOAL-1
def test_a_goal_of_an_unknown_kind_is_refused() -> None:
    data = raw()
    data["research_goals"][0]["kind"] = "worlds"
    refused(data, r"research_goals\.0\.kind")


def test_a_flare_needs_exactly_three_colours() -> None:
    data = raw()
    data["flares"][0]["colours"] = ["red", "blue"]
    refused(data, r"flares\.0\.colours")


def test_unknown_fields_are_refused() -> None:
    data = raw()
    data["worlds"][0]["past"]["vp"] = 1
    refused(data, r"worlds\.0\.past\.vp")


def test_a_missing_or_broken_file_gives_a_content_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not found"):
        load_content(tmp_path / "nothing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[worlds]\n", encoding="utf-8")
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(bad)
