"""``ludoverse bench``: engine, search and bot-move speed, as tables or as JSON."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ludoverse.cli.common import console, err_console, load_game, user_errors
from ludoverse.core.registry import games as registered_games
from ludoverse.sim.bench import BOT_LEVELS, OPENSPIEL_PY_ISMCTS_HEARTS, bench_report


def _rate(x: float) -> str:
    return f"{x:,.0f}"


def bench_cmd(
    game: Annotated[
        str | None,
        typer.Argument(help="Game to measure (default: every registered game).", metavar="GAME"),
    ] = None,
    every: Annotated[
        bool, typer.Option("--all", help="Measure every registered game (the default).")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print every figure as one JSON document.")
    ] = False,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds", min=0.0, metavar="S", help="Timing budget per figure, in seconds."
        ),
    ] = 3.0,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", metavar="N", help="Number of players (default: the game's minimum)."
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Seed for the deals and the random moves.")
    ] = 0,
    search: Annotated[
        bool,
        typer.Option("--search/--no-search",
                     help="Also measure ISMCTS search and bot move times (default: on)."),
    ] = True,
    positions: Annotated[
        int,
        typer.Option("--positions", min=1, metavar="N",
                     help="Positions searched per bot for the search figures."),
    ] = 30,
) -> None:
    """Measure raw engine speed (random games and actions per second, also when the state is
    cloned before every action, as tree search does), ISMCTS search speed next to OpenSpiel's
    Python ISMCTS, and every bot level's move time.
    """
    with user_errors():
        if game is not None and every:
            raise ValueError("give a GAME or --all, not both")
        names = [load_game(game).name] if game else registered_games()
        if players is not None:  # a wrong count fails now, not after minutes of measuring
            for name in names:
                load_game(name).check_players(players)

    def progress(msg: str) -> None:
        if not as_json:
            err_console.print(f"[dim]measuring {escape(msg)} ...[/dim]")

    report = bench_report(names, players, seconds, seed, positions, search, progress)
    if as_json:
        print(json.dumps(report, indent=2))
        return
    _print_engines(report, seconds)
    if search:
        _print_search(report, positions)
        for name in dict.fromkeys(r["game"] for r in report["bot_moves"]):
            _print_levels(name, [r for r in report["bot_moves"] if r["game"] == name])
        slowest = report["slowest_hard_move"]
        if slowest is not None:
            verdict = "[green]under[/green]" if slowest["met"] else "[red]over[/red]"
            console.print(f"Slowest hard move: {slowest['ms']:,.0f} ms ({escape(slowest['game'])}, "
                          f"{escape(slowest['phase'])}), {verdict} the "
                          f"{slowest['goal_ms']:,.0f} ms goal.")


def _print_engines(report: dict[str, Any], seconds: float) -> None:
    table = Table(title=f"Random play, {seconds:g} s per measurement (plain, then clone+apply)",
                  title_justify="left")
    for col in ("Game", "Players", "Games/s", "Actions/s", "Clone+apply actions/s", "Clone cost",
                "Build"):
        table.add_column(col, justify="left" if col in ("Game", "Build") else "right")
    for r in report["engines"]:
        plain = r["actions_per_second"]
        cost = 1 - r["clone_actions_per_second"] / plain if plain else 0.0
        table.add_row(r["game"], str(r["players"]), _rate(r["games_per_second"]), _rate(plain),
                      _rate(r["clone_actions_per_second"]), f"{100 * cost:.0f}%",
                      escape(r.get("build", "")))
    for e in report["errors"]:
        table.add_row(escape(e["game"]), "", f"[red]cannot load: {escape(e['error'])}[/red]",
                      "", "", "", "")
    console.print(table)
    console.print("Random legal moves, no bots; game setup is included in the timing.")


def _print_search(report: dict[str, Any], positions: int) -> None:
    low, high = OPENSPIEL_PY_ISMCTS_HEARTS
    table = Table(title=f"ISMCTS search, {positions} positions from greedy self-play per game",
                  title_justify="left")
    for col in ("Game", "Bot", "Iterations/s", f"x OpenSpiel ({high:,.0f}/s)"):
        table.add_column(col, justify="left" if col in ("Game", "Bot") else "right",
                         overflow="fold")
    for r in report["search"]:
        table.add_row(r["game"], escape(r["spec"]), _rate(r["iterations_per_second"]),
                      f"{r['openspiel_ratio']:.1f}")
    console.print(table)
    console.print(
        f"One iteration = a fresh determinisation, tree descent, playout and update. OpenSpiel's "
        f"Python ISMCTS on Hearts runs {low:,.0f}-{high:,.0f} simulations/s on a machine like "
        "this (shared/facts/peers.md); the ratio uses the upper figure. "
        "benchmarks/bench_ismcts.py runs OpenSpiel side by side when it is installed."
    )


def _print_levels(name: str, rows: list[dict[str, Any]]) -> None:
    """Thinking time of the game's bot levels per phase (a level must stay playable)."""
    table = Table(title=f"{name}: bot move time by phase, ms (mean / slowest)",
                  title_justify="left")
    table.add_column("Phase")
    specs = {r["level"]: r["spec"] for r in rows}
    for level in BOT_LEVELS:
        table.add_column(f"{level}: {escape(specs.get(level, ''))}", justify="right")
    cells = {(r["level"], r["phase"]): r for r in rows}
    for phase in dict.fromkeys(r["phase"] for r in rows):
        row = []
        for level in BOT_LEVELS:
            r = cells.get((level, phase))
            row.append(f"{r['mean_ms']:.0f} / {r['slowest_ms']:.0f} (n={r['moves']})" if r else "")
        table.add_row(escape(phase), *row)
    console.print(table)
