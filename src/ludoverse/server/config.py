"""The server's configuration: one validated TOML file (``ludoverse serve --config FILE``).

Every limit has a default that suits a small public server and costs nothing at home; see
``docs/hosting.md`` for what each one protects and when to change it. Rates use the
``limits`` notation (``"20/minute"``, ``"5/second;100/hour"``) and are counted per client
address, the one the connection comes from or, behind a configured trusted proxy, the one
that proxy forwards.
"""

from __future__ import annotations

import ipaddress
import re
import tomllib
from pathlib import Path
from typing import Annotated, Any

from limits import parse_many
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
)


def _rate(value: str) -> str:
    try:
        parse_many(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a rate such as '20/minute' or "
                         "'5/second;100/hour'") from None
    return value


def _network(value: str) -> str:
    try:
        ipaddress.ip_network(value, strict=False)
    except ValueError:
        raise ValueError(f"{value!r} is not an IP address or network (e.g. 10.0.0.0/8)") from None
    return value


Rate = Annotated[str, AfterValidator(_rate)]
Network = Annotated[str, AfterValidator(_network)]


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Server(_Section):
    host: str = Field("127.0.0.1", description="address to listen on (0.0.0.0: every one)")
    port: int = Field(8000, ge=1, le=65535)
    db: str | None = Field(None, description="database URL; default: an SQLite file in the "
                                               "user's data directory")
    trusted_proxies: list[Network] = Field(
        default_factory=list, description="reverse proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed (e.g. ['127.0.0.1']); nobody else's are")
    allowed_origins: list[str] = Field(
        default_factory=list, description="origins besides the server's own whose pages may "
        "open WebSockets (e.g. 'https://games.example.org')")
    access_log: bool = Field(False, description="log every request (seat tokens are "
                                                "redacted)")


class Bots(_Section):
    workers: int = Field(1, ge=0, le=64, description="processes bots think in (0: a thread)")
    allow_specs: bool = Field(False, description="let people name any bot spec (e.g. "
                              "'ismcts:iters=5000'), not only the published levels")
    move_seconds: float = Field(5.0, gt=0, le=600, description="time budget of one bot move; "
                                "a search stops at it and plays its best move so far")
    grace_seconds: float = Field(5.0, ge=0, le=600, description="how much longer than its "
                                 "budget a bot may take before it is stopped and retried")
    pace_seconds: float = Field(0.6, ge=0, le=10, description="least time a bot move takes at "
                                "a table with people, so its thinking time shows nothing")
    worker: bool = Field(True, description="this process also takes queued bot moves; off "
                         "when separate 'ludoverse bot-worker' processes play them all")
    levels: dict[str, dict[str, str]] = Field(
        default_factory=dict, description="bot levels the host adds per game, e.g. "
        "{ultia = {trained = 'policy:/srv/ultia.npz'}}: people choose them by name like "
        "'medium' and never see the spec")

    def spec_of(self, game: str, bot: str) -> str:
        """The bot spec behind a seat's bot: a level the host publishes is its spec; any
        other level or spec is resolved by the bot factory itself."""
        return self.levels.get(game, {}).get(bot, bot)

    @field_validator("levels")
    @classmethod
    def _levels(cls, value: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
        """Every published level must name a game, a new level name and a bot that builds
        (a policy file is read now, so a broken one stops the server, not a table)."""
        from ludoverse.bots.base import LEVELS, SpecError, make
        from ludoverse.core.registry import load

        for game_name, levels in value.items():
            try:
                game = load(game_name)
            except KeyError as exc:
                raise ValueError(str(exc).strip('"')) from None
            for level, spec in levels.items():
                if not re.fullmatch(r"[a-z][a-z0-9_-]{0,23}", level):
                    raise ValueError(f"{game_name}: level name {level!r} is not 1-24 lower-case "
                                     "letters, digits, '-' or '_'")
                if level in ("random", *LEVELS, *game.bot_levels):
                    raise ValueError(f"{game_name}: {level!r} is a level already")
                try:
                    make(spec, game)
                except SpecError as exc:
                    raise ValueError(f"{game_name} level {level!r}: {exc}") from None
        return value


class Limits(_Section):
    body_bytes: int = Field(64 * 1024, ge=1024, description="largest request body, but for "
                            "uploads")
    upload_bytes: int = Field(1024 * 1024, ge=1024, description="largest table creation with "
                              "a content file, or uploaded record")
    ws_message_bytes: int = Field(16 * 1024, ge=256, description="largest WebSocket message "
                                  "from a client")
    name_chars: int = Field(40, ge=1, le=200, description="longest seat name")
    options_bytes: int = Field(4096, ge=64, description="largest rule options (as JSON)")
    open_tables_per_address: int = Field(20, ge=1, description="tables waiting or playing "
                                         "that one address may have created")
    open_tables: int = Field(2000, ge=1, description="tables waiting or playing on the "
                             "whole server")
    sockets_per_address: int = Field(64, ge=1, description="WebSockets open at once from "
                                     "one address")
    idle_hours: float = Field(72, gt=0, description="a table with no move for this long is "
                              "closed (abandoned) and archived")
    bot_only_minutes: float = Field(30, gt=0, description="a table of bots only is closed "
                                    "after this long")


class Rates(_Section):
    create: Rate = Field("10/minute;60/hour", description="tables created")
    join: Rate = Field("30/minute", description="seats taken, left or handed to a bot")
    action: Rate = Field("10/second;600/minute", description="moves and undos (HTTP and "
                         "WebSocket)")
    upload: Rate = Field("10/minute", description="records uploaded")
    hint: Rate = Field("20/minute", description="hints asked for (each may run a bot's "
                       "search)")
    read: Rate = Field("20/second;600/minute", description="other requests")
    socket: Rate = Field("30/minute", description="WebSockets opened")
    socket_message: Rate = Field("20/second", description="messages on one address's "
                                 "WebSockets")
    review: Rate = Field("6/hour", description="post-game reviews asked for")


def _review_bot(value: str) -> str:
    """A search that gives win shares: an ``ismcts`` spec, or a level every game maps to one."""
    from ludoverse.bots.base import LEVELS
    from ludoverse.core.registry import games, load
    from ludoverse.review.engine import ReviewError, review_bot

    try:
        if value.strip() in LEVELS:
            for name in games():
                review_bot(value, load(name))
        else:
            review_bot(value)
    except ReviewError as exc:
        raise ValueError(str(exc)) from None
    return value.strip()


class Reviews(_Section):
    bot: Annotated[str, AfterValidator(_review_bot)] = Field(
        "ismcts:iters=200", description="the search that judges each decision: an 'ismcts' "
        "spec, or a level ('medium', 'hard') that every game maps to one")
    decision_seconds: float = Field(3.0, gt=0, le=600, description="time cap of one "
                                    "decision's search, whatever the bot's budget")
    jobs: int = Field(4, ge=1, le=1000, description="reviews queued or running on the server "
                      "at once; more are refused until one ends")
    kept: int = Field(200, ge=1, le=100_000, description="finished reviews kept in memory "
                      "(the least recently asked for are forgotten first)")


class ServerConfig(_Section):
    """The whole configuration; every section and key is optional."""

    server: Server = Server()
    bots: Bots = Bots()
    limits: Limits = Limits()
    rates: Rates = Rates()
    reviews: Reviews = Reviews()


class ConfigError(ValueError):
    """A configuration file that cannot be used; the message says where and why."""


def load_config(path: str | Path | None = None, **overrides: Any) -> ServerConfig:
    """The configuration in ``path`` (none: the defaults), with ``overrides`` given as
    ``section={key: value}`` (e.g. from command-line flags) taking precedence."""
    data: dict[str, Any] = {}
    if path is not None:
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    for section, values in overrides.items():
        data.setdefault(section, {}).update({k: v for k, v in values.items() if v is not None})
    try:
        return ServerConfig.model_validate(data)
    except ValidationError as exc:
        where = f" in {path}" if path else ""
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}"
                             for e in exc.errors())
        raise ConfigError(f"bad configuration{where}: {problems}") from None
