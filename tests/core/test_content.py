"""Content loading: TOML or dicts validated by typed schemas, with provenance on every entry."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

import ludoverse
from ludoverse.core.content import ContentError, Entry, load, read_toml, validate


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
