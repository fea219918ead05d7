"""The web app: an HTTP API for the lobby and tables, a WebSocket per table, and the static
front end. ``create_app`` builds it; ``ludoverse serve`` runs it under uvicorn.

A seat is identified only by its secret token (sent in the request body, a query parameter
of the WebSocket, or the ``X-Seat-Token`` header), so an invite link is the whole
credential and the server keeps no accounts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import tomllib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ludoverse.core.records import GameRecord, RecordError
from ludoverse.core.registry import games as game_names
from ludoverse.core.registry import load
from ludoverse.server import db as store
from ludoverse.server.botpool import BotPool
from ludoverse.server.errors import TableError, bad_request
from ludoverse.server.replays import Replays
from ludoverse.server.tables import BOT_PACE, Client, Hub

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("ludoverse.server")


class SeatIn(BaseModel):
    kind: str = Field("human", description="'human' or 'bot'")
    bot: str | None = Field(None, description="bot spec or level (easy, medium, hard)")
    name: str = ""


class TableIn(BaseModel):
    game: str
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    content: dict[str, Any] | None = Field(None, description="custom card data (the game's schema)")
    content_toml: str | None = Field(
        None, max_length=2_000_000,
        description="custom card data as the text of a TOML file (instead of 'content')")
    seed: int | None = Field(None, ge=0, lt=2**31)


class JoinIn(BaseModel):
    seat: int = Field(ge=0, description="seat index, from 0")
    name: str = ""
    token: str | None = None


class TokenIn(BaseModel):
    token: str


class ActIn(BaseModel):
    token: str
    action: int
    expect: int | None = Field(None, description="moves the client had seen; stale if older")


class BotIn(BaseModel):
    token: str
    bot: str = "medium"


def game_info(name: str) -> dict[str, Any]:
    g = load(name)
    return {
        "name": g.name,
        "title": g.title,
        "summary": getattr(g, "summary", ""),
        "min_players": g.min_players,
        "max_players": g.max_players,
        "options": g.Options.model_json_schema(),
        "presets": g.presets,
        "levels": dict(g.bot_levels),
    }


def create_app(db_url: str | None = None, bot_workers: int = 1,
               bot_pace: float = BOT_PACE) -> FastAPI:
    """The whole server; ``db_url`` defaults to an SQLite file in the user's data dir;
    ``bot_pace``: the least time in seconds a bot move takes at a table with people."""
    engine = store.connect(db_url or store.default_url())
    store.migrate(engine)
    sessions = store.sessions(engine)
    hub = Hub(sessions, BotPool(bot_workers), bot_pace)
    replays = Replays(sessions)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        n = await asyncio.to_thread(hub.restore)
        if n:
            log.info("restored %d unfinished tables", n)
        hub.start_bots()
        yield
        hub.bots.close()
        hub.writer.close()
        engine.dispose()

    app = FastAPI(title="Ludoverse", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  description="Play ULTRAMASSIVE, ULTIA, PARADOX, Universal Rule and "
                              "Multiuniversum: lobby, tables, moves, undo, replays.")
    app.state.hub = hub

    @app.exception_handler(TableError)
    async def _table_error(_req: Request, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    # Games and lobby ----------------------------------------------------------------------------

    @app.get("/api/games", summary="The games, their player counts, options and bot levels")
    def games() -> list[dict[str, Any]]:
        return [game_info(n) for n in game_names()]

    @app.get("/api/tables", summary="Open and running tables")
    def tables() -> list[dict[str, Any]]:
        return hub.lobby()

    @app.post("/api/tables", status_code=201, summary="Create a table")
    async def create(body: TableIn) -> dict[str, Any]:
        content = body.content
        if body.content_toml is not None:
            if content is not None:
                raise bad_request("give 'content' or 'content_toml', not both")
            try:
                content = tomllib.loads(body.content_toml)
            except tomllib.TOMLDecodeError as exc:
                raise bad_request(f"the content file is not valid TOML: {exc}") from None
        t, tokens = await hub.create(body.game, [s.model_dump() for s in body.seats],
                                     body.options, content, body.seed)
        return {"table": t.summary(), "tokens": tokens}

    @app.get("/api/tables/{table_id}", summary="A table's public summary")
    def table(table_id: str) -> dict[str, Any]:
        return hub.get(table_id).summary()

    @app.get("/api/tables/{table_id}/view", summary="What a seat (or a spectator) sees now")
    def view(table_id: str, token: str | None = Query(None)) -> dict[str, Any]:
        t = hub.get(table_id)
        seat = hub.seat_of(t, token) if token else None
        return t.view(Client(seat, _no_send), reset=True)

    @app.post("/api/tables/{table_id}/join", summary="Take a seat")
    async def join(table_id: str, body: JoinIn) -> dict[str, Any]:
        token = await hub.join(table_id, body.seat, body.name, body.token)
        return {"seat": body.seat, "token": token}

    @app.post("/api/tables/{table_id}/leave", summary="Give up your seat")
    async def leave(table_id: str, body: TokenIn) -> dict[str, Any]:
        await hub.leave(table_id, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot",
              summary="Hand a free or disconnected seat to a bot")
    async def to_bot(table_id: str, seat: int, body: BotIn) -> dict[str, Any]:
        await hub.replace_with_bot(table_id, seat, body.bot, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/actions", summary="Play a move")
    async def act(table_id: str, body: ActIn) -> dict[str, Any]:
        t = hub.get(table_id)
        await hub.act(table_id, hub.seat_of(t, body.token), body.action, body.expect)
        return {"ok": True, "moves": len(t.actions)}

    @app.post("/api/tables/{table_id}/undo", summary="Take back your last decision")
    async def take_back(table_id: str, body: TokenIn) -> dict[str, Any]:
        moves = await hub.take_back(table_id, hub.seat_of(hub.get(table_id), body.token))
        return {"ok": True, "moves": moves}

    # Records and replays ------------------------------------------------------------------------

    @app.get("/api/tables/{table_id}/record", summary="The record of a finished game")
    def record(table_id: str) -> JSONResponse:
        rec = hub.stored_record(table_id)
        return JSONResponse(json.loads(rec.model_dump_json()),
                            headers={"Content-Disposition":
                                     f'attachment; filename="{rec.game}-{table_id}.json"'})

    @app.post("/api/records", status_code=201, summary="Upload a record to view as a replay")
    async def upload(request: Request) -> dict[str, Any]:
        try:
            data = await request.json()
            rec = GameRecord.model_validate(data)
        except (ValueError, json.JSONDecodeError) as exc:
            raise bad_request(f"not a game record: {str(exc).splitlines()[0]}") from None
        try:
            table_id = await asyncio.to_thread(replays.upload, rec)
        except RecordError as exc:
            raise bad_request(str(exc)) from None
        return {"id": table_id}

    @app.get("/api/replays/{table_id}", summary="A finished game's moves, step by step")
    def replay(table_id: str, step: int = Query(0, ge=0),
               token: str | None = Query(None)) -> dict[str, Any]:
        return replays.step(table_id, step, token)

    # WebSocket ----------------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        await ws.accept()
        try:
            t = hub.get(table_id)
            seat = hub.seat_of(t, token) if token else None
        except TableError as exc:
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4404 if exc.status == 404 else 4403)
            return
        client = Client(seat, ws.send_json)
        t.clients.add(client)
        if seat is not None:
            t.seats[seat].connected += 1
            await t.broadcast()
        else:
            await ws.send_json(t.view(client, reset=True))
        try:
            while True:
                msg = await ws.receive_json()
                await _handle(hub, table_id, seat, client, msg, ws)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            t.clients.discard(client)
            if seat is not None:
                t.seats[seat].connected -= 1
                with contextlib.suppress(Exception):
                    await t.broadcast()

    # Front end ----------------------------------------------------------------------------------

    if (WEB / "static").is_dir():
        app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    @app.get("/", include_in_schema=False)
    @app.get("/table/{table_id}", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    @app.get("/join/{table_id}/{seat}/{token}", include_in_schema=False)
    def page(table_id: str | None = None) -> FileResponse:
        return FileResponse(WEB / "index.html")

    return app


async def _no_send(_msg: dict[str, Any]) -> None:
    return None


async def _handle(hub: Hub, table_id: str, seat: int | None, client: Client,
                  msg: Any, ws: WebSocket) -> None:
    """One client message: ``act``, ``undo`` or ``sync``; refusals go back to that client."""
    try:
        if not isinstance(msg, dict):
            raise bad_request("messages are JSON objects with a 'type'")
        kind = msg.get("type")
        if kind == "sync":
            await ws.send_json(hub.get(table_id).view(client, reset=True))
            return
        if seat is None:
            raise TableError(403, "spectator", "spectators cannot play")
        if kind == "act":
            action, expect = msg.get("action"), msg.get("expect")
            if type(action) is not int or (expect is not None and type(expect) is not int):
                raise bad_request("'action' (and 'expect') must be whole numbers")
            await hub.act(table_id, seat, action, expect)
        elif kind == "undo":
            await hub.take_back(table_id, seat)
        else:
            raise bad_request(f"unknown message type {kind!r}")
    except TableError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        if exc.code == "stale":
            await ws.send_json(hub.get(table_id).view(client, reset=True))
