"""Schemathesis, the standard OpenAPI fuzzer, against a live server with all of its checks
and all of its phases (examples, coverage, fuzzing, and the stateful phase that follows the
API's links from a new table to its moves, seats and replays): it must report nothing.

The server's rates are raised for the run (a fuzzer is one address sending thousands of
requests); every other limit is the default. Schemathesis's own configuration is
``tests/server/schemathesis.toml``; the run is bounded in time (``FUZZ_SECONDS``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tests.server.live import Server

FUZZ_SECONDS = int(os.environ.get("LUDOVERSE_FUZZ_SECONDS", "40"))
HERE = Path(__file__).parent

FUZZ_CONFIG = """
[rates]
create = "100000/minute"
join = "100000/minute"
action = "100000/minute"
upload = "100000/minute"
read = "100000/minute"
[limits]
open_tables_per_address = 100000
[bots]
pace_seconds = 0
"""


@pytest.mark.slow
def test_schemathesis_finds_nothing_to_report(tmp_path: Path) -> None:
    cfg = tmp_path / "server.toml"
    cfg.write_text(FUZZ_CONFIG)
    server = Server(f"sqlite:///{tmp_path / 'fuzz.db'}", config=str(cfg),
                    log=str(tmp_path / "server.log"))
    server.start()
    try:
        run = subprocess.run(
            [sys.executable, "-m", "schemathesis.cli", "--config-file",
             str(HERE / "schemathesis.toml"), "run", f"{server.url}/openapi.json",
             "--checks", "all", "--phases", "examples,coverage,fuzzing,stateful",
             "--max-time", str(FUZZ_SECONDS), "--workers", "1", "--seed", "1",
             "--wait-for-schema", "30", "--report", "junit",
             "--report-dir", str(tmp_path / "report")],
            capture_output=True, text=True, timeout=FUZZ_SECONDS * 3 + 120, cwd=tmp_path)
    finally:
        server.stop()
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-6000:]
    assert "Stateful" in out and "failures" not in out.splitlines()[-1], out[-3000:]
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log[-4000:]
