"""Every storage test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.pg import (
    fresh_pg_url,
    pg_cluster,  # noqa: F401  (a fixture)
)


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ludoverse.db'}"
    return fresh_pg_url(request.getfixturevalue("pg_cluster"))
