"""Helpers shared by the commands: consoles, friendly errors, and loading what users name."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from ludoverse.core.api import Game, Outcome
from ludoverse.core.options import parse_option_args
from ludoverse.core.registry import load

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

# Parameters several commands share, declared once so their help reads the same everywhere.
GameArg = Annotated[
    str, typer.Argument(help="Game name, e.g. ultia (see 'ludoverse games').", metavar="GAME")
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        metavar="N",
        help="Number of players (default: from --seats, else the game's minimum).",
    ),
]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="Rule option name=value, repeatable; preset=NAME picks a preset. "
        "See 'ludoverse rules GAME'.",
    ),
]

WorkersOpt = Annotated[
    str,
    typer.Option("--workers", "-w", metavar="K|auto",
                 help="Processes to play on (default: one per core)."),
]


class RateColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "", style="progress.data.speed")


def games_progress(label: str, total: int) -> tuple[Progress, Callable[..., None]]:
    """A progress bar for a batch of games (on stderr, only on a terminal) and the callback
    that advances it by one game."""
    progress = Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), RateColumn(),
        TimeRemainingColumn(), console=err_console, transient=True, refresh_per_second=2,
        disable=not err_console.is_terminal,
    )
    task = progress.add_task("games", total=total)

    def advance(*_: Any) -> None:
        progress.advance(task)

    return progress, advance


USAGE_EXIT = 2
"""Exit code for anything the user typed wrong (the same code click uses for usage errors)."""


def fail(message: str, code: int = USAGE_EXIT) -> typer.Exit:
    """Print a one-line red error and return the exit to raise."""
    err_console.print(f"[bold red]error:[/bold red] {escape(message)}", soft_wrap=True)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the errors bad input raises (unknown names, bad options, bad files) into one line.

    Only wrap code that parses or validates input: a ``ValueError`` from deep inside a game
    is a bug and deserves its traceback.
    """
    try:
        yield
    except KeyError as exc:  # registry lookups carry their message as the only argument
        raise fail(str(exc.args[0]) if exc.args else "unknown name") from None
    except (ValueError, OSError) as exc:  # OptionError, SpecError, ContentError, RecordError ...
        raise fail(str(exc)) from None


def load_game(name: str) -> Game:
    with user_errors():
        return load(name)


def build_options(game: Game, pairs: Sequence[str]) -> BaseModel:
    """``--option k=v`` pairs (``preset=NAME`` included) as the game's options model."""
    with user_errors():
        return game.make_options(parse_option_args(list(pairs)))


def load_content(game: Game, path: Path | None) -> Any:
    """The user's own content file, or ``None`` for the content shipped with the game."""
    if path is None:
        return None
    with user_errors():
        return game.load_content(path)


def split_seats(seats: str | None) -> list[str] | None:
    """``"human,ismcts:iters=500,c=0.7"`` -> ``["human", "ismcts:iters=500,c=0.7"]``.

    Bot parameters are comma-separated too, so a piece with ``=`` but no ``:`` continues the
    previous seat's parameters (a bot name never contains ``=``).
    """
    if seats is None:
        return None
    out: list[str] = []
    for piece in (p.strip() for p in seats.split(",")):
        if out and "=" in piece and ":" not in piece and ":" in out[-1]:
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def players_range(game: Game) -> str:
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}-{game.max_players}"


def fmt_num(x: float) -> str:
    """Scores and means: integers print as integers, the rest with two decimals."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.2f}"


def outcome_table(outcome: Outcome, seats: Sequence[str] | None = None) -> Table:
    table = Table(title="Result", title_justify="left")
    table.add_column("Seat", justify="right")
    if seats:
        table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Place", justify="right")
    table.add_column("")
    for s, (score, place) in enumerate(zip(outcome.scores, outcome.ranking, strict=True)):
        row = [str(s + 1)]  # players count seats from 1
        if seats:
            row.append(escape(seats[s]) if s < len(seats) else "?")
        won = "[bold green]winner[/bold green]" if s in outcome.winners else ""
        row += [fmt_num(score), str(place), won]
        table.add_row(*row)
    return table


def print_outcome(outcome: Outcome, seats: Sequence[str] | None = None) -> None:
    console.print(outcome_table(outcome, seats))
    winners = ", ".join(f"Seat {w + 1}" for w in outcome.winners) or "nobody"
    console.print(f"Winner: {winners}.  Reason: {escape(outcome.reason)}")
    if outcome.tiebreak_trace:
        console.print("Tie-breaks:")
        for step in outcome.tiebreak_trace:
            console.print(f"  - {escape(step)}")
