"""Storage: tables, seats and the accepted actions of every game, through SQLAlchemy.

A table's game is stored as its record tuple ``(game, version, players, seed, options,
content)`` plus one row per accepted action, keyed by ``(table, index)``. Every change to a
table also bumps its revision (``rev``) with a version check: the write names the revision it
was decided on, so of two processes that accept a change from the same position only the
first commits, and the other finds itself stale, reloads the table and refuses the change
(``Hub._commit``). The schema is created and upgraded by Alembic (``server/migrations``),
never by ``create_all``.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ludoverse.core.records import GameRecord
from ludoverse.server.errors import conflict, not_found

if TYPE_CHECKING:
    from ludoverse.core.api import Game, State

MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> datetime:
    return datetime.now(UTC)


def aware(t: datetime) -> datetime:
    """SQLite hands datetimes back without their zone (they are stored in UTC)."""
    return t if t.tzinfo is not None else t.replace(tzinfo=UTC)


def token_hash(token: str) -> str:
    """Seat tokens are stored hashed: a copy of the database lets nobody take a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    version: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    content: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    chosen_seed: Mapped[bool] = mapped_column(default=False)
    hints_allowed: Mapped[bool] = mapped_column(default=False)
    """Everyone agreed to hints when the table was made (a seat alone with bots may always)."""
    hints: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    """The creator chose the deal: they could know every hidden card, so it is shown."""
    status: Mapped[str] = mapped_column(String(12), index=True)
    """``open`` (waiting for people), ``playing``, ``finished`` or ``abandoned``."""
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rev: Mapped[int] = mapped_column(BigInteger, default=0, server_default="0")
    """Bumped by every change, with a version check (several processes, one database)."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``."""
    bot: Mapped[str | None] = mapped_column(String(120), nullable=True)
    """The bot spec (or level) while a bot plays the seat."""
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64))
    joined: Mapped[bool] = mapped_column(default=False)
    """A person has claimed the seat with its token (bots: always)."""


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String(200))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class BotJobRow(Base):
    """A bot to move at a table, queued in the transaction that made it the bot's turn.

    A worker takes a job with ``FOR UPDATE SKIP LOCKED`` and holds that lock while its bot
    thinks, so no other worker takes the same job; if the worker dies its connection goes,
    the lock with it, and the next worker takes the job at once. A job names the revision it
    was queued at: once the table has moved on (an undo, a closed table) it is dropped.
    """

    __tablename__ = "bot_jobs"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    rev: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int] = mapped_column(Integer)
    bot: Mapped[str] = mapped_column(String(1000))
    """The bot spec the worker makes (a host's level already resolved)."""
    index: Mapped[int] = mapped_column(Integer)
    """The move the bot is to make (the number of moves before it)."""
    paced: Mapped[bool] = mapped_column(default=True)
    """People sit at the table: the move takes at least the configured pace."""
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now,
                                              index=True)


class Stale(Exception):
    """The database holds a newer revision of the table than the copy a change was made on."""


CHANNEL = "ludoverse_tables"
"""PostgreSQL's ``LISTEN/NOTIFY`` channel: every committed change of a table is announced on
it, so every process can bring its copy up to date and every worker can wake (``sync.py``)."""


def bump(s: Session, table_id: str, rev: int, notice: str | None = None,
         **values: Any) -> None:
    """Move the table from revision ``rev`` to the next one, with ``values``, and announce it;
    raise :class:`Stale` if the database is elsewhere.

    In PostgreSQL a second writer of the same row waits for the first to commit and then
    matches nothing, so exactly one change is made from any one revision, whatever process
    makes it. The announcement goes out when (and only if) the transaction commits.
    """
    done = s.execute(update(TableRow).where(TableRow.id == table_id, TableRow.rev == rev)
                     .values(rev=TableRow.rev + 1, **values))
    if done.rowcount != 1:
        raise Stale(table_id)
    announce(s, table_id, rev + 1, notice)


def announce(s: Session, table_id: str, rev: int, notice: str | None = None,
             bot: bool = False) -> None:
    """``pg_notify`` the change (PostgreSQL only: SQLite serves one process, which knows)."""
    if s.get_bind().dialect.name != "postgresql":
        return
    payload: dict[str, Any] = {"t": table_id, "rev": rev}
    if notice:
        payload["notice"] = notice[:500]
    if bot:
        payload["bot"] = True
    s.execute(text("SELECT pg_notify(:channel, :payload)"),
              {"channel": CHANNEL, "payload": json.dumps(payload)})


def queue_bot(s: Session, table_id: str, rev: int, game: str, seat: int, bot: str,
              index: int, paced: bool) -> None:
    """Queue the bot's move at revision ``rev`` (in the transaction that makes that revision)
    and wake the workers."""
    s.add(BotJobRow(table_id=table_id, rev=rev, game=game, seat=seat, bot=bot, index=index,
                    paced=paced))
    announce(s, table_id, rev, bot=True)


def record_move(s: Session, table_id: str, rev: int, index: int, action: int, seat: int,
                label: str, after: State, notice: str | None = None) -> None:
    """Store a move made at revision ``rev`` (by a person here, or by a bot worker anywhere),
    and in the same transaction the result if it ended the game."""
    values: dict[str, Any] = {"updated": now()}
    if after.is_terminal():
        out = after.outcome()
        values.update(status="finished", outcome=None if out is None else out.to_json())
    bump(s, table_id, rev, notice, **values)  # first: a concurrent writer waits, then is stale
    s.add(ActionRow(table_id=table_id, index=index, action=action, seat=seat, label=label))


class _SeatKind(Protocol):
    kind: str
    bot: str | None


def queue_next_bot(s: Session, table_id: str, game: Game, seats: Sequence[_SeatKind],
                   state: State, rev: int, status: str, index: int,
                   spec_of: Callable[[Game, str], str]) -> None:
    """If ``state`` (the table's at revision ``rev``) waits on a bot, queue its move."""
    if status != "playing" or state.is_terminal():
        return
    seat = state.current_player
    x = seats[seat]
    if x.kind == "bot" and x.bot is not None:
        queue_bot(s, table_id, rev, game.name, seat, spec_of(game, x.bot), index,
                  paced=not all(y.kind == "bot" for y in seats))


def default_url() -> str:
    """An SQLite file in the user's data directory: nothing to set up."""
    import platformdirs

    path = Path(platformdirs.user_data_dir("ludoverse")) / "ludoverse.db"
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


class SingleProcess:
    """Holds an SQLite database for this process alone.

    SQLite has no way to tell other processes about a change, so a second server on the same
    file would serve stale copies of its tables; it is refused at start-up instead (run several
    processes on PostgreSQL). The kernel drops the lock when the process ends, even by SIGKILL.
    """

    def __init__(self, engine: Engine) -> None:
        self.file = None
        path = engine.url.database if engine.url.get_backend_name() == "sqlite" else None
        if not path or path == ":memory:" or path.startswith("file:"):
            return  # PostgreSQL (any number of processes) or a private in-memory database
        import fcntl

        lock = Path(path).with_name(Path(path).name + ".lock")
        self.file = open(lock, "a+")  # noqa: SIM115 (held until close)
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.file.seek(0)
            pid = self.file.read().strip() or "?"
            self.file.close()
            self.file = None
            raise RuntimeError(
                f"another Ludoverse process (pid {pid}) is using the SQLite database {path}: "
                "one process per SQLite file; run several processes on PostgreSQL "
                "(docs/hosting.md)") from None
        self.file.seek(0)
        self.file.truncate()
        self.file.write(str(os.getpid()))
        self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()  # closing the file releases the lock
            self.file = None


def connect(url: str) -> Engine:
    """An engine for ``url``, with SQLite made safe for a server (WAL, foreign keys, full
    sync so that an acknowledged action survives a crash of the machine, not just of us)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=10000")
            cur.close()

        return engine
    # Connections: the writer, reads, the listener, and each bot job held while its bot thinks.
    return create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=30)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def sessions(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def unfinished(db: Session) -> list[TableRow]:
    return list(db.scalars(select(TableRow).where(TableRow.status.in_(("open", "playing")))))


def seats_of(db: Session, table_id: str) -> list[SeatRow]:
    return list(db.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                           .order_by(SeatRow.seat)))


def actions_of(db: Session, table_id: str) -> list[ActionRow]:
    return list(db.scalars(select(ActionRow).where(ActionRow.table_id == table_id)
                           .order_by(ActionRow.index)))


def finished_record(db: Session, table_id: str) -> tuple[GameRecord, list[SeatRow]]:
    """A finished game's record and its seats (for downloads and the replay viewer); a game
    still on is refused, since its record would show every hidden card to come."""
    row = db.get(TableRow, table_id)
    if row is None:
        raise not_found("game")
    if row.status not in ("finished", "abandoned"):
        raise conflict("not_finished", "the game is not over yet: records and replays open "
                                       "when it is (or when the table is closed)")
    seats, acts = seats_of(db, table_id), actions_of(db, table_id)
    rec = GameRecord(game=row.game, version=row.version, players=row.players, seed=row.seed,
                     options=row.options, content=row.content,
                     actions=[a.action for a in acts], labels=[a.label for a in acts],
                     seats=[x.bot or "human" for x in seats], outcome=row.outcome,
                     hints=row.hints or [])
    return rec, seats
