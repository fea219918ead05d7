"""ULTIA's detail views (issue 23): one per Exploration Plan, each with its whole effect."""

from __future__ import annotations

import random

from tests.games.ultia.helpers import TEST_PLANS

from ludoverse.core.help import PROVENANCES
from ludoverse.games.ultia import GAME
from ludoverse.games.ultia.content import default_plans


def test_every_shipped_plan_has_one_component() -> None:
    """UL-PLAN-1: every plan of every shipped list, keyed ``plan:<id>``."""
    comps = GAME.components()
    keys = [c.key for c in comps]
    assert len(keys) == len(set(keys))
    want = {f"plan:{p.id}" for name in ("standard", "with_no_trump")
            for p in default_plans(name).plan}
    assert set(keys) == want
    for c in comps:
        assert c.kind == "Exploration Plan"
        assert c.text and c.name and c.provenance in PROVENANCES
        assert dict(c.facts)["Progress"].endswith("%")


def test_text_says_everything_needed_to_judge_a_bid() -> None:
    """UL-PLAN-4, UL-BID-12, UL-EXP-4: goal, stake, trump timing and reveals are all there."""
    by_key = {c.key: c for c in GAME.components()}
    ultia = by_key["plan:ultia"].text
    assert "last trick" in ultia and "14%" in ultia and "7%" in ultia
    assert "named together with the bid" in ultia
    scouted = by_key["plan:scouted_expedition"].text
    assert "each Sub Surveyor shows 2 cards of their choice" in scouted
    assert "No suit is trump" in by_key["plan:silent_running"].text


def test_custom_content_is_described() -> None:
    comps = GAME.components(TEST_PLANS)
    assert [c.key for c in comps] == [f"plan:{p['id']}" for p in TEST_PLANS["plan"]]


def test_observed_plans_resolve() -> None:
    """The plan ids an observation shows (standing bid, adopted plan, years) are all keys."""
    keys = {c.key for c in GAME.components()}
    for seed in range(8):
        s = GAME.new_game(players=3, seed=seed, options={"plan_list": "with_no_trump"})
        rng = random.Random(seed)
        while not s.is_terminal():
            obs = s.observation(seed % 3)
            ids = [obs["plan"], obs["bidding"]["high_plan"], *(r["plan"] for r in obs["rounds"])]
            for i in ids:
                assert i is None or f"plan:{i}" in keys
            s.apply(rng.choice(s.legal_actions()))
