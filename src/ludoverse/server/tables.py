"""Live tables: one game each, its seats, and the clients watching it.

Every change follows the same order: check the request (seat, token, turn, legality,
staleness), **commit it to the database**, then apply it to the in-memory state, then tell
every client what it may see. A crash after the commit loses nothing: on start the server
replays each unfinished table from its stored actions. A crash before it loses only a move
that was never acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, update
from sqlalchemy.orm import Session, sessionmaker

from ludoverse.bots.base import LEVELS, SpecError, make
from ludoverse.core.api import Game, State
from ludoverse.core.records import GameRecord
from ludoverse.core.registry import load
from ludoverse.core.words import name_seats, told
from ludoverse.server import undo
from ludoverse.server.botpool import BotPool
from ludoverse.server.config import ServerConfig
from ludoverse.server.db import (
    ActionRow,
    SeatRow,
    TableRow,
    actions_of,
    finished_record,
    now,
    seats_of,
    token_hash,
    unfinished,
)
from ludoverse.server.errors import (
    TableError,
    bad_request,
    conflict,
    forbidden,
    not_found,
    too_many,
)
from ludoverse.server.writer import Writer
from ludoverse.sim.play import bot_seed

log = logging.getLogger("ludoverse.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Client:
    """One WebSocket: a seat's (``seat`` set) or a spectator's (``seat`` None)."""

    seat: int | None
    send: Send
    events_sent: int = 0
    """How many of the events this client may see it has been sent..."""
    log_seen: int = 0
    """...and how far into the game's whole log they reach (so a view looks only at what is
    new, not at the whole log again)."""


@dataclass
class Seat:
    seat: int
    kind: str
    bot: str | None
    name: str
    token_hash: str
    joined: bool
    connected: int = 0

    def public(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "bot": self.bot, "name": self.name,
                "joined": self.joined, "connected": self.connected > 0}


@dataclass
class Table:
    id: str
    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    content: dict[str, Any] | None
    seats: list[Seat]
    state: State
    status: str
    actions: list[int] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    """Per action: the seat that took it and whether it revealed anything (undo policy)."""
    clients: set[Client] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    chosen_seed: bool = False
    """The creator chose the deal (and so may know the hidden cards): shown to everyone."""
    creator: str | None = None
    """The address that created the table (for the per-address cap; not stored)."""
    hints_allowed: bool = False
    """Everyone agreed to hints when the table was made (see :meth:`may_hint`)."""
    hints: list[dict[str, Any]] = field(default_factory=list)
    """Every hint given, in order (kept in the record: a hinted game is marked)."""
    rev: int = 0
    """The stored revision this copy stands at (``TableRow.rev``): a write that finds another
    revision in the database was decided on a stale copy and is refused (``Hub._commit``)."""
    touched: datetime = field(default_factory=now)
    """When the table last moved (made, joined or played): idle tables are closed."""
    started: datetime = field(default_factory=now)

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)

    def may_hint(self, seat: int) -> bool:
        """Hints are for a player alone with bots, or for everyone if all agreed (by making
        or joining a table that says so)."""
        return self.hints_allowed or all(s.kind == "bot" for s in self.seats if s.seat != seat)

    # What clients may see ---------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """Public facts about the table (no seed while the game is on: it would reveal every
        hidden card)."""
        out = self.state.outcome() if self.state.is_terminal() else None
        d: dict[str, Any] = {
            "id": self.id,
            "game": self.game.name,
            "title": getattr(self.game, "title", self.game.name),
            "players": self.players,
            "options": self.options,
            "custom_content": self.content is not None,
            "chosen_deal": self.chosen_seed,
            "hints_allowed": self.hints_allowed,
            "hinted": len(self.hints),
            "status": self.status,
            "seats": [s.public() for s in self.seats],
            "moves": len(self.actions),
            "to_move": None if self.state.is_terminal() else self.state.current_player,
            "outcome": None if out is None else out.to_json(),
        }
        if self.status == "finished":
            d["seed"] = self.seed
        return d

    def view(self, client: Client, reset: bool = False) -> dict[str, Any]:
        """What ``client`` may see now, with the events it has not been sent yet."""
        seat = client.seat
        st = self.state
        game_log = st.events
        if reset or client.log_seen > len(game_log):
            client.events_sent = client.log_seen = 0
        new = [e for e in game_log[client.log_seen:] if e.visible(seat)]
        start = client.events_sent
        client.events_sent += len(new)
        client.log_seen = len(game_log)
        mine = seat is not None and not st.is_terminal() and st.current_player == seat
        legal = st.legal_actions() if mine else []
        names = [s.name for s in self.seats]
        return {
            "type": "state",
            "table": self.summary(),
            "seat": seat,
            "observation": st.observation(seat),
            "legal": [{"id": a, "label": name_seats(st.action_label(a, seat), names),
                       "info": self.game.action_info(a)} for a in legal],
            "events_start": start,
            "events": [told(self.game, e, seat, names) for e in new],
            "undo": self.undo_count(seat) if seat is not None else 0,
        }

    def undo_count(self, seat: int) -> int:
        st = self.state
        if st.is_terminal() or st.current_player != seat or self.seats[seat].kind != "human":
            return 0
        return undo.undoable(self.decisions, seat)

    async def notice(self, message: str) -> None:
        """A line for everyone at the table (not part of the game's log)."""
        for c in list(self.clients):
            with contextlib.suppress(Exception):
                await c.send({"type": "notice", "message": message})

    async def broadcast(self, reset: bool = False) -> None:
        dead = []
        for c in list(self.clients):
            try:
                await c.send(self.view(c, reset))
            except Exception:  # a client gone mid-send is cleaned up by its own handler
                dead.append(c)
        for c in dead:
            self.clients.discard(c)

    def record(self) -> GameRecord:
        labels = [d["label"] for d in self.decisions]
        out = self.state.outcome() if self.state.is_terminal() else None
        return GameRecord(
            game=self.game.name, version=self.game.version, players=self.players,
            seed=self.seed, options=self.options, content=self.content,
            actions=list(self.actions), labels=labels,
            seats=[s.bot or "human" for s in self.seats],
            outcome=None if out is None else out.to_json(), hints=list(self.hints))


SeatSpec = dict[str, Any]
"""``{"kind": "human" | "bot", "bot": "medium", "name": "Ada"}``."""


class Hub:
    """All live tables of this server process, their storage and their bots."""

    def __init__(self, db: sessionmaker[Session], bots: BotPool | None = None,
                 config: ServerConfig | None = None) -> None:
        self.db = db
        self.writer = Writer(db)
        self.config = config or ServerConfig()
        b = self.config.bots
        self.bots = bots or BotPool(b.workers, b.move_seconds, b.grace_seconds)
        self.tables: dict[str, Table] = {}

    # Start-up -----------------------------------------------------------------------------------

    def restore(self) -> int:
        """Rebuild every unfinished table by replaying its stored actions."""
        with self.db() as s:
            rows = unfinished(s)
            for row in rows:
                seats, acts = seats_of(s, row.id), actions_of(s, row.id)
                try:
                    self.tables[row.id] = self._rebuild(row, seats, acts)
                except Exception as exc:  # a table whose rules changed is kept, not played
                    log.error("table %s cannot be restored: %s", row.id, exc)
        return len(self.tables)

    def _rebuild(self, row: TableRow, seats: list[SeatRow], acts: list[ActionRow]) -> Table:
        game = load(row.game)
        if row.version != game.version:
            raise ValueError(f"stored with rules version {row.version}, now {game.version}")
        content = None if row.content is None else game.load_content(row.content)
        state = game.new_game(row.players, row.seed, row.options, content)
        t = Table(row.id, game, row.players, row.seed, row.options, row.content,
                  [Seat(x.seat, x.kind, x.bot, x.name, x.token_hash, x.joined) for x in seats],
                  state, row.status, chosen_seed=row.chosen_seed,
                  hints_allowed=row.hints_allowed, hints=list(row.hints or []),
                  touched=_aware(row.updated), started=_aware(row.created), rev=row.rev)
        for a in acts:
            after, decision = self._next(t, a.action, a.label)
            self._advance(t, a.action, after, decision)
        return t

    def start_bots(self) -> None:
        for t in self.tables.values():
            self._wake(t)

    # Tables -------------------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        t = self.tables.get(table_id)
        if t is None:
            raise not_found("table")
        return t

    def seat_of(self, t: Table, token: str | None) -> int:
        """The seat ``token`` opens (errors say nothing about which seats exist)."""
        if token:
            h = token_hash(token)
            for s in t.seats:
                if secrets.compare_digest(s.token_hash, h):
                    return s.seat
        raise forbidden("this token does not open a seat at this table")

    async def create(self, game_name: str, seats: list[SeatSpec], options: dict[str, Any]
                     | None = None, content: dict[str, Any] | None = None,
                     seed: int | None = None, address: str | None = None,
                     hints: bool = False) -> tuple[Table, list[str | None]]:
        """A new table; returns it and each seat's token (None for bots). The first human
        seat is the creator's and is taken at once; the others wait for their invite links
        (or, from the lobby, for anyone). ``address`` is the creator's, for its cap."""
        self._check_caps(address)
        try:
            game = load(game_name)
        except (KeyError, ValueError) as exc:
            raise bad_request(str(exc).strip("'\"")) from None
        limits = self.config.limits
        if len(json.dumps(options or {})) > limits.options_bytes:
            raise bad_request(f"the options are over their limit of {limits.options_bytes} "
                              "bytes")
        players = len(seats)
        if not game.min_players <= players <= game.max_players:
            raise bad_request(f"{game.name} is for {game.min_players}-{game.max_players} "
                              f"players, not {players}")
        try:
            opts = game.make_options(options or {})
        except ValueError as exc:
            raise TableError(422, "bad_options", f"bad options: {exc}") from None
        loaded = None
        if content is not None:
            try:
                loaded = game.load_content(content)
            except (ValueError, TypeError) as exc:
                raise TableError(422, "bad_content", f"bad content: {exc}") from None
        chosen = seed is not None
        seed = secrets.randbits(31) if seed is None else seed
        try:  # options each valid alone may still not fit together or the player count
            state = game.new_game(players, seed, opts, loaded)
        except ValueError as exc:
            raise TableError(422, "bad_options", f"bad options: {exc}") from None
        tokens: list[str | None] = []
        made: list[Seat] = []
        for i, spec in enumerate(seats):
            kind = spec.get("kind", "human")
            name = self._name(spec.get("name"))
            if kind == "bot":
                bot = self._bot_spec(str(spec.get("bot") or "medium"), game)
                tok = None
                made.append(Seat(i, "bot", bot, name or f"Bot {i + 1} ({bot})", "-", True))
            elif kind == "human":
                tok = secrets.token_urlsafe(18)
                creator = not any(x.kind == "human" for x in made)  # sits down at once
                made.append(Seat(i, "human", None, name or f"Player {i + 1}", token_hash(tok),
                                 creator))
            else:
                raise bad_request(f"seat {i + 1}: kind must be 'human' or 'bot', not {kind!r}")
            tokens.append(tok)
        status = "playing" if all(s.joined for s in made) else "open"
        t = Table(secrets.token_hex(8), game, players, seed, opts.model_dump(mode="json"),
                  None if loaded is None else game.content_to_json(loaded), made, state, status,
                  chosen_seed=chosen, creator=address, hints_allowed=hints)
        await self.writer.write(lambda s: self._store_new(s, t))  # rev 0, a new row
        self.tables[t.id] = t
        self._wake(t)
        return t, tokens

    def _check_caps(self, address: str | None) -> None:
        limits = self.config.limits
        live = [t for t in self.tables.values() if t.status in ("open", "playing")]
        if len(live) >= limits.open_tables:
            raise too_many("the server has as many tables as it can hold: try again when "
                           "some have finished")
        if address is not None and sum(t.creator == address for t in live) >= \
                limits.open_tables_per_address:
            raise too_many(f"you have {limits.open_tables_per_address} tables open already: "
                           "finish or leave one first")

    def _name(self, raw: Any) -> str:
        name = str(raw or "").strip()
        if len(name) > self.config.limits.name_chars:
            raise bad_request(f"a name is at most {self.config.limits.name_chars} characters")
        return name

    def _bot_spec(self, spec: str, game: Game) -> str:
        """A published level (``random``, ``easy``, ``medium``, ``hard`` and the game's
        own), or any spec where the configuration allows it."""
        levels = self.levels(game, self.config)
        if spec.strip().lower() in levels:
            return spec.strip().lower()
        if not self.config.bots.allow_specs:
            raise bad_request(f"choose a bot level: {', '.join(levels)}")
        try:
            make(spec, game)
        except SpecError as exc:
            raise bad_request(str(exc)) from None
        return spec

    def _store_new(self, s: Session, t: Table) -> None:
        s.add(TableRow(id=t.id, game=t.game.name, version=t.game.version, players=t.players,
                       seed=t.seed, options=t.options, content=t.content, status=t.status,
                       chosen_seed=t.chosen_seed, hints_allowed=t.hints_allowed))
        s.flush()
        for x in t.seats:
            s.add(SeatRow(table_id=t.id, seat=x.seat, kind=x.kind, bot=x.bot, name=x.name,
                          token_hash=x.token_hash, joined=x.joined))

    def _store_seats(self, s: Session, t: Table) -> None:
        _next_rev(s, t, status=t.status, updated=now())
        for x in t.seats:
            seat = s.get(SeatRow, (t.id, x.seat))
            assert seat is not None
            seat.kind, seat.bot, seat.name = x.kind, x.bot, x.name
            seat.token_hash, seat.joined = x.token_hash, x.joined

    async def join(self, table_id: str, seat: int, name: str = "",
                   token: str | None = None) -> str:
        """Take a seat: with its invite token, or any free human seat of an open table (a new
        token is issued). Returns the token to keep."""
        t = self.get(table_id)
        name = self._name(name)
        async with t.lock:
            if not 0 <= seat < t.players:
                raise conflict("no_such_seat", f"this table has {t.players} seats, not "
                                               f"{seat + 1}")
            s = t.seats[seat]
            if token is not None:
                if self.seat_of(t, token) != seat:
                    raise forbidden("this token does not open that seat")
                new = token
            else:
                if s.kind != "human" or s.joined:
                    raise conflict("seat_taken", f"seat {seat + 1} is taken")
                new = secrets.token_urlsafe(18)
                s.token_hash = token_hash(new)
            s.joined = True
            if name:
                s.name = name
            if t.status == "open" and all(x.joined for x in t.seats):
                t.status = "playing"
            await self._commit(t, lambda s: self._store_seats(s, t))
            await t.broadcast()
        self._wake(t)
        return new

    async def leave(self, table_id: str, token: str) -> None:
        """Give a seat up; the others may then hand it to a bot."""
        t = self.get(table_id)
        async with t.lock:
            seat = self.seat_of(t, token)
            s = t.seats[seat]
            s.joined = False
            s.token_hash = token_hash(secrets.token_urlsafe(18))  # the old token is void
            await self._commit(t, lambda s: self._store_seats(s, t))
            await t.broadcast()

    async def replace_with_bot(self, table_id: str, seat: int, bot: str, token: str) -> None:
        """A seated player hands a seat nobody holds (left or not connected) to a bot."""
        t = self.get(table_id)
        async with t.lock:
            mine = self.seat_of(t, token)
            if not 0 <= seat < t.players:
                raise conflict("no_such_seat", f"this table has {t.players} seats, not "
                                               f"{seat + 1}")
            s = t.seats[seat]
            if s.kind == "bot":
                raise conflict("already_bot", f"seat {seat + 1} is already a bot")
            if seat != mine and s.joined and s.connected:
                raise conflict("seat_active", f"seat {seat + 1} is still played by a person")
            bot = self._bot_spec(bot, t.game)
            s.kind, s.bot, s.joined = "bot", bot, True
            s.name = f"{s.name} ({bot} bot)"[:40]
            if t.status == "open" and all(x.joined for x in t.seats):
                t.status = "playing"
            await self._commit(t, lambda s: self._store_seats(s, t))
            await t.broadcast()
        self._wake(t)

    # Moves --------------------------------------------------------------------------------------

    def _next(self, t: Table, action: int,
              label: str | None = None) -> tuple[State, dict[str, Any]]:
        """The game after ``action`` (the table is not changed yet) and its decision entry."""
        before = t.state
        seat = before.current_player
        after = before.clone()
        lab = label if label is not None else after.action_label(action, seat)
        after.apply(action)
        # Only a decision after which the same person is still to move can ever be taken back
        # (any other seat's decision would follow it), so only then is it worth probing.
        probe = (t.seats[seat].kind == "human" and not after.is_terminal()
                 and after.current_player == seat)
        reveals = probe and undo.reveals(before, after, action, seat, salt=len(t.actions))
        return after, {"seat": seat, "reveals": reveals, "label": lab}

    def _advance(self, t: Table, action: int, after: State, decision: dict[str, Any]) -> None:
        t.state = after
        t.actions.append(action)
        t.decisions.append(decision)
        t.touched = now()
        if after.is_terminal():
            t.status = "finished"

    def _store_action(self, s: Session, t: Table, index: int, action: int, after: State,
                      seat: int, label: str) -> None:
        """The action, and in the same transaction the result if it ended the game."""
        values: dict[str, Any] = {"updated": now()}
        if after.is_terminal():
            out = after.outcome()
            values.update(status="finished", outcome=None if out is None else out.to_json())
        _next_rev(s, t, **values)  # first: a concurrent writer waits here, then finds it stale
        s.add(ActionRow(table_id=t.id, index=index, action=action, seat=seat, label=label))

    async def act(self, table_id: str, seat: int, action: int, expect: int | None = None) -> None:
        """``seat`` plays ``action``; ``expect`` is the number of moves the client had seen
        (a request made on an older position is refused as stale)."""
        t = self.get(table_id)
        async with t.lock:
            if t.seats[seat].kind != "human":
                raise conflict("bot_seat", "a bot plays this seat now")
            await self._act_locked(t, seat, action, expect)
        self._wake(t)

    async def _act_locked(self, t: Table, seat: int, action: int, expect: int | None) -> None:
        st = t.state
        if expect is not None and expect != len(t.actions):
            raise conflict("stale", "the game has moved on since this page was drawn; "
                                    "it now shows the current position")
        if t.status == "open":
            raise conflict("not_started", "the table is waiting for players to join")
        if st.is_terminal():
            raise conflict("game_over", "the game is over")
        if st.current_player != seat:
            raise conflict("not_your_turn", "it is not your turn")
        if type(action) is not int or action not in st.legal_actions():
            raise conflict("illegal", "that move is not legal now")
        after, decision = self._next(t, action)
        index = len(t.actions)
        await self._commit(
            t, lambda s: self._store_action(s, t, index, action, after, seat, decision["label"]))
        self._advance(t, action, after, decision)
        await t.broadcast()

    async def take_back(self, table_id: str, seat: int) -> int:
        """Undo the seat's last decision (Board Game Arena's policy, ``undo.py``)."""
        t = self.get(table_id)
        async with t.lock:
            if t.undo_count(seat) < 1:
                raise conflict("no_undo", "nothing of yours can be taken back now")
            keep = len(t.actions) - 1
            await self._commit(t, lambda s: self._drop_actions(s, t, keep))
            actions, decisions = t.actions[:keep], t.decisions[:keep]
            content = None if t.content is None else t.game.load_content(t.content)
            state = t.game.new_game(t.players, t.seed, t.options, content)
            for a in actions:
                state.apply(a)
            t.state, t.actions, t.decisions = state, actions, decisions
            await t.broadcast(reset=True)
            return keep

    async def _commit(self, t: Table, write: Callable[[Session], None]) -> None:
        """Store a change to ``t`` (under ``t.lock``) whose write bumps the revision.

        If another process changed the table first, this copy is stale: it is brought up to
        date from the database, its clients are shown where the game really is, and the
        change is refused like any change made on an old position.
        """
        try:
            await self.writer.write(write)
        except Stale:
            await self._catch_up(t)
            raise conflict("stale", "the game has moved on since this page was drawn; "
                                    "it now shows the current position") from None
        t.rev += 1

    async def _catch_up(self, t: Table) -> None:
        """Replace this copy of ``t`` by the stored table (another process changed it)."""
        def read() -> Table:
            with self.db() as s:
                row = s.get(TableRow, t.id)
                if row is None:
                    raise not_found(f"no table {t.id}")
                return self._rebuild(row, seats_of(s, t.id), actions_of(s, t.id))

        fresh = await asyncio.to_thread(read)
        connected = {x.seat: x.connected for x in t.seats}
        for x in fresh.seats:
            x.connected = connected.get(x.seat, 0)
        t.state, t.actions, t.decisions, t.seats = \
            fresh.state, fresh.actions, fresh.decisions, fresh.seats
        t.status, t.hints, t.touched, t.rev = fresh.status, fresh.hints, fresh.touched, fresh.rev
        await t.broadcast(reset=True)

    def _drop_actions(self, s: Session, t: Table, keep: int) -> None:
        _next_rev(s, t, updated=now())
        s.execute(delete(ActionRow).where(ActionRow.table_id == t.id,
                                          ActionRow.index >= keep))

    # Bots ---------------------------------------------------------------------------------------

    def _wake(self, t: Table) -> None:
        """Let the bot to move (if any) think, in the background."""
        if t.bot_task is not None and not t.bot_task.done():
            return
        if t.status != "playing" or t.state.is_terminal():
            return
        if t.seats[t.state.current_player].kind != "bot":
            return
        t.bot_task = asyncio.get_running_loop().create_task(self._bots(t))

    async def _bots(self, t: Table) -> None:
        while t.status == "playing" and not t.state.is_terminal():
            seat = t.state.current_player
            s = t.seats[seat]
            if s.kind != "bot" or s.bot is None:
                return
            index = len(t.actions)
            bare = t.state.clone()
            bare.events = []  # the log plays no part in a decision and grows all game long
            snapshot = bare.to_json()
            seed = bot_seed(t.seed, seat) ^ (index * 2654435761 & 0xFFFFFFFF)
            loop = asyncio.get_running_loop()
            started = loop.time()
            move = await self.bots.move(t.game.name, snapshot, t.state.legal_actions(), seat,
                                        self.spec_of(t.game, s.bot), seed)
            if move.fallback:
                log.warning("bot %s at table %s %s twice; it played a random legal move",
                            s.bot, t.id, move.problem)
            if not t.bots_only:
                await asyncio.sleep(max(0.0, started + self.config.bots.pace_seconds
                                        - loop.time()))
            async with t.lock:
                if len(t.actions) != index or t.status != "playing":
                    continue  # an undo or another move came first (or it closed): again
                try:
                    await self._act_locked(t, seat, move.action, index)
                except TableError as exc:
                    if exc.code == "stale":
                        continue  # another process changed the table: think again from there
                    log.error("bot %s at table %s: %s", s.bot, t.id, exc.message)
                    return
                if move.fallback:
                    await t.notice(f"{s.name} {move.problem}, so it played a quick move "
                                   "instead")

    # Closing idle tables ------------------------------------------------------------------------

    async def sweep(self, at: datetime | None = None) -> list[str]:
        """Close (as ``abandoned``) every table with no move for the configured time, and
        every table of bots only that has run for its time; their records are kept."""
        at = at or now()
        limits = self.config.limits
        idle = timedelta(hours=limits.idle_hours)
        bots = timedelta(minutes=limits.bot_only_minutes)
        closed = []
        for t in list(self.tables.values()):
            if t.status not in ("open", "playing"):
                continue
            if at - t.touched >= idle:
                why = f"no move for {limits.idle_hours:g} hours"
            elif t.bots_only and at - t.started >= bots:
                why = f"bots only, for {limits.bot_only_minutes:g} minutes"
            else:
                continue
            async with t.lock:
                t.status = "abandoned"
                try:
                    await self._commit(t, lambda s, t=t: self._store_status(s, t))
                except TableError:  # another process changed it meanwhile: not idle after all
                    continue
                await t.notice(f"This table was closed: {why}.")
                await t.broadcast()
            if t.bot_task is not None:
                t.bot_task.cancel()
            self.tables.pop(t.id, None)
            closed.append(t.id)
            log.info("table %s closed: %s", t.id, why)
        return closed

    def _store_status(self, s: Session, t: Table) -> None:
        _next_rev(s, t, status=t.status, updated=now())

    # Lobby --------------------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self.tables.values() if t.status in ("open", "playing")]

    # Finished games -----------------------------------------------------------------------------

    def components(self, table_id: str) -> list[dict[str, Any]]:
        """The pieces of a table's content, live or stored (the shipped ones unless the table
        brought its own cards)."""
        from ludoverse.server import help as help_pages

        t = self.tables.get(table_id)
        if t is not None:
            game, content = t.game, t.content
        else:
            with self.db() as s:
                row = s.get(TableRow, table_id)
                if row is None:
                    raise not_found("table")
                game, content = load(row.game), row.content
        if content is None:
            return help_pages.components(game.name)
        return help_pages.of_content(game, game.load_content(content))

    def stored_record(self, table_id: str) -> GameRecord:
        """The record of a finished game (live or not)."""
        with self.db() as s:
            return finished_record(s, table_id)[0]

    @staticmethod
    def levels(game: Game, config: ServerConfig | None = None) -> list[str]:
        """The bot levels people may choose for ``game`` (with the host's own, if any)."""
        hosted = config.bots.levels.get(game.name, {}) if config is not None else {}
        return list(dict.fromkeys(["random", *LEVELS, *game.bot_levels, *hosted]))

    def spec_of(self, game: Game, bot: str) -> str:
        """The bot spec behind a seat's bot: a level the host publishes is its spec; any
        other level or spec is resolved by the bot factory itself."""
        return self.config.bots.levels.get(game.name, {}).get(bot, bot)


class Stale(Exception):
    """The database holds a newer revision of the table than the copy a change was made on."""


def _next_rev(s: Session, t: Table, **values: Any) -> None:
    """Bump the table's revision from the one this copy stands at, with ``values``; raise
    :class:`Stale` if the database is elsewhere. In PostgreSQL a second writer of the same row
    waits for the first to commit and then matches nothing, so exactly one change is made
    from any one revision, whatever process makes it."""
    done = s.execute(update(TableRow).where(TableRow.id == t.id, TableRow.rev == t.rev)
                     .values(rev=TableRow.rev + 1, **values))
    if done.rowcount != 1:
        raise Stale(t.id)


def _aware(t: datetime) -> datetime:
    """SQLite hands datetimes back without their zone (they are stored in UTC)."""
    from datetime import UTC

    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)
