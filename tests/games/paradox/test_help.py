"""Every PARADOX piece the board shows has a detail view (issue 23): one component per Timeline,
Nexus, World, Research Goal, Scenario card, Matrix level and Alliance, with its whole effect,
and the keys the board computes from an observation always find one."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import ludoverse
from ludoverse.core.help import PROVENANCES
from ludoverse.games.paradox.content import default_content
from ludoverse.games.paradox.help import slug

GAME = ludoverse.load("paradox")
BOARD = Path(ludoverse.__file__).parent / "web" / "static" / "js" / "boards" / "paradox.js"
COMPONENTS = GAME.components()
KEYS = {c.key for c in COMPONENTS}
ERA_WORDS = ("Past", "Present", "Future")


def test_keys_are_unique_and_every_card_is_described() -> None:
    assert len(KEYS) == len(COMPONENTS)
    count = lambda kind: sum(k.startswith(f"{kind}:") for k in KEYS)  # noqa: E731
    # PX-SETUP-1: 45 Timelines, 15 Nexus cards, 15 Worlds, 3 Nebulas, 11 Research Goals
    assert (count("timeline"), count("nexus"), count("world"), count("nebula")) == (45, 15, 15, 3)
    assert count("goal") == 11
    # PX-SCEN-16: 5 Breakthrough, 6 Flare, 5 Parallel Universe, 5 Maelstrom, 3 Matrix cards
    assert (count("breakthrough"), count("flare"), count("parallel_universe"),
            count("maelstrom"), count("matrix_level")) == (5, 6, 5, 5, 3)
    for c in COMPONENTS:
        assert c.name and c.kind and len(c.text) > 20, c
        assert re.fullmatch(r"[a-z_]+:[a-z0-9_]+", c.key), c.key
        assert c.provenance in PROVENANCES
        assert c.provenance != "public" or c.source


def test_every_kind_the_board_marks_has_components() -> None:
    js = BOARD.read_text()
    marked = set(re.findall(r"component: [`\"](\w+):", js))
    marked |= set(re.findall(r"return `(\w+):", js))
    assert {"timeline", "nexus", "goal", "world", "alliance", "piece"} <= marked
    kinds = {k.split(":", 1)[0] for k in KEYS}
    assert marked <= kinds, marked - kinds


def test_a_timeline_text_gives_its_cost_asset_and_quake() -> None:
    card = next(c for c in COMPONENTS if c.key == "timeline:alphoria_present")
    facts = dict(card.facts)
    assert facts["Cost"] == "2 red"  # PX-QUAKE-4: Alphoria's Present costs 2 red
    assert facts["Quake"] == "+3 when repaired"  # PX-QUAKE-1
    assert "3 spaces" in card.text and "score pile" in card.text
    nexus = next(c for c in COMPONENTS if c.key == "nexus:alphoria")
    w = default_content().worlds[0].nexus
    assert f"row {w.row + 1}, column {w.column + 1}" in nexus.text  # PX-WORM-4


def test_the_board_can_name_every_world_by_its_shown_name() -> None:
    assert all(slug(w.name) == w.id for w in default_content().worlds)


def card_key(card: dict) -> str:
    """The key paradox.js computes for a card it shows (``cardKey``)."""
    name, kind = card["name"], card["kind"]
    if kind == "timeline":
        world, era = name.rsplit(" ", 1)
        assert era in ERA_WORDS
        return f"timeline:{slug(world)}_{era.lower()}"
    if kind == "nexus":
        return f"nexus:{slug(name.removesuffix(' Nexus'))}"
    return f"{kind}:{name.rsplit(' ', 1)[1]}"


def keys_of(obs: dict) -> list[str]:
    cards = [*obs["stable"], *obs["unstable"], *obs["discard"], *obs["known_deck_top"]]
    if isinstance(obs["research_hand"], list):
        cards += obs["research_hand"]
    for pv in obs["players_view"]:
        cards += pv["mat"] + pv["score_pile"]
    if obs["maelstrom"] and obs["maelstrom"]["card"]:
        cards.append(obs["maelstrom"]["card"])
    out = [card_key(c) for c in cards if c]
    out += [f"world:{slug(w['name'])}" for w in obs["ring"] if w]
    out += [f"goal:{g['id']}" for g in obs["research_goals"]]
    if obs["secret_objective"]:
        out.append(f"goal:{obs['secret_objective']['id']}")
    out += [f"alliance:{a['colour']}" for a in obs["alliances"] or []]
    out.append(f"matrix_level:{obs['matrix_level']}")
    return out


@pytest.mark.parametrize(("players", "options"), [
    (2, None), (3, {"preset": "mad_scientist", "triggered_scenario": "maelstrom",
                    "alliances": True}),
    (4, {"deck_scenario": "parallel_universe", "triggered_scenario": "matrix",
         "score_piles": "face_up"}),
])
def test_the_observation_of_random_games_always_finds_a_component(
        players: int, options: dict | None) -> None:
    rng = random.Random(players)
    s = GAME.new_game(players=players, seed=players, options=options)
    seen = 0
    while not s.is_terminal():
        if rng.random() < 0.05:
            for seat in range(players):
                for key in keys_of(s.observation(seat)):
                    assert key in KEYS, key
                    seen += 1
        s.apply(rng.choice(s.legal_actions()))
    for key in keys_of(s.observation(0)):
        assert key in KEYS, key
    assert seen > 50
