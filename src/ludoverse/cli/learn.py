"""``ludoverse learn GAME``: the guided first game in the terminal.

The same tutorial as the browser's ``/learn/<game>``: a fixed deal against bots, paused where
a newcomer needs a rule. The learner types each of their own moves (its number or its text);
any other move is refused with the reason, and nothing changes. ``--step K`` resumes at step
``K``; quitting prints the command that resumes where you stopped.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.text import Text

from ludoverse.cli.common import GameArg, console, fail, print_outcome
from ludoverse.cli.play import QUIT_WORDS, parse_choice, show
from ludoverse.core.api import State
from ludoverse.learn.engine import Tutorial, tutorial
from ludoverse.learn.script import tutorial_games


class Stop(Exception):
    """The learner asked to stop (q) or the input ended."""


def ask(prompt: str) -> str:
    """One line of input; ``q`` stops the tutorial."""
    try:
        text = console.input(prompt)
    except EOFError:
        raise Stop from None
    if text.strip().lower() in QUIT_WORDS:
        raise Stop
    return text


def heading(t: Tutorial, k: int) -> None:
    st = t.steps[k]
    console.rule(f"Step {st.number} of {t.readable}")


def say(t: Tutorial, k: int, state: State) -> None:
    """The step's text and the rules it teaches."""
    st = t.steps[k]
    console.print(Text(t.instruction(k, state)), style="bold")
    if st.rules:
        game = t.script.game
        console.print(Text(f"Rules ({'docs/rules/' + game + '.md'}): {', '.join(st.rules)}"),
                      style="dim")


def new_log(t: Tutorial, state: State, seen: int) -> int:
    """Print the learner's log entries after the first ``seen``; returns the new count."""
    log = state.events_for(t.script.learner)
    for e in log[seen:]:
        console.print(Text("  · " + t.game.event_text(e, t.script.learner)))
    return len(log)


def learner_move(t: Tutorial, k: int, state: State) -> int:
    """Ask until the learner types the move the step needs; returns its action id."""
    me = t.script.learner
    show(t.game.render(state.observation(me), me))
    say(t, k, state)
    actions = state.legal_actions()
    labels = [state.action_label(a, me) for a in actions]
    for i, lab in enumerate(labels, 1):
        console.print(f"  [bold]{i:>2}[/bold]. {escape(lab)}")
    expected = t.expected(k)
    while True:
        choice = parse_choice(ask(f"Your move, 1-{len(actions)} (q to stop): "), labels)
        if isinstance(choice, str):
            console.print(f"[red]{escape(choice)}[/red]")
        elif actions[choice] != expected:
            console.print(Text(t.refusal(k, state), style="yellow"))
        else:
            return actions[choice]


def one_step(t: Tutorial, k: int, state: State, seen: int) -> int:
    """Carry out step ``k`` on ``state``; returns how many log entries have been shown."""
    st = t.steps[k]
    me = t.script.learner
    if st.kind == "bot":
        state.apply(t.actions[st.start])
        return new_log(t, state, seen)
    heading(t, k)
    if st.kind == "move":
        state.apply(learner_move(t, k, state))
        return new_log(t, state, seen)
    if st.kind == "skip":
        say(t, k, state)
        ask("Press Enter to skip ahead (q to stop): ")
        for a in t.actions[st.start:st.end]:
            state.apply(a)
        console.print(f"  ({st.count} moves skipped)")
        return len(state.events_for(me))
    if st.start < len(t.actions):
        show(t.game.render(state.observation(me), me))
    say(t, k, state)
    ask("Press Enter for the next step (q to stop): ")
    return seen


def run(t: Tutorial, k: int) -> None:
    """Play the tutorial from step ``k`` to its end; :class:`Stop` says where it stopped."""
    state = t.state_at(k)
    seen = len(state.events_for(t.script.learner))
    while k < t.last:
        try:
            seen = one_step(t, k, state, seen)
        except Stop as stop:
            stop.k = k
            raise
        k += 1
    out = state.outcome()
    assert out is not None
    console.rule("The game is over")
    # Named as the tutorial's texts name them ("Seat 2" is the seat after yours).
    print_outcome(out, [("you" if s == t.script.learner else f"Seat {s + 1}")
                        for s in range(t.script.players)])
    game = t.script.game
    console.print(f"Tutorial complete. Play a real game: ludoverse play {game}  ·  "
                  f"the rules: ludoverse rules {game}")


def learn_cmd(
    game: GameArg,
    step: Annotated[
        int, typer.Option("--step", metavar="K", min=0,
                          help="Resume at step K (quitting tells you which).")
    ] = 0,
) -> None:
    """Learn to play: a guided first game against bots, with the rules explained as they
    come up. You make every one of your own moves: type its number or its text."""
    if game not in tutorial_games():
        raise fail(f"no tutorial for {game!r}; tutorials: {', '.join(tutorial_games())}")
    t = tutorial(game)
    if step > t.last:
        raise fail(f"--step {step} is past the end: the tutorial has steps 0 to {t.last}")
    console.print(Text(t.script.title, style="bold"))
    try:
        run(t, step)
    except Stop as stop:
        console.print(f"Stopped at step {stop.k}. To carry on later: "
                      f"ludoverse learn {game} --step {stop.k}")
