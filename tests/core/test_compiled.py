"""The compiled build is an optional speed-up of the same source: a compiled module runs only
while its source is the one it was built from, and plain Python can always be asked for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludoverse.core import compiled

ROOT = Path(__file__).resolve().parents[2]
COMPILED_GAMES = ("ultia", "ultramassive", "paradox", "multiuniversum")  # setup.py's COMPILED


def make_package(tmp_path: Path, name: str, hashes: dict[str, str] | None) -> Path:
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "hot.py").write_text("WHERE = 'source'\n")
    if hashes is not None:
        (pkg / compiled.MANIFEST).write_text(json.dumps(hashes))
    return pkg


@pytest.fixture
def clean_meta_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delenv(compiled.ENV, raising=False)
    yield
    for mod in [m for m in sys.modules if m.startswith("pkg_")]:
        del sys.modules[mod]


def test_a_plain_install_has_nothing_to_choose(tmp_path: Path, clean_meta_path) -> None:
    make_package(tmp_path, "pkg_plain", None)
    assert compiled.choose("pkg_plain", tmp_path / "pkg_plain") is False
    assert compiled.status("pkg_plain") == "not compiled (plain-Python install)"


def test_an_edited_source_is_run_from_source_not_from_its_stale_build(
        tmp_path: Path, clean_meta_path) -> None:
    pkg = make_package(tmp_path, "pkg_stale", {"hot": "0" * 64})  # built from other text
    assert compiled.choose("pkg_stale", pkg) is False
    assert "hot changed since the build" in compiled.status("pkg_stale")
    import pkg_stale.hot  # type: ignore[import-not-found]

    assert pkg_stale.hot.__file__ == str(pkg / "hot.py")
    assert pkg_stale.hot.WHERE == "source"


def test_plain_python_can_be_asked_for(tmp_path: Path, clean_meta_path,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = make_package(tmp_path, "pkg_asked", {})
    (pkg / compiled.MANIFEST).write_text(json.dumps({"hot": compiled.source_hash(pkg / "hot.py")}))
    monkeypatch.setenv(compiled.ENV, "1")
    assert compiled.choose("pkg_asked", pkg) is False
    assert compiled.status("pkg_asked") == f"plain Python ({compiled.ENV} is set)"


def test_a_build_that_compiled_nothing_runs_plain_python(tmp_path: Path, clean_meta_path) -> None:
    pkg = make_package(tmp_path, "pkg_failed", {})
    (pkg / compiled.MANIFEST).write_text(json.dumps({"hot": compiled.source_hash(pkg / "hot.py")}))
    assert compiled.choose("pkg_failed", pkg) is False  # the manifest, but no .so beside it
    assert "could not compile" in compiled.status("pkg_failed")


PLAIN_RANDOM_SEEDS = 3
"""Random golden games per setup re-played as plain Python (of the file's 12): with every bot
game, they cover each option set and player count and the bots' clone, determinize and
heuristics. ``tests/golden`` plays all of them with the build as installed."""


def golden_in_subprocess(game: str, pure: bool,
                         replay: bool = True) -> subprocess.CompletedProcess[str]:
    """The game's build in a fresh process, and (``replay``) a share of its golden games played
    there: every bot game and the first random seeds of every setup."""
    env = dict(os.environ)
    env.pop(compiled.ENV, None)
    if pure:
        env[compiled.ENV] = "1"
    code = (f"import ludoverse.games.{game}\n"
            "from ludoverse.core import compiled\n"
            "from tests.golden.games import load, play_case\n"
            "keys = ('game', 'version', 'players', 'options', 'seed', 'seats')\n"
            f"games = [g for g in load() if g['game'] == {game!r} and {replay}\n"
            f"         and (g['seats'][0] != 'random' or g['seed'] < {PLAIN_RANDOM_SEEDS})]\n"
            "bad = [g['seed'] for g in games if play_case({k: g[k] for k in keys}) != g]\n"
            f"print(compiled.status('ludoverse.games.{game}'), len(games), bad, sep='|')\n")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, text=True,
                          capture_output=True, timeout=600)


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_the_golden_games_play_the_same_as_plain_python(game: str) -> None:
    """The source is the truth and the fallback: it plays the golden games as recorded too
    (``tests/golden`` plays them all with the build as installed, compiled on CI)."""
    out = golden_in_subprocess(game, pure=True)
    assert out.returncode == 0, out.stderr[-2000:]
    status, count, bad = out.stdout.strip().splitlines()[-1].split("|")
    assert status.startswith(("plain Python", "not compiled")), status
    assert int(count) > 0 and bad == "[]", f"{status}: golden games differ at seeds {bad}"


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_a_compiled_build_is_in_use_when_the_install_compiled(game: str) -> None:
    """The README's install compiles these games where a C compiler is at hand (CI has one);
    then the compiled modules must really be the ones that run."""
    if not (ROOT / "src" / "ludoverse" / "games" / game / compiled.MANIFEST).is_file():
        if os.environ.get("LUDOVERSE_REQUIRE_COMPILED"):
            pytest.fail(f"LUDOVERSE_REQUIRE_COMPILED is set but {game} was installed uncompiled")
        pytest.skip("a plain-Python install (no compiler, or LUDOVERSE_PURE_PYTHON at install)")
    out = golden_in_subprocess(game, pure=False, replay=False)
    assert out.returncode == 0, out.stderr[-2000:]
    status = out.stdout.strip().splitlines()[-1].split("|")[0]
    assert status == "compiled (mypyc)", status
