"""``ludoverse tournament GAME --seats A,B,C --games N``: tables, verdicts, JSON, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import ludoverse
from ludoverse.cli import app


def _run(runner: CliRunner, *args: str) -> Any:
    return runner.invoke(app, ["tournament", *args], input="")


def _verdict(pair: dict[str, Any]) -> str:
    """The verdict the head-to-head table must print for one JSON pairwise entry."""
    low, high = pair["score"] - pair["half_width"], pair["score"] + pair["half_width"]
    if low > 0.5:
        return f"{pair['a']} stronger (95%)"
    if high < 0.5:
        return f"{pair['b']} stronger (95%)"
    return "no significant difference"


def _table_rows(output: str, first_cell: str) -> list[list[str]]:
    """Rows of the rich tables that start with ``first_cell``, split into their cells."""
    rows = []
    for line in output.splitlines():
        cells = [c.strip() for c in line.strip().strip("│┃").split("│")]
        if cells and cells[0] == first_cell:
            rows.append(cells)
    return rows


def test_table_verdict_and_json(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    out = tmp_path / "results" / "t.json"
    res = _run(runner, ultia, "--seats", "greedy,random,random", "--games", "4",
               "--workers", "1", "--seed", "2", "--summary", str(out))
    assert res.exit_code == 0, res.output
    text = res.stdout
    assert "4 games rounded up to 6" in text  # whole rotations of 3 seatings
    assert "6 games (every deal played from all 3 seatings)" in text
    assert "base seed 2" in text
    assert "Head to head" in text

    data = json.loads(out.read_text())
    assert {"bots", "pairwise", "games"} <= set(data)
    assert [b["name"] for b in data["bots"]] == ["greedy", "random"]
    assert {b["name"]: b["seat_games"] for b in data["bots"]} == {"greedy": 6, "random": 12}
    assert len(data["games"]) == 6 and [g["index"] for g in data["games"]] == list(range(6))
    assert data["seed"] == 2 and data["rotate"] is True
    assert f"Results written to {out}" in text

    # The bots' table: one row per bot, with the same seat-games as the JSON.
    for b in data["bots"]:
        rows = _table_rows(text, b["name"])
        assert rows, f"no table row for {b['name']}"
        assert rows[0][1] == str(b["seat_games"])
        assert rows[0][2] == f"{100 * b['win_share'][0]:.1f} ± {100 * b['win_share'][1]:.1f}"

    # The head-to-head verdict line agrees with the JSON interval.
    pair = next(p for p in data["pairwise"] if (p["a"], p["b"]) == ("greedy", "random"))
    verdict = _verdict(pair)
    lines = [ln for ln in text.splitlines() if verdict in ln]
    assert len(lines) == 1, text
    assert "greedy" in lines[0] and "random" in lines[0]
    other = {"greedy stronger (95%)", "random stronger (95%)", "no significant difference"}
    assert not any(v in text for v in other - {verdict})


def test_same_seed_same_results(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    files = [tmp_path / "a.json", tmp_path / "b.json"]
    for f, workers in zip(files, ("1", "2"), strict=True):
        res = _run(runner, ultia, "-s", "random,greedy,greedy", "-n", "3", "-w", workers,
                   "--seed", "7", "--summary", str(f))
        assert res.exit_code == 0, res.output
    a, b = (json.loads(f.read_text()) for f in files)
    for d in (a, b):
        for g in d["games"]:
            del g["think_seconds"], g["slowest_move"]
    assert a["games"] == b["games"]
    assert a["pairwise"] == b["pairwise"]
    assert [x["rating"] for x in a["bots"]] == [x["rating"] for x in b["bots"]]


def test_no_rotate_keeps_seats(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    out = tmp_path / "fixed.json"
    res = _run(runner, ultia, "--seats", "greedy,random,random", "--games", "2",
               "--no-rotate", "--workers", "1", "--summary", str(out))
    assert res.exit_code == 0, res.output
    assert "rounded up" not in res.stdout and "seats fixed" in res.stdout
    data = json.loads(out.read_text())
    assert data["rotate"] is False and len(data["games"]) == 2
    assert all(g["seats"] == ["greedy", "random", "random"] for g in data["games"])


def test_options_and_strength_names(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    out = tmp_path / "opts.json"
    res = _run(runner, ultia, "--seats", "easy,random,random", "-n", "3", "-w", "1",
               "--option", "must_win=true", "--summary", str(out))
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["options"]["must_win"] is True
    names = [b["name"] for b in data["bots"]]
    easy = ludoverse.load("ultia").bot_levels["easy"]
    assert names == [f"easy ({easy})", "random"]  # a level keeps its name and shows its bot


BAD = [
    (["--seats", "greedy,robot,random", "-n", "3"], "unknown bot 'robot'"),
    (["--seats", "greedy,random", "-n", "3"], "played by 3 players, not 2"),
    (["--seats", "random,random,random", "-n", "3"], "at least two different bots"),
    (["--seats", "greedy,greedy,greedy", "-n", "3"], "at least two different bots"),
    (["--seats", "greedy,random,random", "-n", "3", "--workers", "0"],
     "workers must be at least 1"),
    (["--seats", "greedy,random,random", "-n", "3", "--workers", "many"], "many"),
    (["--seats", "greedy,ismcts:iters=0,random", "-n", "3"], "iters must be at least 1"),
    (["--seats", "greedy,ismcts:rollout=foo,random", "-n", "3"], "rollout must be"),
    (["--seats", "greedy,human,random", "-n", "3"], "bots only"),
    (["--seats", "greedy,random,random", "-n", "3", "-o", "nosuch=1"], "has no option 'nosuch'"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a) for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(
    runner: CliRunner, ultia: str, args: list[str], message: str
) -> None:
    res = _run(runner, ultia, *args)
    assert res.exit_code == 2, res.output
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), res.stderr
    assert message in lines[0]
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    assert "Head to head" not in res.stdout  # nothing was played


def test_unknown_game_and_zero_games(runner: CliRunner) -> None:
    res = _run(runner, "nosuchgame", "--seats", "greedy,random,random", "-n", "3")
    assert res.exit_code == 2
    assert res.stderr.startswith("error: unknown game 'nosuchgame'")
    res = _run(runner, "ultia", "--seats", "greedy,random,random", "-n", "0")
    assert res.exit_code == 2  # click's own range check
    assert "--games" in res.stderr
    assert isinstance(res.exception, SystemExit)


def test_a_cutoff_the_game_cannot_score_is_bad_input(runner: CliRunner, toy: str) -> None:
    res = _run(runner, toy, "--seats", "ismcts:iters=10,cutoff=stage,random", "-n", "2",
               "-w", "1")
    assert res.exit_code == 2, res.output
    assert res.stderr.startswith("error: ") and "rewards" in res.stderr


def test_help(runner: CliRunner) -> None:
    res = runner.invoke(app, ["tournament", "--help"])
    assert res.exit_code == 0
    for flag in ("--seats", "--games", "--rotate", "--no-rotate", "--workers", "--seed",
                 "--option", "--out"):
        assert flag in res.output


def test_bots_command_lists_the_levels(runner: CliRunner) -> None:
    res = runner.invoke(app, ["bots", "ultia"])
    assert res.exit_code == 0, res.output
    for level in ("easy", "medium", "hard"):
        assert level in res.output
    assert "ismcts" in res.output and "greedy" in res.output


def test_the_out_file_is_resumed_by_running_the_same_command(
        runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ("--seats", "greedy,random,random", "--games", "3", "--workers", "1",
            "--out", str(out))
    first = _run(runner, ultia, *args)
    assert first.exit_code == 0, first.output
    assert f"Per-game results written to {out}" in first.stdout
    again = _run(runner, ultia, *args)
    assert again.exit_code == 0, again.output
    assert "3 games were read back" in again.stdout and "0 played now" in again.stdout
    other = _run(runner, ultia, "--seats", "greedy,random,random", "--games", "3",
                 "--seed", "9", "--workers", "1", "--out", str(out))
    assert other.exit_code != 0 and "holds another run" in other.output
