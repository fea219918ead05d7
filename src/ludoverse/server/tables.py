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
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
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
    BotJobRow,
    SeatRow,
    Stale,
    TableRow,
    actions_of,
    announce,
    aware,
    bump,
    finished_record,
    now,
    queue_next_bot,
    record_move,
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
    revision in the database was decided on a stale copy and is refused (``Hub._commit``), and
    an announced revision past it is fetched (``Hub.refresh``)."""
    behind: int = 0
    """The newest revision announced by another process: a copy nobody here watches is only
    caught up when it is next asked for (``Hub.fetch``), so a process does no work for the
    moves of tables whose players are all on other processes."""
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


KEEP_ENDED = timedelta(minutes=10)
"""How long a finished or closed table nobody watches stays in memory."""


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
        self._loading: dict[str, asyncio.Future[Table]] = {}
        self.queued: Callable[[], None] = lambda: None
        """Called after a change that may have queued a bot's move (wakes this process's
        bot worker; other processes' workers hear of it from the database)."""

    # Start-up -----------------------------------------------------------------------------------

    def restore(self) -> int:
        """Rebuild every unfinished table by replaying its stored actions (every process holds
        every live table: any of them may be asked for any table, and the lobby lists them)."""
        with self.db() as s:
            rows = unfinished(s)
            for row in rows:  # the row first: actions read after it are never older than it
                seats, acts = seats_of(s, row.id), actions_of(s, row.id)
                try:
                    self.tables[row.id] = self._rebuild(row, seats, acts)
                except Exception as exc:  # a table whose rules changed is kept, not played
                    log.error("table %s cannot be restored: %s", row.id, exc)
        for t in list(self.tables.values()):
            self._requeue(t)
        return len(self.tables)

    def _requeue(self, t: Table) -> None:
        """Queue the bot's move of a table whose job is missing (a database from before bot
        jobs); another process doing the same at once is no harm."""
        with self.db.begin() as s:
            if s.get(BotJobRow, (t.id, t.rev)) is None:
                try:
                    with s.begin_nested():
                        queue_next_bot(s, t.id, t.game, t.seats, t.state, t.rev, t.status,
                                       len(t.actions), self.spec_of)
                except IntegrityError:
                    pass

    def _rebuild(self, row: TableRow, seats: list[SeatRow], acts: Sequence[Any]) -> Table:
        """The table from its stored rows (``acts``: its moves in order, each with ``action``
        and ``label``)."""
        game = load(row.game)
        if row.version != game.version:
            raise ValueError(f"stored with rules version {row.version}, now {game.version}")
        content = None if row.content is None else game.load_content(row.content)
        state = game.new_game(row.players, row.seed, row.options, content)
        t = Table(row.id, game, row.players, row.seed, row.options, row.content,
                  [Seat(x.seat, x.kind, x.bot, x.name, x.token_hash, x.joined) for x in seats],
                  state, row.status, chosen_seed=row.chosen_seed,
                  hints_allowed=row.hints_allowed, hints=list(row.hints or []),
                  touched=aware(row.updated), started=aware(row.created), rev=row.rev)
        for a in acts:
            after, decision = self._next(t, a.action, a.label)
            self._advance(t, a.action, after, decision)
        return t

    # Tables -------------------------------------------------------------------------------------

    def get(self, table_id: str) -> Table:
        """A table this process holds (every live one; see :meth:`fetch` for any other)."""
        t = self.tables.get(table_id)
        if t is None:
            raise not_found("table")
        return t

    async def fetch(self, table_id: str) -> Table:
        """The table, loaded from the database if this process does not hold it yet (made by
        another process a moment ago, or finished before this process started)."""
        t = self.tables.get(table_id)
        if t is not None:
            await self.catch_up(t)
            return t
        loading = self._loading.get(table_id)
        if loading is None:
            loading = asyncio.ensure_future(asyncio.to_thread(self._load, table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda _: self._loading.pop(table_id, None))
        t = await asyncio.shield(loading)
        return self.tables.setdefault(table_id, t)

    async def catch_up(self, t: Table) -> None:
        """Bring ``t`` up to the newest revision announced for it, if it is behind."""
        if t.behind > t.rev:
            async with t.lock:
                if t.behind > t.rev:
                    await self._refresh_locked(t)

    def _load(self, table_id: str) -> Table:
        with self.db() as s:
            row = s.get(TableRow, table_id)
            if row is None:
                raise not_found("table")
            try:
                return self._rebuild(row, seats_of(s, table_id), actions_of(s, table_id))
            except Exception as exc:
                log.error("table %s cannot be loaded: %s", table_id, exc)
                raise conflict("unplayable", "this table was stored by another version of "
                                             "the rules") from None

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
        self.queued()
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
        s.flush()
        announce(s, t.id, 0)
        queue_next_bot(s, t.id, t.game, t.seats, t.state, 0, t.status, 0, self.spec_of)

    def _store_seats(self, s: Session, t: Table) -> None:
        bump(s, t.id, t.rev, status=t.status, updated=now())
        queue_next_bot(s, t.id, t.game, t.seats, t.state, t.rev + 1, t.status,
                       len(t.actions), self.spec_of)
        for x in t.seats:
            seat = s.get(SeatRow, (t.id, x.seat))
            assert seat is not None
            seat.kind, seat.bot, seat.name = x.kind, x.bot, x.name
            seat.token_hash, seat.joined = x.token_hash, x.joined

    async def join(self, table_id: str, seat: int, name: str = "",
                   token: str | None = None) -> str:
        """Take a seat: with its invite token, or any free human seat of an open table (a new
        token is issued). Returns the token to keep."""
        t = await self.fetch(table_id)
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
        return new

    async def leave(self, table_id: str, token: str) -> None:
        """Give a seat up; the others may then hand it to a bot."""
        t = await self.fetch(table_id)
        async with t.lock:
            seat = self.seat_of(t, token)
            s = t.seats[seat]
            s.joined = False
            s.token_hash = token_hash(secrets.token_urlsafe(18))  # the old token is void
            await self._commit(t, lambda s: self._store_seats(s, t))
            await t.broadcast()

    async def replace_with_bot(self, table_id: str, seat: int, bot: str, token: str) -> None:
        """A seated player hands a seat nobody holds (left or not connected) to a bot."""
        t = await self.fetch(table_id)
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
        record_move(s, t.id, t.rev, index, action, seat, label, after)
        queue_next_bot(s, t.id, t.game, t.seats, after, t.rev + 1, t.status, index + 1,
                       self.spec_of)

    async def act(self, table_id: str, seat: int, action: int, expect: int | None = None) -> None:
        """``seat`` plays ``action``; ``expect`` is the number of moves the client had seen
        (a request made on an older position is refused as stale)."""
        t = await self.fetch(table_id)
        async with t.lock:
            if t.seats[seat].kind != "human":
                raise conflict("bot_seat", "a bot plays this seat now")
            await self._act_locked(t, seat, action, expect)

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
        t = await self.fetch(table_id)
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
            await self._refresh_locked(t)
            raise conflict("stale", "the game has moved on since this page was drawn; "
                                    "it now shows the current position") from None
        t.rev += 1
        self.queued()

    def _drop_actions(self, s: Session, t: Table, keep: int) -> None:
        bump(s, t.id, t.rev, updated=now())
        s.execute(delete(ActionRow).where(ActionRow.table_id == t.id,
                                          ActionRow.index >= keep))

    # Changes made by other processes ------------------------------------------------------------

    async def state_at(self, table_id: str, rev: int) -> State | None:
        """This process's position of the table at revision ``rev`` for a bot job here, caught
        up first if behind (its move before may still be on its way: ``played``)."""
        t = self.tables.get(table_id)
        if t is None:
            return None
        if t.rev < rev:
            async with t.lock:
                if t.rev < rev:
                    with contextlib.suppress(TableError):  # gone: the worker replays
                        await self._refresh_locked(t)
        return t.state if t.rev == rev else None

    async def played(self, table_id: str, rev: int, action: int, label: str,
                     notice: str | None) -> None:
        """A move this process's bot worker stored (the table is now at ``rev``): played on a
        copy just before it with no read-back; any other copy catches up from the database."""
        t = self.tables.get(table_id)
        if t is None:
            await self.refresh(table_id, rev, notice)
            return
        async with t.lock:
            if t.rev == rev - 1:
                after, decision = self._next(t, action, label)
                self._advance(t, action, after, decision)
                t.rev = rev
                await t.broadcast()
            elif t.rev < rev:
                await self._refresh_locked(t)
        if notice:
            await t.notice(notice)

    async def refresh(self, table_id: str, rev: int | None = None,
                      notice: str | None = None) -> None:
        """Bring this process's copy of the table to the stored revision ``rev`` (announced by
        whichever process or bot worker made it), and show its clients the change."""
        t = self.tables.get(table_id)
        if t is None:  # made by another process: hold it too (the lobby lists it)
            with contextlib.suppress(TableError):
                await self.fetch(table_id)
            return
        if rev is not None and not t.clients:  # nobody here to tell: catch up when asked
            t.behind = max(t.behind, rev)
            return
        async with t.lock:
            if rev is None or t.rev < rev:
                await self._refresh_locked(t)
        if notice:
            await t.notice(notice)

    async def _refresh_locked(self, t: Table) -> None:
        """Catch ``t`` (locked) up with the database: the new moves are played on, so its
        clients get only what is new; anything else (an undo) rebuilds it."""
        def read() -> tuple[TableRow, list[SeatRow], Sequence[Any]]:
            with self.db() as s:  # the row first: what is read after it is never older
                row = s.get(TableRow, t.id)
                if row is None:
                    raise not_found("table")
                moves = s.execute(select(ActionRow.action, ActionRow.label)
                                  .where(ActionRow.table_id == t.id)
                                  .order_by(ActionRow.index)).all()
                return row, seats_of(s, t.id), moves

        row, seats, acts = await asyncio.to_thread(read)
        if row.rev == t.rev:
            return
        n = len(t.actions)
        reset = [a.action for a in acts[:n]] != t.actions
        if reset:
            fresh = self._rebuild(row, seats, acts)
            t.state, t.actions, t.decisions = fresh.state, fresh.actions, fresh.decisions
        else:
            for a in acts[n:]:
                after, decision = self._next(t, a.action, a.label)
                self._advance(t, a.action, after, decision)
        connected = {x.seat: x.connected for x in t.seats}
        t.seats = [Seat(x.seat, x.kind, x.bot, x.name, x.token_hash, x.joined,
                        connected.get(x.seat, 0)) for x in seats]
        t.status, t.hints, t.rev = row.status, list(row.hints or []), row.rev
        t.touched = aware(row.updated)
        await t.broadcast(reset=reset)

    async def resync(self) -> None:
        """After a gap in the announcements (the listening connection was lost): catch up
        every table whose stored revision moved, and hold every live table."""
        def read() -> dict[str, int]:
            with self.db() as s:
                held = list(self.tables)
                revs = dict(s.execute(select(TableRow.id, TableRow.rev)
                                      .where(TableRow.id.in_(held))).all()) if held else {}
                live = s.scalars(select(TableRow.id)
                                 .where(TableRow.status.in_(("open", "playing"))))
                return {**{i: -1 for i in live if i not in self.tables}, **revs}

        for table_id, rev in (await asyncio.to_thread(read)).items():
            t = self.tables.get(table_id)
            if t is None or t.rev != rev:
                with contextlib.suppress(Exception):
                    await self.refresh(table_id, None)

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
                if not t.clients and at - t.touched >= KEEP_ENDED:  # loaded again if asked for
                    self.tables.pop(t.id, None)
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
            self.tables.pop(t.id, None)
            closed.append(t.id)
            log.info("table %s closed: %s", t.id, why)
        return closed

    def _store_status(self, s: Session, t: Table) -> None:
        bump(s, t.id, t.rev, status=t.status, updated=now())

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
        return self.config.bots.spec_of(game.name, bot)

