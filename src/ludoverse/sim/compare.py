"""Two rule variants (or content files) on the same seeds, and what the difference does.

Game ``i`` of both runs uses the same seed, so the same shuffles start both games and the
comparison is paired: every figure is a per-game difference ``B - A``, averaged with a 95 %
interval. A difference whose interval excludes 0 is significant at 5 %.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoverse.core.api import Game
from ludoverse.core.options import parse_option_args
from ludoverse.core.registry import load
from ludoverse.sim.metrics import RunMetrics, compute, win_shares
from ludoverse.sim.simulate import GameResult, SimSummary, simulate
from ludoverse.sim.stats import Estimate, mean_ci


@dataclass(frozen=True, slots=True)
class Variant:
    """A label, rule options (``k=v``, ``preset=NAME``) and optionally a content file."""

    label: str
    options: dict[str, Any]
    content: str | None = None

    @classmethod
    def parse(cls, label: str, text: str) -> Variant:
        """``"overwork=on preset=japanese content=my_plans.toml"`` -> a variant."""
        pairs = shlex.split(text)
        content = None
        rest = []
        for p in pairs:
            if p.startswith("content="):
                content = p.split("=", 1)[1]
            else:
                rest.append(p)
        return cls(label, parse_option_args(rest), content)

    def describe(self) -> str:
        parts = [f"{k}={v}" for k, v in self.options.items()]
        if self.content:
            parts.append(f"content={self.content}")
        return " ".join(parts) or "(rulebook defaults)"


@dataclass
class Difference:
    name: str
    a: float
    b: float
    diff: Estimate

    @property
    def significant(self) -> bool:
        return self.diff.n > 1 and (self.diff.low > 0 or self.diff.high < 0)


@dataclass
class Comparison:
    game: str
    seats: list[str]
    seed: int
    a: Variant
    b: Variant
    summary_a: SimSummary
    summary_b: SimSummary

    @property
    def metrics_a(self) -> RunMetrics:
        return compute(self.summary_a.results, self.summary_a.players)

    @property
    def metrics_b(self) -> RunMetrics:
        return compute(self.summary_b.results, self.summary_b.players)

    def differences(self) -> list[Difference]:
        ra, rb = self.summary_a.results, self.summary_b.results
        n = self.summary_a.players
        rows: list[Difference] = []

        def paired(name: str, f: Callable[[GameResult], float | None]) -> None:
            pairs = [(f(x), f(y)) for x, y in zip(ra, rb, strict=True)]
            pairs = [(x, y) for x, y in pairs if x is not None and y is not None]
            if not pairs:
                return
            a = sum(x for x, _ in pairs) / len(pairs)
            b = sum(y for _, y in pairs) / len(pairs)
            rows.append(Difference(name, a, b, mean_ci([y - x for x, y in pairs])))

        for s in range(n):
            paired(f"seat {s} win rate", lambda r, s=s: win_shares(r, n)[s])
        for s in range(n):
            paired(f"seat {s} mean score", lambda r, s=s: r.outcome.scores[s])
        paired("game length (decisions)", lambda r: float(r.decisions))
        paired("legal actions per decision",
               lambda r: r.legal_total / r.decisions if r.decisions else None)
        paired("shared win", lambda r: float(len(r.outcome.winners) > 1))
        names = dict.fromkeys(k for r in (*ra, *rb) for k in r.metrics)
        for k in names:
            paired(k, lambda r, k=k: r.metrics.get(k))
        return rows


def compare(
    game: Game | str,
    a: Variant,
    b: Variant,
    games: int,
    seats: Sequence[str] | None = None,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[GameResult], None] | None = None,
) -> Comparison:
    g = load(game) if isinstance(game, str) else game
    runs = [
        simulate(g, games, seats, players, seed, v.options, v.content, workers, on_game)
        for v in (a, b)
    ]
    return Comparison(g.name, list(runs[0].seats), seed, a, b, runs[0], runs[1])
