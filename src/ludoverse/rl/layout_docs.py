"""The observation layouts of ``docs/rl.md``, written from the encoders themselves so the page
cannot drift from the code: ``python -m ludoverse.rl.layout_docs [--check] [FILE]``.

Each game's table sits between ``<!-- layout:GAME -->`` and ``<!-- /layout:GAME -->``.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

from ludoverse.core import registry
from ludoverse.core.registry import load

DOC = Path(__file__).resolve().parents[3] / "docs" / "rl.md"


def _bound(x: float) -> str:
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:g}"


def layout_markdown(name: str) -> str:
    """The field table of ``name`` at its largest player count, with every count's size."""
    game = load(name)
    counts = list(game.player_counts())
    sizes = ", ".join(f"{n} players: {game.encoder(n).layout.size}" for n in counts)
    enc = game.encoder(counts[-1])
    lines = [f"Vector size by player count — {sizes}. The table is for {counts[-1]} players "
             "(per-seat fields grow with the count; \"you first\" means seats in turn order "
             "from the viewer).", "",
             "| field | offset | size | range | meaning |", "|---|---:|---:|---|---|"]
    for f in enc.layout:
        doc = f.doc.replace("|", "\\|")
        lines.append(f"| `{f.name}` | {f.offset} | {f.size} | {_bound(f.low)}–{_bound(f.high)}"
                     f" | {doc} |")
    if enc.not_encoded:
        lines += ["", "Observation keys left out of the vector:", ""]
        lines += [f"- `{k}`: {why}" for k, why in sorted(enc.not_encoded.items())]
    return "\n".join(lines)


def render(text: str) -> str:
    """``text`` with every game's block rewritten."""
    for name in registry.games():
        pattern = re.compile(rf"(<!-- layout:{name} -->\n)(?:.*?\n)?(<!-- /layout:{name} -->)",
                             re.DOTALL)
        if not pattern.search(text):
            raise ValueError(f"docs/rl.md has no block for {name}")
        table = layout_markdown(name)
        text = pattern.sub(lambda m, table=table: m.group(1) + table + "\n" + m.group(2), text)
    return text


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file", nargs="?", default=str(DOC))
    ap.add_argument("--check", action="store_true", help="fail if the file is out of date")
    args = ap.parse_args()
    path = Path(args.file)
    old = path.read_text()
    new = render(old)
    if args.check:
        if new != old:
            sys.exit(f"{path} is out of date: run python -m ludoverse.rl.layout_docs")
        return
    path.write_text(new)


if __name__ == "__main__":
    main()
