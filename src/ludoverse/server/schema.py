"""The HTTP API's request and response shapes.

They are built per server from the registered games and the configuration, so the OpenAPI
schema constrains every input as tightly as the server checks it: a table names one of the
games, with that game's number of seats, option names and values, and bot levels; names,
options and files have their configured sizes. What JSON Schema cannot say (options that
contradict each other, a content file or record that breaks the game's own rules) is
refused with ``422``.
"""

from __future__ import annotations

from copy import copy
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from ludoverse.core.api import Game
from ludoverse.core.registry import load
from ludoverse.server.config import ServerConfig

TABLE_ID = r"^[0-9a-f]{16}$"
TOKEN = r"^[A-Za-z0-9_-]{16,64}$"


class ErrorOut(BaseModel):
    """Every refusal: a stable code for programs and one sentence for people, never naming
    anything hidden."""

    error: str = Field(description="stable code, e.g. bad_request, not_found, forbidden, "
                                   "not_your_turn, illegal, stale, rate_limited, too_large")
    message: str


STATUS_TEXT = {
    400: "The request is malformed (a value of the wrong type or out of range).",
    403: "The token does not open a seat here.",
    404: "There is no such table or game.",
    409: "Not possible in the table's present state; `error` says why (e.g. not_your_turn, "
         "illegal, stale, seat_taken, game_over, not_finished).",
    413: "The request body is over its limit.",
    422: "Well-formed, but the game's rules refuse it (options that contradict each other, "
         "a content file or record that does not fit the game).",
    429: "Too many requests from your address (see Retry-After), or a cap on open tables.",
    503: "The server could not do it just now (a bot's search failed): try again.",
}


_TABLE = {"table_id": "$response.body#/table/id"}
_MINE = {"token": "$response.body#/tokens/0"}
TABLE_LINKS = {
    "summary": {"operationId": "table", "parameters": _TABLE},
    "view": {"operationId": "view", "parameters": {**_TABLE, "token": _MINE["token"]}},
    "act": {"operationId": "act", "parameters": _TABLE, "requestBody": _MINE},
    "undo": {"operationId": "take_back", "parameters": _TABLE, "requestBody": _MINE},
    "leave": {"operationId": "leave", "parameters": _TABLE, "requestBody": _MINE},
    "invite": {"operationId": "join", "parameters": _TABLE,
               "requestBody": {"seat": 1, "token": "$response.body#/tokens/1"}},
    "to_bot": {"operationId": "to_bot", "parameters": {**_TABLE, "seat": 1},
               "requestBody": _MINE},
    "record": {"operationId": "record", "parameters": _TABLE},
    "replay": {"operationId": "replay", "parameters": _TABLE},
}
"""How a new table's id and tokens lead to the calls on it (OpenAPI links: clients and API
fuzzers follow them)."""
RECORD_LINKS = {"replay": {"operationId": "replay",
                           "parameters": {"table_id": "$response.body#/id"}}}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` entries for the given refusals (429 is always possible)."""
    out: dict[int | str, dict[str, Any]] = {}
    for status in sorted({*statuses, 429}):
        entry: dict[str, Any] = {"model": ErrorOut, "description": STATUS_TEXT[status]}
        if status == 429:
            entry["headers"] = {"Retry-After": {
                "description": "seconds to wait", "schema": {"type": "string"}}}
        out[status] = entry
    return out


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


# Answers ---------------------------------------------------------------------------------------


class GameOut(BaseModel):
    name: str
    title: str
    summary: str
    min_players: int
    max_players: int
    options: dict[str, Any] = Field(description="the game's options as JSON Schema")
    presets: dict[str, dict[str, Any]]
    levels: dict[str, str] = Field(description="bot levels people may choose, and the bot "
                                               "each stands for")


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str
    joined: bool
    connected: bool


class TableOut(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    custom_content: bool
    chosen_deal: bool
    hints_allowed: bool = Field(False, description="everyone agreed to hints")
    hinted: int = Field(0, description="hints given so far (a hinted game is marked)")
    status: Literal["open", "playing", "finished", "abandoned"]
    seats: list[SeatOut]
    moves: int
    to_move: int | None
    outcome: dict[str, Any] | None
    seed: int | None = Field(None, description="the deal, once the game is over")


class CreatedOut(BaseModel):
    table: TableOut
    tokens: list[str | None] = Field(description="each seat's token (none for bots): the "
                                                 "first is the creator's, the others are "
                                                 "for invite links")


class LegalOut(BaseModel):
    id: int
    label: str
    info: dict[str, Any]


class ViewOut(BaseModel):
    type: Literal["state"]
    table: TableOut
    seat: int | None
    observation: dict[str, Any]
    legal: list[LegalOut]
    events_start: int
    events: list[dict[str, Any]]
    undo: int


class JoinOut(BaseModel):
    seat: int
    token: str


class OkOut(BaseModel):
    ok: bool


class MovesOut(BaseModel):
    ok: bool
    moves: int


class UploadOut(BaseModel):
    id: str


class ReplayOut(BaseModel):
    id: str
    game: str
    players: int
    names: list[str]
    seat: int | None
    step: int
    steps: int
    observation: dict[str, Any]
    events: list[dict[str, Any]]
    outcome: dict[str, Any] | None
    hinted: int = Field(0, description="hints the players asked for (a hinted game)")


class RuleSectionOut(BaseModel):
    id: str
    title: str
    html: str


class RuleOut(BaseModel):
    id: str
    section: str
    text: str
    option: str


class RulesOut(BaseModel):
    game: str
    title: str
    sections: list[RuleSectionOut]
    rules: list[RuleOut]


class ComponentOut(BaseModel):
    key: str
    kind: str
    name: str
    text: str
    provenance: Literal["rulebook", "public", "reconstructed"]
    source: str | None
    facts: list[list[str]]


class HintMoveOut(BaseModel):
    action: int
    label: str
    share: float


class HintOut(BaseModel):
    step: int
    seat: int
    bot: str
    spec: str
    action: int
    label: str
    share: float
    moves: list[HintMoveOut]
    line: str


class HintIn(BaseModel):
    """A hint as a record keeps it (only checked for shape and size)."""

    model_config = ConfigDict(extra="allow")
    step: int = Field(ge=0, lt=2**31)
    seat: int = Field(ge=0, le=7)
    label: str = Field("", max_length=200)
    line: str = Field("", max_length=1000)


class _OneContent(_In):
    """A table's content comes as data or as a TOML file's text, never both."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={
        "not": {"required": ["content", "content_toml"]}})


def _literal(values: list[str]) -> Any:
    return Literal[tuple(values)]  # type: ignore[valid-type]


def options_model(game: Game) -> type[BaseModel]:
    """The game's options as a request body: every option optional (unset keeps the
    rulebook's reading, or the preset's), with its type and range, plus ``preset``. How
    options combine is the game's own check, after the preset is applied (``422``)."""
    fields: dict[str, Any] = {}
    if game.presets:
        fields["preset"] = (_literal(sorted(game.presets)) | None,
                            Field(None, description="a named set of options"))
    for name, info in game.Options.model_fields.items():
        optional = copy(info)
        optional.default = None
        optional.default_factory = None
        fields[name] = (info.annotation | None, optional)
    return create_model(f"{_camel(game.name)}Options", __base__=_In, **fields)


def chosen(options: BaseModel) -> dict[str, Any]:
    """The options a request sets (null, like leaving one out, keeps the default)."""
    return {k: v for k, v in options.model_dump(mode="json").items() if v is not None}


class Models:
    """The request models of one server."""

    def __init__(self, cfg: ServerConfig, game_names: list[str]) -> None:
        from ludoverse.server.tables import Hub

        self.games = game_names
        names = cfg.limits.name_chars
        Name = Annotated[str, Field(max_length=names)]
        variants = []
        levels_all: set[str] = set()
        for name in game_names:
            game = load(name)
            levels = Hub.levels(game, cfg)
            levels_all.update(levels)
            bot: Any = str if cfg.bots.allow_specs else _literal(levels)
            seat = create_model(
                f"{_camel(name)}Seat", __base__=_In,
                kind=(Literal["human", "bot"], "human"),
                bot=(bot | None, Field(None, description="the bot's level, for a bot seat "
                                       "(default medium)")),
                name=(Name, ""))
            options = options_model(game)
            content = game.content_model or dict[str, Any]
            variants.append(create_model(
                f"{_camel(name)}Table", __base__=_OneContent,
                game=(Literal[name], ...),  # type: ignore[valid-type]
                seats=(list[seat], Field(min_length=game.min_players,  # type: ignore[valid-type]
                                         max_length=game.max_players)),
                options=(options, Field(default_factory=options)),
                content=(content | None, Field(None, description=(
                    f"the players' own {game.title} card data, in the schema `ludoverse "
                    f"cards {game.name}` shows"))),
                content_toml=(str | None, Field(
                    None, max_length=cfg.limits.upload_bytes,
                    description="the players' own card data as the text of a TOML file "
                                "(instead of 'content')")),
                seed=(int | None, Field(None, ge=0, lt=2**31, description="a chosen deal; "
                                        "everyone at the table is told")),
                hints=(bool, Field(False, description="everyone at the table may ask for "
                                   "hints (a player alone with bots always may); a hinted "
                                   "game is marked")),
            ))
        self.TableIn = Annotated[
            variants[0] if len(variants) == 1 else _union(variants), Field(discriminator="game")]
        level: Any = str if cfg.bots.allow_specs else _literal(sorted(levels_all))

        self.JoinIn = create_model(
            "JoinIn", __base__=_In,
            seat=(int, Field(ge=0, le=7, description="seat index, from 0")),
            name=(Name, ""),
            token=(Annotated[str, Field(pattern=TOKEN)] | None, Field(
                None, description="the seat's invite token; none: any free seat")))
        self.TokenIn = create_model(
            "TokenIn", __base__=_In, token=(Annotated[str, Field(pattern=TOKEN)], ...))
        self.ActIn = create_model(
            "ActIn", __base__=_In, token=(Annotated[str, Field(pattern=TOKEN)], ...),
            action=(int, Field(ge=0, lt=2**31, description="an action id (see `legal`)")),
            expect=(int | None, Field(None, ge=0, lt=2**31, description="moves the client "
                                      "had seen; refused as stale if the game moved on")))
        records = []
        for name in game_names:
            game = load(name)
            records.append(create_model(
                f"{_camel(name)}Record", __base__=_In,
                format=(Literal[1], 1),
                game=(Literal[name], ...),  # type: ignore[valid-type]
                version=(Literal[game.version], ...),  # type: ignore[valid-type]
                players=(int, Field(ge=game.min_players, le=game.max_players)),
                seed=(int, Field(ge=0, lt=2**53)),
                options=(options_model(game), Field(default_factory=options_model(game))),
                content=((game.content_model or dict[str, Any]) | None, None),
                actions=(list[Annotated[int, Field(ge=0, lt=game.num_actions)]],
                         Field(default_factory=list)),
                labels=(list[Annotated[str, Field(max_length=200)]],
                        Field(default_factory=list)),
                seats=(list[Annotated[str, Field(max_length=120)]] | None, None),
                outcome=(dict[str, Any] | None, None),
                hints=(list[HintIn], Field(default_factory=list, max_length=10_000)),
                created=(str, Field("", max_length=40)),
            ))
        self.RecordIn = Annotated[_union(records), Field(discriminator="game")]
        self.BotIn = create_model(
            "BotIn", __base__=_In, token=(Annotated[str, Field(pattern=TOKEN)], ...),
            bot=(level, Field("medium", description="bot level")))


def _union(models: list[type[BaseModel]]) -> Any:
    out: Any = models[0]
    for m in models[1:]:
        out = out | m
    return out


def _camel(name: str) -> str:
    return "".join(p.capitalize() for p in name.split("_"))
