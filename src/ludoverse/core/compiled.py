"""Compiled builds of a game's hot modules, with the plain Python as the source of truth.

``pip install`` may compile a game's innermost modules with mypyc (``setup.py`` lists them).
The build leaves the compiled modules beside their ``.py`` files and a manifest,
``_compiled.json``, holding a hash of each source it compiled. Python prefers a compiled
module to its source, so a source edited after the build would silently not run; hence a
game package calls :func:`choose` before importing those modules, and every module is then
loaded from its ``.py`` file when

* any listed source no longer matches the hash it was compiled from (rebuild with the
  README's install command to compile again), or
* the environment variable ``LUDOVERSE_PURE_PYTHON`` is set to anything but ``""`` or ``0``.

It is all or nothing: compiled modules call each other directly, so mixing a compiled module
with the source of another would run stale code.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ENV = "LUDOVERSE_PURE_PYTHON"
MANIFEST = "_compiled.json"

#: package name -> why its compiled modules are not used, or "" when they are.
_STATUS: dict[str, str] = {}


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _pure_requested() -> bool:
    return os.environ.get(ENV, "") not in ("", "0")


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds the listed modules' ``.py`` files ahead of any compiled module beside them."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def choose(package: str, directory: str | Path) -> bool:
    """Whether ``package`` runs its compiled modules; call it before importing any of them.

    Without a manifest (a plain-Python install) there is nothing to choose. Otherwise the
    compiled modules run only if every source still matches its hash and no one asked for
    plain Python; if not, a finder makes every listed module load from its source.
    """
    directory = Path(directory)
    manifest = directory / MANIFEST
    if not manifest.is_file():
        _STATUS[package] = "not compiled (plain-Python install)"
        return False
    hashes: dict[str, str] = json.loads(manifest.read_text(encoding="utf-8"))
    sources = {f"{package}.{m}": directory / f"{m}.py" for m in hashes}
    stale = sorted(m for m, h in hashes.items()
                   if not (directory / f"{m}.py").is_file()
                   or source_hash(directory / f"{m}.py") != h)
    if _pure_requested():
        why = f"plain Python ({ENV} is set)"
    elif stale:
        why = (f"plain Python: {', '.join(stale)} changed since the build "
               "(reinstall to compile again)")
    elif not all(_compiled_file(directory, m) for m in hashes):
        why = "plain Python (the build could not compile every module)"
    else:
        _STATUS[package] = ""
        return True
    _STATUS[package] = why
    if not any(isinstance(f, _SourceFinder) and f.sources == sources for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(sources))
    return False


def _compiled_file(directory: Path, module: str) -> bool:
    return any((directory / f"{module}{suffix}").is_file()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def status(package: str) -> str:
    """"compiled (mypyc)", or why the package runs as plain Python."""
    why = _STATUS.get(package)
    if why is None:  # the package never asked: setup.py does not compile it
        return "plain Python (not compiled)"
    return why or "compiled (mypyc)"
