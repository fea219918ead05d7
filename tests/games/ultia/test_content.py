"""The Exploration Plan List: what a plan is, our reconstructed list, and how a plan file is
checked on load (docs/rules/ultia.md, section 2)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from ludoverse.core.content import ContentError
from ludoverse.games.ultia import GAME
from ludoverse.games.ultia.content import MAX_PLANS, default_plans, load_plans

from .helpers import TEST_PLANS, bid, new_round, plan


def plans_with(**changes: Any) -> dict[str, Any]:
    """The test plan list with the first plan's fields changed."""
    data = copy.deepcopy(TEST_PLANS)
    data["plan"][0].update(changes)
    return data


# UL-PLAN-1, UL-EXP-1
def test_every_plan_has_progress_conditions_and_a_trump_timing() -> None:
    plans = default_plans()
    assert plans.plan, "the shipped list is not empty"
    for p in plans.plan:
        assert p.progress > 0
        assert p.conditions.model_fields_set, f"{p.id} has no condition"
        # The rulebook's two timings only: every year of the standard list has a trump suit.
        assert p.trump in ("exploration", "bid"), p.id
        assert p.name and p.description


# UL-OPT-15, UL-EXP-3
def test_the_no_trump_list_is_the_standard_list_plus_two_no_trump_plans() -> None:
    standard, extended = default_plans("standard"), default_plans("with_no_trump")
    assert GAME.default_content() is standard
    extra = [p for p in extended.plan if p not in standard.plan]
    assert [p.id for p in extra] == ["silent_running", "open_silent_running"]
    assert all(p.trump == "none" and p.provenance == "reconstructed" for p in extra)
    assert [p for p in extended.plan if p not in extra] == list(standard.plan)
    assert "not in the rulebook" in extended.name


# UL-OPT-15
def test_the_plan_list_option_chooses_the_shipped_list() -> None:
    s = GAME.new_game(players=3, seed=2)
    assert s.opts.plan_list == "standard" and s.plans is default_plans("standard")
    t = GAME.new_game(players=3, seed=2, options={"plan_list": "with_no_trump"})
    assert t.plans is default_plans("with_no_trump")
    # A save names the option, not the list: it comes back with the same shipped list.
    saved = t.to_json()
    assert saved["content"] is None
    assert GAME.state_from_json(saved).plans is t.plans
    # A list of the players' own replaces either shipped list.
    own = GAME.new_game(players=3, seed=2, options={"plan_list": "with_no_trump"},
                        content=TEST_PLANS)
    assert [p.id for p in own.plans.plan] == [p["id"] for p in TEST_PLANS["plan"]]


# UL-PLAN-1
def test_every_player_bids_from_the_same_list() -> None:
    s = GAME.new_game(players=3, seed=2)
    assert s.plans is GAME.default_content()
    ids = [p.id for p in s.plans.plan]
    assert s.observation(s.dealer)["legal_actions"] == [2 + i for i in range(len(ids))]


# UL-PLAN-2
def test_our_list_is_marked_reconstructed_and_covers_the_rulebook_examples() -> None:
    plans = default_plans().plan
    assert all(p.provenance == "reconstructed" for p in plans)
    # The rulebook's two example plans: win every trick; win 5+ cards of rank 7 or more.
    assert any(p.conditions.tricks_min == 10 for p in plans)
    assert any(
        p.conditions.high_cards is not None
        and (p.conditions.high_cards.rank_min, p.conditions.high_cards.count) == (7, 5)
        for p in plans
    )
    # Every mechanic the rulebook mentions is used by at least one plan.
    assert {p.trump for p in plans} >= {"exploration", "bid"}
    assert any(p.reveal is not None for p in plans)


# UL-PLAN-3
def test_plans_are_listed_by_strictly_increasing_progress() -> None:
    values = [p.progress for p in default_plans().plan]
    assert values == sorted(values)
    assert len(set(values)) == len(values)


# UL-PLAN-3
def test_two_plans_with_the_same_progress_are_refused() -> None:
    data = copy.deepcopy(TEST_PLANS)
    data["plan"][1]["progress"] = data["plan"][0]["progress"]
    with pytest.raises(ContentError, match="distinct progress"):
        load_plans(data)


# UL-PLAN-3
def test_a_list_out_of_order_is_refused() -> None:
    data = copy.deepcopy(TEST_PLANS)
    data["plan"].reverse()
    with pytest.raises(ContentError, match="increasing progress"):
        load_plans(data)


# UL-PLAN-5
def test_a_file_that_is_not_toml_is_refused_with_its_path(tmp_path: Path) -> None:
    bad = tmp_path / "plans.toml"
    bad.write_text("[[plan]\nid = 'x'\n")
    with pytest.raises(ContentError, match="not valid TOML") as err:
        GAME.new_game(players=3, seed=0, content=bad)
    assert str(bad) in str(err.value)


# UL-PLAN-5
def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not found"):
        load_plans(tmp_path / "nowhere.toml")


# UL-PLAN-5
@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"colour": "red"}, "plan.0.colour", "Extra inputs"),
        ({"conditions": {"tricks_min": 5, "tricks_mni": 6}}, "plan.0.conditions.tricks_mni",
         "Extra inputs"),
        ({"progress": 0}, "plan.0.progress", "greater than or equal to 1"),
        ({"trump": "sometimes"}, "plan.0.trump", "'exploration', 'bid' or 'none'"),
        ({"provenance": "guess"}, "plan.0.provenance", "'rulebook', 'public' or 'reconstructed'"),
        ({"provenance": "public"}, "plan.0", "must name its source"),
        ({"conditions": {}}, "plan.0.conditions", "at least one condition"),
        ({"conditions": {"win_tricks": [11]}}, "plan.0.conditions", "trick numbers 1-10"),
        ({"conditions": {"tricks_min": 6, "tricks_max": 2}}, "plan.0.conditions",
         "tricks_min is above tricks_max"),
        ({"trump": "none", "conditions": {"trumps_won_min": 3}}, "plan.0",
         "trump conditions in a no-trump plan"),
        ({"reveal": {"who": "main", "cards": "choose"}}, "plan.0.reveal",
         "count is required"),
        ({"id": "Bad Id"}, "plan.0.id", "should match pattern"),
    ],
)
def test_a_bad_plan_is_refused_naming_the_field(
    changes: dict[str, Any], field: str, message: str
) -> None:
    with pytest.raises(ContentError) as err:
        load_plans(plans_with(**changes))
    text = str(err.value)
    assert f": {field}:" in text, text
    assert message in text, text


# UL-PLAN-5
def test_a_missing_field_is_named() -> None:
    data = copy.deepcopy(TEST_PLANS)
    del data["plan"][2]["description"]
    with pytest.raises(ContentError, match=r"plan\.2\.description: Field required"):
        load_plans(data)


# UL-PLAN-5
def test_list_level_mistakes_are_refused() -> None:
    twins = copy.deepcopy(TEST_PLANS)
    twins["plan"][1]["id"] = twins["plan"][0]["id"]
    with pytest.raises(ContentError, match="plan ids must be unique"):
        load_plans(twins)
    too_many = {"plan": [plan(f"p{i}", i + 1, tricks_min=5) for i in range(MAX_PLANS + 1)]}
    with pytest.raises(ContentError, match=f"1 to {MAX_PLANS} plans"):
        load_plans(too_many)
    with pytest.raises(ContentError, match="plan"):
        load_plans({"name": "empty"})


# UL-PLAN-5
def test_a_players_own_plan_file_is_used_when_valid(tmp_path: Path) -> None:
    own = tmp_path / "my_plans.toml"
    own.write_text(
        'name = "my table"\n'
        "[[plan]]\n"
        'id = "easy"\nname = "Easy"\nprogress = 5\ntrump = "exploration"\n'
        'conditions = { tricks_min = 4 }\ndescription = "Win 4 tricks."\n'
        'provenance = "public"\nsource = "my own copy of the game"\n'
        "[[plan]]\n"
        'id = "hard"\nname = "Hard"\nprogress = 50\ntrump = "bid"\n'
        'conditions = { tricks_min = 9 }\ndescription = "Win 9 tricks."\n'
        'provenance = "reconstructed"\n'
    )
    s = GAME.new_game(players=3, seed=0, content=own, options={"first_dealer": "seat0"})
    assert [p.id for p in s.plans.plan] == ["easy", "hard"]
    bid(s, "hard", trump="S")  # nothing is higher, so both others must pass
    view = s.observation(None)
    assert (view["plan"], view["trump"], view["main_surveyor"]) == ("hard", "Scanners", 0)


# UL-PLAN-1
def test_the_test_plan_list_is_itself_valid() -> None:
    s = new_round()
    assert [p.progress for p in s.plans.plan] == sorted(p.progress for p in s.plans.plan)
