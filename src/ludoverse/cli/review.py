"""``ludoverse review``: a finished (or stopped) game's decisions of one seat, judged by search."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludoverse.cli.common import console, err_console, fail
from ludoverse.core.registry import load
from ludoverse.review import (
    DEFAULT_BOT,
    Review,
    ReviewError,
    default_seat,
    review,
    review_bot,
)
from ludoverse.review.engine import read_record
from ludoverse.review.html import COLOURS


def review_cmd(
    record: Annotated[
        Path,
        typer.Argument(help="A game record JSON file (saved by 'ludoverse play').",
                       metavar="RECORD"),
    ],
    seat: Annotated[
        int | None,
        typer.Option("--seat", metavar="N",
                     help="The seat to review (default: the record's only human seat, else 0)."),
    ] = None,
    bot: Annotated[
        str,
        typer.Option("--bot", metavar="SPEC",
                     help=f"The search that judges the moves: an ismcts spec or a strength "
                     f"name that maps to one (default {DEFAULT_BOT}). The iteration budget "
                     "is per decision."),
    ] = DEFAULT_BOT,
    seed: Annotated[
        int,
        typer.Option("--seed", metavar="N",
                     help="The review's own seed; the same seed gives the same review."),
    ] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the review as JSON instead of a table.")
    ] = False,
    html: Annotated[
        Path | None,
        typer.Option("--html", metavar="FILE",
                     help="Also write a self-contained HTML page with a plot and the table."),
    ] = None,
) -> None:
    """Review one seat's decisions: the move played, the move the search prefers, both with
    estimated win shares, and a verdict (best, good, inaccuracy, mistake, blunder).

    The search sees only what that seat could see at each decision (docs/review.md).
    """
    try:
        rec = read_record(record)
        game = load(rec.game)
        who = default_seat(rec) if seat is None else seat
        search = review_bot(bot, game)
        progress = Progress(
            TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(),
            TextColumn("decisions"), TimeRemainingColumn(), console=err_console,
            transient=True, refresh_per_second=2, disable=not err_console.is_terminal,
        )
        task = progress.add_task("review", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        with progress:
            result = review(rec, who, search, seed, advance)
    except KeyError as exc:
        raise fail(str(exc.args[0]) if exc.args else "unknown game") from None
    except ReviewError as exc:
        raise fail(str(exc)) from None
    if html is not None:
        try:
            html.parent.mkdir(parents=True, exist_ok=True)
            html.write_text(result.to_html(), encoding="utf-8")
        except OSError as exc:
            raise fail(f"could not write {html}: {exc.strerror or exc}", 1) from None
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
        if html is not None:
            err_console.print(f"HTML review written to {html}", soft_wrap=True)
        return
    print_review(result)
    if html is not None:
        console.print(f"HTML review written to {html}", soft_wrap=True)


def print_review(result: Review) -> None:
    """The rich table of decisions and the one-line summary."""
    state = "finished" if result.finished else "unfinished: reviewed up to its last move"
    console.print(
        f"[bold]{escape(result.title)}[/bold], seat {result.seat} of {result.players} "
        f"({state}); search {escape(result.bot)}, seed {result.seed}"
    )
    table = Table(title_justify="left")
    table.add_column("Move", justify="right")
    table.add_column("Played")
    table.add_column("Search prefers")
    table.add_column("Played share", justify="right")
    table.add_column("Best share", justify="right")
    table.add_column("Loss", justify="right")
    table.add_column("Verdict")
    for m in result.moves:
        same = m.best_action == m.played_action
        table.add_row(
            str(m.step + 1), escape(m.played), "=" if same else escape(m.best),
            f"{m.played_share:.3f}", f"{m.best_share:.3f}", f"{m.loss:.3f}",
            f"[{COLOURS[m.verdict]}]{m.verdict}[/]",
        )
    console.print(table)
    console.print(result.summary_line()
                  + (f"; {result.forced} forced moves skipped" if result.forced else ""))
