"""The schema is Alembic's: a database made by an older server is upgraded in place and keeps
its games."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text

from ludoverse.server import db as store


def test_an_old_database_is_upgraded_and_keeps_its_tables(db: str) -> None:
    engine = store.connect(db)
    cfg = Config()
    cfg.set_main_option("script_location", str(store.MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO tables (id, game, version, players, seed, options, status, created, "
            "updated) VALUES ('old', 'ultia', '1', 3, 7, '{}', 'playing', CURRENT_TIMESTAMP, "
            "CURRENT_TIMESTAMP)"))
    assert "chosen_seed" not in {c["name"] for c in inspect(engine).get_columns("tables")}
    store.migrate(engine)
    assert "chosen_seed" in {c["name"] for c in inspect(engine).get_columns("tables")}
    with store.sessions(engine)() as s:
        row = s.get(store.TableRow, "old")
        assert row is not None and row.seed == 7 and row.chosen_seed is False
    engine.dispose()
