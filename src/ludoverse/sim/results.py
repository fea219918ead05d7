"""Simulation and tournament results files: written as games finish, so a stopped run can
be resumed.

The file is JSON lines. The first line is the run's header (game, rules version, seats, base
seed, options, content); every other line is one finished game (its index, seed, length and
outcome), in the order games finished. Running the same command again with the same file
reads what is there and plays only the missing games; because game ``i`` always uses seed
``game_seed(seed, i)`` and the summary is computed in game order, the result is exactly
that of an uninterrupted run. A line cut short by a kill is dropped and replayed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

HEADER_KIND = "ludoverse-simulation"


def make_header(
    game: str, version: str, seats: list[str], seed: int, options: dict[str, Any],
    content: dict[str, Any] | None,
) -> dict[str, Any]:
    return {"kind": HEADER_KIND, "game": game, "version": version, "seats": list(seats),
            "seed": seed, "options": options, "content": content}


class ResultsFile:
    """An append-only results file for one run; ``done`` holds the games already in it."""

    def __init__(self, path: Path, header: dict[str, Any], fresh: bool = False) -> None:
        self.path = Path(path)
        self.done: dict[int, dict[str, Any]] = {}
        keep = 0
        if self.path.exists() and not fresh:
            keep = self._read(header)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[str] = self.path.open("r+" if keep else "w")
        if keep:
            self._fh.seek(keep)
            self._fh.truncate()
        else:
            self._fh.write(json.dumps(header) + "\n")
            self._fh.flush()

    @classmethod
    def check(cls, path: Path, header: dict[str, Any]) -> int:
        """How many games ``path`` already holds for this run (0 if it does not exist);
        ``ValueError`` if it belongs to another run. Reads only."""
        probe = cls.__new__(cls)
        probe.path = Path(path)
        probe.done = {}
        if probe.path.exists():
            probe._read(header)
        return len(probe.done)

    def _read(self, header: dict[str, Any]) -> int:
        """Load finished games; return the byte offset after the last complete line."""
        data = self.path.read_bytes()
        if not data.strip():
            return 0
        offset = 0
        lines = data.split(b"\n")
        for n, raw in enumerate(lines):
            complete = n < len(lines) - 1  # the last piece has no newline after it
            if not complete:
                break
            try:
                entry = json.loads(raw)
            except json.JSONDecodeError:
                if n == 0:
                    raise ValueError(f"{self.path} is not a Ludoverse results file") from None
                break  # a line cut short: replay that game
            if n == 0:
                self._check_header(entry, header)
            elif entry.get("kind") == "game":
                self.done[int(entry["index"])] = entry
            offset += len(raw) + 1
        return offset

    def _check_header(self, found: Any, header: dict[str, Any]) -> None:
        if not isinstance(found, dict) or found.get("kind") != header.get("kind", HEADER_KIND):
            raise ValueError(f"{self.path} is not a Ludoverse results file")
        for key, value in header.items():
            if found.get(key) != value:
                raise ValueError(
                    f"{self.path} holds another run (its {key} differs: "
                    f"{json.dumps(found.get(key))[:60]} here, {json.dumps(value)[:60]} now); "
                    "use another --out file, or --fresh to overwrite it"
                )

    def write(self, line: dict[str, Any]) -> None:
        self._fh.write(json.dumps(line) + "\n")
        self._fh.flush()
        self.done[int(line["index"])] = line

    def close(self) -> None:
        self._fh.close()


def read_results(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the games (in game order) of a results file."""
    header: dict[str, Any] | None = None
    games: dict[int, dict[str, Any]] = {}
    with Path(path).open() as fh:
        for n, raw in enumerate(fh):
            if not raw.endswith("\n"):
                break
            entry = json.loads(raw)
            if n == 0:
                if entry.get("kind") != HEADER_KIND:
                    raise ValueError(f"{path} is not a Ludoverse results file")
                header = entry
            elif entry.get("kind") == "game":
                games[int(entry["index"])] = entry
    if header is None:
        raise ValueError(f"{path} is empty")
    return header, [games[i] for i in sorted(games)]
