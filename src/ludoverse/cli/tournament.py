"""``ludoverse tournament``: bots against each other, with confidence intervals and ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from ludoverse.cli.common import (
    GameArg,
    OptionsOpt,
    WorkersOpt,
    build_options,
    console,
    games_progress,
    load_game,
    split_seats,
    user_errors,
)
from ludoverse.sim.parallel import worker_count
from ludoverse.sim.results import ResultsFile
from ludoverse.sim.simulate import SEED_STRIDE
from ludoverse.sim.tournament import (
    TournamentResult,
    schedule,
    tournament,
    tournament_header,
    tournament_seats,
)


def _pct(est_mean: float, half: float) -> str:
    return f"{100 * est_mean:.1f} ± {100 * half:.1f}"


def print_tournament(r: TournamentResult) -> None:
    n = len(r.seats)
    how = f"every deal played from all {n} seatings" if r.rotate else "seats fixed"
    console.print(
        f"[bold]{escape(r.game)}[/bold] tournament: {len(r.games)} games ({how}), base seed "
        f"{r.seed} (deal d uses seed {r.seed} * {SEED_STRIDE} + d)"
    )
    table = Table(title_justify="left")
    for col in ("Bot", "Games", "Win %", "Score", "Elo", "Move ms"):
        table.add_column(col, justify="left" if col == "Bot" else "right",
                         overflow="fold", no_wrap=col != "Bot")
    for s in sorted(r.stats(), key=lambda s: -s.rating):
        table.add_row(
            escape(s.name), str(s.seat_games), _pct(s.win_share.mean, s.win_share.half_width),
            f"{s.score.mean:.1f} ± {s.score.half_width:.1f}",
            f"{s.rating:.0f} ± {s.rating_ci:.0f}",
            f"{s.mean_move_ms:.0f} / {s.slowest_move_ms:.0f}",
        )
    console.print(table)
    console.print(f"± is a 95% confidence interval. Games: seat-games played. Win %: share of "
                  f"wins (a win shared by k seats counts 1/k; fair share {100 / n:.1f}%). "
                  "Elo: Bradley-Terry rating, mean 1500. Move ms: mean / slowest.")
    pairs = Table(title="Head to head: how often A finishes above B in the same game",
                  title_justify="left")
    for col in ("A", "B", "A above B %", "Verdict"):
        pairs.add_column(col, justify="left" if col in ("A", "B", "Verdict") else "right")
    bots = r.bots
    for (a, b), e in r.pairwise().items():
        if bots.index(a) > bots.index(b) or e.n == 0:
            continue
        if e.low > 0.5:
            verdict = f"{a} stronger (95%)"
        elif e.high < 0.5:
            verdict = f"{b} stronger (95%)"
        else:
            verdict = "no significant difference"
        pairs.add_row(escape(a), escape(b), _pct(e.mean, e.half_width), escape(verdict))
    console.print(pairs)
    console.print(f"Time: {r.elapsed:.1f} s")


def tournament_cmd(
    game: GameArg,
    seats: Annotated[
        str,
        typer.Option(
            "--seats", "-s", metavar="SEATS",
            help="Bots by seat, comma-separated, e.g. ismcts:iters=500,c=1,greedy,greedy; "
            "the strength names easy, medium and hard work too.",
        ),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N",
                          help="Games to play (rounded up to whole rotations).")
    ],
    rotate: Annotated[
        bool, typer.Option("--rotate/--no-rotate",
                           help="Play every deal from every seating (default: on).")
    ] = True,
    seed: Annotated[int, typer.Option("--seed", metavar="N", help="Base seed.")] = 0,
    workers: WorkersOpt = "auto",
    option: OptionsOpt = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE",
                     help="Results file (JSON lines: a header, then one line per game as it "
                     "finishes). Run the same command again to resume a stopped run, or "
                     "with more --games to extend it."),
    ] = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Start the --out file over instead of resuming it.")
    ] = False,
    summary: Annotated[
        Path | None,
        typer.Option("--summary", metavar="FILE",
                     help="Write the whole result (bots, head to head, games) as JSON."),
    ] = None,
) -> None:
    """Play bots against each other with rotated seats; report each bot's win share and mean
    score with 95% confidence intervals, head-to-head results and Elo-style ratings.
    """
    g = load_game(game)
    opts = build_options(g, option or [])
    with user_errors():
        specs = split_seats(seats) or []
        tournament_seats(g, specs)  # checks them before any game is played
        k = worker_count(workers)
    total = len(schedule(specs, games, rotate))
    progress, on_game = games_progress("playing", total)

    with user_errors():  # a results file of another tournament is bad input
        if out is not None and not fresh:
            header = tournament_header(g, tournament_seats(g, specs), seed, rotate,
                                       opts.model_dump(mode="json"))
            ResultsFile.check(out, header)
    with progress:  # input is checked above: an error from here on is a bug, with traceback
        result = tournament(g, specs, games, seed=seed, rotate=rotate, options=opts,
                            workers=k, on_game=on_game, out=out, fresh=fresh)
    if rotate and total != games:
        console.print(f"{games} games rounded up to {total}: whole rotations of "
                      f"{len(specs)} seatings.")
    print_tournament(result)
    if result.resumed:
        console.print(f"{result.resumed} games were read back from {out}; "
                      f"{len(result.games) - result.resumed} played now.", soft_wrap=True)
    if out is not None:
        console.print(f"Per-game results written to {out}", soft_wrap=True)
    if summary is not None:
        with user_errors():
            summary.parent.mkdir(parents=True, exist_ok=True)
            summary.write_text(json.dumps(result.to_json(), indent=1))
        console.print(f"Results written to {summary}", soft_wrap=True)
