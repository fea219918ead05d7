"""``ludoverse play`` (people and bots at one terminal) and ``ludoverse replay``."""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.text import Text

from ludoverse.bots.base import Bot, make
from ludoverse.cli.common import (
    GameArg,
    OptionsOpt,
    PlayersOpt,
    build_options,
    console,
    fail,
    load_content,
    load_game,
    print_outcome,
    split_seats,
    user_errors,
)
from ludoverse.core.api import Game, Outcome, State
from ludoverse.core.records import GameRecord, Recorder, replay_iter
from ludoverse.sim.play import bot_seed
from ludoverse.sim.simulate import HUMAN, resolve_seats

QUIT_WORDS = ("q", "quit", "exit")
INTERRUPT_EXIT = 130
"""Exit code after Ctrl-C, as shells report for SIGINT."""


class QuitGame(Exception):
    """The player asked to stop; the game so far is saved."""


STOPS: dict[type[BaseException], tuple[str, int]] = {
    QuitGame: ("Stopped", 0),
    EOFError: ("Input ended", 1),
    KeyboardInterrupt: ("Interrupted", INTERRUPT_EXIT),
}
"""How each way of leaving a game early is reported, and the exit code it gives."""


def show(renderable: Any) -> None:
    """Print what ``Game.render`` returned; a plain string is shown as-is, never as markup."""
    console.print(Text(renderable) if isinstance(renderable, str) else renderable)


def parse_choice(text: str, labels: Sequence[str]) -> int | str:
    """Index of the action a player typed (its number, or its label in any case), else an error.

    Returns a message (str) for anything that does not name exactly one action.
    """
    t = text.strip()
    n = len(labels)
    if not t:
        return f"Type a number from 1 to {n}, or the text of an action."
    if t.isdigit():
        k = int(t)
        return k - 1 if 1 <= k <= n else f"{k} is not on the list: choose 1 to {n}."
    matches = [i for i, lab in enumerate(labels) if lab.strip().lower() == t.lower()]
    if len(matches) == 1:
        return matches[0]
    if matches:
        return f"Several actions read {t!r}: type the number instead."
    return f"{t!r} is not a number from 1 to {n} nor the text of an action."


def ask_human(state: State, seat: int, hot_seat: bool) -> int:
    """Show ``seat`` its own view and the legal actions, and read a valid choice."""
    g = state.game
    console.rule(f"Seat {seat + 1} to play" if hot_seat else f"Your turn (Seat {seat + 1})")
    show(g.render(state.observation(seat), seat))
    actions = state.legal_actions()
    labels = [state.action_label(a, seat) for a in actions]
    for i, lab in enumerate(labels, 1):
        console.print(f"  [bold]{i:>2}[/bold]. {escape(lab)}")
    while True:  # one prompt format, even for one option: scripts and pty tests match it
        text = console.input(f"Seat {seat + 1}, choose 1-{len(actions)} (q to quit): ")
        if text.strip().lower() in QUIT_WORDS and text.strip().lower() not in (
            lab.lower() for lab in labels
        ):
            raise QuitGame
        choice = parse_choice(text, labels)
        if isinstance(choice, int):
            return actions[choice]
        console.print(f"[red]{escape(choice)}[/red]")


def bot_move_text(before: State, action: int, viewers: Sequence[int]) -> str:
    """What the people at the terminal may read about a bot's move.

    One person reads the label written for their seat; several people sharing the screen (hot
    seat) read the spectator's label, which names nothing hidden from any of them. With nobody
    at the terminal the move is shown in full.
    """
    if not viewers:
        return before.action_label(action, before.current_player)
    return before.action_label(action, viewers[0] if len(viewers) == 1 else None)


def tell(state: State, viewer: int | None, start: int, everything: bool = False) -> int:
    """Print the game's log from entry ``start`` as sentences for ``viewer`` (all of it when
    nobody plays at the terminal); returns where the next call starts."""
    for e in state.events[start:]:
        if everything or e.visible(viewer):
            console.print(f"  [dim]{escape(state.game.event_text(e, viewer))}[/dim]")
    return len(state.events)


def default_record_path(game: Game, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("records") / f"{game.name}-{seed}-{stamp}.json"


def run_game(rec: Recorder, seats: list[str]) -> Outcome:
    """Play ``rec``'s game to the end, seeding bots exactly as :func:`ludoverse.sim.play` does.

    Kept as its own loop (rather than ``sim.play`` with callbacks) so the caller keeps the
    recorder when a person stops or interrupts, and can save the unfinished game.
    """
    game, seed = rec.game, rec.record.seed
    bots: list[Bot | None] = [None if s.lower() == HUMAN else make(s, game) for s in seats]
    humans = [i for i, b in enumerate(bots) if b is None]
    hot_seat = len(humans) > 1
    rngs = [random.Random(bot_seed(seed, i)) for i in range(len(seats))]
    state = rec.state
    viewer = humans[0] if len(humans) == 1 else None
    told = tell(state, viewer, 0, everything=not humans)
    while not state.is_terminal():
        seat = state.current_player
        bot = bots[seat]
        if bot is None:
            rec.apply(ask_human(state, seat, hot_seat))
        else:
            action = bot.choose(state.determinize(seat, rngs[seat]), seat, rngs[seat])
            text = bot_move_text(state, action, humans)
            rec.apply(action)
            console.print(f"Seat {seat + 1} ({escape(seats[seat])}): {escape(text)}")
        told = tell(state, viewer, told, everything=not humans)
    out = state.outcome()
    assert out is not None
    return out


def save(record: GameRecord, path: Path) -> Path:
    try:
        return record.write(path)
    except OSError as exc:
        raise fail(f"could not save the record to {path}: {exc}", 1) from None


def play_cmd(
    game: GameArg,
    players: PlayersOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            metavar="SEATS",
            help="Who sits where, comma-separated, Seat 1 first: 'human' or a bot "
            "(easy, medium, hard, or random, greedy, ismcts:iters=N ...). Several humans "
            "share the terminal in turn. Default: you in Seat 1, medium bots in the others.",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            metavar="N",
            help="Shuffle seed: the same seed and moves give the same game. "
            "Default: random (printed, so you can play the deal again).",
        ),
    ] = None,
    option: OptionsOpt = None,
    content: Annotated[
        Path | None,
        typer.Option(
            "--content", metavar="FILE", help="Play with your own cards: a content TOML file."
        ),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            "--record",
            metavar="FILE",
            help="Where to save the game record (default: records/<game>-<seed>-<time>.json).",
        ),
    ] = None,
) -> None:
    """Play a game in the terminal, against bots or with friends at the same keyboard.

    On your turn you see your own view of the table and a numbered list of your legal moves:
    type the number (or the move's text). Type q to stop; the game so far is saved and can be
    watched with 'ludoverse replay'.
    """
    g = load_game(game)
    opts = build_options(g, option or [])
    cont = load_content(g, content)
    with user_errors():
        specs = resolve_seats(g, split_seats(seats), players, fill="medium")
        if seats is None:
            specs[0] = HUMAN
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    path = record or default_record_path(g, seed)
    console.print(
        f"[bold]{escape(g.title)}[/bold], {len(specs)} players: "
        + ", ".join(f"Seat {i + 1} {escape(s)}" for i, s in enumerate(specs))
    )
    console.print(f"Seed {seed} (play this deal again with --seed {seed})")
    rec = Recorder(g, len(specs), seed, opts, cont, seats=specs)
    try:
        out = run_game(rec, specs)
    except (EOFError, KeyboardInterrupt, QuitGame) as exc:
        saved = save(rec.record, path)
        why, code = STOPS[type(exc)]
        n = len(rec.record.actions)
        console.print(
            f"\n{why} after {n} moves; the unfinished game is saved to {saved}", soft_wrap=True
        )
        raise typer.Exit(code) from None
    console.rule("Game over")
    print_outcome(out, specs)
    saved = save(rec.record, path)
    console.print(f"Game record saved to {saved}", soft_wrap=True)
    console.print(f"Watch it again with: ludoverse replay {saved}", soft_wrap=True)


def replay_cmd(
    record: Annotated[
        Path,
        typer.Argument(
            help="A game record JSON file (saved by 'ludoverse play').", metavar="RECORD"
        ),
    ],
    step: Annotated[
        bool, typer.Option("--step", help="Show the table after each move and wait for Enter.")
    ] = False,
) -> None:
    """Replay a saved game move by move and check it reproduces the stored result."""
    with user_errors():
        rec = GameRecord.read(record)
        states = replay_iter(rec)
        _, state = next(states)
    g = state.game
    who = f", seats {escape(', '.join(rec.seats))}" if rec.seats else ""
    console.print(
        f"[bold]{escape(g.title)}[/bold], {rec.players} players, seed {rec.seed}, "
        f"{len(rec.actions)} moves{who}"
    )
    stepping = step
    if stepping:
        show(g.render(state.observation(None), None))
    for i in range(len(rec.actions)):
        seat = state.current_player
        if stepping:
            try:
                console.input("[dim]Enter for the next move[/dim] ")
            except EOFError:
                stepping = False
            except KeyboardInterrupt:
                console.print("\nStopped.")
                raise typer.Exit(INTERRUPT_EXIT) from None
        with user_errors():
            next(states)
        label = rec.labels[i] if i < len(rec.labels) else f"action {rec.actions[i]}"
        console.print(f"{i + 1:>4}. Seat {seat + 1}: {escape(label)}")
        if stepping:
            show(g.render(state.observation(None), None))
    _check_outcome(rec, state)


def _check_outcome(rec: GameRecord, state: State) -> None:
    out = state.outcome()
    if out is None:
        console.print(f"The game was not finished ({len(rec.actions)} moves recorded).")
        if rec.outcome is not None:
            raise fail("the record claims a result, but replaying it does not end the game", 1)
        return
    console.rule("Game over")
    print_outcome(out, rec.seats)
    if rec.outcome is None:
        console.print("[yellow]The record stores no result to compare with.[/yellow]")
    elif Outcome.from_json(rec.outcome) == out:
        console.print("[green]Replay check: the result matches the stored result exactly.[/green]")
    else:
        raise fail("replay check failed: the replayed result differs from the stored one", 1)
