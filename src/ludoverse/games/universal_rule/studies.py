"""Planet balance of Universal Rule (run: ``ludoverse analyze universal_rule planets``).

Whole games between bots (greedy by default) on every core: how often each planet is
colonized (by a player, at least once in a game) and how much colonizing it lifts that
player's win rate; then the attack and victory figures of the same games.
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from ludoverse.games.universal_rule.game import GAME


def planets(n: int, seed: int = 0, options: dict | None = None, players: int = 4,
            bot: str = "greedy", workers: int = 0, results: str = "") -> list[dict[str, Any]]:
    """Each planet's colonize rate and win-rate lift, and the games' attack figures (N games,
    or the games of a results file from ``ludoverse simulate universal_rule``)."""
    if results:
        from ludoverse.sim.results import read_results

        games = read_results(Path(results))[1]
    else:
        from ludoverse.sim.simulate import simulate

        games = []
        simulate(GAME, n, seats=[bot] * players, seed=seed, options=options,
                 workers=workers or (os.cpu_count() or 1),
                 on_game=lambda r: games.append(r.to_json()))
    return planet_rows(games)


def planet_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lift = the win rate of the players who colonized the planet minus that of the players
    who colonized as many planets but not this one (the difference within each number of
    planets colonized, weighted by the colonizers in it), with a 95 % interval. A raw
    comparison would credit every planet with the edge of simply colonizing more."""
    if not games:
        return []
    seats = len(games[0]["outcome"]["scores"])
    won: dict[tuple[int, int], float] = {}
    owned: dict[tuple[int, int], set[str]] = defaultdict(set)
    for k, g in enumerate(games):
        winners = g["outcome"]["winners"]
        for p in range(seats):
            won[k, p] = 1.0 / len(winners) if p in winners else 0.0
        for row in g["tables"].get("planets", []):
            owned[k, row["seat"]].add(row["planet"])
    names = sorted({x for v in owned.values() for x in v})
    levels = sorted({len(owned[k]) for k in won})
    rows = []
    for name in names:
        ins_all = [won[k] for k in won if name in owned[k]]
        outs_all = [won[k] for k in won if name not in owned[k]]
        lift = var = 0.0
        for level in levels:
            ins = [won[k] for k in won if len(owned[k]) == level and name in owned[k]]
            outs = [won[k] for k in won if len(owned[k]) == level and name not in owned[k]]
            if not ins or not outs:
                continue
            w = len(ins) / len(ins_all)
            r_in, r_out = sum(ins) / len(ins), sum(outs) / len(outs)
            lift += w * (r_in - r_out)
            var += w * w * (r_in * (1 - r_in) / len(ins) + r_out * (1 - r_out) / len(outs))
        rows.append({"planet": name, "colonized %": round(100 * len(ins_all) / len(won), 1),
                     "colonizers win %": round(100 * sum(ins_all) / max(1, len(ins_all)), 1),
                     "others win %": round(100 * sum(outs_all) / max(1, len(outs_all)), 1),
                     "lift (pts)": f"{100 * lift:+.1f} ± {100 * 1.96 * math.sqrt(var):.1f}"})
    rows.sort(key=lambda r: -r["colonized %"])
    for metric in ("attacks per round", "attack success %", "won by Sneak Attack %",
                   "ended by the round limit %", "rounds"):
        values = [g["metrics"][metric] for g in games if metric in g.get("metrics", {})]
        if values:
            rows.append({"planet": f"({metric})", "colonized %": "",
                         "colonizers win %": round(sum(values) / len(values), 1),
                         "others win %": "", "lift (pts)": ""})
    return rows
