"""Balance studies of Universal Rule (run: ``ludoverse analyze universal_rule planets`` or
``... sneak``).

``planets``: whole games between bots (greedy by default) on every core: how often each
planet is colonized (by a player, at least once in a game) and how much colonizing it lifts
that player's win rate; then the attack and victory figures of the same games.

``sneak``: how games are won and how Sneak Attack Victory attempts end, with the bots'
value of a fleet in hand set at will (``--fleet-weight``), to tell the rule's effect from
the bots' play.
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from ludoverse.games.universal_rule import heuristics
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


def sneak(n: int, seed: int = 0, options: dict | None = None, players: int = 3,
          bot: str = "greedy", fleet_weight: float = -1.0, workers: int = 0,
          results: str = "") -> list[dict[str, Any]]:
    """How games end and how Sneak Attack Victory attempts end (N games, or the games of a
    results file); ``fleet_weight`` >= 0 sets what the bots' evaluation gives for each VP a
    hand's fleet could bring (default 0.5): 0 ignores it, larger values hoard fleet."""
    if results:
        from ludoverse.sim.results import read_results

        games = read_results(Path(results))[1]
    else:
        from ludoverse.sim.simulate import simulate

        games = []
        kept = heuristics.SNEAK
        if fleet_weight >= 0:  # the worker processes fork from here and inherit it
            heuristics.SNEAK = fleet_weight
        try:
            simulate(GAME, n, seats=[bot] * players, seed=seed, options=options,
                     workers=workers or (os.cpu_count() or 1),
                     on_game=lambda r: games.append(r.to_json()))
        finally:
            heuristics.SNEAK = kept
    return sneak_rows(games)


def _share(k: float, n: int) -> str:
    """A percentage with its 95 % interval."""
    if not n:
        return "-"
    p = k / n
    return f"{100 * p:.1f} ± {100 * 1.96 * math.sqrt(p * (1 - p) / n):.1f}"


def _mean(values: list[float]) -> str:
    if not values:
        return "-"
    m = sum(values) / len(values)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / max(1, len(values) - 1))
    return f"{m:.2f} ± {1.96 * sd / math.sqrt(len(values)):.2f}"


def sneak_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The figures of :func:`sneak` from results-file lines."""
    n = len(games)
    reasons: dict[str, int] = defaultdict(int)
    for g in games:
        reasons[g["outcome"]["reason"]] += 1
    tries = [t for g in games for t in g["tables"].get("Sneak Attack attempts", [])]
    won = [t for t in tries if t["result"] == "won"]
    rows = [{"figure": "games", "value": str(n)}]
    rows += [{"figure": f"ended by: {r}", "value": _share(k, n)}
             for r, k in sorted(reasons.items())]
    rows += [
        {"figure": "rounds per game",
         "value": _mean([g["metrics"].get("rounds", 0.0) for g in games])},
        {"figure": "decisions per game", "value": _mean([float(g["decisions"]) for g in games])},
        {"figure": "longest game: rounds, decisions",
         "value": (f"{max(g['metrics'].get('rounds', 0.0) for g in games):.1f}, "
                   f"{max(g['decisions'] for g in games)}") if games else "-"},
        {"figure": "attempts per game", "value": _mean([float(len(g["tables"].get(
            "Sneak Attack attempts", []))) for g in games])},
    ]
    for result in ("won", "stopped", "short"):
        k = sum(t["result"] == result for t in tries)
        rows.append({"figure": f"attempts {result}", "value": _share(k, len(tries))})
    rows += [
        {"figure": "winning attempts: VP before the bonus",
         "value": _mean([float(t["VP before"]) for t in won])},
        {"figure": "winning attempts: bonus", "value": _mean([float(t["bonus"]) for t in won])},
        {"figure": "winning attempts: cards shown",
         "value": _mean([float(t["cards shown"]) for t in won])},
    ]
    return rows


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
