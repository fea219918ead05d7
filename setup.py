"""Build step: compile the innermost modules of ULTIA, ULTRAMASSIVE, PARADOX and
Multiuniversum with mypyc where a C compiler is at hand.

Everything else lives in pyproject.toml. The compiled modules are an optional speed-up: the
``.py`` files stay the source of truth and the fallback. Without a compiler, or with
``LUDOVERSE_PURE_PYTHON=1`` set at install time, the package installs as plain Python.
At run time ``ludoverse.core.compiled.choose`` uses the compiled modules only while every
source still matches the hash recorded here (see docs/decisions/engine-speed.md).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
# package directory -> the modules compiled together (one mypyc group per package). The
# hot path of random play and search: the phases, the card and board tables, the knowledge
# that determinisation reads and the playout policy. Views, render and encoding stay Python.
# ULTIA: the engine-speed goals against a minimal loop and OpenSpiel; ULTRAMASSIVE, PARADOX
# and Multiuniversum: the `hard` bot's move time (docs/decisions/engine-speed.md).
COMPILED = {
    "ludoverse/games/ultia": ("actions", "bidding", "cards", "exploration", "heuristics",
                              "knowledge", "phases", "reporting", "rules"),
    "ludoverse/games/ultramassive": ("actions", "actions_phase", "board", "compiled",
                                     "discovery", "draft", "effects", "flow", "heuristics",
                                     "knowledge", "phases", "reporting", "rounds", "solo",
                                     "state"),
    "ludoverse/games/paradox": ("actions", "cards", "grid", "heuristics", "knowledge", "locked",
                                "matrix", "phases", "resources", "scenarios", "scoring",
                                "state", "turns", "wormhole"),
    "ludoverse/games/multiuniversum": ("abilities", "actions", "card_actions", "heuristics",
                                       "knowledge", "phases", "scoring", "state", "turn"),
}


def write_manifest(package: str, modules: tuple[str, ...]) -> None:
    hashes = {m: hashlib.sha256((ROOT / "src" / package / f"{m}.py").read_bytes()).hexdigest()
              for m in modules}
    (ROOT / "src" / package / "_compiled.json").write_text(
        json.dumps(hashes, indent=1, sort_keys=True) + "\n", encoding="utf-8")


# pip runs this file once per build step; only the steps that build need the compiler (mypyc
# type-checks and writes C each time it is asked, which takes a minute).
BUILDS = {"bdist_wheel", "editable_wheel", "build", "build_ext", "develop", "install"}


def extensions() -> list:
    if os.environ.get("LUDOVERSE_PURE_PYTHON", "") not in ("", "0"):
        return []
    if not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        print(f"ludoverse: not compiling ({exc}); plain Python", file=sys.stderr)
        return []
    exts = []
    for package, modules in COMPILED.items():  # one package refused leaves the others compiled
        # An earlier build's modules must not outlive a build that fails to replace them.
        (ROOT / "src" / package / "_compiled.json").unlink(missing_ok=True)
        for old in [*(ROOT / "src" / package).glob("*.so"),
                    *(ROOT / "src").glob(package.replace("/", "_") + "__mypyc*.so")]:
            old.unlink()
        try:
            exts += mypycify(
                ["--ignore-missing-imports", "--follow-imports=silent",
                 *(f"src/{package}/{m}.py" for m in modules)],
                opt_level="3", group_name=package.replace("/", "_"))
        except (Exception, SystemExit) as exc:  # mypyc refused the code: this one stays Python
            print(f"ludoverse: not compiling {package} ({type(exc).__name__}: {exc})",
                  file=sys.stderr)
            continue
        write_manifest(package, modules)
    for ext in exts:
        ext.optional = True  # no C compiler: a warning, and plain Python
    return exts


setup(ext_modules=extensions())
