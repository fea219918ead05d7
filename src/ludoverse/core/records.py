"""Game records: the tuple that fully determines a game, and exact replay.

A record holds ``(game, version, players, seed, options, content, actions)`` plus a label per
action for people. Replaying applies the same actions to a fresh game and must reproduce every
state bit for bit, so a record is also a regression test.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from ludoverse.core.api import Game, IllegalAction, State
from ludoverse.core.registry import load

FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed."""


class GameRecord(BaseModel):
    format: int = FORMAT
    game: str
    version: str
    players: int
    seed: int
    options: dict[str, Any] = Field(default_factory=dict)
    content: dict[str, Any] | None = None
    """``None`` means the game's shipped content; otherwise the full content used."""
    actions: list[int] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    """Each move as the seat that made it read it (a record holds the seed, so nothing in it
    is hidden once the game is over)."""
    seats: list[str] | None = None
    """Who sat where (``human``, bot specs); informative only."""
    outcome: dict[str, Any] | None = None
    hints: list[dict[str, Any]] = Field(default_factory=list)
    """Hints a player asked for during the game (``step``, ``seat``, ``bot``, ``action``,
    ``label``, ``share``): a game with any is *hinted*."""
    created: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    def write(self, path: str | Path) -> Path:
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(self.model_dump_json(indent=1) + "\n")
        return p

    @classmethod
    def read(cls, path: str | Path) -> GameRecord:
        p = Path(path)
        try:
            data = json.loads(p.read_text())
        except FileNotFoundError:
            raise RecordError(f"record not found: {p}") from None
        except json.JSONDecodeError as exc:
            raise RecordError(f"{p} is not a JSON game record: {exc}") from None
        try:
            return cls.model_validate(data)
        except ValueError as exc:
            raise RecordError(f"{p} is not a valid game record: {exc}") from None


class Recorder:
    """A state plus the record of how it was reached; apply actions through it."""

    def __init__(
        self,
        game: Game,
        players: int | None = None,
        seed: int = 0,
        options: Any = None,
        content: Any = None,
        seats: list[str] | None = None,
    ) -> None:
        opts = game.make_options(options)
        self.game = game
        self.state: State = game.new_game(players, seed, opts, content)
        self.record = GameRecord(
            game=game.name,
            version=game.version,
            players=game.check_players(players),
            seed=seed,
            options=opts.model_dump(mode="json"),
            content=None if content is None else game.content_to_json(content),
            seats=seats,
        )

    def apply(self, action: int) -> None:
        label = self.state.action_label(action, self.state.current_player)
        self.state.apply(action)
        self.record.actions.append(action)
        self.record.labels.append(label)
        if self.state.is_terminal():
            out = self.state.outcome()
            self.record.outcome = None if out is None else out.to_json()


def start(record: GameRecord) -> State:
    """The initial state a record describes."""
    game = load(record.game)
    if record.version != game.version:
        raise RecordError(
            f"record was made with {record.game} rules version {record.version}, "
            f"this is version {game.version}"
        )
    content = None if record.content is None else game.load_content(record.content)
    return game.new_game(record.players, record.seed, record.options, content)


def replay_iter(record: GameRecord) -> Iterator[tuple[int | None, State]]:
    """Yield ``(None, initial)`` then ``(action, state after it)`` for every action."""
    state = start(record)
    yield None, state
    for i, a in enumerate(record.actions):
        try:
            state.apply(a)
        except IllegalAction as exc:
            raise RecordError(f"action {i} ({a}) is illegal on replay: {exc.reason}") from None
        yield a, state


def replay(record: GameRecord) -> State:
    """The final state of a record."""
    final = None
    for _, state in replay_iter(record):
        final = state
    assert final is not None
    return final
