"""Browser tests: the real server as a child process on 127.0.0.1, driven through Debian's
Chromium by Playwright. Screenshots go to ``$LUDOVERSE_ARTIFACTS`` (default
``test-artifacts/``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, sync_playwright
from tests.server.live import Server, unhurried
from tests.server.pg import fresh_pg_url

CHROMIUM = os.environ.get("LUDOVERSE_CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(os.environ.get("LUDOVERSE_ARTIFACTS", "test-artifacts"))
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    where = tmp_path_factory.mktemp("web")
    db = os.environ.get("LUDOVERSE_TEST_DB") or f"sqlite:///{where / 'web.db'}"
    s = Server(db, config=unhurried(where))
    s.start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def pg_server(pg_cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(fresh_pg_url(pg_cluster), config=unhurried(tmp_path_factory.mktemp("web")))
    s.start()
    yield s
    s.stop()


@pytest.fixture
def any_server(request: pytest.FixtureRequest) -> Server:
    """The server for a whole game by clicks, on the database the module names in
    ``DATABASE`` (default SQLite): between them the five games play both kinds in the
    browser. Every game also plays to the end on both through the API (``tests/server``)."""
    kind = getattr(request.module, "DATABASE", "sqlite")
    assert kind in ("sqlite", "postgresql"), kind
    return request.getfixturevalue("server" if kind == "sqlite" else "pg_server")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        if os.environ.get("LUDOVERSE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"no Chromium at {CHROMIUM}, and the browser tests are required here")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield b
        b.close()


def watch(pg: Page, errors: list[str]) -> Page:
    """Collect the page's JavaScript errors and anything its Content-Security-Policy
    refused (the pages must work under the server's policy, with no inline script or
    style)."""
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.on("console", lambda m: errors.append(m.text)
          if "Content Security Policy" in m.text else None)
    return pg


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    pg = watch(ctx.new_page(), errors)
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors or refusals on the page: {errors}"


def shot(page: Page, name: str, **kw: Any) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), **kw)
    return path
