"""Fixtures for the CLI tests: a runner with a wide terminal, ULTIA, and a tiny toy game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoverse.core.registry import register

HERE = Path(__file__).parent


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """Wide enough that rich tables never fold the names the tests look for.

    The consoles are made at import, when a test worker's COLUMNS may already be fixed, so
    their width is set directly as well as through the environment.
    """
    from ludoverse.cli import common

    for con in (common.console, common.err_console):
        monkeypatch.setattr(con, "_width", 200)
    return CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})


@pytest.fixture(scope="session")
def ultia() -> str:
    """The game the CLI tests run against; skipped only if ULTIA cannot be imported."""
    import ludoverse

    try:
        ludoverse.load("ultia")
    except Exception as exc:  # pragma: no cover - only while ULTIA is being written
        pytest.skip(f"ULTIA does not import yet ({type(exc).__name__}: {exc})")
    return "ultia"


@pytest.fixture(scope="session")
def toy() -> str:
    """A throwaway 2-3 player game (tests/cli/toy_game.py) for game-independent checks."""
    if str(HERE) not in sys.path:
        sys.path.insert(0, str(HERE))
    register("toy", "toy_game")
    return "toy"
