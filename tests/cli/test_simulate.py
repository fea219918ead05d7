"""``ludoverse simulate`` and :mod:`ludoverse.sim.simulate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoverse
from ludoverse.bots import SpecError
from ludoverse.cli import app
from ludoverse.cli.common import split_seats
from ludoverse.core.api import Outcome
from ludoverse.sim import play
from ludoverse.sim.results import read_results
from ludoverse.sim.simulate import (
    GameResult,
    SimSummary,
    game_seed,
    resolve_seats,
    simulate,
    summarize,
)


def _numbers(output: str) -> list[str]:
    """The output without its timing line, which is the only part allowed to change."""
    return [ln for ln in output.splitlines() if not ln.startswith("Time:")]


def test_simulate_twice_prints_identical_numbers(runner: CliRunner, ultia: str) -> None:
    args = ["simulate", ultia, "--games", "4", "--seats", "greedy,random,random", "--seed", "3"]
    first = runner.invoke(app, args)
    second = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    assert _numbers(first.output) == _numbers(second.output)
    assert "Win rate" in first.output and "Mean score" in first.output
    assert "1/k of a win" in first.output
    assert "Mean game length:" in first.output and "decisions" in first.output
    assert "games/s" in first.output


def test_out_writes_one_json_line_per_game(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    out = tmp_path / "runs" / "games.jsonl"
    res = runner.invoke(
        app,
        [
            "simulate",
            ultia,
            "-n",
            "3",
            "--seats",
            "random,random,random",
            "--seed",
            "5",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    header, *lines = [json.loads(ln) for ln in out.read_text().splitlines()]
    assert header["kind"] == "ludoverse-simulation" and header["seats"] == ["random"] * 3
    assert header["seed"] == 5 and header["game"] == "ultia"
    lines.sort(key=lambda ln: ln["index"])
    assert [ln["seed"] for ln in lines] == [game_seed(5, i) for i in range(3)]
    for ln in lines:
        assert ln["decisions"] > 0
        assert set(ln["outcome"]) >= {"scores", "winners", "reason", "tiebreak_trace"}


def _summary_numbers(s: SimSummary) -> tuple[object, ...]:
    return (s.games, s.wins, s.mean_scores, s.mean_decisions, s.reasons)


def test_a_stopped_run_resumes_to_the_same_result(ultia: str, tmp_path: Path) -> None:
    whole = simulate(ultia, 12, ["random", "greedy", "random"], seed=9)
    out = tmp_path / "run.jsonl"
    simulate(ultia, 12, ["random", "greedy", "random"], seed=9, out=out)
    # Kill it "half-way": keep the header and five games, and a line cut short.
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:6]) + lines[6][:25])
    played: list[GameResult] = []
    resumed = simulate(ultia, 12, ["random", "greedy", "random"], seed=9, out=out,
                       on_game=played.append)
    assert resumed.resumed == 5 and len(played) == 7
    assert _summary_numbers(resumed) == _summary_numbers(whole)
    _, games = read_results(out)
    assert [g["index"] for g in games] == list(range(12))


def test_parallel_workers_give_the_same_numbers(ultia: str) -> None:
    one = simulate(ultia, 10, ["random", "greedy", "random"], seed=2, workers=1)
    two = simulate(ultia, 10, ["random", "greedy", "random"], seed=2, workers=2)
    assert _summary_numbers(one) == _summary_numbers(two)


def test_a_results_file_of_another_run_is_refused(
    runner: CliRunner, ultia: str, tmp_path: Path
) -> None:
    out = tmp_path / "run.jsonl"
    base = ["simulate", ultia, "-n", "2", "--out", str(out), "-w", "1"]
    assert runner.invoke(app, [*base, "--seats", "random,random,random"]).exit_code == 0
    res = runner.invoke(app, [*base, "--seats", "greedy,random,random"])
    assert res.exit_code == 2 and "holds another run (its seats differs" in res.output
    res = runner.invoke(app, [*base, "--seats", "greedy,random,random", "--fresh"])
    assert res.exit_code == 0, res.output
    assert read_results(out)[0]["seats"] == ["greedy", "random", "random"]
    out.write_text("not json\n")
    res = runner.invoke(app, [*base, "--seats", "greedy,random,random"])
    assert res.exit_code == 2 and "not a Ludoverse results file" in res.output


def test_each_game_is_the_game_of_its_seed(ultia: str) -> None:
    """A designer can pull game i out of a batch and replay it alone."""
    seen: list[GameResult] = []
    simulate(ultia, 2, ["random"] * 3, seed=11, on_game=seen.append)
    for r in seen:
        _, alone = play(ultia, ["random"] * 3, seed=game_seed(11, r.index))
        assert alone == r.outcome


def test_seed_formula_is_documented_value() -> None:
    assert game_seed(0, 7) == 7
    assert game_seed(3, 2) == 3 * 1_000_003 + 2


def test_shared_wins_are_split(ultia: str) -> None:
    game = ludoverse.load(ultia)
    both = Outcome((5.0, 5.0, 1.0), (1, 1, 3), (0, 1), "tie")
    one = Outcome((1.0, 2.0, 9.0), (3, 2, 1), (2,), "won")
    results = [GameResult(1, 1, one, 10), GameResult(0, 0, both, 20)]
    s = summarize(game, ["a", "b", "c"], 0, {}, results)
    assert s.wins == (0.5, 0.5, 1.0)
    assert s.win_rates == (0.25, 0.25, 0.5)
    assert s.mean_scores == (3.0, 3.5, 5.0)
    assert s.mean_decisions == 15.0
    assert s.reasons == {"tie": 1, "won": 1}


def test_resolve_seats(ultia: str) -> None:
    game = ludoverse.load(ultia)
    assert resolve_seats(game, None, None) == ["greedy"] * 3
    assert resolve_seats(game, ["random", "greedy", "human"], None) == ["random", "greedy", "human"]
    with pytest.raises(ValueError, match="3 players"):
        resolve_seats(game, ["random"] * 2, None)
    with pytest.raises(ValueError, match="--players 3 but 2 seats"):
        resolve_seats(game, ["random"] * 2, 3)
    with pytest.raises(SpecError, match="unknown bot"):
        resolve_seats(game, ["random", "nobot", "random"], None)


def test_split_seats_keeps_bot_parameters_together() -> None:
    assert split_seats("human, greedy,random") == ["human", "greedy", "random"]
    assert split_seats("ismcts:iters=50,c=0.7,greedy,greedy:noise=1") == [
        "ismcts:iters=50,c=0.7",
        "greedy",
        "greedy:noise=1",
    ]
    assert split_seats(None) is None


def test_simulate_rejects_human_seats(ultia: str) -> None:
    with pytest.raises(SpecError, match="bots only"):
        simulate(ultia, 1, ["human", "random", "random"])
