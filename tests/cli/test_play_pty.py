"""``ludoverse play ultia`` driven at the keyboard through a real pseudo-terminal.

CliRunner tests feed stdin directly; these go through a tty, the way a person plays, so
prompt flushing, line reading and rich's terminal detection are exercised too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ludoverse.core.records import GameRecord, replay_iter

pexpect = pytest.importorskip("pexpect")

SEED = 3
PROMPT = re.compile(r"Seat 1, choose 1-(\d+) \(q to quit\): ")
SAVED = re.compile(r"Game record saved to (\S+)")
GAME_DEADLINE = 60.0
"""Seconds a whole game may take (greedy bots are quick; this leaves slack for slow CI)."""


def ludoverse_cmd() -> list[str]:
    """The installed console script next to this interpreter, else the same entry point."""
    script = Path(sys.executable).with_name("ludoverse")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from ludoverse.cli import main; main()"]


@contextmanager
def play(record: Path) -> Iterator[pexpect.spawn]:
    """``ludoverse play ultia`` with a person in seat 0, in a wide pty (one-line paths)."""
    cmd = [
        *ludoverse_cmd(),
        "play",
        "ultia",
        "--seats",
        "human,greedy,greedy",
        "--seed",
        str(SEED),
        "--record",
        str(record),
    ]
    env = {**os.environ, "NO_COLOR": "1"}
    child = pexpect.spawn(
        cmd[0],
        cmd[1:],
        cwd=str(record.parent),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(60, 250),
    )
    try:
        yield child
    finally:
        if child.isalive():
            child.close(force=True)


def exit_code(child: pexpect.spawn) -> int | None:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def replay(record: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*ludoverse_cmd(), "replay", str(record)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=record.parent,
    )


def movers(rec: GameRecord) -> list[int]:
    """Whose decision each recorded action was, found by replaying the record."""
    states = replay_iter(rec)
    _, state = next(states)
    seats = []
    for _ in rec.actions:
        seats.append(state.current_player)
        next(states)
    return seats


def test_full_game_at_the_keyboard(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    start = time.monotonic()
    moves = 0
    with play(record) as child:
        while child.expect([PROMPT, SAVED]) == 0:
            assert time.monotonic() - start < GAME_DEADLINE, f"too slow: {moves} moves"
            assert int(child.match.group(1)) >= 1
            child.sendline("1")  # always the first listed legal action
            moves += 1
        assert "Game over" in child.before and "Winner:" in child.before
        assert child.match.group(1) == str(record)
        assert exit_code(child) == 0
    assert moves > 0
    rec = GameRecord.read(record)
    assert rec.outcome is not None
    assert movers(rec).count(0) == moves
    done = replay(record)
    assert done.returncode == 0, done.stderr
    assert "result matches the stored result" in done.stdout


def test_bad_input_reprompts_and_keeps_the_game(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    with play(record) as child:
        child.expect(PROMPT)
        n = int(child.match.group(1))
        for typed, error in (
            ("abc", r"'abc' is not a number"),
            (str(n + 1), rf"{n + 1} is not on the list: choose 1 to {n}"),
            ("0", r"0 is not on the list"),
            ("", r"Type a number from 1 to"),
        ):
            child.sendline(typed)
            child.expect(error)
            child.expect(PROMPT)
            assert int(child.match.group(1)) == n  # the same decision is asked again
        child.sendline("1")  # a valid choice after all that is still accepted
        child.expect(PROMPT)
        child.sendline("q")
        child.expect(r"Stopped after (\d+) moves; the unfinished game is saved")
        recorded = int(child.match.group(1))
        assert exit_code(child) == 0
    rec = GameRecord.read(record)
    assert len(rec.actions) == recorded
    assert movers(rec).count(0) == 1  # the one valid move, recorded once
    assert replay(record).returncode == 0
