"""``ludoverse games``, ``rules`` and ``cards``: what a player can look up before playing."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from ludoverse.cli.common import GameArg, console, load_content, load_game, players_range
from ludoverse.core.content import PROVENANCE_KEY, find_entry_tables
from ludoverse.core.options import describe_options
from ludoverse.core.registry import games as registered_games
from ludoverse.core.registry import load

REPO_ROOT = Path(__file__).resolve().parents[3]
"""The checkout this package runs from (src layout), where ``docs/rules`` lives."""


def games_cmd() -> None:
    """List the games you can play, with their player counts."""
    table = Table(title="Ludoverse games", title_justify="left")
    table.add_column("Name", style="bold")
    table.add_column("Title")
    table.add_column("Players", justify="right")
    table.add_column("Rules version")
    for name in registered_games():
        try:
            g = load(name)
        except Exception as exc:  # one broken game must not hide the others
            table.add_row(name, f"[red]cannot load: {escape(str(exc))}[/red]", "", "")
            continue
        table.add_row(name, escape(g.title), players_range(g), escape(str(g.version)))
    console.print(table)
    console.print("Play one with: ludoverse play NAME   (rules and options: ludoverse rules NAME)")


def _fmt_value(v: Any) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if v is None:
        return "-"
    if isinstance(v, str):
        return v
    return json.dumps(v, ensure_ascii=False)


def rules_cmd(
    game: GameArg,
) -> None:
    """Show a game's rule options, their defaults, and the named presets.

    Every rule variant, and every point where the rulebook is unclear, is an option whose
    default is the rulebook's reading. Change one with --option name=value, or pick a preset
    with --option preset=NAME, in 'ludoverse play' and 'ludoverse simulate'.
    """
    g = load_game(game)
    console.print(
        f"[bold]{escape(g.title)}[/bold] ({g.name}), {players_range(g)} players, "
        f"rules version {escape(str(g.version))}"
    )
    table = Table(title="Options", title_justify="left", show_lines=False)
    table.add_column("Option", style="bold", no_wrap=True)
    table.add_column("Default", overflow="fold")
    table.add_column("Choices", overflow="fold")
    table.add_column("What it does")
    rows = describe_options(g)
    for row in rows:
        choices = "\n".join(_fmt_value(c) for c in row["choices"]) or "(any value)"
        table.add_row(
            escape(row["name"]),
            escape(_fmt_value(row["default"])),
            escape(choices),
            escape(row["description"]),
        )
    console.print(table)
    if g.presets:
        presets = Table(title="Presets", title_justify="left")
        presets.add_column("Preset", style="bold", no_wrap=True)
        presets.add_column("Sets")
        for name, values in g.presets.items():
            sets = ", ".join(f"{k}={_fmt_value(v)}" for k, v in values.items()) or "(defaults)"
            presets.add_row(escape(name), escape(sets))
        console.print(presets)
    else:
        console.print("No presets.")
    console.print(
        "Change an option with [bold]--option name=value[/bold] (repeatable); pick a preset with "
        "[bold]--option preset=NAME[/bold]; explicit options override the preset's."
    )
    console.print(f"Example: {escape(_example(g.name, rows, list(g.presets)))}")
    doc = REPO_ROOT / "docs" / "rules" / f"{g.name}.md"
    if doc.is_file():
        console.print(f"The full rules in our own words: {doc}", soft_wrap=True)


def _example(name: str, rows: list[dict[str, Any]], presets: list[str]) -> str:
    """A command line using this game's real option and preset names."""
    parts = [f"ludoverse play {name}"]
    if presets:
        parts.append(f"--option preset={presets[-1]}")
    for row in rows:
        others = [c for c in row["choices"] if _fmt_value(c) != _fmt_value(row["default"])]
        if others:
            parts.append(f"--option {row['name']}={_fmt_value(others[0])}")
            break
    return " ".join(parts)


def _columns(entries: list[dict[str, Any]], hidden: frozenset[str] = frozenset()) -> list[str]:
    """Fields in order of first appearance, the note, provenance and source last (they are
    the footnote); ``hidden`` fields (machine-readable effects a text column states in words)
    are left out."""
    cols: dict[str, None] = {}
    for e in entries:
        cols.update(dict.fromkeys(k for k in e if k not in hidden))
    tail = [c for c in ("note", PROVENANCE_KEY, "source") if c in cols]
    return [c for c in cols if c not in tail] + tail


def _cell(v: Any, hidden: frozenset[str] = frozenset()) -> str:
    """Compact text for a table cell; nested fields that are null or empty, or that the game
    hides (``cards_hidden_fields``), are left out."""
    if isinstance(v, dict):
        parts = [f"{k}={_cell(x, hidden)}" for k, x in v.items()
                 if x not in (None, [], {}, "") and k not in hidden]
        return "(" + ", ".join(parts) + ")" if parts else "-"
    if isinstance(v, list):
        return "[" + ", ".join(_cell(x, hidden) for x in v) + "]"
    return _fmt_value(v)


def _strip_parens(text: str) -> str:
    return text[1:-1] if text.startswith("(") and text.endswith(")") else text


PROVENANCE_STYLE = {"rulebook": "green", "public": "cyan", "reconstructed": "yellow"}


def cards_cmd(
    game: GameArg,
    content: Annotated[
        Path | None,
        typer.Option(
            "--content", metavar="FILE", help="Your own content TOML file (same schema) to check."
        ),
    ] = None,
) -> None:
    """Show the game's cards and boards, and where each one comes from.

    Each entry is marked 'rulebook' (given by the rulebook), 'public' (from a published
    source, named in the source column) or 'reconstructed' (designed by us because the real
    card is not public).
    """
    g = load_game(game)
    data = g.content_to_json(load_content(g, content) if content else g.default_content())
    tables = find_entry_tables(data)
    for key, value in data.items():
        if isinstance(value, str | int | float | bool):
            console.print(f"{escape(key)}: {escape(_fmt_value(value))}")
    counts: Counter[str] = Counter()
    for where, entries in tables:
        cols = _columns(entries, g.cards_hidden_fields)
        table = Table(title=f"{escape(where)} ({len(entries)})", title_justify="left")
        for c in cols:
            table.add_column(escape(c), overflow="fold")
        for e in entries:
            prov = str(e.get(PROVENANCE_KEY))
            counts[prov] += 1
            cells = [escape(_strip_parens(_cell(e.get(c), g.cards_hidden_fields))) for c in cols]
            style = PROVENANCE_STYLE.get(prov)
            if style and PROVENANCE_KEY in cols:
                i = cols.index(PROVENANCE_KEY)
                cells[i] = f"[{style}]{cells[i]}[/{style}]"
            table.add_row(*cells)
        console.print(table)
    if not tables:
        console.print(f"{escape(g.title)} has no content entries with provenance.")
        return
    src = f"from {content}" if content else "shipped with Ludoverse"
    summary = ", ".join(f"{n} {escape(p)}" for p, n in sorted(counts.items()))
    console.print(f"{sum(counts.values())} entries ({src}): {summary}.")
    console.print(
        "'rulebook' entries are given by the rulebook; 'public' ones come from the published "
        "source named in their source column. [yellow]'reconstructed' entries were designed by "
        f"the Ludoverse team, not published by the publisher of {escape(g.title)}[/yellow]; if "
        "you own the game, pass your own cards with --content FILE."
    )


BOT_KINDS = (
    ("random", "a random legal move"),
    ("greedy", "one move ahead with the game's own evaluation; greedy:noise=X adds noise"),
    ("ismcts", "information-set Monte Carlo tree search; parameters iters=N (default 1000) "
     "or ms=T, c=0.7, rollout=auto|random|heuristic, cutoff=auto|none|stage|N, "
     "e.g. ismcts:iters=2000,c=1"),
)


def bots_cmd(game: GameArg) -> None:
    """Show the bots you can seat in a game, and what easy, medium and hard mean for it."""
    g = load_game(game)
    table = Table(title=f"{escape(g.title)}: strength levels", title_justify="left")
    table.add_column("Level", style="bold")
    table.add_column("Bot spec")
    for level, spec in g.bot_levels.items():
        table.add_row(level, escape(spec))
    console.print(table)
    kinds = Table(title="Bot specs (usable in --seats everywhere)", title_justify="left")
    kinds.add_column("Spec")
    kinds.add_column("What it does")
    for spec, what in BOT_KINDS:
        kinds.add_row(escape(spec), what)
    console.print(kinds)
    console.print("How they work and how strong they are: docs/bots.md")
