"""``ludoverse simulate`` and ``ludoverse bench``: the CLI only formats; sim/ does the work."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ludoverse.cli.common import (
    GameArg,
    OptionsOpt,
    PlayersOpt,
    WorkersOpt,
    build_options,
    console,
    err_console,
    fmt_num,
    games_progress,
    load_content,
    load_game,
    split_seats,
    user_errors,
)
from ludoverse.sim.metrics import compute
from ludoverse.sim.parallel import BACKENDS, worker_count
from ludoverse.sim.results import ResultsFile, make_header
from ludoverse.sim.simulate import SEED_STRIDE, SimSummary, resolve_bot_seats, simulate
from ludoverse.sim.stats import Estimate

MAX_REASONS = 6
"""Games whose end reasons are free text (with scores in them) would list every game."""


def _ci(e: Estimate, scale: float = 1.0, digits: int = 1) -> str:
    return f"{scale * e.mean:.{digits}f} ± {scale * e.half_width:.{digits}f}"


def print_summary(s: SimSummary) -> None:
    m = compute(s.results, s.players)
    console.print(
        f"[bold]{escape(s.game)}[/bold]: {s.games} games, {s.players} players, base seed {s.seed} "
        f"(game i uses seed {s.seed} * {SEED_STRIDE} + i)"
    )
    table = Table(title_justify="left")
    for col in ("Seat", "Bot", "Wins", "Win rate %", "Mean score", "Score quartiles"):
        table.add_column(col, justify="left" if col == "Bot" else "right")
    for seat, bot in enumerate(s.seats):
        sc = m.scores[seat]
        table.add_row(
            str(seat), escape(bot), fmt_num(s.wins[seat]), _ci(m.win_rate[seat], 100),
            _ci(sc.mean, digits=2), f"{sc.q1:g} / {sc.median:g} / {sc.q3:g}",
        )
    console.print(table)
    console.print("± is a 95% confidence interval. A win shared by k players counts as 1/k "
                  "of a win for each of them.")
    console.print(
        f"Balance (1 - largest win-rate gap): {m.balance:.3f}; first-player advantage "
        f"(seat 0 minus {100 / s.players:.1f}%): {_ci(m.first_player_advantage, 100)} points"
    )
    console.print(
        f"Mean game length: {s.mean_decisions:.1f} decisions (median {m.decisions.median:g}, "
        f"range {m.decisions.minimum:g}-{m.decisions.maximum:g}); "
        f"{m.branching:.1f} legal actions per decision"
    )
    console.print(f"Winning margin: {_ci(m.margin.mean, digits=2)} (median {m.margin.median:g}); "
                  f"shared wins: {m.shared_wins}")
    if m.decided_by:
        console.print("Decided by a tie-breaker: " + "; ".join(
            f"{escape(k)} ({v})" for k, v in m.decided_by.items()))
    if 0 < len(s.reasons) <= MAX_REASONS and 2 * len(s.reasons) <= s.games:
        ended = "; ".join(f"{escape(r)} ({n})" for r, n in s.reasons.items())
        console.print(f"Games ended by: {ended}")
    if m.game_metrics:
        gm = Table(title=f"{escape(s.game)} metrics per game", title_justify="left")
        for col in ("Metric", "Mean", "Median", "Range"):
            gm.add_column(col, justify="left" if col == "Metric" else "right")
        for name, sp in m.game_metrics.items():
            gm.add_row(escape(name), _ci(sp.mean, digits=3), f"{sp.median:g}",
                       f"{sp.minimum:g}-{sp.maximum:g}")
        console.print(gm)
    for name, rows in m.game_tables.items():
        if not rows:
            continue
        t = Table(title=escape(name), title_justify="left")
        for col in rows[0]:
            t.add_column(escape(str(col)), justify="left" if col == next(iter(rows[0]))
                         else "right")
        for row in rows:
            t.add_row(*(f"{v:.3f}" if isinstance(v, float) else escape(str(v))
                        for v in row.values()))
        console.print(t)


def simulate_cmd(
    game: GameArg,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, metavar="N", help="How many games to play.")
    ],
    players: PlayersOpt = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            metavar="SEATS",
            help="Bots by seat, comma-separated, e.g. greedy,random,random "
            "(default: greedy in every seat).",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            metavar="N",
            help=f"Base seed; game i uses seed*{SEED_STRIDE}+i, so runs repeat exactly.",
        ),
    ] = 0,
    option: OptionsOpt = None,
    content: Annotated[
        Path | None,
        typer.Option("--content", metavar="FILE", help="Simulate with your own content TOML file."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Results file (JSON lines: a header, then one line per game as it finishes). "
            "Run the same command again to resume a stopped run.",
        ),
    ] = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Start the --out file over instead of resuming it.")
    ] = False,
    workers: WorkersOpt = "auto",
    backend: Annotated[
        str, typer.Option("--backend", metavar="local|ray",
                          help="Where to play: local processes, or Ray (pip install "
                          "'ludoverse[cluster]').")
    ] = "local",
    address: Annotated[
        str | None, typer.Option("--address", metavar="ADDR",
                                 help="Ray cluster to join (default: a private local one).")
    ] = None,
) -> None:
    """Let bots play many games and report win rates, scores and game length per seat.

    The same command gives the same numbers every time, with any number of workers (only the
    speed line changes), so two rule variants or bots can be compared on identical deals.
    """
    g = load_game(game)
    opts = build_options(g, option or [])
    cont = load_content(g, content)
    with user_errors():
        specs = resolve_bot_seats(g, split_seats(seats), players)
        k = worker_count(workers)
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
        if backend == "ray":
            try:
                import ray  # noqa: F401
            except ImportError:
                raise ValueError("the ray backend needs Ray: pip install 'ludoverse[cluster]'") \
                    from None
    progress, on_game = games_progress("simulating", games)

    with user_errors():  # a results file of another run is bad input
        if out is not None and not fresh:
            content_json = None if cont is None else g.content_to_json(cont)
            header = make_header(g.name, g.version, specs, seed, opts.model_dump(mode="json"),
                                 content_json)
            ResultsFile.check(out, header)
    with progress:  # input is checked above: an error from here on is a bug, with traceback
        summary = simulate(g, games, specs, seed=seed, options=opts, content=cont,
                           workers=k, on_game=on_game, out=out, fresh=fresh,
                           backend=backend, address=address)
    print_summary(summary)
    if summary.resumed:
        console.print(f"{summary.resumed} games were read back from {out}; "
                      f"{summary.games - summary.resumed} played now.", soft_wrap=True)
    console.print(
        f"Time: {summary.elapsed:.2f} s ({summary.games_per_second:.1f} games/s, "
        f"{k} worker{'s' if k > 1 else ''}{', Ray' if backend == 'ray' else ''})"
    )
    if out is not None:
        console.print(f"Per-game results written to {out}", soft_wrap=True)


def analyze_cmd(
    ctx: typer.Context,
    game: GameArg,
    study: Annotated[str | None, typer.Argument(help="Study name; omit to list them.")] = None,
    n: Annotated[int, typer.Option("--n", "-n", "--samples",
                                   help="Sample size (deals, games or setups).")] = 200,
    seed: Annotated[int, typer.Option(help="Base seed; the same seed gives the same table.")] = 0,
    option: OptionsOpt = None,
) -> None:
    """Run a game-specific study (e.g. ULTIA's plan calibration) and print its table.

    Options the study itself takes (e.g. --players 3) follow the study name.
    """
    with user_errors():
        g = load_game(game)
        studies = g.studies()
        if study is None or study not in studies:
            if study is not None:
                err_console.print(f"[red]{escape(g.name)} has no study {study!r}[/red]")
            for name, fn in studies.items():
                doc = (fn.__doc__ or "").strip().splitlines()[0] if fn.__doc__ else ""
                params = ", ".join(f"--{p.replace('_', '-')}" for p in _study_params(fn))
                console.print(f"[bold]{escape(name)}[/bold]: {escape(doc)}"
                              + (f" [dim](options: {escape(params)})[/dim]" if params else ""))
            if not studies:
                console.print(f"{escape(g.name)} has no studies yet.")
            if study is not None:
                raise typer.Exit(2)
            return
        fn = studies[study]
        extra = _study_kwargs(study, fn, ctx.args)
        opts = build_options(g, option or []).model_dump()
        rows = fn(n, seed, opts, **extra)
    shown = "".join(f", {k}={v}" for k, v in extra.items())
    table = Table(title=f"{g.title}: {study} (n={n}, seed={seed}{shown})", title_justify="left")
    for col in rows[0] if rows else []:
        table.add_column(str(col))
    for row in rows:
        table.add_row(*(escape(str(v)) for v in row.values()))
    console.print(table)


_STUDY_POSITIONAL = 3
"""Every study takes ``(n, seed, options)`` first; its other parameters are CLI options."""


def _study_params(fn: Any) -> dict[str, inspect.Parameter]:
    """The study's own options: its parameters after ``(n, seed, options)``."""
    params = list(inspect.signature(fn).parameters.values())[_STUDY_POSITIONAL:]
    return {p.name: p for p in params
            if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)}


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _coerce(value: str, kind: Any) -> Any:
    if kind is bool:
        if value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
        raise ValueError(value)
    if kind in (int, float, str):
        return kind(value)
    return value  # unannotated (or an exotic type): the study gets the text


def _study_kwargs(study: str, fn: Any, args: list[str]) -> dict[str, Any]:
    """``--max-actions 3 --flag=yes`` after the study name -> ``{"max_actions": 3, ...}``,
    each value coerced with the study parameter's annotation; ValueError for anything else."""
    params = _study_params(fn)
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # an annotation that does not resolve: fall back to the raw strings
        hints = {}
    listing = ", ".join(f"--{p.replace('_', '-')}" for p in params) or "none"
    out: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--") or len(arg) == 2:
            raise ValueError(f"unexpected argument {arg!r} for study {study!r}; "
                             f"its options: {listing}")
        name, eq, value = arg[2:].partition("=")
        key = name.replace("-", "_")
        if key not in params:
            raise ValueError(f"study {study!r} has no option --{name}; its options: {listing}")
        kind = hints.get(key, params[key].annotation)
        kind = {"int": int, "float": float, "str": str, "bool": bool}.get(kind, kind)
        if not eq:
            if i + 1 < len(args) and not args[i + 1].startswith("--"):
                value = args[i + 1]
                i += 1
            elif kind is bool:
                value = "true"
            else:
                raise ValueError(f"--{name} needs a value (study {study!r})")
        try:
            out[key] = _coerce(value, kind)
        except ValueError:
            tname = getattr(kind, "__name__", str(kind))
            raise ValueError(f"--{name} must be {tname}, not {value!r} (study {study!r}; "
                             f"its options: {listing})") from None
        i += 1
    return out
