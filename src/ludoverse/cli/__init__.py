"""The ``ludoverse`` command: play, replay, look up rules and cards, simulate, benchmark.

Commands live in small modules by theme and are registered here, so ``ludoverse.cli:main``
stays the one entry point.
"""

from __future__ import annotations

import typer

from ludoverse.cli.bench import bench_cmd
from ludoverse.cli.compare import compare_cmd, report_cmd
from ludoverse.cli.info import bots_cmd, cards_cmd, games_cmd, rules_cmd
from ludoverse.cli.learn import learn_cmd
from ludoverse.cli.play import play_cmd, replay_cmd
from ludoverse.cli.review import review_cmd
from ludoverse.cli.serve import bot_worker_cmd, serve_cmd
from ludoverse.cli.sim import analyze_cmd, simulate_cmd
from ludoverse.cli.tournament import tournament_cmd

app = typer.Typer(
    name="ludoverse",
    help="Ludoverse: play, study and simulate five space-themed tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
    rich_markup_mode=None,
)

app.command("games")(games_cmd)
app.command("play")(play_cmd)
app.command("replay")(replay_cmd)
app.command("review")(review_cmd)
app.command("learn")(learn_cmd)
app.command("rules")(rules_cmd)
app.command("cards")(cards_cmd)
app.command("bots")(bots_cmd)
app.command("simulate")(simulate_cmd)
app.command("tournament")(tournament_cmd)
app.command("compare")(compare_cmd)
app.command("report")(report_cmd)
app.command("bench")(bench_cmd)
app.command("serve")(serve_cmd)
app.command("bot-worker")(bot_worker_cmd)
app.command(
    "analyze", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)(analyze_cmd)


def main() -> None:
    app()


__all__ = ["app", "main"]
