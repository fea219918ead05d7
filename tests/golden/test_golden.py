"""The golden games (``games.py``) play exactly as recorded: same actions, same outcome.
Speed work must keep them; a deliberate rules change comes with a new rules version and a
fresh recording (``python -m tests.golden.games``)."""

from __future__ import annotations

import pytest
from tests.golden.games import cases, load, play_case

import ludoverse
from ludoverse.core import registry

GOLDEN = load()


def test_the_file_holds_every_case_in_order() -> None:
    keys = ("game", "version", "players", "options", "seed", "seats")
    assert [{k: g[k] for k in keys} for g in GOLDEN] == list(cases()), \
        "the cases changed: record again with python -m tests.golden.games"


@pytest.mark.parametrize("name", registry.games())
def test_every_golden_game_plays_as_recorded(name: str) -> None:
    version = ludoverse.load(name).version
    for golden in (g for g in GOLDEN if g["game"] == name):
        assert golden["version"] == version, (
            f"{name} is at rules version {version}, its golden games at {golden['version']}: "
            "a new rules version means recording them again on purpose")
        now = play_case({k: golden[k] for k in
                         ("game", "version", "players", "options", "seed", "seats")})
        where = f"{name} {golden['players']}p {golden['options']} seed {golden['seed']} " \
                f"{golden['seats'][0]}"
        assert now["first"] == golden["first"], f"{where}: the opening moves differ"
        assert now == golden, f"{where}: the game or its outcome differs"
