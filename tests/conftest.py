"""Shared test setup: make ``tests/`` importable so tests can use ``toygames``."""

import sys
from pathlib import Path

_TESTS = str(Path(__file__).parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# Storage fixtures (``db``: SQLite and PostgreSQL), shared by the server and browser tests.
from tests.server.live import db_server  # noqa: E402, F401
from tests.server.pg import db, pg_cluster  # noqa: E402, F401

# The few long tests (whole games in a browser, the load test, a killed simulation) start
# first: under ``-n 2`` the many short ones then fill the gaps at the end, instead of one
# core idling while the other finishes a browser game.
_LONG_FIRST = ("tests/server/test_fuzz.py", "tests/web/", "tests/server/test_load.py",
               "tests/cli/test_simulate_kill.py")


def pytest_collection_modifyitems(items: list) -> None:
    items.sort(key=lambda item: not item.nodeid.startswith(_LONG_FIRST))
