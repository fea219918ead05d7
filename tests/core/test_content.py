"""Content loading: TOML or dicts validated by typed schemas, with provenance on every entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel

import ludoverse
from ludoverse.core.content import ContentError, Entry, load, read_toml, validate
from ludoverse.core.content import to_json as content_to_json


class Card(Entry):
    name: str
    value: int


class Deck(BaseModel):
    cards: list[Card]


GOOD = {
    "cards": [
        {"name": "Comet", "value": 3, "provenance": "rulebook"},
        {"name": "Nova", "value": 5, "provenance": "public", "source": "https://example.org"},
        {"name": "Void", "value": 0, "provenance": "reconstructed"},
    ]
}


def test_a_dict_validates() -> None:
    deck = load(Deck, GOOD)
    assert [c.name for c in deck.cards] == ["Comet", "Nova", "Void"]
    assert deck.cards[1].source == "https://example.org"


def test_a_toml_file_validates(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_text(
        '[[cards]]\nname = "Comet"\nvalue = 3\nprovenance = "rulebook"\n'
        '[[cards]]\nname = "Void"\nvalue = 0\nprovenance = "reconstructed"\n'
    )
    assert read_toml(path)["cards"][0]["name"] == "Comet"
    assert [c.value for c in load(Deck, path).cards] == [3, 0]
    assert [c.value for c in load(Deck, str(path)).cards] == [3, 0]


def test_public_entries_must_name_their_source() -> None:
    bad = {"cards": [{"name": "Nova", "value": 5, "provenance": "public"}]}
    with pytest.raises(ContentError, match="must name its source"):
        load(Deck, bad)


@pytest.mark.parametrize(
    ("card", "where"),
    [
        ({"name": "X", "value": 1, "provenance": "guessed"}, "cards.0.provenance"),
        ({"name": "X", "value": "high", "provenance": "rulebook"}, "cards.0.value"),
        ({"name": "X", "value": 1}, "cards.0.provenance"),
        ({"name": "X", "value": 1, "provenance": "rulebook", "colour": "red"}, "cards.0.colour"),
    ],
)
def test_errors_name_the_field(card: dict, where: str) -> None:
    with pytest.raises(ContentError, match=f"^content: {where}: "):
        validate(Deck, {"cards": [card]})


def test_entries_are_frozen() -> None:
    card = load(Deck, GOOD).cards[0]
    with pytest.raises(ValueError):
        card.value = 9  # type: ignore[misc]


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.toml"
    with pytest.raises(ContentError, match=r"content file not found: .*nope\.toml"):
        load(Deck, missing)
    broken = tmp_path / "broken.toml"
    broken.write_text("cards = [\n")
    with pytest.raises(ContentError, match=r"broken\.toml: not valid TOML"):
        read_toml(broken)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('[[cards]]\nname = "X"\nvalue = 1\nprovenance = "nobody"\n')
    with pytest.raises(ContentError, match=r"wrong\.toml: cards\.0\.provenance: "):
        load(Deck, wrong)


def test_a_game_with_a_content_model_loads_and_saves_content_without_code_of_its_own() -> None:
    game = ludoverse.load("paradox")
    shipped = game.default_content()
    assert game.load_content(shipped) is shipped
    saved = game.content_to_json(shipped)
    assert game.load_content(saved) == shipped
    with pytest.raises(TypeError, match="PARADOX content is a TOML path or dict, not int"):
        game.load_content(7)


def test_a_dict_seen_before_gives_back_the_same_frozen_object() -> None:
    first = load(Deck, GOOD)
    assert load(Deck, {"cards": [dict(c) for c in GOOD["cards"]]}) is first
    changed = {"cards": [*GOOD["cards"][:2], {**GOOD["cards"][2], "value": 1}]}
    assert load(Deck, changed) is not first
    assert load(Deck, changed).cards[2].value == 1


def test_bad_content_is_refused_every_time_not_remembered() -> None:
    bad = {"cards": [{"name": "Comet", "value": "many", "provenance": "rulebook"}]}
    for _ in range(2):
        with pytest.raises(ContentError, match=r"cards\.0\.value"):
            load(Deck, bad)


def test_content_as_json_is_the_callers_own_copy() -> None:
    deck = load(Deck, GOOD)
    a = content_to_json(deck)
    a["cards"][0]["name"] = "Changed"
    assert content_to_json(deck) == deck.model_dump(mode="json")


@pytest.mark.parametrize("name", ["paradox", "ultramassive", "universal_rule",
                                  "multiuniversum"])
def test_a_saved_state_names_the_shipped_content_by_omission_and_carries_any_other(
        name: str) -> None:
    game = ludoverse.load(name)
    players = max(3, game.min_players)
    shipped = game.new_game(players, 1)
    assert shipped.to_json()["content"] is None
    assert game.state_from_json(shipped.to_json()).content is game.default_content()
    # The same cards read from a file of the user's own are saved in full and restored.
    own = game.load_content(json.loads(json.dumps(game.content_to_json(shipped.content))))
    assert own is not game.default_content()
    state = game.new_game(players, 1, content=own)
    saved = state.to_json()
    assert saved["content"] == game.content_to_json(own)
    back = game.state_from_json(saved)
    assert back.content == own and back.to_json() == saved
