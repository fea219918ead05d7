"""The game registry: lazy loading by name, aliases, clear errors, and extra registrations."""

from __future__ import annotations

import pytest

import ludoverse
from ludoverse.core import registry
from toygames import use_game
from toygames.highcard import GAME


def test_games_is_sorted_and_holds_ultia() -> None:
    names = registry.games()
    assert names == sorted(names)
    assert "ultia" in names


def test_ludoverse_games_still_works_after_loading_a_game() -> None:
    ludoverse.load("ultia")
    assert ludoverse.games() == registry.games()


def test_unknown_games_are_named_in_the_error() -> None:
    with pytest.raises(KeyError, match=r"unknown game 'chess'; known games: .*ultia"):
        ludoverse.load("chess")


def test_register_loads_lazily_and_names_are_normalised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_MODULES", dict(registry._MODULES))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    registry.register("toy_highcard", "toygames.highcard")
    assert "toy_highcard" not in registry._loaded
    assert "toy_highcard" in registry.games()
    game = ludoverse.load("TOY-HIGHCARD")
    assert game is GAME and ludoverse.load("toy_highcard") is game


def test_registering_again_drops_the_cached_game(monkeypatch: pytest.MonkeyPatch) -> None:
    use_game(monkeypatch, GAME)
    assert ludoverse.load(GAME.name) is GAME
    registry.register(GAME.name, "toygames.highcard")
    assert GAME.name not in registry._loaded


def test_a_broken_module_only_breaks_its_own_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_MODULES", dict(registry._MODULES))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    registry.register("ghost", "toygames.no_such_module")
    with pytest.raises(ModuleNotFoundError):
        ludoverse.load("ghost")
    assert ludoverse.load("ultia").name == "ultia"
    assert ludoverse.load("ULTIA") is ludoverse.load("ultia")
