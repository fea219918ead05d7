"""``ludoverse bench``, :mod:`ludoverse.sim.bench` and ``benchmarks/bench_ultia.py``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from ludoverse.cli import app
from ludoverse.sim.bench import bench_game

ROOT = Path(__file__).resolve().parents[2]


def test_bench_game_counts_whole_games(ultia: str) -> None:
    r = bench_game(ultia, seconds=0.01)
    assert r.players == 3
    for rate in (r.plain, r.cloned):
        assert rate.games >= 1
        assert rate.actions > rate.games
        assert rate.actions_per_second > rate.games_per_second > 0


def test_bench_same_seed_plays_same_games(ultia: str) -> None:
    """The random moves are seeded, so the first game's length is the same every run."""
    a = bench_game(ultia, seconds=0.0)
    b = bench_game(ultia, seconds=0.0)
    assert (
        (a.plain.games, a.plain.actions)
        == (b.plain.games, b.plain.actions)
        == (a.cloned.games, a.cloned.actions)
    )


def test_bench_command_prints_a_table(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["bench", ultia, "--seconds", "0.02"])
    assert res.exit_code == 0, res.output
    for col in ("Games/s", "Actions/s", "Clone+apply actions/s"):
        assert col in res.output
    assert "ultia" in res.output


def test_bench_ultia_script_runs(ultia: str) -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_ultia.py"), "--seconds", "0.05"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert "plain Python loop" in res.stdout
    assert "Ratio plain/engine" in res.stdout
