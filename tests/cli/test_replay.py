"""``ludoverse replay``: exact replay of saved games, and records that do not replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app
from ludoverse.core.records import GameRecord
from ludoverse.sim import play


@pytest.fixture
def record_file(ultia: str, tmp_path: Path) -> Path:
    record, _ = play(ultia, ["random"] * 3, seed=21)
    return record.write(tmp_path / "game.json")


def test_replay_matches_the_stored_outcome(runner: CliRunner, record_file: Path) -> None:
    res = runner.invoke(app, ["replay", str(record_file)])
    assert res.exit_code == 0, res.output
    n = len(GameRecord.read(record_file).actions)
    assert sum(1 for ln in res.output.splitlines() if ". Seat " in ln) == n
    assert "matches the stored result exactly" in res.output


def test_replay_step_renders_the_table(runner: CliRunner, record_file: Path) -> None:
    res = runner.invoke(app, ["replay", str(record_file), "--step"], input="\n" * 5)
    assert res.exit_code == 0, res.output  # input runs out: the rest plays without pauses
    assert res.output.count("Enter for the next move") == 6
    assert "matches the stored result exactly" in res.output


def test_replay_of_a_played_game(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    rec = tmp_path / "played.json"
    played = runner.invoke(
        app,
        ["play", ultia, "--seats", "human,random,random", "--seed", "8", "--record", str(rec)],
        input="1\n" * 3000,
    )
    assert played.exit_code == 0, played.output
    res = runner.invoke(app, ["replay", str(rec)])
    assert res.exit_code == 0, res.output
    assert "matches the stored result exactly" in res.output


def _edit(path: Path, **changes: object) -> Path:
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


def test_tampered_outcome_fails_the_check(runner: CliRunner, record_file: Path) -> None:
    outcome = json.loads(record_file.read_text())["outcome"]
    outcome["reason"] = "someone edited this"
    res = runner.invoke(app, ["replay", str(_edit(record_file, outcome=outcome))])
    assert res.exit_code == 1
    assert "replay check failed" in res.stderr


def test_illegal_action_is_a_clear_error(runner: CliRunner, record_file: Path) -> None:
    actions = json.loads(record_file.read_text())["actions"]
    actions[3] = 10_000
    res = runner.invoke(app, ["replay", str(_edit(record_file, actions=actions))])
    assert res.exit_code == 2
    assert "error:" in res.stderr and "illegal on replay" in res.stderr
    assert "Traceback" not in res.output


def test_other_rules_version_is_refused(runner: CliRunner, record_file: Path) -> None:
    res = runner.invoke(app, ["replay", str(_edit(record_file, version="0.0-old"))])
    assert res.exit_code == 2
    assert "version" in res.stderr


def test_unfinished_record(runner: CliRunner, record_file: Path) -> None:
    actions = json.loads(record_file.read_text())["actions"][:5]
    res = runner.invoke(app, ["replay", str(_edit(record_file, actions=actions, outcome=None))])
    assert res.exit_code == 0, res.output
    assert "not finished (5 moves recorded)" in res.output
