"""A throwaway PostgreSQL server for the storage tests, started by the tests themselves on a
Unix socket in a temporary directory (no TCP port at all).

``LUDOVERSE_TEST_PG`` (a SQLAlchemy URL) uses a running server instead. Without PostgreSQL
installed the tests that need it are skipped, unless ``LUDOVERSE_REQUIRE_PG=1`` (set by
``.ci/run``), where a missing server is a failure.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_count = itertools.count()


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _missing(why: str) -> None:
    if os.environ.get("LUDOVERSE_REQUIRE_PG") == "1":
        pytest.fail(f"PostgreSQL is required here but {why}")
    pytest.skip(f"PostgreSQL tests skipped: {why}")


class Cluster:
    def __init__(self) -> None:
        initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
        if not initdb or not pg_ctl:
            _missing("initdb/pg_ctl not found (apt install postgresql)")
        assert initdb and pg_ctl
        self.pg_ctl = pg_ctl
        self.dir = Path(tempfile.mkdtemp(prefix="ludoverse-pg-"))
        self.data = self.dir / "data"
        self.user = "postgres" if os.geteuid() == 0 else None  # initdb refuses root
        if self.user:
            shutil.chown(self.dir, self.user)
        self._run(initdb, "-D", str(self.data), "-A", "trust", "-U", "ludoverse", "-E", "UTF8")
        self._run(pg_ctl, "-D", str(self.data), "-l", str(self.dir / "log"), "-w", "-o",
                  f"-k {self.dir} -c listen_addresses='' -c fsync=on", "start")
        self._run(_bin("createdb") or "createdb", "-h", str(self.dir), "-U", "ludoverse",
                  "ludoverse")

    def _run(self, *cmd: str) -> None:
        full = ["runuser", "-u", self.user, "--", *cmd] if self.user else list(cmd)
        subprocess.run(full, check=True, capture_output=True)

    def url(self, database: str = "ludoverse") -> str:
        return f"postgresql+psycopg://ludoverse@/{database}?host={self.dir}"

    def new_database(self) -> str:
        name = f"t{os.getpid()}_{next(_count)}"
        self._run(_bin("createdb") or "createdb", "-h", str(self.dir), "-U", "ludoverse", name)
        return self.url(name)

    def stop(self) -> None:
        subprocess.run((["runuser", "-u", self.user, "--"] if self.user else []) +
                       [self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster | str]:
    url = os.environ.get("LUDOVERSE_TEST_PG")
    if url:
        yield url
        return
    pytest.importorskip("psycopg")
    c = Cluster()
    yield c
    c.stop()


def fresh_pg_url(cluster: Cluster | str) -> str:
    """A URL of an empty database (with ``LUDOVERSE_TEST_PG``: that database, emptied)."""
    if isinstance(cluster, str):
        from sqlalchemy import create_engine, text

        eng = create_engine(cluster)
        with eng.begin() as conn:
            conn.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
        eng.dispose()
        return cluster
    return cluster.new_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: every storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ludoverse.db'}"
    return fresh_pg_url(request.getfixturevalue("pg_cluster"))
