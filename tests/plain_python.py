"""Tests that patch a game's compiled module re-run themselves on the plain-Python source.

A compiled module calls its neighbours directly, so ``monkeypatch`` on one of its functions or
methods changes nothing the compiled code does (see ``ludoverse.core.compiled``). Such a test
calls :func:`rerun_as_plain_python` first: where the package runs compiled, the same test runs
in a subprocess with ``LUDOVERSE_PURE_PYTHON=1`` and must pass there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludoverse.core import compiled

ROOT = Path(__file__).resolve().parents[1]


def rerun_as_plain_python(request: pytest.FixtureRequest, package: str) -> bool:
    """True if the test ran (and passed) in a plain-Python subprocess; False: go on here."""
    __import__(package)
    if compiled.status(package) != "compiled (mypyc)":
        return False
    env = dict(os.environ, **{compiled.ENV: "1"})
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         request.node.nodeid], cwd=ROOT, env=env, text=True, capture_output=True, timeout=600)
    assert out.returncode == 0, f"as plain Python:\n{out.stdout[-4000:]}{out.stderr[-2000:]}"
    return True
