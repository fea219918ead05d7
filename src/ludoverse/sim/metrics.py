"""Balance metrics of a batch of games, with 95 % confidence intervals where they estimate.

Definitions (for ``n`` seats over ``G`` games):

* **win rate** of a seat: its share of the wins (a win shared by ``k`` seats gives each
  ``1/k``), with a t interval over games;
* **first-player advantage**: seat 0's win rate minus the fair share ``1/n``;
* **Balance** (as Ludii defines it): ``1 - (highest win rate - lowest win rate)``, 1 when
  every seat wins equally often;
* **winning margin**: the winner's score minus the best other score;
* **branching**: legal actions per decision, averaged over all decisions;
* **game metrics / tables**: what the game reports per finished game
  (``Game.game_metrics`` means with intervals; ``Game.game_tables`` rows grouped by their
  first column, with the count and the mean of every numeric or yes/no column).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoverse.sim.simulate import GameResult
from ludoverse.sim.stats import Estimate, mean_ci


@dataclass(frozen=True, slots=True)
class Spread:
    """A distribution summary: mean with its interval, and the five-number summary."""

    mean: Estimate
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float
    values: tuple[float, ...] = field(repr=False)


def spread(values: Sequence[float]) -> Spread:
    v = sorted(values)
    if not v:
        nan = float("nan")
        return Spread(mean_ci([]), nan, nan, nan, nan, nan, ())

    def q(p: float) -> float:
        pos = p * (len(v) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(v) - 1)
        return v[lo] + (v[hi] - v[lo]) * (pos - lo)

    return Spread(mean_ci(v), v[0], q(0.25), q(0.5), q(0.75), v[-1], tuple(values))


@dataclass
class RunMetrics:
    games: int
    seats: int
    win_rate: list[Estimate]
    first_player_advantage: Estimate
    balance: float
    scores: list[Spread]
    margin: Spread
    decisions: Spread
    branching: float
    shared_wins: int
    decided_by: dict[str, int]
    """How many games each tie-breaker decided (the last step of the trace)."""
    game_metrics: dict[str, Spread]
    game_tables: dict[str, list[dict[str, Any]]]


def win_shares(result: GameResult, seats: int) -> list[float]:
    winners = result.outcome.winners
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(seats)]


def compute(results: Sequence[GameResult], seats: int) -> RunMetrics:
    ordered = sorted(results, key=lambda r: r.index)
    shares = [win_shares(r, seats) for r in ordered]
    win_rate = [mean_ci([w[s] for w in shares]) for s in range(seats)]
    fair = 1.0 / seats
    first = mean_ci([w[0] - fair for w in shares])
    rates = [e.mean for e in win_rate] if ordered else [fair]
    margins = []
    for r in ordered:
        scores = r.outcome.scores
        if r.outcome.winners and len(r.outcome.winners) < seats:
            best_winner = max(scores[w] for w in r.outcome.winners)
            others = [scores[s] for s in range(seats) if s not in r.outcome.winners]
            margins.append(best_winner - max(others))
        else:
            margins.append(0.0)
    decided: Counter[str] = Counter()
    for r in ordered:
        if r.outcome.tiebreak_trace:
            decided[r.outcome.tiebreak_trace[-1].split(":")[0].split(" (")[0]] += 1
    names = list(dict.fromkeys(k for r in ordered for k in r.metrics))
    decisions = sum(r.decisions for r in ordered)
    return RunMetrics(
        games=len(ordered),
        seats=seats,
        win_rate=win_rate,
        first_player_advantage=first,
        balance=1.0 - (max(rates) - min(rates)),
        scores=[spread([r.outcome.scores[s] for r in ordered]) for s in range(seats)],
        margin=spread(margins),
        decisions=spread([float(r.decisions) for r in ordered]),
        branching=sum(r.legal_total for r in ordered) / decisions if decisions else 0.0,
        shared_wins=sum(1 for r in ordered if len(r.outcome.winners) > 1),
        decided_by=dict(decided.most_common()),
        game_metrics={k: spread([r.metrics[k] for r in ordered if k in r.metrics])
                      for k in names},
        game_tables={name: summarize_table([row for r in ordered
                                            for row in r.tables.get(name, [])])
                     for name in dict.fromkeys(k for r in ordered for k in r.tables)},
    )


def summarize_table(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Group rows by their first column: count, share of all rows, and column means."""
    if not rows:
        return []
    key = next(iter(rows[0]))
    groups: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(row[key], []).append(row)
    out = []
    for value, members in groups.items():
        summary: dict[str, Any] = {key: value, "count": len(members),
                                   "share": len(members) / len(rows)}
        for col in members[0]:
            if col == key:
                continue
            nums = [float(m[col]) for m in members
                    if isinstance(m.get(col), (int, float, bool))]
            if len(nums) == len(members):
                summary[col] = sum(nums) / len(nums)
        out.append(summary)
    out.sort(key=lambda r: -r["count"])
    return out
