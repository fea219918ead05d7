"""The web app: an HTTP API for the lobby and tables, a WebSocket per table, and the static
front end. ``create_app`` builds it; ``ludoverse serve`` runs it under uvicorn.

A seat is identified only by its secret token (sent in the request body, a query parameter
of the WebSocket, or the ``X-Seat-Token`` header), so an invite link is the whole
credential and the server keeps no accounts. Every request counts against its address's
rate (``guard.py``); the limits come from the configuration (``config.py``).
"""

import asyncio
import contextlib
import json
import logging
import tomllib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ludoverse.bots.base import parse_spec
from ludoverse.core.records import GameRecord, RecordError
from ludoverse.core.registry import games as game_names
from ludoverse.core.registry import load
from ludoverse.server import db as store
from ludoverse.server import help as help_pages
from ludoverse.server import hints
from ludoverse.server import schema as S
from ludoverse.server.botworker import BotWorker, slots_for
from ludoverse.server.config import ServerConfig
from ludoverse.server.errors import TableError, bad_request
from ludoverse.server.guard import (
    Guard,
    RateLimits,
    client_address,
    origin_allowed,
    redact_logs,
)
from ludoverse.server.learn import router as learn_router
from ludoverse.server.replays import Replays
from ludoverse.server.reviews import ReviewIn, ReviewOut, Reviews
from ludoverse.server.sync import Listener
from ludoverse.server.tables import Client, Hub

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("ludoverse.server")

TableId = Annotated[str, PathParam(pattern=S.TABLE_ID, description="a table's id")]
Token = Annotated[str | None, Query(pattern=S.TOKEN, description="a seat's token")]


def game_info(name: str, config: ServerConfig | None = None) -> dict[str, Any]:
    g = load(name)
    hosted = config.bots.levels.get(name, {}) if config is not None else {}
    levels = {level: g.bot_levels.get(level, level) for level in Hub.levels(g, config)}
    # A host's level shows its kind of bot, not its spec (a policy's path stays private).
    levels.update({level: parse_spec(spec)[0] for level, spec in hosted.items()})
    return {
        "name": g.name,
        "title": g.title,
        "summary": getattr(g, "summary", ""),
        "min_players": g.min_players,
        "max_players": g.max_players,
        "options": g.Options.model_json_schema(),
        "presets": g.presets,
        "levels": levels,
    }


def create_app(db_url: str | None = None, *, config: ServerConfig | None = None,
               bot_workers: int | None = None, bot_pace: float | None = None,
               bot_worker: bool | None = None) -> FastAPI:
    """The whole server. ``config`` holds every limit (defaults: ``ServerConfig()``);
    ``db_url``, ``bot_workers``, ``bot_pace`` and ``bot_worker`` override its entries."""
    cfg = config or ServerConfig()
    bots = {k: v for k, v in {"workers": bot_workers, "pace_seconds": bot_pace,
                              "worker": bot_worker}.items() if v is not None}
    if bots:
        cfg = cfg.model_copy(update={"bots": cfg.bots.model_copy(update=bots)})
    engine = store.connect(db_url or cfg.server.db or store.default_url())
    store.migrate(engine)
    sessions = store.sessions(engine)
    hub = Hub(sessions, config=cfg)
    replays = Replays(sessions)
    reviews = Reviews(sessions, hub.bots, cfg)
    rates = RateLimits(cfg.rates)
    names = game_names()
    models = S.Models(cfg, names)
    sockets: dict[str, int] = {}
    redact_logs()

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        alone = store.SingleProcess(engine)  # SQLite: refuse to share the file with a process
        n = await asyncio.to_thread(hub.restore)
        if n:
            log.info("restored %d unfinished tables", n)
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(_sweep(hub))]
        worker = None
        if cfg.bots.worker:
            worker = BotWorker(sessions, hub.bots, pace_seconds=cfg.bots.pace_seconds,
                               spec_of=hub.spec_of, slots=slots_for(cfg.bots.workers),
                               state_of=hub.state_at, moved=hub.played)
            hub.queued = worker.wake
            tasks.append(loop.create_task(worker.run()))
        if engine.dialect.name == "postgresql":  # other processes change tables too
            listener = Listener(engine, on_table=hub.refresh, on_reconnect=hub.resync,
                                on_bot=None if worker is None else worker.wake)
            tasks.append(loop.create_task(listener.run()))
        yield
        if worker is not None:
            worker.stop()
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=10)  # a bot move being stored is let finish
        reviews.close()
        hub.bots.close()
        hub.writer.close()
        engine.dispose()
        alone.close()

    app = FastAPI(title="Ludoverse", version="1", lifespan=lifespan,
                  docs_url=None, redoc_url=None,
                  generate_unique_id_function=lambda route: route.name,
                  description="Play ULTRAMASSIVE, ULTIA, PARADOX, Universal Rule and "
                              "Multiuniversum: lobby, tables, moves, undo, replays.")
    app.state.hub = hub
    app.state.config = cfg
    app.add_middleware(Guard, limits=cfg.limits)
    app.add_middleware(ProxyHeadersMiddleware,
                       trusted_hosts=list(cfg.server.trusted_proxies) or "127.0.0.1")

    @app.exception_handler(TableError)
    async def _table_error(_req: Request, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_req: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(*_validation(exc))

    @app.exception_handler(HTTPException)
    async def _http(req: Request, exc: HTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed",
                413: "too_large"}.get(exc.status_code, "http_error")
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # every method of the path, not just one route's
            headers["Allow"] = ", ".join(_methods(app, req.scope))
        return JSONResponse({"error": code, "message": str(exc.detail).lower()},
                            status_code=exc.status_code, headers=headers)

    def limited(name: str) -> Any:
        def check(request: Request) -> str:
            address = client_address(request.scope)
            rates.hit(name, address)
            return address
        return Depends(check)

    Address = Annotated[str, limited("read")]

    # Games and lobby ----------------------------------------------------------------------------

    @app.get("/api/games", summary="The games, their player counts, options and bot levels",
             response_model=list[S.GameOut], responses=S.errors())
    def games(_: Address) -> list[dict[str, Any]]:
        return [game_info(n, cfg) for n in names]

    GameName = Annotated[str, PathParam(pattern="^(" + "|".join(names) + ")$",
                                        description="a game's name")]

    @app.get("/api/games/{game}/rules", summary="The game's rules in our words, by section",
             response_model=S.RulesOut, responses=S.errors(400))
    def rules(game: GameName, _: Address) -> dict[str, Any]:
        return help_pages.rules(game)

    @app.get("/api/games/{game}/components",
             summary="Every card, plan, planet, portal and anomaly of the shipped content",
             response_model=list[S.ComponentOut], responses=S.errors(400))
    def components(game: GameName, _: Address) -> list[dict[str, Any]]:
        return help_pages.components(game)

    @app.get("/api/tables/{table_id}/components",
             summary="The pieces of a table's own content (custom cards included)",
             response_model=list[S.ComponentOut], responses=S.errors(404))
    def table_components(table_id: TableId, _: Address) -> list[dict[str, Any]]:
        return hub.components(table_id)

    @app.get("/api/tables", summary="Open and running tables",
             response_model=list[S.TableOut],
             response_model_exclude_unset=True, responses=S.errors())
    def tables(_: Address) -> list[dict[str, Any]]:
        return hub.lobby()

    @app.post("/api/tables", status_code=201, summary="Create a table",
              response_model=S.CreatedOut, response_model_exclude_unset=True,
              responses={**S.errors(400, 413, 422), 201: {"links": S.TABLE_LINKS}})
    async def create(body: models.TableIn,  # type: ignore[name-defined]
                     address: Annotated[str, limited("create")]) -> dict[str, Any]:
        content = body.content
        if {"content", "content_toml"} <= body.model_fields_set:  # as the schema says
            raise bad_request("give 'content' or 'content_toml', not both")
        if body.content_toml is not None:
            try:
                content = tomllib.loads(body.content_toml)
            except tomllib.TOMLDecodeError as exc:
                raise TableError(422, "bad_content",
                                 f"the content file is not valid TOML: {exc}") from None
        options = S.chosen(body.options)
        seats = [s.model_dump() for s in body.seats]
        t, tokens = await hub.create(body.game, seats, options, content, body.seed, address,
                                     hints=body.hints)
        return {"table": t.summary(), "tokens": tokens}

    @app.get("/api/tables/{table_id}", summary="A table's public summary",
             response_model=S.TableOut,
             response_model_exclude_unset=True, responses=S.errors(404))
    async def table(table_id: TableId, _: Address) -> dict[str, Any]:
        return (await hub.fetch(table_id)).summary()

    @app.get("/api/tables/{table_id}/view", summary="What a seat (or a spectator) sees now",
             response_model=S.ViewOut,
             response_model_exclude_unset=True, responses=S.errors(403, 404))
    async def view(table_id: TableId, _: Address, token: Token = None) -> dict[str, Any]:
        t = await hub.fetch(table_id)
        seat = hub.seat_of(t, token) if token else None
        return t.view(Client(seat, _no_send), reset=True)

    @app.post("/api/tables/{table_id}/join", summary="Take a seat",
              response_model=S.JoinOut, responses=S.errors(400, 403, 404, 409, 413))
    async def join(table_id: TableId, body: models.JoinIn,  # type: ignore[name-defined]
                   _: Annotated[str, limited("join")]) -> dict[str, Any]:
        token = await hub.join(table_id, body.seat, body.name, body.token)
        return {"seat": body.seat, "token": token}

    @app.post("/api/tables/{table_id}/leave", summary="Give up your seat",
              response_model=S.OkOut, responses=S.errors(400, 403, 404, 413))
    async def leave(table_id: TableId, body: models.TokenIn,  # type: ignore[name-defined]
                    _: Annotated[str, limited("join")]) -> dict[str, Any]:
        await hub.leave(table_id, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot",
              summary="Hand a free or disconnected seat to a bot",
              response_model=S.OkOut, responses=S.errors(400, 403, 404, 409, 413))
    async def to_bot(table_id: TableId, seat: Annotated[int, PathParam(ge=0, le=7)],
                     body: models.BotIn,  # type: ignore[name-defined]
                     _: Annotated[str, limited("join")]) -> dict[str, Any]:
        await hub.replace_with_bot(table_id, seat, body.bot, body.token)
        return {"ok": True}

    @app.post("/api/tables/{table_id}/actions", summary="Play a move",
              response_model=S.MovesOut, responses=S.errors(400, 403, 404, 409, 413))
    async def act(table_id: TableId, body: models.ActIn,  # type: ignore[name-defined]
                  _: Annotated[str, limited("action")]) -> dict[str, Any]:
        t = await hub.fetch(table_id)
        await hub.act(table_id, hub.seat_of(t, body.token), body.action, body.expect)
        return {"ok": True, "moves": len(t.actions)}

    @app.post("/api/tables/{table_id}/undo", summary="Take back your last decision",
              response_model=S.MovesOut, responses=S.errors(400, 403, 404, 409, 413))
    async def take_back(table_id: TableId, body: models.TokenIn,  # type: ignore[name-defined]
                        _: Annotated[str, limited("action")]) -> dict[str, Any]:
        t = await hub.fetch(table_id)
        moves = await hub.take_back(table_id, hub.seat_of(t, body.token))
        return {"ok": True, "moves": moves}

    @app.post("/api/tables/{table_id}/hint", summary="The move a strong bot would play for you",
              response_model=S.HintOut, responses=S.errors(400, 403, 404, 409, 413, 503))
    async def hint(table_id: TableId, body: models.TokenIn,  # type: ignore[name-defined]
                   _: Annotated[str, limited("hint")]) -> dict[str, Any]:
        t = await hub.fetch(table_id)
        return await hints.give(hub, table_id, hub.seat_of(t, body.token))

    # Records and replays ------------------------------------------------------------------------

    @app.get("/api/tables/{table_id}/record", summary="The record of a finished game",
             response_model=GameRecord, responses=S.errors(404, 409))
    def record(table_id: TableId, _: Address) -> JSONResponse:
        rec = hub.stored_record(table_id)
        return JSONResponse(json.loads(rec.model_dump_json()),
                            headers={"Content-Disposition":
                                     f'attachment; filename="{rec.game}-{table_id}.json"'})

    @app.post("/api/records", status_code=201, summary="Upload a record to view as a replay",
              response_model=S.UploadOut,
              responses={**S.errors(400, 413, 422), 201: {"links": S.RECORD_LINKS}})
    async def upload(body: models.RecordIn,  # type: ignore[name-defined]
                     _: Annotated[str, limited("upload")]) -> dict[str, Any]:
        data = body.model_dump(mode="json", exclude_unset=True)
        data["options"] = S.chosen(body.options)
        rec = GameRecord.model_validate(data)
        try:
            table_id = await asyncio.to_thread(replays.upload, rec)
        except (RecordError, ValueError) as exc:  # a game that cannot start or go on
            raise TableError(422, "bad_record", str(exc)) from None
        return {"id": table_id}

    @app.get("/api/replays/{table_id}", summary="A finished game's moves, step by step",
             response_model=S.ReplayOut, responses=S.errors(403, 404, 409))
    def replay(table_id: TableId, _: Address,
               step: Annotated[int, Query(ge=0, lt=2**31)] = 0,
               token: Token = None) -> dict[str, Any]:
        return replays.step(table_id, step, token)

    @app.post("/api/tables/{table_id}/review", status_code=202,
              summary="Review one seat's decisions in a finished game (or uploaded record)",
              response_model=ReviewOut, responses={
                  **S.errors(400, 404, 409, 413, 422),
                  200: {"model": ReviewOut, "description": "The job already asked for."}})
    async def start_review(table_id: TableId, body: ReviewIn, response: Response,
                           _: Annotated[str, limited("review")]) -> dict[str, Any]:
        job, new = await reviews.start(table_id, body.seat)
        response.status_code = 202 if new else 200
        return job.to_json()

    @app.get("/api/tables/{table_id}/review", summary="A review's progress, then the review",
             response_model=ReviewOut, responses=S.errors(400, 404))
    def review_status(table_id: TableId, _: Address,
                      seat: Annotated[int, Query(ge=0, le=7)]) -> dict[str, Any]:
        return reviews.get(table_id, seat).to_json()

    # WebSocket ----------------------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str, token: str | None = None) -> None:
        address = client_address(ws.scope)
        if not origin_allowed(ws.scope, cfg.server.allowed_origins):
            await ws.close(code=4403, reason="this page may not open a table's socket")
            return
        await ws.accept()
        try:
            rates.hit("socket", address)
            if sockets.get(address, 0) >= cfg.limits.sockets_per_address:
                raise TableError(429, "too_many", "too many connections from your address")
        except TableError as exc:  # told, so a page waits before it tries again
            await ws.send_json({"type": "error", **exc.to_json()})
            await ws.close(code=4429)
            return
        sockets[address] = sockets.get(address, 0) + 1
        try:
            await _serve_socket(ws, hub, table_id, token, address, rates, cfg)
        finally:
            sockets[address] -= 1
            if not sockets[address]:
                del sockets[address]

    app.include_router(learn_router(), dependencies=[limited("read")])

    # Front end ----------------------------------------------------------------------------------

    if (WEB / "static").is_dir():
        app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    @app.get("/", include_in_schema=False)
    @app.get("/table/{table_id}", include_in_schema=False)
    @app.get("/replay/{table_id}", include_in_schema=False)
    @app.get("/learn/{game}", include_in_schema=False)
    @app.get("/review/{table_id}", include_in_schema=False)
    @app.get("/rules/{game}", include_in_schema=False)
    @app.get("/join/{table_id}/{seat}/{token}", include_in_schema=False)
    def page(_: Address, table_id: str | None = None, game: str | None = None) -> FileResponse:
        return FileResponse(WEB / "index.html")

    app.openapi = _openapi(app)  # type: ignore[method-assign]
    return app


# Helpers ----------------------------------------------------------------------------------------


async def _no_send(_msg: dict[str, Any]) -> None:
    return None


async def _sweep(hub: Hub) -> None:
    """Close idle tables now and then (a fraction of the idle time, at most each minute)."""
    every = min(60.0, hub.config.limits.idle_hours * 3600 / 4,
                hub.config.limits.bot_only_minutes * 60 / 4)
    while True:
        await asyncio.sleep(max(every, 0.05))
        try:
            await hub.sweep()
        except Exception:  # one bad table must not stop the sweeping
            log.exception("closing idle tables failed")


def _methods(app: FastAPI, scope: Any) -> list[str]:
    from starlette.routing import Route

    methods: set[str] = set()
    for route in app.routes:
        if isinstance(route, Route) and route.methods and route.path_regex.match(scope["path"]):
            methods |= route.methods
    return sorted(methods)


def _validation(exc: RequestValidationError) -> tuple[dict[str, str], int]:
    """A malformed request is ``400``; a well-formed one that a game's own check refuses
    (a custom validator of its options or content) is ``422``."""
    errors = list(exc.errors())
    custom = errors and all(e.get("type") in ("value_error", "assertion_error")
                            for e in errors)
    # Card data is checked by the game's own rules, which JSON Schema cannot say in full (a
    # published entry needs a source, an effect's steps must fit together): any refusal
    # inside a table's or record's content is the game refusing it.
    in_content = [e for e in errors if "content" in e.get("loc", ())[:3]]
    if in_content:
        errors, custom = in_content, True
    first = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
    message = f"{where}: {first.get('msg', '')}" if where else str(first.get("msg", ""))
    if custom:
        return {"error": "refused", "message": message}, 422
    return {"error": "bad_request", "message": message}, 400


async def _serve_socket(ws: WebSocket, hub: Hub, table_id: str, token: str | None,
                        address: str, rates: RateLimits, cfg: ServerConfig) -> None:
    try:
        t = await hub.fetch(table_id)
        seat = hub.seat_of(t, token) if token else None
    except TableError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        await ws.close(code=4404 if exc.status == 404 else 4403)
        return
    client = Client(seat, ws.send_json)
    t.clients.add(client)
    await hub.catch_up(t)  # news that came while nobody here watched the table
    if seat is not None:
        t.seats[seat].connected += 1
        await t.broadcast()
    else:
        await ws.send_json(t.view(client, reset=True))
    try:
        while True:
            text = await ws.receive_text()
            try:
                if len(text) > cfg.limits.ws_message_bytes:
                    raise TableError(413, "too_large", "that message is over its limit")
                rates.hit("socket_message", address)
                msg = json.loads(text)
            except TableError as exc:
                await ws.send_json({"type": "error", **exc.to_json()})
                continue
            except ValueError:
                await ws.send_json({"type": "error", "error": "bad_request",
                                    "message": "messages are JSON objects with a 'type'"})
                continue
            await _handle(hub, table_id, seat, client, msg, ws, address, rates)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        t.clients.discard(client)
        if seat is not None:
            t.seats[seat].connected -= 1
            with contextlib.suppress(Exception):
                await t.broadcast()


async def _handle(hub: Hub, table_id: str, seat: int | None, client: Client,
                  msg: Any, ws: WebSocket, address: str, rates: RateLimits) -> None:
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
            rates.hit("action", address)
            await hub.act(table_id, seat, action, expect)
        elif kind == "undo":
            rates.hit("action", address)
            await hub.take_back(table_id, seat)
        else:
            raise bad_request(f"unknown message type {str(kind)[:40]!r}")
    except TableError as exc:
        await ws.send_json({"type": "error", **exc.to_json()})
        if exc.code == "stale":
            await ws.send_json(hub.get(table_id).view(client, reset=True))


def _openapi(app: FastAPI) -> Callable[[], dict[str, Any]]:
    """FastAPI's schema without its generic ``422`` validation answers: this server answers
    a malformed request with ``400`` and the documented error body."""

    def build() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = get_openapi(title=app.title, version=app.version,
                              description=app.description, routes=app.routes)
            for path in doc.get("paths", {}).values():
                for op in path.values():
                    answer = op.get("responses", {}).get("422", {})
                    ref = json.dumps(answer)
                    if "HTTPValidationError" in ref:
                        del op["responses"]["422"]
                        op["responses"].setdefault("400", {
                            "description": S.STATUS_TEXT[400],
                            "content": {"application/json": {
                                "schema": {"$ref": "#/components/schemas/ErrorOut"}}}})
            comps = doc.get("components", {}).get("schemas", {})
            comps.pop("HTTPValidationError", None)
            comps.pop("ValidationError", None)
            app.openapi_schema = doc
        return app.openapi_schema

    return build
