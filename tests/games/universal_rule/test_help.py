"""Universal Rule's detail views (issue 23): every planet and the Universal Rule card."""

from __future__ import annotations

import random

from ludoverse.core.help import PROVENANCES
from ludoverse.games.universal_rule import GAME


def _keys() -> set[str]:
    return {c.key for c in GAME.components()}


def test_components_cover_the_content() -> None:
    """UR-SETUP-2: the 17 planets, the 3 of Edge of War and the Universal Rule card."""
    comps = GAME.components()
    keys = [c.key for c in comps]
    assert len(keys) == len(set(keys)) == 21
    assert {c.kind for c in comps} == {"Planet", "Scoring Card"}
    assert "scoring_card:universal_rule" in keys
    for c in comps:
        assert c.name and c.text and c.provenance in PROVENANCES
        if c.provenance == "public":
            assert c.source


def test_planet_text_gives_both_sides() -> None:
    """UR-SETUP-3, UR-UPGRADE-1: the detail shows both sides with costs, stats and abilities."""
    lyzin = next(c for c in GAME.components() if c.key == "planet:lyzin")
    assert "Basic side: costs 2" in lyzin.text and "Upgraded side: costs 6" in lyzin.text
    assert "Minor Thug" in lyzin.text and "Major Thug" in lyzin.text
    assert dict(lyzin.facts)["Cost"] == "2 / 6"
    assert lyzin.provenance == "public" and lyzin.source


def test_observed_planets_resolve() -> None:
    """Every planet an observation shows (galaxies, hands, discard, battle) has a component."""
    keys = _keys()
    for seed in range(4):
        s = GAME.new_game(players=5, seed=seed, options={"edge_of_war": True})
        rng = random.Random(seed)
        while not s.is_terminal():
            obs = s.observation(seed % 5)
            cards = list(obs["discard"])
            for pv in obs["players_view"]:
                cards += pv["planets"] + pv.get("hand", []) + pv.get("known_hand", [])
            for c in cards:
                assert f"planet:{c['key']}" in keys
            s.apply(rng.choice(s.legal_actions()))
