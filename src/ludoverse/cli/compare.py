"""``ludoverse compare`` (two rule variants or content files on the same seeds) and
``ludoverse report`` (an HTML report of a results file): the designer's tools."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ludoverse.cli.common import (
    GameArg,
    PlayersOpt,
    WorkersOpt,
    console,
    games_progress,
    load_game,
    split_seats,
    user_errors,
)
from ludoverse.sim.compare import Comparison, Variant, compare
from ludoverse.sim.parallel import worker_count
from ludoverse.sim.results import read_results
from ludoverse.sim.simulate import SEED_STRIDE, GameResult, resolve_bot_seats

VARIANT_HELP = ("Space-separated k=v rule options (preset=NAME too) and optionally "
                "content=FILE, e.g. \"overwork=on\" or \"content=my_plans.toml\"; "
                "empty: the rulebook defaults.")


def print_comparison(c: Comparison) -> None:
    console.print(
        f"[bold]{escape(c.game)}[/bold]: {c.summary_a.games} games per variant on the same "
        f"seeds (game i uses seed {c.seed} * {SEED_STRIDE} + i); seats "
        + ", ".join(escape(s) for s in c.seats)
    )
    console.print(f"A: {escape(c.a.describe())}")
    console.print(f"B: {escape(c.b.describe())}")
    table = Table(title="B - A, paired by seed", title_justify="left")
    for col in ("Measure", "A", "B", "B - A (95% CI)", "Significant"):
        table.add_column(col, justify="left" if col == "Measure" else "right")
    for d in c.differences():
        pct = "win rate" in d.name or d.name == "shared win"
        k = 100 if pct else 1
        unit = "%" if pct else ""
        table.add_row(
            escape(d.name), f"{k * d.a:.2f}{unit}", f"{k * d.b:.2f}{unit}",
            f"{k * d.diff.mean:+.2f} ± {k * d.diff.half_width:.2f}",
            "yes" if d.significant else "no",
        )
    console.print(table)
    ma, mb = c.metrics_a, c.metrics_b
    console.print(f"Balance (1 - largest win-rate gap): A {ma.balance:.3f}, B {mb.balance:.3f}")
    console.print("Significant: the 95% interval of the paired difference excludes 0.")


def compare_cmd(
    game: GameArg,
    a: Annotated[str, typer.Option("--a", metavar="VARIANT", help=VARIANT_HELP)] = "",
    b: Annotated[str, typer.Option("--b", metavar="VARIANT", help=VARIANT_HELP)] = "",
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="Games per variant.")
    ] = 1000,
    players: PlayersOpt = None,
    seats: Annotated[
        str | None,
        typer.Option("--seats", "-s", metavar="SEATS",
                     help="Bots by seat (default: greedy in every seat)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Base seed.")] = 0,
    workers: WorkersOpt = "auto",
) -> None:
    """Play the same seeds under two rule variants (or content files) and show what changes:
    win rate per seat, scores, length and the game's own metrics, with paired 95% intervals.
    """
    g = load_game(game)
    with user_errors():
        va, vb = Variant.parse("A", a), Variant.parse("B", b)
        for v in (va, vb):
            g.make_options(v.options)
            if v.content is not None:
                g.load_content(v.content)
        specs = resolve_bot_seats(g, split_seats(seats), players)
        k = worker_count(workers)
    if va == vb:
        console.print("[yellow]A and B are the same variant: every difference will be 0."
                      "[/yellow]")
    progress, on_game = games_progress("comparing", 2 * games)

    with progress:
        result = compare(g, va, vb, games, specs, seed=seed, workers=k, on_game=on_game)
    print_comparison(result)


def report_cmd(
    results: Annotated[Path, typer.Argument(metavar="RESULTS",
                                            help="A results file from 'simulate --out'.")],
    html: Annotated[Path, typer.Option("--html", metavar="FILE",
                                       help="Where to write the HTML report.")],
) -> None:
    """Write a self-contained HTML balance report (tables and plots) of a simulation run."""
    with user_errors():
        header, games = read_results(results)
        if not games:
            raise ValueError(f"{results} holds no finished games")
        load_game(header["game"])
        try:
            from ludoverse.sim.report import render_html
        except ImportError:  # pragma: no cover - only without the extra
            raise ValueError("reports need matplotlib: pip install 'ludoverse[report]'") from None
    page = render_html(header, [GameResult.from_json(g) for g in games])
    with user_errors():
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text(page)
    console.print(f"Report of {len(games)} games written to {html}", soft_wrap=True)
