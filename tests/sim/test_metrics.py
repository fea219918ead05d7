"""Balance metrics of a batch (:mod:`ludoverse.sim.metrics`), on hand-made results."""

from __future__ import annotations

import pytest

from ludoverse.core.api import Outcome
from ludoverse.sim.metrics import compute, spread, summarize_table
from ludoverse.sim.simulate import GameResult, simulate


def game(index: int, scores: tuple[float, ...], winners: tuple[int, ...], decisions: int = 10,
         legal: int = 30, trace: tuple[str, ...] = (), **metrics: float) -> GameResult:
    places = tuple(1 if s in winners else 2 for s in range(len(scores)))
    return GameResult(index, index, Outcome(scores, places, winners, "end", trace), decisions,
                      legal, dict(metrics), {"plans": [{"plan": "a", "made": index % 2 == 0}]})


RESULTS = [
    game(0, (10, 4, 2), (0,), trace=()),
    game(1, (3, 9, 9), (1, 2), decisions=20, legal=20,
         trace=("tied at 9: seats 1, 2", "shared win (option tiebreak=shared)")),
    game(2, (8, 1, 5), (0,)),
    game(3, (2, 7, 1), (1,)),
]


def test_win_rates_split_shared_wins_and_balance() -> None:
    m = compute(RESULTS, 3)
    assert [e.mean for e in m.win_rate] == [0.5, 0.375, 0.125]
    assert m.balance == pytest.approx(1 - (0.5 - 0.125))
    assert m.first_player_advantage.mean == pytest.approx(0.5 - 1 / 3)
    assert m.shared_wins == 1
    assert m.decided_by == {"shared win": 1}


def test_margin_length_and_branching() -> None:
    m = compute(RESULTS, 3)
    assert list(m.margin.values) == [6.0, 6.0, 3.0, 5.0]  # winner minus best loser
    assert m.decisions.mean.mean == 12.5 and m.decisions.maximum == 20
    assert m.branching == pytest.approx((30 * 3 + 20) / (10 * 3 + 20))


def test_game_tables_are_grouped_by_their_first_column() -> None:
    m = compute(RESULTS, 3)
    [row] = m.game_tables["plans"]
    assert row == {"plan": "a", "count": 4, "share": 1.0, "made": 0.5}
    rows = summarize_table([{"plan": "x", "p": 10, "note": "n"}, {"plan": "y", "p": 20},
                            {"plan": "x", "p": 30, "note": "m"}])
    assert rows[0] == {"plan": "x", "count": 2, "share": 2 / 3, "p": 20.0}  # text not averaged


def test_spread_quartiles() -> None:
    s = spread([1.0, 2.0, 3.0, 4.0, 5.0])
    assert (s.minimum, s.q1, s.median, s.q3, s.maximum) == (1, 2, 3, 4, 5)
    assert s.mean.mean == 3 and s.mean.half_width > 0


def test_ultia_reports_years_and_plans() -> None:
    summary = simulate("ultia", 4, ["greedy", "random", "random"], seed=1)
    m = compute(summary.results, 3)
    assert m.game_metrics["years"].minimum >= 1
    plans = m.game_tables["plans adopted"]
    assert sum(r["count"] for r in plans) == sum(r.metrics["years"] for r in summary.results)
    assert all(0 <= r["made"] <= 1 for r in plans)
