"""``ludoverse games``, ``rules`` and ``cards``."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoverse
from ludoverse.cli import app
from ludoverse.cli.info import find_entry_tables
from ludoverse.core.options import describe_options


def test_games_lists_ultia_with_player_count(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["games"])
    assert res.exit_code == 0, res.output
    line = next(ln for ln in res.output.splitlines() if " ultia " in ln)
    assert "ULTIA" in line and " 3 " in line


def test_rules_lists_every_option_and_preset(runner: CliRunner, ultia: str) -> None:
    game = ludoverse.load(ultia)
    res = runner.invoke(app, ["rules", ultia])
    assert res.exit_code == 0, res.output
    for row in describe_options(game):
        assert row["name"] in res.output
        for choice in row["choices"]:
            assert str(choice).lower() in res.output
    for preset in game.presets:
        assert preset in res.output
    text = " ".join(res.output.split())
    assert "--option name=value" in text and "--option preset=NAME" in text


def test_cards_shows_provenance_summary(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["cards", ultia])
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert "provenance" in text
    assert "designed by the Ludoverse team, not published by the publisher" in text
    assert " entries (shipped with Ludoverse): " in text


def test_cards_with_a_user_content_file(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text(
        '[[cards]]\nname = "Comet"\nvalue = 3\nprovenance = "public"\nsource = "my box"\n'
        '[[cards]]\nname = "Nova"\nvalue = 1\nprovenance = "rulebook"\n'
    )
    res = runner.invoke(app, ["cards", toy, "--content", str(f)])
    assert res.exit_code == 0, res.output
    assert "Comet" in res.output and "my box" in res.output
    assert f"2 entries (from {f}): 1 public, 1 rulebook." in " ".join(res.output.split())


def test_cards_rejects_a_bad_content_file(runner: CliRunner, toy: str, tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('[[cards]]\nname = "Comet"\nvalue = 3\nprovenance = "public"\n')  # no source
    res = runner.invoke(app, ["cards", toy, "--content", str(f)])
    assert res.exit_code == 2
    assert "error:" in res.stderr and "source" in res.stderr
    assert "Traceback" not in res.output


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ({"cards": [{"a": 1, "provenance": "rulebook"}]}, [("cards", 1)]),
        (
            {
                "deck": {
                    "x": {"provenance": "public", "source": "s"},
                    "y": {"provenance": "rulebook"},
                }
            },
            [("deck", 2)],
        ),
        ({"board": {"provenance": "reconstructed", "size": 3}, "n": 1}, [("board", 1)]),
        ({"sets": [{"cards": [{"provenance": "rulebook"}]}]}, [("sets[0].cards", 1)]),
        ({"nothing": [1, 2]}, []),
    ],
)
def test_find_entry_tables_is_generic(content: dict, expected: list[tuple[str, int]]) -> None:
    found = [(where, len(rows)) for where, rows in find_entry_tables(content)]
    assert found == expected


def test_mapping_entries_keep_their_key() -> None:
    [(_, rows)] = find_entry_tables({"deck": {"x": {"provenance": "rulebook"}}})
    assert rows == [{"key": "x", "provenance": "rulebook"}]
