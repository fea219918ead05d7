"""A tutorial script: the fixed deal of a guided first game and what to say along the way.

One TOML file per game (``games/<game>/data/tutorial.toml``) fixes the players, the seed and
the options, lists every move of the whole game as the label its mover sees (recorded from
bot play by :mod:`ludoverse.learn.record`, so the game is the same every time), and adds the
hand-written steps: explanations, instructions for the learner's own moves, and skips over
long stretches. Validation here is about the file's shape; whether the moves replay is
checked by :mod:`ludoverse.learn.engine` when the script is compiled.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ludoverse.core.registry import games as game_names

RULE_ID = re.compile(r"^[A-Z]{2,4}-[A-Z]+-\d+$")
TUTORIAL_FILE = "tutorial.toml"


class ScriptError(ValueError):
    """A tutorial file that does not fit the schema or does not replay."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MoveRef(Strict):
    """A move whose label alone is ambiguous: the label and the action id that breaks the tie."""

    label: str
    id: int = Field(ge=0)


Move = str | MoveRef


class StepIn(Strict):
    """One hand-written step, placed before the move with index ``at`` (0-based; ``at`` equal
    to the number of moves places it after the last move, with the game over)."""

    kind: Literal["explain", "move", "skip"]
    at: int = Field(ge=0)
    text: str = Field(min_length=1, max_length=600)
    """What the learner reads: an explanation, the instruction for their move, or the note
    that says what a skip jumps over."""
    rules: tuple[str, ...] = ()
    """Rule IDs from ``docs/rules/<game>.md`` the step teaches."""
    point: str | None = Field(default=None, max_length=200)
    """A CSS selector of what to highlight on the page (a piece on the board, or the action
    button ``#actions [data-action]`` of the expected move)."""
    why: str | None = Field(default=None, max_length=300)
    """For a move step: why this move, said again when the learner tries another one."""
    to: int | None = Field(default=None, ge=1)
    """For a skip: the index of the first move after the skipped block."""

    @model_validator(mode="after")
    def _shape(self) -> StepIn:
        bad = [r for r in self.rules if not RULE_ID.match(r)]
        if bad:
            raise ValueError(f"not rule IDs: {bad}")
        if self.kind == "skip" and (self.to is None or self.to <= self.at):
            raise ValueError("a skip needs 'to' after its 'at'")
        if self.kind != "skip" and self.to is not None:
            raise ValueError("only a skip has 'to'")
        if self.kind != "move" and self.why is not None:
            raise ValueError("only a move step has 'why'")
        return self


class Script(Strict):
    """A whole tutorial file."""

    game: str
    title: str = Field(min_length=1, max_length=80)
    players: int = Field(ge=1, le=8)
    seed: int = Field(ge=0, le=2**31 - 1)
    learner: int = Field(default=0, ge=0)
    bots: str = "greedy"
    """The bot spec that played every seat when the moves were recorded."""
    options: dict[str, Any] = Field(default_factory=dict)
    moves: tuple[Move, ...]
    steps: tuple[StepIn, ...] = ()

    @model_validator(mode="after")
    def _fits(self) -> Script:
        if self.game not in game_names():
            raise ValueError(f"unknown game {self.game!r}")
        if self.learner >= self.players:
            raise ValueError("the learner must have a seat")
        n = len(self.moves)
        for s in self.steps:
            if s.at > n or (s.to is not None and s.to > n):
                raise ValueError(f"step at {s.at} points past the last move ({n})")
        return self


def script_path(game: str) -> Path:
    """Where the shipped tutorial of ``game`` lives (inside the installed package)."""
    return Path(str(resources.files(f"ludoverse.games.{game}") / "data" / TUTORIAL_FILE))


def parse_script(text: str) -> Script:
    """A script from TOML text; :class:`ScriptError` says what is wrong."""
    try:
        return Script.model_validate(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        raise ScriptError(str(exc)) from exc


@cache
def tutorial_games() -> tuple[str, ...]:
    """The games that ship a tutorial, in the registry's order."""
    return tuple(g for g in game_names() if script_path(g).is_file())


@cache
def load_script(game: str) -> Script:
    """The shipped script of ``game`` (cached: the files do not change while we run)."""
    if game not in tutorial_games():
        raise KeyError(game)
    return parse_script(script_path(game).read_text(encoding="utf-8"))
