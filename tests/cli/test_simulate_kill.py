"""A real interruption: ``ludoverse simulate`` is killed half-way (SIGKILL, no chance to tidy
up) and the same command, run again, finishes the job with the results of an uninterrupted
run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

GAMES = 240
COMMAND = ["-m", "ludoverse.cli", "simulate", "ultia", "--games", str(GAMES), "--workers", "2",
           "--seed", "11", "--seats", "greedy,random,greedy"]


def _run(out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, *COMMAND, "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _games(path: Path) -> dict[int, dict[str, object]]:
    lines = path.read_text().splitlines()[1:]
    games = {}
    for line in lines:
        try:
            g = json.loads(line)
        except json.JSONDecodeError:  # a line cut short by the kill
            continue
        games[g["index"]] = {"seed": g["seed"], "outcome": g["outcome"],
                             "decisions": g["decisions"]}
    return games


@pytest.mark.slow
def test_killed_run_resumes_to_the_uninterrupted_result(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    assert _run(whole).wait(timeout=300) == 0

    cut = tmp_path / "cut.jsonl"
    proc = _run(cut)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if cut.exists() and len(cut.read_text().splitlines()) > GAMES // 4:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the workers die with it
    proc.wait(timeout=30)
    done_before = len(_games(cut))
    assert 0 < done_before < GAMES, "the kill must land half-way"

    assert _run(cut).wait(timeout=300) == 0  # the same command again
    assert _games(cut) == _games(whole)
    assert len(_games(cut)) == GAMES
