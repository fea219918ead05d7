"""What the help panels show: a game's rules in our words, and every piece's detail.

The rules come from ``docs/rules/<game>.md`` (shipped as ``games/<game>/data/rules.md``), cut
into sections at their ``##`` headings, each rule row anchored by its ID so tutorials and
tooltips can link to ``/rules/<game>#UL-BID-3``. The "Tests" column is for developers and is
left out. Everything is built once per game and cached.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

from markdown_it import MarkdownIt

from ludoverse.core.api import Game
from ludoverse.core.registry import load

RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+-\d+[a-z]?$")
_ROW_ID = re.compile(r"<tr>\n<td>([A-Z]{2}-[A-Z0-9]+-\d+[a-z]?)</td>")
_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _without_tests(lines: list[str]) -> list[str]:
    """Tables whose last column is "Tests" lose that column."""
    out: list[str] = []
    drop = False
    for line in lines:
        if line.startswith("|"):
            cells = _cells(line)
            if cells and cells[-1] == "Tests":
                drop = True
            if drop:
                line = "| " + " | ".join(cells[:-1]) + " |"
        else:
            drop = False
        out.append(line)
    return out


def _plain(md: str) -> str:
    return re.sub(r"[*`_]", "", md)


@cache
def rules(game_name: str) -> dict[str, Any]:
    """``{"game", "title", "sections": [{"id", "title", "html"}], "rules": [{"id", "section",
    "text", "option"}]}`` for the rules panel and its search."""
    game = load(game_name)
    text = resources.files(f"ludoverse.games.{game.name}").joinpath("data/rules.md").read_text(
        encoding="utf-8")
    chunks: list[tuple[str, list[str]]] = [("Introduction", [])]
    for line in _without_tests(text.splitlines()):
        if line.startswith("# "):
            continue
        if line.startswith("## "):
            chunks.append((line[3:].strip(), []))
        else:
            chunks[-1][1].append(line)
    sections: list[dict[str, Any]] = []
    found: list[dict[str, Any]] = []
    for n, (title, body) in enumerate(chunks):
        if not "".join(body).strip():
            continue
        sid = f"s{n}"
        html = _ROW_ID.sub(lambda m: f'<tr id="{m.group(1)}">\n<td>{m.group(1)}</td>',
                           _MD.render("\n".join(body)))
        sections.append({"id": sid, "title": title, "html": html})
        for line in body:
            cells = _cells(line) if line.startswith("|") else []
            if len(cells) >= 2 and RULE_ID.match(cells[0]):
                found.append({"id": cells[0], "section": sid, "text": _plain(cells[1]),
                              "option": _plain(cells[2]) if len(cells) > 2 else ""})
    return {"game": game.name, "title": game.title, "sections": sections, "rules": found}


def rule_ids(game_name: str) -> set[str]:
    return {r["id"] for r in rules(game_name)["rules"]}


@cache
def components(game_name: str) -> list[dict[str, Any]]:
    """The shipped content's pieces (a table with its own content asks :func:`of_content`)."""
    return of_content(load(game_name), None)


def of_content(game: Game, content: Any) -> list[dict[str, Any]]:
    return [c.to_json() for c in game.components(content)]
