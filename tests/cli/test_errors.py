"""Anything a user types wrong ends with one red line and exit code 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app

BAD = [
    (["play", "nosuchgame"], "unknown game 'nosuchgame'"),
    (["rules", "nosuchgame"], "unknown game"),
    (["cards", "nosuchgame"], "unknown game"),
    (["simulate", "nosuchgame", "-n", "1"], "unknown game"),
    (["bench", "nosuchgame"], "unknown game"),
    (["play", "ultia", "-o", "nosuch=1"], "has no option 'nosuch'"),
    (["play", "ultia", "-o", "preset=nosuch"], "has no preset 'nosuch'"),
    (["play", "ultia", "-o", "novalue"], "not of the form key=value"),
    (["play", "ultia", "-o", "dealer_rotation=up"], "dealer_rotation"),
    (["play", "ultia", "--seats", "human,robot,greedy"], "unknown bot 'robot'"),
    (["play", "ultia", "--seats", "human,greedy:x=1,greedy"], "greedy:x=1"),
    (["play", "ultia", "--players", "2"], "played by 3 players, not 2"),
    (["play", "ultia", "--players", "3", "--seats", "human,greedy"], "--players 3 but 2 seats"),
    (["simulate", "ultia", "-n", "1", "--seats", "human,greedy,greedy"], "bots only"),
    (["simulate", "ultia", "-n", "1", "-o", "preset=nosuch"], "has no preset"),
    (["play", "ultia", "--content", "/no/such/file.toml"], "content file not found"),
    (["replay", "/no/such/record.json"], "record not found"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(
    runner: CliRunner, ultia: str, args: list[str], message: str
) -> None:
    res = runner.invoke(app, args, input="")
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert message in lines[0]
    assert res.exception is None or isinstance(res.exception, SystemExit)


def test_a_file_that_is_not_a_record(runner: CliRunner, tmp_path: Path) -> None:
    f = tmp_path / "notes.json"
    f.write_text("hello")
    res = runner.invoke(app, ["replay", str(f)])
    assert res.exit_code == 2
    assert res.stderr.startswith("error: ") and "not a JSON game record" in res.stderr


def test_every_command_has_help(runner: CliRunner) -> None:
    for cmd in ("games", "play", "replay", "rules", "cards", "simulate", "bench"):
        res = runner.invoke(app, [cmd, "--help"])
        assert res.exit_code == 0, cmd
        assert "Usage:" in res.output
