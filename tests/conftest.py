"""Shared test setup: make ``tests/`` importable so tests can use ``toygames``."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# Storage fixtures (``db``: SQLite and PostgreSQL), shared by the server and browser tests.
from tests.server.pg import db, pg_cluster  # noqa: E402, F401
