"""``ludoverse review``: the table, ``--json`` in the documented schema, ``--html`` with an
inline SVG, the progress callback, and one clear line (exit 2) for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app
from ludoverse.core.records import GameRecord
from ludoverse.core.registry import load
from ludoverse.review import VERDICTS, default_seat, review
from ludoverse.sim.play import play

BOT = ["--bot", "ismcts:iters=30"]


@pytest.fixture
def record_file(highcard: str, tmp_path: Path) -> Path:
    """A finished High Card game between random bots, saved as a record file."""
    record, _ = play(load(highcard), ["random", "random"], seed=1)
    return record.write(tmp_path / "game.json")


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    res = runner.invoke(app, ["review", *args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.stdout, res.stderr


def test_default_output_is_a_table_and_a_summary(runner: CliRunner, record_file: Path) -> None:
    code, out, _ = run(runner, str(record_file), *BOT)
    assert code == 0, out
    assert "High Card (test game), seat 0 of 2 (finished)" in out
    for column in ("Move", "Played", "Search prefers", "Played share", "Best share", "Verdict"):
        assert column in out
    summary = out.strip().splitlines()[-1]
    assert " decisions: " in summary and "average loss" in summary
    assert all(v in summary for v in VERDICTS)


def test_json_has_the_documented_schema(runner: CliRunner, record_file: Path) -> None:
    code, out, _ = run(runner, str(record_file), "--seat", "1", "--json", *BOT)
    assert code == 0
    data = json.loads(out)
    record = GameRecord.read(record_file)
    assert data["game"] == "toy_highcard" and data["seat"] == 1
    assert data["finished"] is True and data["bot"] == "ismcts:iters=30"
    assert data["moves"], "a seat of High Card has decisions"
    steps = [m["step"] for m in data["moves"]]
    assert steps == sorted(set(steps))
    for m in data["moves"]:
        assert {"step", "seat", "played", "best", "played_share", "best_share",
                "verdict"} <= set(m)
        assert isinstance(m["step"], int) and m["seat"] == 1
        assert isinstance(m["played"], str) and isinstance(m["best"], str)
        assert 0.0 <= m["played_share"] <= 1.0 and 0.0 <= m["best_share"] <= 1.0
        assert m["verdict"] in VERDICTS
        # The played move reads as its seat read it when it was played.
        assert m["played"] == record.labels[m["step"]]
        assert m["played_action"] == record.actions[m["step"]]
    assert sum(data["summary"]["counts"].values()) == len(data["moves"])


def test_html_is_one_self_contained_page_with_a_plot(
    runner: CliRunner, record_file: Path, tmp_path: Path
) -> None:
    page = tmp_path / "out" / "review.html"
    code, out, err = run(runner, str(record_file), "--json", "--html", str(page), *BOT)
    assert code == 0
    json.loads(out)  # stdout stays pure JSON; the note about the file goes to stderr
    assert "review.html" in err
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "<polyline" in html
    assert "<table>" in html and html.count("<tr class=") == len(json.loads(out)["moves"])
    for external in ("<script", "<link", "src=", "href=", "@import", "url("):
        assert external not in html
    assert html.count("http") == html.count('xmlns="http://www.w3.org/2000/svg"')


def test_flagged_moves_are_highlighted_in_html(duel: str, tmp_path: Path) -> None:
    from ludoverse.core.records import Recorder

    rec = Recorder(load(duel), 2, 0, {"hand": [1, 10]})
    rec.apply(0)
    rec.apply(rec.state.legal_actions()[0])
    html = review(rec.record, 0, "ismcts:iters=50").to_html()
    assert '<tr class="blunder">' in html and "tr.blunder{" in html
    assert "<circle" in html and "blunder, share 0.00" in html


def test_progress_reports_each_decision(record_file: Path) -> None:
    calls: list[tuple[int, int]] = []
    r = review(record_file, 0, "ismcts:iters=10", progress=lambda d, t: calls.append((d, t)))
    total = len(r.moves)
    assert calls == [(i, total) for i in range(total + 1)]


def test_an_unfinished_ultia_game_is_reviewed_up_to_its_last_move(
    runner: CliRunner, tmp_path: Path
) -> None:
    record, _ = play("ultia", ["greedy"] * 3, seed=5)
    record.actions, record.labels, record.outcome = record.actions[:30], record.labels[:30], None
    path = record.write(tmp_path / "stopped.json")
    code, out, _ = run(runner, str(path), "--json", "--bot", "ismcts:iters=20")
    assert code == 0
    data = json.loads(out)
    assert data["finished"] is False and data["outcome"] is None
    assert data["moves"] and all(m["step"] < 30 for m in data["moves"])
    code, out, _ = run(runner, str(path), "--bot", "ismcts:iters=20")
    assert code == 0 and "unfinished: reviewed up to its last move" in out


def test_the_default_seat_is_the_only_human(record_file: Path) -> None:
    record = GameRecord.read(record_file)
    assert default_seat(record) == 0
    record.seats = ["greedy", "human"]
    assert default_seat(record) == 1
    record.seats = ["human", "human"]
    assert default_seat(record) == 0


def _tampered(path: Path, tmp_path: Path, **changes: object) -> Path:
    data = json.loads(path.read_text())
    data.update(changes)
    out = tmp_path / f"tampered-{'-'.join(changes)}.json"
    out.write_text(json.dumps(data))
    return out


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "record not found"),
        ("not_json", "is not a JSON game record"),
        ("not_a_record", "is not a valid game record"),
        ("seat", "seat 2 is not in this 2-player game"),
        ("negative_seat", "seat -1 is not in this 2-player game"),
        ("greedy", "gives no win-share estimates"),
        ("zero_iters", "iters must be at least 1"),
        ("unknown_bot", "unknown bot 'robot'"),
        ("unknown_game", "unknown game 'nosuch'"),
        ("illegal", "cannot replay the record: action 0 (99) is illegal on replay"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(
    runner: CliRunner, record_file: Path, tmp_path: Path, case: str, message: str
) -> None:
    args = {
        "missing": [str(tmp_path / "nope.json")],
        "not_json": [str(_write(tmp_path / "x.json", "hello"))],
        "not_a_record": [str(_write(tmp_path / "y.json", '{"moves": []}'))],
        "seat": [str(record_file), "--seat", "2"],
        "negative_seat": [str(record_file), "--seat", "-1"],
        "greedy": [str(record_file), "--bot", "greedy"],
        "zero_iters": [str(record_file), "--bot", "ismcts:iters=0"],
        "unknown_bot": [str(record_file), "--bot", "robot"],
        "unknown_game": [str(_tampered(record_file, tmp_path, game="nosuch"))],
        "illegal": [str(_tampered(record_file, tmp_path, actions=[99]))],
    }[case]
    code, out, err = run(runner, *args)
    assert code == 2, out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert message in lines[0]


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_review_has_help(runner: CliRunner) -> None:
    res = runner.invoke(app, ["review", "--help"])
    assert res.exit_code == 0
    for opt in ("--seat", "--bot", "--seed", "--json", "--html"):
        assert opt in res.output
