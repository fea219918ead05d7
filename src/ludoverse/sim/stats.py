"""Small statistics for game results: means with confidence intervals, and ratings.

Games are grouped into *clusters* (in a rotated tournament, the games played on one deal
from every seat), and intervals treat the cluster as the independent unit, because games on
the same deal are correlated. Without rotation every game is its own cluster.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054

# Two-sided 95 % Student t quantiles for small samples (df 1..30); above that, z.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    if df < 1:
        return float("inf")
    return _T95[df - 1] if df <= len(_T95) else Z95


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean and the half-width of its 95 % confidence interval."""

    mean: float
    half_width: float
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        return self.mean + self.half_width

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.half_width:.3f}"


def mean_ci(values: Sequence[float]) -> Estimate:
    """Mean of independent values with a 95 % t interval."""
    n = len(values)
    if n == 0:
        return Estimate(float("nan"), float("nan"), 0)
    m = sum(values) / n
    if n == 1:
        return Estimate(m, float("inf"), 1)
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return Estimate(m, t95(n - 1) * math.sqrt(var / n), n)


def cluster_mean_ci(clusters: Sequence[Sequence[float]]) -> Estimate:
    """Mean over all values, with a 95 % interval that treats each cluster as one sample.

    The ratio estimator: the mean is total / count, its variance comes from the clusters'
    residual totals (the usual cluster-robust formula), so unequal cluster sizes are fine.
    """
    groups = [list(c) for c in clusters if len(c)]
    k = len(groups)
    total = sum(sum(g) for g in groups)
    count = sum(len(g) for g in groups)
    if count == 0:
        return Estimate(float("nan"), float("nan"), 0)
    m = total / count
    if k < 2:
        return Estimate(m, float("inf"), count)
    mean_size = count / k
    resid = [(sum(g) - m * len(g)) / mean_size for g in groups]
    var = sum(r * r for r in resid) / (k * (k - 1))
    return Estimate(m, t95(k - 1) * math.sqrt(var), count)


def bradley_terry(
    names: Sequence[str], results: Sequence[tuple[str, str, float]], iterations: int = 500
) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from pairwise results ``(a, b, score of a)``.

    Fits the Bradley-Terry model by the MM algorithm (Hunter 2004); a draw counts half a win
    each way. A small prior (one draw against an average player) keeps ratings finite when a
    bot wins or loses every game.
    """
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [0.5] * k  # the prior's half win ...
    pairs: dict[tuple[int, int], float] = {}
    for a, b, score in results:
        i, j = idx[a], idx[b]
        wins[i] += score
        wins[j] += 1.0 - score
        key = (min(i, j), max(i, j))
        pairs[key] = pairs.get(key, 0.0) + 1.0
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            denom = 1.0 / (strength[i] + 1.0)  # ... against a virtual player of strength 1
            for (x, y), n in pairs.items():
                if i in (x, y):
                    other = y if i == x else x
                    denom += n / (strength[i] + strength[other])
            new.append(wins[i] / denom)
        geo = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / geo for s in new]
    return {n: 1500.0 + 400.0 * math.log10(strength[idx[n]]) for n in names}


def bootstrap_ratings(
    names: Sequence[str],
    clusters: Sequence[Sequence[tuple[str, str, float]]],
    samples: int = 200,
    seed: int = 0,
) -> dict[str, float]:
    """Half-width of a 95 % bootstrap interval for each rating (clusters resampled)."""
    rng = random.Random(seed)
    draws: dict[str, list[float]] = {n: [] for n in names}
    k = len(clusters)
    if k < 2:
        return {n: float("inf") for n in names}
    for _ in range(samples):
        pick = [clusters[rng.randrange(k)] for _ in range(k)]
        r = bradley_terry(names, [x for c in pick for x in c], iterations=100)
        for n in names:
            draws[n].append(r[n])
    out = {}
    for n in names:
        d = sorted(draws[n])
        lo, hi = d[int(0.025 * (len(d) - 1))], d[int(0.975 * (len(d) - 1))]
        out[n] = (hi - lo) / 2
    return out
