"""Multiuniversum's detail views (issue 23): transformers, portals, tool kinds, action cards."""

from __future__ import annotations

import random
import re
from collections import Counter

from ludoverse.core.help import PROVENANCES
from ludoverse.games.multiuniversum import GAME
from ludoverse.games.multiuniversum.content import default_content


def portal_key(name: str) -> str:
    """How the board keys a portal it shows (the observation names it, with no id)."""
    return "portal:" + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def test_components_cover_the_content() -> None:
    """MU-SETUP-2: 5 transformers, 20 portals, 50 action cards and the 5 tool kinds."""
    comps = GAME.components()
    keys = [c.key for c in comps]
    assert len(keys) == len(set(keys))
    assert Counter(c.kind for c in comps) == {"Transformer": 5, "Portal": 20, "Tool": 5,
                                              "Action Card": 50}
    for c in comps:
        assert c.name and c.text and c.provenance in PROVENANCES


def test_texts_give_the_whole_effect() -> None:
    """MU-ABILITY-1, MU-ACTION-5, MU-SCORE-2, MU-SCORE-3: ability, seal cost, DP and sets."""
    by_key = {c.key: c for c in GAME.components()}
    assert "Only you learn the new order" in by_key["transformer:1"].text
    gate = by_key["portal:tidal_gate"]
    assert "Cryo Coil" in gate.text and "2 DP" in gate.text and "Omni set" in gate.text
    card = by_key["card:red-01"].text
    for t in range(1, 6):
        assert f"On transformer {t} " in card
    assert "Plasma Torch" in card


def test_board_keys_resolve() -> None:
    """Every piece an observation shows has a component under the key the board computes:
    transformers by number, portals from their name, cards and tools by their content id."""
    keys = {c.key for c in GAME.components()}
    for p in default_content().portals:
        assert portal_key(p.name) == f"portal:{p.id}"
    for players, seed in ((1, 0), (3, 1), (5, 2)):
        s = GAME.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            obs = s.observation(0)
            portals = [t["face_up"] for t in obs["transformers"] if t["face_up"]]
            portals += [p for t in obs["transformers"] for p in t["stack"] if p]
            cards = list(obs["discard"])
            for lab in obs["labs"]:
                portals += lab["sealed"] + lab["lost"]
                cards += lab["tools"] + lab.get("hand", []) + lab.get("play_area", [])
            assert {portal_key(p["name"]) for p in portals} <= keys
            assert {f"card:{c['name']}" for c in cards} <= keys
            assert {f"tool:{c['tool']}" for c in cards} <= keys
            assert {f"transformer:{t['number']}" for t in obs["transformers"]} <= keys
            s.apply(rng.choice(s.legal_actions()))
