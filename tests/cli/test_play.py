"""``ludoverse play``: bots, a person fed scripted input, hot-seat, stopping early."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import ludoverse
from ludoverse.cli import app
from ludoverse.cli.play import bot_move_text, parse_choice
from ludoverse.core.records import GameRecord, replay_iter
from ludoverse.sim import play

PLENTY = "1\n" * 3000
"""Always pick the first option: enough answers for any whole game."""


def _cli() -> list[str]:
    exe = shutil.which("ludoverse")
    return [exe] if exe else [sys.executable, "-m", "ludoverse.cli"]


def test_all_bot_game_from_the_console_script(ultia: str, tmp_path: Path) -> None:
    rec = tmp_path / "bots.json"
    res = subprocess.run(
        [
            *_cli(),
            "play",
            ultia,
            "--seats",
            "greedy,greedy,greedy",
            "--seed",
            "9",
            "--record",
            str(rec),
        ],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert res.returncode == 0, res.stderr
    assert "Seed 9" in res.stdout and "Game over" in res.stdout and "Winner:" in res.stdout
    assert f"saved to {rec}" in res.stdout
    record = GameRecord.read(rec)
    assert record.seats == ["greedy"] * 3 and record.outcome is not None
    # Bots are seeded exactly as in ludoverse.sim.play: the CLI game is the library game.
    same, _ = play(ultia, ["greedy"] * 3, seed=9)
    assert record.actions == same.actions


def test_human_plays_a_whole_game(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    rec = tmp_path / "me.json"
    res = runner.invoke(
        app,
        ["play", ultia, "--seats", "human,random,random", "--seed", "2", "--record", str(rec)],
        input="abc\n0\n999\n" + PLENTY,
    )
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Your turn (Seat 1)" in out
    assert "'abc' is not a number from 1 to" in out
    assert "0 is not on the list" in out and "999 is not on the list" in out
    assert "Seat 2 (random): " in out
    assert "Game over" in out and f"saved to {rec}" in out
    assert GameRecord.read(rec).outcome is not None


def test_default_seats_and_record_path(
    runner: CliRunner, ultia: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    # A few moves against the default bots, then quit: the record is saved either way.
    res = runner.invoke(app, ["play", ultia, "--seed", "4"], input="1\n" * 6 + "q\n")
    assert res.exit_code == 0, res.output
    assert "Seat 1 human, Seat 2 medium, Seat 3 medium" in res.output
    assert "Stopped after" in res.output
    [saved] = (tmp_path / "records").glob("ultia-4-*.json")
    assert GameRecord.read(saved).seats == ["human", "medium", "medium"]


def test_random_seed_is_printed(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    rec = tmp_path / "r.json"
    res = runner.invoke(app, ["play", ultia, "-s", "random,random,random", "--record", str(rec)])
    assert res.exit_code == 0, res.output
    seed = GameRecord.read(tmp_path / "r.json").seed
    assert f"play this deal again with --seed {seed}" in res.output


def test_hot_seat_announces_each_player(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    res = runner.invoke(
        app,
        [
            "play",
            ultia,
            "--seats",
            "human,human,random",
            "--seed",
            "3",
            "--record",
            str(tmp_path / "hs.json"),
        ],
        input=PLENTY,
    )
    assert res.exit_code == 0, res.output
    assert "Seat 1 to play" in res.output and "Seat 2 to play" in res.output
    assert "Your turn" not in res.output


def _first_human_action(record: GameRecord, seat: int = 0) -> int:
    states = replay_iter(record)
    _, state = next(states)
    for i in range(len(record.actions)):
        if state.current_player == seat:
            return i
        next(states)
    raise AssertionError("the human never moved")


def test_end_of_input_saves_the_unfinished_game(
    runner: CliRunner, ultia: str, tmp_path: Path
) -> None:
    rec = tmp_path / "part.json"
    res = runner.invoke(
        app,
        ["play", ultia, "--seats", "human,random,random", "--seed", "6", "--record", str(rec)],
        input="1\n",
    )
    assert res.exit_code == 1
    assert "Input ended after" in res.output and f"saved to {rec}" in " ".join(res.output.split())
    assert "Traceback" not in res.output
    part = GameRecord.read(rec)
    assert part.outcome is None and part.actions
    # Typing the first option's text, in another case, is the same as typing 1.
    label = part.labels[_first_human_action(part)]
    rec2 = tmp_path / "part2.json"
    args = ["play", ultia, "--seats", "human,random,random", "--seed", "6", "--record", str(rec2)]
    res2 = runner.invoke(app, args, input=label.upper() + "\n")
    assert res2.exit_code == 1
    assert GameRecord.read(rec2).actions == part.actions


def test_quit_saves_and_exits_cleanly(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    rec = tmp_path / "q.json"
    res = runner.invoke(
        app,
        ["play", ultia, "--seats", "human,random,random", "--seed", "1", "--record", str(rec)],
        input="q\n",
    )
    assert res.exit_code == 0
    assert "Stopped after" in res.output
    assert GameRecord.read(rec).outcome is None


def test_parse_choice() -> None:
    labels = ["Pass", "Play Probe 7", "play probe 7 "]
    assert parse_choice("1", labels) == 0
    assert parse_choice(" pass ", labels) == 0
    assert "not on the list" in str(parse_choice("4", labels))
    assert "type the number" in str(parse_choice("PLAY PROBE 7", labels))
    assert "nor the text" in str(parse_choice("fold", labels))
    assert "Type a number" in str(parse_choice("", labels))


def test_bots_secret_choices_stay_hidden(ultia: str) -> None:
    """A bot's face-down discard is announced without its card; its card plays in full."""
    game = ludoverse.load(ultia)
    rng = random.Random(0)
    found: set[str] = set()
    for seed in range(20):
        state = game.new_game(3, seed)
        while not state.is_terminal() and len(found) < 2:
            seat = state.current_player
            legal = state.legal_actions()
            kinds = {game.action_info(a)["kind"] for a in legal}
            others = [s for s in range(3) if s != seat]
            a = legal[0]
            if kinds == {"discard"} and len(legal) > 1:
                shown = {bot_move_text(state, x, others[:1]) for x in legal}
                assert len(shown) == 1 and "face down" in shown.pop()
                assert bot_move_text(state, a, []) == state.action_label(a, seat)
                found.add("discard")
            elif kinds == {"play"} and len(legal) > 1:
                shown = {bot_move_text(state, x, others) for x in legal}
                assert len(shown) == len(legal)  # a card played face up is named
                assert bot_move_text(state, a, others) == state.action_label(a, None)
                found.add("play")
            state.apply(rng.choice(legal))
        if len(found) == 2:
            return
    pytest.fail(f"no discard and play decisions found, only {found}")


def test_ctrl_c_saves_the_unfinished_game(
    runner: CliRunner, ultia: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ludoverse.cli import play as play_module

    def interrupt(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(play_module.console, "input", interrupt)
    rec = tmp_path / "int.json"
    res = runner.invoke(app, ["play", ultia, "--seed", "1", "--record", str(rec)])
    assert res.exit_code == 130
    assert "Interrupted after" in res.output and "Traceback" not in res.output
    assert GameRecord.read(rec).outcome is None


def test_options_and_preset_reach_the_record(runner: CliRunner, ultia: str, tmp_path: Path) -> None:
    game = ludoverse.load(ultia)
    preset = next(iter(game.presets))
    rec = tmp_path / "opts.json"
    res = runner.invoke(
        app,
        [
            "play",
            ultia,
            "-s",
            "random,random,random",
            "--seed",
            "2",
            "--record",
            str(rec),
            "-o",
            f"preset={preset}",
        ],
    )
    assert res.exit_code == 0, res.output
    expected = game.make_options({"preset": preset}).model_dump(mode="json")
    assert GameRecord.read(rec).options == expected
