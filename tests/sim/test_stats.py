"""``ludoverse.sim.stats``: means with 95 % intervals (plain and clustered) and ratings."""

from __future__ import annotations

import math
import random

import pytest

from ludoverse.sim.stats import (
    Z95,
    Estimate,
    bootstrap_ratings,
    bradley_terry,
    cluster_mean_ci,
    mean_ci,
    t95,
)

GAP_3_TO_1 = 400 * math.log10(3)  # Elo gap of a player expected to score 75 %


# mean_ci -------------------------------------------------------------------------------------


def test_mean_ci_matches_a_hand_computation() -> None:
    # mean 2.5; sample variance ((1.5^2 + 0.5^2) * 2) / 3 = 5/3; t(3) = 3.182
    e = mean_ci([1, 2, 3, 4])
    assert e.n == 4
    assert e.mean == pytest.approx(2.5)
    assert e.half_width == pytest.approx(3.182 * math.sqrt(5 / 3 / 4), rel=1e-9)
    assert (e.low, e.high) == pytest.approx((2.5 - e.half_width, 2.5 + e.half_width))
    assert str(e) == "2.500 ± 2.054"


def test_small_samples_use_the_t_quantile() -> None:
    two = mean_ci([0.0, 1.0])  # df 1: t = 12.706, far wider than z = 1.96
    assert two.half_width == pytest.approx(12.706 * 0.5)
    assert t95(1) == pytest.approx(12.706)
    assert t95(10) == pytest.approx(2.228)
    assert t95(30) == pytest.approx(2.042)
    assert t95(31) == pytest.approx(Z95) and t95(1000) == pytest.approx(1.96, abs=1e-3)
    assert all(t95(d) > t95(d + 1) for d in range(1, 31))  # shrinks towards z
    # A large sample is close to the normal interval.
    values = [float(i % 2) for i in range(400)]
    sd = math.sqrt(sum((v - 0.5) ** 2 for v in values) / 399)
    assert mean_ci(values).half_width == pytest.approx(Z95 * sd / 20)


def test_degenerate_samples() -> None:
    empty = mean_ci([])
    assert empty.n == 0 and math.isnan(empty.mean)
    one = mean_ci([0.7])
    assert one.mean == 0.7 and one.half_width == math.inf and one.n == 1
    same = mean_ci([0.25] * 5)
    assert same.mean == 0.25 and same.half_width == 0.0


# cluster_mean_ci -----------------------------------------------------------------------------


def test_cluster_mean_is_the_plain_mean_of_all_values() -> None:
    clusters = [[1.0, 0.0, 0.0], [1.0], [0.0, 0.0], [1.0, 1.0, 0.0, 1.0]]
    flat = [v for c in clusters for v in c]
    e = cluster_mean_ci(clusters)
    assert e.mean == pytest.approx(sum(flat) / len(flat))  # not the mean of cluster means
    assert e.n == len(flat)
    assert e.mean != pytest.approx(sum(sum(c) / len(c) for c in clusters) / len(clusters))


def test_singleton_clusters_match_the_plain_interval() -> None:
    rng = random.Random(3)
    values = [rng.random() for _ in range(25)]
    plain = mean_ci(values)
    clustered = cluster_mean_ci([[v] for v in values])
    assert clustered.mean == pytest.approx(plain.mean)
    assert clustered.half_width == pytest.approx(plain.half_width, rel=1e-6)
    assert clustered.n == plain.n


def test_correlated_clusters_widen_the_interval() -> None:
    # Both games of a deal go the same way: 5 independent samples, not 10.
    same = [[1.0, 1.0], [0.0, 0.0], [1.0, 1.0], [0.0, 0.0], [1.0, 1.0]]
    flat = [v for c in same for v in c]
    assert cluster_mean_ci(same).mean == pytest.approx(mean_ci(flat).mean)
    assert cluster_mean_ci(same).half_width > 1.5 * mean_ci(flat).half_width
    # Anti-correlated games (each deal won once from each side) cancel the deal's luck.
    opposite = [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]
    flat = [v for c in opposite for v in c]
    assert cluster_mean_ci(opposite).half_width < mean_ci(flat).half_width


def test_cluster_interval_by_hand() -> None:
    # Totals 2, 0, 1 over sizes 2, 2, 2: mean 0.5; residuals (2-1, 0-1, 1-1)/2 = .5, -.5, 0
    # var = (0.25 + 0.25) / (3 * 2) = 1/12; t(2) = 4.303
    e = cluster_mean_ci([[1, 1], [0, 0], [1, 0]])
    assert e.mean == pytest.approx(0.5)
    assert e.half_width == pytest.approx(4.303 * math.sqrt(1 / 12))


def test_cluster_degenerate_cases() -> None:
    assert math.isnan(cluster_mean_ci([]).mean)
    assert math.isnan(cluster_mean_ci([[], []]).mean)
    one = cluster_mean_ci([[1.0, 0.0, 1.0]])
    assert one.mean == pytest.approx(2 / 3) and one.half_width == math.inf
    # Empty clusters are ignored, not counted as samples.
    with_empty = cluster_mean_ci([[1.0], [], [0.0], [1.0]])
    assert with_empty == cluster_mean_ci([[1.0], [0.0], [1.0]])
    assert isinstance(with_empty, Estimate)


# bradley_terry -------------------------------------------------------------------------------


def test_equal_results_give_equal_ratings() -> None:
    r = bradley_terry(["a", "b"], [("a", "b", 1.0), ("b", "a", 1.0)] * 10)
    assert r["a"] == pytest.approx(1500.0) and r["b"] == pytest.approx(1500.0)
    draws = bradley_terry(["a", "b", "c"], [("a", "b", 0.5), ("b", "c", 0.5), ("c", "a", 0.5)])
    assert all(v == pytest.approx(1500.0) for v in draws.values())


@pytest.mark.parametrize("games", [100, 400])
def test_three_wins_in_four_is_the_elo_gap_of_191(games: int) -> None:
    wins = [("A", "B", 1.0)] * (3 * games // 4)
    losses = [("A", "B", 0.0)] * (games // 4)
    r = bradley_terry(["A", "B"], wins + losses)
    gap = r["A"] - r["B"]
    assert gap == pytest.approx(GAP_3_TO_1, abs=3.0)  # the prior shrinks it only a little
    assert gap < GAP_3_TO_1  # ... and towards zero, never past the data
    assert (r["A"] + r["B"]) / 2 == pytest.approx(1500.0)


def test_the_order_of_a_pair_does_not_matter() -> None:
    as_a = bradley_terry(["A", "B"], [("A", "B", 1.0)] * 6 + [("A", "B", 0.0)] * 2)
    as_b = bradley_terry(["A", "B"], [("B", "A", 0.0)] * 6 + [("B", "A", 1.0)] * 2)
    assert as_a == pytest.approx(as_b)


def test_ratings_average_1500_and_follow_the_results() -> None:
    results = (
        [("A", "B", 1.0)] * 30 + [("A", "B", 0.0)] * 10
        + [("B", "C", 1.0)] * 28 + [("B", "C", 0.0)] * 12
        + [("A", "C", 1.0)] * 35 + [("A", "C", 0.0)] * 5
    )
    r = bradley_terry(["A", "B", "C"], results)
    assert sum(r.values()) / 3 == pytest.approx(1500.0)
    assert r["A"] > r["B"] > r["C"]


def test_an_undefeated_bot_gets_a_finite_rating() -> None:
    r = bradley_terry(["champ", "chump"], [("champ", "chump", 1.0)] * 50)
    assert all(math.isfinite(v) for v in r.values())
    assert r["champ"] > r["chump"]
    assert (r["champ"] + r["chump"]) / 2 == pytest.approx(1500.0)
    # More evidence moves it further, but it stays finite.
    more = bradley_terry(["champ", "chump"], [("champ", "chump", 1.0)] * 500)
    assert r["champ"] < more["champ"] < math.inf


def test_a_bot_without_games_stays_average() -> None:
    r = bradley_terry(["a", "b", "idle"], [("a", "b", 1.0)] * 3 + [("a", "b", 0.0)])
    assert r["idle"] == pytest.approx(1500.0, abs=1e-6)
    assert r["a"] > 1500.0 > r["b"]


# bootstrap_ratings ---------------------------------------------------------------------------


def _clusters(k: int, p: float, seed: int) -> list[list[tuple[str, str, float]]]:
    """``k`` deals of 3 games each in which A beats B with probability ``p``."""
    rng = random.Random(seed)
    return [[("A", "B", float(rng.random() < p)) for _ in range(3)] for _ in range(k)]


def test_bootstrap_half_widths_are_finite_positive_and_shrink_with_data() -> None:
    small = bootstrap_ratings(["A", "B"], _clusters(10, 0.7, 1), samples=200, seed=0)
    large = bootstrap_ratings(["A", "B"], _clusters(160, 0.7, 1), samples=200, seed=0)
    for hw in (*small.values(), *large.values()):
        assert math.isfinite(hw) and hw > 0
    assert large["A"] < 0.6 * small["A"]  # ~1/sqrt(16) of the width in theory
    assert large["B"] < 0.6 * small["B"]


def test_bootstrap_is_seeded_and_needs_two_clusters() -> None:
    data = _clusters(20, 0.6, 4)
    assert bootstrap_ratings(["A", "B"], data, samples=50, seed=9) == bootstrap_ratings(
        ["A", "B"], data, samples=50, seed=9
    )
    one = bootstrap_ratings(["A", "B"], data[:1], samples=50)
    assert one == {"A": math.inf, "B": math.inf}
