"""Engine speed of this checkout next to an older commit, measured side by side in one run.

A shared 2-core machine drifts by 10-50 % between runs, so a speed-up is only believable as a
ratio of two figures taken at the same time. Each side runs in its own long-lived Python
process (its own installed copy of Ludoverse); the rounds alternate between the two sides and
the games, and each side's figure is the median of its rounds.

The measurement is random play through the public API only (``new_game``,
``legal_actions``, ``apply``, game setup included), the loop of ``ludoverse bench``, so any
two versions of Ludoverse can be compared.

The older side is a virtual environment with that commit installed. ``--baseline-ref REF``
builds one in ``.bench/REF/`` the first time (``git archive`` + ``pip install``, about a
minute); ``--baseline-python PATH`` uses an interpreter you prepared yourself.

``--what search`` compares the ``hard`` level's ISMCTS instead (iterations/s over
``--positions`` positions of greedy games, one search each).

Run: python benchmarks/bench_engines.py --baseline-ref 625af79 [--rounds 5] [--seconds 1]
     [--games paradox,ultia] [--what random|search] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKER = r"""
import json, sys
from ludoverse import load
from ludoverse.sim.bench import random_play_rate, sample_positions, search_rate
positions = {}
for line in sys.stdin:
    job = json.loads(line)
    game = load(job["game"])
    n = game.check_players(job.get("players"))
    if job["what"] == "random":
        rate = random_play_rate(game, n, job["seconds"], job["seed"]).actions_per_second
    else:  # the hard level's search, iterations/s over positions of greedy games
        key = (job["game"], job["positions"])
        if key not in positions:
            positions[key] = sample_positions(game, job["positions"], 0, players=n)
        spec = game.bot_levels["hard"]
        rate = search_rate(game, spec, positions[key], job["seed"]).iterations_per_second
    print(json.dumps({"rate": rate, "players": n}), flush=True)
"""


class Side:
    """One Python process with one version of Ludoverse, answering measurement requests."""

    def __init__(self, name: str, python: str, src: Path | None) -> None:
        self.name = name
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if src is not None:  # this checkout's code, whatever is installed in the interpreter
            env["PYTHONPATH"] = str(src)
        self.proc = subprocess.Popen(
            [python, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, env=env, cwd=tempfile.gettempdir(),
        )

    def measure(self, job: dict) -> dict:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"the {self.name} process stopped (see its error above)")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def baseline_python(ref: str) -> str:
    """The interpreter of a virtual environment holding commit ``ref``; built if missing."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", ref],
                         check=True, capture_output=True, text=True).stdout.strip()
    venv = ROOT / ".bench" / sha
    python = venv / "bin" / "python"
    if python.exists():
        return str(python)
    print(f"Building the baseline environment for {sha} in {venv} ...", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", tmp], check=True)
    return str(python)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    base = ap.add_mutually_exclusive_group(required=True)
    base.add_argument("--baseline-ref", metavar="REF", help="git commit to compare against")
    base.add_argument("--baseline-python", metavar="PATH",
                      help="interpreter with the older Ludoverse installed")
    ap.add_argument("--games", default="", help="comma-separated (default: every game)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.0, help="per measurement")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--what", choices=("random", "search"), default="random",
                    help="random play (actions/s) or the hard level's search (iterations/s)")
    ap.add_argument("--positions", type=int, default=10,
                    help="positions searched per round with --what search")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()

    sys.path.insert(0, str(ROOT / "src"))
    from ludoverse.core.registry import games as registered_games

    games = [g for g in args.games.split(",") if g] or registered_games()
    old_python = args.baseline_python or baseline_python(args.baseline_ref)
    sides = [Side("baseline", old_python, None),
             Side("this checkout", sys.executable, ROOT / "src")]
    rates: dict[str, list[list[float]]] = {g: [[], []] for g in games}
    players: dict[str, int] = {}
    try:
        for r in range(args.rounds):
            for game in games:
                order = (0, 1) if (r + len(players)) % 2 == 0 else (1, 0)
                for i in order:
                    job = {"what": args.what, "game": game, "seconds": args.seconds,
                           "seed": args.seed + r, "positions": args.positions}
                    got = sides[i].measure(job)
                    rates[game][i].append(got["rate"])
                    players[game] = got["players"]
            print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        for side in sides:
            side.close()

    rows = []
    for game in games:
        old, new = (statistics.median(x) for x in rates[game])
        rows.append({"game": game, "players": players[game], "baseline_per_second": old,
                     "per_second": new, "speedup": new / old})
    geo = math.exp(statistics.fmean(math.log(r["speedup"]) for r in rows))
    if args.json:
        print(json.dumps({"what": args.what, "rounds": args.rounds, "games": rows,
                          "geometric_mean_speedup": geo}, indent=2))
        return 0
    what = ("Random play through the public API, actions/s" if args.what == "random"
            else f"The hard level's ISMCTS over {args.positions} positions, iterations/s")
    print(f"{what}: median of {args.rounds} alternating rounds per side")
    print(f"{'game':<16}{'players':>8}{'baseline/s':>13}{'now/s':>13}{'speed-up':>10}")
    for r in rows:
        print(f"{r['game']:<16}{r['players']:>8}{r['baseline_per_second']:>13,.0f}"
              f"{r['per_second']:>13,.0f}{r['speedup']:>9.2f}x")
    print(f"{'geometric mean':<50}{geo:>9.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
