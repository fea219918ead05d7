"""The conformance suite: every registered game, player count and option set, many random games.

Sizes come from the environment so CI and a quick local run can differ:

- ``LUDOVERSE_CONFORMANCE_GAMES`` (default 200): random games to the end, per option set and
  player count, each fully checked at every step.
- ``LUDOVERSE_CONFORMANCE_DEEP_GAMES`` (default 50): how many of those games (spread evenly)
  also get the costlier checks (clone, JSON, replay, determinize, refusals, JSON safety, fresh
  views) at sampled positions; every other one of them gets the public-shape check.
- ``LUDOVERSE_CONFORMANCE_CHUNKS`` (default 4): the games of each combination are split into
  this many tests so ``pytest -n`` spreads them over workers.

A failure message names game, players, option set, seed and step; rerun that one case with
``ludoverse.core.conformance`` (e.g. ``check_determinize(Case(game, 3, seed, options))``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import ludoverse
from ludoverse.core import conformance as conf
from ludoverse.core import registry
from ludoverse.core.api import Game


def _env(name: str, default: int) -> int:
    return max(1, int(os.environ.get(name, default)))


GAMES = _env("LUDOVERSE_CONFORMANCE_GAMES", 200)
DEEP_GAMES = min(GAMES, _env("LUDOVERSE_CONFORMANCE_DEEP_GAMES", 50))
CHUNKS = min(GAMES, _env("LUDOVERSE_CONFORMANCE_CHUNKS", 4))


@dataclass(frozen=True)
class Combo:
    """One game, player count and option set, and which chunk of its seeds a test runs."""

    name: str
    players: int
    label: str
    options: tuple[tuple[str, Any], ...]
    chunk: int
    scale: float = 1.0

    @property
    def game(self) -> Game:
        return ludoverse.load(self.name)

    def case(self, seed: int) -> conf.Case:
        return conf.Case(self.game, self.players, seed, dict(self.options), self.label)

    @property
    def seeds(self) -> range:
        return range(self.chunk, max(CHUNKS, round(GAMES * self.scale)), CHUNKS)

    @property
    def deep_seeds(self) -> list[int]:
        games = max(CHUNKS, round(GAMES * self.scale))
        deep_games = min(games, max(CHUNKS, round(DEEP_GAMES * self.scale)))
        stride = games / deep_games
        deep = {int(i * stride) for i in range(deep_games)}
        return [s for s in self.seeds if s in deep]

    def __str__(self) -> str:
        return f"{self.name}-{self.players}p-{self.label}-{self.chunk + 1}of{CHUNKS}"


def _combos() -> tuple[list[str], list[Combo]]:
    """Every registered game's combinations; a game that fails to load gets none (and a red
    ``test_game_loads``) instead of breaking collection for every other game."""
    names, combos = [], []
    for name in registry.games():
        names.append(name)
        try:
            game = ludoverse.load(name)
            option_sets = game.conformance_options()
            counts = {label: game.conformance_player_counts(label) for label in option_sets}
            scale = game.conformance_scale
        except Exception:
            continue
        for label, options in option_sets.items():
            for players in counts[label]:
                for chunk in range(CHUNKS):
                    combos.append(
                        Combo(name, players, label, tuple(options.items()), chunk, scale)
                    )
    return names, combos


NAMES, COMBOS = _combos()
FIRST_CHUNKS = [c for c in COMBOS if c.chunk == 0]

_ACTIONS: dict[tuple[str, int, str, int], list[int]] = {}


def _actions(combo: Combo, seed: int) -> list[int]:
    """A case's random moves, shared by the checks that run in the same worker."""
    key = (combo.name, combo.players, combo.label, seed)
    if key not in _ACTIONS:
        _ACTIONS[key] = conf.random_actions(combo.case(seed))
    return _ACTIONS[key]


@pytest.mark.parametrize("name", NAMES)
def test_game_loads(name: str) -> None:
    game = ludoverse.load(name)
    assert game.name == name
    assert game.conformance_options(), "conformance_options() must hold at least the default"
    assert list(game.player_counts()), "player_counts() is empty"
    default = next(iter(game.conformance_options()))
    assert game.conformance_player_counts(default) == list(game.player_counts()), (
        "the default option set must run at every player count"
    )


@pytest.mark.parametrize("combo", FIRST_CHUNKS, ids=str)
def test_action_space_and_setup(combo: Combo) -> None:
    conf.check_action_space(combo.game)
    conf.check_setup(combo.case(0))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_random_games(combo: Combo) -> None:
    for seed in combo.seeds:
        _ACTIONS[(combo.name, combo.players, combo.label, seed)] = conf.check_random_game(
            combo.case(seed)
        )


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_illegal_actions(combo: Combo) -> None:
    for seed in combo.deep_seeds:
        conf.check_illegal_actions(combo.case(seed), _actions(combo, seed))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_clone_independence(combo: Combo) -> None:
    for seed in combo.deep_seeds:
        conf.check_clone_independence(combo.case(seed), _actions(combo, seed))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_json_roundtrip(combo: Combo) -> None:
    for seed in combo.deep_seeds:
        conf.check_json_roundtrip(combo.case(seed), _actions(combo, seed))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_replay(combo: Combo, tmp_path: Path) -> None:
    for seed in combo.deep_seeds:
        conf.check_replay(combo.case(seed), tmp_path)


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_determinize(combo: Combo) -> None:
    stats = conf.DeterminizeStats()
    for seed in combo.deep_seeds:
        conf.check_determinize(combo.case(seed), _actions(combo, seed), stats=stats)
    conf.assert_determinize_resamples(combo.game, stats)


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_public_shape(combo: Combo) -> None:
    # Every other deep game: each position is tried for every seat in two worlds, the
    # costliest check per position, and the others already cover these games.
    for seed in combo.deep_seeds[::2]:
        conf.check_public_shape(combo.case(seed), _actions(combo, seed))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_json_safe(combo: Combo) -> None:
    for seed in combo.deep_seeds:
        conf.check_json_safe(combo.case(seed), _actions(combo, seed))


@pytest.mark.parametrize("combo", COMBOS, ids=str)
def test_fresh_views(combo: Combo) -> None:
    for seed in combo.deep_seeds:
        conf.check_fresh_views(combo.case(seed), _actions(combo, seed))
