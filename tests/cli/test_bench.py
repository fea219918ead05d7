"""``ludoverse bench``, :mod:`ludoverse.sim.bench` and ``benchmarks/bench_ultia.py``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoverse
from ludoverse.cli import app
from ludoverse.sim.bench import bench_game, sample_positions, search_rate

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
    res = runner.invoke(app, ["bench", ultia, "--seconds", "0.02", "--no-search"])
    assert res.exit_code == 0, res.output
    for col in ("Games/s", "Actions/s", "Clone+apply actions/s"):
        assert col in res.output
    assert "ultia" in res.output
    assert "ISMCTS" not in res.output


def test_bench_measures_search_and_level_move_times(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["bench", ultia, "--seconds", "0.01", "--positions", "2"])
    assert res.exit_code == 0, res.output
    assert "Iterations/s" in res.output and "OpenSpiel" in res.output
    for level_spec in ludoverse.load("ultia").bot_levels.values():
        assert level_spec in res.output  # the move-time table names each level's bot
    assert "move time by phase" in res.output


def test_search_rate_counts_every_iteration(ultia: str) -> None:
    game = ludoverse.load(ultia)
    positions = sample_positions(game, 3, seed=1)
    assert len(positions) == 3 and all(len(p.legal_actions()) > 1 for p in positions)
    r = search_rate(game, "ismcts:iters=25", positions)
    assert r.iterations == 75 and r.seconds > 0
    with pytest.raises(ValueError, match="not a search bot"):
        search_rate(game, "greedy", positions)


def test_bench_ultia_script_runs(ultia: str) -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_ultia.py"), "--seconds", "0.05",
         "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert "plain loop" in res.stdout and "ULTIA's modules: " in res.stdout
    assert "Ratio plain/engine (median of 2 rounds)" in res.stdout


def test_bench_ismcts_script_runs(ultia: str) -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_ismcts.py"), "--iters", "20",
         "--positions", "2", "--hands", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert "iterations/s" in res.stdout and "published" in res.stdout


def test_bench_simulate_script_runs() -> None:
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_simulate.py"), "--games", "6",
         "--seats", "random,random,random"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert res.returncode == 0, res.stderr
    assert "speed-up with 2 workers" in res.stdout and "identical results" in res.stdout


def test_bench_all_json_lists_every_game(runner: CliRunner) -> None:
    res = runner.invoke(app, ["bench", "--all", "--json", "--seconds", "0", "--no-search"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    assert {r["game"] for r in report["engines"]} == set(ludoverse.games())
    assert all(r["actions_per_second"] > 0 for r in report["engines"])
    assert all(r["build"] for r in report["engines"])  # compiled, or why plain Python
    assert "search" not in report  # --no-search measures the engines only


def test_bench_json_has_search_and_the_slowest_hard_move(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["bench", ultia, "--json", "--seconds", "0", "--positions", "1"])
    assert res.exit_code == 0, res.output
    report = json.loads(res.output)
    levels = ludoverse.load("ultia").bot_levels
    assert {r["spec"] for r in report["search"]} >= {levels["medium"], levels["hard"]}
    assert {r["level"] for r in report["bot_moves"]} == {"easy", "medium", "hard"}
    slowest = report["slowest_hard_move"]
    hard = [r["slowest_ms"] for r in report["bot_moves"] if r["level"] == "hard"]
    assert slowest["ms"] == max(hard) and slowest["met"] == (slowest["ms"] < 1000)


def test_bench_refuses_a_game_and_all_together(runner: CliRunner, ultia: str) -> None:
    res = runner.invoke(app, ["bench", ultia, "--all"])
    assert res.exit_code != 0
    assert "GAME or --all" in res.output


def test_bench_engines_script_compares_two_versions_side_by_side() -> None:
    # This interpreter stands in for the older version: the script's machinery is the point.
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_engines.py"), "--baseline-python",
         sys.executable, "--games", "ultia,paradox", "--rounds", "2", "--seconds", "0",
         "--json"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert [r["game"] for r in report["games"]] == ["ultia", "paradox"]
    for r in report["games"]:
        assert r["baseline_per_second"] > 0 and r["per_second"] > 0
        assert r["speedup"] == r["per_second"] / r["baseline_per_second"]
    assert report["geometric_mean_speedup"] > 0
