"""ULTRAMASSIVE content: the shipped (mostly reconstructed) card data, its provenance, and the
loader's checks, each failing with a message that names the problem.

Bad variants are built from the default content's ``model_dump(mode="json")`` and loaded with
``load_content``.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

from ludoverse.core.content import ContentError
from ludoverse.games.ultramassive.content import (
    ACTION_CARDS,
    UltramassiveContent,
    default_content,
    load_content,
)
from ludoverse.games.ultramassive.game import GAME

GROUPS = ("anomalies", "cores", "action_cards", "siphon_rewards", "draft_options",
          "draft_tokens", "challenges", "resource_cards")


def data() -> dict[str, Any]:
    return default_content().model_dump(mode="json")


def refused(d: dict[str, Any], message: str) -> None:
    with pytest.raises(ContentError, match=re.escape(message)):
        load_content(d)


def card(d: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in d["action_cards"] if c["id"] == cid)


def test_the_default_content_loads_from_its_own_dump() -> None:
    """The shipped content survives a dump and reload unchanged."""
    assert load_content(data()) == default_content()
    assert isinstance(default_content(), UltramassiveContent)


# UM-EFFECT-1
def test_every_entry_has_a_provenance_and_designed_ones_say_why() -> None:
    """Each entry is rulebook or reconstructed, every reconstructed one has a note, and the
    rulebook draft options are the rulebook's pool."""
    c = default_content()
    entries = [x for g in GROUPS for x in getattr(c, g)] + [c.draft]
    assert {x.provenance for x in entries} == {"rulebook", "reconstructed"}
    assert all(x.note for x in entries if x.provenance == "reconstructed")
    rulebook = {o.id for o in c.draft_options if o.provenance == "rulebook"}
    assert rulebook == {"antimatter", "orbit_1", "orbit_2", "orbit_3", "blue_giant",
                        "supergiant", "primordial", "discovery_1", "discovery_2",
                        "discovery_3", "cycle", "ex_antimatter_blue_giant",
                        "ex_discovery_supergiant", "ex_matter_discovery"}


# UM-SETUP-2, UM-SETUP-4
def test_the_shipped_file_has_every_component() -> None:
    """15 Anomalies (one per type and tier), 6 Cores, 50 Action Cards, 10 tokens, 10 Challenges,
    18 Resource cards."""
    c = default_content()
    assert len(c.anomalies) == 15 and len(c.cores) == 6
    assert sum(a.copies for a in c.action_cards) == ACTION_CARDS == 50
    assert len(c.draft_tokens) == 10 and len(c.challenges) == 10
    assert len(c.resource_cards) == 18
    assert Counter((a.type, a.tier) for a in c.anomalies) == {
        (t, r): 1 for t in ("siphon", "matter", "orbit") for r in ("1", "2A", "2B", "3", "4")}


def test_an_entry_without_provenance_is_refused() -> None:
    """The error names the entry and the missing field."""
    d = data()
    del d["anomalies"][3]["provenance"]
    refused(d, "anomalies.3.provenance: Field required")


def test_an_unknown_provenance_is_refused() -> None:
    """Only rulebook, public and reconstructed are provenances."""
    d = data()
    d["challenges"][0]["provenance"] = "guessed"
    refused(d, "challenges.0.provenance")


def test_a_public_entry_must_name_its_source() -> None:
    """A public entry without a source is refused; with one it loads."""
    d = data()
    d["cores"][0]["provenance"] = "public"
    refused(d, "an entry with provenance 'public' must name its source")
    d["cores"][0]["source"] = "https://example.org/ultramassive-cores"
    assert load_content(d).cores[0].provenance == "public"


@pytest.mark.parametrize(("cid", "copies", "total"), [("solar_wind", 4, 51),
                                                       ("heat_sink", 1, 48)])
def test_an_action_deck_of_the_wrong_size_is_refused(cid: str, copies: int, total: int) -> None:
    """One copy too many or two too few: the error gives both counts."""
    d = data()
    card(d, cid)["copies"] = copies
    refused(d, f"the Action deck has 50 cards, not {total}")


# UM-SOLO-4
def test_the_solo_power_counts_are_checked() -> None:
    """One Power-2 Siphon card turned Power 3: solo would remove only 2 Siphon cards."""
    d = data()
    card(d, "corona_drain")["power"] = 3
    refused(d, "removes exactly the 4 Siphon cards of Power 2 and the 2 Matter cards of "
               "Power 1; this deck has 2 and 2")


# UM-SOLO-4
def test_the_solo_matter_count_is_checked_with_a_full_deck() -> None:
    """A 50-card deck with one Power-1 Matter card is refused."""
    d = data()
    card(d, "rogue_star")["copies"] = 1
    card(d, "protostar_cloud")["copies"] = 3
    refused(d, "this deck has 4 and 1")


@pytest.mark.parametrize("where", ["set1", "set2", "token"])
def test_an_unknown_draft_option_is_refused(where: str) -> None:
    """A draft space or token option that names no option is refused by name."""
    d = data()
    if where == "token":
        d["draft_tokens"][4]["options"][2] = "warp_drive"
    else:
        d["draft"][where][0] = "warp_drive"
    refused(d, "unknown draft option 'warp_drive'")


def test_a_draft_set_needs_four_to_seven_spaces() -> None:
    """A set of three spaces, or of eight, is refused: four players pick one space each."""
    d = data()
    d["draft"]["set1"] = d["draft"]["set1"][:3]
    refused(d, "draft.set1")
    d = data()
    d["draft"]["set2"] = [*d["draft"]["set2"], "orbit_1"]
    refused(d, "draft.set2")


def test_both_basic_draft_sets_have_as_many_spaces() -> None:
    d = data()
    d["draft"]["set1"] = d["draft"]["set1"][:5]
    refused(d, "as many spaces")


def test_anomaly_costs_must_rise_with_the_tier() -> None:
    """An Orbit Tier 3 as dear as its Tier 4 is refused."""
    d = data()
    next(a for a in d["anomalies"] if a["id"] == "orbit_3")["cost"] = 8
    refused(d, "orbit Anomaly costs must rise with the tier")


def test_one_anomaly_per_type_and_tier() -> None:
    """Two Matter Tier 2A Anomalies are refused."""
    d = data()
    next(a for a in d["anomalies"] if a["id"] == "matter_2b")["tier"] = "2A"
    refused(d, "exactly one Anomaly per type (siphon, matter, orbit) and tier")


def test_the_six_core_anomalies_are_required() -> None:
    """Five Cores are refused."""
    d = data()
    d["cores"] = d["cores"][:5]
    refused(d, "one Core Anomaly each of alpha, beta, gamma, delta, epsilon, omega")


def test_two_entries_may_not_share_an_id() -> None:
    """Two Challenges with one id are refused."""
    d = data()
    d["challenges"][1]["id"] = d["challenges"][0]["id"]
    refused(d, "two Challenges share an id")


@pytest.mark.parametrize(("group", "keep", "message"), [
    ("challenges", 4, "solo Hard draws 5 Challenge cards"),
    ("resource_cards", 11, "at least 12"),
    ("draft_tokens", 1, "needs at least 2 Draft tokens"),
])
def test_solo_and_advanced_components_must_suffice(group: str, keep: int, message: str) -> None:
    """Too few Challenges, Resource cards or Draft tokens are refused."""
    d = data()
    d[group] = d[group][:keep]
    refused(d, message)


def test_a_draft_option_is_antimatter_or_has_effects() -> None:
    """An Antimatter space with effects of its own is refused."""
    d = data()
    option = next(o for o in d["draft_options"] if o["id"] == "antimatter")
    option["do"] = [{"op": "discovery", "n": 1}]
    refused(d, "draft option antimatter: either antimatter = true or effects")


def test_a_passive_may_not_trigger_itself() -> None:
    """A Passive that Siphons whenever you Siphon is refused."""
    d = data()
    combustion = next(a for a in d["anomalies"] if a["id"] == "siphon_2b")
    combustion["passive"] = [{"on": "siphon", "do": [{"op": "siphon"}]}]
    refused(d, "a Passive on 'siphon' may not siphon again")


def test_a_game_plays_with_loaded_content() -> None:
    """A game built from a modified dict uses it."""
    d = data()
    next(a for a in d["anomalies"] if a["id"] == "orbit_1")["name"] = "Slow Drift"
    s = GAME.new_game(players=2, content=d)
    assert s.content.anomaly_order[10].name == "Slow Drift"
    assert s.rules.abilities[10].name == "Slow Drift"
