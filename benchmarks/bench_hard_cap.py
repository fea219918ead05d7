"""Does the `hard` level's time cap keep its strength? Each move judged by a deeper search.

Every game's `hard` level stops its search at its iteration budget or after 800 ms, whichever
comes first (docs/decisions/bot-move-time.md). Where the cap does not bind, the capped search
is the uncapped one, move for move (same seed, same iterations). Where it binds, this
benchmark asks what the cap cost: at each position of greedy games (``ludoverse bench``'s
sample), the uncapped level and the capped level search with the same seed, and a search of
``--oracle`` iterations (a different seed, no cap) values every move they could choose. A
move's *regret* is the best value less the chosen move's value, in win share (0 to 1).

It prints, per game and player count: in how many positions the cap bound, the iterations the
capped search still ran there, the mean and slowest move of each, how often the two chose the
same move, and the mean extra regret of the capped level with a 95 % confidence interval
(paired over positions; positions where the cap did not bind count as zero).

Run from the repository root on a quiet machine (the cap is wall-clock time):

    python benchmarks/bench_hard_cap.py [--games ultramassive:2,paradox:4] [--positions 30]
        [--oracle 4000] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from typing import Any

import ludoverse
from ludoverse.bots.base import make, parse_spec
from ludoverse.sim.bench import sample_positions

DEFAULT = ("ultia:3,ultramassive:1,ultramassive:2,ultramassive:3,ultramassive:4,paradox:2,"
           "paradox:3,paradox:4,multiuniversum:1,multiuniversum:3,multiuniversum:5,"
           "universal_rule:3,universal_rule:5")


def spec_without(spec: str, drop: str, **extra: Any) -> str:
    name, params = parse_spec(spec)
    params.pop(drop, None)
    params.update({k: str(v) for k, v in extra.items()})
    return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())


def study(name: str, players: int, positions: int, oracle_iters: int,
          seed: int = 0) -> dict[str, Any]:
    game = ludoverse.load(name)
    capped_spec = game.bot_levels["hard"]
    full_spec = spec_without(capped_spec, "ms")
    capped, full = make(capped_spec, game), make(full_spec, game)
    oracle = make(spec_without(capped_spec, "ms", iters=oracle_iters), game)
    budget = int(parse_spec(full_spec)[1].get("iters", 1000))
    rows = []
    for i, state in enumerate(sample_positions(game, positions, seed, players=players)):
        seat = state.current_player
        # The capped level searches first: a game's caches (PARADOX keeps the Matrix distances
        # it measured) then favour the uncapped search, so the cap binds at least as often as
        # it would in play.
        rng = random.Random(seed * 100_003 + i)
        b = capped.search(state.determinize(seat, rng), seat, rng)  # type: ignore[attr-defined]
        rng = random.Random(seed * 100_003 + i)
        a = full.search(state.determinize(seat, rng), seat, rng)  # type: ignore[attr-defined]
        row = {"full_s": a.seconds, "capped_s": b.seconds, "iterations": b.iterations,
               "bound": b.iterations < budget, "same": a.action == b.action, "extra": 0.0}
        if row["bound"] and not row["same"]:
            rng = random.Random(7_919 + seed * 100_003 + i)
            o = oracle.search(state.determinize(seat, rng), seat, rng)  # type: ignore[attr-defined]
            worst = min(o.values.values())
            row["extra"] = o.values.get(a.action, worst) - o.values.get(b.action, worst)
        rows.append(row)
    n = len(rows)
    extra = [r["extra"] for r in rows]
    mean = sum(extra) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in extra) / (n - 1)) if n > 1 else 0.0
    bound = [r for r in rows if r["bound"]]
    return {
        "game": name, "players": players, "hard": capped_spec, "uncapped": full_spec,
        "positions": n, "bound": len(bound),
        "iterations_when_bound": sorted(r["iterations"] for r in bound),
        "same_move": sum(r["same"] for r in rows),
        "full_mean_ms": 1000 * sum(r["full_s"] for r in rows) / n,
        "full_slowest_ms": 1000 * max(r["full_s"] for r in rows),
        "capped_mean_ms": 1000 * sum(r["capped_s"] for r in rows) / n,
        "capped_slowest_ms": 1000 * max(r["capped_s"] for r in rows),
        "extra_regret": mean, "extra_regret_ci95": 1.96 * sd / math.sqrt(n) if n else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", default=DEFAULT, help="game:players,... (default: %(default)s)")
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--oracle", type=int, default=4000, help="iterations of the judging search")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    results = []
    for item in args.games.split(","):
        name, _, players = item.partition(":")
        game = ludoverse.load(name)
        n = game.check_players(int(players) if players else None)
        r = study(name, n, args.positions, args.oracle, args.seed)
        results.append(r)
        if not args.json:
            its = r["iterations_when_bound"]
            print(f"{name} ({n}): cap bound in {r['bound']}/{r['positions']}"
                  + (f" (iterations {its[0]}-{its[-1]}, median {its[len(its) // 2]})"
                     if its else "")
                  + f"; move {r['full_mean_ms']:.0f}/{r['full_slowest_ms']:.0f} ms uncapped,"
                  f" {r['capped_mean_ms']:.0f}/{r['capped_slowest_ms']:.0f} ms capped"
                  f" (mean/slowest); same move {r['same_move']}/{r['positions']};"
                  f" extra regret {r['extra_regret']:+.4f} ± {r['extra_regret_ci95']:.4f}",
                  flush=True)
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
