"""Places, outcomes and events: the shapes every game reports results and logs in."""

from __future__ import annotations

import json

import pytest

from ludoverse.core.api import Event, Outcome
from ludoverse.core.outcome import places


@pytest.mark.parametrize(
    ("keys", "expected"),
    [
        ([(3.0,), (1.0,), (2.0,)], (1, 3, 2)),
        ([(5.0,), (5.0,), (1.0,)], (1, 1, 3)),
        ([(1.0,), (5.0,), (5.0,)], (3, 1, 1)),
        ([(2.0,), (2.0,), (2.0,)], (1, 1, 1)),
        ([(4.0, 1.0), (4.0, 2.0), (3.0, 9.0)], (2, 1, 3)),
        ([(0.0,)], (1,)),
        ([], ()),
    ],
)
def test_places_is_a_competition_ranking(keys: list[tuple[float, ...]], expected: tuple) -> None:
    assert places(keys) == expected


def test_outcome_round_trips_through_json() -> None:
    out = Outcome((10.0, 4.5, 10.0), (1, 3, 1), (0, 2), "first to 100", ("tied: shared",))
    back = Outcome.from_json(json.loads(json.dumps(out.to_json())))
    assert back == out
    assert Outcome.from_json({k: v for k, v in out.to_json().items() if k != "tiebreak_trace"}) \
        == Outcome(out.scores, out.ranking, out.winners, out.reason)


def test_event_visibility_and_json() -> None:
    public = Event("bid", {"seat": 1})
    private = Event("deal", {"seat": 2, "cards": [1, 2]}, frozenset({2}))
    assert public.visible(None) and public.visible(0)
    assert private.visible(2) and not private.visible(0) and not private.visible(None)
    assert public.to_json() == {"kind": "bid", "seat": 1}
    assert private.to_json() == {"kind": "deal", "seat": 2, "cards": [1, 2], "visible_to": [2]}
    for e in (public, private):
        assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
