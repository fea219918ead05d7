"""Balance studies of Multiuniversum (``ludoverse analyze multiuniversum portals|abilities``).

``portals``: how often each portal is sealed, and how much sealing it lifts a player's win
rate against players who sealed as many portals but not this one. ``abilities``: what each
transformer ability is worth, measured by taking it away: one seat plays greedy but never
uses that ability, against greedy opponents, seats rotated; the drop of its win rate below
the fair share is the ability's value to a player.
"""

from __future__ import annotations

import math
import os
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ludoverse.games.multiuniversum import actions as A
from ludoverse.games.multiuniversum import phases as P
from ludoverse.games.multiuniversum.content import ABILITIES
from ludoverse.games.multiuniversum.game import GAME


def portals(n: int, seed: int = 0, options: dict | None = None, players: int = 3,
            bot: str = "greedy", workers: int = 0, results: str = "") -> list[dict[str, Any]]:
    """Each portal's seal rate and win-rate lift (N games, or the games of a results file
    from ``ludoverse simulate multiuniversum``)."""
    if results:
        from ludoverse.sim.results import read_results

        games = read_results(Path(results))[1]
    else:
        from ludoverse.sim.simulate import simulate

        games = []
        simulate(GAME, n, seats=[bot] * players, seed=seed, options=options,
                 workers=workers or (os.cpu_count() or 1),
                 on_game=lambda r: games.append(r.to_json()))
    return portal_rows(games)


def portal_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lift = the win rate of the players who sealed the portal minus that of the players
    who sealed as many portals but not this one, weighted by the sealers at each count, with
    a 95 % interval: a raw comparison would credit every portal with the edge of sealing
    more."""
    if not games:
        return []
    seats = len(games[0]["outcome"]["scores"])
    won: dict[tuple[int, int], float] = {}
    owned: dict[tuple[int, int], set[str]] = defaultdict(set)
    sealed: dict[str, int] = defaultdict(int)
    for k, g in enumerate(games):
        winners = g["outcome"]["winners"]
        for p in range(seats):
            won[k, p] = 1.0 / len(winners) if p in winners else 0.0
        for row in g["tables"].get("portals", []):
            sealed[row["portal"]] += row["sealed"] > 0
            if row["seat"] is not None:
                owned[k, row["seat"]].add(row["portal"])
    levels = sorted({len(owned[k]) for k in won})
    rows = []
    for name in sorted(sealed):
        ins_all = [won[k] for k in won if name in owned[k]]
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
        rows.append({"portal": name, "sealed %": round(100 * sealed[name] / len(games), 1),
                     "sealers win %": round(100 * sum(ins_all) / max(1, len(ins_all)), 1),
                     "lift (pts)": f"{100 * lift:+.1f} ± {100 * 1.96 * math.sqrt(var):.1f}"})
    rows.sort(key=lambda r: -r["sealed %"])
    return rows


class NoAbilityBot:
    """Greedy play that never plays a card for one transformer ability."""

    def __init__(self, ability: int) -> None:
        from ludoverse.bots.greedy import GreedyBot

        self.ability = ability
        self.greedy = GreedyBot()
        self.spec = f"greedy without {ABILITIES[ability]}"

    def choose(self, state: Any, seat: int, rng: random.Random, budget: Any = None) -> int:
        legal = state.legal_actions()
        if state.phase != P.TURN:
            return self.greedy.choose(state, seat, rng)
        here = state.pos[seat]
        banned = {A.PLAY + c for c in range(A.CARDS)
                  if state.T.rows[c][here] == P.ABILITY and state.T.ability[here] == self.ability}
        allowed = [a for a in legal if a not in banned]
        pick = self.greedy.choose(state, seat, rng)
        if pick not in banned:
            return pick
        heur = GAME.heuristics
        best, value = allowed[0], float("-inf")
        for a in allowed:
            child = state.search_clone()
            child.apply(a)
            v = heur.evaluate(child, seat)
            if v > value:
                best, value = a, v
        return best


def _ban_games(args: tuple[int, int, int, int, dict]) -> list[float]:
    from ludoverse.sim.play import play

    ability, players, first_seed, count, options = args
    shares = []
    for g in range(first_seed, first_seed + count):
        seat = g % players
        seats: list[Any] = ["greedy"] * players
        if ability >= 0:
            seats[seat] = NoAbilityBot(ability)
        _, out = play(GAME, seats=seats, seed=g, options=options)
        shares.append(1.0 / len(out.winners) if seat in out.winners else 0.0)
    return shares


def abilities(n: int, seed: int = 0, options: dict | None = None, players: int = 3,
              workers: int = 0) -> list[dict[str, Any]]:
    """Win rate of a greedy seat that never uses each ability, against greedy opponents
    (N games per ability, seats rotated, the same seeds for every ability)."""
    workers = workers or (os.cpu_count() or 1)
    fair = 100.0 / players
    rows = []
    chunk = max(1, n // workers)
    with ProcessPoolExecutor(workers) as pool:
        for k in (-1, *range(len(ABILITIES))):
            jobs = [(k, players, seed + i, min(chunk, n - i), options or {})
                    for i in range(0, n, chunk)]
            shares = [x for part in pool.map(_ban_games, jobs) for x in part]
            rate = 100.0 * sum(shares) / len(shares)
            ci = 196.0 * math.sqrt(max(rate / 100 * (1 - rate / 100), 1e-9) / len(shares))
            rows.append({"seat plays without": ABILITIES[k] if k >= 0 else "(nothing: greedy)",
                         "games": len(shares), "win %": f"{rate:.1f} ± {ci:.1f}",
                         "value (pts)": f"{fair - rate:+.1f}" if k >= 0 else ""})
    return rows
