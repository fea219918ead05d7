"""Every ULTRAMASSIVE piece the board shows has a detail view (issue 23): one component per
Anomaly, Core Anomaly, Action Card, Challenge, Resource card, Draft token and token, with its
whole effect, and the board's keys always find one."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ludoverse
from ludoverse.core.help import PROVENANCES
from ludoverse.games.ultramassive.content import TIERS, TYPES, default_content
from ludoverse.games.ultramassive.help import slug

GAME = ludoverse.load("ultramassive")
BOARD = Path(ludoverse.__file__).parent / "web" / "static" / "js" / "boards" / "ultramassive.js"
COMPONENTS = GAME.components()
KEYS = {c.key for c in COMPONENTS}


def test_keys_are_unique_and_every_piece_is_described() -> None:
    assert len(KEYS) == len(COMPONENTS)
    content = default_content()
    kinds = {k.split(":", 1)[0] for k in KEYS}
    assert {"anomaly", "core", "card", "challenge", "resource_card", "draft_token",
            "token", "piece"} <= kinds
    assert sum(k.startswith("anomaly:") for k in KEYS) == 15  # UM-EFFECT-1: 15 Anomalies
    assert sum(k.startswith("core:") for k in KEYS) == 6
    assert sum(k.startswith("card:") for k in KEYS) == len(content.action_cards)
    for c in COMPONENTS:
        assert c.name and c.kind and len(c.text) > 20, c
        assert re.fullmatch(r"[a-z_]+:[a-z0-9_]+", c.key), c.key
        assert c.provenance in PROVENANCES
        assert c.provenance != "public" or c.source


def test_every_kind_the_board_marks_has_components() -> None:
    js = BOARD.read_text()
    marked = set(re.findall(r"component: [`\"](\w+):", js))
    marked |= set(re.findall(r"Key = \(\w\) => [^\n]*?`(\w+):", js))
    assert {"anomaly", "core", "card", "challenge"} <= marked
    kinds = {k.split(":", 1)[0] for k in KEYS}
    assert marked <= kinds, marked - kinds


def test_a_card_text_gives_its_whole_effect() -> None:
    card = next(c for c in COMPONENTS if c.key == "card:solar_wind")
    assert card.kind == "Siphon Action Card"
    assert "Empowered" in card.text and "Tier 3" in card.text  # UM-ACT-6
    assert dict(card.facts)["Power"] == "1"
    tier3 = next(c for c in COMPONENTS if c.key == "anomaly:matter_3")
    assert "Empowered effects of Matter Action Cards" in tier3.text
    assert dict(tier3.facts)["Cost"] == "6 Discovery"


def test_the_board_can_name_every_card_and_anomaly_by_its_shown_name() -> None:
    """The observation shows Action Cards and Challenges by name and the supply's Anomalies by
    type and tier: the shipped ids follow from those."""
    content = default_content()
    assert all(slug(c.name) == c.id for c in content.action_cards)
    assert all(slug(c.name) == c.id for c in content.challenges)
    for t in TYPES:
        for tier in TIERS:
            assert f"anomaly:{t}_{tier.lower()}" in KEYS


@pytest.mark.parametrize(("players", "options"), [
    (1, None), (2, {"preset": "advanced"}), (4, {"preset": "advanced"}), (4, None)])
def test_the_observation_of_random_games_always_finds_a_component(
        players: int, options: dict | None) -> None:
    rng = random.Random(players)
    s = GAME.new_game(players=players, seed=players, options=options)
    seen = 0
    while not s.is_terminal():
        if rng.random() < 0.1:
            for seat in range(players):
                for key in keys_of(s.observation(seat)):
                    assert key in KEYS, key
                    seen += 1
        s.apply(rng.choice(s.legal_actions()))
    assert seen > 20


def keys_of(obs: dict) -> list[str]:
    """The keys the board computes from an observation (see ultramassive.js)."""
    out = [f"draft_token:{t}" for t in obs["draft"]["tokens"]]
    for pv in obs["players_view"]:
        out += [f"{'core' if a['type'] == 'core' else 'anomaly'}:{a['id']}"
                for a in pv["anomalies"] + pv["core_anomalies"]]
        if isinstance(pv["core_anomalies_waiting"], list):
            out += [f"core:{n.split()[0].lower()}" for n in pv["core_anomalies_waiting"]]
        hand = pv["hand"] if isinstance(pv["hand"], list) else []
        out += [f"card:{slug(c['name'])}" for c in hand + pv["played"]]
    solo = obs.get("solo")
    if solo:
        out += [f"challenge:{slug(c['name'])}" for c in solo["challenges"]]
        if isinstance(solo["resource_offer"], list):
            out += [f"resource_card:{r['id']}" for r in solo["resource_offer"]]
    return out
