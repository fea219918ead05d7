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
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

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
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from ludoverse.core.records import GameRecord
from ludoverse.server.errors import conflict, not_found

MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> datetime:
    return datetime.now(UTC)


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
    return create_engine(url, pool_pre_ping=True)


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
