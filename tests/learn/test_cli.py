"""``ludoverse learn GAME`` in the terminal: a tutorial played to the end by typing what each
step asks, a wrong move refused without changing anything, and quitting and resuming."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from ludoverse.cli import app
from ludoverse.learn.engine import Tutorial, tutorial

GAMES = ["multiuniversum", "paradox", "ultia", "ultramassive", "universal_rule"]


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    from ludoverse.cli import common

    for con in (common.console, common.err_console):
        monkeypatch.setattr(con, "_width", 200)
    return CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"})


def answers(t: Tutorial, start: int = 0, stop: int | None = None) -> list[str]:
    """What a learner types from step ``start``: Enter for explanations and skips, the
    expected move's text as they see it (or its number) for their moves, nothing for bot
    moves."""
    out = []
    state = t.state_at(start)
    for k in range(start, t.last if stop is None else stop):
        st = t.steps[k]
        if st.kind in ("explain", "skip"):
            out.append("")
        elif st.kind == "move":
            legal = state.legal_actions()
            labels = [state.action_label(a, t.script.learner) for a in legal]
            i = legal.index(t.actions[st.start])
            # Two copies of one card read alike: then the number says which.
            out.append(labels[i] if labels.count(labels[i]) == 1 else str(i + 1))
        for a in t.actions[st.start:st.end]:
            state.apply(a)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_plays_to_the_end(runner: CliRunner, game: str) -> None:
    t = tutorial(game)
    res = runner.invoke(app, ["learn", game], input="\n".join(answers(t)) + "\n")
    assert res.exit_code == 0, res.output
    assert "Tutorial complete" in res.output
    assert "Not this time" not in res.output
    assert f"Step {t.readable} of {t.readable}" in res.output


def test_wrong_move_is_refused_and_quitting_says_how_to_resume(runner: CliRunner) -> None:
    t = tutorial("universal_rule")
    k = next(i for i, st in enumerate(t.steps) if st.kind == "move")
    typed = answers(t, 0, k)
    state = t.state_at(k)
    wrong = next(a for a in state.legal_actions() if a != t.expected(k))
    typed += [str(state.legal_actions().index(wrong) + 1), "q"]
    res = runner.invoke(app, ["learn", "universal_rule"], input="\n".join(typed) + "\n")
    assert res.exit_code == 0, res.output
    assert "Not this time: the tutorial needs" in res.output
    assert f"ludoverse learn universal_rule --step {k}" in res.output


def test_resumes_at_a_step(runner: CliRunner) -> None:
    t = tutorial("multiuniversum")
    k = t.last - 5
    res = runner.invoke(app, ["learn", "multiuniversum", "--step", str(k)],
                        input="\n".join(answers(t, k)) + "\n")
    assert res.exit_code == 0, res.output
    assert "Tutorial complete" in res.output
    assert "Step 1 of" not in res.output


@pytest.mark.parametrize("args", [["learn", "nope"], ["learn", "ultia", "--step", "100000"],
                                  ["learn", "ultia", "--step", "-1"]])
def test_bad_arguments(runner: CliRunner, args: list[str]) -> None:
    res = runner.invoke(app, args, input="")
    assert res.exit_code != 0
