"""The Ray backend gives the same games as local processes, on a Ray bound to 127.0.0.1.

Ray's servers listen on every interface of the machine; to keep the test's Ray private it
runs in a new network namespace whose only interface is the loopback (``unshare -n``, as
root), and the test checks that every listening socket there is on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray")

HERE = Path(__file__).parent
can_isolate = os.geteuid() == 0 and shutil.which("unshare") and shutil.which("ip") \
    and shutil.which("ss")


@pytest.mark.skipif(not can_isolate, reason="needs root, unshare, ip and ss (iproute2)")
def test_ray_backend_matches_local_processes() -> None:
    script = f"ip link set lo up && exec {sys.executable} {HERE / 'ray_run.py'}"
    env = {**os.environ, "RAY_DISABLE_USAGE_STATS": "1", "PYTHONPATH": str(HERE.parent)}
    res = subprocess.run(["unshare", "-n", "sh", "-c", script], capture_output=True,
                         text=True, timeout=240, env=env, check=False)
    assert res.returncode == 0, res.stderr[-3000:]
    data = json.loads(res.stdout.strip().splitlines()[-1])
    assert data["listen"], "Ray should be listening"
    for address in data["listen"]:
        host = address.rsplit(":", 1)[0].strip("[]").removeprefix("::ffff:")
        assert host == "127.0.0.1", f"Ray listens on {address}"
    assert len(data["ray"]) == 12
    assert data["ray"] == data["local"]  # same seeds, same games, same outcomes


def test_unknown_backend_is_a_one_line_error() -> None:
    from typer.testing import CliRunner

    from ludoverse.cli import app

    res = CliRunner().invoke(app, ["simulate", "ultia", "-n", "1", "--backend", "spark"])
    assert res.exit_code == 2 and "unknown backend 'spark'" in res.output
