"""Fixtures for the review tests: the toy games registered for one test, a wide CLI runner."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from toygames import use_game
from toygames.duel import GAME as DUEL
from toygames.highcard import GAME as HIGHCARD


@pytest.fixture
def duel(monkeypatch: pytest.MonkeyPatch) -> str:
    """Duel (one decision, known best and worst moves), loadable by name in this test."""
    use_game(monkeypatch, DUEL)
    return DUEL.name


@pytest.fixture
def highcard(monkeypatch: pytest.MonkeyPatch) -> str:
    """High Card (hidden hands, a dozen decisions per seat), loadable by name in this test."""
    use_game(monkeypatch, HIGHCARD)
    return HIGHCARD.name


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """Wide enough that rich tables never fold the words the tests look for."""
    from ludoverse.cli import common

    for con in (common.console, common.err_console):
        monkeypatch.setattr(con, "_width", 200)
    return CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})
