"""The conformance helpers that judge JSON safety, describe differences and check outcomes."""

from __future__ import annotations

import math

import pytest

from ludoverse.core import conformance as conf
from ludoverse.core.api import Event, Outcome
from ludoverse.core.conformance.support import Tracker, check_outcome, live_data
from toygames.highcard import GAME


@pytest.mark.parametrize(
    "value", [None, 1, 2.5, True, "x", [], {}, {"a": [1, {"b": None}]}, [[1, 2], ["c"]]]
)
def test_json_safe_values(value: object) -> None:
    assert conf.json_problem(value) is None


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ((1, 2), "$ is a tuple"),
        ({"a": {1: "x"}}, "$.a has key 1 of type int"),
        ({"a": [1, {2, 3}]}, "$.a[1] is a set"),
        ([math.nan], "$[0] is nan"),
        ({"x": math.inf}, "$.x is inf"),
        ({"e": Event("k")}, "$.e is a Event"),
    ],
)
def test_json_unsafe_values_are_located(value: object, problem: str) -> None:
    found = conf.json_problem(value)
    assert found is not None and found.startswith(problem)
    with pytest.raises(conf.ConformanceError, match="obs is not JSON-safe"):
        conf.assert_json_safe(value, "obs")


@pytest.mark.parametrize(
    ("a", "b", "where"),
    [
        ({"x": [1, 2]}, {"x": [1, 3]}, "$.x[1]: 2 != 3"),
        ({"x": 1}, {"x": 1, "y": 2}, "$.y is only in the second"),
        ([1, 2], [1, 2, 3], "$: lengths 2 != 3"),
        ({"x": (1,)}, {"x": [1]}, "$.x: (1,) != [1]"),
    ],
)
def test_first_difference(a: object, b: object, where: str) -> None:
    assert conf.first_difference(a, b) == where


def test_live_data_finds_shared_containers_but_not_event_data() -> None:
    state = GAME.new_game(2)
    hand = [1, 2]
    assert live_data(state, {"h": hand}, {"h": hand}) == "$.h"
    assert live_data(state, {"h": [1, 2]}, {"h": [1, 2]}) is None
    dealt = state.events[1].data["cards"]
    assert live_data(state, {"e": dealt}, {"e": dealt}) is None


def _tracker(players: int) -> Tracker:
    return Tracker(conf.Case(GAME, players, seed=3))


def test_check_outcome_accepts_good_outcomes() -> None:
    good = Outcome((3.0, 1.0, 3.0), (1, 3, 1), (0, 2), "most tricks")
    check_outcome(_tracker(3), good, good)
    solo_loss = Outcome((0.0,), (1,), (), "the sun exploded")
    check_outcome(_tracker(1), solo_loss, solo_loss)


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (None, "not an Outcome"),
        (Outcome((1.0,), (1,), (0,), "x"), "1 scores and 1 places for 2 seats"),
        (Outcome((1.0, math.nan), (1, 2), (0,), "x"), "score nan"),
        (Outcome((1.0, 0.0), (1, 3), (0,), "x"), "not a competition ranking"),
        (Outcome((1.0, 0.0), (0, 1), (0,), "x"), "not a competition ranking"),
        (Outcome((1.0, 1.0), (1, 1), (0,), "x"), r"winners \(0,\) are not the seats"),
        (Outcome((1.0, 0.0), (1, 2), (), "x"), r"winners \(\) are not the seats"),
        (Outcome((1.0, 0.0), (1, 2), (0,), ""), "reason '' is not"),
        (Outcome((1.0, 0.0), (1, 2), (0,), "x", (3,)), "tiebreak_trace"),  # type: ignore[arg-type]
    ],
)
def test_check_outcome_rejects_bad_outcomes(out: Outcome | None, message: str) -> None:
    with pytest.raises(conf.ConformanceError, match=message):
        check_outcome(_tracker(2), out, out)


def test_check_outcome_wants_a_stable_answer() -> None:
    a = Outcome((1.0, 0.0), (1, 2), (0,), "x")
    b = Outcome((1.0, 0.0), (1, 2), (0,), "y")
    with pytest.raises(conf.ConformanceError, match="different answer when asked twice"):
        check_outcome(_tracker(2), a, b)


def test_check_game_runs_every_check_on_one_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from toygames import use_game

    use_game(monkeypatch, GAME)
    conf.check_game(GAME, games=2)
