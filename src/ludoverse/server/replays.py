"""Finished games, step by step: the replay viewer's data, and uploaded records.

A step shows the public view, or one seat's view to the holder of that seat's token, never
more: a replay of a finished game still hides what its players never saw.
"""

from __future__ import annotations

import secrets
from functools import lru_cache
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from ludoverse.core.records import GameRecord, replay, start
from ludoverse.core.words import told
from ludoverse.server.db import ActionRow, SeatRow, TableRow, finished_record, token_hash
from ludoverse.server.errors import forbidden


class Replays:
    def __init__(self, db: sessionmaker[Session]) -> None:
        self.db = db
        self._load = lru_cache(maxsize=32)(self._fetch)

    def upload(self, rec: GameRecord) -> str:
        """Check that ``rec`` replays, and store it as a finished table to view."""
        final = replay(rec)  # raises RecordError with the reason
        out = final.outcome() if final.is_terminal() else None
        table_id = secrets.token_hex(8)
        with self.db.begin() as s:
            s.add(TableRow(id=table_id, game=rec.game, version=rec.version,
                           players=rec.players, seed=rec.seed, options=rec.options,
                           content=rec.content, status="finished", hints=rec.hints or None,
                           outcome=None if out is None else out.to_json()))
            s.flush()
            names = rec.seats or ["human"] * rec.players
            for i in range(rec.players):
                who = names[i] if i < len(names) else "human"
                s.add(SeatRow(table_id=table_id, seat=i, kind="bot" if who != "human" else
                              "human", bot=None if who == "human" else who,
                              name=f"Seat {i + 1} ({who})"[:40],
                              token_hash=token_hash(secrets.token_urlsafe(18)), joined=True))
            labels = rec.labels if len(rec.labels) == len(rec.actions) else []
            state = start(rec)
            for i, a in enumerate(rec.actions):
                seat = state.current_player
                label = labels[i] if labels else state.action_label(a, seat)
                state.apply(a)
                s.add(ActionRow(table_id=table_id, index=i, action=a, seat=seat,
                                label=label[:200]))
        return table_id

    def _fetch(self, table_id: str) -> tuple[GameRecord, tuple[str, ...], tuple[str, ...]]:
        with self.db() as s:
            rec, seats = finished_record(s, table_id)
        return rec, tuple(x.token_hash for x in seats), tuple(x.name for x in seats)

    def step(self, table_id: str, step: int, token: str | None) -> dict[str, Any]:
        """The position after ``step`` moves, as the public or the token's seat sees it."""
        rec, hashes, names = self._load(table_id)
        seat = None
        if token:
            h = token_hash(token)
            seat = next((i for i, x in enumerate(hashes) if secrets.compare_digest(x, h)), None)
            if seat is None:
                raise forbidden("this token does not open a seat of this game")
        step = min(step, len(rec.actions))
        state = start(rec)
        g = state.game
        for a in rec.actions[:step]:
            state.apply(a)
        out = state.outcome() if state.is_terminal() else None
        events = state.events_for(seat)
        return {
            "id": table_id,
            "game": rec.game,
            "players": rec.players,
            "names": list(names),
            "seat": seat,
            "step": step,
            "steps": len(rec.actions),
            "observation": state.observation(seat),
            "events": [told(g, e, seat, names) for e in events],
            "outcome": None if out is None else out.to_json(),
            "hinted": len(rec.hints),
        }
