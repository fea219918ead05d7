"""Card balance of ULTRAMASSIVE (run: ``ludoverse analyze ultramassive cards``).

Whole games between bots (greedy by default) on every core: how often each Anomaly is
discovered and how much owning it lifts its owner's win rate, and how often each Action
Card is played once held. The issue's bar: no card lifts its owner by more than 10 points.
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from ludoverse.games.ultramassive.game import GAME


def cards(n: int, seed: int = 0, options: dict | None = None, players: int = 2,
          bot: str = "greedy", workers: int = 0, results: str = "") -> list[dict[str, Any]]:
    """Each Anomaly's discovery rate and win-rate lift, each Action Card's play rate (N games,
    or the games of a results file from ``ludoverse simulate ultramassive``)."""
    games = _games(n, seed, options, players, bot, workers, results)
    return card_rows(games)


def _games(n: int, seed: int, options: dict | None, players: int, bot: str, workers: int,
           results: str) -> list[dict[str, Any]]:
    if results:
        from ludoverse.sim.results import read_results

        return read_results(Path(results))[1]
    from ludoverse.sim.simulate import simulate

    found: list[dict[str, Any]] = []
    simulate(GAME, n, seats=[bot] * players, seed=seed, options=options,
             workers=workers or (os.cpu_count() or 1),
             on_game=lambda r: found.append(r.to_json()))
    return found


def card_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lift = owners' win rate minus everyone else's. A Core Anomaly only comes with an
    expansion, so its owners are compared with the players who took as many Cores (the
    difference within each number of Cores, weighted by the owners in it)."""
    if not games:
        return []
    seats = len(games[0]["outcome"]["scores"])
    # (game, seat) -> its win share, the cards it owned, and how many Cores it took
    won: dict[tuple[int, int], float] = {}
    owned: dict[tuple[int, int], set[str]] = defaultdict(set)
    for k, g in enumerate(games):
        winners = g["outcome"]["winners"]
        for p in range(seats):
            won[k, p] = 1.0 / len(winners) if p in winners else 0.0
        for row in g["tables"].get("anomalies", []):
            owned[k, row["seat"]].add(row["anomaly"])
    cores = {name for names in owned.values() for name in names if name.endswith("(Core)")}
    counts: dict[str, int] = defaultdict(int)
    for names in owned.values():
        for name in names:
            counts[name] += 1
    def ncores(key: tuple[int, int]) -> int:
        return sum(1 for x in owned[key] if x in cores)

    rows = []
    for name in sorted(counts, key=lambda x: (x in cores, -counts[x])):
        # Anomalies: one stratum (everyone). Cores: compare within the same number of Cores.
        strata = sorted({ncores(k) for k in won}) if name in cores else [None]
        lift = var = 0.0
        owners = sum(1 for k in won if name in owned[k])
        ins_all: list[float] = []
        outs_all: list[float] = []
        for level in strata:
            keys = [k for k in won if level is None or ncores(k) == level]
            ins = [won[k] for k in keys if name in owned[k]]
            outs = [won[k] for k in keys if name not in owned[k]]
            if not ins or not outs:
                continue
            w = len(ins) / owners
            r_in, r_out = sum(ins) / len(ins), sum(outs) / len(outs)
            lift += w * (r_in - r_out)
            var += w * w * (r_in * (1 - r_in) / len(ins) + r_out * (1 - r_out) / len(outs))
            ins_all += ins
            outs_all += outs
        rows.append({"card": name, "kind": "Core Anomaly" if name in cores else "Anomaly",
                     "discovered %": round(100 * owners / len(won), 1),
                     "owners win %": round(100 * sum(ins_all) / max(1, len(ins_all)), 1),
                     "others win %": round(100 * sum(outs_all) / max(1, len(outs_all)), 1),
                     "lift (pts)": f"{100 * lift:+.1f} ± {100 * 1.96 * math.sqrt(var):.1f}"})
    held: dict[str, list[int]] = defaultdict(list)
    for g in games:
        for row in g["tables"].get("action cards", []):
            held[row["action card"]].append(int(row["played"]))
    for name, plays in sorted(held.items(), key=lambda kv: -sum(kv[1]) / len(kv[1])):
        rows.append({"card": name, "kind": "Action Card",
                     "discovered %": "", "owners win %": "", "others win %": "",
                     "lift (pts)": f"played {100 * sum(plays) / len(plays):.0f} % of "
                                   f"{len(plays)} held"})
    return rows
